"""Issue 44: "`euchre c64` in an 80x24 terminal loses the C64's top two rows (game
number, score, trump): each frame is 25 rows plus the narration and the `keys>` line."

The terminal is modelled as a person's: it scrolls, and shows the last 24 lines, the
`keys>` line at the bottom. At every prompt rows 0-1 of the C64's own screen (read from
the emulated machine, not from the frame) must be among them, and no line may be wider
than 80 columns (a wider one would wrap and take another line).
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from tools.commands import c64_terminal
from tools.commands.c64_frame import Row, frame_lines
from tools.frontend.driver import Frontend

from .ptyrun import EUCHRE, Terminal, play_env

PRG = Path("build/euchre.prg")
HEIGHT, WIDTH = 24, 80
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


class Watched(Frontend):
    """The Frontend ``interactive`` uses, keeping the last screen it read."""

    last = None

    def screen(self):
        Watched.last = super().screen()
        return Watched.last


def visible(written: str) -> list[str]:
    """What a terminal of HEIGHT lines shows after ``written`` (ending in the prompt)."""
    return written.split("\n")[-HEIGHT:]


@pytest.mark.parametrize("seed, keys", [
    (5, ["", "p", "p", "1", "1", "2", "3"]),          # Bit #93: bids, then cards
    (12, ["", "o", "1", "l", "x", "1", "2"]),         # the last trick over a prompt
])
def test_an_80x24_terminal_shows_rows_0_and_1_at_every_prompt(monkeypatch, seed, keys):
    monkeypatch.setattr(c64_terminal, "Frontend", Watched)
    out: list[str] = []
    seen: list[str] = []
    lines = iter(keys)

    def read(prompt_text: str) -> str:
        shown = visible("".join(out) + prompt_text)
        screen = Watched.last
        row0, row1 = screen.row(0), screen.row(1)
        assert any(s.startswith(row0) for s in shown), f"row 0 {row0!r} scrolled away"
        if row1.strip():
            assert any(s.startswith(row1) for s in shown), f"row 1 {row1!r} scrolled away"
        keys_row = screen.row(24).strip()
        assert any(keys_row in s for s in shown), f"the keys row {keys_row!r} is not shown"
        assert all(len(s) <= WIDTH for s in shown), [s for s in shown if len(s) > WIDTH]
        seen.append(row0)
        try:
            line = next(lines)
        except StopIteration:
            raise EOFError from None
        out.append(prompt_text + line + "\n")           # the terminal echoes the line
        return line

    c64_terminal.interactive(PRG, seed=seed, read=read, write=lambda t: out.append(t + "\n"),
                             height=HEIGHT, width=WIDTH)
    assert sum(f"GAME {seed}" in r for r in seen) >= len(keys) - 1, seen


def test_a_tall_terminal_or_a_pipe_gets_the_whole_frame_as_before():
    rows = [Row(f"row {r}".ljust(40), f"row {r}".ljust(40), f"row {r}") for r in range(25)]
    whole = ["  told", "\n".join(r.shown for r in rows)]
    assert frame_lines(rows, ["  told"], None) == whole
    assert frame_lines(rows, ["  told"], 27) == whole


def test_a_full_screen_pairs_the_message_and_keys_rows_and_tells_beside():
    """The options screen under STANDARD has one blank row: a 24-line terminal gets it
    as 23 lines, rows 23 and 24 side by side, the narration to the right."""
    texts = [f"ROW {r}" if r != 22 else "" for r in range(25)]
    rows = [Row(t.ljust(40), t.ljust(40), t) for t in texts]
    lines = frame_lines(rows, ["  West passes", "  North passes"], HEIGHT, WIDTH)[0].split("\n")
    assert len(lines) == HEIGHT - 1
    assert lines[0] == "ROW 0".ljust(40) + "  West passes"
    assert lines[1] == "ROW 1".ljust(40) + "  North passes"
    assert lines[-1] == "ROW 23".ljust(40) + "ROW 24"
    assert all(len(s) <= WIDTH for s in lines)


def test_euchre_c64_in_a_real_80x24_terminal_keeps_the_top_rows(tmp_path):
    """`euchre c64 --seed 5` on an 80x24 pseudo-terminal (its size from the terminal):
    at the first bid the last 24 lines written hold row 0 (GAME 5 ... WE 0 THEY 0)."""
    term = Terminal([EUCHRE, "c64", "--seed", "5"], play_env(tmp_path), WIDTH, HEIGHT)
    try:
        term.expect(b"keys> ")
        term.send(b"\r")                               # RETURN on the title: the game
        term.expect(b"YOUR BID")
        end = time.monotonic() + 60
        while term.output.count(b"keys> ") < 2:        # the bid's own prompt
            assert time.monotonic() < end, bytes(term.output[-1500:])
            term.settle(0.1)
        text = ANSI.sub("", term.output.decode("utf-8", "replace")).replace("\r", "")
        shown = visible(text[:text.rindex("keys> ") + len("keys> ")])
        assert any("GAME 5" in s and "WE 0 THEY 0" in s for s in shown), "\n".join(shown)
        term.send(b"\x04")
        term.wait(60)
    finally:
        term.close()
