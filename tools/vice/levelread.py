"""The opponents' level a program in VICE will play, read as a person could and from its RAM.

The title's rules code names the level (``O0`` EASY, ``O2`` HARD, none NORMAL), the
settings' level byte (``settings_level``) must say the same, and once a game runs so must
the core's own byte (asm/state.oph ``opp_level``). :mod:`tools.vice.judge` asks these
before and at the first South prompt, so a game is judged against the right computer
players (c64easy, NORMAL's, c64hard).
"""

from __future__ import annotations

from pathlib import Path

from pyengine.core.rulescode import code_level
from pyengine.players.c64levels import DEFAULT_C64_LEVEL, LEVEL_BYTE

from ..frontend.driver import FrontendError, Screen, prompt
from ..frontend.options_screen import title_code
from ..program.c64map import Symbols
from .person import JudgeError, Player
from .run import PRG


def _at_title(s: Screen) -> list[str]:
    k = prompt(s).kind
    return [] if k == "title" else [f"the screen shows {k}, not title"]


def program_symbols(prg: Path) -> Symbols:
    """The label map beside ``prg``, else the build's (a .prg patched in place, as the
    tests' broken programs, keeps the build's layout)."""
    own = prg.with_suffix(".map")
    return Symbols.from_map(own if own.exists() else PRG.with_suffix(".map"))


def program_level(pl: Player, symbols: Symbols) -> str:
    """The opponents' level the program will play, read from VICE at the title: the rules
    code's O token (none: NORMAL) and the settings' level byte must agree."""
    s = pl.wait_for("at the title", _at_title, 60)
    try:
        code = title_code(s)
        shown = code_level(code) or DEFAULT_C64_LEVEL
    except (FrontendError, ValueError) as exc:
        raise JudgeError(f"the title's rules code cannot be read: {exc}") from None
    byte = pl.v.mem()["ram"][symbols.address("settings_level")]
    if LEVEL_BYTE[shown] != byte:
        raise JudgeError(f"the title says {code!r} ({shown}) but settings_level is {byte}")
    return shown


def check_core_level(pl: Player, symbols: Symbols, level: str) -> None:
    """The core's own byte (asm/state.oph opp_level) says ``level`` once a game runs."""
    byte = pl.v.mem()["ram"][symbols.address("opp_level")]
    if byte != LEVEL_BYTE[level]:
        raise JudgeError(f"the core's opp_level is {byte}, the title said {level} "
                         f"({LEVEL_BYTE[level]})")
