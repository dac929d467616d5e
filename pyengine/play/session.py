"""The line mode's game: one :class:`Session` asks, reads and narrates over a GameLoop.

The game is a :class:`~pyengine.play.loop.GameLoop`, the same one the full-screen
table drives; a session only asks the human for decisions, reads the answers
(:mod:`pyengine.play.answers`), prompts (:mod:`pyengine.play.prompts`) and prints
what happens (the words and the look of the cards are :mod:`pyengine.play.textview`'s).

At any prompt:

* ``?`` the keys and the rules in force (:mod:`pyengine.play.helptext`); ``t``
  (or ``hint``) a tip from the search player (:mod:`pyengine.play.hints`).
* ``u`` (or ``undo``) takes back your last choice: the game is replayed from
  its seed without it, so no card changes (:meth:`GameLoop.undo`).
* ``l`` (or ``last``) shows the last trick, ``g`` (or ``sheet``) the score sheet so far.
* ``q`` quits.

Computer moves are shown one by one, with the pause of the session's
:class:`~pyengine.play.pace.Pace` before each. A card played by itself
(autoplay) is announced. A finished game ends with the score sheet
(:mod:`pyengine.play.sheetview`). An answer the session cannot read, or one the
rules reject, gets a one-line reason and the same prompt again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TextIO

from pyengine.core.game import Action, Phase
from pyengine.play.answers import (
    AnswerError,
    parse_bid,
    parse_card_answer,
    parse_variant_answer,
)
from pyengine.play.helptext import help_lines
from pyengine.play.loop import GameLoop, LoopEvent
from pyengine.play.pace import Pace
from pyengine.play.prompts import VARIANT_PROMPTS, autoplay_words, bid_prompt, card_prompt
from pyengine.play.sheetview import last_trick_lines, sheet_lines
from pyengine.play.streams import Out
from pyengine.play.terminal import edited_line
from pyengine.play.textview import Narrator, Style, fit, fit_prompt, sort_hand, status_lines
from pyengine.records.safeio import UnreadableLine, read_line

QUIT_WORDS = ("q", "quit", "exit")
HELP_WORDS = ("?", "h?", "help")
UNDO_WORDS = ("u", "undo")
LAST_WORDS = ("l", "last")
SHEET_WORDS = ("g", "sheet")


class Quit(Exception):
    """The player typed q."""


class EndOfInput(Exception):
    """stdin ended before the game did."""


class _Undo:
    """ask()'s answer when the player takes his last choice back."""


UNDO = _Undo()


@dataclass
class Session:
    """One line-mode game: the loop, the terminal's input and output, the pace."""
    loop: GameLoop
    style: Style
    stdin: TextIO
    stdout: Out
    narrator: Narrator
    pace: Pace = field(default_factory=Pace)
    edit_lines: bool = False          # a terminal: read with readline (editing, history)
    record: Callable[[GameLoop], None] | None = None     # the transcript, kept as we go

    def say(self, *lines: str) -> None:
        """Print lines, each wrapped to the terminal's width."""
        width = self.stdout.width()                   # the terminal's, asked each time
        for line in lines:
            for part in fit(line, width):
                self.stdout.write(part + "\n")
        self.stdout.flush()

    def show(self, events: list[LoopEvent]) -> None:
        """Narrate delivered events; a card played by itself says so first."""
        for e in events:
            if e.forced:
                self.say(f"  {autoplay_words(self.style.card(e.event.card))}")
            self.say(*self.narrator.feed(e.event))

    def run(self) -> None:
        """Play to the end; raises Quit, EndOfInput or KeyboardInterrupt to stop early."""
        loop = self.loop
        while True:
            if loop.pending():
                self.show(loop.step())
            elif loop.is_over():
                self._saved()
                self.say("", *sheet_lines(loop.score_sheet(), loop.game.rules, self.style,
                                          loop.human))
                return
            elif loop.needs_human():
                self._saved()
                answer = self.ask()
                if answer is UNDO:
                    self.take_back()
                else:
                    self.show(loop.decide(answer))
            else:
                if loop.game.turn != loop.human:          # not the human's forced card
                    self.pace.pause()
                self.show(loop.step())
            self._saved()

    def _saved(self) -> None:
        if self.record is not None:
            self.record(self.loop)

    def take_back(self) -> None:
        """Undo the last choice and tell the story again from the new state's view."""
        loop = self.loop
        loop.undo()
        self.narrator = replayed_narrator(loop, self.style)
        self.say("", "  Taken back: your last choice and everything after it "
                 "(the game is replayed from its seed, so no card changes).")

    def read(self, prompt: str) -> str:
        """Read one line of input after ``prompt``."""
        if self.edit_lines:
            line = edited_line(fit_prompt(prompt, self.stdout.width()))
        else:
            while True:
                self.stdout.write(fit_prompt(prompt, self.stdout.width()))
                self.stdout.flush()
                try:
                    line = read_line(self.stdin)
                    break
                except UnreadableLine as exc:
                    self.stdout.write("\n")
                    self.say(f"  {exc}")
        if not line:
            self.stdout.write("\n")
            raise EndOfInput
        isatty = getattr(self.stdin, "isatty", None)
        if not (isatty and isatty()):
            self.stdout.write(line if line.endswith("\n") else line + "\n")  # echo piped input
        return line.strip()

    def ask(self) -> Action | _Undo:
        """Show the table and ask until the answer is legal (or a take-back)."""
        loop = self.loop
        g = loop.game
        v = loop.view()
        self.say("", *status_lines(v, g.hand_no, self.style))
        shown = sort_hand(v.hand, v.trump)
        if v.phase in (Phase.BID1, Phase.BID2):
            notes, prompt = bid_prompt(v, self.style)
        elif v.phase in VARIANT_PROMPTS:
            notes, prompt = [], VARIANT_PROMPTS[v.phase](v)
        else:
            notes, prompt = card_prompt(v, g, self.style)
        self.say(*notes)
        while True:
            answer = self.read(prompt)
            low = answer.lower()
            if low in QUIT_WORDS:
                raise Quit
            if low in HELP_WORDS:
                from pyengine.players.pimc import supports
                self.say(*help_lines(self.style, g.rules, hints=supports(g.rules)))
                continue
            if low in UNDO_WORDS:
                if loop.can_undo():
                    return UNDO
                self.say("  Nothing to take back: you have made no choice yet.")
                continue
            if low in LAST_WORDS:
                self.say(*last_trick_lines(loop.last_trick(), loop.last_trick_winner(),
                                           self.style, loop.human))
                continue
            if low in SHEET_WORDS:
                rows = loop.score_sheet()
                self.say(*(sheet_lines(rows, g.rules, self.style, loop.human) if rows
                           else ["  No hand is over yet: the score sheet is empty."]))
                continue
            from pyengine.play.hints import is_hint_request
            if is_hint_request(answer, v):
                self.say(*loop.hint_lines(self.style))
                continue
            if not answer:
                self.say("Type your choice (? for help, q to quit).")
                continue
            try:
                if v.phase in (Phase.BID1, Phase.BID2):
                    return parse_bid(answer, g)
                if v.phase in VARIANT_PROMPTS:
                    return parse_variant_answer(answer, g)
                return parse_card_answer(answer, shown, g)
            except AnswerError as exc:
                self.say(f"  {exc}")


def replayed_narrator(loop: GameLoop, style: Style) -> Narrator:
    """A narrator that has heard the game so far (its context: dealer, trick...)."""
    narrator = Narrator(style, loop.human)
    for ev in loop.game.events:
        narrator.feed(ev)
    return narrator
