"""Reading the C64 program's screen: the table, the prompts, the title.

Everything tools/frontend/driver.py knows of the game it reads here, from screen RAM
($0400) and colour RAM ($D800) only: South's hand (:func:`south_hand`), the
status rows (:func:`status`), what the program asks (:func:`prompt`), the
title's options (:func:`title_options`), and the order South's hand is shown
in (:func:`display_order`, the rule of c64/sort.oph: tools/frontend/hand_order.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pyengine.core.cards import SUIT_SYMBOLS, SUITS, parse_card

from ..machine.harness import HarnessError
from ..machine.screen import COLS, ROWS
from ..program.charset import screen_to_unicode_table
from .hand_order import SUIT_DISPLAY_ORDER, display_key, display_order  # noqa: F401 (theirs)

SCREEN_RAM, COLOR_RAM = 0x0400, 0xD800

# The screen layout (c64/table.oph)
ROW_STATUS, ROW_INFO, ROW_HAND, ROW_CHOICES, ROW_MSG, ROW_KEYS = 0, 1, 18, 21, 23, 24
HAND_COLS = (8, 12, 16, 20, 24, 28)
NAME_ROW, NAME_COL = (17, 9, 3, 9), (17, 1, 17, 33)
BACKS_ROW, BACKS_COL = (0, 10, 4, 10), (0, 1, 17, 35)
TRICK_ROW, TRICK_COL = (14, 10, 6, 10), (18, 9, 18, 27)
UPCARD_ROW, UPCARD_COL = 10, 18
SEAT_WORDS = ("SOUTH", "WEST", "NORTH", "EAST")
BG_FELT, BG_FACE, BG_BACK, BG_HILITE = 0, 1, 2, 3      # ECM background of a cell
COL_BLACK, COL_RED, COL_GREY = 0, 2, 12
RANK_GLYPHS = "9TJQKA"
LOW_GLYPHS, JOKER_GLYPH, COL_JOKER = "78", "★", 4   # 7 8 (ranks -2 -1); the joker, purple
CHIP_W = 3                        # a suit in text: on a white chip of three cells
SPEEDS = ("NO WAIT", "FAST", "QUICK", "NORMAL", "SLOW")  # the order key 3 cycles them

KEYS_CARDS_TAIL = "/CRSR/JOY+RETURN L=LAST STOP=QUIT"


def keys_cards(cards: int) -> str:
    """The keys line at a card prompt: the numbers of the ``cards`` South holds."""
    return ("1" if cards == 1 else f"1-{cards}") + KEYS_CARDS_TAIL


KEYS_CARDS = keys_cards(6)
KEYS_BID1_TAIL = "L=LAST CRSR+RET"
KEYS_BID2_TAIL = "L=LAST"
KEYS_ALONE = "A ALONE "           # only where a bid may go alone (not in cutthroat)


def keys_bid1(south_deals: bool, canadian: bool, alone: bool = True) -> str:
    """Round 1's keys line: O only when South may order without going alone, called
    what row 21 calls it (PICK UP when South deals); A only when a bid may go alone."""
    order = "" if canadian else "O PICK UP " if south_deals else "O ORDER "
    return f"P PASS {order}{KEYS_ALONE if alone else ''}{KEYS_BID1_TAIL}"


def keys_bid2(turned_down: int, alone: bool = True) -> str:
    """Round 2's keys line: the letters of the suits that may be named; A only when a
    bid may go alone."""
    return "P PASS " + "".join(f"{'SHDC'[s]} " for s in range(4) if s != turned_down) \
        + "NAME  " + (KEYS_ALONE + " " if alone else "") + KEYS_BID2_TAIL


KEYS_BID1 = keys_bid1(False, False)
KEYS_BID2 = keys_bid2(0)
KEYS_BACK = "ANY KEY: BACK"                # the last trick shown (c64/lasttrick.oph)
KEYS_GAME_OVER = "P NEW GAME  R REPLAY GAME {game}  T TITLE"


def keys_game_over(game: int) -> str:
    """The game-over keys line: R replays this game number (c64/gameover.oph)."""
    return KEYS_GAME_OVER.format(game=game)


_KEYS_GAME_OVER = re.compile(r"^P NEW GAME  R REPLAY GAME (\d+)  T TITLE$")
KEYS_RULES = "ANY KEY: NEXT PAGE   RUN/STOP: BACK"
KEYS_RULES_LAST = "ANY KEY: BACK TO THE TITLE"      # page 3 of 3
OPTIONS_HEAD = "OPTIONS: THE RULES OF THE GAME"   # row 0 of the options screen (options.oph)
OPTIONS_NOTE_ROW = 1
SUIT_WORDS = ("SPADES", "HEARTS", "DIAMONDS", "CLUBS")


class FrontendError(HarnessError):
    """The screen does not show what the program should show, or a key did nothing."""


# ---- reading the screen ----------------------------------------------------------------

_GLYPHS = screen_to_unicode_table()


@dataclass(frozen=True)
class Screen:
    """Screen and colour memory at one moment (the program runs in ECM)."""

    codes: tuple[int, ...]
    colours: tuple[int, ...]

    @classmethod
    def capture(cls, mem) -> Screen:
        return cls(tuple(mem[SCREEN_RAM:SCREEN_RAM + COLS * ROWS]),
                   tuple(c & 0x0F for c in mem[COLOR_RAM:COLOR_RAM + COLS * ROWS]))

    def char(self, row: int, col: int) -> str:
        return _GLYPHS[self.codes[row * COLS + col] & 0x3F]

    def bg(self, row: int, col: int) -> int:
        return self.codes[row * COLS + col] >> 6

    def colour(self, row: int, col: int) -> int:
        return self.colours[row * COLS + col]

    def row(self, row: int) -> str:
        return "".join(self.char(row, c) for c in range(COLS))

    def text(self) -> str:
        return "\n".join(self.row(r) for r in range(ROWS))

    def chip_at(self, row: int, col: int) -> int | None:
        """The suit on a white chip whose three cells start at (row, col) (c64/chip.oph:
        a blank white cell each side of the suit glyph, in its red or black), or None
        when the middle cell is no suit."""
        suit = self.char(row, col + 1)
        if suit not in SUIT_SYMBOLS:
            return None
        s = SUIT_SYMBOLS.index(suit)
        want = COL_RED if s in (1, 2) else COL_BLACK
        cells = [(self.char(row, c), self.bg(row, c)) for c in range(col, col + CHIP_W)]
        if cells != [(" ", BG_FACE), (suit, BG_FACE), (" ", BG_FACE)] \
                or self.colour(row, col + 1) != want:
            raise FrontendError(f"the suit {suit} at row {row} column {col + 1} is not on a "
                                f"white chip in its colour: {cells}, colour "
                                f"{self.colour(row, col + 1)}\n{self.text()}")
        return s

    def card_at(self, row: int, col: int, dim: bool = False) -> int | None:
        """The face-up card whose 3x3 picture starts at (row, col), or None (no face there).

        Rank glyph top left and bottom right, suit glyph in the middle, all in the
        suit's colour (red hearts and diamonds, black spades and clubs); ``dim``: all
        in grey (the upcard turned down in round 2).
        """
        if self.bg(row, col) not in (BG_FACE, BG_HILITE):
            return None
        rank, suit = self.char(row, col), self.char(row + 1, col + 1)
        joker = rank == suit == JOKER_GLYPH
        if not joker and (rank not in RANK_GLYPHS + LOW_GLYPHS or suit not in SUIT_SYMBOLS):
            raise FrontendError(f"a card face at row {row} column {col} shows {rank!r} "
                                f"{suit!r}\n{self.text()}")
        s = 0 if joker else SUIT_SYMBOLS.index(suit)
        want = COL_GREY if dim else COL_JOKER if joker else COL_RED if s in (1, 2) else COL_BLACK
        for r, c in ((row, col), (row + 1, col + 1), (row + 2, col + 2)):
            if self.colour(r, c) != want:
                raise FrontendError(f"card {rank}{SUITS[s]} at row {row} column {col}: cell "
                                    f"({r},{c}) has colour {self.colour(r, c)}, not {want}")
        if self.char(row + 2, col + 2) != rank:
            raise FrontendError(f"card at row {row} column {col}: bottom rank differs")
        return int(parse_card("XX" if joker else rank + SUITS[s]))


@dataclass(frozen=True)
class HandCard:
    slot: int
    card: int          # pyengine / 6502 card code
    selected: bool     # under South's cursor (yellow face)


def south_hand(screen: Screen) -> list[HandCard]:
    """South's cards, rows 18-20, left to right (``slot`` is the screen position:
    the card above key slot+1; see display_order for the order)."""
    hand = []
    for slot, col in enumerate(HAND_COLS):
        card = screen.card_at(ROW_HAND, col)
        if card is None:
            break
        hand.append(HandCard(slot, card, screen.bg(ROW_HAND, col) == BG_HILITE))
    return hand


@dataclass(frozen=True)
class Status:
    game: int
    total: tuple[int, ...]            # by team, or by seat in cutthroat
    trump: int | None = None          # suit, once a hand is made
    maker: int | None = None
    alone: bool = False
    tricks: tuple[int, ...] | None = None


_ROW0 = re.compile(r"^GAME (\d+) +EUCHRE 64 +(?:WE (\d+) THEY (\d+)|S(\d+) W(\d+) N(\d+)) *$")
_ROW1 = re.compile(r"^TRUMP  (.)  BY (SOUTH|WEST|NORTH|EAST)( ALONE)? +"
                   r"TRICKS (\d)-(\d)(?:-(\d))? *$")
TRUMP_CHIP_COL = 6                # row 1: "TRUMP " then the trump's chip


_GAME = re.compile(r"^GAME (\d+) ")


def game_number(screen: Screen) -> int | None:
    """Row 0's game number, under any rule set (None: no game on the screen). Only the
    number: status() reads the rest of rows 0 and 1 as the upcard game shows them."""
    m = _GAME.match(screen.row(ROW_STATUS))
    return int(m.group(1)) if m else None


def status(screen: Screen) -> Status:
    """Rows 0 and 1: game number and score; trump, makers, ALONE and tricks."""
    m = _ROW0.match(screen.row(ROW_STATUS))
    if not m:
        raise FrontendError(f"row 0 is not a status line: {screen.row(ROW_STATUS)!r}")
    game = int(m.group(1))
    total = tuple(int(g) for g in m.groups()[1:] if g is not None)   # 2, or 3 (cutthroat)
    info = screen.row(ROW_INFO)
    if not info.strip():
        return Status(game, total)
    m1 = _ROW1.match(info)
    if not m1 or screen.chip_at(ROW_INFO, TRUMP_CHIP_COL) is None:
        raise FrontendError(f"row 1 is not a trump line: {info!r}")
    tricks = tuple(int(g) for g in m1.groups()[3:] if g is not None)
    return Status(game, total, SUIT_SYMBOLS.index(m1.group(1)),
                  SEAT_WORDS.index(m1.group(2)), bool(m1.group(3)), tricks)


@dataclass(frozen=True)
class Prompt:
    """What the screen asks for. kind: title, number, rules, options, bid1, bid2, discard,
    play, auction, declare (Bid Euchre),
    last_trick (the last trick shown over a prompt), game_over, or None (nothing
    recognised)."""

    kind: str | None
    message: str = ""
    choices: tuple[tuple, ...] = ()   # bids: engine-style tuples, in screen order
    selected: int | None = None       # bids: the choice under the cursor


_CHOICE = re.compile(r"([ >])(PASS|ORDER UP|PICK UP|ALONE)")


def bid_choices(screen: Screen, bid_round: int) -> tuple[tuple[tuple, ...], int | None]:
    """Row 21 while bidding: the choices as ('pass',) / ('order', alone) / ('name', suit,
    alone), and which one the '>' marks. Each choice is a cursor cell (' ' or '>') and
    its words, then a gap. Round 2 names a suit on a white chip (``chip_at``), ALONE
    after it in the same choice; the alone bid right after the same suit's bid shares
    that bid's chip and follows it with no gap (c64/bidask.oph draw_choices)."""
    text = screen.row(ROW_CHOICES).rstrip()
    choices: list[tuple] = []
    selected, pos = None, 1
    while pos < len(text):
        if text[pos] == ">":
            selected = len(choices)
        elif text[pos] != " ":
            raise FrontendError(f"row 21: no cursor cell at column {pos}: {text!r}")
        chip = screen.chip_at(ROW_CHOICES, pos + 1) if bid_round == 2 else None
        if chip is not None:
            pos += 1 + CHIP_W
            alone = text.startswith("ALONE", pos)
            choices.append(("name", chip, alone))
            pos += 5 * alone
            if not alone and text.startswith(("ALONE", ">ALONE", " ALONE"), pos):
                continue                           # its alone bid shares the chip
            pos += 1
            continue
        m = _CHOICE.match(text, pos)
        if not m or (m.group(2) == "ALONE" and bid_round == 2
                     and (not choices or choices[-1][0] != "name" or choices[-1][2])):
            raise FrontendError(f"row 21 is not a list of bids: {text!r}")
        label = m.group(2)
        if label == "PASS":
            choices.append(("pass",))
        elif bid_round == 1:
            choices.append(("order", label == "ALONE"))
        else:
            choices.append(("name", choices[-1][1], True))
        pos = m.end() + 1
    return tuple(choices), selected


