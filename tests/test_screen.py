"""Screen capture: the title screen of build/euchre.prg as text and as PNG."""

from __future__ import annotations

import pytest
from PIL import Image

from tools.machine.harness import C64
from tools.machine.screen import (
    BORDER_PX,
    PALETTE,
    ScreenError,
    render_image,
    render_text,
    save_png,
    vic_setup,
)
from tools.program.build import build
from tools.program.charset import code_of

# The title shows the four jacks as 3x3 card faces: rank at (6, col), suit at (7, col+1).
JACK_ROW, SUIT_ROW, JACK_COLS = 6, 7, (12, 16, 20, 24)
BLACK, WHITE, RED, GREEN = 0, 1, 2, 5
CHARSET = 0x2000      # c64/main.oph CHARSET_RAM: loaded there with the program (docs/memory.md)


@pytest.fixture
def title() -> C64:
    build()
    c64 = C64.from_build()
    c64.boot()
    return c64


def test_title_text_shows_name_source_jacks_and_menu(title):
    text = render_text(title.mem)
    lines = text.splitlines()
    assert len(lines) == 25 and all(len(line) == 40 for line in lines)
    assert "EUCHRE 64" in lines[2]
    assert "AFTER BIT #93, APRIL 1988" in lines[4]
    assert lines[SUIT_ROW].split() == ["♠", "♥", "♦", "♣"]
    assert lines[JACK_ROW].split() == ["J", "J", "J", "J"]
    assert "START" in text and "RULES" in text and "GAME NUMBER" in text


def test_key_press_changes_the_screen(title):
    title.type_keys("D")                  # demo mode on
    title.run_until_idle()
    assert "DEMO ON" in render_text(title.mem).splitlines()[17]


def test_suit_colours_red_and_black_on_white_faces(title):
    cells = [SUIT_ROW * 40 + col + 1 for col in JACK_COLS]
    assert [title.mem[0xD800 + c] & 15 for c in cells] == [BLACK, RED, RED, BLACK]
    vic = vic_setup(title.mem)
    assert [vic.glyph_and_background(title.mem[0x0400 + c])[1] for c in cells] == [WHITE] * 4


def test_vic_setup_follows_d018_dd00_and_ecm(title):
    vic = vic_setup(title.mem)
    assert (vic.bank, vic.screen, vic.charset) == (0, 0x0400, 0x2000)
    assert (vic.border, vic.background, vic.ecm) == (BLACK, GREEN, True)


def test_png_size_with_border_and_scale(title, tmp_path):
    path = save_png(title.mem, tmp_path / "title.png", scale=2)
    with Image.open(path) as img:
        assert img.size == ((320 + 2 * BORDER_PX) * 2, (200 + 2 * BORDER_PX) * 2)
        assert img.getpixel((0, 0)) == PALETTE[BLACK]  # the border
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
    col = JACK_COLS[0] + 1
    glyph = list(title.mem[CHARSET + spade * 8 : CHARSET + spade * 8 + 8])
    img = render_image(title.mem, border=False)
    assert _cell_bits(img, SUIT_ROW, col, PALETTE[BLACK]) == glyph
    # the background of the cell is the card face (ECM background 1), not the felt
    assert img.getpixel((col * 8, SUIT_ROW * 8)) in (PALETTE[WHITE], PALETTE[BLACK])
    # change the glyph in emulated RAM only: the picture follows RAM, not the source file
    title.poke(CHARSET + spade * 8, [0xFF] * 8)
    img = render_image(title.mem, border=False)
    assert _cell_bits(img, SUIT_ROW, col, PALETTE[BLACK]) == [0xFF] * 8


def test_ecm_background_comes_from_the_code_bits(title):
    title.poke(0x0400, [0x40 | 5, 0xC0 | 32])    # E on background 1, space on background 3
    title.poke(0xD800, [BLACK, BLACK])
    img = render_image(title.mem, border=False)
    assert img.getpixel((0, 0)) == PALETTE[title.mem[0xD022] & 15]   # E's top-left: bg 1
    assert img.getpixel((8, 0)) == PALETTE[title.mem[0xD024] & 15]   # space: all bg 3
    assert render_text(title.mem).startswith("E ")


def test_reverse_video_cells_without_ecm(title):
    title.poke(0xD011, title.mem[0xD011] & ~0x40 & 0xFF)   # standard text mode
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
