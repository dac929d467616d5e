"""``make strength``: the measured section of docs/strength.md, and where the points go.

``python -m pyengine.measure.strength`` (or ``python -m pyengine.measure.strength``) plays
the pairings of :data:`STRENGTH_PAIRINGS`, audits ref against pimc, and rewrites
the part of docs/strength.md between its marks, keeping the prose.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from pathlib import Path

from pyengine.core.rules import BIT93
from pyengine.measure.arena import HandRecord, MatchResult, run_matches
from pyengine.measure.arenastats import (
    Summary,
    chart,
    report_lines,
    summarise,
    summary_from_json,
    summary_json,
    table_markdown,
    wilson,
)

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



# --- the strength document --------------------------------------------------------

STRENGTH_PAIRINGS = (("ref", "random", 2000), ("pimc", "random", 400), ("pimc", "ref", 400))
AUDIT_GAMES = 60


def run_pairing(a: str, b: str, n: int, seed: int = 0, jobs: int = 2,
                echo: Callable[[str], None] = print) -> tuple[Summary, list[MatchResult]]:
    """Play ``n`` duplicate matches of ``a`` against ``b`` and summarise them."""
    from pyengine.measure.progress import bar, reporter

    with bar(n + n % 2, f"{a}-{b}", "match") as b_:
        results, secs = run_matches(BIT93, a, b, n, seed, jobs, reporter(b_))
    s = summarise(results, a, b, BIT93, secs, jobs)
    for line in report_lines(s):
        echo(line)
    return s, results



def load_summaries(path: Path) -> dict[str, Summary]:
    """Stored summaries by pairing key ("pimc-ref"); "analysis:KEY" entries hold lines."""
    if not path.exists():
        return {}
    return {k: (v if k.startswith("analysis:") else summary_from_json(v))
            for k, v in json.loads(path.read_text()).items()}


def save_summaries(path: Path, summaries: dict) -> None:
    """Write the summaries as JSON (docs/strength.json)."""
    path.write_text(json.dumps({k: (s if k.startswith("analysis:") else summary_json(s))
                                for k, s in summaries.items()}, indent=1) + "\n")




BEGIN_MARK = "<!-- strength:begin (written by: python -m pyengine.measure.strength) -->"
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
    from pyengine.players.pimc import ARENA
    return f"worlds={ARENA.worlds}, time={ARENA.time}, infer={ARENA.infer}"


def main(argv: list[str] | None = None) -> int:
    """``python -m pyengine.measure.strength [--jobs J] [--scale F]``.

    Rewrites docs/strength.md's results section."""
    import argparse

    ap = argparse.ArgumentParser(prog="python -m pyengine.measure.strength")
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
        from pyengine.measure.audit import ref_against_pimc
        n = max(2, int(AUDIT_GAMES * args.scale))
        from pyengine.measure.progress import bar
        with bar(n, "audit", "game") as b:
            lines = ref_against_pimc(n, seed=args.seed, progress=b.update).lines()
        stored = load_summaries(data)
        stored["analysis:audit"] = [
            f"Every decision of {n} games of ref against pimc (game numbers {args.seed}-"
            f"{args.seed + n - 1}, seatings alternating), judged after the fact "
            "(`python -m pyengine.measure.audit`: card play and discards by their open-hand "
            "loss in points of the hand, bids by a 48-world pimc's regret), the situations where "
            "ref loses most first:", "", *lines]
        save_summaries(data, stored)
    keys = [f"{a}-{b}" for a, b, _ in STRENGTH_PAIRINGS if f"{a}-{b}" in stored]
    summaries = [stored[k] for k in keys]
    chart(summaries, png)
    extra = [line for k in keys for line in stored.get("analysis:" + k, [])]
    if "analysis:audit" in stored:
        extra += ["", *stored["analysis:audit"]]
    write_strength_section(md, summaries, png.name,
                           "python -m pyengine.measure.strength", extra)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
