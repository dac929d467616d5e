"""Computer players: the reference player (``ref``) and a random player.

The reference player is the one the 6502 port runs, decision for decision, so
it is written for a 6502: integers only, small tables, no search, and every
tie broken the same way (the lowest card code, or the lowest suit number).
Each decision reads only the deciding seat's :class:`~pyengine.core.game.SeatView`.

Tables (indexed by trump rank 0-6 = 9 10 Q K A left right, or plain rank 0-5
= 9 10 J Q K A):

* ``TRUMP_POINTS``  - what a trump is worth to the bidder.
* ``OFF_ACE_POINTS`` - an ace of another suit; ``VOID_POINTS`` per void
  side suit when the hand also holds at least two trumps.

Decision rules (each function's docstring says the detail):

1. Bidding, round 1 (:func:`ref_bid`): strength of the hand in the upcard's
   suit, adjusted for who gets the upcard: the dealer adds its points (he will
   hold it) less those of his lowest trump (the discard rule makes him throw
   it away; where he may discard any card, his best five of the six count), the
   dealer's opponents subtract half of them. Order up at the
   seat's threshold (:class:`BidThresholds`: the dealer 9, his left 11, his
   right 10) or more; alone at ``alone_min`` or more, unless my side needs two
   points or fewer to win (a march with the partner wins too). The dealer's
   partner (Canadian rule: he must go alone, and the upcard goes to a dealer
   who sits out) orders at ``canadian_min`` or more, without the upcard
   adjustment.
2. Bidding, round 2: the strongest suit other than the upcard's (ties: lowest
   suit number); name it at the seat's threshold (the first two to speak, the
   dealer's left and partner, 11; the dealer's right and the dealer 9), alone as
   in round 1. These are Bit #93's thresholds (the 6502's); where the dealer is
   stuck (standard, web) :func:`thresholds_for` gives the ones for that auction:
   the dealer and his partner order at 11, his left and right at 13; round 2 as
   Bit #93's; alone at 16 (docs/strength.md: fitted, then checked against IS-MCTS).
3. Discard (:func:`ref_discard`): among the legal discards, if they are trumps
   the lowest trump; otherwise the card with the lowest keep value
   ``2 * rank + (2 if it is not alone in its suit)`` (low cards and singletons
   go first, so the dealer makes voids).
4. Lead (:func:`ref_lead`): every legal card gets a score, the sum of
   ``LEAD_WEIGHTS[role]`` times its features (:data:`LEAD_FEATURES`: is it trump,
   the boss of its suit, its rank, the length of its suit in my hand, is my
   partner or an opponent void in it, ...), read from what the seat remembers
   of the hand (:mod:`pyengine.players.memory`: the cards gone, who showed out
   of which suit); the highest score leads, the lowest code among equals. The
   role is maker, maker's partner, defender, or defender against a lone hand.
5. Follow: if my partner is winning the trick, throw my least valuable legal
   card (never trump partner's winner) - except third hand, when partner's card
   is not the boss of its suit and I hold a side card that beats it and is: then
   the lowest such card. Otherwise, if some legal card beats the winning card,
   play the lowest such card; else throw the least valuable.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from operator import attrgetter
from typing import Protocol

from pyengine.core.cards import (
    ACE,
    DECK_SIZE,
    EFFECTIVE_SUIT,
    EXT_CARDS,
    POWER,
    TRUMP_RANK,
    Card,
    Suit,
    rank_of,
    suit_of,
)
from pyengine.core.events import NAME, ORDER
from pyengine.core.game import (
    PASS_ACTION,
    PLAY_ACTIONS,
    Action,
    BidAction,
    Phase,
    PlayAction,
    SeatView,
    bid_action,
)
from pyengine.core.rules import DealerDiscard, Rules
from pyengine.players.bidmodel import LEARNED, learned_bid, table_for
from pyengine.players.discard import TRUMP_WORTH_BASE, ref_discard
from pyengine.players.memory import (
    BEATERS,
    gone_cards,
    held_mask,
    made_round,
    void_suits,
)

TRUMP_POINTS = (2, 2, 2, 3, 4, 5, 6)   # 9 10 Q K A left right
OFF_ACE_POINTS = 2
VOID_POINTS = 1
VOID_MIN_TRUMPS = 2
# Tuned (docs/strength.md): the first values (11, 11, 19, 19) made ref too timid -
# pimc took most of its points by calling hands ref defended (issue 7); issue 16 fitted
# one threshold per seat by the double-dummy value of each bid (python -m
# pyengine.measure.fit bids; docs/strength.md).
ORDER_MIN = 9                          # the dealer orders up in round 1 (he gets the upcard)
ORDER_LEFT_MIN = 11                    # the dealer's left orders up
ORDER_RIGHT_MIN = 10                   # the dealer's right orders up
NAME_MIN = 9                           # the dealer and his right name a suit in round 2
NAME_EARLY_MIN = 11                    # the first two to speak in round 2 (left, partner)
CANADIAN_MIN = 13                      # the dealer's partner orders (and must go alone)
ALONE_MIN = 15                         # go alone
ALONE_NEED_MAX = 2                     # no loner when my side needs this many points or fewer


@dataclass(frozen=True)
class BidThresholds:
    """The strengths at which the reference player bids (the 6502 holds the defaults).

    ``order_min``: the dealer's round-1 order, ``order_left`` / ``order_right``:
    the dealer's opponents'; ``canadian_min``: the dealer's partner's round-1 order,
    which must go alone; ``name_early`` / ``name_min``: naming a suit in round 2 (the
    first two to speak, the dealer's left and partner / the last two); ``alone_need``:
    a seat whose side needs this many points or fewer to win never goes alone by
    choice. Other values make player variants for the arena (``ref:order_min=10``);
    the game's ``ref`` is the default.
    """

    order_min: int = ORDER_MIN
    alone_min: int = ALONE_MIN
    canadian_min: int = CANADIAN_MIN
    name_min: int = NAME_MIN
    order_left: int = ORDER_LEFT_MIN
    order_right: int = ORDER_RIGHT_MIN
    name_early: int = NAME_EARLY_MIN
    alone_need: int = ALONE_NEED_MAX

    def call_min(self, rnd: int, seat: int, dealer: int) -> int:
        """The strength at which ``seat`` orders (round 1) or names (round 2), not
        counting the Canadian forced loner (``canadian_min``)."""
        pos = (seat - dealer) & 3             # 1 = the dealer's left, 0 = the dealer
        if rnd == 1:
            return (self.order_min, self.order_left, self.order_min, self.order_right)[pos]
        return self.name_early if pos in (1, 2) else self.name_min

    def may_go_alone(self, strength: int, seat: int, total: tuple[int, ...],
                     target: int) -> bool:
        """Alone by choice: strong enough, and my side not within ``alone_need`` of
        the target (where a march with the partner wins the game as well)."""
        return strength >= self.alone_min and target - total[seat & 1] > self.alone_need


DEFAULT_THRESHOLDS = BidThresholds()
# Stick the dealer (standard, web): started from the standard rules' double-dummy fit
# (python -m pyengine.measure.fit bids --rules standard: 10, 17, 13, round 2 at 7 / 6,
# alone 16), then set against IS-MCTS's results: the dealer and partner 11, the dealer's
# left 13, round 2 back at Bit #93's (docs/strength.md); the 6502 plays Bit #93 only.
STICK_THRESHOLDS = BidThresholds(order_min=11, order_left=13, order_right=13, name_early=11,
                                 name_min=9, alone_min=16)


def thresholds_for(rules: Rules) -> BidThresholds:
    """The reference player's fitted thresholds for ``rules``: Bit #93's unless the dealer
    is stuck, whose auction the stick-the-dealer fit is for."""
    return STICK_THRESHOLDS if rules.stick_the_dealer else DEFAULT_THRESHOLDS


_PLAY, _BID1, _BID2, _DISCARD = Phase.PLAY, Phase.BID1, Phase.BID2, Phase.DISCARD
_CARD_OF = attrgetter("card")          # a PlayAction's or DiscardAction's card


class Player(Protocol):
    """Anything that decides for a seat from that seat's view (docs/library.md)."""

    name: str

    def decide(self, view: SeatView) -> Action:
        """One of ``view.legal``: what this seat does now."""
        ...


_IS_ACE = tuple(rank_of(Card(c)) == ACE for c in range(EXT_CARDS))


def hand_strength(hand: tuple[Card, ...] | list[Card], trump: Suit) -> int:
    """Bidding strength of ``hand`` with ``trump`` as trump (see the tables)."""
    ranks = TRUMP_RANK[trump]
    eff = EFFECTIVE_SUIT[trump]
    strength = 0
    trumps = 0
    suits_held = 0
    for c in hand:
        tr = ranks[c]
        if tr >= 0:
            strength += TRUMP_POINTS[tr]
            trumps += 1
        else:
            suits_held |= 1 << eff[c]
            if _IS_ACE[c]:                      # rank_of(c) == ACE, by table
                strength += OFF_ACE_POINTS
    if trumps >= VOID_MIN_TRUMPS:
        for s in range(4):
            if s != trump and not suits_held & (1 << s):
                strength += VOID_POINTS
    return strength


def round1_strength(v: SeatView) -> int:
    """Strength for ordering up the upcard, adjusted for where the upcard goes.

    The dealer adds the upcard's points, less his lowest trump's when he holds
    one: Bit #93's discard rule then forces him to throw that trump away. Where
    the dealer may discard any card (``DealerDiscard.ANY``: standard, web), his
    strength is that of his best five of the six cards, the upcard kept (the one
    rule the 6502 never plays: the C64 game is Bit #93's). The dealer's
    opponents subtract half the upcard's points.
    """
    trump = suit_of(v.upcard)
    if v.seat == v.dealer and v.rules.dealer_discard is DealerDiscard.ANY:
        six = (*v.hand, v.upcard)
        return max(hand_strength(six[:i] + six[i + 1:], trump) for i in range(len(v.hand)))
    strength = hand_strength(v.hand, trump)
    ranks = TRUMP_RANK[trump]
    up = TRUMP_POINTS[ranks[v.upcard]]
    if v.seat == v.dealer:
        strength += up
        lowest = min((ranks[c] for c in v.hand if ranks[c] >= 0), default=None)
        if lowest is not None:
            strength -= TRUMP_POINTS[lowest]
    elif (v.seat - v.dealer) & 1:          # an opponent of the dealer
        strength -= up // 2
    return strength


def ref_bid(v: SeatView, t: BidThresholds | None = None) -> BidAction:
    """Round 1 and round 2 bidding, as in the module docstring (rules 1 and 2), at the
    thresholds ``t`` (None: the rules', :func:`thresholds_for`)."""
    if t is None:
        t = thresholds_for(v.rules)
    legal = v.legal
    if v.round == 1:
        trump = suit_of(v.upcard)
        may_order = plain_order = False         # Canadian: one may order, alone only
        for a in legal:
            if a.call == ORDER:
                may_order = True
                if not a.alone:
                    plain_order = True
                    break
        canadian = may_order and not plain_order
        if canadian:
            strength = hand_strength(v.hand, trump)
            call_min = t.canadian_min
        else:
            strength = round1_strength(v)
            call_min = t.call_min(1, v.seat, v.dealer)
        if strength < call_min:
            return PASS_ACTION
        alone = t.may_go_alone(strength, v.seat, v.total, v.rules.target)
        return _pick_bid(legal, ORDER, trump, alone)
    best_suit, best = None, -1
    turned_down = suit_of(v.upcard)
    for s in range(4):
        if s == turned_down:
            continue
        st = hand_strength(v.hand, s)
        if st > best:
            best_suit, best = s, st
    if best < t.call_min(2, v.seat, v.dealer) and PASS_ACTION in legal:
        return PASS_ACTION
    return _pick_bid(legal, NAME, best_suit,
                     t.may_go_alone(best, v.seat, v.total, v.rules.target))


def _pick_bid(legal: tuple[Action, ...], call: str, suit: Suit, alone: bool) -> BidAction:
    """The wanted bid, falling back to the one alone choice the rules allow."""
    want = bid_action(call, suit, alone)
    if want in legal:
        return want
    other = bid_action(call, suit, not alone)
    return other if other in legal else PASS_ACTION


def worth(card: Card, trump: Suit) -> int:
    """Throw-away order: side cards by rank (0-5), trumps above them (10-16)."""
    tr = TRUMP_RANK[trump][card]
    return TRUMP_WORTH_BASE + tr if tr >= 0 else rank_of(card)


# (worth, code) as one number, by trump and card: the key of _lowest_worth's min()
_WORTH_KEY: tuple[tuple[int, ...], ...] = tuple(
    tuple(worth(Card(c), t) * 64 + c for c in range(DECK_SIZE)) for t in range(4))


def _lowest_worth(cards: list[Card], trump: Suit) -> Card:
    """The card of least worth, the lowest code among equals."""
    return min(cards, key=_WORTH_KEY[trump].__getitem__)


def ref_play(v: SeatView) -> PlayAction:
    """Rules 4 (lead) and 5 (follow) of the module docstring."""
    trump = v.trump
    legal = sorted(map(_CARD_OF, v.legal))
    trick = v.trick
    if not trick:
        return PLAY_ACTIONS[ref_lead(v, legal)]
    table = POWER[trump][EFFECTIVE_SUIT[trump][trick[0][1]]]
    win_seat, win_card = trick[0]
    best = table[win_card]
    for s, c in trick:                          # the highest power is unique
        if table[c] > best:
            win_seat, best = s, table[c]
    if win_seat == (v.seat + 2) % 4:            # partner_of(v.seat)
        if len(trick) == 2 and v.sitting_out is None:
            over = _overtake(v, legal, table, best, trick[0][1])   # partner led
            if over is not None:
                return PLAY_ACTIONS[over]
        return PLAY_ACTIONS[_lowest_worth(legal, trump)]
    winners = [c for c in legal if table[c] > best]
    if winners:                                 # powers above 0 are unique: no ties
        return PLAY_ACTIONS[min(winners, key=table.__getitem__)]
    return PLAY_ACTIONS[_lowest_worth(legal, trump)]


def _overtake(v: SeatView, legal: list[Card], table: tuple[int, ...], best: int,
              partners: Card) -> Card | None:
    """Third hand, partner winning: the lowest side card that beats his card and is
    the boss of its suit, when his card is not (the last player could still beat it)."""
    trump = v.trump
    unseen = ~held_mask(gone_cards(v), v.hand)       # cards another seat may hold
    beaters = BEATERS[trump]
    if not beaters[partners] & unseen:
        return None                                   # his card is the boss
    ranks = TRUMP_RANK[trump]
    over = [c for c in legal if table[c] > best and ranks[c] < 0
            and not beaters[c] & unseen]
    return min(over, key=table.__getitem__) if over else None


# --- the lead: a score per card ----------------------------------------------------

LEAD_FEATURES = ("trump", "boss", "rank", "length", "partner void", "opponent void",
                 "turned-down suit", "singleton", "trumps held", "ace", "lowest", "second")
"""What the lead score counts for a card (each 0 or 1 unless said): a trump; the boss of
its suit (no card still out beats it); its rank (trumps 0-6 = 9 T Q K A left right, side
cards 0-5 = 9 T J Q K A); the number of cards of its suit in my hand; my partner / an
opponent has shown out of its suit; its suit is the upcard's, turned down in round 1;
a side singleton; for a trump, how many trumps I hold; a side ace; my lowest card of
its suit; exactly one card still out beats it."""

MAKER, MAKERS_PARTNER, DEFENDER, AGAINST_LONER = 0, 1, 2, 3
# Fitted (issue 16) on 1,800 games of ref: the double-dummy loss of every lead, by role
# (python -m pyengine.measure.fit leads; docs/strength.md).
LEAD_WEIGHTS: tuple[tuple[int, ...], ...] = (
    (1, 10, 4, 1, -8, -1, -1, -4, 3, -4, -3, 1),     # maker: bosses, high cards, trumps
    (1, 1, 0, 0, 10, -6, -9, 0, 1, 0, 0, 0),         # maker's partner: trump, partner's void
    (-9, 9, 1, 0, -2, -9, 1, 0, 0, 6, 7, -1),        # defender: aces and bosses, else low
    (-8, 1, 1, 2, 12, -7, 4, -1, 0, -1, 0, 0),       # against a loner: into partner's void
)


def lead_role(v: SeatView) -> int:
    """MAKER, MAKERS_PARTNER, DEFENDER or AGAINST_LONER, for the seat to lead."""
    if (v.maker & 1) == (v.seat & 1):
        return MAKER if v.maker == v.seat else MAKERS_PARTNER
    return AGAINST_LONER if v.alone else DEFENDER


def lead_context(v: SeatView, gone: int, voids: list[int]) -> tuple:
    """What every card's lead features share: computed once per lead."""
    trump = v.trump
    eff, ranks = EFFECTIVE_SUIT[trump], TRUMP_RANK[trump]
    counts, low = [0, 0, 0, 0], [99, 99, 99, 99]
    for c in v.hand:
        s = eff[c]
        counts[s] += 1
        r = ranks[c] if ranks[c] >= 0 else rank_of(c)
        if r < low[s]:
            low[s] = r
    seat = v.seat
    turned = suit_of(v.upcard) if made_round(v) == 2 else -1
    return (trump, eff, ranks, counts, low, held_mask(gone, v.hand), voids[(seat + 2) & 3],
            voids[(seat + 1) & 3] | voids[(seat + 3) & 3], turned)


def lead_features(v: SeatView, card: Card, gone: int, voids: list[int],
                  context: tuple | None = None) -> tuple[int, ...]:
    """The values of :data:`LEAD_FEATURES` for leading ``card`` (see there); ``context``
    is :func:`lead_context`'s, when the caller has it."""
    trump, eff, ranks, counts, low, held, pvoid, ovoid, turned = (
        context or lead_context(v, gone, voids))
    suit = eff[card]
    is_trump = ranks[card] >= 0
    rank = ranks[card] if is_trump else rank_of(card)
    n = counts[suit]
    above = (BEATERS[trump][card] & ~held).bit_count()
    return (int(is_trump), int(above == 0), rank, n, pvoid >> suit & 1, ovoid >> suit & 1,
            int(suit == turned), int(n == 1 and not is_trump), n if is_trump else 0,
            int(not is_trump and rank == ACE), int(rank == low[suit]), int(above == 1))


def ref_lead(v: SeatView, legal: list[Card]) -> Card:
    """Rule 4: the legal card of the highest lead score (the lowest code among equals)."""
    weights = LEAD_WEIGHTS[lead_role(v)]
    gone = gone_cards(v)
    voids = void_suits(v)
    context = lead_context(v, gone, voids)
    best_card, best = legal[0], None
    for c in legal:                             # legal is sorted: ties keep the lowest
        score = 0
        for w, f in zip(weights, lead_features(v, c, gone, voids, context), strict=True):
            score += w * f
        if best is None or score > best:
            best_card, best = c, score
    return best_card


@dataclass
class RefPlayer:
    """The reference computer player (the one the 6502 runs)."""

    name: str = "ref"
    thresholds: BidThresholds | None = None     # None: the rules' (:func:`thresholds_for`)
    # fields of BidThresholds set on top of the rules' thresholds (the arena's variants,
    # ``ref:order_min=10``); ignored when ``thresholds`` is given
    changes: tuple[tuple[str, int], ...] = ()
    # "learned": bid with the fitted model of pyengine/players/bidmodel.py (the arena's
    # ``ref:bidmodel=learned``) where the rules have a table; "": the thresholds above
    bidmodel: str = ""

    def thresholds_in(self, rules: Rules) -> BidThresholds:
        """The thresholds this player bids at under ``rules``."""
        if self.thresholds is not None:
            return self.thresholds
        t = thresholds_for(rules)
        return replace(t, **dict(self.changes)) if self.changes else t

    def decide(self, view: SeatView) -> Action:
        """Bid, discard or play by the reference rules (module docstring)."""
        legal = view.legal
        if len(legal) == 1:         # every rule below answers a legal action: this one
            return legal[0]
        phase = view.phase
        if phase is _PLAY:
            return ref_play(view)
        if phase is _BID1 or phase is _BID2:
            if self.bidmodel == LEARNED:
                return learned_bid(view, table_for(view.rules))
            return ref_bid(view, self.thresholds_in(view.rules))
        if phase is _DISCARD:
            return ref_discard(view)
        return ref_play(view)


@dataclass
class RandomPlayer:
    """Chooses uniformly among the legal actions, from its own seeded generator."""

    seed: int = 0
    name: str = "random"

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)
        self._bits = self._rng.getrandbits

    def decide(self, view: SeatView) -> Action:
        """A legal action chosen uniformly at random (``random.Random(seed).choice``)."""
        # CPython's choice(seq) is seq[_randbelow(len(seq))], _randbelow drawing
        # n.bit_length() bits until below n: the same draws, written inline (issue 13;
        # tests/test_player.py compares them with choice)
        legal = view.legal
        n = len(legal)
        k = n.bit_length()
        r = self._bits(k)
        while r >= n:
            r = self._bits(k)
        return legal[r]
