"""The C64 keyboard as a person meets it: the CIA matrix, the KERNAL's scan, its buffer.

On a real C64 a key press does not arrive as a character. The key closes a
contact in the 8x8 matrix read through CIA 1 ($DC00 selects columns, $DC01
reads rows) for as long as the finger is down, 80-200 ms for a person. Sixty
times a second the KERNAL's IRQ runs SCNKEY ($EA87), which decodes the one key
it finds down and, on the scan where that key first appears, appends its
PETSCII code to the keyboard buffer ($0277, count in $C6, at most XMAX = 10
keys). A key held past DELAY (16 scans) repeats every 4 scans, but only cursor
keys, INST/DEL and SPACE (RPTFLG $028A = 0, the default), and only into an
empty buffer. UDTIM ($FFEA, same IRQ, before SCNKEY) copies the row bits read
through whatever $DC00 selects (column 7 as SCNKEY left it) into STKEY ($91),
which is how STOP ($FFE1) sees RUN/STOP.

:class:`KernalKeyboard` does exactly that in Python, on the emulated RAM, once
per jiffy IRQ (the harness calls :meth:`KernalKeyboard.scan`); GETIN then
takes keys out of that RAM buffer. So a program under the harness sees what it
would see on a C64: the key still down in the matrix after GETIN returned it,
repeats, a full buffer, a key that is down for less than a scan and is never
seen at all. Sources: the C64 KERNAL ROM listing (SCNKEY $EA87-$EB41, its
decode tables $EB81-$EC43, UDTIM $F69B) and the Programmer's Reference Guide,
appendix C (PETSCII) and the keyboard matrix.

The C= and CTRL tables are modelled only as far as a program can tell them
apart from other keys: CTRL + letter gives the control code, CTRL + digit the
colour codes, C= + any key a graphics code ($A1-$BF) that no game key uses.
"""

from __future__ import annotations

from dataclasses import dataclass, field

# ---- the matrix (column = bit of $DC00 driven low, row = bit of $DC01 read) -------
MATRIX_COLUMNS = (
    ("DEL", "RETURN", "RIGHT", "F7", "F1", "F3", "F5", "DOWN"),
    ("3", "W", "A", "4", "Z", "S", "E", "LSHIFT"),
    ("5", "R", "D", "6", "C", "F", "T", "X"),
    ("7", "Y", "G", "8", "B", "H", "U", "V"),
    ("9", "I", "J", "0", "M", "K", "O", "N"),
    ("+", "P", "L", "-", ".", ":", "@", ","),
    ("POUND", "*", ";", "HOME", "RSHIFT", "=", "UPARROW", "/"),
    ("1", "LEFTARROW", "CTRL", "2", "SPACE", "C=", "Q", "STOP"),
)
KEY_MATRIX: dict[str, tuple[int, int]] = {
    k: (col, row) for col, keys in enumerate(MATRIX_COLUMNS) for row, k in enumerate(keys)}
SHIFT_KEYS = frozenset({"LSHIFT", "RSHIFT"})
MODIFIERS = SHIFT_KEYS | {"CTRL", "C="}

# ---- KERNAL RAM the scan uses ---------------------------------------------------------
KEYD = 0x0277       # keyboard buffer, 10 bytes
NDX = 0x00C6        # keys in the buffer
XMAX = 0x0289       # buffer size (10)
RPTFLG = 0x028A     # $80 every key repeats, $40 none, 0 cursor keys/DEL/SPACE only
KOUNT = 0x028B      # scans between repeats
DELAY = 0x028C      # scans before the first repeat
SHFLAG = 0x028D     # shift keys down now: 1 SHIFT, 2 C=, 4 CTRL
LSTSHF = 0x028E     # SHFLAG of the last key
SFDX = 0x00CB       # matrix index of the key down now (64 = none)
LSTX = 0x00C5       # matrix index of the key at the last scan
STKEY = 0x0091      # row bits of column 7 at the last jiffy ($7F = RUN/STOP alone)
NO_KEY = 64
FIRST_DELAY, REPEAT_EVERY = 16, 4
REPEATING = frozenset({0x14, 0x20, 0x1D, 0x11})  # DEL, SPACE, CRSR RIGHT, CRSR DOWN (& $7F)


