"""The options screen in real VICE, driven as a person drives it (issue 25, item 5).

:func:`choose_in_vice` opens the options screen from the title (O, or the joystick's '>' to
OPTIONS and fire), steps the preset and, under STANDARD, every option row to the rules wanted,
by the keys (CRSR, RETURN) or the joystick alone, each press held a person's 2-12 frames
(:class:`tools.vice.judge.Player`), and waits after each press until VICE's screen shows its
effect (the preset moved, the '>' on the next row, the value changed). Back at the title, the
title's rules code must be the rules chosen. The screen is read with
tools/frontend/options_screen.py's readers, the same the harness's tests use.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from pyengine.core.rules import Rules
from pyengine.core.rulescode import rules_code

from ..frontend.driver import (
    LEFT,
    MENU_ITEMS,
    RETURN,
    RIGHT,
    FrontendError,
    Screen,
    menu_cursor,
    prompt,
)
from ..frontend.options_screen import (
    CRSR_DOWN,
    CRSR_UP,
    OptionsView,
    offered,
    read_options,
    route,
    title_code,
)

if TYPE_CHECKING:
    from .person import Player

_KEY = {"up": CRSR_UP, "down": CRSR_DOWN, "left": LEFT, "right": RIGHT, "fire": RETURN}


def _view(check: Callable[[OptionsView], list[str]]) -> Callable[[Screen], list[str]]:
    def ok(s: Screen) -> list[str]:
        try:
            return check(read_options(s))
        except FrontendError as exc:
            return [str(exc).splitlines()[0]]
    return ok


def _press(pl: Player, how: str, move: str) -> None:
    if how == "joystick":
        pl.joy(move)
    else:
        pl.press(_KEY[move])


def _title(pl: Player, code: str | None = None) -> Screen:
    def ok(s: Screen) -> list[str]:
        if prompt(s).kind != "title":
            return [f"not the title ({prompt(s).kind})"]
        try:
            shown = title_code(s)
        except FrontendError as exc:
            return [str(exc).splitlines()[0]]
        return [] if code is None or shown == code else [f"the title's code is {shown!r}"]
    return pl.wait_for("at the title" + (f" with the code {code}" if code else ""), ok, 60)


def _open(pl: Player, how: str) -> OptionsView:
    s = _title(pl)
    if how == "keys":
        pl.press("O")
    else:
        n = len(MENU_ITEMS)
        while (at := menu_cursor(s)) != "options":
            if at is None:
                raise FrontendError(f"no menu cursor on the title:\n{s.text()}")
            steps = (MENU_ITEMS.index("options") - MENU_ITEMS.index(at)) % n
            pl.joy("down" if steps <= n // 2 else "up")
            s = pl.wait_for("moving the title's '>'",
                            lambda x, b=at: [] if menu_cursor(x) != b else ["'>' not moved"])
        pl.joy("fire")
    s = pl.wait_for("on the options screen", _view(
        lambda v: [] if v.cursor == 0 else [f"the '>' on line {v.cursor}"]))
    return read_options(s)


def choose_in_vice(pl: Player, rules: Rules, how: str = "keys", level: str | None = None
                   ) -> OptionsView:
    """From VICE's title: ``rules`` (and the OPPONENTS line's ``level``, if given) set on
    the options screen by ``how`` (keys or joystick), every press checked on screen (the
    harness's route, tools/frontend/options_screen.py); back at the title, whose code must
    be ``rules``' and the level's. Returns the options screen as it was left.
    FrontendError when VICE does not follow."""
    why = offered(rules)
    if why:
        raise FrontendError(why)
    steps = route(rules, _open(pl, how), level)
    try:
        move, what, check = next(steps)
        while True:
            _press(pl, how, move)
            view = read_options(pl.wait_for(what, _view(
                lambda v, c=check: [p] if (p := c(v)) else [])))
            move, what, check = steps.send(view)
    except StopIteration as done:
        view = done.value
    _press(pl, how, "fire")
    _title(pl, rules_code(rules, view.level))
    return view
