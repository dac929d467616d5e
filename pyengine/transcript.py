"""Transcripts (``euchre-transcript/1``): write a game, read one back.

The format is docs/design.md's contract: one JSON object per game with ``format``,
``rules``, ``options``, ``seed`` and ``events``. Reading checks the envelope
and returns plain event dicts; judging the events is :mod:`pyengine.replay`'s
job.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from .game import GameState
from .options import options_of

FORMAT = "euchre-transcript/1"


class TranscriptError(ValueError):
    """A transcript that cannot be read or does not follow the rules; says where."""


@dataclass
class Transcript:
    """A game as the transcript contract holds it: rules, options, seed, events."""
    rules: str
    seed: int
    events: list[dict]
    options: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        """The transcript as one JSON object."""
        return {"format": FORMAT, "rules": self.rules, "options": self.options,
                "seed": self.seed, "events": self.events}

    def dumps(self) -> str:
        """One event per line: readable, diffable, still one JSON object."""
        head = json.dumps({"format": FORMAT, "rules": self.rules, "options": self.options,
                           "seed": self.seed})[:-1]
        lines = ",\n  ".join(json.dumps(e) for e in self.events)
        return f'{head}, "events": [\n  {lines}\n]}}\n'

    def write(self, path: str | Path) -> None:
        """Write :meth:`dumps` to ``path``."""
        Path(path).write_text(self.dumps())


def from_game(game: GameState) -> Transcript:
    """The game's transcript; ``options`` records where its rules differ from the preset."""
    return Transcript(rules=game.rules.name, seed=game.seed,
                      events=[e.to_json() for e in game.events],
                      options=options_of(game.rules))


def loads(text: str, source: str = "transcript") -> Transcript:
    """Read a transcript from JSON text; TranscriptError says what is wrong."""
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        raise TranscriptError(f"{source}: not valid JSON ({exc})") from None
    if not isinstance(obj, dict):
        raise TranscriptError(f"{source}: expected a JSON object")
    if obj.get("format") != FORMAT:
        raise TranscriptError(f"{source}: format is {obj.get('format')!r}, expected {FORMAT!r}")
    for key, kind, word in (("rules", str, "a string"), ("seed", int, "an integer"),
                            ("events", list, "a list")):
        if not isinstance(obj.get(key), kind) or isinstance(obj.get(key), bool):
            raise TranscriptError(f"{source}: field {key!r} missing or not {word}")
    options = obj.get("options", {})
    if not isinstance(options, dict):
        raise TranscriptError(f"{source}: field 'options' is not an object")
    for i, e in enumerate(obj["events"]):
        if not isinstance(e, dict) or not isinstance(e.get("ev"), str):
            raise TranscriptError(f"{source}: event {i} is not an object with an 'ev' field")
    return Transcript(rules=obj["rules"], seed=obj["seed"], events=obj["events"],
                      options=options)


def read(path: str | Path) -> Transcript:
    """Read a transcript file; TranscriptError says what is wrong."""
    p = Path(path)
    try:
        text = p.read_text()
    except OSError as exc:
        raise TranscriptError(f"{p}: cannot read ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise TranscriptError(f"{p}: not a text file") from None
    return loads(text, str(p))
