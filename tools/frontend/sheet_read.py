"""Reading the game-over screen (c64/gameover.oph, c64/sheet.oph): the winner in big
letters (:func:`big_word`) and the score sheet (:func:`score_sheet`)."""

from __future__ import annotations

from dataclasses import dataclass

from ..machine.screen import COLS
from .screen_read import BG_FACE, SEAT_WORDS, FrontendError, Screen

BIG_ROW, BIG_ROWS = 2, 5          # the winner in big letters: rows 2-6
# The big letters as the C64 draws them (c64/gameover.oph big_font): a white cell for
# each '#', one blank column between letters.
BIG_FONT = {
    "W": ("#...#", "#...#", "#.#.#", "#.#.#", ".#.#."),
    "E": ("###", "#..", "##.", "#..", "###"),
    "T": ("###", ".#.", ".#.", ".#.", ".#."),
    "H": ("#.#", "#.#", "###", "#.#", "#.#"),
    "Y": ("#.#", "#.#", ".#.", ".#.", ".#."),
    "I": ("###", ".#.", ".#.", ".#.", "###"),
    "N": ("#..#", "##.#", "#.##", "#..#", "#..#"),
    "O": ("###", "#.#", "#.#", "#.#", "###"),
    "U": ("#.#", "#.#", "#.#", "#.#", "###"),
    "L": ("#..", "#..", "#..", "#..", "###"),
    "S": ("###", "#..", "###", "..#", "###"),
    " ": ("..", "..", "..", "..", ".."),
}


def big_picture(word: str) -> list[str]:
    """``word`` in big letters, centred in 40 columns: five rows of '#' (a white cell)
    and '.' (felt)."""
    rows = [".".join(BIG_FONT[ch][r] for ch in word) for r in range(BIG_ROWS)]
    left = (COLS - len(rows[0])) // 2
    return ["." * left + row + "." * (COLS - left - len(row)) for row in rows]


def big_word(screen: Screen) -> str | None:
    """The word rows 2-6 show in big letters: 'WE WIN' or 'THEY WIN' (each exactly as
    big_picture draws it: white cells on the felt, nothing else), or None."""
    shown = ["".join("#" if screen.bg(BIG_ROW + r, c) == BG_FACE and screen.char(
        BIG_ROW + r, c) == " " else "." if screen.bg(BIG_ROW + r, c) == 0 and screen.char(
        BIG_ROW + r, c) == " " else "?" for c in range(COLS)) for r in range(BIG_ROWS)]
    for word in BIG_WORDS:
        if shown == big_picture(word):
            return word
    return None


SHEET_HEAD_ROW, SHEET_ROW, SHEET_MAX = 7, 8, 16
SHEET_HEAD = "NO TRUMP MAKER         TRICKS     POINTS"
SHEET_TRUMP_COL = 4               # the trump's chip
RESULTS = ("", "EUCHRED", "MARCH")
POINTS_WORDS = ("WE", "THEY", "", "EACH")   # the POINTS column's word (c64/sheet.oph,
TEAM_MAKER, TEAM_EACH = 2, 3                # c64/threeseats.oph)
BIG_WORDS = ("WE WIN", "THEY WIN", "YOU WIN", "YOU LOSE")   # the last two: cutthroat


@dataclass(frozen=True)
class SheetRow:
    """One hand of the score sheet; trump None = all passed (then only its number)."""

    hand: int
    trump: int | None = None
    maker: int | None = None
    alone: bool = False
    tricks: int = 0                  # the makers'
    result: str = ""                 # EUCHRED (the other team scored) or MARCH (all five)
    team: int = 0                    # who scored: POINTS_WORDS' index (WE, THEY; cutthroat:
    points: int = 0                  # the maker, or EACH defender)


def _result(word: str) -> str:
    if word not in RESULTS:
        raise ValueError(word)
    return word


def score_sheet(screen: Screen) -> list[SheetRow]:
    """The hands the game-over screen's score sheet shows, top to bottom:
    " 4  [♥]  SOUTH  ALONE  2 EUCHRED  THEY 2" (c64/sheet.oph)."""
    if screen.row(SHEET_HEAD_ROW).strip() != SHEET_HEAD:
        raise FrontendError(f"no score sheet heads on row {SHEET_HEAD_ROW}:\n{screen.text()}")
    rows = []
    for r in range(SHEET_ROW, SHEET_ROW + SHEET_MAX):
        line = screen.row(r)
        if not line.strip():
            break
        try:
            hand = int(line[0:2])
            if line[4:].rstrip() == "ALL PASSED":
                rows.append(SheetRow(hand))
                continue
            trump = screen.chip_at(r, SHEET_TRUMP_COL)
            *team_word, points = line[34:].split()     # (a cutthroat maker's: no word)
            if trump is None or line[2:4] + line[7:9] + line[14:16] + line[21:23] != " " * 8:
                raise ValueError
            rows.append(SheetRow(hand, trump, SEAT_WORDS.index(line[9:14].strip()),
                                 {"ALONE": True, "": False}[line[16:21].strip()],
                                 int(line[23]), _result(line[25:34].strip()),
                                 POINTS_WORDS.index(" ".join(team_word)), int(points)))
        except ValueError:
            raise FrontendError(f"row {r} is not a hand of the score sheet: {line!r}") \
                from None
    return rows
