"""Which game a record written by this project was: the description's line
``Euchre 64 game SEED; rules NAME; options {...}`` (:mod:`.export` writes it), so the
record is judged - and read back - under the project's very rules, which EGN's ruleset
cannot all say."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from pyengine.core.game import GameState
from pyengine.core.options import OptionError, options_of, rules_from
from pyengine.core.rules import Rules, UnknownRules
from pyengine.records.egn.judge import Outcome, walk
from pyengine.records.egn.model import Record
from pyengine.records.egn.rules_map import Mapped

TAG = re.compile(r"Euchre 64 game (\d+); rules (\S+); options (\{.*?\})(; deals recorded)?")


@dataclass(frozen=True)
class Origin:
    """What the description of a record this project wrote says: the game's number,
    rules and whether its deals were recorded ones."""
    seed: int
    rules: Rules
    recorded: bool


def tag(game: GameState) -> str:
    """The description's line that makes the record read back as this very game."""
    recorded = bool(game.given_deals) or game.given_first is not None
    return (f"Euchre 64 game {game.seed}; rules {game.rules.name}; options "
            f"{json.dumps(options_of(game.rules), sort_keys=True)}"
            + ("; deals recorded" if recorded else ""))


def origin_of(record: Record) -> Origin | None:
    """The game a record written by this project was (None: another program's record,
    or a description that does not name rules the project has)."""
    m = TAG.search(record.description)
    if m is None:
        return None
    try:
        rules = rules_from(m.group(2), json.loads(m.group(3)))
    except (UnknownRules, OptionError, ValueError):
        return None
    seed = int(m.group(1))
    return Origin(seed, rules, m.group(4) is not None) if seed <= 0xFFFF else None



def judge_into(record: Record, out: Outcome) -> None:
    """Judge ``record`` filling ``out`` (so a fault still leaves the game so far): by the
    project's own rules when the record says it was written here, else its ruleset's."""
    for _ in walk(record, out, mapped_for(record)):
        pass


def mapped_for(record: Record) -> Mapped | None:
    """The rules to judge ``record`` by: the project's own when it says it was written
    here, else None (its ruleset's)."""
    origin = origin_of(record)
    return None if origin is None else Mapped(origin.rules, False)
