"""Every cell of the C64 table at a South prompt, predicted from pyengine's state.

tools/frontend/screen_read.py reads what the screen shows; this module says what it must
show, cell for cell (screen code's glyph, ECM background and, for a visible
glyph, colour), from the engine's state alone (:class:`pyengine.game.GameState`
and the accepted events), and names the region of the first cell that differs:

======================  ==================================================
region                  where (c64/table.oph, c64/hooks.oph)
======================  ==================================================
score                   row 0: GAME n, EUCHRE 64, WE a THEY b
trump line              row 1: TRUMP suit BY seat [ALONE], TRICKS a-b
rules code              rows 2-: RULES and the rules code (c64/rulescode.oph), wrapped
names                   the four names, the dealer's `` D``
backs <seat>            a computer seat's card backs (one per card) or OUT
trick                   the middle: the trick's cards, the upcard and its label
hand                    rows 18-20: South's cards in display order, the cursor
choices                 row 21: the card numbers under the hand or the bids
message                 row 23
keys                    row 24
felt                    every other cell: a blank on the felt (no stale row,
                        no half-erased card)
======================  ==================================================

:func:`table_problems` returns the differences, one line per region.
"""

from __future__ import annotations

from dataclasses import dataclass

from pyengine.core.cards import JOKER, JOKER_SUIT, SUIT_SYMBOLS, rank_of, suit_of
from pyengine.core.game import GameState
from pyengine.core.rules import BIT93, Rules
from pyengine.core.rulescode import rules_code
from pyengine.players.player import RefPlayer
from pyengine.players.varplayer import VariantPlayer

from ..machine.screen import COLS, ROWS
from .screen_read import (
    BACKS_COL,
    BACKS_ROW,
    BG_BACK,
    BG_FACE,
    BG_FELT,
    BG_HILITE,
    COL_JOKER,
    HAND_COLS,
    JOKER_GLYPH,
    JOKER_STEP,
    KEYS_JOKER,
    KEYS_TWO_WAY,
    LOW_GLYPHS,
    MSG_ASK_DEFEND,
    MSG_ASK_JOKER,
    MSG_ASK_REDEAL,
    NAME_COL,
    NAME_ROW,
    RANK_GLYPHS,
    ROW_CHOICES,
    ROW_HAND,
    ROW_INFO,
    ROW_KEYS,
    ROW_MSG,
    ROW_STATUS,
    SEAT_WORDS,
    TRICK_COL,
    TRICK_ROW,
    TWO_WAY_GAP,
    TWO_WAY_WORDS,
    UPCARD_COL,
    UPCARD_ROW,
    Screen,
    display_order,
    keys_bid1,
    keys_bid2,
    keys_cards,
)

JOKER_CHIP_DROP = 3               # the named suit's chip: under the upcard (jokerask.oph)
# colours (c64/video.oph)
WHITE, BLACK, RED, LIGHT_BLUE = 1, 0, 2, 14
TEXT, HINT = WHITE, BLACK
BACK_GLYPH = "▒"                       # CH_CARD_BACK
UPCARD_LABEL_ROW, UPCARD_LABEL_COL = UPCARD_ROW - 1, 14
LABEL_UP, LABEL_DOWN = "   UPCARD   ", "TURNED DOWN "   # round 1 / round 2 (c64/table.oph)
GREY = 12                              # DIM_COLOUR: the turned-down upcard's marks
BACKS_MAX = 5

MSG_BID1 = "YOUR BID: TAKE THE UPCARD'S SUIT?"
MSG_BID_CANADIAN = "CANADIAN RULE: ORDER ONLY ALONE"
MSG_BID2 = "NAME TRUMP OR PASS"
MSG_LEAD, MSG_PLAY = "YOUR LEAD", "YOUR PLAY"
MSG_DISCARD = "YOUR DISCARD (FACE DOWN)"


@dataclass(frozen=True)
class Cell:
    char: str
    bg: int = BG_FELT
    colour: int | None = None          # None: any (a blank shows no foreground)


FELT = Cell(" ")
ANY = Cell("")                         # a cell not predicted (its region says why)


