"""The arena: duplicate matches between two players, with honest statistics.

A *match* is one game played to the rules' target. Matches come in duplicate
pairs: one deal sequence (game number) is played twice, team A in seats 0+2
and then in seats 1+3, so each team is dealt the cards its opponents had, and
the luck of the deal cancels out. ``--matches N`` plays N matches (N/2 deal
sequences, rounded up), spread over ``--jobs`` processes.

Reported for each team, with 95% intervals:

* matches won: a Wilson interval over the matches (conservative for
  duplicate play, where the two halves of a pair are negatively correlated);
* points per hand (hands played, passed-out ones excluded): mean with a
  normal interval clustered by deal sequence (each pair's hands together);
* euchres: the share of its calls that were euchred, and euchres it inflicted
  per hand (Wilson);
* lone hands: tries per hand, and the share of tries that made (3+ tricks)
  and that marched (5 tricks) (Wilson).

Players are given as text: ``random``, ``ref``, ``pimc``, ``ismcts``, ``variant``
(``variant:float=1``: Bid Euchre's first, float trick estimate; ``variant:old_lead=1``:
the first boss lead, stopped by trumps out of the deck), with options after a
colon (``pimc:worlds=20,time=0``; ``random:seed=3``; ``ismcts:sims=500``;
``ref:bidmodel=learned``, also ``variant:``: bid with the learned model,
:mod:`pyengine.players.bidmodel`).
``c64easy`` and ``c64hard`` are the C64's EASY and HARD (pyengine/players/c64levels.py).
``pimc`` alone means the arena setting :data:`pyengine.players.pimc.ARENA`; ``ismcts``
is OpenSpiel's IS-MCTS (:mod:`pyengine.players.ismcts`, optional ``open_spiel``), which
plays only the ``standard`` rules, and in its matches no dealer discards the upcard.
``pimc``'s worlds and candidates are capped (:data:`MAX_WORLDS`, :data:`MAX_CANDIDATES`):
its time and memory grow with them, and past the cap a match never ends.

The pool (:func:`run_matches`): at most :func:`usable_jobs` workers (the cores this
process may use; each worker holds a whole engine), started with
:func:`~pyengine.records.safeio.worker_signals` (none of the stop handlers or blocked
signals of the command that forked them), and fed a few tasks at a time, so that
Ctrl-C ends it at once: nothing is waiting to be fed when the pool is terminated.
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
import queue
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field, fields

from pyengine.core.events import PASS, Bid, Deal, GameOver, PassedOut, Score
from pyengine.core.game import GameState
from pyengine.core.rules import Rules
from pyengine.players.bidmodel import LEARNED
from pyengine.players.player import BidThresholds, Player, RandomPlayer, RefPlayer
from pyengine.players.runner import MAX_HANDS, HandLimitReached, play_out
from pyengine.players.varplayer import VariantPlayer, classic
from pyengine.records.safeio import shielded, worker_signals

PLAYER_KINDS = ("random", "ref", "easy", "hard", "pimc", "ismcts", "variant", "c64easy",
                "c64hard")
MAX_WORLDS = 1000          # 10x the most any measurement uses (100)
MAX_CANDIDATES = 100
FEED = 2                   # tasks in flight per worker


class PlayerSpecError(ValueError):
    """A player description the arena cannot read; the message says why."""


def make_player(spec: str, seed: int = 0) -> Player:
    """Build a player from its text form (see the module docstring)."""
    kind, _, opts = spec.partition(":")
    kind = kind.strip().lower()
    if kind == "random":
        s = seed
        for part in filter(None, opts.split(",")):
            name, _, value = part.partition("=")
            if name.strip() != "seed":
                raise PlayerSpecError(f"random: unknown option {name.strip()!r} (seed)")
            if not value.strip().lstrip("-").isdigit():
                raise PlayerSpecError(f"random: option {part.strip()!r}: use seed=INTEGER")
            s = int(value) + seed
        return RandomPlayer(s)
    if kind == "ref":
        from pyengine.players.playtweaks import TWEAK_NAMES, PlayTweaks, TweakedRefPlayer
        values, tweaks = {}, {}
        known = [f.name for f in fields(BidThresholds)] + list(TWEAK_NAMES)
        bidmodel = ""
        for part in filter(None, opts.split(",")):
            name, _, value = part.partition("=")
            name = name.strip()
            if name == "bidmodel":                # ref:bidmodel=learned (players/bidmodel.py)
                if value.strip() not in (LEARNED, "ref"):
                    raise PlayerSpecError(f"ref: option {part.strip()!r}: use bidmodel=learned "
                                          "or bidmodel=ref")
                bidmodel = "" if value.strip() == "ref" else LEARNED
                continue
            if name not in known or not value.strip().lstrip("-").isdigit():
                raise PlayerSpecError(f"ref: option {part.strip()!r}: use NAME=INTEGER with "
                                      f"NAME one of {', '.join(known)}")
            (tweaks if name in TWEAK_NAMES else values)[name] = int(value)
        if any(tweaks.values()):                 # card-play variants (players/playtweaks.py)
            return TweakedRefPlayer(name=spec, changes=tuple(values.items()),
                                    bidmodel=bidmodel, play=PlayTweaks(**tweaks))
        return RefPlayer(name=spec, changes=tuple(values.items()), bidmodel=bidmodel)
    if kind == "variant":          # the shell's computer player; float=1: Bid Euchre's
        switches = {"float": False, "old_lead": False}   # first (float) trick estimate;
        ref = RefPlayer()                                # old_lead=1: the first boss lead
        for part in filter(None, opts.split(",")):       # bidmodel=learned: ref's option
            name, _, value = part.replace(" ", "").partition("=")
            if name == "bidmodel" and value == LEARNED:
                ref = RefPlayer(bidmodel=LEARNED)
                continue
            if name not in switches or value not in ("0", "1"):
                raise PlayerSpecError(f"variant: option {part.strip()!r}: use float=0/1, "
                                      "old_lead=0/1 or bidmodel=learned")
            switches[name] = value == "1"
        return VariantPlayer(name=spec, _ref=ref, float_estimate=switches["float"],
                             old_lead=switches["old_lead"])
    if kind == "easy":                         # the shell's easy level (players/levels.py)
        from pyengine.players.levels import EasyPlayer
        if opts.strip():
            raise PlayerSpecError("easy: takes no options")
        return EasyPlayer(seed=seed)
    if kind == "hard":                         # the shell's hard level (players/levels.py)
        from pyengine.players.levels import opponent
        if opts.strip():
            raise PlayerSpecError("hard: takes no options (pimc:worlds=N,... sets a search)")
        return opponent("hard")
    if kind in ("c64easy", "c64hard"):          # the C64's levels (players/c64levels.py)
        from pyengine.players.c64levels import c64_player
        if opts.strip():
            raise PlayerSpecError(f"{kind}: takes no options")
        return c64_player(kind[3:])
    if kind == "pimc":
        from pyengine.players.pimc import PimcPlayer, parse_player_options
        try:
            config = parse_player_options(opts)
        except ValueError as exc:
            raise PlayerSpecError(f"pimc: {exc}") from None
        for name, cap in (("worlds", MAX_WORLDS), ("candidates", MAX_CANDIDATES)):
            if getattr(config, name) > cap:
                raise PlayerSpecError(
                    f"pimc: {name}={getattr(config, name):,} is more than {cap:,}: a decision "
                    f"would take hours and its memory grows with the {name} (the "
                    "measurements in docs/strength.md use at most 100 worlds)")
        return PimcPlayer(config, name=spec)
    if kind == "ismcts":
        from pyengine.players.ismcts import INSTALL_HINT, IsmctsPlayer, available, parse_options
        try:
            config = parse_options(opts)
        except ValueError as exc:
            raise PlayerSpecError(f"ismcts: {exc}") from None
        if not available():
            raise PlayerSpecError(INSTALL_HINT)
        return IsmctsPlayer(config, name=spec)
    raise PlayerSpecError(f"unknown player {kind!r} (known: {', '.join(PLAYER_KINDS)})")


def is_ismcts(spec: str) -> bool:
    """Whether a player spec names OpenSpiel's IS-MCTS (`ismcts[:...]`)."""
    return spec.partition(":")[0].strip().lower() == "ismcts"


