"""The arena: duplicate matches between two players, with honest statistics.

A *match* is one game played to the rules' target. Matches come in duplicate
pairs: one deal sequence (game number) is played twice, team A in seats 0+2
and then in seats 1+3, so each team is dealt the cards its opponents had, and
the luck of the deal cancels out. ``--matches N`` plays N matches (N/2 deal
sequences, rounded up), spread over ``--jobs`` processes.

Reported for each team, with 95% intervals:

* matches won: a Wilson interval over the matches (conservative for
  duplicate play, where the two halves of a pair are negatively correlated);
* points per hand (hands played, passed-out ones excluded): mean with a
  normal interval clustered by deal sequence (each pair's hands together);
* euchres: the share of its calls that were euchred, and euchres it inflicted
  per hand (Wilson);
* lone hands: tries per hand, and the share of tries that made (3+ tricks)
  and that marched (5 tricks) (Wilson).

Players are given as text: ``random``, ``ref``, ``pimc``, with options after
a colon (``pimc:worlds=20,time=0``; ``random:seed=3``). ``pimc`` alone means
the arena setting :data:`pyengine.pimc.ARENA`.
"""

from __future__ import annotations

import json
import math
import multiprocessing
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from .bench import WinRate
from .events import PASS, Bid, Deal, GameOver, PassedOut, Score
from .game import GameState
from .player import BidThresholds, Player, RandomPlayer, RefPlayer
from .rules import BIT93, Rules

PLAYER_KINDS = ("random", "ref", "pimc")


class PlayerSpecError(ValueError):
    """A player description the arena cannot read; the message says why."""


def make_player(spec: str, seed: int = 0) -> Player:
    """Build a player from its text form (see the module docstring)."""
    kind, _, opts = spec.partition(":")
    kind = kind.strip().lower()
    if kind == "random":
        s = seed
        for part in filter(None, opts.split(",")):
            name, _, value = part.partition("=")
            if name.strip() != "seed":
                raise PlayerSpecError(f"random: unknown option {name.strip()!r} (seed)")
            s = int(value) + seed
        return RandomPlayer(s)
    if kind == "ref":
        values = {}
        known = [f.name for f in fields(BidThresholds)]
        for part in filter(None, opts.split(",")):
            name, _, value = part.partition("=")
            name = name.strip()
            if name not in known or not value.strip().lstrip("-").isdigit():
                raise PlayerSpecError(f"ref: option {part.strip()!r}: use NAME=INTEGER with "
                                      f"NAME one of {', '.join(known)}")
            values[name] = int(value)
        return RefPlayer(name=spec, thresholds=BidThresholds(**values))
    if kind == "pimc":
        from .pimc import PimcPlayer, parse_player_options
        try:
            return PimcPlayer(parse_player_options(opts), name=spec)
        except ValueError as exc:
            raise PlayerSpecError(f"pimc: {exc}") from None
    raise PlayerSpecError(f"unknown player {kind!r} (known: {', '.join(PLAYER_KINDS)})")


@dataclass
class TeamTally:
    """Per-team counts from one or more matches."""

    wins: int = 0
    points: int = 0            # points scored
    net: int = 0               # points scored minus conceded
    calls: int = 0             # hands in which this team made trump
    euchred: int = 0           # ... and took fewer than 3 tricks
    euchres: int = 0           # hands in which it euchred the makers
    alone_tries: int = 0
    alone_made: int = 0        # 3+ tricks alone
    alone_marches: int = 0     # 5 tricks alone

    def add(self, other: TeamTally) -> None:
        for k, v in asdict(other).items():
            setattr(self, k, getattr(self, k) + v)


@dataclass
class MatchResult:
    sequence: int              # deal sequence index (pairs share it)
    game_number: int
    a_seats: int               # 0: team A in seats 0+2; 1: seats 1+3
    hands: int                 # hands played (passed-out ones excluded)
    deals: int                 # every deal, passed-out ones included
    a: TeamTally
    b: TeamTally
    seconds: float
    records: list[HandRecord] = field(default_factory=list)


