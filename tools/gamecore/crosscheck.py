"""Full-game cross-check: the 6502 core against pyengine, event by event.

For each game number, the 6502 plays a game under the harness (tools/gamecore/core.py)
and pyengine plays the same game number, both under the same rules (written to
the core's rules block: tools/gamecore/rules_block.py), pyengine's computer seats played
by the shell's own player (VariantPlayer: the reference player wherever it
applies); with ``human="random"`` seat 0's decisions come from a seeded random
legal chooser given identically to both (the harness builds the choice list
from the 6502's own state, pyengine from its own). The two transcripts must be
equal; the first difference is reported with the game number, the event index,
both events and the hand so far.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from pyengine.core.rules import BIT93, Rules
from pyengine.players.c64levels import DEFAULT_C64_LEVEL, c64_player
from pyengine.players.player import RandomPlayer
from pyengine.players.runner import play_game
from pyengine.records.safeio import worker_signals
from pyengine.records.transcript import from_game

from ..machine.harness import REAL_FRAME_CYCLES, HarnessError
from .core import Core, FumblingChooser
from .cycle_stats import CycleHistogram

HUMAN_SEED_OFFSET = 0x10000      # seat 0's chooser seed = game number + this
CHUNK_GAMES = 10                 # games per task at most: progress and Ctrl-C stay prompt


@dataclass(frozen=True)
class Mismatch:
    seed: int
    human: bool
    index: int
    c64_event: dict | None
    py_event: dict | None
    context: list[dict]

    def report(self) -> str:
        lines = [f"MISMATCH in game {self.seed}"
                 f"{' (seat 0: random human)' if self.human else ''} at event {self.index}:",
                 f"  6502:     {self.c64_event}", f"  pyengine: {self.py_event}",
                 "  the hand so far (equal in both):"]
        lines += [f"    {e}" for e in self.context]
        return "\n".join(lines)


@dataclass
class Figures:
    """Cycle counts gathered from the 6502's games, as histograms: flat in memory
    however many games (tools/gamecore/cycle_stats.py)."""

    decisions: dict[str, CycleHistogram] = field(default_factory=dict)
    deal: CycleHistogram = field(default_factory=CycleHistogram)
    games: int = 0
    events: int = 0

    def add(self, other: Figures) -> None:
        for k, v in other.decisions.items():
            self.decisions.setdefault(k, CycleHistogram()).merge(v)
        self.deal.merge(other.deal)
        self.games += other.games
        self.events += other.events


def python_events(seed: int, human: bool, rules: Rules = BIT93,
                  level: str = DEFAULT_C64_LEVEL) -> list[dict]:
    """pyengine's game: the computer seats the C64's player at ``level``
    (pyengine/players/c64levels.py: c64easy, NORMAL's VariantPlayer, c64hard)."""
    seat0 = RandomPlayer(seed + HUMAN_SEED_OFFSET) if human else c64_player(level)
    players = [seat0, c64_player(level), c64_player(level), c64_player(level)]
    return from_game(play_game(rules, seed, players)).events


def compare_game(core: Core, seed: int, human: bool, rules: Rules = BIT93,
                 level: str = DEFAULT_C64_LEVEL) -> tuple[Mismatch | None, Figures]:
    chooser = FumblingChooser(seed + HUMAN_SEED_OFFSET) if human else None
    py = python_events(seed, human, rules, level)
    fault = None
    try:
        game = core.play(seed, human_seats=1 if human else 0, chooser=chooser, rules=rules,
                         level=level)
    except HarnessError as exc:            # a crash or hang of the 6502: report where
        game = core.last_game
        fault = {"fault": str(exc)}
    figures = Figures(decisions={k: CycleHistogram.of(v) for k, v in game.decision_cycles.items()},
                      deal=CycleHistogram.of(game.deal_cycles), games=1, events=len(game.events))
    events = game.events + ([fault] if fault else [])
    for i in range(max(len(events), len(py))):
        a = events[i] if i < len(events) else None
        b = py[i] if i < len(py) else None
        if a != b:
            start = max((j for j in range(i) if py[j]["ev"] == "deal"), default=0)
            return Mismatch(seed, human, i, a, b, py[start:i]), figures
    return None, figures


_worker_core: Core | None = None


def _init_worker(prg: str) -> None:
    """A worker: its own Core; Ctrl-C is the parent's to handle (it ends the pool).
    SIGTERM, which the pool sends its workers when it is done, ends a worker quietly:
    the handler it inherits from the ``euchre`` command's start-up (tools/commands/entry.py)
    would print a StartupTerminated traceback per worker (so would SIGHUP and SIGQUIT:
    :func:`~pyengine.records.safeio.worker_signals` resets every stop signal)."""
    global _worker_core
    worker_signals()
    _worker_core = Core(prg)


def _check_chunk(args: tuple[list[int], bool, Rules, str]) -> tuple[Mismatch | None, Figures]:
    seeds, human, rules, level = args
    assert _worker_core is not None
    total = Figures()
    for seed in seeds:
        mismatch, figures = compare_game(_worker_core, seed, human, rules, level)
        total.add(figures)
        if mismatch:
            return mismatch, total
    return None, total


def game_seeds(games: int, start: int) -> list[int]:
    return [(start + i) & 0xFFFF for i in range(games)]


def crosscheck(prg: Path, games: int, start_seed: int, human: bool,
               jobs: int | None = None, progress: Callable[[int], None] | None = None,
               rules: Rules = BIT93, level: str = DEFAULT_C64_LEVEL
               ) -> tuple[Mismatch | None, Figures]:
    """Check ``games`` consecutive game numbers from ``start_seed``; stop at the first
    mismatch (the one with the lowest game number among those found).

    ``progress(games_done)`` is called as chunks finish. Ctrl-C ends the worker
    processes at once (they ignore SIGINT themselves) and raises KeyboardInterrupt.
    """
    Core(prg)                                    # a clear error before forking
    seeds = game_seeds(games, start_seed)
    jobs = jobs or min(os.cpu_count() or 1, 8)
    chunk = max(1, min(CHUNK_GAMES, len(seeds) // (jobs * 4) or 1))
    chunks = [(seeds[i:i + chunk], human, rules, level) for i in range(0, len(seeds), chunk)]
    total = Figures()
    mismatches: list[Mismatch] = []
    if jobs == 1 or len(chunks) == 1:
        global _worker_core
        _worker_core = Core(prg)
        for c in chunks:
            mismatch, figures = _check_chunk(c)
            total.add(figures)
            if progress:
                progress(total.games)
            if mismatch:
                return mismatch, total
        return None, total
    pool = multiprocessing.get_context("fork").Pool(jobs, initializer=_init_worker,
                                                    initargs=(str(prg),))
    try:
        for mismatch, figures in pool.imap(_check_chunk, chunks):
            total.add(figures)
            if progress:
                progress(total.games)
            if mismatch:
                mismatches.append(mismatch)
                break
    finally:
        pool.terminate()                         # a mismatch or Ctrl-C: play no more
        pool.join()
    return (min(mismatches, key=lambda m: m.seed) if mismatches else None), total


def budget_table(fig: Figures, frame: int = REAL_FRAME_CYCLES) -> list[str]:
    """Own cycles per computer decision and deal, against what a real PAL frame
    leaves the program (screen on, KERNAL IRQ running, no key down)."""
    rows = ["| what | count | median cycles | worst cycles | worst / real frame |",
            "| --- | ---: | ---: | ---: | ---: |"]
    items = [(f"computer {k}", v) for k, v in sorted(fig.decisions.items())]
    items.append(("shuffle + deal", fig.deal))
    for name, values in items:
        if not values:
            continue
        worst = values.worst()
        rows.append(f"| {name} | {len(values):,} | {values.median():,.0f} | "
                    f"{worst:,} | {100 * worst / frame:.0f}% |")
    return rows


def worst_decision_line(fig: Figures, frame: int = REAL_FRAME_CYCLES) -> str:
    """The slowest computer decision of the games measured, in cycles and real PAL
    frames: the worst of this sample of games, not a bound."""
    worst = max((v.worst() for v in fig.decisions.values() if v), default=0)
    return (f"\nworst computer decision of this sample: {worst:,} cycles = "
            f"{worst / frame:.1f} real PAL frames ({worst / 900_000:.0%} of one second's "
            f"900,000 cycles)")


def size_lines(prg: Path) -> list[str]:
    """Bytes of the game core and of the whole program (from the label map)."""
    from ..program.c64map import Symbols

    symbols = Symbols.from_map(prg.with_suffix(".map"))
    core = symbols.address("core_end") - symbols.address("core_start")
    total = prg.stat().st_size
    return [f"| game core (asm/, code + tables) | {core:,} bytes |",
            f"| whole euchre.prg (with the 2-byte load address) | {total:,} bytes |"]