# The standard options' questions (c64/asks.oph): keys, question and the two answers
# on row 21 by kind, "no" first (pyengine's REDEAL_ACTIONS / DEFEND_ACTIONS order)
KEYS_TWO_WAY = "N NO  Y YES  L=LAST  CRSR/JOY+RETURN"
MSG_ASK_DEFEND = "DEFEND ALONE? (YOUR PARTNER SITS OUT)"
MSG_ASK_REDEAL = {"farmers_hand": "FARMER'S HAND: ASK FOR A NEW DEAL?",
                  "no_ace_no_face_no_trump": "NO ACE NO FACE NO TRUMP: NEW DEAL?"}
TWO_WAY_WORDS = {"redeal": ("KEEP", "NEW DEAL"), "defend": ("WITH PARTNER", "ALONE")}
TWO_WAY_GAP = 3


def two_way_choices(screen: Screen, kind: str) -> int | None:
    """Row 21 at a two-way question: which answer (0 no, 1 yes) the '>' marks; a row
    that is not the two answers is a FrontendError."""
    no, yes = TWO_WAY_WORDS[kind]
    text = screen.row(ROW_CHOICES).rstrip()
    gap = " " * TWO_WAY_GAP
    for selected, row in ((0, f" >{no}{gap} {yes}"), (1, f"  {no}{gap}>{yes}")):
        if text == row:
            return selected
    raise FrontendError(f"row 21 is not the answers {no}/{yes}: {text!r}")


