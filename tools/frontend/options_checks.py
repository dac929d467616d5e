"""The options screen judged by keys: its budget, PLAYERS 3, OPPONENTS and every row round.

Four checks of :mod:`tools.frontend.judge` (each raises :class:`Verdict` at the first
failure, each on a fresh boot of the program under the harness):

* :func:`options_in_budget`: every key finishes its update within two PAL frames;
* :func:`partners_off`: PLAYERS 3 turns every partner switch off at once;
* :func:`levels_round`: the OPPONENTS line round both ways, kept across RUN/STOP +
  RESTORE and RUN;
* :func:`options_round`: every STANDARD option row round all its values, both ways.

Every option's value kept across RUN/STOP + RESTORE and RUN is
:mod:`tools.frontend.settings_checks`'s.
"""

from __future__ import annotations

from pathlib import Path

from pyengine.core.rulescode import code_level, rules_code, rules_from_code

from .driver import LEFT, RETURN, RIGHT, STOP, Frontend, prompt
from .options_screen import (
    CRSR_DOWN,
    CRSR_UP,
    LEVEL_CURSOR,
    choose_rules,
    open_options,
    read_options,
    rules_in_ram,
    title_code,
)
from .options_screen import ROWS as OPTION_ROWS
from .settings_checks import lost_rows, restore_and_run
from .verdict import Verdict


def options_in_budget(prg: Path | str | None) -> None:
    """docs/performance.md's budget: every key on the options screen (opening it, each
    preset, the cursor, each option, back to the title; with every option changed too)
    finishes its update within two PAL frames (options_screen.bench, as
    tests/test_options_screen.py measures it)."""
    from .driver import FRAME_CYCLES
    from .options_screen import bench

    worst = {kind: max(cycles) for kind, cycles in bench(prg).items()}
    over = {kind: c for kind, c in worst.items() if c > 2 * FRAME_CYCLES}
    if over:
        raise Verdict(f"options screen keys over 2 frames ({2 * FRAME_CYCLES:,} cycles): "
                      f"{over}")


# every partner switch on (ALONE is WEB's default), DEFEND ALONE's points off WEB's 4;
# then only ALONE on (WEB's defaults): PLAYERS 3 must turn them all off and those points
# back to 4 (pyengine apply_options), whether four switches were on or one
PARTNERS_ON, NO_PARTNERS = ("STD C1 L1 V1 Q5", "STD"), "STD Y3"


def partners_off(prg: Path | str | None) -> None:
    """Cutthroat has no partners: under each of PARTNERS_ON, the '>' down to PLAYERS
    (the first option row) and left to 3 turn CANADIAN RULE, ALONE ALLOWED, CANADIAN
    LONER and DEFEND ALONE off at once (c64/options.oph no_partners): the rows and the
    code show NO_PARTNERS, and so do the title and the program's memory after RETURN.
    (The judge's other choices of cutthroat set each switch off row by row on the way.)"""
    want = rules_from_code(NO_PARTNERS)
    for start in PARTNERS_ON:
        fe = Frontend(prg)
        fe.boot()
        choose_rules(fe, rules_from_code(start), "keys")
        open_options(fe, "keys")
        view = read_options(fe.key(CRSR_DOWN))
        if view.cursor != 1:
            raise Verdict(f"CRSR down from the preset: the '>' on line {view.cursor}, not "
                          f"PLAYERS:\n{fe.screen().text()}")
        view = read_options(fe.key(LEFT))
        lost = lost_rows(view.values, want)
        if lost or rules_from_code(view.code) != want:
            raise Verdict(f"PLAYERS 4 to 3 under {start}: {'; '.join(lost)}; code "
                          f"{view.code!r}, want {rules_code(want)!r}:\n{fe.screen().text()}")
        screen = fe.key(RETURN)
        if prompt(screen).kind != "title" or title_code(screen) != rules_code(want) \
                or rules_in_ram(fe) != want:
            raise Verdict(f"PLAYERS 3 under {start}, then RETURN: the title or the "
                          f"program's memory is not {rules_code(want)!r}:\n{screen.text()}")


# OPPONENTS from NORMAL, the '>' on it: right round HARD, EASY, NORMAL, then left round
# EASY, HARD (CRSR keys and the joystick by turns); HARD is then kept
LEVEL_PRESSES = (("CRSR right", RIGHT, "hard"), ("joystick right", "right", "easy"),
                 ("CRSR right", RIGHT, "normal"), ("joystick left", "left", "easy"),
                 ("CRSR left", LEFT, "hard"))


