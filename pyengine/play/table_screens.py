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
from pyengine.play.table_scene import shorten, wrap
from pyengine.play.textview import Style

SCROLL_KEYS = {"up", "down", "pageup", "pagedown", "home", "end"}
TEXT_WIDTH = 75                  # 80 less the border and the scroll bar


def _rewrap(line: str, width: int) -> list[str]:
    """A line broken between words to ``width``, keeping its indent (plus two)."""
    if len(line) <= width:
        return [line]
    lead = line[:len(line) - len(line.lstrip(" "))]
    return [lead + part for part in wrap(line.strip(), width - len(lead))]


class InfoScreen(ModalScreen[None]):
    """A titled box of lines; any key but the scroll keys closes it."""

    DEFAULT_CSS = """
    InfoScreen { align: center middle; }
    InfoScreen > VerticalScroll {
        width: 80; max-height: 24; height: auto; border: round $accent;
        background: $surface; padding: 0 0;
    }
    InfoScreen Static { width: 76; }
    """

    def __init__(self, title: str, lines: list[str]) -> None:
        super().__init__()
        self.title_text = title
        self.lines = [part for line in lines for part in _rewrap(line, TEXT_WIDTH)]

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


def join_continued(lines: list[str]) -> list[str]:
    """Help text broken for 80 columns, its bullets (``  - ...``) joined again so
    the box can break them for its own width."""
    out: list[str] = []
    for line in lines:
        bullet = out and out[-1].lstrip().startswith(("\u2014", "- "))
        if bullet and line.startswith("    ") and not line.lstrip().startswith(("\u2014", "- ")):
            out[-1] += " " + line.strip()
        else:
            out.append(line)
    return out


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

    out = [f"{'Hand':>4}  {'Dealer':<6} {'Trump':<17} {'Makers':<13} "
           f"{'Tricks':<7} {'Points':<8} Score"]
    for r in rows:
        if r.outcome != PLAYED:
            out.append(f"{r.hand:>4}  {name(r.dealer):<6} {r.outcome:<17} {'':<13} "
                       f"{'-':<7} {'-':<8} {by_side(r.total)}")
            continue
        trump = "-" if r.trump is None else plain.contract_word(r.trump)
        if r.bid is not None:
            trump = f"{trump} ({r.bid})"
        makers = name(r.maker) + (" alone" if r.alone else "")
        if r.euchred:
            makers += " *"
        out.append(f"{r.hand:>4}  {name(r.dealer):<6} {shorten(trump, 17):<17} "
                   f"{makers:<13} {by_side(r.tricks):<7} {by_side(r.points, True):<8} "
                   f"{by_side(r.total)}")
    out.insert(0, f"Tricks, points and score: {sides}")
    if not rows:
        out.append("  no hand has been scored yet")
    elif any(r.euchred for r in rows):
        out.append("  * euchred (or set in Bid Euchre)")
    return out
