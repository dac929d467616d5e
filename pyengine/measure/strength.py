"""``make strength``: every matchup of issue 16, the audit, and docs/strength-run.md rewritten.

``python -m pyengine.measure.strength`` plays the parts of
:data:`pyengine.measure.strength_parts.PARTS` (random, ref, pimc at 16, 40, 48 and 100
worlds, and OpenSpiel's IS-MCTS at 2,000 simulations), audits ref against pimc,
records the CPU and commit of each part, stores everything in docs/strength.json
and rewrites the part of docs/strength-run.md between its marks (keeping the prose)
and docs/strength.png, next to the figures of docs/strength-baseline.json.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pyengine.core.rules import BIT93, Rules
from pyengine.measure.arena import MatchResult, PlayerSpecError, run_matches
from pyengine.measure.arenastats import Summary, chart, report_lines, summarise
from pyengine.measure.cluster import ClusterError
from pyengine.measure.strength_page import (
    BEGIN_MARK,
    END_MARK,
    RUN_PAGE,
    StoreError,
    load_baseline,
    load_summaries,
    runs_of,
    save_summaries,
    write_strength_section,
)
from pyengine.measure.strength_parts import (
    AUDIT,
    AUDIT_GAMES,
    ISMCTS_SIMS,
    PARTS,
    Part,
    RunInfo,
    commit_id,
    cpu_seconds,
    part_names,
    scaled,
    today,
)
from pyengine.measure.strength_points import analysis_lines, duplicate_hands

__all__ = ["BEGIN_MARK", "END_MARK", "ISMCTS_SIMS", "analysis_lines", "load_summaries",
           "RUN_PAGE", "main", "run_pairing", "save_summaries", "write_strength_section"]

COMMAND = "python -m pyengine.measure.strength"
REPO = Path(__file__).resolve().parents[2]


def run_pairing(a: str, b: str, n: int, seed: int = 0, jobs: int = 2,
                echo: Callable[[str], None] = print, rules: Rules = BIT93,
                scheduler: str | None = None) -> tuple[Summary, list[MatchResult]]:
    """Play ``n`` duplicate matches of ``a`` against ``b`` (on ``jobs`` processes, or on
    the Dask scheduler at ``scheduler``) and summarise them."""
    from pyengine.measure.progress import bar, reporter

    with bar(n + n % 2, f"{a}-{b}", "match") as b_:
        results, secs = run_matches(rules, a, b, n, seed, jobs, reporter(b_),
                                    scheduler=scheduler)
    s = summarise(results, a, b, rules, secs, jobs)
    for line in report_lines(s):
        echo(line)
    return s, results


def play_part(part: Part, n: int, seed: int, jobs: int, commit: str, data: Path,
              scheduler: str | None = None) -> None:
    """Play one matchup, timing its CPU, and store its summary, run and analysis.

    On a cluster the CPU is the workers': the sum of the matches' times on them (each
    worker plays one match at a time), as this process's own CPU would not count it."""
    cpu0, wall0 = cpu_seconds(), time.perf_counter()
    on_cluster: dict[str, Any] = {"scheduler": scheduler} if scheduler is not None else {}
    summary, matches = run_pairing(part.a, part.b, n, seed, jobs, rules=part.rules,
                                   **on_cluster)
    deals = len(duplicate_hands(matches))
    analysis = analysis_lines(matches, part.a, part.b) if part.analysis else None
    cpu = sum(m.seconds for m in matches) if scheduler is not None else cpu_seconds() - cpu0
    run = RunInfo(cpu, time.perf_counter() - wall0, jobs, commit, today(),
                  summary.matches, deals, seed)
    print(f"  {part.name}: {run.cpu:.1f} s of CPU, {deals} duplicate deals"
          + (f" (fewer than the {part.min_deals} it is meant for)"
             if deals < part.min_deals else ""))
    stored = load_summaries(data)            # another run may have stored a part since
    stored[part.name] = summary
    stored["run:" + part.name] = run.to_json()
    if analysis is not None:
        stored["analysis:" + part.name] = analysis
    save_summaries(data, stored)


def play_audit(games: int, seed: int, commit: str, data: Path) -> None:
    """Audit every decision of ``games`` games of ref against pimc, and store it."""
    from pyengine.measure.audit import ref_against_pimc
    from pyengine.measure.progress import bar

    cpu0, wall0 = cpu_seconds(), time.perf_counter()
    with bar(games, AUDIT, "game") as b:
        lines = ref_against_pimc(games, seed=seed, progress=b.update).lines()
    run = RunInfo(cpu_seconds() - cpu0, time.perf_counter() - wall0, 1, commit, today(), games,
                  seed=seed)
    print(f"  {AUDIT}: {run.cpu:.1f} s of CPU")
    stored = load_summaries(data)
    stored["analysis:" + AUDIT] = [
        f"Every decision of {games} games of ref against pimc (game numbers {seed}-"
        f"{seed + games - 1}, seatings alternating), judged after the fact "
        "(`python -m pyengine.measure.audit`: card play and discards by their open-hand "
        "loss in points of the hand, bids by a 48-world pimc's regret), the situations where "
        "ref loses most first:", "", *lines]
    stored["run:" + AUDIT] = run.to_json()
    save_summaries(data, stored)


