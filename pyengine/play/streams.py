"""The shell's output stream and the look of its cards.

* :class:`Out` is stdout that turns a broken pipe (``euchre play --auto | head``),
  a full disk or a lost terminal into one :class:`OutputClosed`, then stays silent.
* :func:`choose_style` picks the cards' look for a stream: symbols and colour on a
  terminal, symbols alone on a pipe, letters with ``--ascii`` or without UTF-8.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import TextIO

from pyengine.core.cards import SUIT_SYMBOLS
from pyengine.play.terminal import colour_allowed, line_width, locale_is_ascii
from pyengine.play.textview import Style


class OutputClosed(Exception):
    """Nobody reads stdout any more (``euchre play --auto | head``)."""


class Out:
    """stdout that turns a broken pipe into one OutputClosed, then stays silent.

    The Python documentation's recipe: once the reader has gone, point the
    real file descriptor at /dev/null so the interpreter's final flush does
    not complain either.
    """

    def __init__(self, stream: TextIO | None) -> None:
        self.stream = stream
        self.closed = stream is None        # no stdout at all (>&-): play on, silently

    def write(self, text: str) -> None:
        """Write ``text``; OutputClosed once the reader has gone."""
        if self.closed:
            return
        try:
            self.stream.write(text)
        except OSError:                     # a broken pipe; a full disk or a lost terminal
            self._close()
            raise OutputClosed from None

    def flush(self) -> None:
        """Flush; OutputClosed once the reader has gone."""
        if self.closed:
            return
        try:
            self.stream.flush()
        except OSError:
            self._close()
            raise OutputClosed from None

    def isatty(self) -> bool:
        """The stream is a terminal."""
        isatty = getattr(self.stream, "isatty", None)
        try:
            return bool(isatty and isatty())
        except (OSError, ValueError):
            return False

    def width(self) -> int:
        """The columns to break lines at: the terminal's (at most 80), else 80."""
        return line_width(self.stream)

    def _close(self) -> None:
        self.closed = True
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, self.stream.fileno())
        except (OSError, AttributeError, ValueError):
            pass


def choose_style(stdout: TextIO, ascii_only: bool,
                 env: Mapping[str, str] | None = None) -> Style:
    """Symbols + colour on a terminal, symbols alone on a pipe, letters with --ascii
    (or when the locale or the stream has no UTF-8); no colour under NO_COLOR or
    TERM=dumb (:mod:`pyengine.play.terminal`)."""
    if ascii_only or locale_is_ascii(env):
        return Style(symbols=False, colour=False)
    encoding = getattr(stdout, "encoding", None)
    if encoding:
        try:
            "".join(SUIT_SYMBOLS).encode(encoding)
            "\u00b7\u2014\u2192".encode(encoding)
        except (UnicodeEncodeError, LookupError):
            return Style(symbols=False, colour=False)
    isatty = getattr(stdout, "isatty", None)
    return Style(symbols=True, colour=bool(isatty and isatty()) and colour_allowed(env))
