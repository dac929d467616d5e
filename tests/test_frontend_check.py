"""tools/frontend/judge.judge_prg: the checks that judge c64/ mutants, in CI.

The real build must pass every check; a build with one byte changed in a region
the checks cover must be caught, and the reason must name that region. Each of
these regions was missed by the front-end tests before (issue 15). See
docs/frontend.md and docs/mutants.md.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tools.frontend.judge import judge_prg
from tools.program.c64map import Symbols

PRG = Path(os.environ.get("EUCHRE_PRG", "build/euchre.prg"))


def _patched(tmp_path: Path, label: str, offset: int, delta: int) -> Path:
    """A copy of the program with the byte at label+offset changed by ``delta``."""
    data = bytearray(PRG.read_bytes())
    symbols = Symbols.from_map(PRG.with_suffix(".map"))
    load = data[0] | data[1] << 8
    at = symbols.address(label) + offset - load + 2
    data[at] = (data[at] + delta) & 0xFF
    out = tmp_path / "broken.prg"
    out.write_bytes(bytes(data))
    shutil.copy(PRG.with_suffix(".map"), out.with_suffix(".map"))
    return out


def test_the_real_build_passes_every_check():
    assert judge_prg(PRG) is None


@pytest.mark.parametrize(("label", "offset", "delta", "region"), [
    ("word_pick_up", 0, 1, "row 21"),           # PICK UP when South deals
    ("msg_passed_out", 4, 1, "message"),         # the passed-out message
    ("msg_discards", 3, 1, "message"),           # a computer's discard
    ("msg_bid1", 2, 1, "message"),               # South's round-1 bid prompt
    ("txt_euchre64", 0, 1, "row 0"),            # the score line
    ("notes_card", 0, 1, "SID"),                 # the card sound
    ("charset_data", 8 * 20 + 3, 1, "charset"),  # a glyph (T) in RAM
    ("text_chip", 2, -0x40, "white chip"),       # a suit's left pad on the felt (issue 30)
    ("big_text", 0, 0x60 - 0x85, "winner"),      # no big letters: STA -> RTS (issue 30)
    ("seat_initials", 1, 1, "row 0"),            # cutthroat's scores: W -> X (issue 25)
])
def test_a_broken_region_is_caught(tmp_path, label, offset, delta, region):
    verdict = judge_prg(_patched(tmp_path, label, offset, delta))
    assert verdict is not None and region in verdict.split("\n")[0], verdict
