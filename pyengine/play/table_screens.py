"""The table's pop-up screens: help, hints, the last trick, the score sheet, quit.

The score sheet's and the last trick's lines are line mode's
(:mod:`pyengine.play.sheetview`), so both modes show them alike.

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

from pyengine.core.rules import Rules
from pyengine.play.helptext import help_lines
from pyengine.play.table_scene import wrap
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
        self.closing = False
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
        """Scroll keys scroll; any other key closes the box (once: keys typed ahead
        may still arrive while it goes)."""
        if event.key in SCROLL_KEYS:
            return
        event.stop()
        if not self.closing:
            self.closing = True
            self.dismiss(None)


class ConfirmQuit(ModalScreen[bool]):
    """``Quit the game? y/n``."""

    DEFAULT_CSS = """
    ConfirmQuit { align: center middle; }
    ConfirmQuit > Static { width: 60; height: 5; border: round $error; background: $surface;
                           padding: 1 2; }
    """

    closing = False

    def compose(self) -> ComposeResult:
        """The question."""
        yield Static("Quit the game? y (or q) quits, any other key plays on.")

    def on_key(self, event: events.Key) -> None:
        """y or q: quit; anything else: back to the table (the first key only)."""
        event.stop()
        if not self.closing:
            self.closing = True
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


def help_screen_lines(plain: Style, rules: Rules, hints: bool) -> list[str]:
    """The ``?`` box: the table's keys, then line mode's help from its "Cards:" line
    on (the rules in force), its bullets joined again for the box's width."""
    lines = ["Cards: the arrows move, Enter plays; or the card's number (1-6), or its",
             "  name: a rank 9 j q k a (0 or T: the ten; 7 8 in the 32-card deck) and",
             "  a suit s h d c" + (", x the joker" if rules.joker else "")
             + ". Dim cards are not allowed now.",
             "Bids: the keys in brackets on the choices line; round 2: a before the",
             "  suit (or the capital letter) to go alone; Bid Euchre: 3-6 tricks, then",
             "  s h d c, + no-trump high, - no-trump low.",
             "u take back your last decision   l the last trick   g the score sheet",
             "t a hint (the search player's rating of each choice)   q quit",
             "A key while the computer plays hurries it to your next decision."]
    rest = help_lines(plain, rules, hints)
    start = next((i for i, line in enumerate(rest) if line.startswith("Cards:")), 0)
    return lines + [""] + join_continued(rest[start:])
