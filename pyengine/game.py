"""The game as an explicit state machine: whose turn, what is legal, what happens.

A :class:`GameState` runs one whole game under one :class:`~pyengine.rules.Rules`
from one seed. The chance steps (first dealer, every deal) happen by
themselves; the engine stops only where a seat must decide, in one of four
phases:

* ``BID1``  - round 1: pass, or order the upcard's suit (alone or not)
* ``BID2``  - round 2: pass, or name another suit (alone or not)
* ``DISCARD`` - the dealer, holding six cards, discards one face down
* ``PLAY``  - a card to the trick

``legal_actions()`` lists what the seat to move may do; ``apply(action)``
checks it (raising :class:`IllegalAction` with a reason a player can read),
records the events it causes in ``events`` and moves on. ``GAME_OVER`` ends it.

Bit #93 decisions that are not in DESIGN.md's words but follow from them:
when the dealer's partner goes alone (always, under the Canadian rule, if he
orders up) the dealer sits out, so he neither picks up the upcard nor
discards: his cards are not used.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from .cards import (
    EFFECTIVE_SUIT,
    POWER,
    SUIT_NAMES,
    Card,
    Suit,
    card_label,
    card_name,
    legal_plays,
    suit_of,
)
from .deal import deal_hand, first_dealer
from .events import (
    NAME,
    ORDER,
    PASS,
    Bid,
    Deal,
    Discard,
    Event,
    FirstDealer,
    GameOver,
    PassedOut,
    Play,
    Score,
    Trick,
)
from .rng import Rng, check_seed
from .rules import DealerDiscard, FirstLead, Rules
from .rules import FirstDealer as FirstDealerRule

TRICKS_PER_HAND = 5


class Phase(StrEnum):
    BID1 = "bid1"
    BID2 = "bid2"
    DISCARD = "discard"
    PLAY = "play"
    GAME_OVER = "game_over"


@dataclass(frozen=True)
class BidAction:
    call: str                 # PASS, ORDER or NAME
    suit: Suit | None = None
    alone: bool = False

    def __str__(self) -> str:
        if self.call == PASS:
            return "pass"
        word = "order up" if self.call == ORDER else f"name {SUIT_NAMES[self.suit]}"
        return word + (" alone" if self.alone else "")


@dataclass(frozen=True)
class DiscardAction:
    card: Card

    def __str__(self) -> str:
        return f"discard {card_name(self.card)}"


@dataclass(frozen=True)
class PlayAction:
    card: Card

    def __str__(self) -> str:
        return f"play {card_name(self.card)}"


Action = BidAction | DiscardAction | PlayAction

PLAY_ACTIONS = tuple(PlayAction(Card(c)) for c in range(24))
DISCARD_ACTIONS = tuple(DiscardAction(Card(c)) for c in range(24))


class IllegalAction(ValueError):
    """An action the rules reject; the message says why."""


def team_of(seat: int) -> int:
    return seat & 1


def partner_of(seat: int) -> int:
    return (seat + 2) % 4


SEAT_NAMES = ("South", "West", "North", "East")


@dataclass
class SeatView:
    """What one seat may know when it decides: never another seat's hidden cards."""

    seat: int
    phase: Phase
    hand: tuple[Card, ...]
    dealer: int
    upcard: Card
    round: int                       # bidding round (1 or 2); 0 after bidding
    bids: tuple[Bid, ...]            # this hand's bids so far
    trump: Suit | None
    maker: int | None
    alone: bool
    sitting_out: int | None
    trick: tuple[tuple[int, Card], ...]   # (seat, card) on the table, in play order
    played: tuple[Card, ...]         # cards played to completed and current tricks
    tricks_won: tuple[int, int]
    total: tuple[int, int]
    discarded: Card | None           # the dealer's own discard (only the dealer sees it)
    legal: tuple[Action, ...]
    rules: Rules


