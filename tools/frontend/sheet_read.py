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


# Bid Euchre's sheet (c64/sheet_bid6.oph): the bid, the contract (a chip, or NT HIGH /
# NT LOW), the maker, the makers' tricks and MADE or SET, then each side's points
# right-aligned: " 4  4  [♥]     SOUTH  3 SET     -4    3"
SHEET_HEAD_BID6 = "NO BID TRUMP   MAKER TRICKS     WE THEY"
BID6_COLS = {"bid": 4, "trump": 7, "maker": 15, "tricks": 22, "result": 24,
             "we_end": 33, "they_end": 38}
NT_WORDS = ("NT HIGH", "NT LOW")         # contracts 4 and 5 (pyengine "high", "low")
NT_HIGH = 4


@dataclass(frozen=True)
class Bid6SheetRow:
    """One hand of Bid Euchre's score sheet; ``contract`` 0-3 a trump suit (SUITS'
    order), 4 no-trump high, 5 no-trump low; ``points`` (WE, THEY)."""

    hand: int
    bid: int
    contract: int
    maker: int
    tricks: int
    made: bool
    points: tuple[int, int]


def _points_at(line: str, end: int) -> int:
    """A signed number whose last digit is in column ``end`` (blank before it)."""
    cell = line[end - 2:end + 1]
    if cell[0] != " " or not cell.strip() or cell[-1] == " ":
        raise ValueError(cell)
    return int(cell)


def bid6_sheet(screen: Screen) -> list[Bid6SheetRow]:
    """The hands Bid Euchre's game-over sheet shows, top to bottom (c64/sheet_bid6.oph)."""
    if screen.row(SHEET_HEAD_ROW).strip() != SHEET_HEAD_BID6:
        raise FrontendError(f"no Bid Euchre score sheet heads on row {SHEET_HEAD_ROW}:\n"
                            f"{screen.text()}")
    c = BID6_COLS
    rows = []
    for r in range(SHEET_ROW, SHEET_ROW + SHEET_MAX):
        line = screen.row(r)
        if not line.strip():
            break
        try:
            hand = int(line[0:2])
            words = line[c["trump"]:c["maker"]].rstrip()
            chip = screen.chip_at(r, c["trump"])
            if chip is not None and not line[c["trump"] + 3:c["maker"]].strip():
                contract = chip
            else:
                contract = NT_HIGH + NT_WORDS.index(words)
            result = line[c["result"]:c["we_end"] - 2].strip()
            gaps = line[2:c["bid"]] + line[c["bid"] + 1:c["trump"]] \
                + line[c["tricks"] - 2:c["tricks"]] + line[c["tricks"] + 1]
            if gaps.strip() or result not in ("MADE", "SET") \
                    or line[c["they_end"] + 1:].strip():
                raise ValueError(line)
            rows.append(Bid6SheetRow(hand, int(line[c["bid"]]), contract,
                                     SEAT_WORDS.index(line[c["maker"]:c["tricks"] - 1].strip()),
                                     int(line[c["tricks"]]), result == "MADE",
                                     (_points_at(line, c["we_end"]),
                                      _points_at(line, c["they_end"]))))
        except ValueError:
            raise FrontendError(f"row {r} is not a hand of Bid Euchre's score sheet: "
                                f"{line!r}") from None
    return rows