# Bid Euchre's prompts (c64/bid6_fe.oph): keys lines, and row 21's choices, each a
# '>' cell (or a blank) and its words
KEYS_AUCTION_TAIL = "CRSR+RETURN L=LAST"
_KEYS_AUCTION = re.compile(r"(P PASS )?([3-6](-[3-6])? BID  )?" + re.escape(KEYS_AUCTION_TAIL))


def keys_auction(bids: tuple[int | None, ...]) -> str:
    """South's keys line at a bid: P PASS when he may pass (None among ``bids``), then
    the bids open to him, lowest to highest ("4-6 BID", one: "6 BID")."""
    nums = sorted(b for b in bids if b is not None)
    opened = "" if not nums else f"{nums[0]} BID  " if len(nums) == 1 \
        else f"{nums[0]}-{nums[-1]} BID  "
    return ("P PASS " if None in bids else "") + opened + KEYS_AUCTION_TAIL


KEYS_AUCTION = keys_auction((None, 3, 4, 5, 6))
KEYS_DECLARE = "S H D C + HIGH - LOW CRSR+RETURN"
CONTRACT_CHOICES = 6
# row 21 at South's contract: each choice's '>' cell (then a chip of 3 cells or NT HIGH, a gap)
DECLARE_MARK_COLS = (0, 5, 10, 15, 20, 29)


