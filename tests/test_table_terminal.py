"""The table on a real terminal (issue 27): bytes typed at it go through the terminal
driver the game really runs with, not the headless pilot of tests/test_table.py.

* Item 5: ``ESC [ 99999999999999999999 ~`` (and bytes that are not UTF-8) killed
  Textual's input thread with ``OverflowError``; the table closed and the shell said
  "You quit". Now the table plays on: the same bytes through the table's input loop,
  and through a pseudo-terminal to the whole program.
"""

from __future__ import annotations

import asyncio
import os
import threading
import time

from textual import events
from textual.app import App

from pyengine.play.table_input import guarded_driver

from .ptyrun import EUCHRE, Terminal, play_env

HUGE = b"\x1b[99999999999999999999~"
HUGE_KITTY = b"\x1b[99999999999999999999;5u"
NOT_UTF8 = b"\xff\xfe"


def _unread(fd: int) -> int:
    """Bytes waiting in the pipe ``fd`` (FIONREAD)."""
    import fcntl
    import struct
    import termios
    return struct.unpack("i", fcntl.ioctl(fd, termios.FIONREAD, b"\0\0\0\0"))[0]


def _keys_through_the_driver(data: bytes) -> tuple[list[str], list[BaseException]]:
    """``data`` then ``q`` through the input loop of the table's terminal driver (a
    pipe stands for the terminal); the keys it delivered and what killed it, if
    anything did."""
    base = guarded_driver()
    assert base is not None
    keys: list[str] = []
    died: list[BaseException] = []
    got_q = threading.Event()

    class Probe(base):                                  # type: ignore[misc, valid-type]
        def process_message(self, message) -> None:
            if isinstance(message, events.Key):
                keys.append(message.key)
                if message.key == "q":
                    got_q.set()

    async def make() -> Probe:                         # a driver is made in the app's loop
        return Probe(App(), size=(80, 24))

    read_end, write_end = os.pipe()
    driver = asyncio.run(make())
    driver.fileno = read_end

    def run() -> None:
        try:
            driver.run_input_thread()
        except BaseException as exc:                   # what Textual's thread would die of
            died.append(exc)
            got_q.set()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    try:
        os.write(write_end, data)
        end = time.monotonic() + 60          # a bound: the sign is the pipe read empty
        while _unread(read_end) and time.monotonic() < end:
            time.sleep(0.01)
        time.sleep(0.3)                      # then the parser's escape delay: one read each
        os.write(write_end, b"q")
        got_q.wait(10)
    finally:
        driver.exit_event.set()
        thread.join(10)
        os.close(write_end)
        os.close(read_end)
    return keys, died


def test_a_huge_number_in_an_escape_sequence_does_not_stop_the_table_input():
    for data in (HUGE, HUGE_KITTY, NOT_UTF8):
        keys, died = _keys_through_the_driver(data)
        assert not died, (data, died)
        assert keys[-1:] == ["q"], (data, keys)          # the keys after it still arrive


def test_the_table_on_a_terminal_survives_the_sequence_and_plays_on(tmp_path):
    # tmux: euchre play --seed 5, then send-keys -l $'\x1b[99999999999999999999~'
    term = Terminal([EUCHRE, "play", "--seed", "5"], play_env(tmp_path), 80, 24)
    try:
        term.expect(b"order up", timeout=60)
        term.send(HUGE)
        term.settle(1.0)
        term.send(NOT_UTF8)
        term.settle(1.0)
        assert term.proc.poll() is None, bytes(term.output[-3000:])   # the table is still up
        term.send(b"?")
        term.expect(b"Keys and rules")                 # and answers keys
        term.send(b" ")
        term.settle(0.5)
        term.send(b"q")
        term.expect(b"Quit the game?")
        term.send(b"y")
        code = term.wait()
        text = bytes(term.output)
        assert code == 0, text[-3000:]
        assert b"OverflowError" not in text and b"Traceback" not in text, text[-3000:]
        assert b"You quit during hand 1" in text
    finally:
        term.close()


def test_term_dumb_plays_in_line_mode_without_colour(tmp_path):
    # TERM=dumb euchre play --seed 1: was the full-screen table in 24-bit colour
    term = Terminal([EUCHRE, "play", "--seed", "1"], play_env(tmp_path, term="dumb"), 80, 24)
    try:
        term.expect(b"Round 1", timeout=60)
        term.send(b"q\n")
        code = term.wait()
        text = bytes(term.output)
        assert code == 0, text[-3000:]
        assert b"TERM is dumb" in text and b"Game number 1" in text, text[-3000:]
        assert b"\x1b" not in text, text[-3000:]          # not one escape sequence
    finally:
        term.close()


def test_the_lines_after_the_table_fit_the_terminal(tmp_path):
    # q, y at 80x24: "The game so far is saved: go on with it later: <a long command>"
    # ran past the 80th column and the terminal broke the path in two
    term = Terminal([EUCHRE, "play", "--seed", "5"], play_env(tmp_path), 80, 24)
    try:
        term.expect(b"order up", timeout=60)
        term.send(b"q")
        term.expect(b"Quit the game?")
        term.send(b"y")
        assert term.wait() == 0
    finally:
        term.close()
    text = bytes(term.output).decode()
    after = text[text.index("You quit during hand 1"):].split("\r\n")
    assert any("go on with it later" in line for line in after), after
    wide = [line for line in after if len(line) > 80 and len(line.split()) > 1]
    assert not wide, wide
