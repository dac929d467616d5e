"""Actions in words: why an action is not allowed now, and which legal action a text
names. Both read only the view of the seat to move, as a player at the table would."""

from __future__ import annotations

from pyengine.core import bid6
from pyengine.core.actions import (
    Action,
    BidAction,
    DeclareAction,
    DefendAction,
    DiscardAction,
    IllegalAction,
    JokerSuitAction,
    PlayAction,
    RedealAction,
)
from pyengine.core.cards import (
    EXT,
    SUIT_NAMES,
    Card,
    CardParseError,
    card_label,
    card_name,
)
from pyengine.core.events import BID, NAME, ORDER, PASS
from pyengine.core.phase import PHASE_WORDS, Phase
from pyengine.core.seatview import SEAT_NAMES, SeatView, partner_of

# The action each phase asks for (the bidding phases: BidAction)
PHASE_ACTIONS: dict[Phase, type] = {
    Phase.JOKER: JokerSuitAction, Phase.REDEAL: RedealAction, Phase.DEFEND: DefendAction,
    Phase.DECLARE: DeclareAction, Phase.DISCARD: DiscardAction, Phase.PLAY: PlayAction,
}


def parse_action(view: SeatView, text: str) -> Action:
    """The legal action written as ``text``: its words (``order up alone``, ``pass``,
    ``play JD``) or, to play or discard, the card alone (``JD``, ``10h``)."""
    legal = view.legal
    words = " ".join(text.lower().split())
    for a in legal:
        if str(a).lower() == words:
            return a
    if view.phase in (Phase.PLAY, Phase.DISCARD):
        try:
            card: Card | None = Card(words.split(" ", 1)[-1] if " " in words else words)
        except (CardParseError, ValueError):
            card = None
        for a in legal:
            if isinstance(a, (PlayAction, DiscardAction)) and a.card == card:
                return a
    raise IllegalAction(f"{text!r} is not a legal action now; legal: "
                        f"{', '.join(str(a) for a in legal) or 'none (the game is over)'}")


def why_illegal(view: SeatView, action: Action) -> str:
    """A one-line reason, in a player's words, why ``action`` is not allowed now
    (``view``: the seat to move's)."""
    who = f"seat {view.seat} ({SEAT_NAMES[view.seat]})"
    p = view.phase
    if isinstance(action, BidAction):
        return _why_bid_illegal(view, action, who)
    wanted = PHASE_ACTIONS.get(p)
    if not isinstance(action, (DiscardAction, PlayAction)) and not isinstance(action, wanted
                                                                               or ()):
        return f"{who} cannot {action} now: it is time to {PHASE_WORDS[p]}"
    if isinstance(action, DeclareAction):
        return f"{action.trump} is not a contract (0-3 a suit, 4 no-trump high, 5 low)"
    if isinstance(action, JokerSuitAction):
        return f"{action.suit} is not a suit"
    if isinstance(action, DiscardAction):
        if p is not Phase.DISCARD:
            return f"{who} cannot discard now: it is time to {PHASE_WORDS[p]}"
        if action.card not in view.hand:
            return f"the dealer does not hold {card_name(action.card)}"
        if action.card == view.upcard:
            return "the dealer must discard another card, not the upcard he picked up"
        choices = sorted(a.card for a in view.legal if isinstance(a, DiscardAction))
        return (f"the dealer holds another trump, so he must discard one of them "
                f"({', '.join(card_name(c) for c in choices)})")
    if isinstance(action, PlayAction):
        if p is not Phase.PLAY:
            return f"{who} cannot play a card now: it is time to {PHASE_WORDS[p]}"
        if action.card not in view.hand:
            return f"{who} does not hold {card_name(action.card)}"
        led = EXT.effective_suit[view.trump][view.trick[0][1]]  # type: ignore[index]
        return (f"must follow {SUIT_NAMES[led]} "
                f"({card_label(action.card)} is not {SUIT_NAMES[led]})")
    return f"{who}: {action} is not allowed now"


def _why_bid_illegal(view: SeatView, action: BidAction, who: str) -> str:
    p = view.phase
    if p is Phase.AUCTION:
        if action.call not in (PASS, BID):
            return "Bid Euchre: bid a number of tricks (3-6) or pass"
        return bid6.why_bid_illegal(action.tricks, view.contract, view.seat == view.dealer)
    if p not in (Phase.BID1, Phase.BID2):
        return f"{who} cannot bid now: it is time to {PHASE_WORDS[p]}"
    if action.call == BID:
        return "bidding a number of tricks is Bid Euchre's, not this game's"
    if p is Phase.BID1:
        if action.call == NAME:
            return "round 1: you may only order up the upcard's suit or pass"
        if action.call == ORDER and action.suit != view.up_suit:
            return "round 1: ordering up means the upcard's suit"
        if action.call == ORDER and not action.alone and view.rules.canadian_rule \
                and view.seat == partner_of(view.dealer):
            return "Canadian rule: the dealer's partner who orders up must go alone"
    else:
        if action.call == ORDER:
            return "round 2: the upcard is turned down; name a suit or pass"
        if action.call == PASS:
            return "stick the dealer: the dealer must name a suit"
        if action.suit == view.up_suit:
            return (f"round 2: {SUIT_NAMES[action.suit]} was turned down "  # type: ignore[index]
                    "and cannot be named")
    if action.alone and not view.rules.alone_allowed:
        return "going alone is not allowed under these rules"
    return f"{who}: {action} is not a legal bid"
