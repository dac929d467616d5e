"""The game as an explicit state machine: whose turn, what is legal, what happens.

A :class:`GameState` runs one whole game under one :class:`~pyengine.core.rules.Rules`
from one seed. The chance steps (first dealer, every deal) happen by
themselves; the engine stops only where a seat must decide, in one phase:

* ``BID1``  - round 1: pass, or order the upcard's suit (alone or not)
* ``BID2``  - round 2: pass, or name another suit (alone or not)
* ``DISCARD`` - the dealer, holding six cards, discards one face down
* ``PLAY``  - a card to the trick

and, only under the rules that have them:

* ``JOKER``   - the upcard is the joker: the dealer names the suit it proposes
* ``REDEAL``  - a seat dealt a farmer's hand (or no ace, no face, no trump)
  keeps it or asks for a new deal (same dealer)
* ``DEFEND``  - after trump is made, each defender in turn may defend alone
* ``AUCTION`` - Bid Euchre: one bid each, 3-6 tricks or pass (:mod:`pyengine.core.bid6`)
* ``DECLARE`` - Bid Euchre: the high bidder names trump, no-trump high or low

``legal_actions()`` lists what the seat to move may do; ``apply(action)``
checks it (raising :class:`IllegalAction` with a reason a player can read),
records the events it causes in ``events`` and moves on. ``GAME_OVER`` ends it.

Bit #93 decisions that are not in docs/design.md's rule list but follow from them:
when the dealer's partner goes alone (always, under the Canadian rule, if he
orders up) the dealer sits out, so he neither picks up the upcard nor
discards: his cards are not used. The same holds when the dealer sits out
because his partner defends alone.

Teams: seats 0+2 and 1+3; with three players (cutthroat) each seat is its
own team, and ``total``/``tricks_won`` have three entries.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from enum import StrEnum
from operator import itemgetter as _pick
from typing import Any

from pyengine.core.cards import (
    _SUIT_OF,
    CONTRACT_WORDS,
    EXT,
    EXT_CARDS,
    JOKER,
    SUIT_NAMES,
    TEN,
    Card,
    CardParseError,
    Suit,
    card_label,
    card_name,
    deck_codes,
    rank_of,
    suit_of,
)
from pyengine.core.deal import deal_variant, first_dealer_among
from pyengine.core.events import (
    BID,
    KEEP,
    NAME,
    ORDER,
    PASS,
    REDEAL,
    Bid,
    Deal,
    Declare,
    Defend,
    Discard,
    Event,
    FirstDealer,
    GameOver,
    JokerSuit,
    PassedOut,
    Play,
    Redeal,
    Score,
    Trick,
)
from pyengine.core.rng import Rng, check_seed
from pyengine.core.rules import DealerDiscard, FirstLead, Rules
from pyengine.core.rules import FirstDealer as FirstDealerRule

from . import bid6

TRICKS_PER_HAND = 5
# A farmer's hand is "una mano pessima" (seed 003): no card above 10, every card a 9
# or a 10 (7s and 8s too in the 32-card deck). Three low cards, the usual wording
# elsewhere, is a fifth of all 24-card hands and half of 32-card ones.
FARMERS_HAND, NO_ACE_NO_FACE_NO_TRUMP = "farmers_hand", "no_ace_no_face_no_trump"


class Phase(StrEnum):
    """What the seat to move decides now (see the module docstring)."""
    BID1 = "bid1"
    BID2 = "bid2"
    DISCARD = "discard"
    PLAY = "play"
    GAME_OVER = "game_over"
    JOKER = "joker"
    REDEAL = "redeal"
    DEFEND = "defend"
    AUCTION = "auction"
    DECLARE = "declare"


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


@dataclass(frozen=True)
class BidAction:
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
        word = "order up" if self.call == ORDER else f"name {SUIT_NAMES[self.suit]}"
        return word + (" alone" if self.alone else "")


@dataclass(frozen=True)
class DiscardAction:
    """The dealer's discard after picking up the upcard (``DiscardAction("9S")``)."""
    card: Card

    def __post_init__(self) -> None:
        _as_card(self)

    def __str__(self) -> str:
        return f"discard {card_name(self.card)}"


@dataclass(frozen=True)
class PlayAction:
    """A card to the trick (``PlayAction("JD")`` reads the card)."""
    card: Card

    def __post_init__(self) -> None:
        _as_card(self)

    def __str__(self) -> str:
        return f"play {card_name(self.card)}"


@dataclass(frozen=True)
class JokerSuitAction:
    """The dealer names the suit an upcard joker proposes."""
    suit: Suit

    def __post_init__(self) -> None:
        _as_suit(self, "suit")

    def __str__(self) -> str:
        return f"joker names {SUIT_NAMES[self.suit]}"