def _table(codes: str) -> tuple[int, ...]:
    return tuple(int(c, 16) for c in codes.split())


# Decode tables, by matrix index (column * 8 + row); $FF = no character.
UNSHIFTED = _table(
    "14 0D 1D 88 85 86 87 11  33 57 41 34 5A 53 45 FF  35 52 44 36 43 46 54 58 "
    "37 59 47 38 42 48 55 56  39 49 4A 30 4D 4B 4F 4E  2B 50 4C 2D 2E 3A 40 2C "
    "5C 2A 3B 13 FF 3D 5E 2F  31 5F FF 32 20 FF 51 03")
SHIFTED = _table(
    "94 8D 9D 8C 89 8A 8B 91  23 D7 C1 24 DA D3 C5 FF  25 D2 C4 26 C3 C6 D4 D8 "
    "27 D9 C7 28 C2 C8 D5 D6  29 C9 CA 30 CD CB CF CE  DB D0 CC DD 3E 5B BA 3C "
    "A9 C0 5D 93 FF 3D DE 3F  21 5F FF 22 A0 FF D1 83")
_CTRL_DIGITS = {"1": 0x90, "2": 0x05, "3": 0x1C, "4": 0x9F, "5": 0x9C, "6": 0x1E,
                "7": 0x1F, "8": 0x9E, "9": 0x12, "0": 0x92}


def _ctrl_code(name: str) -> int:
    if len(name) == 1 and "A" <= name <= "Z":
        return ord(name) - 0x40
    return _CTRL_DIGITS.get(name, 0xFF)


def _commodore_code(index: int) -> int:
    code = UNSHIFTED[index]
    return 0xFF if code == 0xFF else 0xA1 + index % 31


def decode(index: int, shflag: int) -> int:
    """The PETSCII code SCNKEY puts in the buffer for matrix key ``index``."""
    if index >= NO_KEY:
        return 0xFF
    name = MATRIX_COLUMNS[index >> 3][index & 7]
    if shflag & 4:
        return _ctrl_code(name)
    if shflag & 2:
        return _commodore_code(index)
    if shflag & 1:
        return SHIFTED[index]
    return UNSHIFTED[index]


def _typing_table() -> dict[int, tuple[str, ...]]:
    """What a person holds to type each PETSCII code: the plain key if one gives
    it, else SHIFT + key, else CTRL + key."""
    typed: dict[int, tuple[str, ...]] = {}
    for modifier in ("CTRL", "LSHIFT", ""):              # later entries win
        for index in range(NO_KEY):
            name = MATRIX_COLUMNS[index >> 3][index & 7]
            if name in MODIFIERS:
                continue
            code = {"CTRL": _ctrl_code(name), "LSHIFT": SHIFTED[index],
                    "": UNSHIFTED[index]}[modifier]
            if code != 0xFF:
                typed[code] = (modifier, name) if modifier else (name,)
    return typed


_TYPED = _typing_table()


def keys_for(petscii: int) -> tuple[str, ...]:
    """The matrix keys held together to type ``petscii`` ('A' -> ('A',), '!' ->
    ('LSHIFT', '1'), 1 -> ('CTRL', 'A')); a KeyError for a code no key gives."""
    return _TYPED[petscii]


