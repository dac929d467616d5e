"""Where the points go: two teams compared deal by deal on the same cards.

Used by ``make strength`` (:mod:`pyengine.measure.strength`) for the parts whose
``analysis`` flag is set: the duplicate pairs of an arena run give every deal
twice, the teams swapped, so the difference is the better team's edge on it.
"""

from __future__ import annotations

import math

from pyengine.measure.arena import HandRecord, MatchResult
from pyengine.measure.arenastats import wilson

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