def auction_choices(screen: Screen) -> tuple[tuple[tuple, ...], int | None]:
    """Row 21 at South's bid: the bids offered (("pass",) / ("bid", n)) in screen order
    and the one the '>' marks; a row that is not bids is a FrontendError."""
    text = screen.row(ROW_CHOICES).rstrip()
    found = re.findall(r"([ >])(PASS|[3-6])(?= |$)", text)
    if not found or "".join(m + w + " " for m, w in found).rstrip() != text:
        raise FrontendError(f"row 21 is not the bids: {text!r}")
    choices = tuple(("pass",) if w == "PASS" else ("bid", int(w)) for _, w in found)
    marked = [i for i, (m, _) in enumerate(found) if m == ">"]
    return choices, marked[0] if len(marked) == 1 else None


# An upcard joker (c64/jokerask.oph): South names its suit, the four on chips on row 21
KEYS_JOKER, MSG_ASK_JOKER = "S H D C  L=LAST  CRSR/JOY+RETURN", "THE JOKER IS UP: NAME ITS SUIT"
JOKER_STEP, JOKER_CHOICES = 6, tuple(("joker", s) for s in range(4))   # '>' cell, chip, gap


def joker_choice(screen: Screen) -> int | None:
    """Row 21 at the joker question: the suit the '>' marks (a row that is not the four
    suits on their chips is a FrontendError)."""
    if [screen.chip_at(ROW_CHOICES, 2 + JOKER_STEP * s) for s in range(4)] != [0, 1, 2, 3]:
        raise FrontendError(f"row 21 is not the four suits: {screen.row(ROW_CHOICES)!r}")
    at = [s for s in range(4) if screen.char(ROW_CHOICES, 1 + JOKER_STEP * s) == ">"]
    return at[0] if len(at) == 1 else None


