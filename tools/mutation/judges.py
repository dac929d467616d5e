"""Judges for tools/mutation/mutants.py, and the worker pool that runs them with a timeout.

A judge takes a mutant's .prg (its .map beside it) and returns None if the mutant
survived or a short reason if it was killed. Judges are chosen per folder:

* ``asm``: the cross-check exactly as CI runs it (tools/gamecore/ci_plan.py: the same
  games, human modes and power-on RAM patterns), stopping at the first mismatch;
* ``c64``: ``tools.frontend.judge.judge_prg`` if that module exists, else the
  front-end end-to-end driver (tools/frontend/driver.py, as tests/test_frontend.py uses
  it) on a few typed game numbers;
* ``asm/varai.oph``, ``asm/ext_cards.oph`` (by file, before their folder's): the
  other shapes' player's own checks (tools/gamecore/varai_check.py ``problem``), then
  the ``asm`` judge;
* ``asm/bid6.oph``, ``asm/bid6_ai.oph`` (by file): Bid Euchre's own checks
  (tools/gamecore/bid6_check.py ``problem``), then the ``asm`` judge;
* ``asm/levels.oph``, ``asm/sample.oph``, ``asm/search.oph`` (by file): games at EASY
  and HARD (tools/gamecore/levels_check.py ``problem``), then the ``asm`` judge;
* ``asm/bidmodel.oph`` (by file): HARD's learned bids on random situations
  (tools/gamecore/bidmodel_check.py ``problem``), then the levels' games, then ``asm``;
* ``c64/bid6_fe.oph``, ``c64/sheet_bid6.oph``, ``c64/settings.oph``,
  ``c64/options.oph``, ``c64/rulescode.oph`` (by file): the front-end judge's Bid
  Euchre game and settings check first (about 3 s), then the whole judge if the
  mutant survives them: the same verdicts, sooner;
* ``c64/jokerask.oph``, ``c64/threeseats.oph``, ``c64/asks.oph`` (OWN_SCENARIOS):
  the judge's scenarios under the rules that enter them first, then the whole judge.

Each mutant is judged in its own forked process; one that uses more than the
timeout in CPU seconds (so a loaded machine does not make a slow survivor look
hung), or runs ten times as long by the clock, is killed and counts as killed
("timeout": a hang).
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import math
import multiprocessing
import random
import resource
import signal
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from pathlib import Path

# imported before any fork, so a worker never reads a source edited while a run goes on
from ..frontend.checkpoints import check_game_over, check_identity
from ..frontend.driver import Frontend
from ..frontend.play import back_to_title, play
from ..frontend.settings_checks import settings_kept
from ..frontend.verdict import Verdict as FrontendVerdict
from ..gamecore import (
    bid6_check,
    bidmodel_check,
    ci_plan,
    levels_check,
    primitives,
    varai_check,
)
from ..machine.harness import C64, HarnessError
from .mutants import Mutant, Verdict, write_mutant

Judge = Callable[[Path], "str | None"]
FRONTEND_GAMES = (7, 4711)                     # typed game numbers for the default c64/ judge
WALL_FACTOR = 10                               # clock seconds per CPU second allowed
TIMEOUT_CPU = "timeout: used {:g} s of CPU (a hang)"
TIMEOUT_WALL = "timeout: still running after {:g} s (a hang)"


class _Differs(Exception):
    """A primitive's check found a difference: judging stops there."""


def judge_asm(prg: Path) -> str | None:
    """CI's checks of the game core on ``prg``: the cross-check plan, then (if every
    game is identical to pyengine's) the rules block's Bit #93 default and the rules
    primitives at CI's sizes (tests/test_primitives.py). None: all pass."""
    found = ci_plan.check_plan(prg)
    if found is not None:
        run, m = found
        c64 = m.c64_event or {}
        what = c64.get("fault") or f"6502 {m.c64_event} vs pyengine {m.py_event}"
        return f"cross-check ({run.name}) game {m.seed} event {m.index}: {what}"
    problem = ci_plan.default_rules_problem(prg)     # the rules block's Bit #93 default
    if problem is not None:
        return problem

    def stop_at_a_difference(report: primitives.Report) -> None:
        if not report.ok:
            raise _Differs(f"primitives: {report.first}")

    try:
        primitives.run_all(C64(prg, prg.with_suffix(".map")), progress=stop_at_a_difference)
    except _Differs as exc:
        return str(exc)
    return None