def bower_mark(card: int, trump: int | None) -> str:
    """'R' on the right bower, 'L' on the left, once trump is made (c64/table.oph)."""
    if trump is None or rank_of(card) != 2:
        return ""
    return "R" if suit_of(card) == trump else "L" if suit_of(card) == 3 - trump else ""


def suit_colour(suit: int) -> int:
    return RED if suit in (1, 2) else COL_JOKER if suit == JOKER_SUIT else BLACK


def rank_glyph(card: int) -> str:
    """A card's rank mark (c64/video.oph rank_glyph): 7 8 9 T J Q K A, the joker's ★."""
    if card == JOKER:
        return JOKER_GLYPH
    rank = rank_of(card)
    return LOW_GLYPHS[rank + 2] if rank < 0 else RANK_GLYPHS[rank]


class Model:
    """An expected screen: a Cell and a region name for each of the 1,000 cells."""

    def __init__(self) -> None:
        self.cells: list[Cell] = [FELT] * (COLS * ROWS)
        self.regions: list[str] = ["felt"] * (COLS * ROWS)

    def put(self, row: int, col: int, cell: Cell, region: str) -> None:
        if cell.char == " " and cell.colour is not None:
            cell = Cell(" ", cell.bg)
        self.cells[row * COLS + col] = cell
        self.regions[row * COLS + col] = region

    def text(self, row: int, col: int, text: str, colour: int, region: str) -> int:
        for i, ch in enumerate(text):
            self.put(row, col + i, Cell(ch, BG_FELT, colour), region)
        return col + len(text)

    def suit(self, row: int, col: int, suit: int, region: str) -> int:
        """A suit in text: its glyph in its colour on a white chip, a blank white (face)
        cell each side (c64/chip.oph)."""
        self.put(row, col, Cell(" ", BG_FACE), region)
        self.put(row, col + 1, Cell(SUIT_SYMBOLS[suit], BG_FACE, suit_colour(suit)), region)
        self.put(row, col + 2, Cell(" ", BG_FACE), region)
        return col + 3

    def card(self, row: int, col: int, card: int, region: str, bg: int = BG_FACE,
             colour: int | None = None, trump: int | None = None) -> None:
        """A card face up; ``colour``: its marks in that colour (grey: turned down);
        ``trump``: South's hand once trump is made, the bowers marked R and L."""
        rank = rank_glyph(card)
        colour = suit_colour(suit_of(card)) if colour is None else colour
        for r in range(3):
            for c in range(3):
                self.put(row + r, col + c, Cell(" ", bg), region)
        self.put(row, col, Cell(rank, bg, colour), region)
        self.put(row + 1, col + 1, Cell(JOKER_GLYPH if card == JOKER else
                                        SUIT_SYMBOLS[suit_of(card)], bg, colour), region)
        self.put(row + 2, col + 2, Cell(rank, bg, colour), region)
        mark = bower_mark(card, trump)
        if mark:
            self.put(row, col + 2, Cell(mark, bg, colour), region)

    def back(self, row: int, col: int, region: str) -> None:
        for r in range(3):
            for c in range(3):
                self.put(row + r, col + c, Cell(BACK_GLYPH, BG_BACK, LIGHT_BLUE), region)

    def region_cells(self, row: int, col: int, rows: int, cols: int, region: str) -> None:
        """Name a rectangle (still blank felt) as part of a region."""
        for r in range(row, row + rows):
            for c in range(col, col + cols):
                self.regions[r * COLS + c] = region

    def problems(self, screen: Screen) -> list[str]:
        """One line per region whose cells differ from the screen's."""
        bad: dict[str, list[tuple[int, int]]] = {}
        for i, want in enumerate(self.cells):
            if want is ANY:
                continue
            r, c = divmod(i, COLS)
            got_char, got_bg = screen.char(r, c), screen.bg(r, c)
            ok = got_char == want.char and got_bg == want.bg and (
                want.colour is None or screen.colour(r, c) == want.colour)
            if not ok:
                bad.setdefault(self.regions[i], []).append((r, c))
        out = []
        for region, cells in bad.items():
            r, c = cells[0]
            want = self.cells[r * COLS + c]
            out.append(f"{region}: {len(cells)} cell(s) wrong, first ({r},{c}) shows "
                       f"{screen.char(r, c)!r} bg {screen.bg(r, c)} colour "
                       f"{screen.colour(r, c)}, want {want.char!r} bg {want.bg} colour "
                       f"{'any' if want.colour is None else want.colour}; row {r} shows "
                       f"{screen.row(r)!r}, want {self.row_text(r)!r}")
        return out

    def row_text(self, row: int) -> str:
        return "".join(self.cells[row * COLS + c].char for c in range(COLS))


