"""Reading the human's answers at the shell's prompts: bids, cards, the variants' questions.

Each parser takes the line typed and the game (read only), and returns the legal
:class:`~pyengine.core.game.Action` it names, or raises :class:`AnswerError` with a
one-line reason (the rules' reasons come from :meth:`GameState.why_illegal`):

* bidding, round 1: ``p`` pass, ``o`` order up (the dealer: pick up), ``a``
  alone (``oa``, ``o a`` too); round 2: ``p``, or a suit letter ``s h d c`` with
  ``a`` before or after it to go alone (``ha``, ``a h``); suit names and symbols
  work too.
* discard and play: the card's number in the displayed hand, or its name
  (``JD``, ``jd``, ``10h``, ``Th``).
* the variants: Bid Euchre's bid (``p`` or 3-6) and declaration (``s h d c``,
  ``hi``, ``lo``), the joker upcard's suit, a new deal (``r``/``k``), defending
  alone (``a``/``p``).
"""

from __future__ import annotations

from pyengine.core.cards import (
    NO_TRUMP_HIGH,
    NO_TRUMP_LOW,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    SUITS,
    Card,
    CardParseError,
    card_name,
    parse_card,
    suit_of,
)
from pyengine.core.events import BID, NAME, ORDER, PASS
from pyengine.core.game import (
    Action,
    BidAction,
    DeclareAction,
    DefendAction,
    DiscardAction,
    GameState,
    JokerSuitAction,
    Phase,
    PlayAction,
    RedealAction,
)


class AnswerError(ValueError):
    """An answer that is not a legal choice now; the message says why, in one line."""


def pick_range(n: int) -> str:
    """How the prompt names the cards of a hand of n: "1" or "1-n"."""
    return "1" if n == 1 else f"1-{n}"


def _shown(text: str, most: int = 20) -> str:
    """An answer quoted back in a reason: a pasted page is not repeated whole."""
    return text if len(text) <= most else text[:most - 3] + "..."


_PASS_WORDS = {"p", "pass"}
_ORDER_WORDS = {"o", "order", "up", "pick", "pickup", "accept", "yes", "y"}
_ALONE_WORDS = {"a", "alone"}


def _suit_word(word: str) -> int | None:
    w = word.lower()
    for i, name in enumerate(SUIT_NAMES):
        if w in (SUITS[i].lower(), name, name.rstrip("s"), SUIT_SYMBOLS[i]):
            return i
    return None


def _bid_tokens(text: str) -> list[str]:
    """Split a bid answer into words; ``ha``/``ah``/``oa`` count as two words."""
    out: list[str] = []
    for w in text.lower().replace(",", " ").replace("+", " ").split():
        known = (w in _PASS_WORDS or w in _ORDER_WORDS or w in _ALONE_WORDS
                 or _suit_word(w) is not None)
        if not known and len(w) == 2 and "a" in w:
            out.extend(w)
        else:
            out.append(w)
    return out


def parse_bid(text: str, game: GameState) -> BidAction:
    """Read a bid for the seat to move; raise AnswerError (with the rules' reason)."""
    tokens = _bid_tokens(text)
    rnd = game.bid_round
    up_suit = suit_of(game.upcard)
    passing = ordering = alone = False
    suit: int | None = None
    for w in tokens:
        if w in _PASS_WORDS:
            passing = True
        elif w in _ORDER_WORDS:
            ordering = True
        elif w in _ALONE_WORDS:
            alone = True
        elif _suit_word(w) is not None:
            if suit is not None:
                raise AnswerError("name one suit only, e.g. h or ha")
            suit = _suit_word(w)
        else:
            keys = "p, o or a" if rnd == 1 else "p or a suit letter s h d c"
            raise AnswerError(f"{_shown(text.strip())!r} is not a bid: answer {keys} (? for help)")
    if passing:
        if ordering or alone or suit is not None:
            raise AnswerError("pass is a whole answer by itself: type p")
        action = BidAction(PASS)
    elif rnd == 1:
        if suit is not None and suit != up_suit:
            action = BidAction(NAME, suit, alone)
        else:
            action = BidAction(ORDER, up_suit, alone)
    else:
        if suit is None:
            if ordering:
                action = BidAction(ORDER, up_suit, alone)
            else:
                raise AnswerError("to go alone, name the suit too, e.g. ha or a h")
        else:
            action = BidAction(NAME, suit, alone)
    if action not in game.legal_actions():
        raise AnswerError(game.why_illegal(action))
    return action


def parse_card_answer(text: str, shown: list[Card], game: GameState) -> Action:
    """Read a card (by number in ``shown`` or by name) for a discard or a play."""
    t = text.strip()
    n = len(shown)
    if t.isascii() and t.isdigit():    # not ², ① or ⒏: str.isdigit() takes those
        i = int(t) if len(t) <= 3 else 0
        if not 1 <= i <= n:
            raise AnswerError(f"{_shown(t)}: there is no card {_shown(t)}; pick a number "
                              f"{pick_range(n)} "
                              f"or a card name like {card_name(shown[0])}")
        card = shown[i - 1]
    else:
        try:
            card = parse_card(t)
        except CardParseError as exc:
            if len(t) <= 3 and t[:1].upper() in "9TJQKA1":
                raise AnswerError(f"{exc}; or pick a number {pick_range(n)}") from None
            raise AnswerError(f"{_shown(t)!r} is not a card: type its number ({pick_range(n)}) "
                              f"or its name, e.g. {card_name(shown[0])}") from None
        if card not in shown:
            raise AnswerError(f"you do not hold {t.upper()}")
    action: Action = (DiscardAction(card) if game.phase is Phase.DISCARD
                      else PlayAction(card))
    if action not in game.legal_actions():
        raise AnswerError(game.why_illegal(action))
    return action


def parse_variant_answer(text: str, game: GameState) -> Action:
    """Answers to the variants' own questions (see VARIANT_PROMPTS)."""
    w = text.strip().lower()
    p = game.phase
    action: Action | None = None
    if p is Phase.AUCTION:
        if w in _PASS_WORDS:
            action = BidAction(PASS)
        elif w.isascii() and w.isdigit() and len(w) <= 3:
            action = BidAction(BID, None, False, int(w))
    elif p is Phase.DECLARE:
        contract = {"hi": NO_TRUMP_HIGH, "high": NO_TRUMP_HIGH, "lo": NO_TRUMP_LOW,
                    "low": NO_TRUMP_LOW}.get(w, _suit_word(w))
        action = None if contract is None else DeclareAction(contract)
    elif p is Phase.JOKER:
        suit = _suit_word(w)
        action = None if suit is None else JokerSuitAction(suit)
    elif p is Phase.REDEAL:
        action = {"r": RedealAction(True), "redeal": RedealAction(True),
                  "k": RedealAction(False), "keep": RedealAction(False)}.get(w)
    elif p is Phase.DEFEND:
        action = {"a": DefendAction(True), "alone": DefendAction(True),
                  "p": DefendAction(False), "partner": DefendAction(False),
                  "n": DefendAction(False), "no": DefendAction(False)}.get(w)
    if action is None:
        raise AnswerError(f"{_shown(text.strip())!r} is not an answer here (? for help)")
    if action not in game.legal_actions():
        raise AnswerError(game.why_illegal(action))
    return action
