"""Keys and joystick as a test gives them to the C64: typed text, held keys, port 2.

:class:`Inputs` holds the :class:`~tools.machine.harness.C64`'s input methods; the
keyboard matrix and the KERNAL's scan of it are tools/machine/keyboard.py's.
"""

from __future__ import annotations

import re

from .faults import HarnessError
from .keyboard import KEY_MATRIX, keys_for

JOY_BITS = {"up": 0x01, "down": 0x02, "left": 0x04, "right": 0x08, "fire": 0x10}

# PETSCII codes of named keys, for type_keys("{F1}") (PRG appendix C)
PETSCII_NAMES = {
    "RETURN": 13, "ENTER": 13, "SPACE": 32, "DEL": 20, "HOME": 19, "STOP": 3, "RUNSTOP": 3,
    "UP": 145, "DOWN": 17, "LEFT": 157, "RIGHT": 29,
    "F1": 133, "F3": 134, "F5": 135, "F7": 136, "F2": 137, "F4": 138, "F6": 139, "F8": 140,
}

_KEY_TOKEN = re.compile(r"\{([^}]*)\}|(.)", re.S)


def petscii_keys(text: str) -> list[int]:
    """PETSCII codes for typed text: letters (either case) as unshifted C64 letters,
    digits and punctuation as ASCII, '\\n' as RETURN, '{F1}'-style names from PETSCII_NAMES."""
    codes = []
    for m in _KEY_TOKEN.finditer(text):
        name, ch = m.group(1), m.group(2)
        if name is not None:
            if name.upper() not in PETSCII_NAMES:
                known = ", ".join(sorted(PETSCII_NAMES))
                raise HarnessError(f"unknown key {{{name}}}; known: {known}")
            codes.append(PETSCII_NAMES[name.upper()])
        elif ch in "\n\r":
            codes.append(13)
        elif "a" <= ch <= "z":
            codes.append(ord(ch) - 32)
        elif " " <= ch <= "]":
            codes.append(ord(ch))
        else:
            raise HarnessError(f"cannot type {ch!r} on a C64 keyboard (use {{NAME}} or a code)")
    return codes


class Inputs:
    """The C64's keyboard and joystick, as :class:`~tools.machine.harness.C64` offers them."""

    def type_keys(self, *keys: str | int) -> None:
        """Queue keys for GETIN: text (see petscii_keys) or PETSCII codes."""
        for k in keys:
            if isinstance(k, int):
                if not 0 < k <= 0xFF:
                    raise HarnessError(f"PETSCII code {k} is not 1-255")
                self.keys.append(k)
            else:
                self.keys.extend(petscii_keys(k))

    def set_joystick(self, *, up: bool = False, down: bool = False, left: bool = False,
                     right: bool = False, fire: bool = False) -> None:
        """Joystick in port 2 as read from $DC00 (bits active low)."""
        pressed = {"up": up, "down": down, "left": left, "right": right, "fire": fire}
        mask = 0
        for name, on in pressed.items():
            if on:
                mask |= JOY_BITS[name]
        self._joy2 = 0xFF & ~mask

    def press(self, *names: str) -> None:
        """Hold keys down in the keyboard matrix (read through $DC00/$DC01, and
        by the KERNAL's scan at each jiffy IRQ) until :meth:`release`."""
        for name in names:
            if name.upper() not in KEY_MATRIX:
                known = ", ".join(sorted(KEY_MATRIX))
                raise HarnessError(f"no key {name!r} on the C64 matrix; known: {known}")
            self.keyboard.down.add(name.upper())

    def release(self, *names: str) -> None:
        """Release keys (no names: all)."""
        if not names:
            self.keyboard.down.clear()
        for name in names:
            self.keyboard.down.discard(name.upper())

    def matrix_keys(self, key: str | int) -> tuple[str, ...]:
        """The matrix keys a person holds to type ``key``: a PETSCII code, one
        character ('a' or 'A' is the A key) or a name ('RETURN', 'F1', 'STOP')."""
        if isinstance(key, str) and key.upper() in KEY_MATRIX:
            return (key.upper(),)
        codes = [key] if isinstance(key, int) else petscii_keys(key)
        if len(codes) != 1:
            raise HarnessError(f"{key!r} is not one key")
        try:
            return keys_for(codes[0])
        except KeyError:
            raise HarnessError(f"no key on a C64 types PETSCII {codes[0]}") from None

    def hold(self, key: str | int, frames: int) -> None:
        """Press ``key`` (see :meth:`matrix_keys`) now, as a person does, and let it
        go ``frames`` PAL frames later; the program runs in between."""
        names = self.matrix_keys(key)
        self.press(*names)
        self.after_frames(frames, lambda: self.release(*names), input_event=True)

    def hold_joystick(self, direction: str, frames: int) -> None:
        """Push joystick 2 (up, down, left, right or fire) for ``frames`` frames."""
        if direction not in JOY_BITS:
            raise HarnessError(f"no joystick direction {direction!r}: {', '.join(JOY_BITS)}")
        self._joy2 &= ~JOY_BITS[direction] & 0xFF
        bit = JOY_BITS[direction]

        def let_go() -> None:
            self._joy2 |= bit
        self.after_frames(frames, let_go, input_event=True)

    @property
    def input_pending(self) -> bool:
        """A scheduled key or joystick change has not happened yet."""
        return self._input_events > 0