def write_page(docs: Path, baseline_path: Path) -> None:
    """Rewrite docs/strength-run.md's measured section and the chart from the store."""
    md, png, data = docs / RUN_PAGE, docs / "strength.png", docs / "strength.json"
    stored = load_summaries(data)
    keys = [p.name for p in PARTS if p.name in stored]
    summaries = [stored[k] for k in keys]
    if summaries:
        chart(summaries, png)
    extra = [line for k in keys for line in stored.get("analysis:" + k, [])]
    if "analysis:" + AUDIT in stored:
        extra += ["", *stored["analysis:" + AUDIT]]
    write_strength_section(md, summaries, png.name, COMMAND, extra, runs=runs_of(stored),
                           baseline=load_baseline(baseline_path), setting=_arena_setting())


def _arena_setting() -> str:
    from pyengine.players.pimc import ARENA, STICK_CAUTION
    table = "/".join(f"{x:g}" for x in STICK_CAUTION)
    return (f"worlds={ARENA.worlds}, time={ARENA.time}, infer={ARENA.infer}, "
            f"spread={ARENA.spread}, candidates={ARENA.candidates}; where the dealer is "
            f"stuck, seatcaution={table}")


def _ismcts_problem() -> str | None:
    """None if OpenSpiel's IS-MCTS can play, else the one-line install hint."""
    from pyengine.players.ismcts import INSTALL_HINT, available
    return None if available() else INSTALL_HINT


def main(argv: list[str] | None = None) -> int:
    """``python -m pyengine.measure.strength [--only NAME] [--jobs J] [--scale F] ...``."""
    import argparse

    ap = argparse.ArgumentParser(prog=f"{COMMAND}", description=__doc__.split("\n\n")[0])
    ap.add_argument("what", choices=["strength"], nargs="?", default="strength")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--scheduler", default=None, metavar="ADDRESS",
                    help="play the matches on this Dask scheduler (tcp://host:8786; "
                         "pip install 'euchre64[cluster]'); the audit stays local")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--scale", type=float, default=1.0,
                    help="multiply every part's match (and audit game) count, at least 2")
    ap.add_argument("--only", default=None, metavar="NAME",
                    help=f"play one part and keep the others' stored results: "
                         f"{', '.join(part_names())} (page: play nothing)")
    ap.add_argument("--docs", type=Path, default=REPO / "docs",
                    help=f"where {RUN_PAGE}, strength.json and strength.png are")
    ap.add_argument("--baseline", type=Path, default=None,
                    help="the figures measured before (default DOCS/strength-baseline.json)")
    group = ap.add_mutually_exclusive_group()
    group.add_argument("--ismcts", action="store_true",
                       help="require the IS-MCTS parts (default: played if open_spiel is "
                            "installed, else skipped with a note)")
    group.add_argument("--no-ismcts", action="store_true", help="skip the IS-MCTS parts")
    args = ap.parse_args(argv)
    if args.only is not None and args.only not in part_names():
        print(f"strength: --only {args.only!r} is not a part (parts: "
              f"{', '.join(part_names())})", file=sys.stderr)
        return 2
    if args.scheduler is not None:               # a bad address: said before anything plays
        from pyengine.measure.cluster import scheduler_address
        try:
            args.scheduler = scheduler_address(args.scheduler)
        except ClusterError as exc:
            print(f"strength: --scheduler {exc}", file=sys.stderr)
            return 2
    if args.jobs < 1 or not args.scale > 0:
        print("strength: --jobs must be at least 1 and --scale more than 0", file=sys.stderr)
        return 2
    parts = [p for p in PARTS if args.only in (None, p.name)]
    if any(p.needs_ismcts for p in parts) and not args.no_ismcts:
        problem = _ismcts_problem()
        if problem and (args.ismcts or args.only is not None):
            ap.error(problem)
        if problem:
            print(f"strength: skipping the IS-MCTS parts (stored results kept): {problem}")
            parts = [p for p in parts if not p.needs_ismcts]
    if args.no_ismcts:
        parts = [p for p in parts if not p.needs_ismcts]
    data = args.docs / "strength.json"
    baseline = args.baseline or args.docs / "strength-baseline.json"
    if not args.docs.is_dir():
        print(f"strength: {args.docs} is not a folder (--docs)", file=sys.stderr)
        return 2
    commit = commit_id(REPO)                     # before any CPU is counted: git is a child
    try:
        load_summaries(data)                     # a bad store or baseline: say so before playing
        load_baseline(baseline)
        for part in parts:
            play_part(part, scaled(part.matches, args.scale), args.seed, args.jobs, commit,
                      data, args.scheduler)
        if args.only in (None, AUDIT):
            play_audit(scaled(AUDIT_GAMES, args.scale), args.seed, commit, data)
        write_page(args.docs, baseline)
    except (StoreError, PlayerSpecError, OSError, ClusterError) as exc:
        print(f"strength: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