def prompt(screen: Screen) -> Prompt:
    keys, msg = screen.row(ROW_KEYS).strip(), screen.row(ROW_MSG).strip()
    if _KEYS_AUCTION.fullmatch(keys):
        choices, selected = auction_choices(screen)
        return Prompt("auction", msg, choices, selected)
    if keys == KEYS_DECLARE:
        row = screen.row(ROW_CHOICES)
        marked = [i for i, c in enumerate(DECLARE_MARK_COLS) if row[c] == ">"]
        if row.count(">") != 1 or len(marked) != 1 or "NT HIGH" not in row:
            raise FrontendError(f"row 21 is not the six contracts: {row.rstrip()!r}")
        return Prompt("declare", msg, tuple(("declare", t) for t in range(CONTRACT_CHOICES)),
                      marked[0])
    if keys == KEYS_JOKER:
        return Prompt("joker", msg, JOKER_CHOICES, joker_choice(screen))
    if keys == KEYS_TWO_WAY:
        # the kind by its answers on row 21 (the question is judged by the message's)
        kind = "defend" if TWO_WAY_WORDS["defend"][0] in screen.row(ROW_CHOICES) else "redeal"
        return Prompt(kind, msg, (("no",), ("yes",)), two_way_choices(screen, kind))
    if keys in {keys_cards(n) for n in range(1, 7)}:
        discard = msg.startswith(("YOUR DISCARD", "KEEP THE UPCARD", "YOU HOLD TRUMP"))
        return Prompt("discard" if discard else "play", msg)
    bid1 = keys.startswith("P PASS ") and keys.endswith(KEYS_BID1_TAIL)
    if bid1 or (keys.startswith("P PASS ") and keys.endswith("NAME  " + KEYS_BID2_TAIL)
                or keys.endswith("NAME  " + KEYS_ALONE + " " + KEYS_BID2_TAIL)):
        rnd = 1 if bid1 else 2
        choices, selected = bid_choices(screen, rnd)
        return Prompt(f"bid{rnd}", msg, choices, selected)
    if keys == KEYS_BACK:
        return Prompt("last_trick", msg)
    if _KEYS_GAME_OVER.match(keys):
        return Prompt("game_over", msg)
    if keys in (KEYS_RULES, KEYS_RULES_LAST):
        return Prompt("rules", msg)
    if screen.row(0).strip() == OPTIONS_HEAD:
        return Prompt("options", screen.row(OPTIONS_NOTE_ROW).strip())
    if screen.row(11)[MENU_TEXT_COL:].startswith("1  START"):
        if title_number_line(screen).startswith("GAME NUMBER?"):
            return Prompt("number", title_number_line(screen))
        return Prompt("title", msg)
    return Prompt(None, msg)


