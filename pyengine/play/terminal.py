"""Terminal conventions: when to use colour, when to stay in plain ASCII.

* Colour only on a terminal, and never when ``NO_COLOR`` is set to anything
  (https://no-color.org) or ``TERM`` is ``dumb``.
* ASCII cards (``JD``, ``10H``) when the locale says the terminal has no
  UTF-8: ``LC_ALL``, else ``LC_CTYPE``, else ``LANG`` is ``C`` or ``POSIX``
  or names another codeset (``en_US.ISO-8859-1``). Python's UTF-8 mode under
  the C locale makes ``stdout.encoding`` say UTF-8 anyway, so the encoding
  alone cannot tell; an unset locale leaves the decision to the encoding.
* Line editing and history at the shell's prompts (``readline``, through
  ``input()``) when the game runs on the process's own terminal.
* Line mode's lines are broken between words to the terminal's width (at most the
  80 columns the text is laid out for), asked again at every line, so a window
  narrowed mid-game gets no word cut in two by the terminal's own wrapping.
"""

from __future__ import annotations

import os
import sys
import unicodedata
from collections.abc import Mapping
from typing import TextIO

LAYOUT_COLUMNS = 80            # what line mode's text is laid out for
NARROWEST = 20                 # below this, words are not broken any more usefully

_SUIT_LETTERS = {"\u2660": "S", "\u2665": "H", "\u2666": "D", "\u2663": "C"}
_PLAIN = {"\u00b7": ".", "\u2014": "-", "\u2192": "->", "\u2588": "#", "\u2592": ":"}


def _env(env: Mapping[str, str] | None) -> Mapping[str, str]:
    return os.environ if env is None else env


def colour_allowed(env: Mapping[str, str] | None = None) -> bool:
    """False under NO_COLOR (any non-empty value) or TERM=dumb."""
    e = _env(env)
    return not e.get("NO_COLOR") and e.get("TERM") != "dumb"


def locale_is_ascii(env: Mapping[str, str] | None = None) -> bool:
    """True when the locale in force has no UTF-8 (C, POSIX, or another codeset)."""
    e = _env(env)
    value = next((e[k] for k in ("LC_ALL", "LC_CTYPE", "LANG") if e.get(k)), "")
    if not value:
        return False
    if value in ("C", "POSIX"):
        return True
    codeset = value.partition(".")[2].partition("@")[0].lower().replace("-", "")
    return bool(codeset) and codeset != "utf8"


def to_ascii(text: str) -> str:
    """``text`` in ASCII: suit symbols as letters, box drawing as + - |, others as ?."""
    out = []
    for ch in text:
        if ord(ch) < 128:
            out.append(ch)
        elif ch in _SUIT_LETTERS:
            out.append(_SUIT_LETTERS[ch])
        elif ch in _PLAIN:
            out.append(_PLAIN[ch])
        else:
            name = unicodedata.name(ch, "")
            if name.startswith("BOX DRAWINGS"):
                out.append("-" if "HORIZONTAL" in name else "|" if "VERTICAL" in name
                           else "+")
            else:
                out.append("?")
    return "".join(out)


def line_editing(stdin: TextIO, stdout: TextIO) -> bool:
    """Prompts read with readline (line editing, history with the arrow keys) when
    the game runs on the process's own terminal and the module exists."""
    if stdin is None or stdout is None or stdin is not sys.stdin or stdout is not sys.stdout:
        return False                    # (no stdin at all: `<&-`)
    if not (stdin.isatty() and stdout.isatty()):
        return False
    try:
        import readline  # noqa: F401  (importing it gives input() editing and history)
    except ImportError:
        return False
    return True


def edited_line(prompt: str) -> str:
    """One line from the terminal through readline; "" at end of input."""
    try:
        return input(prompt) + "\n"
    except EOFError:
        return ""


def line_width(stream: TextIO | None) -> int:
    """The columns to break lines at on ``stream``: its terminal's width, at most
    :data:`LAYOUT_COLUMNS`; LAYOUT_COLUMNS when it is not a terminal (a pipe, a file)."""
    try:
        columns = os.get_terminal_size(stream.fileno()).columns   # type: ignore[union-attr]
    except (AttributeError, OSError, ValueError):
        return LAYOUT_COLUMNS
    if columns <= 0:
        return LAYOUT_COLUMNS
    return max(NARROWEST, min(LAYOUT_COLUMNS, columns))
