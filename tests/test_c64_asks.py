"""South's new questions on the C64 (c64/asks.oph, issue 25): defend alone? and a new
deal with a farmer's hand or no ace, no face, no trump.

Whole games played by keys and joystick through tools/frontend.py's driver under
the standard options (poked into the rules block until the title has an options
screen): at every South prompt the screen is judged cell for cell against pyengine
(tools/screen_regions.py, the new questions included), fuzz keys must decide
nothing, and the 6502's transcript must equal pyengine's with South's choices.
The judge is seen to fail on a build that words a question wrongly or starts the
'>' on "yes".
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tools.frontend.checkpoints import check_game_over, check_identity
from tools.frontend.driver import Frontend, FrontendError
from tools.frontend.options_screen import choose_rules
from tools.frontend.play import play
from tools.gamecore.rules_block import from_cli

from .test_frontend import _patched  # a byte of the build changed at a label

PRG = Path("build/euchre.prg")
# (options, a game number in which South is asked that question)
GAMES = [(("defend_alone=true",), 5, "defend"),
         (("farmers_hand=true",), 404, "redeal"),           # South's first hand
         (("no_ace_no_face_no_trump=true",), 13018, "redeal")]


def _play(prg: Path, options: tuple[str, ...], seed: int) -> tuple[list[str], object]:
    kinds: list[str] = []
    fe = Frontend(prg)
    fe.boot()
    choose_rules(fe, from_cli("standard", options))      # on the options screen, by keys
    played = play(fe, seed, random.Random(seed), fuzz=3,
                  on_prompt=lambda _fe, p: kinds.append(p.kind))
    return kinds, played


@pytest.mark.parametrize("options,seed,kind", GAMES, ids=[g[0][0] for g in GAMES])
def test_south_answers_the_new_questions(options, seed, kind):
    kinds, played = _play(PRG, options, seed)
    assert kind in kinds
    assert played.checkpoints == played.prompts
    check_identity(played)
    check_game_over(played)


def test_a_wrong_question_is_caught(tmp_path):
    """"DEFEND ALONE?" with its D made an E: the message region differs."""
    broken = _patched(tmp_path, "msg_ask_defend", 0, 5)     # screen code of E
    with pytest.raises(FrontendError, match="message"):
        _play(broken, *GAMES[0][:2])


def test_the_cursor_on_yes_is_caught(tmp_path):
    """decide_two_way's '>' starting on "yes" (lda #0 made lda #1)."""
    broken = _patched(tmp_path, "decide_two_way", 1, 1)
    with pytest.raises(FrontendError, match="choices|answer 1"):
        _play(broken, *GAMES[1][:2])
