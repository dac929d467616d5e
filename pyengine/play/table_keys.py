"""What the table's keys mean: the choices of each decision and the key of each.

:func:`choices` lists what the human may pick now, in the order the table shows
them: the cards of the hand (sorted, trumps first; illegal ones kept, marked
illegal, so they can be shown dimmed and refused with the reason), or the bids
by their keys. :class:`KeyReader` turns keystrokes into an action:

* cards: ``1``-``6`` the card's number, or its name typed as in line mode:
  a rank (``9 j q k a``, ``0`` or ``T`` for the ten, ``7 8`` in the 32-card
  deck) and then a suit letter ``s h d c``; ``x`` the joker. (``t`` is the
  hint key, so the ten is ``0`` or capital ``T``.)
* bidding round 1: ``p`` pass, ``o`` order up (the dealer: pick up), ``a``
  order up alone; round 2: ``p`` or a suit letter ``s h d c``, with ``a``
  before it (or the capital letter) to go alone.
* Bid Euchre: ``p`` or the number of tricks ``3``-``6``; then ``s h d c``,
  ``+`` no-trump high, ``-`` no-trump low.
* the joker upcard's suit: ``s h d c``; a farmer's hand: ``r`` redeal, ``k``
  keep; defending: ``a`` alone, ``p`` with partner.

A key that means nothing here returns ``None`` with a note; the arrow keys and
Enter are the app's (they move over the same :func:`choices`). :func:`prompt_for`
is the message line's question at each decision.
"""

from __future__ import annotations

from dataclasses import dataclass

from pyengine.core.cards import (
    EXT,
    JOKER,
    NO_TRUMP_HIGH,
    NO_TRUMP_LOW,
    SUIT_NAMES,
    SUITS,
    Card,
    CardParseError,
    Suit,
    parse_card,
)
from pyengine.core.events import BID, NAME, ORDER, PASS
from pyengine.core.game import (
    Action,
    BidAction,
    DeclareAction,
    DefendAction,
    DiscardAction,
    JokerSuitAction,
    Phase,
    PlayAction,
    RedealAction,
    SeatView,
)
from pyengine.play.table_scene import Choice
from pyengine.play.textview import Style, seat_word, sort_hand

SUIT_KEYS = {SUITS[s].lower(): Suit(s) for s in range(4)}
RANK_KEYS = {"9": "9", "0": "T", "t": "T", "j": "J", "q": "Q", "k": "K", "a": "A",
             "7": "7", "8": "8"}
CARD_PHASES = (Phase.PLAY, Phase.DISCARD)


def hand_order(v: SeatView) -> list[Card]:
    """The human's hand as the table shows it: trump first (the upcard's suit while
    bidding round 1, as if it were trump)."""
    trump = v.trump if v.trump is not None else v.up_suit
    return sort_hand(list(v.hand), trump)


def choices(v: SeatView, legal: list[Action], style: Style) -> list[Choice]:
    """Everything the table offers the human now (module docstring)."""
    p = v.phase
    if p in CARD_PHASES:
        make = DiscardAction if p is Phase.DISCARD else PlayAction
        return [Choice(str(i), "", make(card), make(card) in legal, card)
                for i, card in enumerate(hand_order(v), 1)]
    plain = Style(symbols=style.symbols, colour=False)
    out: list[Choice] = []
    for a in legal:
        out.append(Choice(_key_of(a, v), _label_of(a, v, plain), a))
    return out


def _key_of(a: Action, v: SeatView) -> str:
    if isinstance(a, BidAction):
        if a.call == PASS:
            return "p"
        if a.call == BID:
            return str(a.tricks)
        if a.call == ORDER:
            return "a" if a.alone else "o"
        letter = SUITS[a.suit].lower()
        return f"a{letter}" if a.alone else letter
    if isinstance(a, DeclareAction):
        return {NO_TRUMP_HIGH: "+", NO_TRUMP_LOW: "-"}.get(a.trump, SUITS[a.trump % 4].lower())
    if isinstance(a, JokerSuitAction):
        return SUITS[a.suit].lower()
    if isinstance(a, RedealAction):
        return "r" if a.redeal else "k"
    if isinstance(a, DefendAction):
        return "a" if a.alone else "p"
    return "?"


def _label_of(a: Action, v: SeatView, plain: Style) -> str:
    if isinstance(a, BidAction) and a.call == ORDER:
        verb = "pick up" if v.seat == v.dealer else "order up"
        return verb + (" alone" if a.alone else "")
    if isinstance(a, BidAction) and a.call == NAME:
        return plain.suit(a.suit) + (" alone" if a.alone else "")
    if isinstance(a, BidAction) and a.call == BID:
        return "tricks"
    if isinstance(a, DeclareAction):
        return plain.contract_word(a.trump)
    if isinstance(a, JokerSuitAction):
        return SUIT_NAMES[a.suit]
    return str(a)


