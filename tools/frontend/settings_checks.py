"""Every setting survives RUN/STOP + RESTORE and RUN (c64/options.oph's settings store).

The C64 keeps what the player chose (the preset, STANDARD's options, the title's speed
and sound) in a store that RUN does not load over; at start-up ``options_init`` takes it
if its magic word, checksum and every value are in range, else the defaults. Issue 44: a
saved 32-card deck was thrown away there and nothing noticed, since the judge's one
RUN/STOP + RESTORE ran under the 24-card deck. :func:`settings_kept` sets, on the options
screen and the title as a player does, each of KEPT's settings (between them every option
row off its default, at its highest and lowest value, the presets and every speed but
NO WAIT, sound off), then RUN/STOP + RESTORE and RUN, and wants each one back: the title's
code, speed and sound, the rules in the program's memory, and every row of the options
screen (the first row that lost its value is named).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pyengine.core.rules import Rules
from pyengine.core.rulescode import rules_code, rules_from_code

from .driver import RETURN, Frontend
from .options_screen import (
    LONGEST,
    ROWS,
    choose_rules,
    open_options,
    row_value,
    rules_in_ram,
    title_code,
)
from .screen_read import prompt, title_options
from .verdict import Verdict


@dataclass(frozen=True)
class Kept:
    code: str            # the rules, as a code
    speed: str           # the title's speed
    sound: bool


KEPT = (
    # every option off WEB's value, each at its highest (T100, points 9, K32 and the joker)
    Kept(LONGEST, "SLOW", False),
    # PLAYERS 3, the lowest target and points, the 32-card deck without the joker
    Kept("STD Y3 A0 T1 P1111 K32", "QUICK", True),
    Kept("BID6", "FAST", False),          # a preset other than STANDARD
)


def _restore_and_run(fe: Frontend) -> None:
    """From the title: RUN/STOP held, RESTORE (BASIC's READY.), then RUN."""
    c64 = fe.c64
    c64.press("STOP")
    c64.run_frames(10)
    c64.press_restore()
    c64.run_frames(2)
    if not c64.at_basic:
        raise Verdict("RUN/STOP + RESTORE at the title did not reach BASIC")
    c64.release()
    c64.basic_run()


def lost_rows(shown: dict[str, object], rules: Rules) -> list[str]:
    """The options screen's rows whose value is not ``rules``'s."""
    return [f"{label} {shown.get(option)!r}, want {row_value(rules, option)!r}"
            for label, option, _ in ROWS if shown.get(option) != row_value(rules, option)]


def one_kept(prg: Path | str | None, kept: Kept) -> None:
    rules = rules_from_code(kept.code)
    fe = Frontend(prg)
    fe.boot()
    choose_rules(fe, rules, "keys")
    fe.set_options(speed=kept.speed, sound=kept.sound)
    _restore_and_run(fe)
    screen = fe.screen()
    what = f"{kept.code}, {kept.speed}, sound {'on' if kept.sound else 'off'}"
    if prompt(screen).kind != "title":
        raise Verdict(f"RUN after RUN/STOP + RESTORE ({what}) did not show the title:\n"
                      f"{screen.text()}")
    options = title_options(screen)
    if title_code(screen) != rules_code(rules) or options["speed"] != kept.speed \
            or options["sound"] != kept.sound:
        raise Verdict(f"RUN after RUN/STOP + RESTORE did not keep {what}:\n{screen.text()}")
    if rules_in_ram(fe) != rules:
        raise Verdict(f"RUN after RUN/STOP + RESTORE: the program's memory holds "
                      f"{rules_code(rules_in_ram(fe))}, not {kept.code}")
    view = open_options(fe)
    if view.preset != rules.name:
        raise Verdict(f"the options screen after RUN shows {view.preset}, not {rules.name}")
    lost = lost_rows(view.values, rules) if rules.name == "standard" else []
    if lost:
        raise Verdict(f"the options screen after RUN lost {'; '.join(lost)}:\n"
                      f"{fe.screen().text()}")
    if prompt(fe.key(RETURN)).kind != "title":
        raise Verdict(f"RETURN on the options screen after RUN did not go to the title:\n"
                      f"{fe.screen().text()}")


def settings_kept(prg: Path | str | None) -> None:
    """Each of KEPT chosen, then RUN/STOP + RESTORE and RUN: all of it kept."""
    for kept in KEPT:
        one_kept(prg, kept)