def judge_c64_default(prg: Path) -> str | None:
    """The front-end end-to-end driver: typed games, South random, screen and events
    checked against pyengine at every prompt (tests/test_frontend.py's check)."""
    try:
        fe = Frontend(prg)
        fe.boot()
        for seed in FRONTEND_GAMES:
            played = play(fe, seed, random.Random(seed))
            check_identity(played)
            check_game_over(played)
            back_to_title(fe)
    except Exception as exc:           # any failure of the driver's checks is a kill
        return f"front end: {type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"
    return None


def judge_c64(prg: Path) -> str | None:
    """tools/frontend/judge.py's judge (owned by the front-end work) if it exists."""
    if _FRONTEND_CHECK is None:
        return judge_c64_default(prg)
    return _FRONTEND_CHECK.judge_prg(prg)


_FRONTEND_CHECK = (importlib.import_module("..frontend.judge", __package__)
                   if importlib.util.find_spec("..frontend.judge", __package__) else None)


def judge_c64_quick_first(prg: Path) -> str | None:
    """Bid Euchre's, the settings' and the options screen's own code (c64/bid6_fe.oph,
    sheet_bid6.oph, settings.oph, options.oph, rulescode.oph): the judge's short
    whole-program checks first (its Bid Euchre game, every setting across RUN/STOP +
    RESTORE and RUN, the options screen's keys within 2 frames, PLAYERS 3 turning the
    partner switches off, OPPONENTS and every option round, RUN/STOP at a bid: about
    7 s), then, if
    the mutant survives them, the whole judge. The same verdicts as judge_c64, sooner."""
    if _FRONTEND_CHECK is None:
        return judge_c64_default(prg)
    try:
        _FRONTEND_CHECK.bid6_game(prg)
        settings_kept(prg)
        _FRONTEND_CHECK.options_in_budget(prg)
        _FRONTEND_CHECK.partners_off(prg)
        _FRONTEND_CHECK.levels_round(prg)
        _FRONTEND_CHECK.options_round(prg)
        _FRONTEND_CHECK.bid6_stop(prg)
    except (FrontendVerdict, HarnessError) as exc:
        return str(exc)[:2000]
    except Exception as exc:               # a broken program may break the driver itself
        return f"{type(exc).__name__}: {exc}"[:2000]
    return judge_c64(prg)


# c64/ files whose code only some of the judge's scenarios enter: those first (the rules
# code's tokens they need), then the whole judge; the same verdicts, sooner
OWN_SCENARIOS = {"c64/jokerask.oph": ("X1",), "c64/threeseats.oph": ("Y3",),
                 "c64/asks.oph": ("V1", "H1", "N1")}


def judge_c64_own_scenarios(prg: Path, tokens: tuple[str, ...]) -> str | None:
    """The judge's scenarios whose rules name one of ``tokens`` first, then judge_c64."""
    if _FRONTEND_CHECK is None:
        return judge_c64_default(prg)
    own = tuple(s for s in _FRONTEND_CHECK.SCENARIOS
                if set(s.rules.split()) & set(tokens))
    try:
        _FRONTEND_CHECK.run_scenarios(prg, own)
    except (FrontendVerdict, HarnessError) as exc:
        return str(exc)[:2000]
    except Exception as exc:               # a broken program may break the driver itself
        return f"{type(exc).__name__}: {exc}"[:2000]
    return judge_c64(prg)


def judge_varai(prg: Path) -> str | None:
    """asm/varai.oph and asm/ext_cards.oph: code Bit #93's games never enter (but
    rules_shape), judged by their own checks (tools/gamecore/varai_check.py problem:
    rules_classic, the card tables and primitives, a short fuzz run against
    VariantPlayer), then, if it survives them, as the rest of the core."""
    return varai_check.problem(prg) or judge_asm(prg)


def judge_bid6(prg: Path) -> str | None:
    """asm/bid6.oph and asm/bid6_ai.oph: code Bit #93's games never enter, judged by
    Bid Euchre's own checks (tools/gamecore/bid6_check.py problem: the computer's bids
    and contracts on random positions, CI's bid6 runs), then as the rest of the core."""
    return bid6_check.problem(prg) or judge_asm(prg)


def judge_levels(prg: Path) -> str | None:
    """asm/levels.oph, asm/sample.oph, asm/search.oph: EASY's and HARD's code, which
    CI's plan (NORMAL) reaches only at its dispatch, judged by games at those levels
    (tools/gamecore/levels_check.py problem), then as the rest of the core."""
    return levels_check.problem(prg) or judge_asm(prg)


