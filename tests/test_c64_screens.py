"""Front-end faults a C64 player saw in VICE (issue 10, faults 4-6): text that wraps,
a demo that stops, a game-over screen that keeps the last hand's marks."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from tools.frontend.checkpoints import check_identity
from tools.frontend.driver import STOP, Frontend, prompt, status
from tools.frontend.play import play
from tools.machine.harness import C64

PRG = Path(os.environ.get("EUCHRE_PRG", "build/euchre.prg"))
TEXT_END, COLS = 0xFF, 40
RECORD_LISTS = ("title_text", "opt_frame")
PAGES = ("rules1", "rules2", "rules3")
PI_END, PI_AT, PI_STR, PI_NUM, PI_S, PI_IF, PI_REC = range(7)   # c64/rulespages.oph
RULES_COL, NUMBER_MAX = 1, 3                 # a number of the rules block: up to 3 digits


def _records(c64: C64, listing: str) -> list[tuple[int, bytes]]:
    """(screen position, text) of each print_at record of a list (c64/title.oph)."""
    out = []
    at = c64.address(listing)
    while record := c64.peek_word(at):
        pos = c64.peek_word(record)
        text = bytes(c64.mem[record + 3: c64.mem.index(TEXT_END, record + 3)])
        out.append((pos, text))
        at += 2
    return out


@pytest.mark.parametrize("listing", RECORD_LISTS)
def test_every_title_and_rules_line_fits_its_row(listing):
    """Fault 4: rules page 1, line 12 was 40 characters from column 1: its full stop
    wrapped to the start of row 13."""
    c64 = C64.from_build(PRG.parent)
    records = _records(c64, listing)
    assert records
    too_long = [(pos // COLS, pos % COLS, len(t)) for pos, t in records
                if pos % COLS + len(t) > COLS]
    assert too_long == [], f"{listing}: (row, column, length) past column 39: {too_long}"


def _page_lines(c64: C64, page: str) -> list[tuple[int, int, int]]:
    """(row, column, the longest the line can be) of each line of a rules page script,
    every branch of its PI_IFs taken (each branch's lines are lines of their own)."""
    lines, at, row, length = [], c64.address(page), None, 0
    while True:
        op = c64.mem[at]
        if op in (PI_END, PI_AT, PI_REC) and row is not None:
            lines.append((row, RULES_COL, length))
            row = None
        if op == PI_END:
            return lines
        if op == PI_AT:
            row, length, at = c64.mem[at + 1], 0, at + 2
        elif op == PI_STR:
            text = c64.peek_word(at + 1)
            length += c64.mem.index(TEXT_END, text) - text
            at += 3
        elif op == PI_NUM:
            length, at = length + NUMBER_MAX, at + 2
        elif op == PI_S:
            length, at = length + 1, at + 2
        elif op == PI_IF:
            at += 4                                    # into the branch: its lines count
        elif op == PI_REC:
            record = c64.peek_word(at + 1)
            pos = c64.peek_word(record)
            lines.append((pos // COLS, pos % COLS,
                          c64.mem.index(TEXT_END, record + 3) - record - 3))
            at += 3
        else:
            raise AssertionError(f"{page}: unknown page item {op} at ${at:04X}")


@pytest.mark.parametrize("page", PAGES)
def test_every_rules_page_line_fits_its_row_whatever_the_rules(page):
    """Fault 4 again, for the pages that tell the rules chosen (c64/rulespages.oph):
    each line of every branch, its numbers at their widest."""
    c64 = C64.from_build(PRG.parent)
    lines = _page_lines(c64, page)
    assert len(lines) > 5
    too_long = [line for line in lines if line[1] + line[2] > COLS]
    assert too_long == [], f"{page}: (row, column, length) past column 39: {too_long}"


def test_the_demo_plays_game_after_game_by_itself_and_run_stop_ends_it():
    """Fault 5: the demo stopped at every game over, waiting for a key."""
    fe = Frontend(PRG)
    fe.boot()
    fe.set_options(speed="NO WAIT", demo=True)
    fe.enter_game_number(93)
    fe.events = []
    fe.c64.hold("RETURN", 6)
    for _ in range(400):                      # 8 s of the C64's time at a time
        fe.c64.run_frames(20)
        if sum(e["ev"] == "game_over" for e in fe.events) >= 2:
            break
    overs = [i for i, e in enumerate(fe.events) if e["ev"] == "game_over"]
    assert len(overs) >= 2, f"{len(overs)} game overs: the demo did not go on"
    assert fe.events[overs[0] + 1]["ev"] == "first_dealer"
    fe.c64.hold(STOP, 6)
    fe.c64.run_frames(200)
    assert prompt(fe.screen()).kind == "title", fe.screen().text()


@pytest.mark.parametrize("seed", [7, 4711])
def test_the_game_over_screen_has_no_dealer_mark_and_no_out(seed):
    """Fault 6: the game-over screen kept the last hand's dealer mark and OUT."""
    fe = Frontend(PRG)
    fe.boot()
    played = play(fe, seed, random.Random(seed))
    check_identity(played)
    screen = played.final
    assert screen is not None and prompt(screen).kind == "game_over"
    names = {(3, 17), (9, 1), (9, 33), (17, 17)}
    for row, col in names:
        cells = screen.row(row)[col:col + 8]
        assert " D" not in cells.rstrip(), f"dealer mark at row {row}: {cells!r}"
    for row, col in ((10, 1), (4, 17), (10, 35)):    # West's, North's, East's backs
        assert "OUT" not in screen.row(row)[col:col + 5], screen.text()


def _play_again_number(hold: int) -> int:
    fe = Frontend(PRG)
    fe.boot()
    fe.hold_frames = lambda: hold
    played = play(fe, 1988, random.Random(1))
    check_identity(played)
    fe.key("P")
    return status(fe.screen()).game


def test_play_again_numbers_follow_the_frames_played_not_only_the_last_game():
    """Issue 14: the frame counter ran only on the title, so "play again" was a fixed
    function of the last game (demo games cycled through 28 numbers)."""
    assert _play_again_number(5) != _play_again_number(9)
