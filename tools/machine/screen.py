"""Capture the C64 text screen from emulated memory, as text or as a PNG.

The capture reads what the VIC-II reads: the bank from CIA2 $DD00 (bits 0-1,
inverted), screen RAM and the character set from $D018 within that bank, colours
from colour RAM $D800 and $D020/$D021. Standard text mode only (no multicolour,
extended colour or bitmap mode).

The VIC-II sees the character ROM, not RAM, at $1000-$1FFF and $9000-$9FFF of its
bank (banks 0 and 2). A program whose charset lies there shows ROM glyphs on a
real C64, which we do not have (and must not copy): ``ScreenError``.

Works on any 64 KiB sequence: ``C64.mem`` or a RAM dump (colour RAM then comes
from ``color_ram=``, since a RAM dump does not hold it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..program.charset import screen_to_unicode_table

COLS, ROWS = 40, 25
CELLS = COLS * ROWS
BORDER_PX = 32  # border drawn around the 320x200 picture (before scaling)

# The "Pepto" PAL palette (VICE's default family), colours 0-15.
PALETTE = (
    (0x00, 0x00, 0x00), (0xFF, 0xFF, 0xFF), (0x68, 0x37, 0x2B), (0x70, 0xA4, 0xB2),
    (0x6F, 0x3D, 0x86), (0x58, 0x8D, 0x43), (0x35, 0x28, 0x79), (0xB8, 0xC7, 0x6F),
    (0x6F, 0x4F, 0x25), (0x43, 0x39, 0x00), (0x9A, 0x67, 0x59), (0x44, 0x44, 0x44),
    (0x6C, 0x6C, 0x6C), (0x9A, 0xD2, 0x84), (0x6C, 0x5E, 0xB5), (0x95, 0x95, 0x95),
)
COLOR_NAMES = ("black", "white", "red", "cyan", "purple", "green", "blue", "yellow", "orange",
               "brown", "light red", "dark grey", "grey", "light green", "light blue",
               "light grey")


class ScreenError(ValueError):
    """The screen cannot be rendered faithfully (e.g. charset in the ROM shadow)."""


@dataclass(frozen=True)
class VicSetup:
    bank: int  # 0-3
    screen: int  # CPU address of screen RAM
    charset: int  # CPU address of the character set
    border: int
    background: int
    ecm: bool = False                 # extended background colour mode ($D011 bit 6)
    backgrounds: tuple[int, int, int, int] = (0, 0, 0, 0)   # $D021-$D024

    def glyph_and_background(self, code: int) -> tuple[int, int]:
        """(glyph number, background colour) of a screen code, as the VIC shows it.

        In ECM the glyph is code AND 63 and bits 6-7 choose $D021-$D024.
        """
        if self.ecm:
            return code & 0x3F, self.backgrounds[code >> 6]
        return code, self.background

    @property
    def charset_in_rom_shadow(self) -> bool:
        return self.bank in (0, 2) and 0x1000 <= (self.charset & 0x3FFF) < 0x2000


def vic_setup(mem: Sequence[int]) -> VicSetup:
    bank = 3 - (mem[0xDD00] & 0x03)
    base = bank * 0x4000
    d018 = mem[0xD018]
    return VicSetup(
        bank=bank,
        screen=base + (d018 >> 4) * 0x400,
        charset=base + ((d018 >> 1) & 0x07) * 0x800,
        border=mem[0xD020] & 0x0F,
        background=mem[0xD021] & 0x0F,
        ecm=bool(mem[0xD011] & 0x40),
        backgrounds=tuple(mem[0xD021 + i] & 0x0F for i in range(4)),
    )


def screen_codes(mem: Sequence[int]) -> list[int]:
    """The 1000 screen codes the VIC shows."""
    start = vic_setup(mem).screen
    return list(mem[start : start + CELLS])


def color_codes(mem: Sequence[int], color_ram: Sequence[int] | None = None) -> list[int]:
    """The 1000 colour nibbles (from ``color_ram`` if given, else $D800 in ``mem``)."""
    source = list(color_ram[:CELLS]) if color_ram is not None else list(mem[0xD800:0xD800 + CELLS])
    return [c & 0x0F for c in source]


def render_text(mem: Sequence[int], reverse: str = "") -> str:
    """The screen as 25 lines of 40 characters (screen codes via tools.program.charset).

    Reverse-video cells (codes 128-255) show their normal character, except a
    reverse space which shows as █; with ``reverse`` set to e.g. '_' every reverse
    cell shows that character instead.
    """
    table = screen_to_unicode_table()
    lines = []
    vic = vic_setup(mem)
    codes = screen_codes(mem)
    for row in range(ROWS):
        chars = []
        for code in codes[row * COLS : row * COLS + COLS]:
            if vic.ecm:
                chars.append(table[code & 0x3F])   # ECM: no reverse video, 64 glyphs
            elif code >= 0x80 and reverse:
                chars.append(reverse)
            elif code == 0xA0:
                chars.append("█")
            else:
                chars.append(table[code])
        lines.append("".join(chars))
    return "\n".join(lines)


def render_image(mem: Sequence[int], *, scale: int = 1, border: bool = True,
                 color_ram: Sequence[int] | None = None):
    """A pillow Image of the screen: 320x200 (+ BORDER_PX each side), times ``scale``."""
    from PIL import Image

    if scale < 1:
        raise ScreenError(f"scale must be 1 or more, got {scale}")
    vic = vic_setup(mem)
    if vic.charset_in_rom_shadow:
        raise ScreenError(
            f"charset at ${vic.charset:04X} (bank {vic.bank}) is where the VIC-II sees the "
            f"character ROM, not RAM: cannot render what a real C64 would show")
    charset = list(mem[vic.charset : vic.charset + 2048])
    codes = screen_codes(mem)
    colors = color_codes(mem, color_ram)
    pad = BORDER_PX if border else 0
    img = Image.new("RGB", (320 + 2 * pad, 200 + 2 * pad), PALETTE[vic.border])
    pixels = img.load()
    for cell in range(CELLS):
        fg = PALETTE[colors[cell]]
        glyph, bg_index = vic.glyph_and_background(codes[cell])
        bg = PALETTE[bg_index]
        x0 = pad + (cell % COLS) * 8
        y0 = pad + (cell // COLS) * 8
        base = glyph * 8
        for dy in range(8):
            bits = charset[base + dy]
            for dx in range(8):
                pixels[x0 + dx, y0 + dy] = fg if bits & (0x80 >> dx) else bg
    if scale > 1:
        img = img.resize((img.width * scale, img.height * scale), Image.NEAREST)
    return img


def save_png(mem: Sequence[int], path: Path | str, *, scale: int = 2, border: bool = True,
             color_ram: Sequence[int] | None = None) -> Path:
    path = Path(path)
    render_image(mem, scale=scale, border=border, color_ram=color_ram).save(path)
    return path