@dataclass(frozen=True)
class RedealAction:
    """Keep a farmer's hand, or ask for a new deal."""
    redeal: bool

    def __str__(self) -> str:
        return "ask for a new deal" if self.redeal else "keep the hand"


@dataclass(frozen=True)
class DefendAction:
    """A defender defends alone, or with his partner."""
    alone: bool

    def __str__(self) -> str:
        return "defend alone" if self.alone else "defend with partner"


@dataclass(frozen=True)
class DeclareAction:
    """Bid Euchre: the high bidder's trump, no-trump high or low."""
    trump: int                # 0-3 a suit, 4 no-trump high, 5 no-trump low

    def __str__(self) -> str:
        return f"declare {CONTRACT_WORDS[self.trump]}"


Action = (BidAction | DiscardAction | PlayAction | JokerSuitAction | RedealAction
          | DefendAction | DeclareAction)
ACTION_TYPES = (BidAction, DiscardAction, PlayAction, JokerSuitAction, RedealAction,
                DefendAction, DeclareAction)

PLAY_ACTIONS = tuple(PlayAction(Card(c)) for c in range(33))
DISCARD_ACTIONS = tuple(DiscardAction(Card(c)) for c in range(33))
PASS_ACTION = BidAction(PASS)
_EFFECTIVE = EXT.effective_suit
# by contract (trump 0-3, no-trump 4-5) and card: the cards of the same effective suit
_FOLLOWS = tuple(tuple(frozenset(c for c in range(EXT_CARDS) if eff[c] == eff[led])
                       for led in range(EXT_CARDS)) for eff in _EFFECTIVE)
# (call, suit, alone) -> the one BidAction value: bids are listed millions of times
_BIDS = {(call, s, a): BidAction(call, Suit(s), a)
         for call in (ORDER, NAME) for s in range(4) for a in (False, True)}
_SUIT_VALUES = tuple(Suit(s) for s in range(4))


def _bid_list(up_suit: int, rnd: int, choices: tuple[bool, ...], with_pass: bool
              ) -> tuple[BidAction, ...]:
    suits = (up_suit,) if rnd == 1 else tuple(s for s in range(4) if s != up_suit)
    call = ORDER if rnd == 1 else NAME
    return ((PASS_ACTION,) if with_pass else ()) + tuple(
        _BIDS[call, s, a] for s in suits for a in choices)


# Every list of legal bids, built once: round 1 by (upcard's suit, must go alone, alone
# allowed), round 2 by (turned-down suit, alone allowed, the dealer is stuck).
_ROUND1 = {(s, forced, allowed): _bid_list(s, 1, (True,) if forced else
                                           (False, True) if allowed else (False,), True)
           for s in range(4) for forced in (False, True) for allowed in (False, True)}
_ROUND2 = {(s, allowed, stuck): _bid_list(s, 2, (False, True) if allowed else (False,),
                                          not stuck)
           for s in range(4) for allowed in (False, True) for stuck in (False, True)}


# Play and Trick events are frozen values: every Play(seat, card) and Trick(winner) made
# once and shared, instead of one new object a card (a tenth of a hand's time; issue 13)
_PLAY_EVENTS = tuple(tuple(Play(s, Card(c)) for c in range(EXT_CARDS)) for s in range(4))
_TRICK_EVENTS = tuple(Trick(s) for s in range(4))


def bid_action(call: str, suit: Suit | None = None, alone: bool = False) -> BidAction:
    """The one BidAction value of a pass, order or name: equal to ``BidAction(...)``,
    and the very object ``legal_actions()`` lists, so ``apply`` need not compare it."""
    if call == PASS:
        return PASS_ACTION
    found = _BIDS.get((call, suit, alone))
    return found if found is not None else BidAction(call, suit, alone)
# The Bid event of each of the bids legal_actions() lists (the values above, which
# live as long as the program: their id() is theirs), by seat and round, made once
_BID_EVENTS = {id(a): tuple(tuple(Bid(s, rnd, a.call, a.suit, a.alone) for rnd in (0, 1, 2))
                            for s in range(4)) for a in (PASS_ACTION, *_BIDS.values())}
BID6_ACTIONS = {None: BidAction(PASS), **{n: BidAction(BID, None, False, n)
                                          for n in range(bid6.MIN_BID, bid6.MAX_BID + 1)}}
BID_PHASES = (Phase.BID1, Phase.BID2, Phase.AUCTION)
# Phase.X is an attribute lookup on the enum's class (about 50 ns): the hot paths
# below use these names instead (issue 13)
_PLAY, _BID1, _BID2, _DISCARD = Phase.PLAY, Phase.BID1, Phase.BID2, Phase.DISCARD
_GAME_OVER, _AUCTION = Phase.GAME_OVER, Phase.AUCTION
_BID_ROUND = {Phase.BID1: 1, Phase.BID2: 2, Phase.AUCTION: 1}


