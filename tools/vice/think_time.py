"""HARD's searches timed twice: VICE's frames against the harness's cycles (issue 42).

One game is played in real VICE by keys with the THINKING sign watched after every frame
(:mod:`tools.vice.thinking`), then the same game (the same game number and South's choices)
is run by the 6502 core under the harness (:class:`tools.gamecore.core.Core`), whose
hook_think is timed: the program's own cycles from the sign going up to it going down, as
``euchre budget`` counts a decision's (no IRQ, no bad lines), and in frames at the 18,324
own cycles a real PAL frame leaves the program. Each search is printed with both figures,
VICE's to a frame either way.

    python -m tools.vice.think_time [--seed 61] [--choices 1] [--hands 3]
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path

from pyengine.core.rules import BIT93, Rules

from ..gamecore.core import Core, random_chooser
from ..machine.harness import C64, REAL_FRAME_CYCLES
from . import judge as vj
from .person import JudgeError
from .thinking import DECISION_BYTES


@dataclass(frozen=True)
class HarnessSearch:
    """One HARD search under the harness: its decision (as tools/vice/thinking.py keys
    it) and the program's own cycles between hook_think's 1 and 0."""

    decision: tuple[int, ...]
    cycles: int

    @property
    def frames(self) -> float:
        return self.cycles / REAL_FRAME_CYCLES


def harness_searches(seed: int, choices_seed: int, rules: Rules = BIT93,
                     level: str = "hard", prg: Path = vj.PRG
                     ) -> tuple[list[HarnessSearch], list[dict]]:
    """The searches of game ``seed`` with South's random choices from ``choices_seed``
    (the VICE judge's: random.Random(choices_seed).choice of the legal moves) under the
    harness, timed at hook_think, and the game's events."""
    core = Core(prg)
    c64 = core.c64
    checked = core._on_think                    # the core's own check of the hook, kept
    out: list[HarnessSearch] = []
    began: list[int] = []

    def timed(m: C64) -> None:
        own = m.cycles - m.stolen_cycles
        if m.mpu.a == 1:
            began.append(own)
        elif began:
            key = tuple(m.peek(name) for name in DECISION_BYTES)
            out.append(HarnessSearch(key, own - began.pop()))
        checked(m)

    c64.trap("hook_think", timed)
    game = core.play(seed, human_seats=1, chooser=random_chooser(choices_seed), rules=rules,
                     level=level)
    return out, game.events


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.vice.think_time",
                                 description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=61, help="game number")
    ap.add_argument("--choices", type=int, default=1, help="seed of South's random choices")
    ap.add_argument("--hands", type=int, default=3, help="seed of the key timings")
    args = ap.parse_args(argv)
    try:
        g = vj.play_in_vice(args.seed, args.choices, args.hands, level="hard",
                            watch_thinking=True)
    except (JudgeError, RuntimeError) as exc:
        print(f"think_time: {exc}", file=sys.stderr)
        return 1
    assert g.thinking is not None
    print(vj.describe(g))
    print(f"THINKING read after {g.thinking.looked} frames, {g.thinking.missed} ran "
          f"between two reads")
    vice = {sp.decision: sp.frames for sp in g.thinking.spans}
    searches, events = harness_searches(args.seed, args.choices)
    if events != g.events:
        print("think_time: the harness's game is not VICE's (South's choices differ)",
              file=sys.stderr)
        return 1
    print("| decision (hand, tricks done, cards on the table) | harness own cycles | "
          "frames (at 18,324) | VICE frames showing THINKING |\n| --- | ---: | ---: | ---: |")
    for s in searches:
        seen = vice.get(s.decision)
        print(f"| {s.decision} | {s.cycles:,} | {s.frames:.1f} | "
              f"{'not seen' if seen is None else seen} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
