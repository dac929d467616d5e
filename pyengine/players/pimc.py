"""The search player (``pimc``): sample the hidden cards, solve each sample, choose.

Perfect-information Monte Carlo: for every decision the player deals the cards
it cannot see many times ("worlds"), each consistent with what its seat knows,
solves each world exactly with the open-hand solver (:mod:`pyengine.players.solver`)
and takes the choice with the best average result. It reads only its
:class:`~pyengine.core.game.SeatView`; everything else it uses is derived from the
view's public history (``bids``, ``played``, ``trick``).

What a world respects (hard constraints):

* the seat's own hand (and, for the dealer, his own discard);
* the upcard: out of play while bidding and once turned down; after a round-1
  order the dealer holds it (unless he has played it, or sits out);
* the cards played, and who played them: the tricks are rebuilt from
  ``played`` with the rules' first leader and each trick's winner;
* voids: a seat that did not follow the led suit holds none of it (suits are
  effective suits, so the left bower counts as trump);
* Bit #93's discard rule: a dealer who held a trump besides the upcard
  discarded a trump, so the out-of-play card standing for his discard must
  allow that.

and what it believes (soft): the other seats bid like the reference player.
A sampled world in which some seat would have bid differently from what it
did is kept only with probability ``infer`` (1.0 turns the belief off).

Decisions:

* **play**: for each legal card, the exact result of the rest of the hand in
  every world; the value is the points of the hand for my side (mine minus
  theirs) plus ``tiebreak`` per trick my side takes.
* **discard**: the same, over the legal discards, from the first lead.
* **bids**: each legal bid is played out in every world: a call is solved as
  the contract it makes (the dealer discards like the reference player); a
  pass is followed by the rest of the auction with the other seats bidding
  like the reference player and this seat, if it bids again, taking its best
  solved choice in that world.

Cost: ``worlds`` worlds per decision, or fewer if ``time`` seconds pass first
(at least ``MIN_WORLDS``). The defaults (``PimcConfig()``) keep a decision
under about a second on one core; :data:`ARENA` is the faster arena setting.

Rule sets: any with four players, the 24-card deck, no joker and the upcard
auction (bit93, web, standard and their redeal/loner options). Other games,
and the phases pimc does not model (a new deal on request, defending alone),
are delegated to the variant player.
"""

from __future__ import annotations

import math
import random
import time
import zlib
from dataclasses import dataclass, field
from types import SimpleNamespace

from pyengine.core.cards import DECK_SIZE, EFFECTIVE_SUIT, POWER, Card, Suit, suit_of
from pyengine.core.events import NAME, ORDER, PASS
from pyengine.core.game import (
    Action,
    BidAction,
    DiscardAction,
    Phase,
    SeatView,
)
from pyengine.core.rules import DealerDiscard, FirstLead, Rules
from pyengine.players.player import ref_bid, ref_discard
from pyengine.players.solver import BIT_OF, Solver, active_order, to_mask
from pyengine.players.varplayer import VariantPlayer

MIN_WORLDS = 4
SAMPLE_TRIES = 40               # candidate deals tried per world before beliefs are dropped


@dataclass(frozen=True)
class PimcConfig:
    """The search player's settings: worlds, seconds, belief, tie-break, seed."""
    worlds: int = 40            # worlds per decision
    time: float = 0.8           # seconds per decision at most (0: no limit)
    infer: float = 0.1          # keep-probability of a world that contradicts a bid
    tiebreak: float = 0.05      # value of one trick for my side, beside the points
    seed: int = 0


DEFAULT = PimcConfig()
ARENA = PimcConfig(worlds=16, time=0.0)


def supports(rules: Rules) -> bool:
    """Rule sets pimc models (see the module docstring)."""
    return (rules.players == 4 and rules.deck == DECK_SIZE and not rules.joker
            and not rules.bid6 and not rules.defend_alone)


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


def made_round(view: SeatView) -> int:
    """The bidding round in which trump was made (0: not yet)."""
    for b in reversed(view.bids):
        if b.call != PASS:
            return b.round
    return 0


def first_leader(view: SeatView) -> int:
    """Who leads the first trick (GameState._start_play, from public facts)."""
    r = view.rules
    if r.canadian_loner and view.alone and made_round(view) == 1:
        first = view.maker
    else:
        first = view.maker if r.first_lead is FirstLead.MAKER_LEFT else view.dealer
    out = _out_seats(view)
    nxt = (first + 1) % 4
    while nxt in out:
        nxt = (nxt + 1) % 4
    return nxt


