"""Input and signals for the interactive commands: nothing a user does is a traceback.

* :func:`read_line` reads one answer from a text stream. It reads bytes and decodes
  them itself (when the stream has a binary buffer), so a line that is not valid
  text is one refused line - the lines after it are still read, in order - and a
  line longer than :data:`LINE_LIMIT` is refused without holding it in memory.
* :func:`stop_signals` makes SIGTERM end a command the way Ctrl-C (SIGINT) does:
  as a :class:`KeyboardInterrupt` (:class:`Terminated`), so every ``except
  KeyboardInterrupt`` that saves the game also saves it on ``kill``; the signals
  that follow the first are ignored, so two Ctrl-C close together end the game
  once, with its transcript written.
* :func:`shielded` holds both signals back while a file is being written, so an
  interrupt cannot cut a write in half; one that arrives meanwhile is delivered
  when the block ends.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

LINE_LIMIT = 4096            # characters in one answer; nobody types more
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


class UnreadableLine(ValueError):
    """A line of input that is not an answer at all; the message says why, in one line."""


class Terminated(KeyboardInterrupt):
    """SIGTERM (``kill``), handled everywhere a Ctrl-C is."""


def exit_code_of(exc: KeyboardInterrupt) -> int:
    """The shell's convention: 128 + the signal's number."""
    return 128 + (signal.SIGTERM if isinstance(exc, Terminated) else signal.SIGINT)


def _ignore(signum: int, frame: object) -> None:
    """A stop signal after the first: nothing to do."""


def _once(signum: int, frame: object) -> None:
    """The first stop signal raises; any later one is ignored, so that the game's
    ending (the score, the transcript) is not cut short by a second Ctrl-C."""
    for s in STOP_SIGNALS:
        signal.signal(s, _ignore)   # not SIG_IGN: a signal already on its way
                                    # would raise "ignored due to race condition"
    if signum == signal.SIGTERM:
        raise Terminated
    raise KeyboardInterrupt


@contextmanager
def stop_signals() -> Iterator[None]:
    """Inside the block the first SIGINT raises KeyboardInterrupt, the first SIGTERM
    Terminated; the signals after it are ignored until the block ends. Off the main
    thread (where Python delivers no signals) it changes nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = {s: signal.signal(s, _once) for s in STOP_SIGNALS}
    try:
        yield
    finally:
        for s, handler in old.items():
            signal.signal(s, handler)


@contextmanager
def shielded() -> Iterator[None]:
    """SIGINT and SIGTERM are blocked inside the block; one that arrives meanwhile
    is delivered when it ends."""
    old = signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def read_line(stream: TextIO | None, limit: int = LINE_LIMIT) -> str | None:
    """One line from ``stream`` (with its newline), or None at the end of input.

    Raises :class:`UnreadableLine` for a line that the stream's encoding cannot
    decode or that is longer than ``limit`` characters; the whole line has then
    been read (and dropped), so the next call reads the next line. No stdin at
    all (``<&-``), a closed one or one that fails (a terminal that went away) is
    the end of input.
    """
    if stream is None:
        return None
    try:
        return _read_line(stream, limit)
    except (OSError, ValueError) as exc:
        if isinstance(exc, UnreadableLine):
            raise
        return None


def _read_line(stream: TextIO, limit: int) -> str | None:
    buffer = getattr(stream, "buffer", None)
    if buffer is None or not hasattr(buffer, "readline"):
        return _read_text_line(stream, limit)
    cap = limit * 4 + 1                            # a character is at most 4 bytes
    raw = buffer.readline(cap)
    if not raw:
        return None
    if len(raw) == cap and not raw.endswith(b"\n"):
        while raw and not raw.endswith(b"\n"):     # drop the rest of the line
            raw = buffer.readline(cap)
        raise UnreadableLine(f"that line is too long (an answer is at most {limit} "
                             "characters)")
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        text = raw.decode(encoding)
    except UnicodeDecodeError:
        raise UnreadableLine(f"that line is not {encoding} text: type the answer "
                             "again") from None
    except LookupError:
        text = raw.decode("utf-8", errors="replace")
    if len(text.rstrip("\r\n")) > limit:
        raise UnreadableLine(f"that line is too long (an answer is at most {limit} "
                             "characters)")
    return text


def _read_text_line(stream: TextIO, limit: int) -> str | None:
    """A stream without a byte buffer (a test's StringIO): it is already text."""
    try:
        line = stream.readline()
    except UnicodeDecodeError:
        raise UnreadableLine("that line is not valid text: type the answer again") from None
    if not line:
        return None
    if len(line.rstrip("\r\n")) > limit:
        raise UnreadableLine(f"that line is too long (an answer is at most {limit} "
                             "characters)")
    return line