# ---- the regions ------------------------------------------------------------------------

TABLE_CODE_ROW, TABLE_CODE_COL, TABLE_CODE_WIDTH = 2, 1, 15   # top left, left of North


def wrap_words(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` characters, broken between words (a word
    longer than a line stands alone on its line)."""
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def draw_rules_code(m: Model, rules: Rules) -> None:
    """Rows 2-: "RULES" and the code of the rules in force (pyengine's rules_code),
    wrapped in columns 1-15."""
    m.region_cells(TABLE_CODE_ROW, 0, 4, TABLE_CODE_COL + TABLE_CODE_WIDTH, "rules code")
    for i, line in enumerate(wrap_words("RULES " + rules_code(rules), TABLE_CODE_WIDTH)):
        m.text(TABLE_CODE_ROW + i, TABLE_CODE_COL, line, HINT, "rules code")


def computer(rules: Rules):
    """The computer player the 6502 plays under ``rules`` (its discard is the cursor's
    first place at South's discard)."""
    return RefPlayer() if rules == BIT93 else VariantPlayer()


def score_words(total, bid6: bool = False) -> tuple[int, str]:
    """Row 0's score: (column, text) - WE a THEY b (from column 25 under Bid Euchre,
    whose signs need room: c64/table.oph score_col), or each cutthroat seat's by its
    initial, S a W b N c (c64/threeseats.oph)."""
    if len(total) == 3:
        return 26, " ".join(f"{w}{t}" for w, t in zip("SWN", total, strict=True))
    return (25 if bid6 else 28), f"WE {total[0]} THEY {total[1]}"


def tricks_words(tricks) -> tuple[int, str]:
    """Row 1's tricks: (column, text) - TRICKS a-b, or TRICKS a-b-c for three seats."""
    return (27 if len(tricks) == 3 else 29), "TRICKS " + "-".join(map(str, tricks))


def draw_status(m: Model, seed: int, game: GameState) -> None:
    """Rows 0-1 (c64/table.oph draw_status)."""
    m.region_cells(ROW_STATUS, 0, 1, COLS, "score")
    m.text(ROW_STATUS, 0, f"GAME {seed}", TEXT, "score")
    m.text(ROW_STATUS, 15, "EUCHRE 64", HINT, "score")
    m.text(ROW_STATUS, *score_words(game.total), TEXT, "score")
    m.region_cells(ROW_INFO, 0, 1, COLS, "trump line")
    if game.trump is None:
        return
    col = m.text(ROW_INFO, 0, "TRUMP ", TEXT, "trump line")
    col = m.suit(ROW_INFO, col, game.trump, "trump line")
    words = f" BY {SEAT_WORDS[game.maker]}" + (" ALONE" if game.alone else "")
    m.text(ROW_INFO, col, words, TEXT, "trump line")
    m.text(ROW_INFO, *tricks_words(game.tricks_won), TEXT, "trump line")


def draw_names(m: Model, dealer: int | None, players: int = 4) -> None:
    """The seats' names (cutthroat: no East), the dealer's marked."""
    for seat in range(players):
        col = m.text(NAME_ROW[seat], NAME_COL[seat], SEAT_WORDS[seat], TEXT, "names")
        m.text(NAME_ROW[seat], col, " D" if seat == dealer else "  ", HINT, "names")


def draw_backs(m: Model, game: GameState) -> None:
    for seat in range(1, game.rules.players):
        r, c, region = BACKS_ROW[seat], BACKS_COL[seat], f"backs {SEAT_WORDS[seat]}"
        m.region_cells(r, c, 2, BACKS_MAX, region)
        if seat in (game.sitting_out, game.defender_out):
            m.text(r, c, "OUT", HINT, region)
            continue
        for i in range(len(game.hands[seat])):
            for dr in (0, 1):
                m.put(r + dr, c + i, Cell(BACK_GLYPH, BG_BACK, LIGHT_BLUE), region)


def _hand_events(events: list[dict]) -> list[dict]:
    start = max((i for i, e in enumerate(events) if e["ev"] == "deal"), default=0)
    return events[start:]


def draw_middle(m: Model, game: GameState, events: list[dict], phase: str) -> None:
    """The trick area: the upcard (face up in round 1, down in round 2) until the
    dealer picks it up (at South's discard it is his sixth card, not in the middle too)
    or the first card is played; then the current trick's cards."""
    m.region_cells(6, 9, 11, 21, "trick")
    hand = _hand_events(events)
    plays = any(e["ev"] == "play" for e in hand)
    discarded = any(e["ev"] == "discard" for e in hand)
    if phase in ("bid1", "bid2") or (phase == "play" and not plays and not discarded):
        turned_down = phase == "bid2" or (phase == "play" and game.made_round == 2)
        m.text(UPCARD_LABEL_ROW, UPCARD_LABEL_COL, LABEL_DOWN if turned_down else LABEL_UP,
               HINT, "trick")
        m.card(UPCARD_ROW, UPCARD_COL, game.upcard, "trick",
               colour=GREY if turned_down else None)
        if game.joker_suit is not None:     # the suit named for it, under it (jokerask)
            m.suit(UPCARD_ROW + JOKER_CHIP_DROP, UPCARD_COL, game.joker_suit, "trick")
        return
    if phase == "play":
        for seat, card in game.trick:
            m.card(TRICK_ROW[seat], TRICK_COL[seat], card, "trick")


def draw_hand(m: Model, game: GameState, cursor: int | None) -> list[int]:
    """South's hand in display order, the card at ``cursor`` (a position) on yellow."""
    m.region_cells(ROW_HAND, 0, 3, COLS, "hand")
    shown = display_order(game.hands[0], game.trump)
    for pos, card in enumerate(shown):
        m.card(ROW_HAND, HAND_COLS[pos], card, "hand", BG_HILITE if pos == cursor else BG_FACE,
               trump=game.trump)
    return shown


def draw_bids(m: Model, game: GameState, kind: str) -> None:
    """Row 21: the legal bids in the engine's order, the first under the '>'."""
    m.region_cells(ROW_CHOICES, 0, 1, COLS, "choices")
    col = 1
    actions = game.legal_actions()
    for i, a in enumerate(actions):
        colour = TEXT if i == 0 else HINT
        # round 2: the alone bid right after the same suit's bid shares its chip, no gap
        shares = kind == "bid2" and a.alone and i > 0 and actions[i - 1].call != "pass" \
            and actions[i - 1].suit == a.suit and not actions[i - 1].alone
        col -= shares
        col = m.text(ROW_CHOICES, col, ">" if i == 0 else " ", colour, "choices")
        if a.call == "pass":
            col = m.text(ROW_CHOICES, col, "PASS", colour, "choices")
        elif kind == "bid1":
            word = "ALONE" if a.alone else ("PICK UP" if game.dealer == 0 else "ORDER UP")
            col = m.text(ROW_CHOICES, col, word, colour, "choices")
        else:
            if not shares:
                col = m.suit(ROW_CHOICES, col, a.suit, "choices")
            if a.alone:
                col = m.text(ROW_CHOICES, col, "ALONE", colour, "choices")
        col += 1


def draw_two_way(m: Model, game: GameState, kind: str) -> None:
    """Row 21, the question and the keys at a two-way question (c64/asks.oph): the
    '>' on "no" (keep the hand, defend with partner)."""
    m.region_cells(ROW_CHOICES, 0, 1, COLS, "choices")
    col = 1
    for i, word in enumerate(TWO_WAY_WORDS[kind]):
        colour = TEXT if i == 0 else HINT
        col = m.text(ROW_CHOICES, col, ">" if i == 0 else " ", colour, "choices")
        col = m.text(ROW_CHOICES, col, word, colour, "choices") + TWO_WAY_GAP
    msg = MSG_ASK_DEFEND if kind == "defend" else MSG_ASK_REDEAL[game.redeal_reason(0)]
    m.text(ROW_MSG, 0, msg, TEXT, "message")
    m.text(ROW_KEYS, 0, KEYS_TWO_WAY, HINT, "keys")


def draw_joker_question(m: Model) -> None:
    """Row 21, the question and the keys when South names an upcard joker's suit
    (c64/jokerask.oph): the four suits on chips, the '>' on spades."""
    m.region_cells(ROW_CHOICES, 0, 1, COLS, "choices")
    for s in range(4):
        col = 1 + JOKER_STEP * s
        m.text(ROW_CHOICES, col, ">" if s == 0 else " ", TEXT if s == 0 else HINT, "choices")
        m.suit(ROW_CHOICES, col + 1, s, "choices")
    m.text(ROW_MSG, 0, MSG_ASK_JOKER, TEXT, "message")
    m.text(ROW_KEYS, 0, KEYS_JOKER, HINT, "keys")


def canadian(game: GameState) -> bool:
    """Round 1, and South may order up only alone (the dealer's partner)."""
    orders = [a.alone for a in game.legal_actions() if a.call != "pass"]
    return orders == [True]


def expected_prompt(seed: int, game: GameState, events: list[dict], kind: str) -> Model:
    """The whole table as South's prompt ``kind`` (bid1, bid2, discard, play) first
    shows it, before any key."""
    m = Model()
    draw_status(m, seed, game)
    draw_rules_code(m, game.rules)
    draw_names(m, game.dealer, game.rules.players)
    draw_backs(m, game)
    # a question of the standard options: the middle as in the round it comes in
    middle = {"redeal": "bid1", "joker": "bid1",
              "defend": f"bid{game.made_round}"}.get(kind, kind)
    draw_middle(m, game, events, middle)
    m.region_cells(ROW_MSG, 0, 1, COLS, "message")
    m.region_cells(ROW_KEYS, 0, 1, COLS, "keys")
    if kind in TWO_WAY_WORDS:
        draw_hand(m, game, None)
        draw_two_way(m, game, kind)
        return m
    if kind == "joker":
        draw_hand(m, game, None)
        draw_joker_question(m)
        return m
    if kind.startswith("bid"):
        draw_hand(m, game, None)
        draw_bids(m, game, kind)
        if kind == "bid1":
            msg = MSG_BID_CANADIAN if canadian(game) else MSG_BID1
        else:
            msg = MSG_BID2
        m.text(ROW_MSG, 0, msg, TEXT, "message")
        alone = any(a.alone for a in game.legal_actions())
        keys = keys_bid1(game.dealer == 0, canadian(game), alone) if kind == "bid1" \
            else keys_bid2(game.up_suit, alone)
        m.text(ROW_KEYS, 0, keys, HINT, "keys")
        return m
    legal = {a.card for a in game.legal_actions()}
    order = display_order(game.hands[0], game.trump)
    cursor = next((i for i, c in enumerate(order) if c in legal), 0)
    if kind == "discard":                 # on the card the computer would put away
        cursor = order.index(computer(game.rules).decide(game.view(0)).card)
    draw_hand(m, game, cursor)
    m.region_cells(ROW_CHOICES, 0, 1, COLS, "choices")
    for pos in range(len(order)):
        m.text(ROW_CHOICES, HAND_COLS[pos] + 1, str(pos + 1), HINT, "choices")
    if kind == "discard":
        msg = MSG_DISCARD
    else:
        msg = MSG_PLAY if game.trick else MSG_LEAD
    m.text(ROW_MSG, 0, msg, TEXT, "message")
    m.text(ROW_KEYS, 0, keys_cards(len(order)), HINT, "keys")
    return m


def table_problems(screen: Screen, seed: int, game: GameState, events: list[dict],
                   kind: str) -> list[str]:
    """What differs between the screen at South's prompt and the engine's table."""
    return expected_prompt(seed, game, events, kind).problems(screen)