@dataclass(frozen=True)
class HandRecord:
    """One deal of a match, in engine seats and teams (team A is team ``a_seats``)."""

    hand: int                  # deal number in the game (passed-out deals included)
    dealer: int
    before: tuple[int, int]    # score (team 0, team 1) before the deal
    maker: int | None          # None: passed out
    round: int = 0
    trump: int | None = None
    alone: bool = False
    maker_tricks: int = 0
    points: tuple[int, int] = (0, 0)


def play_match(rules: Rules, game_number: int, spec_a: str, spec_b: str, a_seats: int,
               sequence: int = 0) -> MatchResult:
    """One game: team A (spec_a) in seats a_seats, a_seats+2; team B in the others."""
    start = time.perf_counter()
    pa = [make_player(spec_a, 1000 * game_number + s) for s in range(4)]
    pb = [make_player(spec_b, 1000 * game_number + s + 4) for s in range(4)]
    seats = [pa[s] if (s & 1) == a_seats else pb[s] for s in range(4)]
    game = GameState.new(rules, game_number)
    while not game.over:
        s = game.turn
        game.apply(seats[s].decide(game.view(s)))
    tally = (TeamTally(), TeamTally())          # by team index 0/1 of the engine
    hands = 0
    alone = False
    records: list[HandRecord] = []
    deal, call, total = None, None, (0, 0)
    for e in game.events:
        if isinstance(e, Deal):
            deal, call = e, None
        elif isinstance(e, PassedOut):
            records.append(HandRecord(deal.hand, deal.dealer, total, None))
        elif isinstance(e, Bid) and e.call != PASS:
            alone = e.alone
            call = e
        if isinstance(e, Score):
            records.append(HandRecord(deal.hand, deal.dealer, total, call.seat, call.round,
                                      call.suit, call.alone, e.tricks[e.makers], e.points))
            total = e.total
            hands += 1
            mk, df = tally[e.makers], tally[1 - e.makers]
            mt = e.tricks[e.makers]
            mk.calls += 1
            for t in (0, 1):
                tally[t].points += e.points[t]
                tally[t].net += e.points[t] - e.points[1 - t]
            if mt < 3:
                mk.euchred += 1
                df.euchres += 1
            if alone:
                mk.alone_tries += 1
                mk.alone_made += mt >= 3
                mk.alone_marches += mt == 5
        elif isinstance(e, GameOver):
            tally[e.winner].wins += 1
    return MatchResult(sequence, game_number, a_seats, hands, game.hand_no,
                       tally[a_seats], tally[1 - a_seats], time.perf_counter() - start,
                       records)


def _run_task(task: tuple) -> MatchResult:
    rules, number, spec_a, spec_b, a_seats, seq = task
    return play_match(rules, number, spec_a, spec_b, a_seats, seq)


def tasks(rules: Rules, spec_a: str, spec_b: str, matches: int, seed: int) -> list[tuple]:
    pairs = (matches + 1) // 2
    out = []
    for i in range(pairs):
        number = (seed + i) % 65536
        out += [(rules, number, spec_a, spec_b, 0, i), (rules, number, spec_a, spec_b, 1, i)]
    return out


def run_matches(rules: Rules, spec_a: str, spec_b: str, matches: int, seed: int = 0,
                jobs: int = 2, progress: Callable[[int, int], None] | None = None
                ) -> tuple[list[MatchResult], float]:
    """Play the matches (duplicate pairs) on ``jobs`` processes; return them and the wall time."""
    make_player(spec_a)
    make_player(spec_b)                          # fail early on a bad description
    work = tasks(rules, spec_a, spec_b, matches, seed)
    start = time.perf_counter()
    results: list[MatchResult] = []
    if jobs <= 1:
        it: Iterator[MatchResult] = map(_run_task, work)
        for r in it:
            results.append(r)
            if progress:
                progress(len(results), len(work))
    else:
        ctx = multiprocessing.get_context("fork")
        with ctx.Pool(jobs) as pool:
            for r in pool.imap_unordered(_run_task, work, chunksize=1):
                results.append(r)
                if progress:
                    progress(len(results), len(work))
    results.sort(key=lambda r: (r.sequence, r.a_seats))
    return results, time.perf_counter() - start


