"""Write asm/bidtable.oph, the learned bidding model's tables for the 6502, from the
fitted tables of pyengine/players/bidtable.py (asm/bidmodel.oph reads them).

    python -m tools.program.bidtable            # rewrite asm/bidtable.oph
    python -m tools.program.bidtable --check    # exit 1 if asm/bidtable.oph is stale

Run it after ``python -m pyengine.measure.bidlearn fit ... --write`` changes the tables;
tests/test_bidmodel_core.py fails while the two differ. The 6502 adds a score in a
signed byte, so :func:`render` refuses weights whose largest score could leave it.
"""

from __future__ import annotations

import sys
from pathlib import Path

from pyengine.players.bidmodel import FEATURES, GROUPS, N_FEATURES
from pyengine.players.bidtable import TABLES
from pyengine.players.bidtypes import BidTable

ROOT = Path(__file__).resolve().parents[2]
OPH = ROOT / "asm" / "bidtable.oph"
FAMILIES = ("bit93", "stick")           # rules_stick 0 / 1: asm/bidmodel.oph's order
HAND = 5
# each feature's lowest and highest value over a five-card hand (bidmodel.features)
FEATURE_RANGE = {"off aces": (0, 3), "voids": (0, 3), "upcard": (-7, 7),
                 "off kings": (0, 3), "trumps": (0, HAND)}
SIGNED_MIN, SIGNED_MAX = -128, 127


class TableError(ValueError):
    """A fitted table the 6502's signed bytes cannot hold."""


def score_bound(weights: tuple[int, ...]) -> int:
    """The largest |score| (and |partial sum|) the weights can give, feature by feature."""
    bound = 0
    for name, w in zip(FEATURES, weights, strict=True):
        lo, hi = FEATURE_RANGE.get(name, (0, 1))
        bound += max(abs(w * lo), abs(w * hi))
    return bound


def _check(name: str, t: BidTable) -> None:
    if len(t.weights) != N_FEATURES or len(t.call) != GROUPS or len(t.alone) != GROUPS:
        raise TableError(f"table {name}: expected {N_FEATURES} weights and {GROUPS} "
                         "thresholds of each kind")
    if score_bound(t.weights) > SIGNED_MAX:
        raise TableError(f"table {name}: a score could reach {score_bound(t.weights)}, "
                         "past a signed byte")
    for v in (*t.call, *t.alone):
        if not SIGNED_MIN <= v <= SIGNED_MAX:
            raise TableError(f"table {name}: threshold {v} is not a signed byte")


def _rows(values: tuple[int, ...], per_line: int) -> list[str]:
    out = []
    for i in range(0, len(values), per_line):
        out.append("        .byte " + ", ".join(f"{v & 0xFF:3d}" for v in values[i:i + per_line]))
    return out


def render() -> str:
    """asm/bidtable.oph's text for the committed TABLES."""
    lines = [
        "; bidtable.oph — the learned bidding model's tables (asm/bidmodel.oph): generated",
        "; by tools/program/bidtable.py from pyengine/players/bidtable.py; do not edit.",
        "; Signed bytes (two's complement); NEVER (127) is a threshold no score reaches.",
        f"; Families in rules_stick order: {', '.join(FAMILIES)}.",
        "",
        f".alias BM_FEATURE_COUNT {N_FEATURES}",
        f".alias BM_GROUP_COUNT   {GROUPS}",
        "",
        "; bm_weights — family * BM_FEATURE_COUNT + feature: " + ", ".join(FEATURES),
        "bm_weights:",
    ]
    for name in FAMILIES:
        _check(name, TABLES[name])
    for name in FAMILIES:
        lines += [f"        ; {name}"] + _rows(TABLES[name].weights, N_FEATURES)
    for kind in ("call", "alone"):
        lines += ["", f"; bm_{kind} — family * BM_GROUP_COUNT + group (round 1's dealer, left, "
                  "partner, right, three score buckets each, then round 2's)",
                  f"bm_{kind}:"]
        for name in FAMILIES:
            lines += [f"        ; {name}"] + _rows(getattr(TABLES[name], kind), 12)
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    try:
        text = render()
    except TableError as exc:
        print(f"bidtable: {exc}", file=sys.stderr)
        return 1
    if args == ["--check"]:
        if OPH.read_text(encoding="utf-8") != text:
            print(f"bidtable: {OPH} differs from pyengine/players/bidtable.py: run "
                  "python -m tools.program.bidtable", file=sys.stderr)
            return 1
        return 0
    if args:
        print("usage: python -m tools.program.bidtable [--check]", file=sys.stderr)
        return 2
    OPH.write_text(text, encoding="utf-8")
    print(f"bidtable: wrote {OPH}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
