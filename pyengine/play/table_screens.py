"""The table's pop-up screens: help, hints, the last trick, the score sheet, quit.

Each is a Textual :class:`~textual.screen.ModalScreen` over the table, sized to
fit 80x24; the arrow and page keys scroll a long one (the score sheet of a long
game), any other key closes it. :class:`ConfirmQuit` answers True for ``y`` (or
``q`` again) and False for anything else.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from pyengine.core.cards import Card
from pyengine.core.game import SEAT_NAMES
from pyengine.play.scoresheet import PLAYED, HandRow
from pyengine.play.table_scene import shorten
from pyengine.play.textview import Style

SCROLL_KEYS = {"up", "down", "pageup", "pagedown", "home", "end"}
BOX_WIDTH = 78


class InfoScreen(ModalScreen[None]):
    """A titled box of lines; any key but the scroll keys closes it."""

    DEFAULT_CSS = """
    InfoScreen { align: center middle; }
    InfoScreen > VerticalScroll {
        width: 80; max-height: 24; height: auto; border: round $accent;
        background: $surface; padding: 0 0;
    }
    InfoScreen Static { width: 78; }
    """

    def __init__(self, title: str, lines: list[str]) -> None:
        super().__init__()
        self.title_text = title
        self.lines = [shorten(line, BOX_WIDTH) for line in lines]

    def compose(self) -> ComposeResult:
        """The box and its text."""
        body = Text(self.title_text, style="bold")
        for line in self.lines:
            body.append("\n" + line)
        body.append("\n(any key closes" + (", arrows scroll)" if len(self.lines) > 18
                                           else ")"), style="dim")
        with VerticalScroll():
            yield Static(body)

    def on_key(self, event: events.Key) -> None:
        """Scroll keys scroll; any other key closes the box."""
        if event.key in SCROLL_KEYS:
            return
        event.stop()
        self.dismiss(None)


class ConfirmQuit(ModalScreen[bool]):
    """``Quit the game? y/n``."""

    DEFAULT_CSS = """
    ConfirmQuit { align: center middle; }
    ConfirmQuit > Static { width: 60; height: 5; border: round $error; background: $surface;
                           padding: 1 2; }
    """

    def compose(self) -> ComposeResult:
        """The question."""
        yield Static("Quit the game? y (or q) quits, any other key plays on.")

    def on_key(self, event: events.Key) -> None:
        """y or q: quit; anything else: back to the table."""
        event.stop()
        self.dismiss(event.character in ("y", "Y", "q"))


def trick_lines(trick: list[tuple[int, Card]] | None, human: int | None,
                style: Style, winner: int | None) -> list[str]:
    """The last trick, card by card in play order, and who took it."""
    if not trick:
        return ["No trick has been played yet in this hand."]
    plain = Style(symbols=style.symbols, colour=False)
    out = []
    for i, (seat, card) in enumerate(trick):
        who = "You" if seat == human else SEAT_NAMES[seat]
        out.append(f"  {i + 1}. {who:<6} {plain.card(card)}" + ("  (led)" if i == 0 else ""))
    if winner is not None:
        out.append(f"  taken by {'you' if winner == human else SEAT_NAMES[winner]}")
    return out


def sheet_lines(rows: list[HandRow], players: int, human: int | None,
                style: Style) -> list[str]:
    """The score sheet, a line per deal: dealer, trump, makers (alone), tricks, points
    and the score after it; ours first (by player in cutthroat)."""
    plain = Style(symbols=style.symbols, colour=False)

    def name(seat: int | None) -> str:
        return "-" if seat is None else ("You" if seat == human else SEAT_NAMES[seat])

    if players == 3:
        order = [0, 1, 2]
        sides = "/".join(name(s)[:1] for s in order)
    else:
        us = 0 if human is None else human & 1
        order = [us, 1 - us]
        sides = "N-S/E-W" if human is None else "us/them"

    def by_side(values: tuple[int, ...], sign: bool = False) -> str:
        if not values:
            return "-"
        return "/".join((f"{values[t]:+d}" if sign else str(values[t])) for t in order)

    out = [f"{'Hand':>4}  {'Dealer':<6} {'Trump':<15} {'Makers':<14} "
           f"{'Tricks':<8} {'Points':<9} Score ({sides})"]
    for r in rows:
        if r.outcome != PLAYED:
            out.append(f"{r.hand:>4}  {name(r.dealer):<6} {r.outcome:<15} {'':<14} "
                       f"{'-':<8} {'-':<9} {by_side(r.total)}")
            continue
        trump = "-" if r.trump is None else plain.contract_word(r.trump)
        if r.bid is not None:
            trump = f"{trump} ({r.bid})"
        makers = name(r.maker) + (" alone" if r.alone else "")
        if r.euchred:
            makers += " *"
        out.append(f"{r.hand:>4}  {name(r.dealer):<6} {shorten(trump, 15):<15} "
                   f"{makers:<14} {by_side(r.tricks):<8} {by_side(r.points, True):<9} "
                   f"{by_side(r.total)}")
    if not rows:
        out.append("  no hand has been scored yet")
    elif any(r.euchred for r in rows):
        out.append("  * euchred (or set in Bid Euchre)")
    return out
