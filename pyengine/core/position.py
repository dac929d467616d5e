"""A game's position: every field of the state, and what the position allows.

:class:`Position` is the record a :class:`~pyengine.core.game.GameState` is made of
(whose turn, the hands, the upcard, the bids, trump, the trick, the score) with the
questions the rules ask of it: the legal actions, a seat's view, why an action is not
allowed. It never changes itself: :mod:`pyengine.core.moves` does that.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import itemgetter as _pick

from pyengine.core import bid6
from pyengine.core.actions import (
    BID6_ACTIONS,
    DECLARE_ACTIONS,
    DEFEND_ACTIONS,
    DISCARD_ACTIONS,
    JOKER_ACTIONS,
    PLAY_ACTIONS,
    REDEAL_ACTIONS,
    ROUND1,
    ROUND2,
    Action,
)
from pyengine.core.cards import (
    _SUIT_OF,
    EXT,
    EXT_CARDS,
    JOKER,
    TEN,
    Card,
    Suit,
    deck_codes,
    rank_of,
    suit_of,
)
from pyengine.core.events import Bid, Event
from pyengine.core.explain import parse_action, why_illegal
from pyengine.core.phase import BID_ROUND, Phase
from pyengine.core.rng import Rng
from pyengine.core.rules import DealerDiscard, Rules
from pyengine.core.seatview import SEAT_NAMES, Seating, SeatView, partner_of

TRICKS_PER_HAND = 5
# A farmer's hand is "una mano pessima" (seed 003): no card above 10, every card a 9
# or a 10 (7s and 8s too in the 32-card deck). Three low cards, the usual wording
# elsewhere, is a fifth of all 24-card hands and half of 32-card ones.
FARMERS_HAND, NO_ACE_NO_FACE_NO_TRUMP = "farmers_hand", "no_ace_no_face_no_trump"

# by contract (trump 0-3, no-trump 4-5) and card: the cards of the same effective suit
_FOLLOWS = tuple(tuple(frozenset(c for c in range(EXT_CARDS) if eff[c] == eff[led])
                       for led in range(EXT_CARDS)) for eff in EXT.effective_suit)
# Phase.X is an attribute lookup on the enum's class (about 50 ns): the hot paths
# below use these names instead (issue 13)
_PLAY, _BID1, _BID2, _DISCARD = Phase.PLAY, Phase.BID1, Phase.BID2, Phase.DISCARD
_GAME_OVER = Phase.GAME_OVER
_DECKS = {(size, joker): deck_codes(size, joker) for size in (24, 32) for joker in (False, True)}
_new_view = object.__new__


def _deck_of(size: int, joker: bool) -> tuple[Card, ...]:
    return _DECKS[size, joker]


@dataclass
class Position(Seating):
    """Every field of a game's state (module docstring); a GameState is one."""
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
    # A recorded game (an EGN record, a transcript with "deals": "recorded"): its deals
    # in order, (hands by seat, upcard), used before the RNG deals any; its first dealer
    # (cards shown, seat) and the totals it starts from. Empty/None: a game of the seed.
    given_deals: tuple[tuple[tuple[tuple[Card, ...], ...], Card | None], ...] = field(
        default=(), repr=False)
    given_first: tuple[tuple[Card, ...], int] | None = field(default=None, repr=False)
    start_total: tuple[int, ...] | None = field(default=None, repr=False)
    # the legal actions, once asked (a cache: not part of the value)
    _legal: tuple[Action, ...] | None = field(default=None, repr=False, compare=False)

    # --- what the rules ask of a position -------------------------------------


    @property
    def codes(self) -> tuple[Card, ...]:
        """The deck of this game's rules, as card codes."""
        return _deck_of(self.rules.deck, self.rules.joker)


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
            eff = EXT.effective_suit[self.up_suit]  # type: ignore[index]
            if all(rank_of(c) <= TEN for c in hand) \
                    and not any(c == JOKER or eff[c] == self.up_suit for c in hand):
                return NO_ACE_NO_FACE_NO_TRUMP
        return None

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
        return BID_ROUND.get(self.phase, 0)

    @property
    def tricks_per_hand(self) -> int:
        """Tricks in a hand (the hand size)."""
        return self.rules.hand_size

    def led_suit(self) -> Suit | None:
        """The effective suit led to the trick on the table, None if empty."""
        if not self.trick:
            return None
        return EXT.effective_suit[self.trump][self.trick[0][1]]  # type: ignore[index]

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
                cards = sorted(filter(_FOLLOWS[self.trump][trick[0][1]].__contains__, hand)  # type: ignore[arg-type, index]
                               ) or sorted(hand)
            else:
                cards = sorted(hand)
            # itemgetter(a, b, ...) picks a tuple in one call (map took twice as long)
            return _pick(*cards)(PLAY_ACTIONS) if len(cards) > 1 else (PLAY_ACTIONS[cards[0]],)
        if p is _BID1 or p is _BID2:            # _legal_bids1/2, inline
            r, up = self.rules, self.upcard
            suit = self.joker_suit if up == JOKER else _SUIT_OF[up]  # type: ignore[index]
            if p is _BID1:
                forced = r.canadian_rule and self.turn == (self.dealer + 2) % 4
                return ROUND1[suit, forced, r.alone_allowed]  # type: ignore[index]
            return ROUND2[suit, r.alone_allowed,  # type: ignore[index]
                           r.stick_the_dealer and self.turn == self.dealer]
        if p is _DISCARD:
            return tuple([DISCARD_ACTIONS[c] for c in sorted(self.legal_discards())])
        if p is Phase.JOKER:
            return JOKER_ACTIONS
        if p is Phase.REDEAL:
            return REDEAL_ACTIONS
        if p is Phase.DEFEND:
            return DEFEND_ACTIONS
        if p is Phase.AUCTION:
            return tuple(BID6_ACTIONS[n] for n in self._bid6_choices())
        if p is Phase.DECLARE:
            return DECLARE_ACTIONS
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
        return ROUND1[self.up_suit, self.must_go_alone(self.turn), self.rules.alone_allowed]  # type: ignore[index]

    def _legal_bids2(self) -> tuple[Action, ...]:
        """Pass (unless the dealer is stuck), or name another suit."""
        r = self.rules
        return ROUND2[self.up_suit, r.alone_allowed,  # type: ignore[index]
                       r.stick_the_dealer and self.turn == self.dealer]

    def legal_discards(self) -> list[Card]:
        """The dealer's choices (Bit #93: 'scartandone un'altra, dello stesso seme, se la ha')."""
        hand = self.hands[self.dealer]
        if self.rules.dealer_discard is DealerDiscard.ANY:
            return list(hand)
        others = [c for c in hand if c != self.upcard]
        eff = EXT.effective_suit[self.trump]  # type: ignore[index]
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
        v.round = BID_ROUND.get(phase, 0)
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
        v.up_suit = None if upcard is None else (  # type: ignore[assignment]
            self.joker_suit if upcard == JOKER else _SUIT_OF[upcard])
        v.defender_out = self.defender_out
        v.contract = self.contract
        v.high_bidder = self.high_bidder

    def parse_action(self, text: str) -> Action:
        """The legal action written as ``text``: its words (``order up alone``,
        ``pass``, ``play JD``) or, to play or discard, the card alone (``JD``, ``10h``)."""
        return parse_action(self.view(self.turn), text)

    def why_illegal(self, action: Action) -> str:
        """A one-line reason, in a player's words, why ``action`` is not allowed now."""
        return why_illegal(self.view(self.turn), action)
