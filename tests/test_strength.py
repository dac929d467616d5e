"""``make strength`` (pyengine/measure/strength*.py): every part, its CPU, the baseline.

The matchups are played by a fake ``run_pairing`` (a few ref-random matches on the
part's rules) except ``ref-random`` itself, which plays for real; the audit is faked.
About 3 s in all.
"""

from __future__ import annotations

import json
import multiprocessing
import re
import signal
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

import pyengine.measure.audit as audit
import pyengine.measure.strength as strength
from pyengine.core.rules import BIT93, STANDARD
from pyengine.measure.arena import pooled, run_matches
from pyengine.measure.arenastats import summarise
from pyengine.measure.strength_page import (
    BEGIN_MARK,
    END_MARK,
    RUN_PAGE,
    load_baseline,
    write_strength_section,
)
from pyengine.measure.strength_parts import (
    AUDIT,
    ISMCTS,
    PAGE,
    PARTS,
    RunInfo,
    commit_id,
    cpu_seconds,
    part_names,
)
from pyengine.records.safeio import shielded

ROOT = Path(__file__).resolve().parent.parent
BASELINE = ROOT / "docs" / "strength-baseline.json"
ISSUE_ROWS = {                  # issue 16's table: team A vs team B -> the figure before
    f"{ISMCTS}-random": "+1.57", f"ref-{ISMCTS}": "+0.04", f"pimc-{ISMCTS}": "+0.14",
    "pimc-ref": "60%", "pimc:worlds=48-ref": "65%", "pimc:worlds=100-ref": "73%"}


class FakeAudit:
    def lines(self) -> list[str]:
        return ["| decision | ref: count |", "| fake audit row | 1 |"]


def _fake_audit(asked: list[tuple]):
    def ref_against_pimc(n, seed=0, progress=None):
        asked.append((AUDIT, n))
        return FakeAudit()
    return ref_against_pimc


@pytest.fixture
def fakes(monkeypatch: pytest.MonkeyPatch) -> list[tuple]:
    """Every matchup but ref-random plays 2 ref-random matches; records what was asked."""
    asked: list[tuple] = []
    real = strength.run_pairing

    def fake(a, b, n, seed=0, jobs=2, echo=print, rules=BIT93):
        asked.append((a, b, n, rules.name))
        if (a, b) == ("ref", "random"):
            return real(a, b, n, seed, jobs, echo=lambda _: None, rules=rules)
        results, secs = run_matches(rules, "ref", "random", 2, seed=seed, jobs=1)
        return summarise(results, a, b, rules, secs, 1), results

    monkeypatch.setattr(strength, "run_pairing", fake)
    monkeypatch.setattr(strength, "_ismcts_problem", lambda: None)
    monkeypatch.setattr(audit, "ref_against_pimc", _fake_audit(asked))
    return asked


def _docs(tmp_path: Path) -> Path:
    (tmp_path / RUN_PAGE).write_text(
        f"# Strength\n\nprose before\n\n{BEGIN_MARK}\nold figures\n{END_MARK}\n\nprose after\n")
    return tmp_path


def _row(text: str, first_cell: str) -> list[str]:
    """The cells of the table row starting with ``first_cell``."""
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells and cells[0] == first_cell:
            return cells
    raise AssertionError(f"no row {first_cell!r}")


def test_every_part_is_played_and_shown_with_its_cpu_and_baseline(tmp_path, fakes) -> None:
    docs = _docs(tmp_path)
    assert strength.main(["--docs", str(docs), "--baseline", str(BASELINE),
                          "--scale", "0.01", "--jobs", "2", "--seed", "5"]) == 0
    assert fakes[-1] == (AUDIT, 2)
    assert [(a, b) for a, b, _, _ in fakes[:-1]] == [(p.a, p.b) for p in PARTS]
    for (_, _, n, rules), part in zip(fakes[:-1], PARTS, strict=True):
        assert n == max(2, int(part.matches * 0.01)) and rules == part.rules.name
    text = (docs / RUN_PAGE).read_text()
    assert text.startswith("# Strength\n\nprose before\n\n" + BEGIN_MARK)
    assert text.endswith(END_MARK + "\n\nprose after\n") and "old figures" not in text
    assert text.count(BEGIN_MARK) == 1
    baseline = load_baseline(BASELINE).figures
    total = 0.0
    for part in PARTS:
        row = _row(text, f"{part.a} vs {part.b}")
        assert row[1] == part.rules.name
        assert row[2] == baseline.get(part.name, "-")
        cost = _row(text, part.name)
        assert re.fullmatch(r"[\d,]+\.\d s", cost[1]), cost
        assert cost[4] == commit_id(ROOT) and cost[3] == "2" and cost[6] == "5"
        total += float(cost[1].split()[0].replace(",", ""))
    assert re.fullmatch(r"[\d,]+\.\d s", _row(text, AUDIT)[1]) and _row(text, AUDIT)[6] == "5"
    assert "game numbers from 5" in text
    assert "| fake audit row | 1 |" in text
    stated = _row(text, f"**in all ({len(PARTS) + 1} of {len(PARTS) + 1} parts recorded)**")
    assert abs(float(stated[1].strip("*").split()[0]) - total) < 0.1 * (len(PARTS) + 1) + 1e-9
    assert (docs / "strength.png").stat().st_size > 0
    stored = json.loads((docs / "strength.json").read_text())
    for part in PARTS:
        assert part.name in stored and stored["run:" + part.name]["cpu"] >= 0
        assert stored["run:" + part.name]["duplicate_deals"] > 0
        assert ("analysis:" + part.name in stored) == part.analysis