@dataclass
class GameState:
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
    upcard: Card = Card(0)
    bids: list[Bid] = field(default_factory=list)
    trump: Suit | None = None
    maker: int | None = None
    alone: bool = False
    sitting_out: int | None = None
    discarded: Card | None = None
    trick: list[tuple[int, Card]] = field(default_factory=list)
    played: list[Card] = field(default_factory=list)
    tricks_won: list[int] = field(default_factory=lambda: [0, 0])
    tricks_played: int = 0
    _legal: list[Action] | None = field(default=None, repr=False)

    # --- construction -------------------------------------------------------

    @classmethod
    def new(cls, rules: Rules, seed: int) -> GameState:
        """Start a game: choose the first dealer and deal the first hand."""
        check_seed(seed)
        g = cls(rules=rules, seed=seed, rng=Rng.from_seed(seed))
        if rules.first_dealer is FirstDealerRule.BLACK_JACK:
            shown, dealer = first_dealer(g.rng)
            g.events.append(FirstDealer(tuple(shown), dealer))
        else:
            dealer = g.rng.below(4)
            g.events.append(FirstDealer((), dealer))
        g.dealer = dealer
        g._deal()
        return g

    def _deal(self) -> None:
        self.hand_no += 1
        dealt = deal_hand(self.rng, self.dealer)
        self.hands = [list(h) for h in dealt.hands]
        self.upcard = dealt.upcard
        self.bids = []
        self.trump = self.maker = self.sitting_out = self.discarded = None
        self.alone = False
        self.trick, self.played = [], []
        self.tricks_won = [0, 0]
        self.tricks_played = 0
        self.phase = Phase.BID1
        self.turn = (self.dealer + 1) % 4
        self.events.append(Deal(self.hand_no, self.dealer, dealt.hands, dealt.upcard))

    # --- queries ------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.phase is Phase.GAME_OVER

    @property
    def to_move(self) -> int | None:
        return None if self.over else self.turn

    @property
    def bid_round(self) -> int:
        return {Phase.BID1: 1, Phase.BID2: 2}.get(self.phase, 0)

    def led_suit(self) -> Suit | None:
        if not self.trick:
            return None
        return EFFECTIVE_SUIT[self.trump][self.trick[0][1]]

    def legal_actions(self) -> list[Action]:
        """Everything the seat to move may do, in a fixed canonical order."""
        if self._legal is None:
            self._legal = self._compute_legal()
        return self._legal

    def _compute_legal(self) -> list[Action]:
        p = self.phase
        if p is Phase.BID1:
            return self._legal_bids1()
        if p is Phase.BID2:
            return self._legal_bids2()
        if p is Phase.DISCARD:
            return [DISCARD_ACTIONS[c] for c in sorted(self.legal_discards())]
        if p is Phase.PLAY:
            return [PLAY_ACTIONS[c] for c in
                    sorted(legal_plays(self.hands[self.turn], self.trump, self.led_suit()))]
        return []

    def _alone_choices(self, forced: bool) -> tuple[bool, ...]:
        if forced:
            return (True,)
        return (False, True) if self.rules.alone_allowed else (False,)

    def must_go_alone(self, seat: int) -> bool:
        """Canadian rule: the dealer's partner who orders up in round 1 must go alone."""
        return self.rules.canadian_rule and seat == partner_of(self.dealer)

    def _legal_bids1(self) -> list[Action]:
        suit = suit_of(self.upcard)
        acts: list[Action] = [BidAction(PASS)]
        forced = self.must_go_alone(self.turn)
        acts += [BidAction(ORDER, suit, a) for a in self._alone_choices(forced)]
        return acts

    def _legal_bids2(self) -> list[Action]:
        stuck = (self.rules.stick_the_dealer and self.turn == self.dealer)
        acts: list[Action] = [] if stuck else [BidAction(PASS)]
        for s in range(4):
            if s != suit_of(self.upcard):
                acts += [BidAction(NAME, s, a) for a in self._alone_choices(False)]
        return acts

    def legal_discards(self) -> list[Card]:
        """The dealer's choices (Bit #93: 'scartandone un'altra, dello stesso seme, se la ha')."""
        hand = self.hands[self.dealer]
        if self.rules.dealer_discard is DealerDiscard.ANY:
            return list(hand)
        others = [c for c in hand if c != self.upcard]
        trumps = [c for c in others if EFFECTIVE_SUIT[self.trump][c] == self.trump]
        return trumps or others

    def view(self, seat: int) -> SeatView:
        return SeatView(
            seat=seat, phase=self.phase, hand=tuple(self.hands[seat]), dealer=self.dealer,
            upcard=self.upcard, round=self.bid_round, bids=tuple(self.bids), trump=self.trump,
            maker=self.maker, alone=self.alone, sitting_out=self.sitting_out,
            trick=tuple(self.trick), played=tuple(self.played),
            tricks_won=(self.tricks_won[0], self.tricks_won[1]),
            total=(self.total[0], self.total[1]),
            discarded=self.discarded if seat == self.dealer else None,
            legal=tuple(self.legal_actions()) if seat == self.turn and not self.over else (),
            rules=self.rules,
        )

    # --- moves --------------------------------------------------------------

    def apply(self, action: Action) -> None:
        if self.over:
            raise IllegalAction("the game is over")
        if action not in self.legal_actions():
            raise IllegalAction(self.why_illegal(action))
        self._legal = None
        if isinstance(action, BidAction):
            self._apply_bid(action)
        elif isinstance(action, DiscardAction):
            self._apply_discard(action.card)
        else:
            self._apply_play(action.card)

    def why_illegal(self, action: Action) -> str:
        """A one-line reason, in a player's words, why ``action`` is not allowed now."""
        who = f"seat {self.turn} ({SEAT_NAMES[self.turn]})"
        p = self.phase
        if isinstance(action, BidAction):
            if p not in (Phase.BID1, Phase.BID2):
                return f"{who} cannot bid now: it is time to {self._phase_word()}"
            if p is Phase.BID1:
                if action.call == NAME:
                    return "round 1: you may only order up the upcard's suit or pass"
                if action.call == ORDER and action.suit != suit_of(self.upcard):
                    return "round 1: ordering up means the upcard's suit"
                if action.call == ORDER and not action.alone and self.must_go_alone(self.turn):
                    return "Canadian rule: the dealer's partner who orders up must go alone"
            else:
                if action.call == ORDER:
                    return "round 2: the upcard is turned down; name a suit or pass"
                if action.call == PASS:
                    return "stick the dealer: the dealer must name a suit"
                if action.suit == suit_of(self.upcard):
                    return (f"round 2: {SUIT_NAMES[action.suit]} was turned down "
                            "and cannot be named")
            if action.alone and not self.rules.alone_allowed:
                return "going alone is not allowed under these rules"
            return f"{who}: {action} is not a legal bid"
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
        if p is not Phase.PLAY:
            return f"{who} cannot play a card now: it is time to {self._phase_word()}"
        if action.card not in self.hands[self.turn]:
            return f"{who} does not hold {card_name(action.card)}"
        led = self.led_suit()
        return f"must follow {SUIT_NAMES[led]} ({card_label(action.card)} is not {SUIT_NAMES[led]})"

    def _phase_word(self) -> str:
        return {Phase.BID1: "bid (round 1)", Phase.BID2: "bid (round 2)",
                Phase.DISCARD: "discard", Phase.PLAY: "play a card",
                Phase.GAME_OVER: "stop"}[self.phase]

    def _next_active(self, seat: int) -> int:
        nxt = (seat + 1) % 4
        if nxt == self.sitting_out:
            nxt = (nxt + 1) % 4
        return nxt

    def _apply_bid(self, a: BidAction) -> None:
        seat = self.turn
        rnd = self.bid_round
        bid = Bid(seat, rnd, a.call, a.suit, a.alone)
        self.bids.append(bid)
        self.events.append(bid)
        if a.call == PASS:
            if seat != self.dealer:
                self.turn = (seat + 1) % 4
            elif rnd == 1:
                self.phase = Phase.BID2
                self.turn = (self.dealer + 1) % 4
            else:
                self.events.append(PassedOut())
                self._next_hand()
            return
        self.trump = a.suit
        self.maker = seat
        self.alone = a.alone
        self.sitting_out = partner_of(seat) if a.alone else None
        if rnd == 1 and self.sitting_out != self.dealer:
            self.hands[self.dealer].append(self.upcard)
            self.phase = Phase.DISCARD
            self.turn = self.dealer
        else:
            self._start_play()

    def _apply_discard(self, card: Card) -> None:
        self.hands[self.dealer].remove(card)
        self.discarded = card
        self.events.append(Discard(self.dealer, card))
        self._start_play()

    def _start_play(self) -> None:
        self.phase = Phase.PLAY
        first = self.maker if self.rules.first_lead is FirstLead.MAKER_LEFT else self.dealer
        self.turn = self._next_active(first)

    def _apply_play(self, card: Card) -> None:
        seat = self.turn
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        self.played.append(card)
        self.events.append(Play(seat, card))
        active = 3 if self.sitting_out is not None else 4
        if len(self.trick) < active:
            self.turn = self._next_active(seat)
            return
        led = EFFECTIVE_SUIT[self.trump][self.trick[0][1]]
        table = POWER[self.trump][led]
        winner = max(self.trick, key=lambda sc: table[sc[1]])[0]
        self.events.append(Trick(winner))
        self.tricks_won[team_of(winner)] += 1
        self.tricks_played += 1
        self.trick = []
        self.turn = winner
        if self.tricks_played == TRICKS_PER_HAND:
            self._score_hand()

    def _score_hand(self) -> None:
        makers = team_of(self.maker)
        points = self.rules.hand_points(makers, self.tricks_won[makers], self.alone)
        self.total[0] += points[0]
        self.total[1] += points[1]
        total = (self.total[0], self.total[1])
        self.events.append(Score(makers, (self.tricks_won[0], self.tricks_won[1]), points, total))
        for team in (0, 1):
            if total[team] >= self.rules.target:
                self.events.append(GameOver(team, total))
                self.phase = Phase.GAME_OVER
                return
        self._next_hand()

    def _next_hand(self) -> None:
        self.dealer = (self.dealer + 1) % 4
        self._deal()
