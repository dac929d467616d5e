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

and what it believes (soft): the other seats bid roughly like the reference player.
Each candidate world is weighed by how likely the public bidding is under that
model (:mod:`pyengine.players.beliefs`: a seat that passed with a strong hand for
the trump is unlikely, each bid's likelihood at least ``infer``; 1.0 turns the
belief off), and the worlds searched are drawn from ``candidates`` times as many
candidates in proportion to their weights (sampling-importance-resampling). With
``playinfer`` P above 0 the weight also counts the card play: each card another seat
played is weighed by how likely it was, holding what it held then in that world, if it
plays ``ref``'s card with probability P and otherwise any legal card (off by default:
measured, it did not help; see docs/strength.md).

Decisions:

* **play**: for each legal card, the exact result of the rest of the hand in
  every world; the value is the points of the hand for my side (mine minus
  theirs) plus ``tiebreak`` per trick my side takes.
* **discard**: the same, over the legal discards, from the first lead.
* **bids**: each legal bid is played out in every world: a call is solved as
  the contract it makes (the dealer discards like the reference player); a
  pass is followed by the rest of the auction with the other seats bidding
  like the reference player and this seat, if it bids again, taking its best
  solved choice in that world (``onechoice=1``: the one choice best over all the
  worlds that come back to it). ``caution`` takes points off each call of its own,
  and ``seatcaution`` more by round and seat from the dealer; unset, the rules' table
  (:func:`caution_for`: where the dealer is stuck, the calls its calibration found
  over-valued; none under Bit #93). With ``bidplay=1`` each contract of the auction
  is not solved open-hand but played out in the world by the reference player's card
  play at every seat (:mod:`pyengine.players.policyplay`): one policy per information
  set, so a call's value is not that of lines only a player who saw every card would
  find (strategy fusion).

Cost: a budget of ``worlds`` worlds per decision, so the same position always gets
the same worlds and the same answer, on any machine and under any load. ``time`` is
only a safety cap (0: none): if that many seconds pass, the search stops after the
worlds solved so far (at least ``MIN_WORLDS``) and ``last_cut`` says so. The defaults
(``PimcConfig()``, the shell's hints) are 40 worlds, a cap of 10 s that an unloaded
machine never reaches; :data:`ARENA` is the faster arena setting.

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
from collections.abc import Callable
from dataclasses import dataclass
from types import SimpleNamespace

from pyengine.core.cards import DECK_SIZE, EFFECTIVE_SUIT, POWER, Card, Suit, suit_of
from pyengine.core.events import PASS
from pyengine.core.game import (
    Action,
    DiscardAction,
    Phase,
    SeatView,
)
from pyengine.core.rules import DealerDiscard, FirstLead, Rules
from pyengine.players.player import ref_bid, ref_discard
from pyengine.players.policyplay import policy_tricks
from pyengine.players.solver import BIT_OF, OpenHandSolver, active_order, make_solver, to_mask
from pyengine.players.varplayer import VariantPlayer
from pyengine.players.worlds import (  # noqa: F401  (public here too)
    Knowledge,
    World,
    deal_world,
    dealer_picked_up,
    first_leader,
    hard_world,
    knowledge,
    legal_bids,
    made_round,
    original_hands,
    sample_worlds,
    tricks_so_far,
)

MIN_WORLDS = 4


@dataclass(frozen=True)
class PimcConfig:
    """The search player's settings: worlds, safety cap, beliefs, tie-break, seed."""
    worlds: int = 40            # worlds per decision: the budget
    time: float = 10.0          # safety cap in seconds per decision (0: none)
    infer: float = 0.1          # least likelihood of one bid (1: no beliefs)
    spread: float = 2.0         # the bid model's blur, in hand-strength points
    candidates: int = 4         # candidate worlds drawn per world searched
    playinfer: float = 0.0      # P(another seat plays ref's card) in the play model (0: off)
    tiebreak: float = 0.05      # value of one trick for my side, beside the points
    caution: float = 0.0        # points taken off every call of mine (0: none)
    # points taken off my calls by round and my seat from the dealer: round 1's dealer,
    # left, partner, right, then round 2's (None: the rules' own, :func:`caution_for`)
    seatcaution: tuple[float, ...] | None = None
    loner: float = 0.0          # points added to a loner of mine (the open-hand bias on
                                # loners, docs/strength.md "Learned bidding")
    onechoice: int = 0          # 1: my own later bid is one choice for every world (below)
    bidplay: int = 0            # 1: a bid's contracts played out by ref's cards, not solved
    seed: int = 0


DEFAULT = PimcConfig()
ARENA = PimcConfig(worlds=16, time=0.0)

NO_CAUTION = (0.0,) * 8
# Where the dealer is stuck (standard, web), by round and seat from the dealer: from
# pimc's calibration (python -m pyengine.measure.calibrate, 40 worlds, game numbers
# 3000-3039 against IS-MCTS-2000 and 3000-3049 against ref; docs/strength.md). A call's
# over-estimate against the pass's was the same against both opponents in two places: the
# dealer's round-1 order (+0.41 and +0.59) and the dealer's left naming a suit in round 2
# (+0.44 and +0.45); elsewhere it was small or rested on too few decisions. The dealer's
# left gets his round-2 caution in round 1 too: his round-1 pass is valued through his
# later call, and alone it would make his rare round-1 orders look better.
STICK_CAUTION = (0.5, 0.4, 0.0, 0.0,
                 0.0, 0.4, 0.0, 0.0)


def caution_for(rules: Rules) -> tuple[float, ...]:
    """The points a call loses before it is compared, by round and seat from the dealer
    (round 1's four seats, then round 2's), where ``seatcaution`` is not set: the
    stick-the-dealer auction's fitted table; none under Bit #93, where a flat 0.3 lost
    0.08 a hand against ref (docs/strength.md)."""
    return STICK_CAUTION if rules.stick_the_dealer else NO_CAUTION


def supports(rules: Rules) -> bool:
    """Rule sets pimc models (see the module docstring)."""
    return (rules.players == 4 and rules.deck == DECK_SIZE and not rules.joker
            and not rules.bid6 and not rules.defend_alone)


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
        self.cache: dict[tuple[int, int, tuple[int, ...]], OpenHandSolver] = {}

    def get(self, trump: Suit, makers: int, out: tuple[int, ...]) -> OpenHandSolver:
        key = (trump, makers, out)
        s = self.cache.get(key)
        if s is None:
            s = self.cache[key] = make_solver(trump, makers, out)
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
            discard = dealer_discard(rules, six, upcard, trump)
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


def dealer_discard(rules: Rules, six: list[Card], upcard: Card, trump: Suit) -> Card:
    """The reference player's discard from the dealer's six cards."""
    legal = _legal_discards(rules, six, upcard, trump)
    v = SimpleNamespace(trump=trump, hand=tuple(six),
                        legal=tuple(DiscardAction(c) for c in sorted(legal)))
    return ref_discard(v).card


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

    def __init__(self, config: PimcConfig = DEFAULT, name: str = "pimc",
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.config = config
        self.name = name
        self.clock = clock          # read only for the safety cap
        self._fallback = VariantPlayer()
        self.last_ratings: list[Rating] = []
        self.last_cut = False       # the safety cap stopped the last search early

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
        deadline = self.clock() + cfg.time if cfg.time > 0 else None
        k = knowledge(view)
        worlds = sample_worlds(view, k, rng, cfg.worlds, cfg.infer, cfg.spread,
                               cfg.candidates, playinfer=cfg.playinfer)
        legal = list(view.legal)
        solvers = _Solvers()
        done = 0
        self.last_cut = False
        solved: dict[int, list[float | Later]] = {}   # a world drawn twice is solved once
        per_world: list[list[float | Later]] = []
        for w in worlds:
            vals = solved.get(id(w))
            if vals is None:
                if view.phase is Phase.PLAY:
                    vals = self._play_values(view, k, w, legal, solvers)
                elif view.phase is Phase.DISCARD:
                    vals = self._discard_values(view, w, legal, solvers)
                else:
                    vals = self._bid_values(view, k, w, legal, solvers)
                solved[id(w)] = vals
            per_world.append(vals)
            done += 1
            if deadline is not None and done >= MIN_WORLDS and done < len(worlds) \
                    and self.clock() > deadline:
                self.last_cut = True
                break
        totals = world_totals(per_world, len(legal), bool(cfg.onechoice))
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
                    solvers: _Solvers) -> list[float | Later]:
        memo: dict[tuple[int, int, int, bool], float] = {}

        def contract(rnd: int, trump: Suit, maker: int, alone: bool) -> float:
            key = (rnd, trump, maker, alone)
            if key not in memo:
                if self.config.bidplay:
                    dealer, up = view.dealer, view.upcard
                    discard = None
                    if rnd == 1 and not (alone and dealer == (maker + 2) % 4):
                        discard = dealer_discard(view.rules, list(w.hands[dealer]) + [up],
                                                 up, trump)
                    t = policy_tricks(view.rules, w.hands, dealer, up, rnd, trump, maker,
                                      alone, discard)
                else:
                    t = play_contract(view.rules, w.hands, view.dealer, view.upcard, rnd,
                                      trump, maker, alone, solvers)
                memo[key] = hand_value(view.rules, view.seat, maker, t, alone,
                                       self.config.tiebreak)
            return memo[key]

        vals = []
        for a in legal:
            if a.call == PASS:
                vals.append(self._rollout(view, w, contract))
            else:
                vals.append(contract(view.round, a.suit, view.seat, a.alone)
                            - self.call_caution(view, view.round)
                            + (self.config.loner if a.alone else 0.0))
        return vals

    def call_caution(self, view: SeatView, rnd: int) -> float:
        """The points taken off a call of mine in round ``rnd``: ``caution`` plus the
        seat table's (``seatcaution``, else the rules' :func:`caution_for`)."""
        cfg = self.config
        table = cfg.seatcaution if cfg.seatcaution is not None else caution_for(view.rules)
        return cfg.caution + table[(rnd - 1) * 4 + (view.seat - view.dealer) % 4]

    def _rollout(self, view: SeatView, w: World, contract) -> float | Later:
        """The rest of the auction after this seat passes, the others bidding like ref:
        its value, or the values of my own choices if the auction comes back to me."""
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
                # my own second-round choice: the same options in every world
                # that gets here (the auction so far is the same: all passed)
                options = legal_bids(rules, 2, me, dealer, up_suit)
                return Later(tuple(
                    0.0 if a.call == PASS else
                    contract(2, a.suit, me, a.alone) - self.call_caution(view, 2)
                    + (self.config.loner if a.alone else 0.0)
                    for a in options))
            legal = legal_bids(rules, rnd, seat, dealer, up_suit)
            v = SimpleNamespace(seat=seat, dealer=dealer, upcard=view.upcard, round=rnd,
                                hand=tuple(w.hands[seat]), legal=legal, bids=tuple(bids),
                                total=view.total, rules=rules)
            b = ref_bid(v)
            if b.call != PASS:
                return contract(rnd, b.suit, seat, b.alone)
            if seat == dealer:
                if rnd == 2:
                    return 0.0
                rnd = 2
            seat = (seat + 1) % 4


@dataclass(frozen=True)
class Later:
    """The values, in one world, of my own choices when the auction comes back to me
    (:func:`world_totals` decides which one counts)."""
    values: tuple[float, ...]


def world_totals(per_world: list[list[float | Later]], n: int, one_choice: bool
                 ) -> list[float]:
    """The sum over the worlds of each of ``n`` actions' values.

    A :class:`Later` counts its best value in that world, as if I knew the hidden cards
    when I bid again (``one_choice`` False), or else the value of the one choice that is
    best summed over every world that comes back to me: I will not know which world is
    the real one then either, so I cannot choose differently in each (strategy fusion,
    the classic over-estimate of sampling and solving open-hand worlds)."""
    later = [v for vals in per_world for v in vals if isinstance(v, Later)]
    choice = None
    if one_choice and later:
        sums = [sum(x.values[i] for x in later) for i in range(len(later[0].values))]
        choice = max(range(len(sums)), key=lambda i: (round(sums[i], 9), -i))
    totals = [0.0] * n
    for vals in per_world:
        for i, v in enumerate(vals):
            if isinstance(v, Later):
                v = max(v.values) if choice is None else v.values[choice]
            totals[i] += v
    return totals


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


NAMES = ("worlds", "time", "infer", "spread", "candidates", "playinfer", "tiebreak", "caution",
         "seatcaution", "loner", "onechoice", "bidplay", "seed")


def parse_player_options(text: str) -> PimcConfig:
    """``worlds=20,time=0.5,infer=1,playinfer=0,seed=3`` -> a PimcConfig (unknown names raise)."""
    cfg = ARENA
    if not text:
        return cfg
    values = {}
    for part in text.split(","):
        name, _, value = part.partition("=")
        name = name.strip()
        if name not in NAMES:
            raise ValueError(f"unknown pimc option {name!r} ({', '.join(NAMES)})")
        if name == "seatcaution":
            values[name] = _seat_table(part.strip(), value)
            continue
        whole = name in ("worlds", "seed", "candidates", "onechoice", "bidplay")
        try:
            values[name] = int(value) if whole else float(value)
        except ValueError:
            kind = "a whole number" if whole else "a number"
            raise ValueError(f"option {part.strip()!r}: {name} must be {kind}") from None
        if not math.isfinite(values[name]) or (name != "seed" and values[name] < 0) \
                or (name in ("worlds", "candidates") and values[name] < 1) \
                or (name == "spread" and values[name] <= 0):
            low = ("at least 1" if name in ("worlds", "candidates")
                   else "more than 0" if name == "spread" else "0 or more")
            raise ValueError(f"option {part.strip()!r}: {name} must be {low}")
        if name in ("onechoice", "bidplay") and values[name] > 1:
            raise ValueError(f"option {part.strip()!r}: {name} must be 0 or 1")
        if name == "playinfer" and values[name] >= 1:
            raise ValueError(f"option {part.strip()!r}: playinfer must be less than 1 "
                             "(0 turns the play beliefs off)")
    return PimcConfig(**{**cfg.__dict__, **values})


def _seat_table(part: str, value: str) -> tuple[float, ...]:
    """``seatcaution=D/L/P/R`` (both rounds) or eight values (round 1's, round 2's)."""
    try:
        numbers = tuple(float(x) for x in value.split("/"))
    except ValueError:
        numbers = ()
    if len(numbers) not in (4, 8) or not all(math.isfinite(x) and x >= 0 for x in numbers):
        raise ValueError(f"option {part!r}: seatcaution must be 4 numbers, 0 or more (the "
                         "dealer, his left, partner, right), or 8 (round 1's, then round "
                         "2's), separated by /")
    return numbers if len(numbers) == 8 else numbers * 2
