"""The table under the 32-card deck and the joker (c64/jokerask.oph, issue 25).

Game 13 under ``STD K32 X1`` (the judge's scenario, tools/frontend/judge.py): South
deals the joker in the first hand and names its suit, and holds 7s and 8s; every
prompt and every event's screen is checked against pyengine's game, and South's
keys (the suit's letter, or the '>' and fire) must make the choice pyengine made.
Each check is seen to fail on a build broken the way a wrong front end would be.
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from pyengine.core.rulescode import rules_from_code
from tools.frontend.checkpoints import check_identity
from tools.frontend.driver import Frontend
from tools.frontend.event_screens import event_problems
from tools.frontend.options_screen import choose_rules
from tools.frontend.play import play
from tools.frontend.screen_read import FrontendError
from tools.program.c64map import Symbols

PRG = Path("build/euchre.prg")
GAME, SOUTH_SEED, CODE = 13, 8, "STD K32 X1"
RANK_JOKER_GLYPH = 8                      # c64/video.oph rank_glyph: 7 8 9 T J Q K A joker
CH_STAR, CH_9 = 42, 57                    # c64/charset.txt


def game_problem(prg: Path) -> str | None:
    """None if game 13 under the new cards plays and draws as pyengine says."""
    fe = Frontend(prg, record_events=True)
    fe.boot()
    choose_rules(fe, rules_from_code(CODE), "keys")
    try:
        played = play(fe, GAME, random.Random(SOUTH_SEED))
        check_identity(played)
    except FrontendError as exc:
        return str(exc)
    if not any(e["ev"] == "joker_suit" and e["seat"] == 0 for e in played.events):
        return "South never named the joker's suit"
    return event_problems(GAME, played.events, fe.drawn, True, rules=fe.rules)


def patched(tmp_path: Path, label: str, offset: int, value: int) -> Path:
    data = bytearray(PRG.read_bytes())
    symbols = Symbols.from_map(PRG.with_suffix(".map"))
    data[symbols.address(label) + offset - (data[0] | data[1] << 8) + 2] = value
    out = tmp_path / "broken.prg"
    out.write_bytes(bytes(data))
    shutil.copy(PRG.with_suffix(".map"), out.with_suffix(".map"))
    return out


def test_the_new_cards_game_is_drawn_as_pyengine_plays_it():
    assert game_problem(PRG) is None


MUTANTS = [
    ("the joker's marks a star", "rank_glyph", RANK_JOKER_GLYPH, CH_STAR),
    ("the 7s drawn as 9s", "rank_glyph", 0, CH_9),
    ("the joker question's words", "msg_ask_joker", 4, ord("K")),
    ("the suits' row starting on hearts", "decide_joker", 1, 1),  # lda #0 -> lda #1
    ("the named suit's chip not under the upcard", "on_joker", 0, 0x60),   # rts
]


@pytest.mark.parametrize("mutant", MUTANTS, ids=[m[0] for m in MUTANTS])
def test_a_broken_table_is_caught(tmp_path, mutant):
    _, label, offset, value = mutant
    assert game_problem(patched(tmp_path, label, offset, value)) is not None