def _out_seats(view: SeatView) -> tuple[int, ...]:
    return tuple(s for s in (view.sitting_out, view.defender_out) if s is not None)


def dealer_picked_up(view: SeatView) -> bool:
    """True if the dealer took the upcard into his hand."""
    return (view.maker is not None and made_round(view) == 1
            and view.dealer not in _out_seats(view))


def tricks_so_far(view: SeatView) -> tuple[list[list[tuple[int, Card]]], int]:
    """The completed tricks as (seat, card) lists, and the current trick's leader."""
    trump = view.trump
    out = _out_seats(view)
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
    out = _out_seats(view)
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


def bids_consistent(view: SeatView, k: Knowledge, w: World) -> bool:
    """Would every other seat, holding this world's cards, have bid as it did (ref's way)?"""
    if not view.bids:
        return True
    orig = original_hands(view, k, w)
    up = view.upcard
    for i, b in enumerate(view.bids):
        if b.seat == view.seat:
            continue
        legal = legal_bids(view.rules, b.round, b.seat, view.dealer, suit_of(up))
        v = SimpleNamespace(seat=b.seat, dealer=view.dealer, upcard=up, round=b.round,
                            hand=tuple(orig[b.seat]), legal=legal, bids=view.bids[:i])
        want = ref_bid(v)
        if (want.call, want.suit, want.alone) != (b.call, b.suit, b.alone):
            return False
    return True


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
                  infer: float, deadline: float | None = None) -> list[World]:
    """Up to ``n`` worlds consistent with ``k`` (soft beliefs by ``infer``)."""
    worlds: list[World] = []
    while len(worlds) < n:
        if deadline is not None and len(worlds) >= MIN_WORLDS and time.perf_counter() > deadline:
            break
        found = None
        for _ in range(SAMPLE_TRIES):
            w = deal_world(k, view, rng)
            if w is None:
                continue
            if found is None:
                found = w                   # hard constraints hold: the fallback
            if infer >= 1.0 or bids_consistent(view, k, w) or rng.random() < infer:
                found = w
                break
        if found is None:                   # voids too tight for the sampler: give up on them
            k = Knowledge(k.seat, k.need, k.holds, [set(), set(), set(), set()], k.unknown,
                          k.out_slots, False, k.played_by, k.leader, k.out_seats)
            continue
        worlds.append(found)
    return worlds


# --- evaluation -------------------------------------------------------------------

def hand_value(rules: Rules, me: int, maker: int, maker_tricks: int, alone: bool,
               tiebreak: float) -> float:
    """Points of the hand for my side minus theirs, plus the trick tie-break."""
    makers = maker & 1
    pts = rules.hand_points(makers, maker_tricks, alone)
    mine = me & 1
    my_tricks = maker_tricks if mine == makers else 5 - maker_tricks
    return pts[mine] - pts[1 - mine] + tiebreak * my_tricks


class _Solvers:
    """One solver (and transposition table) per contract, shared by a decision's worlds."""

    def __init__(self) -> None:
        self.cache: dict[tuple[int, int, tuple[int, ...]], Solver] = {}

    def get(self, trump: Suit, makers: int, out: tuple[int, ...]) -> Solver:
        key = (trump, makers, out)
        s = self.cache.get(key)
        if s is None:
            s = self.cache[key] = Solver(trump, makers, out)
        return s


def play_contract(rules: Rules, hands: list[list[Card]], dealer: int, upcard: Card, rnd: int,
                  trump: Suit, maker: int, alone: bool, solvers: _Solvers,
                  discard: Card | None = None) -> int:
    """Makers' tricks, solved open-hand, for a contract made on these (bidding) hands."""
    out = ((maker + 2) % 4,) if alone else ()
    hs = [list(h) for h in hands]
    if rnd == 1 and dealer not in out:
        six = hs[dealer] + [upcard]
        if discard is None:
            legal = _legal_discards(rules, six, upcard, trump)
            v = SimpleNamespace(trump=trump, hand=tuple(six),
                                legal=tuple(DiscardAction(c) for c in sorted(legal)))
            discard = ref_discard(v).card
        six.remove(discard)
        hs[dealer] = six
    r = rules
    if r.canadian_loner and alone and rnd == 1:
        first = maker
    else:
        first = maker if r.first_lead is FirstLead.MAKER_LEFT else dealer
    leader = active_order((first + 1) % 4, out)[0]
    solver = solvers.get(trump, maker & 1, out)
    masks = [0 if s in out else to_mask(hs[s], trump) for s in range(4)]
    return solver.tricks(masks, leader)


