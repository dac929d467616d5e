"""The arena's statistics: estimates with 95% intervals, the summary, its report and chart.

See :mod:`pyengine.measure.arena` for what is measured and how the matches are played.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

from pyengine.core.rules import Rules, options_of
from pyengine.measure.arena import MatchResult, TeamTally
from pyengine.measure.bench import WinRate

# --- statistics -------------------------------------------------------------------

@dataclass(frozen=True)
class Estimate:
    """A value with its 95% interval."""
    value: float
    low: float
    high: float
    n: int

    def pct(self) -> str:
        """As a percentage with its interval: ``52.1% (49.0-55.2)``."""
        return f"{100 * self.value:.1f}% ({100 * self.low:.1f}-{100 * self.high:.1f})"

    def num(self, digits: int = 3) -> str:
        """As a signed number with its interval."""
        return f"{self.value:+.{digits}f} ({self.low:+.{digits}f} to {self.high:+.{digits}f})"


def wilson(k: int, n: int) -> Estimate:
    """The Wilson 95% interval of ``k`` successes in ``n`` trials."""
    if n == 0:
        return Estimate(0.0, 0.0, 1.0, 0)
    lo, hi = WinRate(k, n).interval95()
    p = k / n
    return Estimate(p, max(0.0, min(lo, p)), min(1.0, max(hi, p)), n)


def clustered_mean(clusters: list[tuple[float, int]]) -> Estimate:
    """Ratio estimate sum(x)/sum(n) over clusters (x_i, n_i) with a 95% normal interval."""
    m = len(clusters)
    total_n = sum(n for _, n in clusters)
    if m == 0 or total_n == 0:
        return Estimate(0.0, 0.0, 0.0, 0)
    r = sum(x for x, _ in clusters) / total_n
    if m < 2:
        return Estimate(r, r, r, total_n)
    nbar = total_n / m
    var = sum((x - r * n) ** 2 for x, n in clusters) / (m - 1) / (m * nbar * nbar)
    half = 1.96 * math.sqrt(var)
    return Estimate(r, r - half, r + half, total_n)


@dataclass
class Summary:
    """What an arena run measured, ready for the report and the JSON file."""
    spec_a: str
    spec_b: str
    rules: str
    matches: int
    pairs: int
    seconds: float
    jobs: int
    hands: int
    wins_a: Estimate
    pairs_a: tuple[int, int, int]           # pairs A won 2-0, split 1-1, lost 0-2
    points_a: Estimate                      # points scored per hand
    points_b: Estimate
    net_a: Estimate                         # A's points minus B's, per hand
    euchred_a: Estimate                     # share of A's calls euchred
    euchred_b: Estimate
    euchres_a: Estimate                     # euchres A inflicted, per hand
    euchres_b: Estimate
    calls_a: Estimate                       # share of hands in which A made trump
    calls_b: Estimate
    alone_a: Estimate                       # lone tries per hand
    alone_b: Estimate
    alone_made_a: Estimate
    alone_made_b: Estimate
    alone_march_a: Estimate
    alone_march_b: Estimate
    totals: dict = field(default_factory=dict)
    wins_b: Estimate | None = None          # None in summaries stored before it existed
    undecided: int = 0                      # matches stopped at the hand limit

    @property
    def matches_per_hour(self) -> float:
        """The run's speed in matches an hour."""
        return self.matches / self.seconds * 3600 if self.seconds else float("inf")

    @property
    def b_wins(self) -> Estimate:
        """Team B's share of the matches won."""
        if self.wins_b is not None:
            return self.wins_b
        return wilson(self.matches - round(self.wins_a.value * self.matches), self.matches)


MIN_RATE_SECONDS = 10.0     # shorter runs say their time, not a rate per hour


def _plural(n: int, word: str, plural: str | None = None) -> str:
    return f"{n:,} {word if n == 1 else (plural or word + 's')}"


def time_text(s: Summary) -> str:
    """``time 12.3 s on 2 processes = 5,854 matches/hour`` (no rate for a short run)."""
    text = f"time {s.seconds:.1f} s on {_plural(s.jobs, 'process', 'processes')}"
    if s.seconds < MIN_RATE_SECONDS:
        return text + " (too short a run for a rate per hour)"
    return text + f" = {s.matches_per_hour:,.0f} matches/hour"