# --- statistics -------------------------------------------------------------------

@dataclass(frozen=True)
class Estimate:
    value: float
    low: float
    high: float
    n: int

    def pct(self) -> str:
        return f"{100 * self.value:.1f}% ({100 * self.low:.1f}-{100 * self.high:.1f})"

    def num(self, digits: int = 3) -> str:
        return f"{self.value:+.{digits}f} ({self.low:+.{digits}f} to {self.high:+.{digits}f})"


def wilson(k: int, n: int) -> Estimate:
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

    @property
    def matches_per_hour(self) -> float:
        return self.matches / self.seconds * 3600 if self.seconds else float("inf")


def summarise(results: list[MatchResult], spec_a: str, spec_b: str, rules: Rules,
              seconds: float, jobs: int) -> Summary:
    ta, tb = TeamTally(), TeamTally()
    for r in results:
        ta.add(r.a)
        tb.add(r.b)
    hands = sum(r.hands for r in results)
    by_seq: dict[int, list[MatchResult]] = {}
    for r in results:
        by_seq.setdefault(r.sequence, []).append(r)
    won = [sum(x.a.wins for x in rs) for rs in by_seq.values() if len(rs) == 2]
    pairs_a = (won.count(2), won.count(1), won.count(0))

    def cl(get: Callable[[MatchResult], float]) -> Estimate:
        return clustered_mean([(sum(get(x) for x in rs), sum(x.hands for x in rs))
                               for rs in by_seq.values()])

    return Summary(
        spec_a=spec_a, spec_b=spec_b, rules=rules.name, matches=len(results),
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
    )


def report_lines(s: Summary) -> list[str]:
    a, b = s.spec_a, s.spec_b
    w = 14
    lines = [
        f"{a} (team A) vs {b} (team B), rules {s.rules}: {s.matches} matches "
        f"({s.pairs} deal sequences, each played with both seatings), {s.hands} hands",
        f"  time {s.seconds:.0f} s on {s.jobs} processes = {s.matches_per_hour:,.0f} matches/hour",
        f"  {'':<26}{'team A':<{w + 16}}team B",
        f"  {'matches won':<26}{s.wins_a.pct():<{w + 16}}"
        f"{wilson(s.matches - round(s.wins_a.value * s.matches), s.matches).pct()}",
        f"  {'duplicate pairs':<26}A won {s.pairs_a[0]}, split {s.pairs_a[1]}, "
        f"B won {s.pairs_a[2]}",
        f"  {'points per hand':<26}{s.points_a.num():<{w + 16}}{s.points_b.num()}",
        f"  {'net points per hand (A)':<26}{s.net_a.num()}",
        f"  {'made trump (of hands)':<26}{s.calls_a.pct():<{w + 16}}{s.calls_b.pct()}",
        f"  {'euchred (of own calls)':<26}{s.euchred_a.pct():<{w + 16}}{s.euchred_b.pct()}",
        f"  {'euchres made (of hands)':<26}{s.euchres_a.pct():<{w + 16}}{s.euchres_b.pct()}",
        f"  {'lone tries (of hands)':<26}{s.alone_a.pct():<{w + 16}}{s.alone_b.pct()}",
        f"  {'lone made 3+ (of tries)':<26}{s.alone_made_a.pct():<{w + 16}}"
        f"{s.alone_made_b.pct()}",
        f"  {'lone marched (of tries)':<26}{s.alone_march_a.pct():<{w + 16}}"
        f"{s.alone_march_b.pct()}",
        "  (95% intervals: Wilson for shares; points clustered by deal sequence)",
    ]
    return lines


