"""The game-over screen, cell for cell, predicted from the game's events (issue 30).

c64/gameover.oph and c64/sheet.oph draw it; this module says what it must show from
the transcript alone (never from the 6502's output), in the regions of
:class:`tools.screen_regions.Model`:

============  ===============================================================
region        what
============  ===============================================================
score         row 0: GAME n, EUCHRE 64, WE a THEY b (cutthroat: S a W b N c)
winner        rows 2-6: WE WIN or THEY WIN (YOU WIN, YOU LOSE) in big letters
sheet head    row 7: the column heads, black
sheet         rows 8-23: the last 16 hands, one a row, white; the trump on a chip
keys          row 24: the keys (``keys``: the prompt's or the demo's)
felt          every other cell (rows 1 and the unused sheet rows): blank felt
============  ===============================================================
"""

from __future__ import annotations

from pyengine.core.cards import SUITS

from ..machine.screen import COLS
from .screen_read import (
    BG_FACE,
    ROW_KEYS,
    ROW_STATUS,
    SEAT_WORDS,
    Screen,
)
from .screen_regions import HINT, TEXT, Cell, Model, score_words
from .sheet_read import (
    BIG_ROW,
    POINTS_WORDS,
    SHEET_HEAD,
    SHEET_HEAD_ROW,
    SHEET_MAX,
    SHEET_ROW,
    SHEET_TRUMP_COL,
    TEAM_EACH,
    TEAM_MAKER,
    SheetRow,
    big_picture,
)

SHEET_COLS = {"maker": 9, "alone": 16, "tricks": 23, "result": 25, "points": 34}


def sheet_rows(events: list[dict]) -> list[SheetRow]:
    """One row per hand dealt, in order: the makers are EUCHRED when the other team
    scores, and MARCH when they take all five."""
    rows: list[SheetRow] = []
    made = None
    for e in events:
        if e["ev"] == "deal":
            made = None
        elif e["ev"] == "bid" and e["call"] != "pass":
            made = e
        elif e["ev"] == "passed_out":
            rows.append(SheetRow(len(rows) + 1))
        elif e["ev"] == "score" and len(e["points"]) == 3:     # cutthroat: by seat
            assert made is not None
            tricks = e["tricks"][e["makers"]]
            euchred = tricks < 3
            result = "EUCHRED" if euchred else "MARCH" if tricks == 5 else ""
            points = max(e["points"])
            rows.append(SheetRow(len(rows) + 1, SUITS.index(made["suit"]), made["seat"],
                                 made["alone"], tricks, result,
                                 TEAM_EACH if euchred else TEAM_MAKER, points))
        elif e["ev"] == "score":
            assert made is not None
            team = 0 if e["points"][0] else 1
            tricks = e["tricks"][e["makers"]]
            result = "EUCHRED" if team != e["makers"] else "MARCH" if tricks == 5 else ""
            rows.append(SheetRow(len(rows) + 1, SUITS.index(made["suit"]), made["seat"],
                                 made["alone"], tricks, result, team, e["points"][team]))
    return rows


def draw_sheet_row(m: Model, row: int, hand: SheetRow) -> None:
    m.text(row, 0, f"{hand.hand:2d}", TEXT, "sheet")
    if hand.trump is None:
        m.text(row, SHEET_TRUMP_COL, "ALL PASSED", TEXT, "sheet")
        return
    m.suit(row, SHEET_TRUMP_COL, hand.trump, "sheet")
    m.text(row, SHEET_COLS["maker"], SEAT_WORDS[hand.maker], TEXT, "sheet")
    if hand.alone:
        m.text(row, SHEET_COLS["alone"], "ALONE", TEXT, "sheet")
    m.text(row, SHEET_COLS["tricks"], str(hand.tricks), TEXT, "sheet")
    m.text(row, SHEET_COLS["result"], hand.result, TEXT, "sheet")
    m.text(row, SHEET_COLS["points"], f"{POINTS_WORDS[hand.team]} {hand.points}".strip(),
           TEXT, "sheet")


def expected_game_over(events: list[dict], seed: int, keys: str) -> Model:
    """The whole game-over screen of the game ``events`` make."""
    last = events[-1]
    assert last["ev"] == "game_over"
    m = Model()
    m.region_cells(ROW_STATUS, 0, 1, COLS, "score")
    m.text(ROW_STATUS, 0, f"GAME {seed}", TEXT, "score")
    m.text(ROW_STATUS, 15, "EUCHRE 64", HINT, "score")
    m.text(ROW_STATUS, *score_words(last["total"]), TEXT, "score")
    if len(last["total"]) == 3:                    # cutthroat: South, or another seat
        word = "YOU WIN" if last["winner"] == 0 else "YOU LOSE"
    else:
        word = "WE WIN" if last["winner"] == 0 else "THEY WIN"
    picture = big_picture(word)
    for r, line in enumerate(picture):
        for c, px in enumerate(line):
            m.put(BIG_ROW + r, c, Cell(" ", BG_FACE) if px == "#" else Cell(" "), "winner")
    m.text(SHEET_HEAD_ROW, 0, SHEET_HEAD, HINT, "sheet head")
    m.region_cells(SHEET_ROW, 0, SHEET_MAX, COLS, "sheet")
    for i, hand in enumerate(sheet_rows(events)[-SHEET_MAX:]):
        draw_sheet_row(m, SHEET_ROW + i, hand)
    m.region_cells(ROW_KEYS, 0, 1, COLS, "keys")
    m.text(ROW_KEYS, 0, keys, HINT, "keys")
    return m


def game_over_problems(screen: Screen, events: list[dict], seed: int, keys: str) -> list[str]:
    """What differs between ``screen`` and the game-over screen of the game ``events``
    make (game number ``seed``, keys line ``keys``): one line per region."""
    return expected_game_over(events, seed, keys).problems(screen)