def check_matchup(rules: Rules, spec_a: str, spec_b: str) -> None:
    """Raise PlayerSpecError if the players cannot play these rules (IS-MCTS: OpenSpiel's;
    any player: three seats, which are three sides, not two teams)."""
    if rules.players != 4:
        raise PlayerSpecError(f"players={rules.players}: the arena plays two teams of two "
                              "(duplicate seatings), not cutthroat's three sides")
    if is_ismcts(spec_a) or is_ismcts(spec_b):
        from pyengine.players.ismcts import supports
        problem = supports(rules)
        if problem:
            raise PlayerSpecError(problem)


@dataclass
class TeamTally:
    """Per-team counts from one or more matches."""

    wins: int = 0
    points: int = 0            # points scored
    net: int = 0               # points scored minus conceded
    calls: int = 0             # hands in which this team made trump
    euchred: int = 0           # ... and took fewer than 3 tricks
    euchres: int = 0           # hands in which it euchred the makers
    alone_tries: int = 0
    alone_made: int = 0        # 3+ tricks alone
    alone_marches: int = 0     # 5 tricks alone

    def add(self, other: TeamTally) -> None:
        """Add another tally's counts to this one."""
        for k, v in asdict(other).items():
            setattr(self, k, getattr(self, k) + v)


@dataclass
class MatchResult:
    """One arena match: who sat where, the final score and the tallies."""
    sequence: int              # deal sequence index (pairs share it)
    game_number: int
    a_seats: int               # 0: team A in seats 0+2; 1: seats 1+3
    hands: int                 # hands played (passed-out ones excluded)
    deals: int                 # every deal, passed-out ones included
    a: TeamTally
    b: TeamTally
    seconds: float
    records: list[HandRecord] = field(default_factory=list)
    decided: bool = True       # False: stopped at the hand limit, won by neither