def summary_json(s: Summary) -> dict:
    d = asdict(s)
    d["matches_per_hour"] = s.matches_per_hour
    return d


# --- where the points go: hand-by-hand duplicate comparison ------------------------

POSITION_NAMES = ("dealer's left", "dealer's partner", "dealer's right", "dealer")


def _net0(r: HandRecord) -> int:
    return r.points[0] - r.points[1]


def _contract(r: HandRecord) -> tuple | None:
    return None if r.maker is None else (r.maker, r.trump, r.alone)


def _team_call(r: HandRecord, pair: int) -> str:
    """What the seat pair ``pair`` did with its cards in this deal."""
    if r.maker is None:
        return "passed out"
    if (r.maker & 1) != pair:
        return "defended"
    if r.alone:
        forced = r.round == 1 and r.maker == (r.dealer + 2) % 4
        return "forced loner" if forced else "alone"
    return f"called r{r.round}"


def duplicate_hands(results: list[MatchResult]) -> list[tuple[HandRecord, HandRecord]]:
    """(X, Y) records of the same deal: X with team A in seats 0+2, Y with team B there."""
    by_seq: dict[int, dict[int, MatchResult]] = {}
    for r in results:
        by_seq.setdefault(r.sequence, {})[r.a_seats] = r
    out = []
    for pair in by_seq.values():
        if 0 not in pair or 1 not in pair:
            continue
        ys = {h.hand: h for h in pair[1].records}
        for x in pair[0].records:
            y = ys.get(x.hand)
            if y is not None:
                out.append((x, y))
    return out


def _mean_ci(xs: list[float]) -> str:
    n = len(xs)
    if n == 0:
        return "-"
    m = sum(xs) / n
    if n < 2:
        return f"{m:+.2f}"
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))
    return f"{m:+.2f} ({m - 1.96 * sd / math.sqrt(n):+.2f} to {m + 1.96 * sd / math.sqrt(n):+.2f})"


def analysis_lines(results: list[MatchResult], spec_a: str, spec_b: str) -> list[str]:
    """Markdown: where team B loses points to team A, deal by deal on the same cards.

    Every deal k of a duplicate pair is dealt identically in both games, with
    the teams swapped: A's result on a seat pair's cards minus B's result on
    the same cards is A's advantage on that deal (both seat pairs together:
    one number per deal). The deals are grouped by what each team did with
    the cards; hands differ only after the scores diverge.
    """
    pairs = duplicate_hands(results)
    rows: dict[str, list[float]] = {}

    def add(key: str, d: float) -> None:
        rows.setdefault(key, []).append(d)

    for x, y in pairs:
        d = _net0(x) - _net0(y)          # A's advantage on this deal (A on pair 0 in X)
        add("all deals", d)
        if _contract(x) == _contract(y):
            add("same contract (card play only)" if x.maker is not None
                else "passed out in both", d)
            if x.maker is not None:
                maker_pair = x.maker & 1
                who = spec_a if maker_pair == 0 else spec_b
                add(f"same contract, {who} (team {'A' if maker_pair == 0 else 'B'}) "
                    "made it in the first game", d)
            continue
        # different outcomes of the auction: name what B did and what A did on each pair
        for pair in (0, 1):
            a_rec, b_rec = (x, y) if pair == 0 else (y, x)
            a_did, b_did = _team_call(a_rec, pair), _team_call(b_rec, pair)
            if a_did != b_did:
                add(f"{spec_b} {b_did}, {spec_a} {a_did} (same cards)", d)
        near = max(max(x.before), max(y.before)) >= 8
        if near:
            add("auction differs, a side at 8+ points", d)
    lines = [f"Deal by deal, {spec_a} (A) against {spec_b} (B) on the same cards: "
             f"{len(pairs)} deals. The value is A's net points per deal minus B's on the "
             "same cards (positive: B loses points there); a deal may count in two rows "
             "(one per seat pair whose bidding differed).", "",
             "| what happened | deals | A's advantage per deal (95%) | total |",
             "| --- | --- | --- | --- |"]
    for key in sorted(rows, key=lambda k: (k != "all deals", -abs(sum(rows[k])))):
        xs = rows[key]
        lines.append(f"| {key} | {len(xs)} | {_mean_ci(xs)} | {sum(xs):+.0f} |")
    lines += ["", *calls_by_position(results, spec_a, spec_b)]
    return lines


