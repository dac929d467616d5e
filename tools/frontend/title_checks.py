"""The title judged: its screen, the machine's set-up, the rules pages, menu and game number.

Its lines and their colours, the four jacks, the VIC-II, SID and CIA2 set-up, the
character set in RAM against c64/charset.txt; the rules pages, the menu's wrap and a
game number over 65535 refused.
"""

from __future__ import annotations

from ..machine.screen import ROWS
from ..program.charset import charset_bytes, load_glyphs
from .driver import DELETE, RETURN, STOP, Frontend, prompt, title_number_line
from .screen_read import BG_FACE
from .screen_regions import BLACK, WHITE, Model
from .timing import SID_SETUP
from .verdict import Verdict

CHARSET_RAM, CHARSET_SIZE = 0x2000, 2048          # c64/main.oph
VIC_SETUP = {                                     # c64/video.oph, c64/main.oph
    0xD018: 0x18,              # screen at $0400, charset at $2000
    0xD020: 0x00,              # border black
    0xD021: 0x05,              # felt green
    0xD022: 0x01,              # card face white
    0xD023: 0x06,              # card back blue
    0xD024: 0x07,              # cursor yellow
}
ECM_BIT = 0x40

# The title (c64/title.oph): each line's text at column 0 and its colour (headings and
# menu white; options and help black, docs/frontend.md "colours on the felt").
TITLE_LINES = {
    2: ("               EUCHRE 64", WHITE),
    4: ("       AFTER BIT #93, APRIL 1988", WHITE),
    9: ("        RULES BIT93", WHITE),             # power-on: Bit #93's game
    11: ("       >1  START (RETURN / FIRE)", WHITE),
    12: ("        2  RULES", WHITE),
    13: ("        3  SPEED NORMAL", WHITE),
    14: ("        4  GAME NUMBER RANDOM", WHITE),
    16: ("        S  SOUND ON", WHITE),
    17: ("        D  DEMO OFF", WHITE),
    18: ("        O  OPTIONS: THE RULES TO PLAY", WHITE),
    19: (" CARDS: CRSR LEFT/RIGHT OR 1-6, RETURN", BLACK),
    20: (" OR JOYSTICK IN PORT 2 AND FIRE", BLACK),
    21: (" BIDS: THE KEYS SHOWN. RUN/STOP: QUIT", BLACK),
    22: (" L OR JOYSTICK UP: SEE THE LAST TRICK", BLACK),
    23: (" MENU BY JOYSTICK: UP/DOWN, FIRE", BLACK),
}
# CIA2 port A as the KERNAL leaves it after LOAD (the harness powers on with it):
# c64/video.oph sets the VIC bank in bits 0-1 and must keep the others (bit 3 asserts
# ATN on the serial bus, where the 1541 the game came from is listening).
CIA2_PRA, CIA2_PRA_KERNAL, CIA2_PRA_SERIAL = 0xDD00, 0x97, 0x3C
TITLE_JACKS_ROW, TITLE_JACKS_COL = 6, 12          # J♠ J♥ J♦ J♣, 4 columns apart
RULES_PAGES = 3
JACKS = (2, 8, 14, 20)                            # pyengine card codes of JS JH JD JC


