"""Corrections of the learned bidding's search values before the fit (issue 41, item 2).

:mod:`pyengine.measure.bidlearn` values each bid by open-hand play: every seat plays as if
it saw all the cards. Two biases follow, and ``bidlearn fit`` can correct both:

* **A call is over-valued** against the pass (strategy fusion in the card play).
  :mod:`pyengine.players.pimc` measured the same over-estimate in its own bids and takes a
  caution off each call, by rules, round and seat from the dealer
  (:func:`pyengine.players.pimc.caution_for`); ``fit --caution`` takes the same caution
  off every call's value (alone or not) of the situations (:func:`corrected`).
* **A loner is under-valued** against the call with the partner: the defenders of a lone
  hand are the ones who gain most from seeing every card. ``bidlearn loner SOLVER PLAYED``
  measures by how much (:func:`loner_bias`): the same situations (``generate`` twice with
  the same games, once ``--play ref``: the hand finished by ``ref``'s card play, which sees
  only its own cards), each strong hand's loner-minus-call value by ref's play minus the
  solver's. ``fit --loner stick=X`` adds ``X`` to every loner's value of that table family.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TypeVar

from pyengine.core.rules import PRESETS
from pyengine.players.pimc import caution_for

Situation = TypeVar("Situation")    # pyengine.measure.bidlearn.Situation (which imports this)

POSITIONS = 4
FAMILY_RULES = {"bit93": "bit93", "stick": "standard"}   # a preset of each table family
STRONG = 1.0            # a loner worth this many points or more by the solver: a real choice


def cautioned(s: Situation, caution: float, loner: float = 0.0) -> Situation:
    """``s`` with ``caution`` points off every call's value and ``loner`` more on a
    loner's; ref's own value corrected alike (the hindsight best recomputed)."""
    if not caution and not loner:
        return s
    x: Any = s
    values = [(p, c - caution, a - caution + loner) for p, c, a in x.values]
    best = max(max(c, a) for _, c, a in values)
    if x.may_pass:
        best = max(best, values[0][0])
    ref = x.ref_value
    if x.ref_calls:
        ref += loner - caution if x.ref_alone else -caution
    return replace(x, values=values, best_value=best, ref_value=ref)


def loner_option(text: str) -> dict[str, float]:
    """``--loner stick=0.28``: the family and its points (argparse's type: ValueError)."""
    family, sep, value = text.partition("=")
    if not sep or family not in FAMILY_RULES:
        raise ValueError(f"--loner {text!r}: use FAMILY=POINTS, the family one of "
                         f"{', '.join(FAMILY_RULES)}")
    return {family: float(value)}


def corrected(sits: Sequence[Situation], caution: bool,
              loner: dict[str, float]) -> list[Situation]:
    """Each situation with pimc's caution for its rules, round and seat from the dealer
    (if ``caution``: the stuck dealer's table; none under Bit #93, where pimc's caution
    lost) and ``loner[family]`` points on its loners (none where the family is not
    given). A call of the seat's own inside a pass's value (its round-2 bid after its
    round-1 pass) keeps its value."""
    table = {fam: caution_for(PRESETS[name]) for fam, name in FAMILY_RULES.items()}
    out = []
    for s in sits:
        x: Any = s
        c = table[x.family][(x.rnd - 1) * POSITIONS + x.position] if caution else 0.0
        out.append(cautioned(s, c, loner.get(x.family, 0.0)))
    return out


@dataclass(frozen=True)
class LonerBias:
    """How much more a loner gains over the call by ref's play than by the solver's."""
    mean: float
    half_width: float           # of a 95% interval
    n: int                      # strong situations compared

    def line(self) -> str:
        """One line for the command."""
        return (f"loner minus call, ref's play minus the solver's, over {self.n:,} strong "
                f"hands (a loner worth {STRONG:g} or more by the solver): {self.mean:+.3f} "
                f"(95% +-{self.half_width:.3f})")


def _key(row: dict) -> tuple:
    return (row["game"], row["hand"], row["seat"], row["round"], tuple(row["hand_cards"]))


def loner_bias(solver: Path, played: Path) -> LonerBias:
    """:class:`LonerBias` of two ``generate`` files of the same games (ValueError with the
    line if they are not the same situations, or none is strong)."""
    diffs = []
    with solver.open() as fa, played.open() as fb:
        for i, (la, lb) in enumerate(zip(fa, fb, strict=False), 1):
            try:
                a, b = json.loads(la), json.loads(lb)
                if _key(a) != _key(b) or a["legal"] != b["legal"]:
                    raise ValueError("not the same situation")
                va = {(c, s, al): x for (c, s, al), x in zip(a["legal"], a["values"],
                                                             strict=True)}
                vb = {(c, s, al): x for (c, s, al), x in zip(b["legal"], b["values"],
                                                             strict=True)}
            except (ValueError, KeyError, TypeError) as exc:
                raise ValueError(f"{solver} / {played}, line {i}: {exc}") from None
            for (call, suit, alone), x in va.items():
                plain = (call, suit, False)
                if alone and plain in va and x >= STRONG:
                    diffs.append((vb[call, suit, True] - vb[plain]) - (x - va[plain]))
    if len(diffs) < 2:
        raise ValueError(f"{solver} / {played}: fewer than two strong loners to compare")
    n = len(diffs)
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
    return LonerBias(mean, 1.96 * sd / math.sqrt(n), n)