_DECKS = {(size, joker): deck_codes(size, joker) for size in (24, 32) for joker in (False, True)}


def _deck_of(size: int, joker: bool) -> tuple[Card, ...]:
    return _DECKS[size, joker]


class IllegalAction(ValueError):
    """An action the rules reject; the message says why."""


def team_of(seat: int) -> int:
    """A seat's partnership (four players; see GameState.team for cutthroat)."""
    return seat & 1


def partner_of(seat: int) -> int:
    """The partner of a seat (four players)."""
    return (seat + 2) % 4


SEAT_NAMES = ("South", "West", "North", "East")
_new_view = _new_object = object.__new__


@dataclass(slots=True)
class SeatView:
    """What one seat may know when it decides: never another seat's hidden cards."""

    seat: int
    phase: Phase
    hand: tuple[Card, ...]
    dealer: int
    upcard: Card | None              # None in Bid Euchre
    round: int                       # bidding round (1 or 2); 0 after bidding
    bids: tuple[Bid, ...]            # this hand's bids so far
    trump: Suit | None               # 4/5: no-trump high/low (Bid Euchre)
    maker: int | None
    alone: bool
    sitting_out: int | None
    trick: tuple[tuple[int, Card], ...]   # (seat, card) on the table, in play order
    played: tuple[Card, ...]         # cards played to completed and current tricks
    tricks_won: tuple[int, ...]
    total: tuple[int, ...]
    discarded: Card | None           # the dealer's own discard (only the dealer sees it)
    legal: tuple[Action, ...]
    rules: Rules
    up_suit: Suit | None = None      # the suit the upcard proposes (the joker's: named)
    defender_out: int | None = None  # partner of a lone defender
    contract: int | None = None      # Bid Euchre: the high bid
    high_bidder: int | None = None

    @property
    def players(self) -> int:
        """The number of players at the table (3 or 4)."""
        return self.rules.players

    def team(self, seat: int) -> int:
        """The scoring side of a seat (itself in cutthroat)."""
        return seat if self.rules.players == 3 else seat & 1

    def partner(self, seat: int) -> int | None:
        """A seat's partner, None in cutthroat."""
        return None if self.rules.players == 3 else (seat + 2) % 4