@dataclass
class KernalKeyboard:
    """The matrix state and the KERNAL's scan of it, over the emulated RAM."""

    mem: list[int]
    down: set[str] = field(default_factory=set)
    scans: int = 0

    def reset(self) -> None:
        """The KERNAL's power-on values (CINT/IOINIT): empty buffer, XMAX 10, repeat
        of cursor keys, DELAY 16, KOUNT 4, no key down."""
        m = self.mem
        m[NDX] = 0
        m[XMAX] = 10
        m[RPTFLG] = 0
        m[KOUNT] = REPEAT_EVERY
        m[DELAY] = FIRST_DELAY
        m[SFDX] = m[LSTX] = NO_KEY
        m[SHFLAG] = m[LSTSHF] = 0
        m[STKEY] = 0xFF

    def rows_read(self, column_select: int) -> int:
        """$DC01 as read with ``column_select`` driven on $DC00 (0 bits select)."""
        rows = 0xFF
        for name in self.down:
            col, row = KEY_MATRIX[name]
            if not column_select & (1 << col):
                rows &= ~(1 << row)
        return rows & 0xFF

    def scan(self, column_select: int) -> None:
        """One jiffy IRQ's keyboard work: UDTIM's STKEY, then SCNKEY.

        ``column_select`` is what $DC00 drives when the IRQ comes: UDTIM reads
        $DC01 through it as it is (SCNKEY leaves $7F there, column 7, where
        RUN/STOP is; a program that leaves another value blinds STKEY)."""
        m = self.mem
        self.scans += 1
        m[STKEY] = self.rows_read(column_select)
        shflag = 0
        index = NO_KEY
        for name in self.down:
            if name in SHIFT_KEYS:
                shflag |= 1
            elif name == "C=":
                shflag |= 2
            elif name == "CTRL":
                shflag |= 4
            else:
                col, row = KEY_MATRIX[name]
                index = max(index if index != NO_KEY else -1, col * 8 + row)
        m[SHFLAG] = shflag
        m[SFDX] = index
        code = decode(index, shflag)
        if index == m[LSTX]:
            if not self._repeat_due(code):
                return
        else:
            m[DELAY] = FIRST_DELAY
        m[LSTX] = index
        m[LSTSHF] = shflag
        if code == 0xFF:
            return
        n = m[NDX]
        if n >= m[XMAX]:
            return                                  # buffer full: the key is lost
        m[KEYD + n] = code
        m[NDX] = n + 1

    def _repeat_due(self, code: int) -> bool:
        """The same key as last scan: is this the scan a repeat goes in?"""
        m = self.mem
        flag = m[RPTFLG]
        if not flag & 0x80 and (flag & 0x40 or code == 0xFF
                                or (code & 0x7F) not in REPEATING):
            return False
        if m[DELAY]:
            m[DELAY] -= 1
            if m[DELAY]:
                return False
        m[KOUNT] = (m[KOUNT] - 1) & 0xFF
        if m[KOUNT]:
            return False
        m[KOUNT] = REPEAT_EVERY
        return m[NDX] == 0                          # repeats only into an empty buffer

    def getin(self) -> int:
        """GETIN's keyboard part (LP2 $E5B4): the first key of the buffer, or 0."""
        m = self.mem
        n = m[NDX]
        if n == 0:
            return 0
        code = m[KEYD]
        for i in range(n - 1):
            m[KEYD + i] = m[KEYD + i + 1]
        m[NDX] = n - 1
        return code


# ---- a person drumming keys to hurry the computer (issue 30) ------------------------------
# Measured from the report: the presses start 13-28 frames apart and are held 5-12 frames,
# so a drummer is never quiet (no key down) for more than 23 frames; the program's
# prompts wait for 25 on PAL (c64/videostd.oph fe_prompt_quiet). Frame of each press
# (from South's RETURN at a play prompt of game 0 at NORMAL), key (harness matrix name),
# frames held.
DRUMMING = ((0, "RETURN", 6), (11, "3", 8), (39, "RETURN", 7), (52, "P", 5), (70, "3", 9),
            (86, "P", 5), (110, "RETURN", 6), (128, "RETURN", 10), (145, "1", 12))
DRUM_KEYS = ("3", "P", "RETURN", "1", "SPACE", "2", "O")
DRUM_GAP = (13, 28)
DRUM_HOLD = (5, 12)


def more_drumming(rng, start: int, frames: int) -> list[tuple[int, str, int]]:
    """A drummer who goes on for ``frames`` after frame ``start``: (frame, key, hold)."""
    at, out = start, []
    while at < start + frames:
        at += rng.randint(*DRUM_GAP)
        out.append((at, rng.choice(DRUM_KEYS), rng.randint(*DRUM_HOLD)))
    return out
