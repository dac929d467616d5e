"""Reading a JSON file without trusting it: limits checked before ``json`` parses.

:func:`read_text` reads only a regular file (a FIFO, ``/dev/zero`` or a directory
is refused before it is read: the file is opened non-blocking and ``fstat``-ed) of
at most :data:`MAX_BYTES`, as UTF-8. :func:`parse` refuses more than
:data:`MAX_DEPTH` nested arrays/objects and numbers of more than :data:`MAX_DIGITS`
digits before ``json.loads`` sees the text (which would raise RecursionError or
ValueError), and NaN/Infinity, which are not JSON.
"""

from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path

MAX_BYTES = 8 * 1024 * 1024      # a transcript is ~50 KB, the largest vector file ~3 MB
MAX_DEPTH = 16                   # a transcript nests 5 deep, a vector file 7
MAX_DIGITS = 20                  # no number in either format needs more


class JsonFileError(ValueError):
    """A file that is not a JSON document we will read; one line saying why."""


_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
_BRACKETS = re.compile(r"[\[\]{}]")
_LONG_NUMBER = re.compile(r"\d{" + str(MAX_DIGITS + 1) + ",}")


def _depth(text: str) -> int:
    depth = deepest = 0
    for m in _BRACKETS.finditer(_STRINGS.sub('""', text)):
        if m.group() in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def _no_constant(name: str) -> object:
    raise JsonFileError(f"{name} is not a JSON number")


def parse(text: str, source: str) -> object:
    """``json.loads`` with the depth and number limits checked first."""
    bare = _STRINGS.sub('""', text)
    if _depth(text) > MAX_DEPTH:
        raise JsonFileError(f"{source}: nested more than {MAX_DEPTH} deep: not a transcript")
    if _LONG_NUMBER.search(bare):
        raise JsonFileError(f"{source}: a number of more than {MAX_DIGITS} digits")
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise JsonFileError(f"{source}: not valid JSON ({exc})") from None
    except (ValueError, RecursionError) as exc:
        raise JsonFileError(f"{source}: not valid JSON ({exc})") from None


def read_text(path: Path, limit: int = MAX_BYTES) -> str:
    """The text of a regular file of at most ``limit`` bytes, checked before reading."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise JsonFileError(f"{path}: cannot read ({exc.strerror})") from None
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise JsonFileError(f"{path}: is a directory")
        if not stat.S_ISREG(st.st_mode):
            raise JsonFileError(f"{path}: not a regular file (a FIFO, a device or a socket "
                                "is not read)")
        if st.st_size > limit:
            raise JsonFileError(f"{path}: {st.st_size:,} bytes, more than the {limit:,} a "
                                "transcript may have")
        with os.fdopen(fd, "rb", closefd=False) as f:
            data = f.read(limit + 1)
    except OSError as exc:
        raise JsonFileError(f"{path}: cannot read ({exc.strerror})") from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise JsonFileError(f"{path}: more than the {limit:,} bytes a transcript may have")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise JsonFileError(f"{path}: not UTF-8 text (byte {exc.start})") from None


def load_json(path: Path) -> object:
    """Read and parse an untrusted JSON file within the size and depth limits."""
    return parse(read_text(path), str(path))
