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
screen (the first row that lost its value is named). :func:`corrupt_store_refused`
then POKEs the store at BASIC's READY. as a player may (resealed, so only the value
is wrong): a preset, speed, sound or option value out of its range must bring the
defaults at RUN (Bit #93, NORMAL, sound on), not the bad value.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pyengine.core.rules import BIT93, WEB, Rules
from pyengine.core.rulescode import rules_code, rules_from_code

from ..gamecore.rules_block import ENUMS, FIELDS
from .driver import RETURN, Frontend
from .options_screen import (
    LEVEL_ORDER,
    LONGEST,
    ROWS,
    choose_rules,
    open_options,
    row_options,
    row_value,
    rules_in_ram,
    title_code,
)
from .screen_read import SPEEDS, prompt, title_options
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
    # only the last of the four points off WEB's (P1242): the code's P stands for all four
    Kept("STD P1243", "NORMAL", True),
)


def restore_and_run(fe: Frontend) -> None:
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
    restore_and_run(fe)
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
    """Each of KEPT chosen, then RUN/STOP + RESTORE and RUN: all of it kept; then a
    store POKEd out of range refused (corrupt_store_refused)."""
    for kept in KEPT:
        one_kept(prg, kept)
    corrupt_store_refused(prg)


# The store (c64/fe_state.oph): settings_preset, _speed, _sound, then STANDARD's rules
# block (asm/rules.oph's order), then settings_sum = SETTINGS_SEED + those bytes, mod 256.
SETTINGS_SEED = 0x5A
PRESET_NUMBERS = {"bit93": 0, "web": 1, "standard": 2, "bid6": 3}
DEFAULT_SPEED, DEFAULT_SOUND = "NORMAL", True


def field_bytes() -> dict[str, set[int]]:
    """The rules block's bytes the options screen's rows offer, by field."""
    out: dict[str, set[int]] = {}
    for _, option, values in ROWS:
        for value, _ in values:
            for field, v in row_options(option, value).items():
                default = getattr(Rules(), field)
                if not isinstance(default, bool) and default in ENUMS:
                    v = ENUMS[type(default)(v)]
                out.setdefault(field, set()).add(int(v))      # type: ignore[call-overload]
    return out


def bad_values() -> list[tuple[str, int]]:
    """(where, a value out of range) for the preset, speed, sound, OPPONENTS and every
    field an option row sets: one past each end of the values the options screen offers
    (tools/frontend/options_screen.py ROWS), and the first between them it does not
    (the deck's 25). ``where``: the store's label, or the rules block's (its byte in
    the store's copy of STANDARD's block)."""
    out: list[tuple[str, int]] = [("settings_preset", len(PRESET_NUMBERS)),
                                  ("settings_speed", len(SPEEDS)), ("settings_sound", 2),
                                  ("settings_level", len(LEVEL_ORDER))]
    labels = {field: label for label, field in FIELDS}
    for field, offered in field_bytes().items():
        low, high = min(offered), max(offered)
        out.append((labels[field], high + 1))
        if low > 0:
            out.append((labels[field], low - 1))
        gaps = [b for b in range(low, high) if b not in offered]
        if gaps:
            out.append((labels[field], gaps[0]))
    return out


def _poke_store(fe: Frontend, changes: dict[str, int]) -> None:
    """At READY.: the store's bytes changed (by label, see bad_values), resealed."""
    mem, sym = fe.c64.mem, fe.c64.symbols
    for where, value in changes.items():
        at = sym.address(where)
        if where.startswith("rules_"):
            at += sym.address("settings_std") - sym.address("rules_block")
        mem[at] = value
    first, last = sym.address("settings_preset"), sym.address("settings_sum")
    mem[last] = (SETTINGS_SEED + sum(mem[a] for a in range(first, last))) & 0xFF


def _to_basic(fe: Frontend) -> None:
    c64 = fe.c64
    c64.press("STOP")
    c64.run_frames(10)
    c64.press_restore()
    c64.run_frames(2)
    c64.release()
    if not c64.at_basic:
        raise Verdict("RUN/STOP + RESTORE at the title did not reach BASIC")


def corrupt_store_refused(prg: Path | str | None) -> None:
    """WEB, SLOW and sound off POKEd into the store are kept at RUN (the POKE works);
    the same with any one value out of range (bad_values) gives the defaults."""
    fe = Frontend(prg)
    fe.boot()
    kept = {"settings_preset": PRESET_NUMBERS["web"],
            "settings_speed": SPEEDS.index("SLOW"), "settings_sound": 0}
    for what, value in [("nothing", -1), *bad_values()]:
        _to_basic(fe)
        _poke_store(fe, kept | ({what: value} if value >= 0 else {}))
        fe.c64.basic_run()
        screen = fe.screen()
        if prompt(screen).kind != "title":
            raise Verdict(f"RUN with {what} = {value} POKEd into the settings did not show "
                          f"the title:\n{screen.text()}")
        shown = (title_code(screen), title_options(screen)["speed"],
                 title_options(screen)["sound"])
        want = (rules_code(WEB), "SLOW", False) if value < 0 else \
            (rules_code(BIT93), DEFAULT_SPEED, DEFAULT_SOUND)
        if shown != want or rules_in_ram(fe) != (WEB if value < 0 else BIT93):
            raise Verdict(f"RUN with {what} = {value} POKEd into the settings (the store "
                          f"resealed) shows {shown}, want {want}")
