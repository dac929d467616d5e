"""Builds patched the way a wrong port would be: a byte pattern found after a label of
the build's map and overwritten, for the tests that must see the cross-check fail
(:func:`first_mismatch`).

Patterns with an absolute operand name its label (:func:`at_label`), because the state's
addresses move whenever a variable is added; the map is the build's (the patch moves
nothing)."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

from pyengine.core.rules import Rules
from tools.gamecore.core import Core
from tools.gamecore.crosscheck import Mismatch, compare_game
from tools.program.c64map import Symbols

PRG = Path("build/euchre.prg")
WINDOW = 160           # bytes after the label searched for the pattern

Pattern = bytes | Callable[[Symbols], bytes]
Value = int | bytes | Callable[[Symbols], int | bytes]


def at_label(opcode: int, label: str, *more: int) -> Callable[[Symbols], bytes]:
    """``opcode label`` (an absolute operand, little endian) then the bytes ``more``."""
    def pattern(symbols: Symbols) -> bytes:
        address = symbols.address(label)
        return bytes([opcode, address & 0xFF, address >> 8, *more])
    return pattern


def address_of(label: str) -> Callable[[Symbols], bytes]:
    """A label's address as an operand's two bytes (a patch value)."""
    def value(symbols: Symbols) -> bytes:
        address = symbols.address(label)
        return bytes([address & 0xFF, address >> 8])
    return value


def patched(tmp_path: Path, label: str, pattern: Pattern, at: int, value: Value,
            window: int = WINDOW, prg: Path = PRG) -> Path:
    """``prg`` with the bytes from ``at`` of the first ``pattern`` after ``label`` set to
    ``value`` (an int: one byte; a callable pattern or value is given the map)."""
    data = bytearray(prg.read_bytes())
    symbols = Symbols.from_map(prg.with_suffix(".map"))
    if callable(pattern):
        pattern = pattern(symbols)
    if callable(value):
        value = value(symbols)
    load = data[0] | data[1] << 8
    start = symbols.address(label) - load + 2
    found = data.find(pattern, start, start + window)
    assert found >= 0, f"{pattern.hex()} not found in {label}"
    new = bytes([value]) if isinstance(value, int) else value
    data[found + at:found + at + len(new)] = new
    out = tmp_path / "broken.prg"
    out.write_bytes(bytes(data))
    shutil.copy(prg.with_suffix(".map"), out.with_suffix(".map"))
    return out


def first_mismatch(prg: Path, rules: Rules, seeds: tuple[int, ...], human: bool
                   ) -> Mismatch | None:
    """The first difference from pyengine in ``prg``'s games ``seeds`` under ``rules``."""
    core = Core(prg)
    for seed in seeds:
        mismatch, _ = compare_game(core, seed, human, rules)
        if mismatch:
            return mismatch
    return None
