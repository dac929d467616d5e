"""The arena's paired SPRT, with A vs B and baseline vs B printed after every batch.

    .venv/bin/python benchmarks/paired_ab.py --team-a hard --baseline pimc:worlds=16 \\
        --team-b ref [--rules bit93] [--matches 400] [--seed 0] [--delta 0.1] [--batch 16]

The same matches as ``euchre arena --sprt --baseline`` (``pyengine.measure.sprt``:
batches of duplicate deal sequences, team A and the baseline each against team B on the same game
numbers, the opponents seeded alike; the test judged sequence by sequence in order),
but after each batch it prints what the arena prints only at the end, and more, so a
run cut short still leaves its figures: the fixed-run summary of team A against team B
and of the baseline against team B so far (net points a hand with its 95% interval,
clustered by deal sequence; the arena's report), and the test's state (mean paired
difference with its interval, the log-likelihood ratio, the decision if reached). One
run gives both figures the strength page needs (A against B, A against the baseline)
for the CPU of one.
"""

from __future__ import annotations

import argparse
import resource
import sys
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pyengine.core.rules import preset  # noqa: E402
from pyengine.measure.arena import MatchResult, run_matches  # noqa: E402
from pyengine.measure.arenastats import report_lines, summarise  # noqa: E402
from pyengine.measure.sprt import (  # noqa: E402
    BATCH_PAIRS,
    SprtConfig,
    SprtResult,
    pair_scores,
)
from pyengine.measure.sprt import report_lines as sprt_lines  # noqa: E402


def cpu() -> float:
    """User + system CPU seconds of this process and its ended children."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(
        resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--team-a", required=True)
    ap.add_argument("--baseline", required=True)
    ap.add_argument("--team-b", default="ref")
    ap.add_argument("--rules", default="bit93")
    ap.add_argument("--matches", type=int, default=400, help="cap, matches a side")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--delta", type=float, default=0.1)
    ap.add_argument("--batch", type=int, default=BATCH_PAIRS,
                    help="deal sequences between two prints (the decision does not change)")
    a = ap.parse_args()
    rules = preset(a.rules)
    result = SprtResult(SprtConfig(delta=a.delta))
    got_a: list[MatchResult] = []
    got_base: list[MatchResult] = []
    done, cap = 0, a.matches // 2
    while done < cap and result.decision is None:
        k = min(a.batch, cap - done)
        ra, secs_a = run_matches(rules, a.team_a, a.team_b, 2 * k, a.seed + done, 1)
        rb, secs_b = run_matches(rules, a.baseline, a.team_b, 2 * k, a.seed + done, 1)
        # each batch numbers its sequences from 0: number them through the run
        got_a += [replace(r, sequence=r.sequence + done) for r in ra]
        got_base += [replace(r, sequence=r.sequence + done) for r in rb]
        result.matches += len(ra) + len(rb)
        for x, y in zip(pair_scores(ra), pair_scores(rb), strict=True):
            if result.add(x - y):
                break
        done += k
        print(f"== after {done} deal sequences (game numbers {a.seed}-{a.seed + done - 1}), "
              f"{cpu():,.0f} s of CPU so far", flush=True)
        for spec, got in ((a.team_a, got_a), (a.baseline, got_base)):
            s = summarise(got, spec, a.team_b, rules, 0.0, 1)
            print("\n".join(report_lines(s)), flush=True)
        print("\n".join(sprt_lines(result, a.team_a, a.team_b, a.baseline, a.seed)),
              flush=True)


if __name__ == "__main__":
    main()
