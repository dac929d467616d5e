"""The full-screen table drawn in the terminal's size, 80x24 or more (Rich text, no
Textual).

:func:`draw` turns a :class:`Scene` (what the human may see now: a
:class:`~pyengine.core.game.SeatView` plus the trick as the table shows it) into
exactly :data:`ROWS` lines of at most :data:`COLS` cells. Every piece is put on
a :class:`Canvas`, which refuses (:class:`LayoutError`) a piece that would overlap
another or run past the right edge, so a layout bug fails loudly in the tests
instead of wrapping on a player's screen. Long words (the story, the message)
are broken or shortened here, before they are put.

Layout (rows)::

    0-1   status: hand, dealer, score and target; trump, makers, loner, tricks
    3-4   North: name, bid or role, card backs (or OUT)
    6-7   West (left) and East (right), the same
    7-10  the trick in the middle (who played what, who leads, who takes it),
          or the upcard while bidding
    12-14 your hand, sorted (trumps first), the cursor, the card numbers
    16-20 the story: the last moves in words (every row the terminal has past
          the 24th is the story's: at 120x40, 21 lines)
    21    the message (what to do now, or why a pick was refused)
    22    the choices (bids by their keys) or how to pick a card
    23    the keys line (these three are always the last three rows)

A wider terminal spreads the table: the rules, the seats and the middle follow
the width, and the story and the message are broken at it. In a game of
computers only (``--auto``) every seat's cards are shown face up.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.style import Style as RichStyle
from rich.text import Text

from pyengine.core.cards import JOKER, Card, is_red, suit_of
from pyengine.core.game import SEAT_NAMES, Action, Phase, SeatView, partner_of
from pyengine.play.textview import Style, seat_name, seat_word, sort_hand

COLS, ROWS = 80, 24
CELL = 7                         # columns per card of the human's hand
RED = RichStyle(color="red", bold=True)
BLACK = RichStyle(bold=True)
DIM = RichStyle(dim=True)
CURSOR = RichStyle(reverse=True, bold=True)
HEAD = RichStyle(bold=True)
BACK = RichStyle(color="blue")
TURN = RichStyle(bold=True, underline=True)
POSITION = {0: "south", 1: "west", 2: "north", 3: "east"}
RED_CARD = "(?:10|[2-9JQKA])[\u2665\u2666]"


class LayoutError(ValueError):
    """A piece of the table would overlap another or leave the screen."""


@dataclass
class Canvas:
    """Rows of pieces put at columns; :meth:`lines` joins them, checking room."""

    width: int = COLS
    height: int = ROWS
    pieces: dict[int, list[tuple[int, Text]]] = field(default_factory=dict)

    def put(self, row: int, col: int, text: Text | str) -> None:
        """Put ``text`` at ``row``, ``col`` (LayoutError if it leaves the screen)."""
        piece = text if isinstance(text, Text) else Text(text)
        if not 0 <= row < self.height or col < 0 or col + piece.cell_len > self.width:
            raise LayoutError(f"{piece.plain!r} at row {row}, column {col} leaves the "
                              f"{self.width}x{self.height} table")
        if "\n" in piece.plain:
            raise LayoutError(f"{piece.plain!r} holds a line break")
        self.pieces.setdefault(row, []).append((col, piece))

    def centre(self, row: int, text: Text | str, mid: int | None = None) -> None:
        """Put ``text`` centred on column ``mid`` (the middle of the screen)."""
        piece = text if isinstance(text, Text) else Text(text)
        mid = self.width // 2 if mid is None else mid
        self.put(row, max(0, mid - piece.cell_len // 2), piece)

    def right(self, row: int, text: Text | str) -> None:
        """Put ``text`` ending at the right edge."""
        piece = text if isinstance(text, Text) else Text(text)
        self.put(row, self.width - piece.cell_len, piece)

    def lines(self) -> list[Text]:
        """The rows as text, each padded to the width (LayoutError on an overlap)."""
        out: list[Text] = []
        for row in range(self.height):
            line, at = Text(), 0
            for col, piece in sorted(self.pieces.get(row, []), key=lambda p: p[0]):
                if col < at:
                    raise LayoutError(f"{piece.plain!r} overlaps {line.plain[col:]!r} "
                                      f"on row {row}")
                line.append(" " * (col - at))
                line.append_text(piece)
                at = col + piece.cell_len
            line.append(" " * (self.width - at))
            out.append(line)
        return out


@dataclass
class Choice:
    """One thing the human may pick: its key, its words, and the action."""

    key: str
    label: str
    action: Action | None          # None: a card shown, not offered
    legal: bool = True
    card: Card | None = None


@dataclass
class Scene:
    """What the table shows now (built by the app from the loop and its events)."""

    view: SeatView
    human: int | None
    hand_no: int
    style: Style
    trick: list[tuple[int, Card]] = field(default_factory=list)
    trick_winner: int | None = None
    tricks_won: tuple[int, ...] = ()
    total: tuple[int, ...] = ()
    choices: list[Choice] = field(default_factory=list)
    cursor: int = 0
    deciding: bool = False
    story: list[str] = field(default_factory=list)
    turn: int | None = None          # the seat to move (its name underlined)
    message: str = ""
    how: str = ""
    keys: str = ""
    level: str = ""                  # the computer's level (pyengine.players.levels)
    width: int = COLS                # the terminal's size (COLS x ROWS at least)
    height: int = ROWS
    open_hands: dict[int, list[Card]] = field(default_factory=dict)   # --auto: face up


def card_text(card: Card, style: Style) -> Text:
    """A card as coloured text: red hearts and diamonds, the joker in bold."""
    plain = Style(symbols=style.symbols, colour=False).card(card)
    if not style.colour:
        return Text(plain)
    red = card != JOKER and is_red(suit_of(card))
    return Text(plain, style=RED if red else BLACK)


def story_text(line: str, style: Style) -> Text:
    """A story line with its red cards in red (when colour is allowed)."""
    text = Text(line)
    if style.colour and style.symbols:
        text.highlight_regex(RED_CARD, RED)
    return text


def shorten(text: str, width: int) -> str:
    """``text`` cut to ``width`` columns with an ellipsis if it is longer."""
    return text if len(text) <= width else text[:width - 3] + "..."


def wrap(text: str, width: int) -> list[str]:
    """``text`` broken between words into lines of at most ``width`` columns."""
    out: list[str] = []
    for part in text.split("\n"):
        line = ""
        for word in part.split(" "):
            while len(word) > width:
                if line:
                    out.append(line)
                    line = ""
                out.append(word[:width])
                word = word[width:]
            if line and len(line) + 1 + len(word) > width:
                out.append(line)
                line = "  " + word
            else:
                line = f"{line} {word}" if line else word
        out.append(line)
    return out


def cards_left(v: SeatView, seat: int, trick: list[tuple[int, Card]]) -> int:
    """How many cards ``seat`` holds now, counted from what everyone can see."""
    size = v.rules.hand_size
    done = sum(v.tricks_won) if v.phase is not Phase.GAME_OVER else size
    shown = sum(1 for s, _ in trick if s == seat)
    if v.phase is Phase.DISCARD and seat == v.dealer:
        return size + 1
    return max(0, size - done - shown)


def _bid_word(v: SeatView, seat: int, style: Style) -> str:
    """The seat's last bid this hand, while the bidding is on."""
    last = [b for b in v.bids if b.seat == seat]
    if not last:
        return ""
    b = last[-1]
    if b.call == "pass":
        return "pass"
    if b.call == "bid":
        return f"bid {b.tricks}"
    plain = Style(symbols=style.symbols, colour=False)
    return ("order" if b.call == "order" else f"{plain.suit(b.suit)}") + (" alone" if b.alone
                                                                         else "")