def calls_by_position(results: list[MatchResult], spec_a: str, spec_b: str) -> list[str]:
    """Each team's calls by seat (relative to the dealer) and round: how often euchred."""
    stats: dict[tuple, list[int]] = {}
    for r in results:
        for h in r.records:
            if h.maker is None:
                continue
            team = "A" if (h.maker & 1) == r.a_seats else "B"
            pos = POSITION_NAMES[(h.maker - h.dealer - 1) % 4]
            kind = "alone" if h.alone else "with partner"
            key = (team, f"r{h.round} {pos}, {kind}")
            st = stats.setdefault(key, [0, 0, 0])
            st[0] += 1
            st[1] += h.maker_tricks < 3
            mine = h.maker & 1
            st[2] += h.points[mine] - h.points[1 - mine]
    lines = ["| calls by | seat and round | calls | euchred | makers' net points per call |",
             "| --- | --- | --- | --- | --- |"]
    for (team, what), (n, e, net) in sorted(stats.items()):
        name = spec_a if team == "A" else spec_b
        lines.append(f"| {name} | {what} | {n} | {wilson(e, n).pct()} | {net / n:+.2f} |")
    return lines


# --- chart ------------------------------------------------------------------------

def chart(summaries: list[Summary], path: Path) -> None:
    """A PNG: per pairing, team A's and B's shares with their 95% intervals."""
    from PIL import Image, ImageDraw

    metrics = [
        ("matches won", lambda s: (s.wins_a, wilson(s.matches - round(s.wins_a.value
                                                                      * s.matches),
                                                    s.matches))),
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


# --- the strength document --------------------------------------------------------

STRENGTH_PAIRINGS = (("ref", "random", 2000), ("pimc", "random", 400), ("pimc", "ref", 400))
AUDIT_GAMES = 60


def run_pairing(a: str, b: str, n: int, seed: int = 0, jobs: int = 2,
                echo: Callable[[str], None] = print) -> tuple[Summary, list[MatchResult]]:
    results, secs = run_matches(BIT93, a, b, n, seed, jobs)
    s = summarise(results, a, b, BIT93, secs, jobs)
    for line in report_lines(s):
        echo(line)
    return s, results


def summary_from_json(d: dict) -> Summary:
    d = dict(d)
    d.pop("matches_per_hour", None)
    for k, v in d.items():
        if isinstance(v, dict) and set(v) == {"value", "low", "high", "n"}:
            d[k] = Estimate(**v)
    d["pairs_a"] = tuple(d["pairs_a"])
    return Summary(**d)


def load_summaries(path: Path) -> dict[str, Summary]:
    """Stored summaries by pairing key ("pimc-ref"); "analysis:KEY" entries hold lines."""
    if not path.exists():
        return {}
    return {k: (v if k.startswith("analysis:") else summary_from_json(v))
            for k, v in json.loads(path.read_text()).items()}


def save_summaries(path: Path, summaries: dict) -> None:
    path.write_text(json.dumps({k: (s if k.startswith("analysis:") else summary_json(s))
                                for k, s in summaries.items()}, indent=1) + "\n")


def table_markdown(summaries: list[Summary]) -> list[str]:
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


BEGIN_MARK = "<!-- strength:begin (written by: python -m pyengine.arena strength) -->"
END_MARK = "<!-- strength:end -->"


def write_strength_section(md: Path, summaries: list[Summary], chart_name: str,
                           command: str, analysis: list[str] = ()) -> None:
    """Replace the measured section of ``md`` (between the marks), keeping the prose."""
    body = [BEGIN_MARK, "", "### The last run of the command (current players)", "",
            f"Measured with `{command}` "
            f"(rules bit93, game numbers from 0, pimc = arena setting "
            f"`{_arena_setting()}`):", "", *table_markdown(summaries), "",
            f"![strength chart]({chart_name})", "", "Full reports:", "", "```"]
    for s in summaries:
        body += report_lines(s) + [""]
    body += ["```", ""]
    if analysis:
        body += ["### Where the points go (measured)", "", *analysis, ""]
    body += [END_MARK]
    text = md.read_text() if md.exists() else "# Playing strength\n\n"
    if BEGIN_MARK in text and END_MARK in text:
        head, rest = text.split(BEGIN_MARK, 1)
        tail = rest.split(END_MARK, 1)[1]
        text = head + "\n".join(body) + tail
    else:
        text = text.rstrip("\n") + "\n\n" + "\n".join(body) + "\n"
    md.write_text(text)


def _arena_setting() -> str:
    from .pimc import ARENA
    return f"worlds={ARENA.worlds}, time={ARENA.time}, infer={ARENA.infer}"


def main(argv: list[str] | None = None) -> int:
    """``python -m pyengine.arena strength [--jobs J] [--scale F]``: rewrite docs/strength.md."""
    import argparse

    ap = argparse.ArgumentParser(prog="python -m pyengine.arena")
    ap.add_argument("what", choices=["strength"])
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--scale", type=float, default=1.0,
                    help="multiply every pairing's match count (quick checks)")
    ap.add_argument("--only", default=None, metavar="A-B",
                    help="run one pairing (e.g. pimc-ref) or the audit (audit) and keep the "
                         "others' stored results")
    ap.add_argument("--docs", type=Path, default=Path("docs"))
    args = ap.parse_args(argv)
    md, png, data = (args.docs / "strength.md", args.docs / "strength.png",
                     args.docs / "strength.json")
    stored = load_summaries(data)
    for a, b, n in STRENGTH_PAIRINGS:
        key = f"{a}-{b}"
        if args.only is not None and args.only != key:
            continue
        result, matches = run_pairing(a, b, max(2, int(n * args.scale)), args.seed, args.jobs)
        stored = load_summaries(data)            # another run may have stored a pairing since
        stored[key] = result
        if b == "ref":
            stored["analysis:" + key] = analysis_lines(matches, a, b)
        save_summaries(data, stored)
    if args.only in (None, "audit"):
        from .audit import ref_against_pimc
        n = max(2, int(AUDIT_GAMES * args.scale))
        lines = ref_against_pimc(n, seed=args.seed).lines()
        stored = load_summaries(data)
        stored["analysis:audit"] = [
            f"Every decision of {n} games of ref against pimc (game numbers {args.seed}-"
            f"{args.seed + n - 1}, seatings alternating), judged after the fact "
            "(`python -m pyengine.audit`: card play and discards by their open-hand loss in "
            "points of the hand, bids by a 48-world pimc's regret), the situations where "
            "ref loses most first:", "", *lines]
        save_summaries(data, stored)
    keys = [f"{a}-{b}" for a, b, _ in STRENGTH_PAIRINGS if f"{a}-{b}" in stored]
    summaries = [stored[k] for k in keys]
    chart(summaries, png)
    extra = [line for k in keys for line in stored.get("analysis:" + k, [])]
    if "analysis:audit" in stored:
        extra += ["", *stored["analysis:audit"]]
    write_strength_section(md, summaries, png.name, "python -m pyengine.arena strength", extra)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
