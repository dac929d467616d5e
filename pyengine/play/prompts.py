"""The shell's prompts: the line that asks for a decision, and the notes above it.

Built from the human's :class:`~pyengine.core.game.SeatView` (its legal actions), so a
prompt offers only what the rules allow now: the Canadian rule, stick the dealer,
a forced trump discard, the variants' questions.
"""

from __future__ import annotations

from pyengine.core.cards import SUIT_NAMES, SUITS
from pyengine.core.events import BID, NAME, ORDER, PASS
from pyengine.core.game import BidAction, GameState, Phase, SeatView
from pyengine.play.answers import pick_range
from pyengine.play.textview import Style, seat_word, sort_hand


def autoplay_words(card: str) -> str:
    """What both modes say when autoplay plays the human's only legal card: one
    wording everywhere (the line mode's note, the table's story and message)."""
    return f"(only legal card: {card}, played for you)"


VARIANT_PROMPTS = {
    Phase.AUCTION: lambda v: ("Your bid: [p]ass or a number of tricks "
                              + "/".join(str(a.tricks) for a in v.legal if a.call == BID)
                              + ("" if BidAction(PASS) in v.legal else " (you must bid)")
                              + "? "),
    Phase.DECLARE: lambda v: "Declare [s]pades [h]earts [d]iamonds [c]lubs, "
                             "no-trump [hi]gh or [lo]w? ",
    Phase.JOKER: lambda v: "The joker is the upcard: name its suit [s h d c]? ",
    Phase.REDEAL: lambda v: "Your hand may be thrown in: [r]edeal or [k]eep? ",
    Phase.DEFEND: lambda v: "Defend [a]lone (your partner sits out) or with your [p]artner? ",
}


def bid_prompt(v: SeatView, style: Style) -> tuple[list[str], str]:
    """Lines to explain the choice, and the prompt itself, from the legal bids."""
    legal = v.legal
    notes: list[str] = []
    up = style.card(v.upcard)
    if v.round == 1:
        dealer = v.seat == v.dealer
        verb = "pick up" if dealer else "order up"
        can_order = any(a.call == ORDER and not a.alone for a in legal)
        can_alone = any(a.call == ORDER and a.alone for a in legal)
        keys = ["[p]ass"]
        if can_order:
            keys.append(f"[o] {verb}")
        if can_alone:
            keys.append(f"[a] {verb} alone")
        if can_alone and not can_order:
            notes.append(f"Canadian rule: as the dealer's partner "
                         f"you may order up only if you go alone ({seat_word(v.dealer, v.seat)} "
                         "would sit out).")
        return notes, f"Round 1, upcard {up}: {', '.join(keys)}? "
    suits = sorted({a.suit for a in legal if a.call == NAME})
    names = " ".join(f"[{SUITS[s].lower()}]{SUIT_NAMES[s][1:]}" for s in suits)
    alone = any(a.alone for a in legal)
    may_pass = BidAction(PASS) in legal
    must = "" if may_pass else " (stick the dealer: you must)"
    tail = f"; add a to go alone, e.g. {SUITS[suits[0]].lower()}a" if alone else ""
    notes.append(f"Round 2: {up} is turned down; name another suit as trump{must}{tail}.")
    keys = "[p]ass or " if may_pass else ""
    return notes, f"Round 2: {keys}{names}? "


def card_prompt(v: SeatView, game: GameState, style: Style) -> tuple[list[str], str]:
    """The notes and the prompt line for choosing a card."""
    n = len(v.hand)
    notes: list[str] = []
    if v.phase is Phase.DISCARD:
        legal = {a.card for a in v.legal}
        if len(legal) < n:
            notes.append("You hold another trump, so your discard must be a trump: "
                         + " ".join(style.card(c) for c in sort_hand(list(legal), v.trump)))
        return notes, f"Discard a card face down [{pick_range(n)} or name]: "
    led = game.led_suit()
    if led is None:
        return notes, f"Your lead [{pick_range(n)} or name]: "
    return notes, f"Your card, follow {style.suit_word(led)} if you can [{pick_range(n)} or name]: "