@dataclass
class KeyReader:
    """Keystrokes to an action, remembering a rank (or ``a``) typed before its suit."""

    pending: str = ""

    def reset(self) -> None:
        """Forget a half-typed answer (a new decision, undo)."""
        self.pending = ""

    def read(self, char: str, v: SeatView) -> tuple[Action | None, str]:
        """The action ``char`` completes (or None) and a note for the message line."""
        p = v.phase
        if p in CARD_PHASES:
            return self._card(char, v)
        low = char.lower()
        if p is Phase.BID1:
            action = {"p": BidAction(PASS), "o": BidAction(ORDER, v.up_suit, False),
                      "a": BidAction(ORDER, v.up_suit, True)}.get(low)
            return action, "" if action else "round 1: p pass, o order up, a order up alone"
        if p is Phase.BID2:
            return self._bid2(char)
        if p is Phase.AUCTION:
            if low == "p":
                return BidAction(PASS), ""
            if char.isascii() and char.isdigit():
                return BidAction(BID, None, False, int(char)), ""
            return None, "bid: p pass, or a number of tricks"
        if p is Phase.DECLARE:
            contract = {"+": NO_TRUMP_HIGH, "-": NO_TRUMP_LOW}.get(char, SUIT_KEYS.get(low))
            return ((DeclareAction(contract), "") if contract is not None else
                    (None, "declare: s h d c a suit, + no-trump high, - no-trump low"))
        if p is Phase.JOKER:
            suit = SUIT_KEYS.get(low)
            return ((JokerSuitAction(suit), "") if suit is not None else
                    (None, "name the joker's suit: s h d c"))
        if p is Phase.REDEAL:
            action = {"r": RedealAction(True), "k": RedealAction(False)}.get(low)
            return action, "" if action else "r: ask for a new deal, k: keep the hand"
        if p is Phase.DEFEND:
            action = {"a": DefendAction(True), "p": DefendAction(False)}.get(low)
            return action, "" if action else "a: defend alone, p: with your partner"
        return None, ""

    def _bid2(self, char: str) -> tuple[Action | None, str]:
        low = char.lower()
        if low == "p" and not self.pending:
            return BidAction(PASS), ""
        if low == "a":
            self.pending = "a"
            return None, "alone: now the suit (s h d c)"
        suit = SUIT_KEYS.get(low)
        if suit is None:
            self.pending = ""
            return None, "round 2: p pass, or a suit s h d c (a first to go alone)"
        alone = self.pending == "a" or char.isupper()
        self.pending = ""
        return BidAction(NAME, suit, alone), ""

    def _card(self, char: str, v: SeatView) -> tuple[Action | None, str]:
        make = DiscardAction if v.phase is Phase.DISCARD else PlayAction
        shown = hand_order(v)
        if char == "x" and JOKER in shown:
            self.pending = ""
            return make(JOKER), ""
        if self.pending:
            rank, self.pending = self.pending, ""
            if char.lower() not in SUIT_KEYS:
                return None, f"{rank} and then a suit letter s h d c, please"
            try:
                card = parse_card(rank + char.upper())
            except (CardParseError, ValueError):
                return None, f"{rank}{char.upper()} is not a card"
            if card not in shown:
                return None, f"you do not hold {rank}{char.upper()}"
            return make(card), ""
        if char.isascii() and char.isdigit() and 1 <= int(char) <= len(shown):
            return make(shown[int(char) - 1]), ""
        rank = RANK_KEYS.get(char if char == "T" else char.lower())
        if rank is not None and char != "t":
            self.pending = rank
            return None, f"{rank}: now its suit (s h d c)"
        return None, (f"pick a card: 1-{len(shown)}, its name (e.g. js, 0h for the ten), "
                      "or the arrows and Enter")


def prompt_for(v: SeatView, style: Style) -> str:
    """What the message line asks at the human's decision."""
    plain = Style(symbols=style.symbols, colour=False)
    p = v.phase
    if p is Phase.BID1:
        verb = "pick up" if v.seat == v.dealer else "order up"
        return f"Round 1: {verb} {plain.card(v.upcard)} or pass?"
    if p is Phase.BID2:
        must = "" if BidAction(PASS) in v.legal else " (stick the dealer: you must)"
        return f"Round 2: {plain.card(v.upcard)} is turned down; name another trump{must}"
    if p is Phase.DISCARD:
        note = (" (you hold another trump: it must be a trump)"
                if len(v.legal) < len(v.hand) else "")
        return f"Discard a card face down{note}"
    if p is Phase.PLAY:
        if not v.trick:
            return "Your lead"

        led = EXT.effective_suit[v.trump][v.trick[0][1]]
        return f"Your card: follow {plain.suit_word(led)} if you can"
    if p is Phase.AUCTION:
        high = ("no bid yet" if v.contract is None
                else f"high bid {v.contract} by {seat_word(v.high_bidder, v.seat)}")
        must = "" if BidAction(PASS) in v.legal else ", you must bid"
        return f"Your bid: pass or a number of tricks ({high}{must})"
    if p is Phase.DECLARE:
        return "You won the bid: declare trump, or no-trump high or low"
    if p is Phase.JOKER:
        return "The joker is the upcard: name the suit it stands for"
    if p is Phase.REDEAL:
        return "Your hand may be thrown in: ask for a new deal, or keep it?"
    if p is Phase.DEFEND:
        return "Defend alone (your partner sits out) or with your partner?"
    return ""
