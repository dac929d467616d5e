"""The front end's key-to-screen cycles, and whole games by hand: python -m tools.frontend.bench.

``--bench`` measures the cycles from a key press to the end of the screen update it
causes (the next GETIN poll or the first ``wait_frame``), per kind of key.
``--games N --fuzz K`` plays N games by hand with K random keys before each choice.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

from .checkpoints import check_game_over, check_identity
from .driver import BUDGET_CYCLES, DEFAULT_PRG, FRAME_CYCLES, Frontend
from .play import back_to_title, play
from .screen_read import FrontendError

# ---- the benchmark and the by-hand runs -------------------------------------------------

def bench(games: int, seed: int, prg: Path, out=print) -> dict[str, list[int]]:
    """Real-time cycles (the VIC-II's bad lines and the KERNAL's IRQ included) per
    key kind over ``games`` games at FAST speed, keys held as a person holds them."""
    fe = Frontend(prg)
    fe.boot()
    rng = random.Random(seed)
    fe.hold_frames = lambda: rng.randint(2, 12)
    for i in range(games):
        played = play(fe, (seed + i) & 0xFFFF, rng, fuzz=4, check=False, speed="FAST",
                      timed=True)
        check_identity(played)
        back_to_title(fe)
    by_kind: dict[str, list[int]] = {}
    for t in fe.timings:
        if t.cycles is None:
            raise FrontendError(f"a {t.kind} key never finished its update")
        by_kind.setdefault(t.kind, []).append(t.cycles)
    return by_kind


def bench_table(by_kind: dict[str, list[int]]) -> list[str]:
    lines = ["| key | presses | median cycles | worst cycles | worst, frames | within 2 frames |",
             "| --- | ---: | ---: | ---: | ---: | --- |"]
    for kind in sorted(by_kind):
        v = by_kind[kind]
        worst = max(v)
        lines.append(f"| {kind} | {len(v):,} | {int(statistics.median(v)):,} | {worst:,} | "
                     f"{worst / FRAME_CYCLES:.2f} | {'yes' if worst <= BUDGET_CYCLES else 'NO'} |")
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.frontend.bench", description=__doc__.split(
        "\n\n")[0])
    ap.add_argument("--bench", action="store_true", help="key-to-screen cycle budget table")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=93, help="first game number / random seed")
    ap.add_argument("--fuzz", type=int, default=0, help="random keys before each choice")
    ap.add_argument("--prg", type=Path, default=DEFAULT_PRG)
    args = ap.parse_args(argv)
    start = time.perf_counter()
    if args.bench:
        by_kind = bench(args.games, args.seed, args.prg)
        print(f"{args.games} games from game number {args.seed}, NORMAL speed, "
              f"{sum(len(v) for v in by_kind.values()):,} timed keys "
              f"({time.perf_counter() - start:.0f} s); budget {BUDGET_CYCLES:,} cycles")
        print("\n".join(bench_table(by_kind)))
        return 0 if all(max(v) <= BUDGET_CYCLES for v in by_kind.values()) else 1
    fe = Frontend(args.prg)
    fe.boot()
    rng = random.Random(args.seed)
    keys = prompts = 0
    for i in range(args.games):
        played = play(fe, (args.seed + i) & 0xFFFF, rng, fuzz=args.fuzz)
        check_identity(played)
        check_game_over(played)
        back_to_title(fe)
        keys += played.fuzz_keys
        prompts += played.prompts
    print(f"{args.games} games from {args.seed}: {prompts:,} South prompts, "
          f"{keys:,} fuzz keys, transcripts identical to pyengine "
          f"({time.perf_counter() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
