"""Real VICE x64sc (../shared/vice) chooses WEB on the options screen (issue 25, item 3):
O on the title, CRSR RIGHT to WEB, RETURN, by a person's keys (held 2-12 frames); then
the title's code must say WEB and the rules block in VICE's RAM must be pyengine's WEB,
byte for byte (tools/rules_block.py), with the settings store saying WEB too. Missing setup is a
failure with the reason, never a skip (as tests/test_vice.py)."""

from __future__ import annotations

import random

import pytest

from pyengine.core.rules import WEB
from tools.frontend.driver import RETURN, RIGHT, prompt
from tools.frontend.options_screen import read_options, title_code
from tools.gamecore.rules_block import encode
from tools.program.c64map import Symbols
from tools.vice import judge as vj
from tools.vice.run import running, setup_problem


@pytest.fixture(scope="module", autouse=True)
def vice_ready() -> None:
    problem = setup_problem()
    if problem:
        pytest.fail(f"real VICE is not set up: {problem}", pytrace=False)
    if not vj.PRG.exists():
        pytest.fail(f"{vj.PRG} missing: run `make build`", pytrace=False)


def _shows(check):
    def ok(s):
        try:
            return check(s)
        except vj.FrontendError as exc:
            return [str(exc).splitlines()[0]]
    return ok


def test_web_chosen_on_the_options_screen_in_vice_sets_the_rules_block() -> None:
    symbols = Symbols.from_map(vj.PRG.with_suffix(".map"))
    with running(vj.PRG) as v:
        pl = vj.Player(v, random.Random(25), log=lambda _line: None)
        s = pl.wait_for("at the title", _shows(lambda s: [] if prompt(s).kind == "title"
                                                else [f"not the title: {prompt(s).kind}"]), 60)
        assert title_code(s) == "BIT93", s.text()
        pl.press("O")
        s = pl.wait_for("on the options screen", _shows(
            lambda s: [] if read_options(s).preset == "bit93" else ["not BIT 93"]))
        pl.press(RIGHT)
        s = pl.wait_for("at WEB", _shows(
            lambda s: [] if read_options(s).preset == "web" else
            [f"the preset shown is {read_options(s).preset}"]))
        assert read_options(s).code == "WEB"
        pl.press(RETURN)
        s = pl.wait_for("back at the title", _shows(
            lambda s: [] if prompt(s).kind == "title" and title_code(s) == "WEB"
            else [f"{prompt(s).kind}, code {title_code(s) if prompt(s).kind == 'title' else ''}"]))
        ram = v.mem()["ram"]
    block = {label: ram[symbols.address(label)] for label in encode(WEB)}
    assert block == encode(WEB)
    assert ram[symbols.address("settings_preset")] == 1          # PRESET_WEB
