"""``euchre play`` full screen: the table, drawn with Textual, over the shared GameLoop.

Why Textual: it is a well-kept terminal UI library (Rich renders it, so cards
are styled text, not hand-written escape codes), it runs the keys, the timers
(the pace of the computer's moves) and the pop-up screens, and it has a
headless pilot (``App.run_test``) that presses keys and gives back the rendered
screen, which is how tests/test_table.py plays every preset, and an SVG
screenshot (``docs/table.svg``) rendered by the program itself.

The app never advances the game itself: it calls :meth:`GameLoop.step` (one
computer or forced move) and :meth:`GameLoop.decide` (the human's), shows the
events they return one at a time at the chosen ``speed`` (any key hurries to
your next decision), and draws the table from the loop's view
(:mod:`pyengine.play.table_scene`); the keys are :mod:`pyengine.play.table_keys`'.

Keys: the arrows and Enter, or a card's number or name, or a bid's key (see the
keys line and ``?``); ``u`` takes back your last decision, ``l`` the last
trick, ``g`` the score sheet, ``t`` a hint, ``?`` help, ``q`` quit.

:mod:`pyengine.play.table_shot` renders the README's screenshot (``make shots``).
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.timer import Timer
from textual.widgets import Static

from pyengine.core.cards import Card
from pyengine.core.events import Deal, Event, Play, Score, Trick
from pyengine.core.game import SEAT_NAMES, Action, IllegalAction, Phase, PlayAction, SeatView
from pyengine.play import pace
from pyengine.play.loop import GameLoop, LoopEvent
from pyengine.play.prompts import autoplay_words
from pyengine.play.sheetview import last_trick_lines, sheet_lines
from pyengine.play.table_input import guarded_driver
from pyengine.play.table_keys import CARD_PHASES, KeyReader, choices, prompt_for
from pyengine.play.table_scene import COLS, ROWS, Scene, draw
from pyengine.play.table_screens import ConfirmQuit, InfoScreen, help_screen_lines
from pyengine.play.textview import Narrator, Style, seat_word
from pyengine.players.runner import HandLimitReached
from pyengine.records.safeio import StopRequest

HINT_PREFIX = "Hint: "          # how line mode's hint begins (pyengine.play.hints)
KEYS_LINE = ("u take back  l last trick  g score sheet  t hint  ? help  q quit")
INTERRUPTED = "interrupted (Ctrl-C)"
ENTER_KEYS = ("enter", "ctrl+j")   # ctrl+j: an Enter typed before the terminal went raw
Recorder = Callable[[GameLoop], "str | None"]   # run_table's record: writes the moves so far
STORY = 200                      # story lines kept (the table shows as many as fit)


def table_fits(columns: int, lines: int) -> bool:
    """The table needs 80x24 or more; smaller, the CLI plays in line mode."""
    return columns >= COLS and lines >= ROWS


@dataclass
class TableResult:
    """How the table ended: the game over, or the player quit; the loop for the
    transcript and the stats, which the CLI writes as in line mode."""

    finished: bool
    quit: bool
    loop: GameLoop
    stopped: str = ""          # why the table stopped early: the hand limit of a game of
                               # computers, Ctrl-C, or an internal error (its traceback shown)


@dataclass
class Shown:
    """What the table shows, which may lag the loop while moves are paced out."""

    view: SeatView
    hand_no: int
    trick: list[tuple[int, Card]] = field(default_factory=list)
    trick_winner: int | None = None
    tricks_won: list[int] = field(default_factory=list)
    total: list[int] = field(default_factory=list)
    hands: dict[int, list[Card]] = field(default_factory=dict)   # --auto: every seat's


CARD_HOW = "{arrows} Enter, or 1-{n}, or a name (js, 0h the ten){x}; dim: not allowed"


class TableApp(App[TableResult]):
    """The table; see the module docstring."""

    CSS = """
    Screen { align: center middle; }
    #board { width: 100%; height: 100%; }
    """
    BINDINGS = [Binding("ctrl+c", "quit_now", "quit", priority=True)]
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, loop: GameLoop, *, speed: str = "normal", hints: bool = True,
                 style: Style | None = None, record: Recorder | None = None) -> None:
        super().__init__(driver_class=guarded_driver())   # a stray escape sequence must
                                                          # not end the game
        self.record = record
        self.leaving = False                 # exit() asked: keys typed ahead are ignored
        self.final_sheet = False             # the game-over score sheet has been shown
        if speed not in pace.SPEEDS:
            raise ValueError(f"unknown speed {speed!r}: choose one of {', '.join(pace.SPEEDS)}")
        self.loop = loop
        self.delay = pace.seconds(speed)       # line mode's and the C64's pause a move
        self.hints = hints
        self.style = style or Style(symbols=True, colour=True)
        self.plain = Style(symbols=self.style.symbols, colour=False)
        self.queue: deque[tuple[LoopEvent, tuple[SeatView, dict[int, list[Card]]] | None]] \
            = deque()
        self.timer: Timer | None = None
        self.hurry = False
        self.reader = KeyReader()
        self.cursor = 0
        self.note = ""
        self.autoplayed = ""               # the card autoplay played since the last decision
        self.story: list[str] = []
        self.small: tuple[int, int] | None = None
        self.narrator = Narrator(self.plain, loop.human)
        self.shown = self._resync()

    # --- state ----------------------------------------------------------------

    def _resync(self) -> Shown:
        """Show the loop as it is now (start, resume, undo), the story from its events."""
        g, v = self.loop.game, self.loop.view()
        self.narrator = Narrator(self.plain, self.loop.human)
        told = g.events[:len(g.events) - self.loop.pending()]
        lines = [line for ev in told for line in self.narrator.feed(ev) if line.strip()]
        self.story = [line.strip() for line in lines][-STORY:]
        return Shown(v, g.hand_no, list(v.trick), None, list(v.tricks_won), list(v.total),
                     self._open_hands())

    def _open_hands(self) -> dict[int, list[Card]]:
        """Every computer seat's cards in a game of computers only (nobody's secret),
        else none: the human sees only his own."""
        if self.loop.human is not None:
            return {}
        return {seat: list(self.loop.view(seat).hand)
                for seat in range(self.loop.game.rules.players) if seat != self.loop.seat}

    def _show(self, le: LoopEvent, after: tuple[SeatView, dict[int, list[Card]]] | None
              ) -> None:
        """One event onto the table and into the story."""
        ev, sh = le.event, self.shown
        if isinstance(ev, Play):
            if sh.trick_winner is not None:
                sh.trick, sh.trick_winner = [], None
            sh.trick.append((ev.seat, ev.card))
        elif isinstance(ev, Trick):
            sh.trick_winner = ev.winner
            if sh.tricks_won:
                sh.tricks_won[ev.winner if len(sh.tricks_won) == 3 else ev.winner & 1] += 1
        elif isinstance(ev, Score):
            sh.total = list(ev.total)
        elif isinstance(ev, Deal):
            sh.hand_no, sh.trick, sh.trick_winner = ev.hand, [], None
            if self.autoplayed and self.note == self.autoplayed:
                self.note = ""
            self.autoplayed = ""                 # a new hand: the last one's card is told
        lines = [line.strip() for line in self.narrator.feed(ev) if line.strip()]
        if le.forced and isinstance(ev, Play):
            self.autoplayed = autoplay_words(self.plain.card(ev.card))
            lines.insert(0, self.autoplayed)     # as line mode says it, before the card:
            # the story says it, once (the message row said it too, and then again
            # before the next prompt)
        self.story = (self.story + lines)[-STORY:]
        if after is not None:                    # the batch's last event: catch up
            sh.view, sh.hands = after
            sh.tricks_won, sh.total = list(sh.view.tricks_won), list(sh.view.total)

    def _recorded(self) -> None:
        """Let the CLI write the moves so far (the partial transcript); say a problem."""
        problem = None if self.record is None else self.record(self.loop)
        if problem:
            self.story.append(f"(transcript: {problem}; tried again after every move)")
            self.note = f"Transcript: {problem} (the game goes on; tried again each move)."

    def _pause_after(self, ev: Event) -> float:
        if isinstance(ev, Trick):
            return self.delay * 1.5
        if isinstance(ev, (Score, Deal)):
            return self.delay * 2
        return self.delay

    def _enqueue(self, batch: list[LoopEvent]) -> None:
        after = (self.loop.view(), self._open_hands())
        for i, le in enumerate(batch):
            self.queue.append((le, after if i == len(batch) - 1 else None))

    def pump(self) -> None:
        """Show the next move (then wait ``speed``), or stop at the human's decision."""
        self.timer = None
        while True:
            if self.queue:
                le, after = self.queue.popleft()
                self._show(le, after)
                if isinstance(le.event, Score) and self.loop.human is None:
                    self.hurry = False              # --auto: a key hurries one hand
                wait = self._pause_after(le.event)
                if wait > 0 and not self.hurry and (self.queue or not self.loop.needs_human()):
                    self.redraw()
                    self.timer = self.set_timer(wait, self.pump)
                    return
                continue
            if self.loop.is_over() and not self.loop.pending():
                self.redraw()
                self._game_over()
                return
            if self.loop.needs_human() and not self.loop.pending():
                self.hurry = False
                self._start_decision()
                self.redraw()
                return
            try:
                batch = self.loop.step()
                self._recorded()
            except HandLimitReached as exc:          # --auto only: the CLI says it
                self.exit(TableResult(finished=False, quit=False, loop=self.loop,
                                      stopped=str(exc)))
                return
            if not batch:                            # nothing to do: should not happen
                self.redraw()
                return
            self._enqueue(batch)

    def _start_decision(self) -> None:
        self.reader.reset()
        if self.autoplayed and self.note == self.autoplayed:
            self.note = ""                       # the prompt says it (scene)
        self.shown.view = self.loop.view()
        items = choices(self.shown.view, self.loop.legal(), self.style)
        first = next((i for i, ch in enumerate(items) if ch.legal), 0)
        self.cursor = first

    def caught_up(self) -> bool:
        """The table shows the loop as it is: no move waits to be shown."""
        return not self.queue and self.timer is None

    def deciding(self) -> bool:
        """The human must decide now and the table has caught up with the loop."""
        return not self.queue and self.timer is None and self.loop.needs_human()

    # --- drawing ----------------------------------------------------------------

    def compose(self) -> ComposeResult:
        """The board: one Static holding the 24 lines."""
        yield Static(id="board")

    def on_mount(self) -> None:
        """Start the game: show the deal and play to the human's first decision."""
        self.stop_by_signal()                # one that came while the table was starting
        self._check_size(self.size.width, self.size.height)
        self.pump()

    def scene(self) -> Scene:
        """The table as it should look now."""
        sh, deciding = self.shown, self.deciding()
        v = self.loop.view() if deciding else sh.view
        items = choices(v, self.loop.legal(), self.style) if deciding else []
        how = ""
        if deciding and v.phase in CARD_PHASES:
            joker = ", x the joker" if v.rules.joker else ""
            how = CARD_HOW.format(arrows=self._arrows(), n=len(v.hand), x=joker)
        elif deciding:
            how = f"{self._arrows()} Enter, or the key in brackets"
        elif self.loop.is_over():
            how = "the game is over: any key for the score sheet"
        else:
            how = "any key hurries the computer's moves"
        message = self.note or (prompt_for(v, self.style) if deciding else "")
        if not message and not deciding:
            message = self._to_move()
        if self.loop.is_over():              # said once: by the story when it has told it
            told = any(line.startswith("Game over") for line in self.story)
            message = "" if told else self._final_words()
        # A trick that is over stays on the table until the next card, except when the
        # human leads that card: then the table is cleared for it (l shows the last trick).
        cleared = deciding and sh.trick_winner is not None and not v.trick
        return Scene(view=v, human=self.loop.human, hand_no=sh.hand_no, style=self.style,
                     trick=[] if cleared else sh.trick,
                     trick_winner=None if cleared else sh.trick_winner,
                     tricks_won=tuple(sh.tricks_won), total=tuple(sh.total),
                     choices=items, cursor=self.cursor, deciding=deciding,
                     story=self.story, message=message, how=how, keys=KEYS_LINE,
                     turn=None if self.queue or self.loop.is_over() else self.loop.game.turn,
                     level=self.loop.level,
                     width=self.size.width, height=self.size.height, open_hands=sh.hands)

    def _to_move(self) -> str:
        """Whose move comes next, once the table has caught up with the loop."""
        g = self.loop.game
        if self.queue or g.over:
            return ""
        verb = {Phase.PLAY: "play", Phase.DISCARD: "discard", Phase.JOKER: "name the joker",
                Phase.REDEAL: "keep or throw in", Phase.DEFEND: "defend",
                Phase.DECLARE: "declare"}.get(g.phase, "bid")
        if g.turn != self.loop.human:
            return f"{SEAT_NAMES[g.turn]} to {verb}..."
        forced = self.loop.forced_action()        # autoplay's card, about to be played
        if isinstance(forced, PlayAction):
            return autoplay_words(self.plain.card(forced.card))
        return f"You to {verb}..."

    def _arrows(self) -> str:
        return "<- ->" if self.style.ascii else "\u2190 \u2192"

    def _final_words(self) -> str:
        g = self.loop.game
        winner = g.winner
        if winner is None:
            return "The game is over."
        if g.rules.players == 3:
            who = "You win" if winner == self.loop.human else f"{seat_word(winner, None)} wins"
        elif self.loop.human is None:
            who = "North-South win" if winner == 0 else "East-West win"
        else:
            who = "You and North win!" if winner == self.loop.human & 1 else "East and West win."
        return f"Game over: {who}  Final score {'-'.join(str(t) for t in g.total)}."

    def redraw(self) -> None:
        """Draw the table (or say the terminal is too small)."""
        board = self.query_one("#board", Static)
        if self.small is not None:
            w, h = self.small
            board.update(Text(f"The terminal is {w}x{h}: the table needs {COLS}x{ROWS}.\n"
                              "Make the window larger, or press q and play with --plain."))
            return
        board.update(Text("\n").join(draw(self.scene())))

    def _check_size(self, width: int, height: int) -> None:
        self.small = None if table_fits(width, height) else (width, height)

    def on_resize(self, event: events.Resize) -> None:
        """Below 80x24 the table says so instead of drawing itself over itself."""
        self._check_size(event.size.width, event.size.height)
        if self.is_mounted:
            self.redraw()

    # --- keys -------------------------------------------------------------------

    def on_key(self, event: events.Key) -> None:
        """Every key of the table (pop-up screens handle their own)."""
        if len(self.screen_stack) > 1 or self.leaving:
            return
        event.stop()
        char = event.character or ""
        if self.loop.is_over() and self.caught_up():
            self._game_over()
            return
        if event.key == "q" or char == "q":
            self.push_screen(ConfirmQuit(), self._quit_answer)
            return
        if self.small is not None:
            return
        if not self.deciding():
            if char in ("u", "l", "g", "?"):
                self._global(char)
                return
            self.hurry = True                        # any other key hurries
            if self.timer is not None:
                self.timer.stop()
                self.pump()
            return
        if char in ("u", "l", "g", "t", "?"):
            self._global(char)
            return
        v = self.loop.view()
        items = choices(v, self.loop.legal(), self.style)
        if event.key in ("left", "right", "up", "down") and items:
            step = -1 if event.key in ("left", "up") else 1
            self.cursor = (self.cursor + step) % len(items)
            self.note = ""
            self.redraw()
            return
        if event.key in ENTER_KEYS and items:
            chosen = items[self.cursor % len(items)].action
            if chosen is not None:
                self.pick(chosen)
            return
        if not char:
            return
        action, note = self.reader.read(char, v)
        if action is None:
            self.note = note
            self.redraw()
            return
        self.pick(action)

    def pick(self, action: Action) -> None:
        """The human's choice: refused with the reason, or decided and paced out."""
        reason = self.loop.why_illegal(action)
        if reason is not None:
            self.note = f"Not allowed: {reason}."
            self.reader.reset()
            self.redraw()
            return
        try:
            batch = self.loop.decide(action)
            self._recorded()
        except IllegalAction as exc:            # why_illegal said yes: should not happen
            self.note = f"Not allowed: {exc}."
            self.redraw()
            return
        self.note = self.autoplayed = ""
        self._enqueue(batch)
        self.pump()

    def _global(self, char: str) -> None:
        if char == "u":
            self._undo()
        elif char == "l":
            lines = last_trick_lines(self.loop.last_trick(), self.loop.last_trick_winner(),
                                     self.plain, self.loop.human)
            self.push_screen(InfoScreen("The last trick", [line.strip() for line in lines]))
        elif char == "g":
            self._sheet(final=False)
        elif char == "t":
            self._hint()
        elif char == "?":
            self.push_screen(InfoScreen("Keys and rules", self._help()))

    def _undo(self) -> None:
        if not self.loop.can_undo():
            self.note = "Nothing to take back: you have made no choice yet."
            self.redraw()
            return
        if self.timer is not None:
            self.timer.stop()
            self.timer = None
        self.queue.clear()
        self.loop.undo()
        self._recorded()
        self.shown = self._resync()
        self.story.append("Taken back: your last decision (the game replayed from the seed).")
        self.note = self.autoplayed = ""         # the story says it, once; the prompt follows
        self.pump()

    def _hint(self) -> None:
        """``t``: the search player's ratings (``hints``: it models these rules), else the
        computer player's choice without ratings, as in line mode (the lines say which)."""
        self.note = ("Thinking: the search player rates each choice..." if self.hints
                     else "Asking the computer player...")
        self.redraw()
        self.call_after_refresh(self._show_hint)        # the note shows while it thinks

    def _show_hint(self) -> None:
        lines = [line.strip() if i == 0 else line
                 for i, line in enumerate(self.loop.hint_lines(self.plain))]
        if lines and lines[0].startswith(HINT_PREFIX):     # the box's title says "Hint"
            first = lines[0][len(HINT_PREFIX):]
            lines[0] = first[:1].upper() + first[1:]
        self.note = ""
        self.redraw()
        self.push_screen(InfoScreen("Hint", lines))

    def _help(self) -> list[str]:
        return help_screen_lines(self.plain, self.loop.game.rules, self.hints)

    def _sheet(self, final: bool) -> None:
        g = self.loop.game
        lines = sheet_lines(self.loop.score_sheet(), g.rules, self.plain, self.loop.human)
        if final:
            self.push_screen(InfoScreen(self._final_words(), lines), self._after_sheet)
        else:
            self.push_screen(InfoScreen("The score sheet", lines))

    def _game_over(self) -> None:
        """The final score sheet, once (the table has shown the last move first)."""
        if not self.final_sheet:
            self.final_sheet = True
            self._sheet(final=True)

    def _leave(self, result: TableResult) -> None:
        if not self.leaving:
            self.leaving = True
            self.exit(result)

    def _after_sheet(self, _: None) -> None:
        self._leave(TableResult(finished=True, quit=False, loop=self.loop))

    def _quit_answer(self, yes: bool | None) -> None:
        if yes:
            self._leave(TableResult(finished=self.loop.is_over(), quit=True, loop=self.loop))

    def stop_by_signal(self, signum: int | None = None) -> None:
        """A stop signal (``kill``, a closed terminal, Ctrl-\\, ``kill -INT``): leave as
        Ctrl-C does; the CLI saves the game and exits 128 + the signal. Called from the
        signal handler, where it only hands the exit to the event loop, and from
        on_mount, for a signal that came before the event loop ran."""
        if signum is not None:
            self.signalled = signum
        if getattr(self, "signalled", None) is None:
            return
        try:
            asyncio.get_running_loop().call_soon_threadsafe(self.action_quit_now)
        except RuntimeError:
            pass                             # not running yet: on_mount calls again

    def action_quit_now(self) -> None:
        """Ctrl-C: leave at once (the CLI still writes the transcript)."""
        self._leave(TableResult(finished=self.loop.is_over(), quit=True, loop=self.loop,
                                stopped=INTERRUPTED))


def run_table(loop: GameLoop, *, speed: str, hints: bool, style: Style,
              record: Recorder | None = None, stops: StopRequest | None = None
              ) -> TableResult:
    """Play ``loop`` on the full-screen table until the game ends or the player quits.
    ``record(loop)`` (optional) is called after every move and every undo, as line
    mode's transcript writer is, so the partial transcript follows the game; it must
    not print (the table owns the screen) and returns a problem to show, or None.
    ``stops`` (:func:`pyengine.records.safeio.signals_to`'s): a stop signal ends the
    table as Ctrl-C does, even one that came while it was starting."""
    app = TableApp(loop, speed=speed, hints=hints, style=style, record=record)
    if stops is not None:
        stops.notify = app.stop_by_signal
        if stops.signum is not None:
            app.stop_by_signal(stops.signum)
    result = app.run()
    if result is not None:
        return result
    why = "" if not app.return_code else "the table stopped on an internal error (shown above)"
    return TableResult(finished=loop.is_over(), quit=not loop.is_over(), loop=loop, stopped=why)
