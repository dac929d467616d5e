"""docs/strength-run.md's measured section, docs/strength.json and the issue's baseline.

The store (docs/strength.json) holds, by part name (:mod:`pyengine.measure.strength_parts`),
the arena summary (``pimc-ref``), how it was measured (``run:pimc-ref``: CPU, commit)
and, for some parts, the deal-by-deal lines (``analysis:pimc-ref``; ``analysis:audit``).
The page is rewritten from the whole store, so it can be rebuilt one part at a time.
The baseline (docs/strength-baseline.json) holds the figures measured before, by part
name; the page shows each next to the new one.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from pyengine.measure.arenastats import Summary, report_lines, summary_from_json, summary_json
from pyengine.measure.arenastats import table_markdown as figures_table
from pyengine.measure.strength_parts import AUDIT, RunInfo

RAW_PREFIXES = ("analysis:", "run:")     # stored as they are, not as summaries

# the page the run writes (docs/strength.md, the current figures, stays under 400 lines)
RUN_PAGE = "strength-run.md"
BEGIN_MARK = "<!-- strength:begin (written by: python -m pyengine.measure.strength) -->"
END_MARK = "<!-- strength:end -->"


class StoreError(ValueError):
    """docs/strength.json or the baseline cannot be read; the message says why."""


def _read_json(path: Path) -> dict:
    try:
        data = json.loads(path.read_text())
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise StoreError(f"{path}: cannot read it ({exc})") from None
    if not isinstance(data, dict):
        raise StoreError(f"{path}: expected a JSON object")
    return data


def load_summaries(path: Path) -> dict:
    """The store by key: summaries, and raw data under ``analysis:``/``run:`` keys."""
    if not path.exists():
        return {}
    try:
        return {k: (v if k.startswith(RAW_PREFIXES) else summary_from_json(v))
                for k, v in _read_json(path).items()}
    except (TypeError, KeyError) as exc:
        raise StoreError(f"{path}: not a strength store ({exc})") from None


def save_summaries(path: Path, summaries: dict) -> None:
    """Write the store as JSON (docs/strength.json)."""
    path.write_text(json.dumps({k: (s if k.startswith(RAW_PREFIXES) else summary_json(s))
                                for k, s in summaries.items()}, indent=1) + "\n")


def runs_of(store: dict) -> dict[str, RunInfo]:
    """The stored :class:`RunInfo` by part name (parts stored before it existed have none)."""
    return {k.removeprefix("run:"): RunInfo.from_json(v) for k, v in store.items()
            if k.startswith("run:")}


# --- the figures measured before ---------------------------------------------------

@dataclass(frozen=True)
class Baseline:
    """The figures measured before, by part name, and where they come from."""

    source: str = ""
    figures: dict[str, str] = field(default_factory=dict)


def load_baseline(path: Path) -> Baseline:
    """Read docs/strength-baseline.json (``{"source": ..., "parts": {NAME: {"before": ...}}}``);
    a missing file is an empty baseline."""
    if not path.exists():
        return Baseline()
    data = _read_json(path)
    parts = data.get("parts", {})
    if not isinstance(parts, dict) or not all(
            isinstance(v, dict) and isinstance(v.get("before"), str) for v in parts.values()):
        raise StoreError(f"{path}: \"parts\" must map part names to {{\"before\": TEXT}}")
    return Baseline(str(data.get("source", "")), {k: v["before"] for k, v in parts.items()})


# --- the page ----------------------------------------------------------------------

def cpu_text(seconds: float) -> str:
    """``1,234 s (0.34 h)``: CPU seconds, and hours once they matter."""
    if seconds < 600:
        return f"{seconds:,.1f} s"
    return f"{seconds:,.0f} s ({seconds / 3600:.2f} h)"


def side_by_side(summaries: list[Summary], runs: dict[str, RunInfo],
                 baseline: Baseline) -> list[str]:
    """Markdown: each matchup's new figures next to the baseline's."""
    rows = ["| team A vs team B | rules | before (issue 16) | now: A won (95%) "
            "| now: A net points/hand (95%) | matches / hands / duplicate deals |",
            "| --- | --- | --- | --- | --- | --- |"]
    for s in summaries:
        name = f"{s.spec_a}-{s.spec_b}"
        run = runs.get(name)
        deals = "-" if run is None or run.duplicate_deals is None else f"{run.duplicate_deals:,}"
        rows.append(f"| {s.spec_a} vs {s.spec_b} | {s.rules} | {baseline.figures.get(name, '-')} "
                    f"| {s.wins_a.pct()} | {s.net_a.num(2)} | {s.matches:,} / {s.hands:,} / "
                    f"{deals} |")
    return rows


def cpu_table(names: list[str], runs: dict[str, RunInfo]) -> list[str]:
    """Markdown: the CPU, wall time, commit and day of every part, and the total."""
    rows = ["| part | CPU (user+sys, all processes) | wall | processes | commit | measured "
            "| first game number |",
            "| --- | ---: | ---: | ---: | --- | --- | ---: |"]
    total, known = 0.0, 0
    for name in names:
        run = runs.get(name)
        if run is None:
            rows.append(f"| {name} | not recorded | - | - | unknown | - | - |")
            continue
        total += run.cpu
        known += 1
        rows.append(f"| {name} | {cpu_text(run.cpu)} | {cpu_text(run.wall)} | {run.jobs} "
                    f"| {run.commit} | {run.date} | {run.seed} |")
    rows.append(f"| **in all ({known} of {len(names)} parts recorded)** "
                f"| **{cpu_text(total)}** | | | | | |")
    return rows


def section_lines(summaries: list[Summary], chart_name: str, command: str,
                  analysis: list[str], runs: dict[str, RunInfo], baseline: Baseline,
                  setting: str) -> list[str]:
    """The measured section, marks included."""
    names = [f"{s.spec_a}-{s.spec_b}" for s in summaries]
    if AUDIT in runs:
        names.append(AUDIT)
    total = sum(runs[n].cpu for n in names if n in runs)
    commits = sorted({runs[n].commit for n in names if n in runs})
    seeds = sorted({runs[n].seed for n in names if n in runs}) or [0]
    first = f"from {seeds[0]}" if len(seeds) == 1 else "per part below"
    body = [BEGIN_MARK, "", "### The last run of the command (current players)", "",
            f"Measured with `{command}` (rules bit93, against ismcts standard, game numbers "
            f"{first}, pimc = arena setting `{setting}`), at commit "
            f"{', '.join(commits) or 'unknown'}; it took **{cpu_text(total)} of CPU** in all "
            "(per part below).", "", "#### Side by side with the figures measured before", ""]
    if baseline.source:
        body += [f"Before: {baseline.source}", ""]
    body += [*side_by_side(summaries, runs, baseline), "", "#### What each part cost", "",
             *cpu_table(names, runs), "", "#### All the figures", "",
             *figures_table(summaries), "",
             f"![strength chart]({chart_name})", "", "Full reports:", "", "```"]
    for s in summaries:
        body += report_lines(s) + [""]
    body += ["```", ""]
    if analysis:
        body += ["### Where the points go (measured)", "", *analysis, ""]
    return body + [END_MARK]


def write_strength_section(md: Path, summaries: list[Summary], chart_name: str,
                           command: str, analysis: list[str] = (),
                           runs: dict[str, RunInfo] | None = None,
                           baseline: Baseline | None = None, setting: str = "") -> None:
    """Replace the measured section of ``md`` (between the marks), keeping the prose."""
    body = section_lines(summaries, chart_name, command, list(analysis), runs or {},
                         baseline or Baseline(), setting)
    text = md.read_text() if md.exists() else "# Playing strength\n\n"
    if BEGIN_MARK in text and END_MARK in text:
        head, rest = text.split(BEGIN_MARK, 1)
        tail = rest.split(END_MARK, 1)[1]
        text = head + "\n".join(body) + tail
    else:
        text = text.rstrip("\n") + "\n\n" + "\n".join(body) + "\n"
    md.write_text(text)