def title_problems(fe: Frontend) -> str | None:
    screen = fe.screen()
    m = Model()
    for row, (text, colour) in TITLE_LINES.items():
        m.text(row, 0, text, colour, f"title row {row}")
    for i, card in enumerate(JACKS):
        m.card(TITLE_JACKS_ROW, TITLE_JACKS_COL + 4 * i, card, "title jacks", BG_FACE)
    problems = m.problems(screen)
    mem = fe.c64.mem
    for addr, want in VIC_SETUP.items():
        if mem[addr] & 0x0F != want & 0x0F or (addr == 0xD018 and mem[addr] != want):
            problems.append(f"VIC-II ${addr:04X} = ${mem[addr]:02X}, want ${want:02X}")
    for reg, want in SID_SETUP.items():
        last = [w.value for w in fe.c64.sid_writes if w.reg == reg][-1:]
        if last != [want]:
            problems.append(f"SID register ${0xD400 + reg:04X} = {last}, want ${want:02X}")
    if (mem[CIA2_PRA] ^ CIA2_PRA_KERNAL) & CIA2_PRA_SERIAL:
        problems.append(f"CIA2 $DD00 = ${mem[CIA2_PRA]:02X}: bits 2-5 (RS-232 TXD, the serial "
                        f"bus's ATN, CLOCK and DATA out) must stay as the KERNAL left them "
                        f"(${CIA2_PRA_KERNAL:02X}); only the VIC bank bits are the program's")
    if not mem[0xD011] & ECM_BIT:
        problems.append(f"VIC-II $D011 = ${mem[0xD011]:02X}: extended colour mode off")
    want_set = charset_bytes(load_glyphs())[:CHARSET_SIZE]
    got_set = bytes(mem[CHARSET_RAM:CHARSET_RAM + CHARSET_SIZE])
    if got_set != want_set:
        at = next(i for i in range(CHARSET_SIZE) if got_set[i] != want_set[i])
        problems.append(f"charset in RAM differs from c64/charset.txt at screen code "
                        f"{at // 8} row {at % 8}")
    return "title: " + "; ".join(problems) if problems else None


TOO_BIG = "TOO BIG: GAME NUMBERS GO UP TO 65535"


def too_big(fe: Frontend) -> None:
    """4, 99999, RETURN on the title: refused with a line saying why, still asking; the
    next digit clears the line; DEL and RETURN leave the entry (the number typed next)."""
    for key in ("4", *"99999", RETURN):
        screen = fe.key(key)
    if screen.row(15).strip() != TOO_BIG or title_number_line(screen) != "GAME NUMBER? -":
        raise Verdict(f"game number 99999 not refused with {TOO_BIG!r}:\n{screen.text()}")
    screen = fe.key("1")
    if screen.row(15).strip():
        raise Verdict(f"the refusal stays after the next digit:\n{screen.text()}")
    fe.key(DELETE)
    screen = fe.key(DELETE)               # DEL on the empty entry changes nothing
    if title_number_line(screen) != "GAME NUMBER? -":
        raise Verdict(f"DEL on the empty game number entry:\n{screen.text()}")
    fe.key(RETURN)


def rules_pages(fe: Frontend) -> None:
    """Key 2 on the title: three pages, each key the next, then the title again."""
    fe.key("2")
    for page in range(RULES_PAGES):
        screen = fe.screen()
        if prompt(screen).kind != "rules" or \
                not screen.row(1).rstrip().endswith(f"({page + 1}/{RULES_PAGES})"):
            raise Verdict(f"rules page {page + 1} is not shown:\n{screen.text()}")
        fe.key(" ")
    if prompt(fe.screen()).kind != "title":
        raise Verdict(f"after the rules pages, not the title:\n{fe.screen().text()}")
    fe.key("2")
    screen = fe.key(STOP)                 # RUN/STOP on a page: back to the title at once
    if prompt(screen).kind != "title":
        raise Verdict(f"RUN/STOP on rules page 1 did not go back to the title:\n"
                      f"{screen.text()}")


MENU_ITEMS = 7              # START, RULES, SPEED, GAME NUMBER, SOUND, DEMO, OPTIONS (11-18)


def menu_wraps(fe: Frontend) -> None:
    """Joystick down through the whole menu brings the '>' back to START (row 11)."""
    for _ in range(MENU_ITEMS):
        screen = fe.joystick("down")
    if screen.row(11)[7] != ">" or sum(screen.row(r).count(">") for r in range(ROWS)) != 1:
        raise Verdict(f"joystick down {MENU_ITEMS} times did not bring the menu back to "
                      f"START:\n{screen.text()}")
