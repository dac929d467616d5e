"""benchmarks/judge_log.py: its log holds the arena's very matches, resumes where it
stopped, and pairs runs as the arena's paired SPRT does (docs/strength.md, "The levels
against the judge")."""

from __future__ import annotations

import importlib.util
import sys
from argparse import Namespace
from dataclasses import replace
from pathlib import Path
from types import ModuleType

import pytest

from pyengine.core.rules import preset
from pyengine.measure.arena import run_matches
from pyengine.measure.arenastats import report_lines, summarise
from pyengine.measure.sprt import SprtConfig, run_sprt

ROOT = Path(__file__).resolve().parent.parent
RULES = "standard"
SEED = 500


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("judge_log", ROOT / "benchmarks" /
                                                  "judge_log.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["judge_log"] = mod
    spec.loader.exec_module(mod)
    return mod


def play(mod: ModuleType, player: str, matches: int, log: Path) -> None:
    assert mod.play(Namespace(player=player, judge="easy", rules=RULES, matches=matches,
                              seed=SEED, log=log)) == 0


def body(lines: list[str]) -> list[str]:
    return [line for line in lines if "time " not in line]       # all but the wall time


def test_the_log_holds_the_arenas_matches_and_resumes(tmp_path: Path) -> None:
    mod = load()
    log = tmp_path / "ref.jsonl"
    play(mod, "ref", 4, log)                   # stopped after 2 sequences ...
    play(mod, "ref", 8, log)                   # ... and resumed to 4
    _, got, _ = mod.read_log(log)
    rules = preset(RULES)
    want, _ = run_matches(rules, "ref", "easy", 8, SEED, 1)
    assert [(r.sequence, r.a_seats, r.game_number) for r in got] == \
        [(r.sequence, r.a_seats, r.game_number) for r in want]
    assert [replace(r, seconds=0.0) for r in got] == [replace(r, seconds=0.0) for r in want]
    assert body(report_lines(summarise(got, "ref", "easy", rules, 0.0, 1))) == \
        body(report_lines(summarise(want, "ref", "easy", rules, 0.0, 1)))


def test_a_log_of_another_run_is_refused(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    mod = load()
    log = tmp_path / "ref.jsonl"
    play(mod, "ref", 2, log)
    assert mod.play(Namespace(player="hard", judge="easy", rules=RULES, matches=2,
                              seed=SEED, log=log)) == 2
    assert "is a log of" in capsys.readouterr().err


def test_report_pairs_as_the_arenas_paired_sprt(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    mod = load()
    play(mod, "ref", 12, tmp_path / "a.jsonl")
    play(mod, "ref:alone_min=99", 8, tmp_path / "b.jsonl")   # shorter: 4 sequences shared
    capsys.readouterr()
    assert mod.report(Namespace(logs=[tmp_path / "a.jsonl", tmp_path / "b.jsonl"])) == 0
    out = capsys.readouterr().out
    sprt = run_sprt(preset(RULES), "ref:alone_min=99", "easy", "ref",
                    SprtConfig(delta=100.0), 8, SEED, 1)
    assert sprt.pairs == 4
    mean, half = sprt.mean_interval()
    assert half > 0
    assert (f"ref:alone_min=99 - ref, paired on 4 deal sequences: {mean:+.3f} a hand "
            f"({mean - half:+.3f} to {mean + half:+.3f}, 95%)") in out
    assert "deal sequences every log has: 4 (game numbers 500-503)" in out
