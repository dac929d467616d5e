"""A scripted South for the line mode's tests: a stdin that answers each prompt from a
shadow GameLoop of its own (the computer players decide from their view alone, so
the shadow follows the shell's game exactly), in the words a player types."""

from __future__ import annotations

import io
from collections.abc import Callable

from pyengine.core.cards import CONTRACT_LETTERS, SUITS, card_name
from pyengine.core.events import BID, NAME, ORDER, PASS
from pyengine.core.game import (
    Action,
    BidAction,
    DeclareAction,
    DefendAction,
    DiscardAction,
    JokerSuitAction,
    PlayAction,
    RedealAction,
)
from pyengine.play.loop import GameLoop
from pyengine.play.shell import run_shell_game
from pyengine.play.textview import Style
from pyengine.players.player import RandomPlayer

ASCII = Style(symbols=False, colour=False)

def answer_text(a: Action) -> str:
    """What a player types for ``a`` at the shell's prompt."""
    if isinstance(a, (PlayAction, DiscardAction)):
        return card_name(a.card)
    if isinstance(a, BidAction):
        if a.call == PASS:
            return "p"
        if a.call == BID:
            return str(a.tricks)
        if a.call == ORDER:
            return "o a" if a.alone else "o"
        assert a.call == NAME
        return SUITS[a.suit].lower() + ("a" if a.alone else "")
    if isinstance(a, DeclareAction):
        return {4: "hi", 5: "lo"}.get(a.trump, CONTRACT_LETTERS[a.trump].lower())
    if isinstance(a, JokerSuitAction):
        return SUITS[a.suit].lower()
    if isinstance(a, RedealAction):
        return "r" if a.redeal else "k"
    assert isinstance(a, DefendAction)
    return "a" if a.alone else "p"


Plan = Callable[["Scripted"], list[str] | None]


class Scripted:
    """stdin for the shell: answers as South from a shadow of the game.

    ``plan(self)`` may return the lines to send at this prompt (and change the
    shadow to match); None: a choice of ``self.player``. ``stop_after`` answers
    ends the input (EOF), or sends ``q`` with ``quit``."""

    def __init__(self, rules, seed: int, plan: Plan | None = None, chooser: int = 1,
                 stop_after: int | None = None, quit: bool = False,
                 autoplay: bool = False, shadow: GameLoop | None = None,
                 player=None) -> None:
        self.shadow = shadow or GameLoop.new(rules, seed, autoplay_forced=autoplay)
        self.player = player or RandomPlayer(chooser)
        self.sent: list[str] = []
        self.plan = plan
        self.pending: list[str] = []
        self.prompts = 0
        self.answers = 0
        self.stop_after = stop_after
        self.quit = quit

    def isatty(self) -> bool:
        return False

    def choose(self) -> str:
        action = self.player.decide(self.shadow.view())
        self.shadow.decide(action)
        self.answers += 1
        return answer_text(action)

    def caught_up(self) -> GameLoop:
        """The shadow, moved on to the human's next decision (or the end), as the
        shell's game is when it asks or stops."""
        s = self.shadow
        while not s.needs_human() and not s.is_over():
            s.step()
        return s

    def readline(self) -> str:
        if not self.pending:
            s = self.caught_up()
            if s.is_over():
                return ""
            self.prompts += 1
            if self.stop_after is not None and self.answers >= self.stop_after:
                return "q\n" if self.quit else ""
            lines = self.plan(self) if self.plan else None
            self.pending = lines if lines is not None else [self.choose()]
        self.sent.append(self.pending.pop(0))
        return self.sent[-1] + "\n"


def play(stdin: Scripted, rules_name: str = "bit93", seed: int = 1, **kw) -> tuple[int, str]:
    out = io.StringIO()
    options = kw.pop("options", ())
    code = run_shell_game(seed, False, kw.pop("transcript", None), True, rules_name,
                          stdin=stdin, stdout=out, options=options, **kw)
    return code, out.getvalue()