def rules_words(rules: Rules) -> str:
    """The preset and its changed options as the command line writes them
    (``standard -o deck=32``): a run under options is not reported as its preset's."""
    return rules.name + "".join(f" -o {k}={str(v).lower()}" for k, v in options_of(rules).items())


def summarise(results: list[MatchResult], spec_a: str, spec_b: str, rules: Rules,
              seconds: float, jobs: int) -> Summary:
    """Fold the match results of a run into a :class:`Summary`."""
    ta, tb = TeamTally(), TeamTally()
    for r in results:
        ta.add(r.a)
        tb.add(r.b)
    hands = sum(r.hands for r in results)
    by_seq: dict[int, list[MatchResult]] = {}
    for r in results:
        by_seq.setdefault(r.sequence, []).append(r)
    won = [sum(x.a.wins for x in rs) for rs in by_seq.values()
           if len(rs) == 2 and all(x.decided for x in rs)]
    pairs_a = (won.count(2), won.count(1), won.count(0))

    def cl(get: Callable[[MatchResult], float]) -> Estimate:
        return clustered_mean([(sum(get(x) for x in rs), sum(x.hands for x in rs))
                               for rs in by_seq.values()])

    return Summary(
        spec_a=spec_a, spec_b=spec_b, rules=rules_words(rules), matches=len(results),
        pairs=len(by_seq), seconds=seconds, jobs=jobs, hands=hands,
        wins_a=wilson(ta.wins, len(results)), pairs_a=pairs_a,
        points_a=cl(lambda r: r.a.points), points_b=cl(lambda r: r.b.points),
        net_a=cl(lambda r: r.a.net),
        euchred_a=wilson(ta.euchred, ta.calls), euchred_b=wilson(tb.euchred, tb.calls),
        euchres_a=wilson(ta.euchres, hands), euchres_b=wilson(tb.euchres, hands),
        calls_a=wilson(ta.calls, hands), calls_b=wilson(tb.calls, hands),
        alone_a=wilson(ta.alone_tries, hands), alone_b=wilson(tb.alone_tries, hands),
        alone_made_a=wilson(ta.alone_made, ta.alone_tries),
        alone_made_b=wilson(tb.alone_made, tb.alone_tries),
        alone_march_a=wilson(ta.alone_marches, ta.alone_tries),
        alone_march_b=wilson(tb.alone_marches, tb.alone_tries),
        totals={"a": asdict(ta), "b": asdict(tb)},
        wins_b=wilson(tb.wins, len(results)),
        undecided=sum(not r.decided for r in results),
    )


def report_lines(s: Summary) -> list[str]:
    """The arena's report, 80 columns wide."""
    a, b = s.spec_a, s.spec_b
    c1, c2 = 24, 28
    lines = [
        f"{a} (team A) vs {b} (team B), rules {s.rules}: {_plural(s.matches, 'match', 'matches')}",
        f"  ({_plural(s.pairs, 'deal sequence')}, each played with both seatings), "
        f"{_plural(s.hands, 'hand')}",
        f"  {time_text(s)}",
    ]
    if s.undecided:
        from pyengine.players.runner import MAX_HANDS
        lines.append(f"  {_plural(s.undecided, 'match', 'matches')} not decided within "
                     f"{MAX_HANDS:,} deals (the hand limit): won by neither team")
    lines += [
        f"  {'':<{c1}}{'team A':<{c2}}team B",
        f"  {'matches won':<{c1}}{s.wins_a.pct():<{c2}}{s.b_wins.pct()}",
        f"  {'duplicate pairs':<{c1}}A won {s.pairs_a[0]}, split {s.pairs_a[1]}, "
        f"B won {s.pairs_a[2]}",
        f"  {'points per hand':<{c1}}{s.points_a.num():<{c2}}{s.points_b.num()}",
        f"  {'net points/hand (A)':<{c1}}{s.net_a.num()}",
        f"  {'made trump (of hands)':<{c1}}{s.calls_a.pct():<{c2}}{s.calls_b.pct()}",
        f"  {'euchred (of own calls)':<{c1}}{s.euchred_a.pct():<{c2}}{s.euchred_b.pct()}",
        f"  {'euchres made (of hands)':<{c1}}{s.euchres_a.pct():<{c2}}{s.euchres_b.pct()}",
        f"  {'lone tries (of hands)':<{c1}}{s.alone_a.pct():<{c2}}{s.alone_b.pct()}",
        f"  {'lone made 3+ (of tries)':<{c1}}{s.alone_made_a.pct():<{c2}}"
        f"{s.alone_made_b.pct()}",
        f"  {'lone marched (of tries)':<{c1}}{s.alone_march_a.pct():<{c2}}"
        f"{s.alone_march_b.pct()}",
        "  (95% intervals: Wilson for shares; points clustered by deal sequence)",
    ]
    return lines