IDLE_OPTION_KEYS = ("X", "1")    # keys that mean nothing on the options screen


def levels_round(prg: Path | str | None) -> None:
    """The options screen's OPPONENTS line (issue 42), after IDLE_OPTION_KEYS change
    nothing: up from the preset to it (and down round Bit #93's two lines, the preset
    and it), each of LEVEL_PRESSES shows the next level on the line and in the code
    (its O token) with the '>' still there; RETURN shows HARD's code on the title,
    RUN/STOP + RESTORE and RUN keeps it (the title's code and the options screen's
    line), and RUN/STOP leaves the options screen for the title."""
    fe = Frontend(prg)
    fe.boot()
    open_options(fe, "keys")
    before = fe.screen()
    for key in IDLE_OPTION_KEYS:
        if fe.key(key) != before:
            raise Verdict(f"{key!r} on the options screen, a key that means nothing there, "
                          f"changed it:\n{fe.screen().text()}")
    view = read_options(fe.key(CRSR_UP))
    if view.cursor != LEVEL_CURSOR or view.level != "normal":
        raise Verdict(f"CRSR up from the preset: not the '>' on OPPONENTS, NORMAL:\n"
                      f"{fe.screen().text()}")
    for want in (0, LEVEL_CURSOR):        # Bit #93's two lines: down goes round them
        view = read_options(fe.key(CRSR_DOWN))
        if view.cursor != want:
            raise Verdict(f"CRSR down under BIT 93: the '>' on line {view.cursor}, not "
                          f"{want} (the preset 0, OPPONENTS {LEVEL_CURSOR}):\n"
                          f"{fe.screen().text()}")
    for what, how, want in LEVEL_PRESSES:
        screen = fe.joystick(how) if what.startswith("joystick") else fe.key(how)
        view = read_options(screen)
        shown = code_level(view.code) or "normal"
        if view.level != want or shown != want or view.cursor != LEVEL_CURSOR \
                or view.preset != "bit93":
            raise Verdict(f"{what} on OPPONENTS: the line {view.level}, the code "
                          f"{view.code!r} ({shown}), want {want}:\n{screen.text()}")
    screen = fe.key(RETURN)
    if prompt(screen).kind != "title" or code_level(title_code(screen)) != "hard":
        raise Verdict(f"OPPONENTS HARD, then RETURN: the title's code is not BIT93's at "
                      f"HARD:\n{screen.text()}")
    restore_and_run(fe)
    screen = fe.screen()
    if prompt(screen).kind != "title" or code_level(title_code(screen)) != "hard" \
            or open_options(fe, "keys").level != "hard":
        raise Verdict(f"RUN/STOP + RESTORE and RUN did not keep OPPONENTS HARD:\n"
                      f"{fe.screen().text()}")
    screen = fe.key(STOP)                  # (the judge's other visits leave by RETURN)
    if prompt(screen).kind != "title":
        raise Verdict(f"RUN/STOP on the options screen did not go back to the title:\n"
                      f"{screen.text()}")


def options_round(prg: Path | str | None) -> None:
    """Every STANDARD option row round all its values, right then left, from WEB's
    defaults (the judge's other choices take the short way to a value, so most rows
    never wrap, and some never step right): each press shows the next value in
    tools/frontend/options_screen.py ROWS's order, round at both ends. PLAYERS goes
    last (3 turns the partner switches off: partners_off)."""
    fe = Frontend(prg)
    fe.boot()
    choose_rules(fe, rules_from_code("STD"), "keys")
    view = open_options(fe, "keys")
    line = 0
    for i in [*range(1, len(OPTION_ROWS)), 0]:
        label, option, values = OPTION_ROWS[i]
        while line < i + 1:
            view = read_options(fe.key(CRSR_DOWN))
            line += 1
        while line > i + 1:
            view = read_options(fe.key(CRSR_UP))
            line -= 1
        if view.cursor != i + 1:
            raise Verdict(f"the '>' on line {view.cursor}, not {label}:\n{fe.screen().text()}")
        order = [v for v, _ in values]
        at = order.index(view.values[option])
        for key, step in ((RIGHT, 1), (LEFT, -1)):
            for _ in range(len(order)):
                before = order[at]
                at = (at + step) % len(order)
                view = read_options(fe.key(key))
                if view.values[option] != order[at]:
                    raise Verdict(f"{'right' if step > 0 else 'left'} on {label} from "
                                  f"{before!r}: {view.values[option]!r}, want {order[at]!r}:"
                                  f"\n{fe.screen().text()}")