# The title's menu in joystick order (c64/title.oph menu_row/menu_col): where the
# '>' stands before each item.
MENU_ITEMS = ("start", "rules", "speed", "number", "sound", "demo", "options")
MENU_CELLS = ((11, 7), (12, 7), (13, 7), (14, 7), (16, 7), (17, 7), (18, 7))
MENU_TEXT_COL = 8                 # rows 11-14: the items' text, after the '>' column


def menu_cursor(screen: Screen) -> str | None:
    """The title's menu item the joystick's '>' points at (None: no '>' shown)."""
    at = [item for item, (r, c) in zip(MENU_ITEMS, MENU_CELLS, strict=True)
          if screen.char(r, c) == ">"]
    if len(at) > 1:
        raise FrontendError(f"the title shows {len(at)} menu cursors:\n{screen.text()}")
    return at[0] if at else None


def title_number_line(screen: Screen) -> str:
    """Row 14 of the title without the menu cursor: '4  GAME NUMBER 123' or, while it is
    typed, 'GAME NUMBER? 12-'."""
    return screen.row(14)[MENU_TEXT_COL:].strip()


def title_options(screen: Screen) -> dict:
    """The title's options: row 13 '3  SPEED NORMAL', row 16 'S  SOUND ON', row 17
    'D  DEMO OFF' (a '>' may stand in the blank before each)."""
    rows = {r: screen.row(r)[MENU_TEXT_COL:].rstrip() for r in (13, 16, 17)}
    speed = re.fullmatch(r"3  SPEED (" + "|".join(SPEEDS) + ")", rows[13])
    sound = re.fullmatch(r"S  SOUND (ON|OFF)", rows[16])
    demo = re.fullmatch(r"D  DEMO (ON|OFF)", rows[17])
    if not (speed and sound and demo):
        raise FrontendError(f"rows 13, 16, 17 are not the options: {list(rows.values())!r}")
    return {"speed": speed.group(1), "sound": sound.group(1) == "ON",
            "demo": demo.group(1) == "ON"}


@dataclass(frozen=True)
class LastTrick:
    """The last trick shown over a South prompt (L or joystick up)."""

    cards: dict[int, int]          # seat -> card, as drawn at the seats' trick places
    winner: int | None             # the seat whose card is on yellow, named on row 23
    message: str


_LAST = re.compile(r"^LAST TRICK: (SOUTH|WEST|NORTH|EAST) TOOK IT$")


def last_trick(screen: Screen) -> LastTrick:
    """Read the last-trick view: the cards at the four trick places, the highlighted
    one, and the message ('LAST TRICK: WEST TOOK IT' or 'NO TRICK PLAYED YET')."""
    msg = screen.row(ROW_MSG).strip()
    cards, lit = {}, []
    for seat in range(4):
        card = screen.card_at(TRICK_ROW[seat], TRICK_COL[seat])
        if card is not None:
            cards[seat] = card
            if screen.bg(TRICK_ROW[seat], TRICK_COL[seat]) == BG_HILITE:
                lit.append(seat)
    if msg == "NO TRICK PLAYED YET":
        if cards:
            raise FrontendError(f"no last trick, yet cards are shown:\n{screen.text()}")
        return LastTrick({}, None, msg)
    m = _LAST.match(msg)
    if not m or lit != [SEAT_WORDS.index(m.group(1))]:
        raise FrontendError(f"the last trick says {msg!r}, the yellow card is at "
                            f"{lit}:\n{screen.text()}")
    return LastTrick(cards, lit[0], msg)


# ---- the game-over screen (c64/gameover.oph, c64/sheet.oph) ---------------------------
