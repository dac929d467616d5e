"""What a seat may do: the actions, their one shared value each, and their numbers.

Each action is a small frozen value that prints in a player's words (``str(a)``:
``order up alone``, ``play JD``). The values :meth:`GameState.legal_actions
<pyengine.core.game.GameState.legal_actions>` lists are made once here and shared,
since they are listed millions of times (issue 13).

Every action also has a number, the same under every rule set (OpenSpiel's integer
actions): ``int(action)`` is it, :func:`action_from_id` turns it back, and
:data:`NUM_ACTIONS` is how many there are. The numbering, fixed for good:

==========  =================================================
0-32        play the card of that code (``PlayAction``)
33-65       discard the card of code ``n - 33``
66          pass
67-74       order up the suit ``(n - 67) // 2``, alone if ``n`` is even
75-82       name the suit ``(n - 75) // 2``, alone if ``n`` is even
83-86       Bid Euchre: bid ``n - 80`` tricks (3-6)
87-90       the joker names the suit ``n - 87``
91, 92      keep the hand, ask for a new deal
93, 94      defend with partner, defend alone
95-100      Bid Euchre: declare ``n - 95`` (0-3 a suit, 4 no-trump high, 5 low)
==========  =================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pyengine.core import bid6
from pyengine.core.cards import CONTRACT_WORDS, EXT_CARDS, SUIT_NAMES, Card, Suit, card_name
from pyengine.core.events import BID, NAME, ORDER, PASS, Bid


class IllegalAction(ValueError):
    """An action the rules reject; the message says why."""


def _as_suit(action: Any, name: str) -> None:
    """Store a suit given as 0-3 or a name as the Suit value (others stay, for why_illegal)."""
    value = getattr(action, name)
    if value is None or type(value) is Suit:
        return
    if isinstance(value, str):
        value = Suit(value)
    elif isinstance(value, int) and 0 <= value < 4:
        value = Suit(value)
    object.__setattr__(action, name, value)


def _as_card(action: Any) -> None:
    """Store a card given as a code or a name as the Card value."""
    value = action.card
    if type(value) is Card:
        return
    if isinstance(value, str) or (isinstance(value, int) and 0 <= value < EXT_CARDS):
        object.__setattr__(action, "card", Card(value))


class _Numbered:
    """``int(action)``: the action's number (module docstring)."""

    __slots__ = ()

    def __int__(self) -> int:
        number = _IDS.get(self)
        if number is None:
            raise ValueError(f"{self!r} has no action number: it is no action of any game")
        return number


@dataclass(frozen=True)
class BidAction(_Numbered):
    """A bid: pass, order up the upcard's suit, name a suit (alone or not)."""
    call: str                 # PASS, ORDER or NAME; BID in Bid Euchre
    suit: Suit | None = None
    alone: bool = False
    tricks: int | None = None     # Bid Euchre: the tricks bid

    def __post_init__(self) -> None:
        _as_suit(self, "suit")

    def __str__(self) -> str:
        if self.call == PASS:
            return "pass"
        if self.call == BID:
            return f"bid {self.tricks}"
        word = "order up" if self.call == ORDER else f"name {SUIT_NAMES[self.suit]}"  # type: ignore[index]
        return word + (" alone" if self.alone else "")


@dataclass(frozen=True)
class DiscardAction(_Numbered):
    """The dealer's discard after picking up the upcard (``DiscardAction("9S")``)."""
    card: Card

    def __post_init__(self) -> None:
        _as_card(self)

    def __str__(self) -> str:
        return f"discard {card_name(self.card)}"


@dataclass(frozen=True)
class PlayAction(_Numbered):
    """A card to the trick (``PlayAction("JD")`` reads the card)."""
    card: Card

    def __post_init__(self) -> None:
        _as_card(self)

    def __str__(self) -> str:
        return f"play {card_name(self.card)}"


@dataclass(frozen=True)
class JokerSuitAction(_Numbered):
    """The dealer names the suit an upcard joker proposes."""
    suit: Suit

    def __post_init__(self) -> None:
        _as_suit(self, "suit")

    def __str__(self) -> str:
        return f"joker names {SUIT_NAMES[self.suit]}"


@dataclass(frozen=True)
class RedealAction(_Numbered):
    """Keep a farmer's hand, or ask for a new deal."""
    redeal: bool

    def __str__(self) -> str:
        return "ask for a new deal" if self.redeal else "keep the hand"


@dataclass(frozen=True)
class DefendAction(_Numbered):
    """A defender defends alone, or with his partner."""
    alone: bool

    def __str__(self) -> str:
        return "defend alone" if self.alone else "defend with partner"


