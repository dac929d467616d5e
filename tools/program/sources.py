"""Where the 6502 sources are: the checkout's asm/ and c64/, or the installed package data.

In a checkout (``tools/`` beside ``asm/``, ``c64/`` and ``pyproject.toml``) they are
the repository's folders; installed, the same folders travel as package data of
``pyengine.tools`` and are read through :mod:`importlib.resources`
(tools/program/resources.py builds the program from them).
"""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path

SOURCE_DIRS = ("asm", "c64")
SOURCE_SUFFIXES = (".oph", ".txt")


def checkout_root() -> Path | None:
    """The repository these tools run from, or None when they are installed."""
    root = Path(__file__).resolve().parents[2]
    marks = (root / "asm" / "core.oph", root / "c64" / "main.oph", root / "pyproject.toml")
    return root if all(p.is_file() for p in marks) else None


def _source_dir(name: str) -> Traversable:
    root = checkout_root()
    if root is not None:
        return root / name
    return files(__package__.rpartition(".")[0]) / name


def source_files() -> dict[str, bytes]:
    """Every source of the program by its path in the repository (``c64/main.oph``)."""
    found: dict[str, bytes] = {}
    for d in SOURCE_DIRS:
        for entry in sorted(_source_dir(d).iterdir(), key=lambda e: e.name):
            if entry.is_file() and entry.name.endswith(SOURCE_SUFFIXES):
                found[f"{d}/{entry.name}"] = entry.read_bytes()
    if "c64/main.oph" not in found:
        raise FileNotFoundError("the 6502 sources (c64/main.oph) are not installed")
    return found


def read_text(relative: str) -> str:
    """One source file as text, e.g. ``read_text("c64/charset.txt")``."""
    d, _, name = relative.partition("/")
    return (_source_dir(d) / name).read_text(encoding="utf-8")
