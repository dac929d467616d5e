"""Screen capture: the title screen of build/euchre.prg as text and as PNG."""

from __future__ import annotations

import pytest
from PIL import Image

from tools.build import build
from tools.charset import code_of
from tools.harness import C64
from tools.screen import (
    BORDER_PX,
    PALETTE,
    ScreenError,
    render_image,
    render_text,
    save_png,
    vic_setup,
)

SPADE_ROW, SPADE_COL = 10, 16


@pytest.fixture
def title() -> C64:
    build()
    c64 = C64.from_build()
    c64.boot()
    return c64


def test_title_text_shows_name_source_suits_and_prompt(title):
    text = render_text(title.mem)
    lines = text.splitlines()
    assert len(lines) == 25 and all(len(line) == 40 for line in lines)
    assert "EUCHRE 64" in lines[3]
    assert "AFTER BIT #93, APRIL 1988" in lines[5]
    assert lines[SPADE_ROW].strip() == "♠ ♥ ♦ ♣"
    assert "PRESS ANY KEY" in text


def test_key_press_is_shown_on_screen(title):
    title.type_keys("J")
    title.run_until_idle()
    assert render_text(title.mem).splitlines()[22].strip() == "KEY: J"


def test_suit_colours_red_and_black(title):
    row = 0xD800 + SPADE_ROW * 40 + SPADE_COL
    assert [title.mem[row + 2 * i] & 15 for i in range(4)] == [0, 2, 2, 0]


def test_vic_setup_follows_d018_and_dd00(title):
    vic = vic_setup(title.mem)
    assert (vic.bank, vic.screen, vic.charset) == (0, 0x0400, 0x3800)
    assert (vic.border, vic.background) == (5, 1)


def test_png_size_with_border_and_scale(title, tmp_path):
    path = save_png(title.mem, tmp_path / "title.png", scale=2)
    with Image.open(path) as img:
        assert img.size == ((320 + 2 * BORDER_PX) * 2, (200 + 2 * BORDER_PX) * 2)
        assert img.getpixel((0, 0)) == PALETTE[5]  # green border
    assert render_image(title.mem, border=False).size == (320, 200)


def _cell_bits(img: Image.Image, row: int, col: int, fg: tuple) -> list[int]:
    bits = []
    for dy in range(8):
        byte = 0
        for dx in range(8):
            if img.getpixel((col * 8 + dx, row * 8 + dy)) == fg:
                byte |= 0x80 >> dx
        bits.append(byte)
    return bits


def test_png_draws_the_charset_in_emulated_ram(title):
    spade = code_of("spade")
    glyph = title.mem[0x3800 + spade * 8 : 0x3800 + spade * 8 + 8]
    img = render_image(title.mem, border=False)
    assert _cell_bits(img, SPADE_ROW, SPADE_COL, PALETTE[0]) == glyph
    # change the glyph in emulated RAM only: the picture follows RAM, not the source file
    title.poke(0x3800 + spade * 8, [0xFF] * 8)
    img = render_image(title.mem, border=False)
    assert _cell_bits(img, SPADE_ROW, SPADE_COL, PALETTE[0]) == [0xFF] * 8


def test_reverse_video_cells(title):
    title.poke(0x0400, [0x80 | 5, 0xA0])  # reverse E, reverse space
    assert render_text(title.mem).startswith("E█")
    assert render_text(title.mem, reverse="_").startswith("__")
    img = render_image(title.mem, border=False)
    assert img.getpixel((8, 0)) == PALETTE[title.mem[0xD801] & 15]  # reverse space: all fg


@pytest.mark.parametrize("d018, dd00", [(0x15, 0x97), (0x17, 0x97), (0x15, 0x95)])
def test_charset_in_character_rom_shadow_is_refused(title, d018, dd00):
    # $1000/$1800 in bank 0 and $9000 in bank 2: the VIC-II sees the character ROM there
    title.poke(0xD018, d018)
    title.poke(0xDD00, dd00)
    with pytest.raises(ScreenError, match="character ROM"):
        render_image(title.mem)


def test_charset_elsewhere_in_bank_1_is_rendered(title):
    title.poke(0xDD00, 0x96)  # bank 1: $4000-$7FFF, no ROM shadow
    title.poke(0xD018, 0x14)  # screen $4400, charset $5000
    assert vic_setup(title.mem).charset == 0x5000
    assert render_image(title.mem, border=False).size == (320, 200)