def seat_label(v: SeatView, seat: int, human: int | None, style: Style) -> str:
    """A seat's name and role: dealer, maker, alone, its bid while bidding."""
    tags: list[str] = []
    if seat == v.dealer:
        tags.append("dealer")
    if v.trump is not None and seat == v.maker:
        tags.append("maker alone" if v.alone else "maker")
    elif v.trump is None and v.phase is not Phase.GAME_OVER:
        word = _bid_word(v, seat, style)
        if word:
            tags.append(word)
    if v.defender_out is not None and seat == partner_of(v.defender_out):
        tags.append("defends alone")
    if seat == v.high_bidder and v.trump is None and v.contract is not None:
        tags.append("high")
    name = "You" if seat == human else SEAT_NAMES[seat]
    return name + (f" ({', '.join(tags)})" if tags else "")


def _sitting_out(v: SeatView) -> set[int]:
    return {s for s in (v.sitting_out, v.defender_out) if s is not None}


def backs(v: SeatView, seat: int, trick: list[tuple[int, Card]], style: Style) -> Text:
    """A computer seat's cards, face down: one back each, so they can be counted."""
    if seat in _sitting_out(v):
        return Text("OUT", style=HEAD)
    n = cards_left(v, seat, trick)
    back = "##" if style.ascii else "\u2593\u2593"
    return Text(" ".join([back] * n), style=BACK if style.colour else "")


