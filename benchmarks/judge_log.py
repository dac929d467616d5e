"""The arena's fixed-size run, logged match by match, and paired figures between runs.

    .venv/bin/python benchmarks/judge_log.py play --player hard --judge ismcts:sims=2000 \\
        --rules standard --matches 70 --seed 40000 --log build/levels/hard.jsonl
    .venv/bin/python benchmarks/judge_log.py report build/levels/ref.jsonl \\
        build/levels/hard.jsonl build/levels/c64hard.jsonl

``play`` plays the very matches of ``euchre arena --team-a PLAYER --team-b JUDGE --rules R
--matches M --seed S --jobs 1`` (``run_matches`` on one deal sequence at a time: game
number S + i, both seatings, the players seeded as the arena seeds them), and appends each
match to the log (one JSON line: the match with its hand records, the CPU and wall time
so far), so a run stopped by hand keeps what it played and a second ``play`` with the same
log goes on where it stopped. At the end it prints the arena's report, the duplicate deals
(a deal played by both seatings on the same cards) and the CPU.

``report`` reads logs of the same judge, rules and game numbers and, over the deal
sequences every log has, prints each run's arena report and, for each later log against
the first, the paired difference of net points a hand: per deal sequence, A's net points
a hand over both matches minus the first log's on the same sequence (the judge seeded
alike: ``pyengine.measure.sprt.pair_scores``, the statistic of ``euchre arena --sprt
--baseline``), their mean with a 95% normal interval.
"""

from __future__ import annotations

import argparse
import json
import math
import resource
import sys
import time
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pyengine.core.rules import preset  # noqa: E402
from pyengine.measure.arena import HandRecord, MatchResult, TeamTally, run_matches  # noqa: E402
from pyengine.measure.arenastats import report_lines, summarise  # noqa: E402
from pyengine.measure.sprt import pair_scores  # noqa: E402
from pyengine.measure.strength_points import duplicate_hands  # noqa: E402


def cpu() -> float:
    """User + system CPU seconds of this process and its ended children."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(
        resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def to_json(r: MatchResult) -> dict:
    """A match as plain JSON data."""
    return asdict(r)


def from_json(d: dict) -> MatchResult:
    """A match read back from :func:`to_json`'s data."""
    d = dict(d)
    d["a"], d["b"] = TeamTally(**d["a"]), TeamTally(**d["b"])
    records = []
    for h in d["records"]:
        fields: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v
                                  for k, v in h.items()}
        records.append(HandRecord(**fields))
    d["records"] = records
    return MatchResult(**d)


def read_log(path: Path) -> tuple[dict, list[MatchResult], float]:
    """The run's header, its matches and the CPU it had used at its last line."""
    head: dict = {}
    got: dict[tuple[int, int], MatchResult] = {}   # a resumed run may repeat a match
    used = 0.0
    for line in path.read_text().splitlines():
        row = json.loads(line)
        if "header" in row:
            head = row["header"]
        else:
            r = from_json(row["match"])
            got[r.sequence, r.a_seats] = r
            used = row["cpu"]
    return head, sorted(got.values(), key=lambda r: (r.sequence, r.a_seats)), used


def play(a: argparse.Namespace) -> int:
    rules = preset(a.rules)
    head = {"player": a.player, "judge": a.judge, "rules": a.rules, "seed": a.seed}
    done: list[MatchResult] = []
    cpu_before = 0.0
    if a.log.exists():
        old, done, cpu_before = read_log(a.log)
        if old != head:
            print(f"judge_log: {a.log} is a log of {old}, not of {head}", file=sys.stderr)
            return 2
    else:
        a.log.parent.mkdir(parents=True, exist_ok=True)
        a.log.write_text(json.dumps({"header": head}) + "\n")
    start_seq = len({r.sequence for r in done if r.a_seats == 1})
    done = [r for r in done if r.sequence < start_seq]
    cpu0, wall0 = cpu(), time.perf_counter()
    for i in range(start_seq, a.matches // 2):
        got, _ = run_matches(rules, a.player, a.judge, 2, a.seed + i, 1)
        with a.log.open("a") as f:
            for r in got:
                r = replace(r, sequence=i)
                done.append(r)
                f.write(json.dumps({"match": to_json(r), "cpu": cpu_before + cpu() - cpu0,
                                    "wall": time.perf_counter() - wall0}) + "\n")
        print(f"sequence {i} (game number {a.seed + i}) done, "
              f"{cpu_before + cpu() - cpu0:,.0f} s of CPU so far", flush=True)
    s = summarise(done, a.player, a.judge, rules, time.perf_counter() - wall0, 1)
    for line in report_lines(s):
        print(line)
    print(f"  {len(duplicate_hands(done))} duplicate deals; "
          f"{cpu_before + cpu() - cpu0:,.1f} s of CPU (user + system)")
    return 0


def mean_ci(xs: list[float]) -> tuple[float, float]:
    """Mean and the half width of its 95% normal interval."""
    n = len(xs)
    m = sum(xs) / n
    if n < 2:
        return m, math.inf
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))
    return m, 1.96 * sd / math.sqrt(n)


def report(a: argparse.Namespace) -> int:
    runs = [(p, *read_log(p)) for p in a.logs]
    judges = {(h["judge"], h["rules"], h["seed"]) for _, h, _, _ in runs}
    if len(judges) != 1:
        print(f"judge_log: the logs differ in judge, rules or seed: {sorted(judges)}",
              file=sys.stderr)
        return 2
    complete = [{r.sequence for r in got if r.a_seats == 1} for _, _, got, _ in runs]
    n = 0                                   # the first n sequences, in every log
    while all(n in c for c in complete):
        n += 1
    _, head0, _, _ = runs[0]
    rules = preset(head0["rules"])
    print(f"deal sequences every log has: {n} (game numbers {head0['seed']}-"
          f"{head0['seed'] + n - 1})")
    kept = [[r for r in got if r.sequence < n] for _, _, got, _ in runs]
    for (path, head, got, used), mine in zip(runs, kept, strict=True):
        s = summarise(mine, head["player"], head["judge"], rules, 0.0, 1)
        print()
        for line in report_lines(s)[:1] + report_lines(s)[3:]:
            print(line)
        print(f"  {len(duplicate_hands(mine))} duplicate deals; log {path}: {len(got)} "
              f"matches, {used:,.0f} s of CPU")
    base = pair_scores(kept[0])
    for (_, head, _, _), mine in zip(runs[1:], kept[1:], strict=True):
        diff = [x - y for x, y in zip(pair_scores(mine), base, strict=True)]
        m, half = mean_ci(diff)
        print(f"\n{head['player']} - {runs[0][1]['player']}, paired on {len(diff)} deal "
              f"sequences: {m:+.3f} a hand ({m - half:+.3f} to {m + half:+.3f}, 95%)")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("play")
    p.add_argument("--player", required=True)
    p.add_argument("--judge", default="ismcts:sims=2000")
    p.add_argument("--rules", default="standard")
    p.add_argument("--matches", type=int, required=True)
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--log", type=Path, required=True)
    r = sub.add_parser("report")
    r.add_argument("logs", type=Path, nargs="+")
    a = ap.parse_args()
    return play(a) if a.cmd == "play" else report(a)


if __name__ == "__main__":
    sys.exit(main())