def _legal_discards(rules: Rules, six: list[Card], upcard: Card, trump: Suit) -> list[Card]:
    if rules.dealer_discard is DealerDiscard.ANY:
        return list(six)
    others = [c for c in six if c != upcard]
    trumps = [c for c in others if EFFECTIVE_SUIT[trump][c] == trump]
    return trumps or others


@dataclass(frozen=True)
class Rating:
    """A legal action with its mean value over the worlds it was solved in."""
    action: Action
    value: float         # mean value over the worlds (points for my side - theirs + tie-break)
    worlds: int


class PimcPlayer:
    """The search player; ``config`` sets worlds, time, beliefs and seed."""

    def __init__(self, config: PimcConfig = DEFAULT, name: str = "pimc") -> None:
        self.config = config
        self.name = name
        self._fallback = VariantPlayer()
        self.last_ratings: list[Rating] = []

    def decide(self, view: SeatView) -> Action:
        """The best-rated legal action (the only one without searching)."""
        if len(view.legal) == 1:
            return view.legal[0]
        if not supports(view.rules) or view.phase not in (Phase.BID1, Phase.BID2,
                                                           Phase.DISCARD, Phase.PLAY):
            return self._fallback.decide(view)
        ratings = self.rate(view)
        return ratings[0].action

    def rate(self, view: SeatView) -> list[Rating]:
        """Every legal action with its value, best first (ties: the engine's order)."""
        cfg = self.config
        rng = random.Random(_view_digest(view, cfg.seed))
        deadline = time.perf_counter() + cfg.time if cfg.time > 0 else None
        k = knowledge(view)
        worlds = sample_worlds(view, k, rng, cfg.worlds, cfg.infer, deadline)
        legal = list(view.legal)
        totals = [0.0] * len(legal)
        solvers = _Solvers()
        done = 0
        for w in worlds:
            if view.phase is Phase.PLAY:
                vals = self._play_values(view, k, w, legal, solvers)
            elif view.phase is Phase.DISCARD:
                vals = self._discard_values(view, w, legal, solvers)
            else:
                vals = self._bid_values(view, k, w, legal, solvers)
            for i, v in enumerate(vals):
                totals[i] += v
            done += 1
            if deadline is not None and done >= MIN_WORLDS and time.perf_counter() > deadline:
                break
        ratings = [Rating(a, t / max(done, 1), done) for a, t in zip(legal, totals, strict=True)]
        order = sorted(range(len(legal)), key=lambda i: (-round(ratings[i].value, 9), i))
        self.last_ratings = [ratings[i] for i in order]
        return self.last_ratings

    # --- card play ----------------------------------------------------------

    def _play_values(self, view: SeatView, k: Knowledge, w: World, legal: list[Action],
                     solvers: _Solvers) -> list[float]:
        trump, me = view.trump, view.seat
        makers = view.maker & 1
        solver = solvers.get(trump, makers, k.out_seats)
        masks = [to_mask(h, trump) for h in w.hands]
        for s in k.out_seats:
            masks[s] = 0
        won = view.tricks_won[makers]
        leader = k.leader
        active = 4 - len(k.out_seats)
        trick = [(s, c) for s, c in view.trick]
        vals = []
        for a in legal:
            c = a.card
            masks2 = masks[:]
            masks2[me] = to_mask([x for x in w.hands[me] if x != c], trump)
            t2 = trick + [(me, c)]
            if len(t2) == active:
                led = EFFECTIVE_SUIT[trump][t2[0][1]]
                winner = max(t2, key=lambda sc: POWER[trump][led][sc[1]])[0]
                got = won + ((winner & 1) == makers)
                rest = solver.tricks(masks2, winner) if masks2[winner] else 0
            else:
                got = won
                bits = [(s, BIT_OF[trump][x]) for s, x in t2]
                rest = solver.tricks(masks2, leader, bits)
            vals.append(hand_value(view.rules, me, view.maker, got + rest, view.alone,
                                   self.config.tiebreak))
        return vals

    # --- discard ------------------------------------------------------------

    def _discard_values(self, view: SeatView, w: World, legal: list[Action],
                        solvers: _Solvers) -> list[float]:
        me = view.seat
        five = [c for c in w.hands[me] if c != view.upcard]   # the hand before pick-up
        hands = [list(h) for h in w.hands]
        hands[me] = five
        vals = []
        for a in legal:
            t = play_contract(view.rules, hands, view.dealer, view.upcard, 1, view.trump,
                              view.maker, view.alone, solvers, discard=a.card)
            vals.append(hand_value(view.rules, me, view.maker, t, view.alone,
                                   self.config.tiebreak))
        return vals

    # --- bidding ------------------------------------------------------------

    def _bid_values(self, view: SeatView, k: Knowledge, w: World, legal: list[Action],
                    solvers: _Solvers) -> list[float]:
        memo: dict[tuple[int, int, int, bool], float] = {}

        def contract(rnd: int, trump: Suit, maker: int, alone: bool) -> float:
            key = (rnd, trump, maker, alone)
            if key not in memo:
                t = play_contract(view.rules, w.hands, view.dealer, view.upcard, rnd, trump,
                                  maker, alone, solvers)
                memo[key] = hand_value(view.rules, view.seat, maker, t, alone,
                                       self.config.tiebreak)
            return memo[key]

        vals = []
        for a in legal:
            if a.call == PASS:
                vals.append(self._rollout(view, w, contract))
            else:
                vals.append(contract(view.round, a.suit, view.seat, a.alone))
        return vals

    def _rollout(self, view: SeatView, w: World, contract) -> float:
        """The rest of the auction after this seat passes, the others bidding like ref."""
        me, dealer, rules = view.seat, view.dealer, view.rules
        up_suit = suit_of(view.upcard)
        bids = list(view.bids)
        seat, rnd = (me + 1) % 4, view.round
        if me == dealer:
            if rnd == 2:
                return 0.0
            rnd = 2
        while True:
            if seat == me:
                # my own second-round choice: the best in this world
                options = legal_bids(rules, 2, me, dealer, up_suit)
                best = None
                for a in options:
                    v = 0.0 if a.call == PASS else contract(2, a.suit, me, a.alone)
                    best = v if best is None else max(best, v)
                return best if best is not None else 0.0
            legal = legal_bids(rules, rnd, seat, dealer, up_suit)
            v = SimpleNamespace(seat=seat, dealer=dealer, upcard=view.upcard, round=rnd,
                                hand=tuple(w.hands[seat]), legal=legal, bids=tuple(bids))
            b = ref_bid(v)
            if b.call != PASS:
                return contract(rnd, b.suit, seat, b.alone)
            if seat == dealer:
                if rnd == 2:
                    return 0.0
                rnd = 2
            seat = (seat + 1) % 4


