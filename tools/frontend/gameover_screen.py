"""The game-over screen, cell for cell, predicted from the game's events (issue 30).

c64/gameover.oph and c64/sheet.oph draw it; this module says what it must show from
the transcript alone (never from the 6502's output), in the regions of
:class:`tools.screen_regions.Model`:

============  ===============================================================
region        what
============  ===============================================================
score         row 0: GAME n, EUCHRE 64, WE a THEY b (cutthroat: S a W b N c)
winner        rows 2-6: WE WIN or THEY WIN (YOU WIN, YOU LOSE) in big letters
sheet head    row 7: the column heads, black (Bid Euchre's: NO BID TRUMP MAKER ...)
sheet         rows 8-23: the last 16 hands, one a row, white; the trump on a chip;
              Bid Euchre's: bid, contract, maker, tricks, MADE/SET, WE's, THEY's points
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
    BID6_COLS,
    BIG_ROW,
    NT_HIGH,
    NT_WORDS,
    POINTS_WORDS,
    SHEET_HEAD,
    SHEET_HEAD_BID6,
    SHEET_HEAD_ROW,
    SHEET_MAX,
    SHEET_ROW,
    SHEET_TRUMP_COL,
    TEAM_EACH,
    TEAM_MAKER,
    Bid6SheetRow,
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


def bid6_sheet_rows(events: list[dict]) -> list[Bid6SheetRow]:
    """Bid Euchre's sheet: one row per hand (none is passed out: the dealer must bid),
    its bid and contract from the events, both sides' points from its score."""
    rows: list[Bid6SheetRow] = []
    declared = None
    for e in events:
        if e["ev"] == "declare":
            declared = e
        elif e["ev"] == "score":
            assert declared is not None
            trump = declared["trump"]
            contract = NT_HIGH + ("high", "low").index(trump) if trump in ("high", "low") \
                else SUITS.index(trump)
            tricks = e["tricks"][e["makers"]]
            rows.append(Bid6SheetRow(len(rows) + 1, e["bid"], contract, declared["seat"],
                                     tricks, tricks >= e["bid"], tuple(e["points"])))
    return rows


def is_bid6(events: list[dict]) -> bool:
    """The game is Bid Euchre's (a contract declared)."""
    return any(e["ev"] == "declare" for e in events)


def draw_bid6_sheet_row(m: Model, row: int, hand: Bid6SheetRow) -> None:
    c = BID6_COLS
    m.text(row, 0, f"{hand.hand:2d}", TEXT, "sheet")
    m.text(row, c["bid"], str(hand.bid), TEXT, "sheet")
    if hand.contract < NT_HIGH:
        m.suit(row, c["trump"], hand.contract, "sheet")
    else:
        m.text(row, c["trump"], NT_WORDS[hand.contract - NT_HIGH], TEXT, "sheet")
    m.text(row, c["maker"], SEAT_WORDS[hand.maker], TEXT, "sheet")
    m.text(row, c["tricks"], str(hand.tricks), TEXT, "sheet")
    m.text(row, c["result"], "MADE" if hand.made else "SET", TEXT, "sheet")
    for points, end in zip(hand.points, (c["we_end"], c["they_end"]), strict=True):
        m.text(row, end + 1 - len(str(points)), str(points), TEXT, "sheet")


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
    m.text(ROW_STATUS, *score_words(last["total"], is_bid6(events)), TEXT, "score")
    if len(last["total"]) == 3:                    # cutthroat: South, or another seat
        word = "YOU WIN" if last["winner"] == 0 else "YOU LOSE"
    else:
        word = "WE WIN" if last["winner"] == 0 else "THEY WIN"
    picture = big_picture(word)
    for r, line in enumerate(picture):
        for c, px in enumerate(line):
            m.put(BIG_ROW + r, c, Cell(" ", BG_FACE) if px == "#" else Cell(" "), "winner")
    m.region_cells(SHEET_ROW, 0, SHEET_MAX, COLS, "sheet")
    if is_bid6(events):                            # Bid Euchre's columns
        m.text(SHEET_HEAD_ROW, 0, SHEET_HEAD_BID6, HINT, "sheet head")
        for i, b6 in enumerate(bid6_sheet_rows(events)[-SHEET_MAX:]):
            draw_bid6_sheet_row(m, SHEET_ROW + i, b6)
    else:
        m.text(SHEET_HEAD_ROW, 0, SHEET_HEAD, HINT, "sheet head")
        for i, hand in enumerate(sheet_rows(events)[-SHEET_MAX:]):
            draw_sheet_row(m, SHEET_ROW + i, hand)
    m.region_cells(ROW_KEYS, 0, 1, COLS, "keys")
    m.text(ROW_KEYS, 0, keys, HINT, "keys")
    return m


def game_over_problems(screen: Screen, events: list[dict], seed: int, keys: str) -> list[str]:
    """What differs between ``screen`` and the game-over screen of the game ``events``
    make (game number ``seed``, keys line ``keys``): one line per region."""
    return expected_game_over(events, seed, keys).problems(screen)
