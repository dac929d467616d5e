"""What a seat knows about where the cards are, and worlds dealt to fit it (pimc's sampler).

:func:`knowledge` reads a :class:`~pyengine.core.game.SeatView` (its own hand, the upcard,
the bids, the tricks rebuilt from ``played``, the voids shown); :func:`deal_world` deals the
unknown cards under those hard constraints; :func:`sample_worlds` draws the worlds a search
uses, weighed by the beliefs of :mod:`pyengine.players.beliefs` (bidding and play). See
:mod:`pyengine.players.pimc` for what each constraint means.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from pyengine.core.cards import DECK_SIZE, EFFECTIVE_SUIT, POWER, Card, Suit
from pyengine.core.events import NAME, ORDER, PASS
from pyengine.core.game import BidAction, Phase, SeatView
from pyengine.core.rules import DealerDiscard, Rules
from pyengine.players.beliefs import PlayModel, world_weight
from pyengine.players.memory import first_leader, made_round, out_seats
from pyengine.players.solver import active_order

SAMPLE_TRIES = 40               # candidate deals tried per world before voids are dropped


# --- what the seat knows ------------------------------------------------------

@dataclass
class Knowledge:
    """Everything a seat knows about where the cards are, derived from its view."""

    seat: int
    need: list[int]                     # unknown cards each seat still holds
    holds: list[list[Card]]             # cards known to be in each seat's hand
    voids: list[set[Suit]]              # effective suits each seat has shown out of
    unknown: list[Card]                 # cards whose place this seat does not know
    out_slots: int                      # unknown cards out of play (kitty, discard, ...)
    discard_check: bool                 # the dealer's discard is among the out cards
    played_by: list[list[Card]] = field(default_factory=lambda: [[], [], [], []])
    leader: int | None = None           # leader of the trick on the table (play)
    out_seats: tuple[int, ...] = ()     # seats sitting out this hand


def dealer_picked_up(view: SeatView) -> bool:
    """True if the dealer took the upcard into his hand."""
    return (view.maker is not None and made_round(view) == 1
            and view.dealer not in out_seats(view))


def tricks_so_far(view: SeatView) -> tuple[list[list[tuple[int, Card]]], int]:
    """The completed tricks as (seat, card) lists, and the current trick's leader."""
    trump = view.trump
    out = out_seats(view)
    active = 4 - len(out)
    done = list(view.played[:len(view.played) - len(view.trick)])
    leader = first_leader(view)
    tricks = []
    for i in range(0, len(done), active):
        seats = active_order(leader, out)
        trick = list(zip(seats, done[i:i + active], strict=True))
        led = EFFECTIVE_SUIT[trump][trick[0][1]]
        leader = max(trick, key=lambda sc: POWER[trump][led][sc[1]])[0]
        tricks.append(trick)
    return tricks, leader


def knowledge(view: SeatView) -> Knowledge:
    """Everything the viewing seat knows about where the cards are."""
    me = view.seat
    known: set[Card] = set(view.hand)
    holds: list[list[Card]] = [[], [], [], []]
    need = [0, 0, 0, 0]
    voids: list[set[Suit]] = [set(), set(), set(), set()]
    played_by: list[list[Card]] = [[], [], [], []]
    leader = None
    out = out_seats(view)
    discard_check = False
    if view.upcard is not None:
        known.add(view.upcard)
    if view.discarded is not None:
        known.add(view.discarded)
    if view.phase in (Phase.BID1, Phase.BID2) or view.trump is None:
        for s in range(4):
            if s != me:
                need[s] = len(view.hand) if view.phase is not Phase.DISCARD else 5
    else:
        tricks, leader = tricks_so_far(view)
        eff = EFFECTIVE_SUIT[view.trump]
        for trick in [*tricks, list(view.trick)]:
            if not trick:
                continue
            led = eff[trick[0][1]]
            for seat, card in trick:
                played_by[seat].append(card)
                known.add(card)
                if eff[card] != led:
                    voids[seat].add(led)
        picked = dealer_picked_up(view)
        for s in range(4):
            if s == me or s in out:
                continue
            n = 5 - len(played_by[s])
            if picked and s == view.dealer and view.upcard not in played_by[s]:
                holds[s].append(view.upcard)
                n -= 1
            need[s] = n
        discard_check = (picked and view.dealer != me
                         and view.rules.dealer_discard is DealerDiscard.SAME_SUIT)
    unknown = [Card(c) for c in range(DECK_SIZE) if c not in known]
    out_slots = len(unknown) - sum(need)
    return Knowledge(me, need, holds, voids, unknown, out_slots, discard_check,
                     played_by, leader, out)


# --- sampling -------------------------------------------------------------------

@dataclass
class World:
    """One sampled deal of the hidden cards, consistent with the knowledge."""
    hands: list[list[Card]]      # every seat's current cards (this seat's own included)
    out: list[Card]              # unknown cards out of play; out[0] stands for the discard