def judge_bidmodel(prg: Path) -> str | None:
    """asm/bidmodel.oph: HARD's bids, which CI's plan (NORMAL) never enters, judged by
    the learned-bid check (tools/gamecore/bidmodel_check.py problem), then as
    asm/levels.oph."""
    return bidmodel_check.problem(prg) or judge_levels(prg)


JUDGES: dict[str, Judge] = {"asm": judge_asm, "c64": judge_c64,
                            "asm/bidmodel.oph": judge_bidmodel,
                            "asm/levels.oph": judge_levels, "asm/sample.oph": judge_levels,
                            "asm/search.oph": judge_levels,
                            # by file, before the folder's judge
                            "asm/varai.oph": judge_varai, "asm/ext_cards.oph": judge_varai,
                            "asm/bid6.oph": judge_bid6, "asm/bid6_ai.oph": judge_bid6,
                            "c64/bid6_fe.oph": judge_c64_quick_first,
                            "c64/sheet_bid6.oph": judge_c64_quick_first,
                            "c64/settings.oph": judge_c64_quick_first,
                            "c64/options.oph": judge_c64_quick_first,
                            "c64/rulescode.oph": judge_c64_quick_first,
                            **{f: functools.partial(judge_c64_own_scenarios, tokens=t)
                               for f, t in OWN_SCENARIOS.items()}}


@dataclass(frozen=True)
class JudgeSettings:
    timeout: float = 120.0
    jobs: int = 2
    judges: dict[str, Judge] | None = None     # by folder; None: JUDGES


def _child(prg: str, mutant: Mutant, judge: Judge, tmp: str, conn: Connection,
           cpu_seconds: float) -> None:
    limit = max(1, math.ceil(cpu_seconds))
    resource.setrlimit(resource.RLIMIT_CPU, (limit, limit + 5))    # SIGXCPU past it
    try:
        path = write_mutant(Path(prg), mutant, Path(tmp) / f"m{mutant.address:04x}.prg")
        try:
            reason = judge(path)
        except Exception as exc:       # a crash of the checks on this mutant is a kill
            reason = f"{type(exc).__name__}: {exc}"
        conn.send(reason)
    finally:
        conn.close()


def judge_all(prg: Path, mutants: list[Mutant], settings: JudgeSettings,
              progress: Callable[[int, Verdict], None] | None = None) -> list[Verdict]:
    """Judge every mutant, ``settings.jobs`` at a time; verdicts in the mutants' order."""
    judges = settings.judges or JUDGES
    ctx = multiprocessing.get_context("fork")
    verdicts: dict[int, Verdict] = {}
    todo = list(enumerate(mutants))
    running: dict[Connection, tuple[int, multiprocessing.process.BaseProcess, float]] = {}
    with tempfile.TemporaryDirectory(prefix="mutants-") as tmp:
        try:
            while todo or running:
                while todo and len(running) < settings.jobs:
                    i, m = todo.pop(0)
                    sub = Path(tmp) / str(i)
                    sub.mkdir()
                    recv, send = ctx.Pipe(duplex=False)
                    judge = judges.get(m.file) or judges[m.folder]
                    proc = ctx.Process(target=_child, args=(str(prg), m, judge,
                                                            str(sub), send, settings.timeout))
                    proc.start()
                    send.close()
                    running[recv] = (i, proc, time.monotonic())
                ready = wait(list(running), timeout=1.0)
                now = time.monotonic()
                for conn, (i, proc, start) in list(running.items()):
                    reason: str | None
                    if conn in ready:
                        try:
                            reason = conn.recv()
                        except EOFError:
                            proc.join()
                            reason = (TIMEOUT_CPU.format(settings.timeout)
                                      if proc.exitcode == -signal.SIGXCPU else
                                      f"the judge process died (exit code {proc.exitcode})")
                    elif now - start > settings.timeout * WALL_FACTOR:
                        proc.kill()
                        reason = TIMEOUT_WALL.format(settings.timeout * WALL_FACTOR)
                    else:
                        continue
                    proc.join()
                    conn.close()
                    del running[conn]
                    v = Verdict(mutants[i], reason, now - start)
                    verdicts[i] = v
                    if progress:
                        progress(len(verdicts), v)
        finally:
            for conn, (_i, proc, _s) in running.items():
                proc.kill()
                proc.join()
                conn.close()
    return [verdicts[i] for i in range(len(mutants))]