def _int(value: int | None) -> int | None:
    return None if value is None else int(value)


def _view_digest(view: SeatView, seed: int) -> int:
    """A seed from what the seat sees: the same view always gets the same worlds."""
    # plain ints, so the text (and the worlds) stay what they were when cards were ints
    text = repr((seed, view.seat, view.phase.value, tuple(map(int, view.hand)), view.dealer,
                 _int(view.upcard),
                 [(b.seat, b.round, b.call, _int(b.suit), b.alone) for b in view.bids],
                 _int(view.trump), view.maker, tuple((s, int(c)) for s, c in view.trick),
                 tuple(map(int, view.played)), view.tricks_won, view.total,
                 _int(view.discarded)))
    return zlib.crc32(text.encode())


def parse_player_options(text: str) -> PimcConfig:
    """``worlds=20,time=0.5,infer=1,seed=3`` -> a PimcConfig (unknown names raise)."""
    cfg = ARENA
    if not text:
        return cfg
    values = {}
    for part in text.split(","):
        name, _, value = part.partition("=")
        name = name.strip()
        if name not in ("worlds", "time", "infer", "tiebreak", "seed"):
            raise ValueError(f"unknown pimc option {name!r} "
                             "(worlds, time, infer, tiebreak, seed)")
        whole = name in ("worlds", "seed")
        try:
            values[name] = int(value) if whole else float(value)
        except ValueError:
            kind = "a whole number" if whole else "a number"
            raise ValueError(f"option {part.strip()!r}: {name} must be {kind}") from None
        if not math.isfinite(values[name]) or (name != "seed" and values[name] < 0) \
                or (name == "worlds" and values[name] < 1):
            low = "at least 1" if name == "worlds" else "0 or more"
            raise ValueError(f"option {part.strip()!r}: {name} must be {low}")
    return PimcConfig(**{**cfg.__dict__, **values})