@dataclass
class GameState:
    """One whole game under one rule set from one seed (module docstring)."""
    rules: Rules
    seed: int
    rng: Rng
    events: list[Event] = field(default_factory=list)
    total: list[int] = field(default_factory=lambda: [0, 0])
    hand_no: int = 0
    dealer: int = 0
    phase: Phase = Phase.BID1
    turn: int = 0
    hands: list[list[Card]] = field(default_factory=list)
    upcard: Card | None = Card(0)
    joker_suit: Suit | None = None      # the suit the dealer named for an upcard joker
    bids: list[Bid] = field(default_factory=list)
    trump: Suit | None = None
    maker: int | None = None
    alone: bool = False
    sitting_out: int | None = None
    defender_out: int | None = None
    made_round: int = 0
    contract: int | None = None
    high_bidder: int | None = None
    queue: list[int] = field(default_factory=list)    # REDEAL / DEFEND: seats still to ask
    discarded: Card | None = None
    trick: list[tuple[int, Card]] = field(default_factory=list)
    played: list[Card] = field(default_factory=list)
    tricks_won: list[int] = field(default_factory=lambda: [0, 0])
    tricks_played: int = 0
    actions: list[Action] = field(default_factory=list, repr=False)  # every apply(), in order
    _legal: tuple[Action, ...] | None = field(default=None, repr=False)

    # --- construction -------------------------------------------------------

    @classmethod
    def new(cls, rules: Rules, seed: int) -> GameState:
        """Start a game: choose the first dealer and deal the first hand."""
        check_seed(seed)
        g = cls(rules=rules, seed=seed, rng=Rng.from_seed(seed))
        g.total = [0] * rules.teams
        if rules.first_dealer is FirstDealerRule.BLACK_JACK:
            shown, dealer = first_dealer_among(g.rng, g.codes, rules.players)
            g.events.append(FirstDealer(tuple(shown), dealer))
        else:
            dealer = g.rng.below(rules.players)
            g.events.append(FirstDealer((), dealer))
        g.dealer = dealer
        g._deal()
        return g

    @property
    def codes(self) -> tuple[Card, ...]:
        """The deck of this game's rules, as card codes."""
        return _deck_of(self.rules.deck, self.rules.joker)

    @property
    def players(self) -> int:
        """The number of players (3 or 4)."""
        return self.rules.players

    def team(self, seat: int) -> int:
        """Scoring side of a seat: its partnership, or itself in cutthroat."""
        return seat if self.rules.players == 3 else seat & 1

    def partner(self, seat: int) -> int | None:
        """A seat's partner, None in cutthroat."""
        return None if self.rules.players == 3 else (seat + 2) % 4

    def _deal(self) -> None:
        r = self.rules
        self.hand_no += 1
        hands, upcard, _ = deal_variant(self.rng, self.dealer, self.codes, r.players,
                                        r.hand_size, upcard=not r.bid6)
        self.hands = list(map(list, hands))
        self.upcard = upcard
        self.joker_suit = None
        self.bids = []
        self.trump = self.maker = self.sitting_out = self.discarded = None
        self.defender_out = self.contract = self.high_bidder = None
        self.alone = False
        self.made_round = 0
        self.queue = []
        self.trick, self.played = [], []
        self.tricks_won = [0] * r.teams
        self.tricks_played = 0
        self.events.append(Deal(self.hand_no, self.dealer, hands, upcard))
        self.turn = self.left_of(self.dealer)
        if r.bid6:
            self.phase = Phase.AUCTION
        elif upcard == JOKER:
            self.phase = Phase.JOKER
            self.turn = self.dealer
        else:
            self._offer_redeals()

    @property
    def up_suit(self) -> Suit | None:
        """The suit the upcard proposes: its own, or the one named for the joker."""
        if self.upcard is None:
            return None
        return self.joker_suit if self.upcard == JOKER else suit_of(self.upcard)

    def left_of(self, seat: int) -> int:
        """The seat to the left of ``seat`` (the next to play)."""
        return (seat + 1) % self.rules.players

    def redeal_reason(self, seat: int) -> str | None:
        """Why ``seat`` may ask for a new deal (None: it may not)."""
        r, hand = self.rules, self.hands[seat]
        if r.farmers_hand and all(c != JOKER and rank_of(c) <= TEN for c in hand):
            return FARMERS_HAND
        if r.no_ace_no_face_no_trump:
            eff = EXT.effective_suit[self.up_suit]
            if all(rank_of(c) <= TEN for c in hand) \
                    and not any(c == JOKER or eff[c] == self.up_suit for c in hand):
                return NO_ACE_NO_FACE_NO_TRUMP
        return None

    def _offer_redeals(self) -> None:
        r = self.rules
        if not (r.farmers_hand or r.no_ace_no_face_no_trump):     # no seat may ask
            self.queue = []
            self.phase = Phase.BID1
            self.turn = (self.dealer + 1) % r.players
            return
        seats = [(self.dealer + k) % self.players for k in range(1, self.players + 1)]
        self.queue = [s for s in seats if self.redeal_reason(s) is not None]
        if self.queue:
            self.phase = Phase.REDEAL
            self.turn = self.queue[0]
        else:
            self.phase = Phase.BID1
            self.turn = self.left_of(self.dealer)

    # --- queries ------------------------------------------------------------

    @property
    def over(self) -> bool:
        """True once the game is decided."""
        return self.phase is _GAME_OVER

    @property
    def to_move(self) -> int | None:
        """The seat to move, None once the game is over."""
        return None if self.over else self.turn

    @property
    def bid_round(self) -> int:
        """The bidding round now (1 or 2), 0 outside bidding."""
        return _BID_ROUND.get(self.phase, 0)

    @property
    def tricks_per_hand(self) -> int:
        """Tricks in a hand (the hand size)."""
        return self.rules.hand_size

    def led_suit(self) -> Suit | None:
        """The effective suit led to the trick on the table, None if empty."""
        if not self.trick:
            return None
        return EXT.effective_suit[self.trump][self.trick[0][1]]

    def legal_actions(self) -> list[Action]:
        """Everything the seat to move may do, in a fixed canonical order."""
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def _compute_legal(self) -> tuple[Action, ...]:
        p = self.phase
        if p is _PLAY:                     # the most frequent: led_suit() inline
            hand, trick = self.hands[self.turn], self.trick
            if trick:                      # the cards that follow the led card's suit
                cards = sorted(filter(_FOLLOWS[self.trump][trick[0][1]].__contains__, hand)
                               ) or sorted(hand)
            else:
                cards = sorted(hand)
            # itemgetter(a, b, ...) picks a tuple in one call (map took twice as long)
            return _pick(*cards)(PLAY_ACTIONS) if len(cards) > 1 else (PLAY_ACTIONS[cards[0]],)
        if p is _BID1 or p is _BID2:            # _legal_bids1/2, inline
            r, up = self.rules, self.upcard
            suit = self.joker_suit if up == JOKER else _SUIT_OF[up]
            if p is _BID1:
                forced = r.canadian_rule and self.turn == (self.dealer + 2) % 4
                return _ROUND1[suit, forced, r.alone_allowed]
            return _ROUND2[suit, r.alone_allowed,
                           r.stick_the_dealer and self.turn == self.dealer]
        if p is _DISCARD:
            return tuple([DISCARD_ACTIONS[c] for c in sorted(self.legal_discards())])
        if p is Phase.JOKER:
            return tuple(JokerSuitAction(s) for s in _SUIT_VALUES)
        if p is Phase.REDEAL:
            return (RedealAction(False), RedealAction(True))
        if p is Phase.DEFEND:
            return (DefendAction(False), DefendAction(True))
        if p is Phase.AUCTION:
            return tuple(BID6_ACTIONS[n] for n in self._bid6_choices())
        if p is Phase.DECLARE:
            return tuple(DeclareAction(t) for t in bid6.ALL_CONTRACTS)
        return ()

    def _bid6_choices(self) -> tuple[int | None, ...]:
        return bid6.legal_bids(self.contract, self.turn == self.dealer)

    def _alone_choices(self, forced: bool) -> tuple[bool, ...]:
        if forced:
            return (True,)
        return (False, True) if self.rules.alone_allowed else (False,)

    def must_go_alone(self, seat: int) -> bool:
        """Canadian rule: the dealer's partner who orders up in round 1 must go alone."""
        return self.rules.canadian_rule and seat == partner_of(self.dealer)

    def _legal_bids1(self) -> tuple[Action, ...]:
        """Pass, or order the upcard's suit (alone: as the rules allow or demand)."""
        return _ROUND1[self.up_suit, self.must_go_alone(self.turn), self.rules.alone_allowed]

    def _legal_bids2(self) -> tuple[Action, ...]:
        """Pass (unless the dealer is stuck), or name another suit."""
        r = self.rules
        return _ROUND2[self.up_suit, r.alone_allowed,
                       r.stick_the_dealer and self.turn == self.dealer]

    def legal_discards(self) -> list[Card]:
        """The dealer's choices (Bit #93: 'scartandone un'altra, dello stesso seme, se la ha')."""
        hand = self.hands[self.dealer]
        if self.rules.dealer_discard is DealerDiscard.ANY:
            return list(hand)
        others = [c for c in hand if c != self.upcard]
        eff = EXT.effective_suit[self.trump]
        trumps = [c for c in others if eff[c] == self.trump]
        return trumps or others

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know now (its own cards only): a :class:`SeatView`."""
        if (type(seat) is not int and (isinstance(seat, bool) or not isinstance(seat, int))) \
                or not 0 <= seat < self.rules.players:
            raise ValueError(f"seat {seat!r}: this game's seats are 0-{self.rules.players - 1} "
                             f"({', '.join(f'{s} {SEAT_NAMES[s]}' for s in range(self.players))})")
        v = _new_view(SeatView)
        self._fill_view(v, seat)
        return v

    def _fill_view(self, v: SeatView, seat: int) -> None:
        """Store the fields of ``seat``'s view of the game as it is now into ``v``.

        Slots stored one by one: the same value as SeatView(...) with keywords, in a
        fifth of the time (a view is built for every decision; issue 13). ``v`` may be
        a :class:`pyengine.core.liveview.LiveView`: the base class's slots are set."""
        phase = v.phase = self.phase
        v.seat = seat
        v.hand = tuple(self.hands[seat])
        v.dealer = dealer = self.dealer
        v.upcard = upcard = self.upcard
        v.round = _BID_ROUND.get(phase, 0)
        v.bids = tuple(self.bids)
        v.trump = self.trump
        v.maker = self.maker
        v.alone = self.alone
        v.sitting_out = self.sitting_out
        v.trick = tuple(self.trick)
        v.played = tuple(self.played)
        v.tricks_won = tuple(self.tricks_won)
        v.total = tuple(self.total)
        v.discarded = self.discarded if seat == dealer else None
        if seat == self.turn and phase is not _GAME_OVER:
            legal = self._legal
            if legal is None:
                legal = self._legal = self._compute_legal()
            v.legal = legal
        else:
            v.legal = ()
        v.rules = self.rules
        v.up_suit = None if upcard is None else (
            self.joker_suit if upcard == JOKER else _SUIT_OF[upcard])
        v.defender_out = self.defender_out
        v.contract = self.contract
        v.high_bidder = self.high_bidder

    # --- moves --------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Play ``action`` for the seat to move; IllegalAction says why not.

        ``action`` is a value like those of :meth:`legal_actions` (a string is refused
        with a TypeError: :meth:`parse_action` reads one).
        """
        # An action that is one of the listed values themselves (what a player picks
        # from view.legal) is legal without comparing it field by field (issue 13).
        listed = self._legal
        if listed is not None:
            for a in listed:
                if a is action:
                    break
            else:
                listed = None
        if listed is None:
            self._check(action)
        self._legal = None
        self.actions.append(action)
        if isinstance(action, PlayAction):
            self._apply_play(action.card)
        elif isinstance(action, BidAction):
            if self.phase is _AUCTION:
                self._apply_bid6(action)
            else:
                self._apply_bid(action)
        elif isinstance(action, DiscardAction):
            self._apply_discard(action.card)
        elif isinstance(action, JokerSuitAction):
            self._apply_joker(action.suit)
        elif isinstance(action, RedealAction):
            self._apply_redeal(action.redeal)
        elif isinstance(action, DefendAction):
            self._apply_defend(action.alone)
        else:
            self._apply_declare(action.trump)

    def _check(self, action: Action) -> None:
        """Raise TypeError or IllegalAction unless ``action`` may be applied now."""
        if not isinstance(action, ACTION_TYPES):
            hint = (f"; g.parse_action({action!r}) reads one" if isinstance(action, str)
                    else "")
            raise TypeError(f"apply() takes an action such as those of legal_actions(), "
                            f"not {type(action).__name__} {action!r}{hint}")
        if self.over:
            raise IllegalAction("the game is over")
        if action not in self.legal_actions():
            raise IllegalAction(self.why_illegal(action))

    # --- the game as a value (OpenSpiel's and python-chess's habits) -----------

    @property
    def is_terminal(self) -> bool:
        """True once the game is decided (the same as ``over``)."""
        return self.phase is Phase.GAME_OVER

    @property
    def winner(self) -> int | None:
        """The winning team (a seat in cutthroat), None while the game goes on."""
        return self.events[-1].winner if self.over else None

    def returns(self) -> tuple[float, ...]:
        """The result per team: 1.0 for the winner, 0.0 for the others (all 0.0 before
        the end). The points are in ``total``."""
        win = self.winner
        return tuple(float(t == win) for t in range(self.rules.teams))

    def clone(self) -> GameState:
        """An independent copy: applying to one leaves the other as it was."""
        g = copy.copy(self)
        g.rng = Rng(self.rng.state)
        g.events, g.total, g.bids = list(self.events), list(self.total), list(self.bids)
        g.hands = [list(h) for h in self.hands]
        g.queue, g.trick, g.played = list(self.queue), list(self.trick), list(self.played)
        g.tricks_won, g.actions = list(self.tricks_won), list(self.actions)
        g._legal = None
        return g

    def undo(self) -> Action:
        """Take back the last applied action and return it (the chance steps it led to,
        a deal included, are undone too); IllegalAction if there is none."""
        if not self.actions:
            raise IllegalAction("nothing to undo: no action has been applied")
        last = self.actions[-1]
        g = GameState.new(self.rules, self.seed)
        for a in self.actions[:-1]:
            g.apply(a)
        self.__dict__.update(g.__dict__)
        return last

    def parse_action(self, text: str) -> Action:
        """The legal action written as ``text``: its words (``order up alone``,
        ``pass``, ``play JD``) or, to play or discard, the card alone (``JD``, ``10h``)."""
        legal = self.legal_actions()
        words = " ".join(text.lower().split())
        for a in legal:
            if str(a).lower() == words:
                return a
        if self.phase in (Phase.PLAY, Phase.DISCARD):
            try:
                card = Card(words.split(" ", 1)[-1] if " " in words else words)
            except (CardParseError, ValueError):
                card = None
            for a in legal:
                if a.card == card:  # type: ignore[union-attr]
                    return a
        raise IllegalAction(f"{text!r} is not a legal action now; legal: "
                            f"{', '.join(str(a) for a in legal) or 'none (the game is over)'}")

    _PHASE_ACTIONS = {
        Phase.JOKER: JokerSuitAction, Phase.REDEAL: RedealAction, Phase.DEFEND: DefendAction,
        Phase.DECLARE: DeclareAction, Phase.DISCARD: DiscardAction, Phase.PLAY: PlayAction,
    }

    def why_illegal(self, action: Action) -> str:
        """A one-line reason, in a player's words, why ``action`` is not allowed now."""
        who = f"seat {self.turn} ({SEAT_NAMES[self.turn]})"
        p = self.phase
        if isinstance(action, BidAction) and p is Phase.AUCTION:
            if action.call not in (PASS, BID):
                return "Bid Euchre: bid a number of tricks (3-6) or pass"
            return bid6.why_bid_illegal(action.tricks, self.contract,
                                        self.turn == self.dealer)
        if isinstance(action, BidAction):
            if p not in (Phase.BID1, Phase.BID2):
                return f"{who} cannot bid now: it is time to {self._phase_word()}"
            if action.call == BID:
                return "bidding a number of tricks is Bid Euchre's, not this game's"
            if p is Phase.BID1:
                if action.call == NAME:
                    return "round 1: you may only order up the upcard's suit or pass"
                if action.call == ORDER and action.suit != self.up_suit:
                    return "round 1: ordering up means the upcard's suit"
                if action.call == ORDER and not action.alone and self.must_go_alone(self.turn):
                    return "Canadian rule: the dealer's partner who orders up must go alone"
            else:
                if action.call == ORDER:
                    return "round 2: the upcard is turned down; name a suit or pass"
                if action.call == PASS:
                    return "stick the dealer: the dealer must name a suit"
                if action.suit == self.up_suit:
                    return (f"round 2: {SUIT_NAMES[action.suit]} was turned down "
                            "and cannot be named")
            if action.alone and not self.rules.alone_allowed:
                return "going alone is not allowed under these rules"
            return f"{who}: {action} is not a legal bid"
        wanted = self._PHASE_ACTIONS.get(p)
        if not isinstance(action, (DiscardAction, PlayAction)) and not isinstance(action, wanted
                                                                                   or ()):
            return f"{who} cannot {action} now: it is time to {self._phase_word()}"
        if isinstance(action, DeclareAction):
            return f"{action.trump} is not a contract (0-3 a suit, 4 no-trump high, 5 low)"
        if isinstance(action, JokerSuitAction):
            return f"{action.suit} is not a suit"
        if isinstance(action, DiscardAction):
            if p is not Phase.DISCARD:
                return f"{who} cannot discard now: it is time to {self._phase_word()}"
            hand = self.hands[self.dealer]
            if action.card not in hand:
                return f"the dealer does not hold {card_name(action.card)}"
            if action.card == self.upcard:
                return "the dealer must discard another card, not the upcard he picked up"
            return (f"the dealer holds another trump, so he must discard one of them "
                    f"({', '.join(card_name(c) for c in sorted(self.legal_discards()))})")
        if isinstance(action, PlayAction):
            if p is not Phase.PLAY:
                return f"{who} cannot play a card now: it is time to {self._phase_word()}"
            if action.card not in self.hands[self.turn]:
                return f"{who} does not hold {card_name(action.card)}"
            led = self.led_suit()
            return (f"must follow {SUIT_NAMES[led]} "
                    f"({card_label(action.card)} is not {SUIT_NAMES[led]})")
        return f"{who}: {action} is not allowed now"

    def _phase_word(self) -> str:
        return {Phase.BID1: "bid (round 1)", Phase.BID2: "bid (round 2)",
                Phase.DISCARD: "discard", Phase.PLAY: "play a card",
                Phase.GAME_OVER: "stop", Phase.JOKER: "name the joker's suit (the dealer)",
                Phase.REDEAL: "keep the hand or ask for a new deal",
                Phase.DEFEND: "choose whether to defend alone",
                Phase.AUCTION: "bid a number of tricks or pass",
                Phase.DECLARE: "declare trump, no-trump high or no-trump low"}[self.phase]

    def _next_active(self, seat: int) -> int:
        nxt = self.left_of(seat)
        while nxt == self.sitting_out or nxt == self.defender_out:
            nxt = self.left_of(nxt)
        return nxt

    def _apply_joker(self, suit: Suit) -> None:
        self.joker_suit = suit
        self.events.append(JokerSuit(self.turn, suit))
        self._offer_redeals()

    def _apply_redeal(self, redeal: bool) -> None:
        seat = self.turn
        self.events.append(Redeal(seat, REDEAL if redeal else KEEP, self.redeal_reason(seat)))
        if redeal:
            self._deal()
            return
        self.queue.pop(0)
        if self.queue:
            self.turn = self.queue[0]
        else:
            self.phase = Phase.BID1
            self.turn = self.left_of(self.dealer)

    def _apply_bid(self, a: BidAction) -> None:
        seat = self.turn
        rnd = 1 if self.phase is _BID1 else 2
        shared = _BID_EVENTS.get(id(a))        # one of the listed bids: its event made
        if shared is not None:
            bid = shared[seat][rnd]
        else:
            bid = _new_object(Bid)              # Bid(seat, rnd, a.call, a.suit, a.alone)
            bid.__dict__.update(seat=seat, round=rnd, call=a.call, suit=a.suit,
                                alone=a.alone, tricks=None)
        self.bids.append(bid)
        self.events.append(bid)
        if a.call == PASS:
            if seat != self.dealer:
                self.turn = self.left_of(seat)
            elif rnd == 1:
                self.phase = Phase.BID2
                self.turn = self.left_of(self.dealer)
            else:
                self.events.append(PassedOut())
                self._next_hand()
            return
        self.trump = a.suit
        self.maker = seat
        self.alone = a.alone
        self.sitting_out = self.partner(seat) if a.alone else None
        self.made_round = rnd
        if self.rules.defend_alone:
            self.queue = [s for s in (self.left_of(seat), self.left_of(self.left_of(self.left_of(
                seat)))) if self.team(s) != self.team(seat)]
            self.phase = Phase.DEFEND
            self.turn = self.queue[0]
            return
        self._after_making()

    def _apply_defend(self, alone: bool) -> None:
        seat = self.turn
        self.events.append(Defend(seat, alone))
        self.queue.pop(0)
        if alone:
            self.defender_out = self.partner(seat)
            self.queue = []
        if self.queue:
            self.turn = self.queue[0]
        else:
            self._after_making()

    def _after_making(self) -> None:
        """Round 1: the dealer picks up and discards, unless he sits out."""
        if self.made_round == 1 and self.dealer not in (self.sitting_out, self.defender_out):
            self.hands[self.dealer].append(self.upcard)
            self.phase = Phase.DISCARD
            self.turn = self.dealer
        else:
            self._start_play()

    def _apply_bid6(self, a: BidAction) -> None:
        seat = self.turn
        bid = Bid(seat, 1, a.call, None, False, a.tricks)
        self.bids.append(bid)
        self.events.append(bid)
        if a.tricks is not None:
            self.contract, self.high_bidder = a.tricks, seat
        if seat == self.dealer:
            self.phase = Phase.DECLARE
            self.turn = self.high_bidder
        else:
            self.turn = self.left_of(seat)

    def _apply_declare(self, trump: int) -> None:
        self.trump = trump
        self.maker = self.turn
        self.events.append(Declare(self.turn, trump))
        self._start_play()

    def _apply_discard(self, card: Card) -> None:
        self.hands[self.dealer].remove(card)
        self.discarded = card
        self.events.append(Discard(self.dealer, card))
        self._start_play()

    def _start_play(self) -> None:
        self.phase = Phase.PLAY
        r = self.rules
        if r.bid6:                                  # "Il miglior offerente attacca"
            self.turn = self.maker
            return
        if r.canadian_loner and self.alone and self.made_round == 1:
            first = self.maker                      # the player to the loner's left leads
        else:
            first = self.maker if r.first_lead is FirstLead.MAKER_LEFT else self.dealer
        self.turn = self._next_active(first)

    def _apply_play(self, card: Card) -> None:
        seat = self.turn
        self.hands[seat].remove(card)
        trick = self.trick
        trick.append((seat, card))
        self.played.append(card)
        self.events.append(_PLAY_EVENTS[seat][card])    # Play(seat, card)
        sitting_out, defender_out = self.sitting_out, self.defender_out
        players = self.rules.players
        if len(trick) < players - (sitting_out is not None) - (defender_out is not None):
            nxt = (seat + 1) % players
            while nxt == sitting_out or nxt == defender_out:
                nxt = (nxt + 1) % players
            self.turn = nxt
            return
        trump = self.trump
        table = EXT.power[trump][EXT.effective_suit[trump][trick[0][1]]]
        winner, best = trick[0][0], table[trick[0][1]]
        for s, c in trick:                      # the highest power is always unique
            if table[c] > best:
                winner, best = s, table[c]
        self.events.append(_TRICK_EVENTS[winner])      # Trick(winner)
        self.tricks_won[winner if players == 3 else winner & 1] += 1
        self.tricks_played += 1
        self.trick = []
        self.turn = winner
        if not self.hands[winner]:              # the winner played: every hand is done
            self._score_hand()

    def hand_points(self) -> tuple[int, ...]:
        """Points of the hand just played, by team (the scoring tables)."""
        r = self.rules
        makers = self.team(self.maker)
        if r.bid6:
            return bid6.hand_points(makers, self.contract,
                                    (self.tricks_won[0], self.tricks_won[1]))
        taken = self.tricks_won[makers]
        if r.teams == 2 and self.defender_out is None:
            return r.hand_points(makers, taken, self.alone)
        points = [0] * r.teams
        if taken >= 3:
            points[makers] = r.hand_points(0, taken, self.alone)[0]
        else:
            won = r.points_defend_alone if self.defender_out is not None else r.points_euchre
            for t in range(r.teams):
                if t != makers:
                    points[t] = won
        return tuple(points)

    def _score_hand(self) -> None:
        r = self.rules
        makers = self.team(self.maker)
        points = self.hand_points()
        for t in range(r.teams):
            self.total[t] += points[t]
        total = tuple(self.total)
        self.events.append(Score(makers, tuple(self.tricks_won), points, total,
                                 self.contract if r.bid6 else None))
        winner = self._winner(makers)
        if winner is not None:
            self.events.append(GameOver(winner, total))
            self.phase = Phase.GAME_OVER
            return
        self._next_hand()

    def _winner(self, makers: int) -> int | None:
        """The team that wins at the end of this hand, if any."""
        r, total = self.rules, self.total
        if r.bid6:
            team = bid6.may_win(makers, self.contract, (self.tricks_won[0], self.tricks_won[1]))
            return team if total[team] >= r.target else None
        if max(total) < r.target:               # no team has reached the target
            return None
        over = [t for t in range(r.teams) if total[t] >= r.target]
        best = max(total[t] for t in over)
        leaders = [t for t in over if total[t] == best]
        return leaders[0] if len(leaders) == 1 else None   # cutthroat tie: play on

    def _next_hand(self) -> None:
        self.dealer = self.left_of(self.dealer)
        self._deal()
