"""The engine's speed against a baseline revision and OpenSpiel's euchre, in one run.

    .venv/bin/python benchmarks/speed.py [--against REV] [--games N] [--rounds R]

Plays the same workload as ``euchre bench`` (N games of four random players, N games
of four ``ref`` players, game numbers 0 to N-1) with this checkout's pyengine and with
the pyengine of git revision REV (default: f86287e, before issue 13), alternating
R rounds in fresh processes and keeping each side's best round, so that both see the
same load; the ratios are what to read, the hands per second only indications.

If OpenSpiel (``pyspiel``) is importable, it also plays random games of its C++ euchre
driven from Python (one hand a game: deal, bidding, play, as one of our hands) and
prints the ratio. This script installs nothing: without OpenSpiel it says so and
skips that line (``pip install open_spiel`` to add it; CI does not).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = "f86287e"

WORKLOAD = """
import json, sys, time
from pyengine.players.player import RandomPlayer, RefPlayer
from pyengine.core.rules import BIT93
from pyengine.players.runner import play_game
games = int(sys.argv[1])
out = {}
for label, make in (("random", lambda s: [RandomPlayer(s)] * 4),
                    ("ref", lambda s: [RefPlayer()] * 4)):
    hands, start = 0, time.perf_counter()
    for seed in range(games):
        hands += play_game(BIT93, seed, make(seed)).hand_no
    out[label] = (hands, time.perf_counter() - start)
print(json.dumps(out))
"""


def run_workload(tree: Path, games: int) -> dict[str, tuple[int, float]]:
    """One round of the workload with the pyengine found in ``tree``."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    proc = subprocess.run([sys.executable, "-c", WORKLOAD, str(games)], cwd=tree, env=env,
                          capture_output=True, text=True, check=True)
    return {k: tuple(v) for k, v in json.loads(proc.stdout).items()}


def extract(rev: str, into: Path) -> Path:
    """The pyengine/ folder of git revision ``rev``, unpacked into ``into``."""
    archive = subprocess.run(["git", "archive", rev, "pyengine"], cwd=ROOT,
                             capture_output=True, check=True).stdout
    path = into / "archive.tar"
    path.write_bytes(archive)
    with tarfile.open(path) as tar:
        if hasattr(tarfile, "data_filter"):          # Python 3.11.4 and later
            tar.extractall(into, filter="data")
        else:
            tar.extractall(into)                      # our own git archive
    return into


def openspiel_hands_per_second(seconds: float = 3.0) -> float | None:
    """Random games of OpenSpiel's euchre for about ``seconds``; None if not installed."""
    try:
        import random

        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("euchre")
    rng = random.Random(0)
    hands, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        hands += 1
    return hands / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--against", default=BASELINE, help="git revision to compare with")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args(argv)
    best: dict[str, dict[str, float]] = {"now": {}, "base": {}}
    hands: dict[str, int] = {}
    with tempfile.TemporaryDirectory() as tmp:
        base = extract(args.against, Path(tmp))
        for _ in range(args.rounds):
            for side, tree in (("base", base), ("now", ROOT)):
                for label, (n, secs) in run_workload(tree, args.games).items():
                    hands.setdefault(f"{side}:{label}", n)
                    if hands[f"{side}:{label}"] != n:
                        raise SystemExit(f"{label}: {side} dealt {n} hands, not "
                                         f"{hands[f'{side}:{label}']}: results differ")
                    rate = n / secs
                    best[side][label] = max(best[side].get(label, 0.0), rate)
    load = os.getloadavg()[0]
    print(f"{args.games} games each, best of {args.rounds} alternating rounds, "
          f"load average {load:.1f}:")
    for label, words in (("random", "random play (4 random seats)"),
                         ("ref", "computer play (4 ref seats)")):
        now, base = best["now"][label], best["base"][label]
        same = hands[f"now:{label}"] == hands[f"base:{label}"]
        print(f"  {words}: {now:,.0f} hands/s now, {base:,.0f} at {args.against}: "
              f"{now / base:.2f}x ({hands[f'now:{label}']:,} hands"
              f"{', the same games' if same else ', DIFFERENT games'})")
    spiel = openspiel_hands_per_second()
    if spiel is None:
        print("  OpenSpiel: not installed (no module pyspiel), so no comparison; "
              "`pip install open_spiel` adds it")
    else:
        now = best["now"]["random"]
        print(f"  OpenSpiel euchre from Python, random play: {spiel:,.0f} hands/s; "
              f"pyengine random play is {now / spiel:.2f}x that")
    return 0


if __name__ == "__main__":
    sys.exit(main())