def test_only_takes_every_part_name_and_the_page_is_rebuilt_in_pieces(tmp_path, fakes) -> None:
    docs = _docs(tmp_path)
    names = part_names()
    assert {p.name for p in PARTS} | {AUDIT, PAGE} == set(names)
    for name in names:
        fakes.clear()
        assert strength.main(["--only", name, "--docs", str(docs), "--scale", "0.01"]) == 0
        played = [f"{f[0]}-{f[1]}" if f[0] != AUDIT else AUDIT for f in fakes]
        assert played == ([] if name == PAGE else [name])
    text = (docs / RUN_PAGE).read_text()
    for part in PARTS:                       # every piece is on the page
        _row(text, f"{part.a} vs {part.b}")
    assert "prose after" in text


def test_a_bad_only_says_so_in_one_line(tmp_path, fakes, capsys) -> None:
    docs = _docs(tmp_path)
    assert strength.main(["--only", "pimc-nobody", "--docs", str(docs)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "'pimc-nobody'" in err and "pimc:worlds=100-ref" in err
    assert fakes == [] and not (docs / "strength.json").exists()


def test_bad_files_are_named_before_anything_is_played(tmp_path, fakes, capsys) -> None:
    docs = _docs(tmp_path)
    (docs / "strength.json").write_text("{")
    assert strength.main(["--docs", str(docs)]) == 2
    (docs / "strength.json").unlink()
    (docs / "base.json").write_text('{"parts": {"pimc-ref": 3}}')
    assert strength.main(["--docs", str(docs), "--baseline", str(docs / "base.json")]) == 2
    assert strength.main(["--docs", str(docs / "nowhere")]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 3 and "strength.json" in err[0] and "base.json" in err[1]
    assert "nowhere" in err[2] and fakes == []


def test_the_ismcts_parts_are_the_issues(fakes, tmp_path) -> None:
    by_name = {p.name: p for p in PARTS}
    for name in (f"{ISMCTS}-random", f"ref-{ISMCTS}", f"pimc-{ISMCTS}"):
        assert by_name[name].rules is STANDARD and by_name[name].needs_ismcts
    assert ISMCTS == "ismcts:sims=2000"
    assert by_name[f"pimc-{ISMCTS}"].min_deals >= 300
    assert not by_name["pimc-ref"].needs_ismcts and by_name["pimc-ref"].rules is BIT93
    # --no-ismcts plays none of them
    assert strength.main(["--no-ismcts", "--docs", str(_docs(tmp_path)), "--scale", "0.01"]) == 0
    assert {f[:2] for f in fakes if f[0] != AUDIT} == {
        (p.a, p.b) for p in PARTS if not p.needs_ismcts}


def test_the_page_states_each_parts_cpu_and_the_total(tmp_path) -> None:
    md = tmp_path / "strength.md"
    results, secs = run_matches(BIT93, "ref", "random", 2, seed=0, jobs=1)
    s = summarise(results, "ref", "random", BIT93, secs, 1)
    runs = {"ref-random": RunInfo(100.25, 60.0, 2, "abc123", "2026-12-01", 2, 9, seed=7),
            AUDIT: RunInfo(600.5, 700.0, 1, "def456", "2026-12-02", 60, seed=7)}
    write_strength_section(md, [s], "c.png", "cmd", runs=runs)
    text = md.read_text()
    assert _row(text, "ref-random")[1:7] == ["100.2 s", "60.0 s", "2", "abc123", "2026-12-01",
                                            "7"]
    assert "game numbers from 7" in text
    assert _row(text, AUDIT)[1] == "600 s (0.17 h)"
    assert _row(text, "**in all (2 of 2 parts recorded)**")[1] == "**701 s (0.19 h)**"
    assert "**701 s (0.19 h) of CPU** in all" in text and "abc123, def456" in text
    assert _row(text, "ref vs random")[2] == "-" and _row(text, "ref vs random")[5] == "2 / " \
        f"{s.hands} / 9"


def test_too_few_duplicate_deals_are_flagged(tmp_path, fakes, capsys) -> None:
    docs = _docs(tmp_path)
    assert strength.main(["--only", f"pimc-{ISMCTS}", "--docs", str(docs)]) == 0
    out = capsys.readouterr().out
    assert "fewer than the 300 it is meant for" in out     # the fake plays 2 matches


def test_the_baseline_is_issue_16s_table() -> None:
    base = load_baseline(BASELINE)
    assert set(base.figures) == set(ISSUE_ROWS) <= set(part_names())
    for name, figure in ISSUE_ROWS.items():
        assert base.figures[name].startswith(figure)
    assert "issue 16" in base.source


def _burn(seconds: float) -> float:
    """Spin for ``seconds`` of this process's CPU; return the CPU it used."""
    start = time.process_time()
    while time.process_time() - start < seconds:
        pass
    return time.process_time() - start


@contextmanager
def _at_most(seconds: int) -> Iterator[None]:
    """Fail (and kill the workers) if the block outlives ``seconds``: a CI run that can
    hang is a failing CI."""
    def late(signum: int, frame: object) -> None:
        for child in multiprocessing.active_children():
            child.kill()
        raise TimeoutError(f"more than {seconds} s: the pool's workers could not be ended")

    old = signal.signal(signal.SIGALRM, late)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def test_cpu_counts_the_pool_workers() -> None:
    # make test once hung here 9.5 minutes: a worker that had inherited a SIGTERM
    # handler could not be ended by the pool. The arena's pool starts its workers
    # without the parent's handlers or blocked signals; here the parent holds SIGTERM
    # back (as a game writing its transcript does), and the wait is bounded.
    before = cpu_seconds()
    with _at_most(120), shielded():
        used = sum(pooled(_burn, [0.15, 0.15], 2))
    after = cpu_seconds()
    assert after - before >= used > 0.29


def test_the_commit_is_named_or_unknown(tmp_path) -> None:
    assert commit_id(tmp_path) == "unknown"                      # not a repository
    head = subprocess.run(["git", "rev-parse", "--short=12", "HEAD"], cwd=ROOT,
                          capture_output=True, text=True).stdout.strip()
    assert commit_id(ROOT).removesuffix("+changes") == head


def test_make_strength_runs_every_part() -> None:
    def dry(*extra: str) -> str:
        return subprocess.run(["make", "-n", "strength", *extra], cwd=ROOT, capture_output=True,
                              text=True, check=True).stdout
    plain = dry()
    assert "-m pyengine.measure.strength" in plain and "--only" not in plain
    assert "--ismcts" not in plain and "--no-ismcts" not in plain
    assert "--ismcts" in dry("ISMCTS=1") and "--no-ismcts" in dry("ISMCTS=0")


def test_rerun_it_lists_every_part_with_its_count() -> None:
    text = (ROOT / "docs" / "strength.md").read_text()
    rerun = text[text.index("## Rerun it"):text.index("## The search player")]
    rows = {}
    for line in rerun.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| `"):
            rows[cells[0].split("`")[1]] = cells
    assert set(rows) == set(part_names()) - {PAGE}
    for part in PARTS:
        assert rows[part.name][1:3] == [part.rules.name, f"{part.matches:,}"]


def test_the_strength_page_stays_short_and_points_to_the_run() -> None:
    # issue 41: "Every figure in docs/strength.md with its command and CPU; the file at
    # most 400 lines (the history in strength-history.md)."
    page = (ROOT / "docs" / "strength.md").read_text()
    assert len(page.splitlines()) <= 400
    assert BEGIN_MARK not in page and "(strength-run.md)" in page
    run = (ROOT / "docs" / RUN_PAGE).read_text()
    assert run.count(BEGIN_MARK) == 1 and run.count(END_MARK) == 1