def summary_json(s: Summary) -> dict:
    """A summary as plain JSON data (docs/strength.json)."""
    d = asdict(s)
    d["matches_per_hour"] = s.matches_per_hour
    return d



def summary_from_json(d: dict) -> Summary:
    """A summary read back from :func:`summary_json`'s data."""
    d = dict(d)
    d.pop("matches_per_hour", None)
    for k, v in d.items():
        if isinstance(v, dict) and set(v) == {"value", "low", "high", "n"}:
            d[k] = Estimate(**v)
    d["pairs_a"] = tuple(d["pairs_a"])
    return Summary(**d)




def table_markdown(summaries: list[Summary]) -> list[str]:
    """The summaries as a markdown table (docs/strength.md)."""
    rows = ["| team A vs team B | matches | A won (95%) | pairs A 2-0 / 1-1 / 0-2 "
            "| A net points/hand | A euchred | B euchred | A lone tries (made) "
            "| B lone tries (made) | matches/hour |",
            "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for s in summaries:
        rows.append(
            f"| {s.spec_a} vs {s.spec_b} | {s.matches} | {s.wins_a.pct()} | "
            f"{s.pairs_a[0]} / {s.pairs_a[1]} / {s.pairs_a[2]} | {s.net_a.num(2)} | "
            f"{s.euchred_a.pct()} | {s.euchred_b.pct()} | "
            f"{s.alone_a.pct()} ({s.alone_made_a.pct()}) | "
            f"{s.alone_b.pct()} ({s.alone_made_b.pct()}) | "
            f"{s.matches_per_hour:,.0f} on {s.jobs} |")
    return rows




# --- chart ------------------------------------------------------------------------

def chart(summaries: list[Summary], path: Path) -> None:
    """A PNG: per pairing, team A's and B's shares with their 95% intervals."""
    from PIL import Image, ImageDraw

    metrics = [
        ("matches won", lambda s: (s.wins_a, s.b_wins)),
        ("made trump", lambda s: (s.calls_a, s.calls_b)),
        ("euchred when calling", lambda s: (s.euchred_a, s.euchred_b)),
        ("lone tries", lambda s: (s.alone_a, s.alone_b)),
        ("lone made", lambda s: (s.alone_made_a, s.alone_made_b)),
    ]
    row_h, bar_h, left, width = 22, 8, 200, 420
    panel_h = 30 + row_h * len(metrics) + 34
    img = Image.new("RGB", (left + width + 40, panel_h * len(summaries) + 10), "white")
    d = ImageDraw.Draw(img)
    colours = ((40, 90, 200), (200, 70, 40))
    for p, s in enumerate(summaries):
        y0 = 10 + p * panel_h
        d.text((10, y0), f"{s.spec_a} (blue) vs {s.spec_b} (red): {s.matches} matches, "
                         f"net {s.net_a.value:+.2f} pts/hand for blue", fill="black")
        top = y0 + 22
        for x in range(0, 101, 25):
            gx = left + width * x // 100
            d.line((gx, top, gx, top + row_h * len(metrics)), fill=(220, 220, 220))
            d.text((gx - 8, top + row_h * len(metrics) + 2), f"{x}%", fill="grey")
        for i, (label, get) in enumerate(metrics):
            y = top + i * row_h
            d.text((10, y + 4), label, fill="black")
            for j, est in enumerate(get(s)):
                yy = y + 3 + j * (bar_h + 2)
                d.rectangle((left, yy, left + int(width * est.value), yy + bar_h),
                            fill=colours[j])
                lo, hi = left + int(width * est.low), left + int(width * est.high)
                d.line((lo, yy + bar_h // 2, hi, yy + bar_h // 2), fill="black")
                d.line((lo, yy, lo, yy + bar_h), fill="black")
                d.line((hi, yy, hi, yy + bar_h), fill="black")
    img.save(path)
