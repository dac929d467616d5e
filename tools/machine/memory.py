"""The C64's 64 KiB: a .prg loaded, its code write-protected, bytes by label or address.

:class:`Memory` holds those methods of :class:`~tools.machine.harness.C64`; which
pages the step loop must look at ("hot" pages) is decided here.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from ..program.c64map import SymbolError
from .faults import HarnessError
from .hardware import VARTAB
from .steploop import READ_HOT, WRITE_HOT


class Memory:
    """Loading, protecting, reading and writing the memory of
    :class:`~tools.machine.harness.C64`."""

    def load_prg(self, prg: Path | str | bytes, *, protect_code: bool = True) -> tuple[int, int]:
        """Put a .prg (2-byte load address + data) in RAM; returns (load, end)."""
        if isinstance(prg, (str, Path)):
            try:
                data = Path(prg).read_bytes()
            except OSError as exc:
                raise HarnessError(f"cannot read {prg}: {exc.strerror}") from None
        else:
            data = bytes(prg)
        if len(data) < 3:
            raise HarnessError("not a .prg: shorter than a load address and one byte")
        load = data[0] | data[1] << 8
        body = data[2:]
        if load + len(body) > 0x10000:
            raise HarnessError(f"program of {len(body)} bytes does not fit at ${load:04X}")
        self.mem[load : load + len(body)] = list(body)
        self.load_address, self.end_address = load, load + len(body)
        end = self.end_address
        self.mem[VARTAB], self.mem[VARTAB + 1] = end & 0xFF, end >> 8  # as LOAD sets it
        if protect_code and "code_end" in self.symbols.by_name:
            self.protect(load, self.symbols.by_name["code_end"])
        return load, self.end_address

    def protect(self, start: int, end: int) -> None:
        """Fault on any write into [start, end) (the program's code)."""
        if not 0 <= start <= end <= 0x10000:
            raise HarnessError(f"bad protected range ${start:04X}-${end:04X}")
        self.protected = (start, end) if end > start else None
        if self.cpu_kind == "fast":
            self.mpu.set_protect(start, end)
        self._update_hot_pages()

    def _update_hot_pages(self) -> None:
        hot = bytearray(256)
        hot[0xD0] = READ_HOT  # VIC: raster $D011/$D012
        for page in range(0xD4, 0xD8):
            hot[page] = WRITE_HOT  # SID and its mirrors
        hot[0xDC] = READ_HOT | WRITE_HOT  # CIA1 keyboard/joystick
        if self.protected:
            start, end = self.protected
            for page in range(start >> 8, ((end - 1) >> 8) + 1):
                hot[page] |= WRITE_HOT
        self._hot[:] = hot  # in place: the compiled core reads this very bytearray

    def address(self, label: str | int) -> int:
        found = self._label_addresses.get(label)  # hook handlers look up labels by name
        if found is not None:                     # thousands of times a game
            return found
        try:
            found = self.symbols.address(label)
        except SymbolError as exc:
            raise HarnessError(str(exc)) from None
        if isinstance(label, str):
            self._label_addresses[label] = found
        return found

    def describe(self, addr: int) -> str:
        """'label+offset ($ADDR)' inside the loaded program, '$ADDR' elsewhere."""
        if self.load_address <= addr < self.end_address:
            return self.symbols.describe(addr)
        return f"${addr:04X}"

    def peek(self, addr: int | str) -> int:
        return self.mem[self.address(addr)]

    def peek_word(self, addr: int | str) -> int:
        a = self.address(addr)
        return self.mem[a] | self.mem[(a + 1) & 0xFFFF] << 8

    def poke(self, addr: int | str, value: int | bytes | Iterable[int]) -> None:
        a = self.address(addr)
        values = [value] if isinstance(value, int) else list(value)
        if a + len(values) > 0x10000:
            raise HarnessError(f"poke of {len(values)} bytes at ${a:04X} runs past $FFFF")
        for v in values:
            if not 0 <= v <= 0xFF:
                raise HarnessError(f"poke value {v} at ${a:04X} is not a byte")
        self.mem[a : a + len(values)] = values

    def read_label(self, name: str | int, n: int = 1) -> bytes:
        a = self.address(name)
        return bytes(self.mem[a : a + n])

    def write_label(self, name: str | int, data: bytes | Iterable[int]) -> None:
        self.poke(name, data)
