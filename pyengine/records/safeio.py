"""Input and signals for the interactive commands: nothing a user does is a traceback.

* :func:`read_line` reads one answer from a text stream. It reads bytes and decodes
  them itself (when the stream has a binary buffer), so a line that is not valid
  text is one refused line - the lines after it are still read, in order - and a
  line longer than :data:`LINE_LIMIT` is refused without holding it in memory.
* :func:`stop_signals` makes SIGTERM (``kill``), SIGHUP (the terminal window
  closed) and SIGQUIT (Ctrl-\\) end a command the way Ctrl-C (SIGINT) does: as a
  :class:`KeyboardInterrupt` (:class:`Terminated`, which names its signal), so
  every ``except KeyboardInterrupt`` that saves the game also saves it then; the
  signals that follow the first are ignored, so two Ctrl-C close together end the
  game once, with its transcript written. The exit code is the shell's, 128 + the
  signal's number (:func:`exit_code_of`).
* :func:`signals_to` records the first stop signal instead of raising it, for an
  event loop that must end in its own way (the full-screen table).
* :func:`shielded` holds the stop signals back while a file is being written, so an
  interrupt cannot cut a write in half; one that arrives meanwhile is delivered
  when the block ends.
* :func:`worker_signals` is the first thing a forked worker process runs: the
  parent's stop handlers and blocked signals are not its own.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TextIO

LINE_LIMIT = 4096            # characters in one answer; nobody types more
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT)
_WHY = {signal.SIGINT: "", signal.SIGTERM: " (SIGTERM: ended by kill)",
        signal.SIGHUP: " (SIGHUP: the terminal was closed)",
        signal.SIGQUIT: " (SIGQUIT: Ctrl-\\)"}


class UnreadableLine(ValueError):
    """A line of input that is not an answer at all; the message says why, in one line."""


class Terminated(KeyboardInterrupt):
    """SIGTERM (``kill``), SIGHUP or SIGQUIT, handled everywhere a Ctrl-C is;
    ``signum`` says which."""

    def __init__(self, signum: int = signal.SIGTERM) -> None:
        super().__init__(signum)
        self.signum = signum


def signal_of(exc: KeyboardInterrupt) -> int:
    """The signal that stopped the command (SIGINT for a plain Ctrl-C)."""
    return getattr(exc, "signum", signal.SIGINT)


def exit_code_of(exc: KeyboardInterrupt | int) -> int:
    """The shell's convention: 128 + the signal's number."""
    return 128 + (exc if isinstance(exc, int) else signal_of(exc))


def stopped_words(signum: int) -> str:
    """How a game's end names the signal: "Interrupted", "Interrupted (SIGHUP: ...)"."""
    why = {int(sig): words for sig, words in _WHY.items()}
    return "Interrupted" + why.get(signum, f" (signal {signum})")


def _ignore(signum: int, frame: object) -> None:
    """A stop signal after the first: nothing to do."""


def _once(signum: int, frame: object) -> None:
    """The first stop signal raises; any later one is ignored, so that the game's
    ending (the score, the transcript) is not cut short by a second Ctrl-C."""
    for s in STOP_SIGNALS:
        signal.signal(s, _ignore)   # not SIG_IGN: a signal already on its way
                                    # would raise "ignored due to race condition"
    if signum != signal.SIGINT:
        raise Terminated(signum)
    raise KeyboardInterrupt


@contextmanager
def stop_signals() -> Iterator[None]:
    """Inside the block the first SIGINT raises KeyboardInterrupt, the first SIGTERM,
    SIGHUP or SIGQUIT Terminated; the signals after it are ignored until the block
    ends. Off the main thread (where Python delivers no signals) it changes nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = {s: signal.signal(s, _once) for s in STOP_SIGNALS}
    try:
        yield
    finally:
        for s, handler in old.items():
            signal.signal(s, handler)


@dataclass
class StopRequest:
    """The first stop signal :func:`signals_to` saw (None: none yet), and what to call
    when it comes (from the signal handler: it must only hand the work on)."""
    signum: int | None = None
    notify: Callable[[int], None] | None = None


@contextmanager
def signals_to(request: StopRequest) -> Iterator[StopRequest]:
    """Inside the block a stop signal raises nothing: the first one is recorded in
    ``request`` and passed to ``request.notify``; the later ones are ignored. Off the
    main thread it changes nothing."""
    def handler(signum: int, frame: object) -> None:
        if request.signum is None:
            request.signum = signum
            if request.notify is not None:
                request.notify(signum)

    if threading.current_thread() is not threading.main_thread():
        yield request
        return
    old = {s: signal.signal(s, handler) for s in STOP_SIGNALS}
    try:
        yield request
    finally:
        for s, h in old.items():
            signal.signal(s, h)


def worker_signals() -> None:
    """A worker process's start (a pool's initializer): Ctrl-C is left to the parent
    (which ends the pool), every other stop signal ends the worker at once, and no
    signal the parent held back is blocked here - whatever handlers or mask the
    process that forked it had (a game's, ``euchre``'s start-up's). On Linux the worker
    also gets SIGTERM when its parent dies (``prctl(PR_SET_PDEATHSIG)``): a worker whose
    parent was killed, or never reached the code that ends the pool, does not live on
    holding the caller's pipes."""
    signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for s in STOP_SIGNALS[1:]:
        signal.signal(s, signal.SIG_DFL)
    _die_with_parent()


PR_SET_PDEATHSIG = 1          # <linux/prctl.h>


def _die_with_parent() -> None:
    """SIGTERM this process when the process that forked it ends (Linux only)."""
    import multiprocessing
    import os
    import sys
    if not sys.platform.startswith("linux"):
        return
    import ctypes
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    except (OSError, AttributeError):
        return
    parent = multiprocessing.parent_process()
    if parent is not None and parent.pid != os.getppid():
        os._exit(1)                              # the parent was gone before prctl


@contextmanager
def shielded() -> Iterator[None]:
    """The stop signals are blocked inside the block; one that arrives meanwhile is
    delivered when it ends."""
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