def deal_world(k: Knowledge, view: SeatView, rng: random.Random) -> World | None:
    """One deal of the unknown cards respecting the hard constraints, or None."""
    trump = view.trump
    eff = EFFECTIVE_SUIT[trump] if trump is not None else None
    cards = k.unknown[:]
    rng.shuffle(cards)
    cap = k.need[:] + [k.out_slots]          # index 4: out of play
    hands: list[list[Card]] = [list(h) for h in k.holds]
    hands[k.seat] = list(view.hand)
    out: list[Card] = []
    for c in cards:
        choices = []
        weight = 0
        for s in range(5):
            if cap[s] and (s == 4 or eff is None or eff[c] not in k.voids[s]):
                choices.append(s)
                weight += cap[s]
        if not weight:
            return None
        r = rng.randrange(weight)
        for s in choices:
            r -= cap[s]
            if r < 0:
                break
        cap[s] -= 1
        (out if s == 4 else hands[s]).append(c)
    if k.discard_check and not _discard_ok(k, view, hands, out):
        return None
    return World(hands, out)


def _discard_ok(k: Knowledge, view: SeatView, hands: list[list[Card]], out: list[Card]) -> bool:
    """Bit #93's discard rule holds for the dealer's hand and out[0] as his discard."""
    if not out:
        return True
    trump = view.trump
    d = view.dealer
    eff = EFFECTIVE_SUIT[trump]
    discard = out[0]
    if eff[discard] == trump:
        return True
    others = [c for c in hands[d] + k.played_by[d] if c != view.upcard]
    return not any(eff[c] == trump for c in others)


def original_hands(view: SeatView, k: Knowledge, w: World) -> list[list[Card]]:
    """The five cards each seat held while bidding, in this world."""
    hands = [list(w.hands[s]) + k.played_by[s] for s in range(4)]
    if view.trump is not None and dealer_picked_up(view):
        d = view.dealer
        if d != view.seat and w.out:
            hands[d] = [c for c in hands[d] if c != view.upcard] + [w.out[0]]
        elif d == view.seat and view.discarded is not None:
            hands[d] = [c for c in hands[d] if c != view.upcard] + [view.discarded]
    for s in k.out_seats:
        if s != view.seat:
            hands[s] = w.out[-5:]          # a seat sitting out: his five are out of play
    return hands


def legal_bids(rules: Rules, rnd: int, seat: int, dealer: int, up_suit: Suit) -> tuple:
    """The bids the rules allow (GameState._legal_bids1/2, from public facts)."""
    alone = (False, True) if rules.alone_allowed else (False,)
    if rnd == 1:
        forced = rules.canadian_rule and seat == (dealer + 2) % 4
        return (BidAction(PASS),) + tuple(BidAction(ORDER, up_suit, a)
                                          for a in ((True,) if forced else alone))
    stuck = rules.stick_the_dealer and seat == dealer
    acts = () if stuck else (BidAction(PASS),)
    return acts + tuple(BidAction(NAME, s, a) for s in range(4) if s != up_suit for a in alone)


def sample_worlds(view: SeatView, k: Knowledge, rng: random.Random, n: int,
                  infer: float, spread: float = 2.0, candidates: int = 4,
                  playinfer: float = 0.0) -> list[World]:
    """``n`` worlds: hard constraints always; beliefs by weight (see the module docstring).

    With beliefs on (``infer`` below 1 and some bids, or ``playinfer`` above 0 and some card
    played by another seat), ``n * candidates`` candidate worlds are dealt and ``n`` drawn
    from them in proportion to :func:`~pyengine.players.beliefs.world_weight` times
    :meth:`~pyengine.players.beliefs.PlayModel.weight` (a world may be drawn twice: it then
    counts twice). Beliefs off: the first ``n`` worlds dealt, as before issue 16.
    """
    bids = infer < 1.0 and bool(view.bids)
    play = None
    if playinfer > 0.0 and view.phase is Phase.PLAY and view.trump is not None:
        tricks, _ = tricks_so_far(view)
        play = PlayModel(view, [*tricks, list(view.trick)], playinfer)
        play = play if play.events else None
    weigh = (bids or play is not None) and candidates > 1
    pool = [hard_world(view, k, rng) for _ in range(n * candidates if weigh else n)]
    if not weigh:
        return pool
    picked = dealer_picked_up(view) and view.dealer != view.seat
    weights = []
    for w in pool:
        x = world_weight(view, original_hands(view, k, w), spread, infer) if bids else 1.0
        if play is not None:
            x *= play.weight(w.hands, w.out[0] if picked and w.out else None)
        weights.append(x)
    return rng.choices(pool, weights=weights, k=n)


def hard_world(view: SeatView, k: Knowledge, rng: random.Random) -> World:
    """One world under the hard constraints (voids dropped if they leave none)."""
    while True:
        for _ in range(SAMPLE_TRIES):
            w = deal_world(k, view, rng)
            if w is not None:
                return w
        # voids too tight for the sampler: give up on them
        k = Knowledge(k.seat, k.need, k.holds, [set(), set(), set(), set()], k.unknown,
                      k.out_slots, False, k.played_by, k.leader, k.out_seats)
