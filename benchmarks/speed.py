"""The engine's speed against a baseline revision, side by side in one run.

    .venv/bin/python benchmarks/speed.py [--against REV] [--games N] [--rounds R]

Plays the same workload as ``euchre bench`` (N games of four random players, N games
of four ``ref`` players, game numbers 0 to N-1) with this checkout's pyengine and with
the pyengine of git revision REV (default: f86287e, before issue 13), unpacked from git
into a temporary folder. R rounds, each a fresh process per side, back to back (the
side that goes first alternates), so both see the same load; each round gives a ratio,
and the script prints the median ratio with the lowest and highest, and the median
hands per second (indications only: the machine is shared). The time is the process's
CPU time (``time.process_time``), not the wall clock: on a loaded machine the wall
clock also counts the time other processes held the core. Figures, never asserts.

Each side runs in an isolated interpreter (``python -I -S``: no site-packages, no
PYTHONPATH, so an installed or editable pyengine cannot stand in for the unpacked
one), and the workload checks that the ``pyengine`` it imported is the one in its
folder. With random players both sides must deal the same number of hands (the same
games), or the script stops with exit 1. With ``ref`` they may not: since issue 16 the
reference player decides differently (it remembers the hand), so against an older
revision its games are other games; the script says so and the ratio is one of hands
per CPU second, the engine's speed and the player's together. OpenSpiel's ratio:
benchmarks/openspiel_ratio.py.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = "f86287e"

# Only names that both layouts export from ``pyengine`` itself (the flat one of
# f86287e and the subpackages of a9cd6cb), so any revision since issue 2 runs it.
WORKLOAD = """
import json, sys, time
tree = sys.argv[1]
sys.path.insert(0, tree)
import pyengine
from pyengine import BIT93, RandomPlayer, RefPlayer, play_game
if not pyengine.__file__.startswith(tree):
    raise SystemExit(f"imported {pyengine.__file__}, not the pyengine of {tree}")
games = int(sys.argv[2])
out = {}
for label, make in (("random", lambda s: [RandomPlayer(s)] * 4),
                    ("ref", lambda s: [RefPlayer()] * 4)):
    hands, start = 0, time.process_time()
    for seed in range(games):
        hands += play_game(BIT93, seed, make(seed)).hand_no
    out[label] = (hands, time.process_time() - start)
print(json.dumps(out))
"""
LABELS = (("random", "random play (4 random seats)"), ("ref", "computer play (4 ref seats)"))


def run_workload(tree: Path, games: int) -> dict[str, tuple[int, float]]:
    """One round of the workload with the pyengine found in ``tree``: (hands, seconds)."""
    proc = subprocess.run([sys.executable, "-I", "-S", "-c", WORKLOAD, str(tree), str(games)],
                          cwd=tree, capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"the workload failed in {tree}:\n{proc.stderr.strip()}")
    return {k: (int(v[0]), float(v[1])) for k, v in json.loads(proc.stdout).items()}


def extract(rev: str, into: Path) -> Path:
    """The pyengine/ folder of git revision ``rev``, unpacked into ``into``."""
    got = subprocess.run(["git", "archive", rev, "pyengine"], cwd=ROOT, capture_output=True)
    if got.returncode != 0:
        raise SystemExit(f"git archive {rev}: {got.stderr.decode().strip()}")
    path = into / "archive.tar"
    path.write_bytes(got.stdout)
    with tarfile.open(path) as tar:
        if hasattr(tarfile, "data_filter"):          # Python 3.11.4 and later
            tar.extractall(into, filter="data")
        else:
            tar.extractall(into)                      # our own git archive
    return into


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--against", default=BASELINE, help="git revision to compare with")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--rounds", type=int, default=7)
    args = ap.parse_args(argv)
    if args.games < 1 or args.rounds < 1:
        ap.error("--games and --rounds must be at least 1")
    rates: dict[str, dict[str, list[float]]] = {"now": {}, "base": {}}
    ratios: dict[str, list[float]] = {}
    hands: dict[tuple[str, str], int] = {}
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as tmp:
        base = extract(args.against, Path(tmp))
        for rnd in range(args.rounds):
            sides = (("base", base), ("now", ROOT))
            got = {side: run_workload(tree, args.games)
                   for side, tree in (sides if rnd % 2 == 0 else sides[::-1])}
            for label, _ in LABELS:
                for side in ("base", "now"):
                    n, secs = got[side][label]
                    if hands.setdefault((label, side), n) != n:
                        print(f"{label}: {side} dealt {n:,} hands, then {hands[label, side]:,}"
                              ": one engine plays different games each round", file=sys.stderr)
                        return 1
                    if label == "random" and hands.get((label, "base"), n) != n:
                        print(f"{label}: {side} dealt {n:,} hands, not "
                              f"{hands[label, 'base']:,}: the engines play different games",
                              file=sys.stderr)
                        return 1
                    rates[side].setdefault(label, []).append(n / secs)
                ratios.setdefault(label, []).append(rates["now"][label][-1]
                                                    / rates["base"][label][-1])
    load = (load_before + os.getloadavg()[0]) / 2
    print(f"{args.games} games each, {args.rounds} interleaved rounds, median "
          f"(lowest-highest), CPU time, load average {load:.1f} on {os.cpu_count()} cores:")
    for label, words in LABELS:
        now = statistics.median(rates["now"][label])
        base = statistics.median(rates["base"][label])
        r = ratios[label]
        h_now, h_base = hands[label, "now"], hands[label, "base"]
        games = (f"{h_now:,} hands each, the same games" if h_now == h_base else
                 f"{h_now:,} hands now, {h_base:,} then: other games, the players differ")
        print(f"  {words}: {statistics.median(r):.2f}x ({min(r):.2f}-{max(r):.2f}); "
              f"{now:,.0f} hands/CPU s now, {base:,.0f} at {args.against} ({games})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