def status_lines(s: Scene) -> tuple[str, str]:
    """The two status lines: hand, dealer, score; contract and tricks."""
    v, me, st = s.view, s.human, s.style
    plain = Style(symbols=st.symbols, colour=False)
    total = s.total or v.total
    won = s.tricks_won or v.tricks_won
    if v.players == 3:
        score = ", ".join(f"{seat_name(t, me)} {total[t]}" for t in range(3))
        tricks = ", ".join(f"{seat_name(t, me)} {won[t]}" for t in range(3))
    else:
        us = 0 if me is None else me & 1
        names = ("N-S", "E-W") if me is None else ("us", "them")
        score = f"{names[0]} {total[us]}, {names[1]} {total[1 - us]}"
        tricks = f"{names[0]} {won[us]}, {names[1]} {won[1 - us]}"
    head = (f"Hand {s.hand_no} | dealer: {seat_name(v.dealer, me)} | score: {score} "
            f"(game: {v.rules.target}) | {v.rules.name}")
    if v.trump is None:
        if v.phase is Phase.GAME_OVER:
            second = "game over"
        elif v.upcard is None:
            high = ("no bid yet" if v.contract is None
                    else f"high bid {v.contract} by {seat_word(v.high_bidder, me)}")
            second = f"auction: {high}"
        else:
            up = plain.card(v.upcard)
            if v.upcard == JOKER and v.up_suit is not None:
                up += f" as {plain.suit_word(v.up_suit)}"
            second = (f"bidding, round {v.round} | upcard {up}"
                      + (" (turned down)" if v.round == 2 else ""))
    else:
        second = f"trump: {plain.contract_word(v.trump)} | made by {seat_word(v.maker, me)}"
        if v.contract is not None:
            second += f" (bid {v.contract})"
        if v.alone:
            second += " alone"
        if v.defender_out is not None:
            second += f" | {seat_word(partner_of(v.defender_out), me)} defends alone"
        second += f" | tricks: {tricks}"
    return head, second


def _trick_cell(s: Scene, seat: int) -> Text | None:
    for i, (who, card) in enumerate(s.trick):
        if who == seat:
            cell = Text(f"{seat_name(seat, s.human)} ")
            cell.append_text(card_text(card, s.style))
            if i == 0:
                cell.append(" led", style=DIM)
            if s.trick_winner == seat:
                cell.stylize(RichStyle(underline=True))
            return cell
    return None


def faces(cards: list[Card], style: Style) -> Text:
    """Cards face up in a row (a seat's hand when every seat is the computer's)."""
    row = Text()
    for i, card in enumerate(cards):
        if i:
            row.append(" ")
        row.append_text(card_text(card, style))
    return row


def _seat_cards(s: Scene, seat: int) -> Text:
    """A computer seat's cards: face up in a game of computers only, else backs."""
    if seat in s.open_hands and seat not in _sitting_out(s.view):
        on_table = {card for _, card in s.trick}
        trump = s.view.trump if s.view.trump is not None else s.view.up_suit
        return faces([c for c in sort_hand(list(s.open_hands[seat]), trump)
                      if c not in on_table], s.style)
    return backs(s.view, seat, s.trick, s.style)


