"""Mutation testing of build/euchre.prg: single-instruction mutants, judged from outside.

``python -m tools.mutation.run`` (``make mutants``) makes the mutants of
tools/mutation/mutants.py and judges a sample (``--sample N --seed S``) in worker
processes (``--jobs``), each mutant with a timeout (a hang is a kill, reported as
one); the judges are in tools/mutation/judges.py. The score per file and every
survivor are printed; ``--out`` writes them all as JSON.
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
from pathlib import Path

from .judges import JudgeSettings, judge_all
from .mutants import FOLDERS, PRG, MutantError, Verdict, all_mutants, sample, select


def score_lines(verdicts: list[Verdict]) -> list[str]:
    by_file: dict[str, list[Verdict]] = {}
    for v in verdicts:
        by_file.setdefault(v.mutant.file, []).append(v)
    rows = ["| file | mutants | killed | survived | score |", "| --- | ---: | ---: | ---: | ---: |"]
    for fname in sorted(by_file):
        vs = by_file[fname]
        k = sum(v.killed_by is not None for v in vs)
        rows.append(f"| {fname} | {len(vs)} | {k} | {len(vs) - k} | {100 * k / len(vs):.0f}% |")
    k = sum(v.killed_by is not None for v in verdicts)
    if verdicts:
        rows.append(f"| **all** | {len(verdicts)} | {k} | {len(verdicts) - k} | "
                    f"{100 * k / len(verdicts):.1f}% |")
    return rows


def survivor_lines(verdicts: list[Verdict]) -> list[str]:
    return [f"${v.mutant.address:04X} {v.mutant.file}:{v.mutant.line} [{v.mutant.site}] "
            f"`{v.mutant.text}`: {v.mutant.mutation}"
            for v in verdicts if v.killed_by is None]


def _terminate(signum: int, _frame: object) -> None:
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.mutation.run",
                                description=__doc__.split("\n")[0])
    p.add_argument("--prg", type=Path, default=PRG)
    p.add_argument("--folder", choices=FOLDERS, default=None, help="only this folder's code")
    p.add_argument("--file", action="append", default=[], metavar="PATH",
                   help="only this source file's code, e.g. asm/defend_redeal.oph (repeatable)")
    p.add_argument("--sample", type=int, default=None, metavar="N", help="N mutants at random")
    p.add_argument("--seed", type=int, default=1, help="the sample's random seed")
    p.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    p.add_argument("--timeout", type=float, default=120.0,
                   help="CPU seconds per mutant (default 120)")
    p.add_argument("--out", type=Path, default=None, help="write the verdicts as JSON")
    p.add_argument("--mutant", action="append", default=[], metavar="SITE:KIND",
                   help="only this mutant (as --list names it, e.g. bidding/_emit+9:imm+1); "
                        "repeatable")
    p.add_argument("--list", action="store_true", help="list the mutants, judge none")
    args = p.parse_args(argv)
    if args.sample is not None and args.sample < 1 or args.jobs < 1 or args.timeout <= 0:
        p.error("--sample, --jobs and --timeout must be positive")
    try:
        everything = all_mutants(args.prg)
        if args.mutant:
            everything = select(everything, args.mutant)
        chosen = sample(everything, args.sample, args.seed, args.folder, tuple(args.file))
        if args.file and not chosen:
            known = sorted({m.file for m in everything})
            raise MutantError(f"no mutants in {', '.join(args.file)}; the files with code: "
                              f"{', '.join(known)}")
    except MutantError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    if args.list:
        for m in chosen:
            print(f"${m.address:04X} {m.file}:{m.line} [{m.key}] `{m.text}`: {m.mutation}")
        return 0
    print(f"judging {len(chosen)} mutants of {args.prg} with {args.jobs} workers "
          f"(timeout {args.timeout:g} CPU seconds each)", flush=True)
    settings = JudgeSettings(timeout=args.timeout, jobs=args.jobs)

    def progress(done: int, v: Verdict) -> None:
        state = "survived" if v.killed_by is None else f"killed: {v.killed_by[:70]}"
        print(f"  [{done}/{len(chosen)}] ${v.mutant.address:04X} {v.mutant.file}:"
              f"{v.mutant.line} {v.mutant.mutation}: {state}", flush=True)

    signal.signal(signal.SIGTERM, _terminate)     # so the workers are ended too
    try:
        verdicts = judge_all(args.prg, chosen, settings, progress)
    except KeyboardInterrupt:
        print("interrupted: no verdicts written", file=sys.stderr)
        return 130
    print("\n".join(["", *score_lines(verdicts), "", "survivors:",
                     *(survivor_lines(verdicts) or ["(none)"])]))
    if args.out:
        args.out.write_text(json.dumps({"prg": str(args.prg), "seed": args.seed,
                                        "sample": args.sample, "folder": args.folder,
                                        "files": args.file,
                                        "verdicts": [v.as_json() for v in verdicts]},
                                       indent=1) + "\n", encoding="utf-8")
        print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
