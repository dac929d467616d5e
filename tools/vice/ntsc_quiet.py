"""A prompt's half second of quiet on an NTSC C64, in real VICE (issue 44).

"`PROMPT_QUIET` is 25 frames: half a second at 50 Hz, 0.42 s on an NTSC C64 (60 Hz),
where a drum after a 26-frame lull played a card." :func:`drum_after_lull` starts a game
at NO WAIT from the title with RETURN and, inside the page, exact to a frame: P (a drum)
2 frames later, held 6, then ``lull`` frames of nothing, then P again. South's first
prompt of the game (a round-1 bid) is on the screen by then; the second P answers it
only if the keys had been quiet for the prompt's half second: 26 frames are 0.52 s on
PAL (answered) and 0.43 s on NTSC (not: c64/videostd.oph asks 30 NTSC frames).

``python -m tools.vice.ntsc_quiet`` (both models, ~50 s).
"""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass
from pathlib import Path

from ..frontend.driver import RETURN, prompt
from ..program.c64map import Symbols
from .judge import PRG, Player, _kind_is, title_options
from .run import setup_problem, vice_class

GAME = 0                       # South's first prompt is a round-1 bid (P is legal)
LULL = 26


@dataclass(frozen=True)
class Lull:
    answered: bool                        # the second P answered South's first bid
    presses: list[tuple[str, int, int]]   # (key, down, up) as VICE's frames counted them
    ntsc: int                             # fe_ntsc and fe_prompt_quiet in VICE's RAM
    quiet: int


def drum_after_lull(model: str, lull: int = LULL, prg: Path = PRG, seed: int = GAME) -> Lull:
    """The presses above in VICE started as ``model`` (``vice_c64_model``)."""
    sym = Symbols.from_map(prg.with_suffix(".map"))
    problem = setup_problem()
    if problem:
        raise RuntimeError(problem)
    v = vice_class()(str(prg.resolve()), opts={"vice_c64_model": model})
    try:
        pl = Player(v, random.Random(seed), lambda s: None)
        s = pl.wait_for("at the title", _kind_is("title"), 60)
        while title_options(s)["speed"] != "NO WAIT":          # key 3 until NO WAIT
            before = title_options(s)["speed"]
            pl.press("3")
            s = pl.wait_for("showing a new speed", lambda x, b=before: [] if title_options(
                x)["speed"] != b else ["speed unchanged"])
        pl.press("4")
        pl.wait_for("asking for the game number", _kind_is("number"))
        for d in str(seed):
            pl.press(d)
        pl.press(RETURN)
        pl.wait_for("showing the game number", lambda s: [] if s.row(14).strip() ==
                    f"4  GAME NUMBER {seed}" else ["no number"])
        got = v.presses([("Enter", 6, 2), ("KeyP", 6, lull), ("KeyP", 6, 2)])
        v.wait(80)                    # the answer, if any, drawn; the prompt's keys line
        kind = prompt(pl.screen()).kind
        if kind is None:
            raise RuntimeError(f"no prompt 80 frames after the presses:\n{pl.screen().text()}")
        ram = v.mem()["ram"]
        # answered: South passed, and the next South prompt is another kind
        return Lull(kind != "bid1", got, ram[sym.address("fe_ntsc")],
                    ram[sym.address("fe_prompt_quiet")])
    finally:
        v.close()


def main() -> int:
    for model in ("C64 NTSC", "C64 PAL"):
        r = drum_after_lull(model)
        print(f"{model}: fe_ntsc {r.ntsc}, fe_prompt_quiet {r.quiet}; P, {LULL} frames of "
              f"nothing, P: the second P {'answered the bid' if r.answered else 'was dropped'}"
              f" ({r.presses})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