@dataclass(frozen=True)
class DeclareAction(_Numbered):
    """Bid Euchre: the high bidder's trump, no-trump high or low."""
    trump: int                # 0-3 a suit, 4 no-trump high, 5 no-trump low

    def __str__(self) -> str:
        return f"declare {CONTRACT_WORDS[self.trump]}"


Action = (BidAction | DiscardAction | PlayAction | JokerSuitAction | RedealAction
          | DefendAction | DeclareAction)
ACTION_TYPES = (BidAction, DiscardAction, PlayAction, JokerSuitAction, RedealAction,
                DefendAction, DeclareAction)

# --- the shared values ------------------------------------------------------------

PLAY_ACTIONS = tuple(PlayAction(Card(c)) for c in range(EXT_CARDS))
DISCARD_ACTIONS = tuple(DiscardAction(Card(c)) for c in range(EXT_CARDS))
PASS_ACTION = BidAction(PASS)
# (call, suit, alone) -> the one BidAction value: bids are listed millions of times
BIDS = {(call, s, a): BidAction(call, Suit(s), a)
        for call in (ORDER, NAME) for s in range(4) for a in (False, True)}
SUIT_VALUES = tuple(Suit(s) for s in range(4))
BID6_ACTIONS = {None: PASS_ACTION, **{n: BidAction(BID, None, False, n)  # type: ignore[misc]
                                      for n in range(bid6.MIN_BID, bid6.MAX_BID + 1)}}
JOKER_ACTIONS = tuple(JokerSuitAction(s) for s in SUIT_VALUES)
REDEAL_ACTIONS = (RedealAction(False), RedealAction(True))
DEFEND_ACTIONS = (DefendAction(False), DefendAction(True))
DECLARE_ACTIONS = tuple(DeclareAction(t) for t in bid6.ALL_CONTRACTS)


def _bid_list(up_suit: int, rnd: int, choices: tuple[bool, ...], with_pass: bool
              ) -> tuple[BidAction, ...]:
    suits = (up_suit,) if rnd == 1 else tuple(s for s in range(4) if s != up_suit)
    call = ORDER if rnd == 1 else NAME
    return ((PASS_ACTION,) if with_pass else ()) + tuple(
        BIDS[call, s, a] for s in suits for a in choices)


# Every list of legal bids, built once: round 1 by (upcard's suit, must go alone, alone
# allowed), round 2 by (turned-down suit, alone allowed, the dealer is stuck).
ROUND1 = {(s, forced, allowed): _bid_list(s, 1, (True,) if forced else
                                          (False, True) if allowed else (False,), True)
          for s in range(4) for forced in (False, True) for allowed in (False, True)}
ROUND2 = {(s, allowed, stuck): _bid_list(s, 2, (False, True) if allowed else (False,),
                                         not stuck)
          for s in range(4) for allowed in (False, True) for stuck in (False, True)}


def bid_action(call: str, suit: Suit | None = None, alone: bool = False) -> BidAction:
    """The one BidAction value of a pass, order or name: equal to ``BidAction(...)``,
    and the very object ``legal_actions()`` lists, so ``apply`` need not compare it."""
    if call == PASS:
        return PASS_ACTION
    found = BIDS.get((call, suit, alone))  # type: ignore[arg-type]
    return found if found is not None else BidAction(call, suit, alone)


# The Bid event of each of the bids legal_actions() lists (the values above, which
# live as long as the program: their id() is theirs), by seat and round, made once
BID_EVENTS = {id(a): tuple(tuple(Bid(s, rnd, a.call, a.suit, a.alone) for rnd in (0, 1, 2))
                           for s in range(4)) for a in (PASS_ACTION, *BIDS.values())}

# --- numbers (module docstring) ----------------------------------------------------

ALL_ACTIONS: tuple[Action, ...] = (
    *PLAY_ACTIONS, *DISCARD_ACTIONS, PASS_ACTION,
    *(BIDS[ORDER, s, a] for s in range(4) for a in (False, True)),
    *(BIDS[NAME, s, a] for s in range(4) for a in (False, True)),
    *(BID6_ACTIONS[n] for n in range(bid6.MIN_BID, bid6.MAX_BID + 1)),
    *JOKER_ACTIONS, *REDEAL_ACTIONS, *DEFEND_ACTIONS, *DECLARE_ACTIONS,
)
NUM_ACTIONS = len(ALL_ACTIONS)
_IDS: dict[object, int] = {a: n for n, a in enumerate(ALL_ACTIONS)}


def action_from_id(number: int) -> Action:
    """The action numbered ``number`` (``int(action)`` turns it back); ValueError names
    the range otherwise."""
    if isinstance(number, bool) or not isinstance(number, int) \
            or not 0 <= number < NUM_ACTIONS:
        raise ValueError(f"action number {number!r}: the actions are numbered "
                         f"0-{NUM_ACTIONS - 1}")
    return ALL_ACTIONS[number]