@dataclass(frozen=True)
class HandRecord:
    """One deal of a match, in engine seats and teams (team A is team ``a_seats``)."""

    hand: int                  # deal number in the game (passed-out deals included)
    dealer: int
    before: tuple[int, int]    # score (team 0, team 1) before the deal
    maker: int | None          # None: passed out
    round: int = 0
    trump: int | None = None
    alone: bool = False
    maker_tricks: int = 0
    points: tuple[int, int] = (0, 0)


def seat_player(player: Player, rules: Rules) -> Player:
    """``player`` ready for ``rules``: the reference player plays only Bit #93's shape
    (four players, 24 cards, an upcard), so elsewhere it plays through VariantPlayer,
    which asks it wherever it can (as the shell's computer players do)."""
    if isinstance(player, RefPlayer) and not classic(rules):
        return VariantPlayer(name=player.name, _ref=player)
    return player


def play_match(rules: Rules, game_number: int, spec_a: str, spec_b: str, a_seats: int,
               sequence: int = 0, max_hands: int = MAX_HANDS) -> MatchResult:
    """One game: team A (spec_a) in seats a_seats, a_seats+2; team B in the others.

    A game not decided within ``max_hands`` deals stops there, won by neither
    (``decided`` is False): six-card Bid Euchre has no floor, and weak players
    may never reach its target.
    """
    start = time.perf_counter()
    pa = [seat_player(make_player(spec_a, 1000 * game_number + s), rules) for s in range(4)]
    pb = [seat_player(make_player(spec_b, 1000 * game_number + s + 4), rules)
          for s in range(4)]
    seats = [pa[s] if (s & 1) == a_seats else pb[s] for s in range(4)]
    if is_ismcts(spec_a) or is_ismcts(spec_b):
        from pyengine.players.ismcts import UpcardKept  # OpenSpiel's discard rule
        seats = [UpcardKept(p) for p in seats]
    game = GameState.new(rules, game_number)
    try:
        play_out(game, seats, max_hands)
    except HandLimitReached:
        pass
    tally = (TeamTally(), TeamTally())          # by team index 0/1 of the engine
    hands = 0
    alone = False
    records: list[HandRecord] = []
    deal, call, total = None, None, (0, 0)
    for e in game.events:
        if isinstance(e, Deal):
            deal, call = e, None
        elif isinstance(e, PassedOut):
            records.append(HandRecord(deal.hand, deal.dealer, total, None))
        elif isinstance(e, Bid) and e.call != PASS:
            alone = e.alone
            call = e
        if isinstance(e, Score):
            records.append(HandRecord(deal.hand, deal.dealer, total, call.seat, call.round,
                                      call.suit, call.alone, e.tricks[e.makers], e.points))
            total = e.total
            hands += 1
            mk, df = tally[e.makers], tally[1 - e.makers]
            mt = e.tricks[e.makers]
            mk.calls += 1
            for t in (0, 1):
                tally[t].points += e.points[t]
                tally[t].net += e.points[t] - e.points[1 - t]
            if mt < (3 if e.bid is None else e.bid):    # euchred (Bid Euchre: set)
                mk.euchred += 1
                df.euchres += 1
            if alone:
                mk.alone_tries += 1
                mk.alone_made += mt >= 3
                mk.alone_marches += mt == 5
        elif isinstance(e, GameOver):
            tally[e.winner].wins += 1
    return MatchResult(sequence, game_number, a_seats, hands, game.hand_no,
                       tally[a_seats], tally[1 - a_seats], time.perf_counter() - start,
                       records, decided=game.over)


