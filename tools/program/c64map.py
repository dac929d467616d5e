"""Symbols of an assembled program: read the Ophis map file, name addresses.

Ophis writes one line per label or alias, ``$ADDR | name | file:line``, with names
folded to lower case and ``_local`` labels not qualified by their scope. This module
keeps every name for look-ups (``address('print_at')``) and, to describe an address
(``describe(0x08a3) == 'print_at+12 ($08A3)'``), uses only real labels: those of the
``.vs`` file that ``tools.program.build`` writes beside the map (aliases excluded), or, without
one, every map entry.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from pathlib import Path

MAP_LINE = re.compile(r"^\$([0-9A-Fa-f]{4}) \| (\S+)\s*\| (\S+)$")
VS_LINE = re.compile(r"^al C:([0-9A-Fa-f]{4}) \.(\S+)$")


class SymbolError(LookupError):
    """A label is not in the map, or a map cannot be read (the message says which,
    and where it looked)."""


def _read(path: Path, encoding: str, what: str) -> str:
    try:
        return path.read_bytes().decode(encoding)
    except OSError as exc:
        raise SymbolError(f"cannot read {what} {path}: {exc.strerror}") from None
    except UnicodeDecodeError as exc:
        raise SymbolError(f"{what} {path} is not {encoding.upper()}"
                          f" text (byte {exc.start})") from None


@dataclass
class Symbols:
    """Names ↔ addresses of one program."""

    by_name: dict[str, int] = field(default_factory=dict)
    source: str = "(no map)"
    _labels: list[tuple[int, str]] = field(default_factory=list)  # sorted (addr, name)

    @classmethod
    def from_map(cls, map_path: Path | str, vs_path: Path | str | None = None) -> Symbols:
        map_path = Path(map_path)
        text = _read(map_path, "utf-8", "map file")
        symbols = cls(source=str(map_path))
        entries = []
        for line in text.splitlines():
            m = MAP_LINE.match(line.strip())
            if m and m.group(2) != "*":
                entries.append((int(m.group(1), 16), m.group(2)))
        for addr, name in entries:
            # Ophis does not qualify _locals: keep the first (lowest address) of a name.
            symbols.by_name.setdefault(name, addr)
        vs = Path(vs_path) if vs_path is not None else map_path.with_suffix(".vs")
        labels: list[tuple[int, str]] = []
        if vs.exists():
            for line in _read(vs, "ascii", "label file").splitlines():
                m = VS_LINE.match(line.strip())
                if m:
                    labels.append((int(m.group(1), 16), m.group(2)))
        else:
            labels = entries
        symbols._labels = sorted(labels, key=lambda e: (e[0], "__" in e[1] or e[1][:1] == "_"))
        return symbols

    def address(self, name_or_addr: str | int) -> int:
        """Address of a label (case-insensitive), or the integer itself."""
        if isinstance(name_or_addr, int):
            if not 0 <= name_or_addr <= 0xFFFF:
                raise SymbolError(f"address {name_or_addr:#x} outside $0000-$FFFF")
            return name_or_addr
        key = name_or_addr.lower()
        if key not in self.by_name:
            raise SymbolError(f"no label {name_or_addr!r} in {self.source}")
        return self.by_name[key]

    def nearest(self, addr: int) -> tuple[str, int] | None:
        """(global label, offset) of the greatest global label <= addr, if any."""
        i = bisect.bisect_right(self._labels, (addr, "\uffff"))
        while i > 0:
            i -= 1
            value, name = self._labels[i]
            if "__" not in name and not name.startswith("_"):
                return name, addr - value
        return None

    def describe(self, addr: int) -> str:
        """'label+offset ($ADDR)', or '$ADDR' when no label precedes it."""
        found = self.nearest(addr)
        if found is None:
            return f"${addr:04X}"
        name, offset = found
        return f"{name}+{offset} (${addr:04X})" if offset else f"{name} (${addr:04X})"
