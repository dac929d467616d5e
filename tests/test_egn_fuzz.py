"""Records broken at random - a field removed, a value of another type, a card that is not
one - are read, judged, imported and analysed without a Python error: each is either a
record or refused with EgnError, Fault or RulesetError (one line)."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator

from pyengine.players.pimc import Rating
from pyengine.records.egn.analyze import analyze
from pyengine.records.egn.export import transcript_of
from pyengine.records.egn.judge import Outcome
from pyengine.records.egn.origin import judge_into
from pyengine.records.egn.parse import EgnError, record_of
from pyengine.records.egn.recover import Fault
from pyengine.records.egn.rules_map import RulesetError
from tests.egn_helpers import DATA

RUNS = 300
VALUES = [None, 0, -1, 3, 99, 1.5, True, "", "x", "Jd", "Xx", "R", "L", "B", [], {}, ["Jd"],
          [[]], "Pass", "Order", "s", "n", "1.0.0"]


class FirstChoice:
    """Plays its first legal choice and values the choices in order (fast)."""

    def decide(self, view):
        return view.legal[0]

    def rate(self, view) -> list[Rating]:
        return [Rating(a, float(-i), 1) for i, a in enumerate(view.legal)]


def _paths(o: object, pre: tuple = ()) -> Iterator[tuple]:
    yield pre
    if isinstance(o, dict):
        for k, v in o.items():
            yield from _paths(v, (*pre, k))
    elif isinstance(o, list):
        for i, v in enumerate(o):
            yield from _paths(v, (*pre, i))


def _break(record: dict, rng: random.Random) -> None:
    places = list(_paths(record))[1:]
    for _ in range(rng.randrange(1, 4)):
        where = rng.choice(places)
        o: object = record
        try:
            for k in where[:-1]:
                o = o[k]                                  # type: ignore[index]
            if rng.random() < 0.25:
                del o[where[-1]]                          # type: ignore[attr-defined]
            else:
                o[where[-1]] = rng.choice(VALUES)         # type: ignore[index]
        except (KeyError, IndexError, TypeError):
            pass


def test_broken_records_are_refused_cleanly() -> None:
    records = [json.loads(p.read_text()) for p in sorted(DATA.glob("*.egn"))]
    rng = random.Random(43)
    kinds: dict[str, int] = {}
    for _ in range(RUNS):
        raw = copy.deepcopy(rng.choice(records))
        _break(raw, rng)
        try:
            record = record_of(raw, "fuzz")
            judge_into(record, Outcome())
            transcript_of(record)
            analyze(record, FirstChoice())
            kinds["read"] = kinds.get("read", 0) + 1
        except (EgnError, Fault, RulesetError) as exc:
            assert "\n" not in str(exc)
            kinds[type(exc).__name__] = kinds.get(type(exc).__name__, 0) + 1
    print(f"{RUNS} broken records: {kinds}")
    assert len(kinds) >= 3