def usable_jobs(asked: int) -> tuple[int, str | None]:
    """The workers to start for ``--jobs asked``: no more than the cores this process may
    run on (more only share them, at ~150 MB a worker); and the line saying so, if any."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    if asked <= cores:
        return asked, None
    return cores, (f"--jobs {asked} is more than the {cores} cores here: using {cores} "
                   "(more workers would only share them, each holding a whole engine)")


def _run_task(task: tuple) -> MatchResult:
    rules, number, spec_a, spec_b, a_seats, seq = task
    return play_match(rules, number, spec_a, spec_b, a_seats, seq)


def tasks(rules: Rules, spec_a: str, spec_b: str, matches: int, seed: int) -> list[tuple]:
    """The arena's work list: each deal twice, the teams swapping seats."""
    pairs = (matches + 1) // 2
    out = []
    for i in range(pairs):
        number = (seed + i) % 65536
        out += [(rules, number, spec_a, spec_b, 0, i), (rules, number, spec_a, spec_b, 1, i)]
    return out


def run_matches(rules: Rules, spec_a: str, spec_b: str, matches: int, seed: int = 0,
                jobs: int = 2, progress: Callable[[int, int], None] | None = None,
                scheduler: str | None = None) -> tuple[list[MatchResult], float]:
    """Play the matches (duplicate pairs) on ``jobs`` processes, or on the Dask scheduler
    at ``scheduler`` (:mod:`pyengine.measure.cluster`); return them and the wall time."""
    make_player(spec_a)
    make_player(spec_b)                          # fail early on a bad description
    check_matchup(rules, spec_a, spec_b)
    work = tasks(rules, spec_a, spec_b, matches, seed)
    start = time.perf_counter()
    results: list[MatchResult] = []
    if scheduler is not None:
        from pyengine.measure.cluster import run_on_cluster
        results = run_on_cluster(_run_task, work, scheduler, progress)
    elif jobs <= 1:
        it: Iterator[MatchResult] = map(_run_task, work)
        for r in it:
            results.append(r)
            if progress:
                progress(len(results), len(work))
    else:
        for r in pooled(_run_task, work, jobs):
            results.append(r)
            if progress:
                progress(len(results), len(work))
    results.sort(key=lambda r: (r.sequence, r.a_seats))
    return results, time.perf_counter() - start


def pooled(run: Callable[[tuple], MatchResult], work: list[tuple], jobs: int,
           poll: float = 0.2) -> Iterator[MatchResult]:
    """``run`` over ``work`` on ``jobs`` forked workers, results as they come.

    At most :data:`FEED` tasks per worker are in flight, so the pool's task feeder
    never blocks on a full pipe, and any exception - Ctrl-C first - terminates the
    workers at once (they end on SIGTERM: :func:`worker_signals`). The pool is started
    inside the ``try`` with the stop signals held back (:func:`shielded`): a Ctrl-C while
    the workers are forked is delivered once the pool exists, and ends it (Pool's own
    clean-up of a half-started pool lets a KeyboardInterrupt through, leaving the
    workers already forked); the workers also end with this process
    (:func:`worker_signals`)."""
    ctx = multiprocessing.get_context("fork")
    pool = None
    done: queue.SimpleQueue = queue.SimpleQueue()
    tasks_left = iter(work)
    in_flight = 0
    try:
        with shielded():
            pool = ctx.Pool(jobs, initializer=worker_signals)
        while True:
            for task in itertools.islice(tasks_left, FEED * jobs - in_flight):
                pool.apply_async(run, (task,), callback=done.put, error_callback=done.put)
                in_flight += 1
            if not in_flight:
                break
            try:
                r = done.get(timeout=poll)       # a timeout: Ctrl-C is seen at once
            except queue.Empty:
                continue
            in_flight -= 1
            if isinstance(r, BaseException):
                raise r
            yield r
        pool.close()
    except BaseException:
        if pool is not None:
            pool.terminate()
        raise
    finally:
        if pool is not None:
            pool.join()