def _draw_middle(c: Canvas, s: Scene) -> None:
    """The trick (rows 7-10), or the upcard and the bids while bidding."""
    v, me = s.view, s.human
    spots = {2: (7, None), 1: (8, c.width * 24 // COLS), 3: (8, c.width * 56 // COLS),
             0: (9, None)}
    for seat, (row, mid) in spots.items():
        if seat >= v.players:
            continue
        cell = _trick_cell(s, seat)
        if cell is not None:
            c.centre(row, cell, mid)
    if s.trick_winner is not None and s.trick:
        took = "take" if s.trick_winner == me else "takes"
        c.centre(10, f"{seat_name(s.trick_winner, me)} {took} the trick")
    elif not s.trick and v.upcard is not None and v.trump is None \
            and v.phase is not Phase.GAME_OVER:
        up = Text("upcard ")
        up.append_text(card_text(v.upcard, s.style))
        if v.round == 2:
            up.append(" turned down", style=DIM)
        c.centre(8, up)


def _draw_hand(c: Canvas, s: Scene) -> None:
    """Your hand (rows 12-14): sorted, trumps first, the cursor, numbers."""
    v = s.view
    me = s.human if s.human is not None else v.seat
    label = seat_label(v, me, s.human, s.style)
    if me in _sitting_out(v):
        label += ": you sit out this hand"
    c.centre(12, shorten(label, c.width))
    cards = [ch for ch in s.choices if ch.card is not None] if s.deciding else []
    if not cards:
        on_table = {card for _, card in s.trick}
        trump = v.trump if v.trump is not None else v.up_suit
        shown = [card for card in sort_hand(list(v.hand), trump) if card not in on_table]
        cards = [Choice(str(i), "", None, True, card) for i, card in enumerate(shown, 1)]
    width = CELL * len(cards)
    left = (c.width - width) // 2
    for i, ch in enumerate(cards):
        assert ch.card is not None
        face = card_text(ch.card, s.style)
        if s.deciding and not ch.legal:
            face.stylize(DIM)
        cell = Text("[", style=CURSOR) if s.deciding and i == s.cursor else Text(" ")
        cell.append_text(face)
        cell.append("]" if s.deciding and i == s.cursor else " ",
                    style=CURSOR if s.deciding and i == s.cursor else "")
        if s.deciding and i == s.cursor:
            cell.stylize(CURSOR)
        col = left + i * CELL + (CELL - cell.cell_len) // 2
        c.put(13, col, cell)
        if s.deciding:
            c.put(14, left + i * CELL + CELL // 2, Text(str(i + 1), style=DIM))


def _draw_choices(c: Canvas, s: Scene) -> None:
    """The last row but one: the bids by their keys (the cursor on one), or how to
    pick a card."""
    row = c.height - 2
    if not s.deciding or any(ch.card is not None for ch in s.choices):
        c.put(row, 0, Text(shorten(s.how, c.width), style=DIM))
        return
    line = Text()
    for i, ch in enumerate(s.choices):
        piece = Text(f"[{ch.key}] {ch.label}")
        if i == s.cursor:
            piece.stylize(CURSOR)
        if not ch.legal:
            piece.stylize(DIM)
        if line.cell_len + 2 + piece.cell_len > c.width:
            break
        if line.cell_len:
            line.append("  ")
        line.append_text(piece)
    c.put(row, 0, line)


def draw(s: Scene) -> list[Text]:
    """The whole table: ``s.height`` lines of ``s.width`` cells (:data:`ROWS` x
    :data:`COLS` at least); rows past the 24th go to the story (module docstring)."""
    c = Canvas(max(COLS, s.width), max(ROWS, s.height))
    v, me = s.view, s.human
    head, second = status_lines(s)
    c.put(0, 0, Text(shorten(head, c.width), style=HEAD))
    c.put(1, 0, shorten(second, c.width))
    rule = "-" if s.style.ascii else "\u2500"
    c.put(2, 0, Text(rule * c.width, style=DIM))
    c.put(15, 0, Text(rule * c.width, style=DIM))
    if s.level:                  # the head is full; North's label is centred, 40 at most
        c.put(3, 0, Text(f"level: {s.level}", style=DIM))
    mine = me if me is not None else v.seat
    for seat in range(v.players):
        if seat == mine:
            continue
        where = POSITION[seat]
        label = Text(shorten(seat_label(v, seat, me, s.style), 40 if where == "north" else 36),
                     style=TURN if seat == s.turn else "")
        if where == "north":
            c.centre(3, label)
            c.centre(4, _seat_cards(s, seat))
        elif where == "west":
            c.put(6, 0, label)
            c.put(7, 0, _seat_cards(s, seat))
        elif where == "east":
            c.right(6, label)
            c.right(7, _seat_cards(s, seat))
    _draw_middle(c, s)
    _draw_hand(c, s)
    message_row = c.height - 3                     # the story has rows 16 to this one
    story = [line for entry in s.story for line in wrap(entry, c.width)]
    story = story[-(message_row - 16):]
    for i, line in enumerate(story):
        c.put(16 + i, 0, story_text(line, s.style))
    message = wrap(s.message, c.width)
    c.put(message_row, 0, Text(shorten(message[0] if len(message) == 1 else
                                       s.message.replace("\n", " "), c.width), style=HEAD))
    _draw_choices(c, s)
    c.put(c.height - 1, 0, Text(shorten(s.keys, c.width), style=DIM))
    return c.lines()
