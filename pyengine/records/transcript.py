"""Transcripts (``euchre-transcript/1``): write a game, read one back.

The format is docs/design.md's contract: one JSON object per game with ``format``,
``rules``, ``options``, ``seed`` and ``events``. Reading checks the envelope
and returns plain event dicts; judging the events is :mod:`pyengine.records.replay`'s
job.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from pyengine.core.game import GameState
from pyengine.core.options import options_of

FORMAT = "euchre-transcript/1"
RECORDED = "recorded"         # "deals": the deal events are the game's own deals


class TranscriptError(ValueError):
    """A transcript that cannot be read or does not follow the rules; says where."""


@dataclass
class Transcript:
    """A game as the transcript contract holds it: rules, options, seed, events."""
    rules: str
    seed: int
    events: list[dict]
    options: dict = field(default_factory=dict)
    # True when loads() has checked it against the schema (judge() then does not
    # check again); a transcript built or changed in memory is checked by judge().
    checked: bool = field(default=False, compare=False, repr=False)
    # A recorded game (an EGN record imported): "recorded" when the deal events are the
    # game's own deals rather than the seed's, and the totals the game starts from.
    deals: str | None = None
    start: list[int] | None = None

    def envelope(self) -> dict:
        """Every field but ``events``: format, rules, options, seed (and for a recorded
        game ``deals`` and ``start``)."""
        out: dict = {"format": FORMAT, "rules": self.rules, "options": self.options,
                     "seed": self.seed}
        if self.deals is not None:
            out["deals"] = self.deals
        if self.start is not None:
            out["start"] = self.start
        return out

    def to_json(self) -> dict:
        """The transcript as one JSON object."""
        return {**self.envelope(), "events": self.events}

    def dumps(self) -> str:
        """One event per line: readable, diffable, still one JSON object."""
        head = json.dumps(self.envelope())[:-1]
        lines = ",\n  ".join(json.dumps(e) for e in self.events)
        return f'{head}, "events": [\n  {lines}\n]}}\n'

    def write(self, path: str | Path) -> None:
        """Write :meth:`dumps` to ``path``."""
        Path(path).write_text(self.dumps())


def from_game(game: GameState) -> Transcript:
    """The game's transcript; ``options`` records where its rules differ from the preset."""
    recorded = bool(game.given_deals) or game.given_first is not None
    return Transcript(rules=game.rules.name, seed=game.seed,
                      events=[e.to_json() for e in game.events],
                      options=options_of(game.rules),
                      deals=RECORDED if recorded else None,
                      start=None if game.start_total is None else list(game.start_total))


def loads(text: str, source: str = "transcript") -> Transcript:
    """Parse and check a transcript against its JSON Schema (pyengine/schemas/)."""
    from pyengine.records.safejson import JsonFileError, parse
    from pyengine.records.schema import check

    try:
        obj = parse(text, source)
    except JsonFileError as exc:
        raise TranscriptError(str(exc)) from None
    if not isinstance(obj, dict):
        raise TranscriptError(f"{source}: expected a JSON object")
    if obj.get("format") != FORMAT:
        raise TranscriptError(f"{source}: format is {obj.get('format')!r}, expected {FORMAT!r}")
    problem = check(obj)
    if problem:
        raise TranscriptError(f"{source}: {problem}")
    return Transcript(rules=obj["rules"], seed=obj["seed"], events=obj["events"],
                      options=obj.get("options", {}), checked=True, deals=obj.get("deals"),
                      start=obj.get("start"))


def read(path: str | Path) -> Transcript:
    """Read a transcript file: a regular file, size and depth limited, then checked."""
    from pyengine.records.safejson import JsonFileError, read_text

    p = Path(path)
    try:
        text = read_text(p)
    except JsonFileError as exc:
        raise TranscriptError(str(exc)) from None
    return loads(text, str(p))
