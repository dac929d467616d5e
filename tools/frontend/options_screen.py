"""The C64's options screen (c64/options.oph): read from the screen, driven by keys
or the joystick as a player drives it, and the rules code read off the title, the
table and the options screen.

:func:`read_options` reads the screen into an :class:`OptionsView` (the preset, each
option row's value, the '>' and the code); :func:`view_rules` turns the rows into
pyengine's :class:`~pyengine.core.rules.Rules` on its own (the words on screen, not
the code), so a test can hold the rows, the code and the rules the core then plays
against each other. :func:`choose_rules` sets any rules the screen offers, from the
title and back; :func:`offered` says why a rule set cannot be chosen there.
:func:`rules_in_ram` reads the rules the program will play from its memory.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from pathlib import Path

from pyengine.core.options import options_of
from pyengine.core.rules import PRESETS, Rules, apply_options
from pyengine.core.rulescode import code_level, rules_code, rules_from_code

from ..gamecore.rules_block import ENUMS, FIELDS
from ..machine.screen import COLS
from .driver import LEFT, RETURN, RIGHT, Frontend, FrontendError, Screen, prompt

CRSR_UP, CRSR_DOWN = 0x91, 0x11
PRESET_ROW, FIRST_ROW, CURSOR_COL, LABEL_COL, VALUE_COL = 2, 3, 1, 2, 22
NOTE_ROW, CODE_ROWS = 1, (21, 22)
LEVEL_ROW, LEVEL_LABEL = 23, "OPPONENTS"    # every preset's (c64/options.oph draw_level_row)
LEVEL_WORDS = {"EASY": "easy", "NORMAL": "normal", "HARD": "hard"}
LEVEL_ORDER = ("easy", "normal", "hard")    # right steps through them, round
LABEL_COLOUR = 1                  # white: every option's label (the values: white or black)
FIXED_COLOUR = 0                  # black: the values of a preset that cannot change
TITLE_CODE_ROWS, TITLE_CODE_COL = (9, 10), 8
TABLE_CODE_ROWS, TABLE_CODE_COLS = range(2, 9), (1, 16)
PRESETS_SHOWN = ("bit93", "web", "standard", "bid6")     # left to right, round
PRESET_WORDS = {"BIT 93": "bit93", "WEB": "web", "STANDARD": "standard",
                "BID EUCHRE": "bid6"}
PLAYABLE = ("bit93", "web", "standard", "bid6")
BID6_NOTE = "SIX CARDS, BIDS 3-6, NO-TRUMP, TO 32."
NOTES = {"bit93": "BIT #93'S GAME. STANDARD HAS OPTIONS.",       # row 1, each preset's
         "web": "THE WEB'S GAME. STANDARD HAS OPTIONS.",
         "standard": "EVERY OPTION THE C64 PLAYS TODAY.", "bid6": BID6_NOTE}

# The option rows top to bottom: label, option, the values right steps through
# (a wrap at each end), each with the word the screen shows (None: the number).
_OFF_ON = ((False, "OFF"), (True, "ON"))
# DEFEND ALONE is one row for two options (the screen has no line left): OFF, or ON
# and the lone defender's points, 1-9 (c64/options.oph defend_step); off, the points
# are WEB's 4, so the code names neither V nor Q.
DEFEND_POINTS_OFF = 4
_DEFEND = (((False, DEFEND_POINTS_OFF), "OFF"),) + tuple(
    ((True, n), f"ON, WORTH {n}") for n in range(1, 10))
# rows whose value is a tuple of several options' values, in this order
JOINED: dict[str, tuple[str, ...]] = {"defend_alone": ("defend_alone", "points_defend_alone")}
ROWS: tuple[tuple[str, str, tuple[tuple[object, str | None], ...]], ...] = (
    ("PLAYERS", "players", ((3, None), (4, None))),   # 3 turns the partner switches off
    ("TARGET", "target", tuple((n, None) for n in range(1, 101))),
    ("STICK THE DEALER", "stick_the_dealer", _OFF_ON),
    ("CANADIAN RULE", "canadian_rule", _OFF_ON),
    ("ALONE ALLOWED", "alone_allowed", _OFF_ON),
    ("CANADIAN LONER", "canadian_loner", _OFF_ON),
    ("DEALER'S DISCARD", "dealer_discard", (("same_suit", "SAME SUIT"), ("any", "ANY CARD"))),
    ("FIRST LEAD", "first_lead", (("maker_left", "MAKER'S LEFT"),
                                  ("dealer_left", "DEALER'S LEFT"))),
    ("FIRST DEALER", "first_dealer", (("black_jack", "BLACK JACK"), ("random", "RANDOM"))),
    ("POINTS: MADE", "points_made", tuple((n, None) for n in range(1, 10))),
    ("POINTS: MARCH", "points_march", tuple((n, None) for n in range(1, 10))),
    ("POINTS: LONE MARCH", "points_lone_march", tuple((n, None) for n in range(1, 10))),
    ("POINTS: EUCHRE", "points_euchre", tuple((n, None) for n in range(1, 10))),
    ("DEFEND ALONE", "defend_alone", _DEFEND),       # with points_defend_alone (JOINED)
    ("FARMER'S HAND", "farmers_hand", _OFF_ON),
    ("NO ACE/FACE/TRUMP", "no_ace_no_face_no_trump", _OFF_ON),
    ("DECK", "deck", ((24, None), (32, None))),
    ("JOKER", "joker", _OFF_ON),
)


class OptionsError(FrontendError):
    """The options screen does not show what it should, or cannot set what is asked."""


@dataclass(frozen=True)
class OptionsView:
    preset: str                     # pyengine's name of the preset shown
    values: dict[str, object]       # option -> value, as the rows show it (none: BID EUCHRE)
    cursor: int | None              # the '>': 0 the preset, 1- the option rows, LEVEL_CURSOR
    code: str                       # the code shown after "RULES "
    note: str
    editable: bool                  # the values are white (STANDARD's), not black
    level: str = "normal"           # OPPONENTS: easy, normal or hard
    value_colours: frozenset[int] = frozenset()   # the colours of the values' first cells


def _cell_text(screen: Screen, row: int, start: int, end: int = COLS) -> str:
    return "".join(screen.char(row, c) for c in range(start, end)).rstrip()


def _code(lines: list[str]) -> str:
    words = " ".join(line.strip() for line in lines if line.strip()).split()
    if not words or words[0] != "RULES":
        raise OptionsError(f"no rules code: {lines!r}")
    return " ".join(words[1:])


def title_code(screen: Screen) -> str:
    """The title's rules code (rows 9-10 from column 8, after "RULES")."""
    return _code([_cell_text(screen, r, TITLE_CODE_COL) for r in TITLE_CODE_ROWS])


def table_code(screen: Screen) -> str:
    """The table's rules code (top left, rows 2-8, columns 1-15, after "RULES")."""
    lines = []
    for r in TABLE_CODE_ROWS:
        line = _cell_text(screen, r, *TABLE_CODE_COLS)
        if not line.strip():
            break
        lines.append(line)
    return _code(lines)


def _value(row_values, shown: str, label: str) -> object:
    for value, word in row_values:
        if (word if word is not None else str(value)) == shown:
            return value
    raise OptionsError(f"option row {label!r} shows {shown!r}, not one of its values")


def read_options(screen: Screen) -> OptionsView:
    """The options screen as it stands (OptionsError when it is not shown)."""
    if prompt(screen).kind != "options":
        raise OptionsError(f"the options screen is not shown:\n{screen.text()}")
    if _cell_text(screen, PRESET_ROW, LABEL_COL, VALUE_COL).strip() != "RULES":
        raise OptionsError(f"row {PRESET_ROW} is not the preset's:\n{screen.text()}")
    word = _cell_text(screen, PRESET_ROW, VALUE_COL)
    if word not in PRESET_WORDS:
        raise OptionsError(f"the preset shown is {word!r}:\n{screen.text()}")
    preset = PRESET_WORDS[word]
    note = _cell_text(screen, NOTE_ROW, 0).strip()
    if note != NOTES[preset]:
        raise OptionsError(f"row {NOTE_ROW} shows {note!r}, not {preset}'s note:\n"
                           f"{screen.text()}")
    values: dict[str, object] = {}
    colours = set()
    for i, (label, option, row_values) in enumerate(ROWS):
        row = FIRST_ROW + i
        shown_label = _cell_text(screen, row, LABEL_COL, VALUE_COL).strip()
        shown = _cell_text(screen, row, VALUE_COL)
        if preset == "bid6":
            if shown_label or shown:
                raise OptionsError(f"BID EUCHRE shows option row {row}: {shown_label!r}")
            continue
        if shown_label != label:
            raise OptionsError(f"row {row} is labelled {shown_label!r}, want {label!r}")
        label_colours = {screen.colour(row, c) for c in range(LABEL_COL, LABEL_COL + len(label))
                         if screen.char(row, c) != " "}
        if label_colours != {LABEL_COLOUR}:
            raise OptionsError(f"row {row}'s label {label!r} is in colours "
                               f"{sorted(label_colours)}, not white")
        values[option] = _value(row_values, shown, label)
        colours.add(screen.colour(row, VALUE_COL))
    if _cell_text(screen, LEVEL_ROW, LABEL_COL, VALUE_COL).strip() != LEVEL_LABEL:
        raise OptionsError(f"row {LEVEL_ROW} is not OPPONENTS:\n{screen.text()}")
    level_word = _cell_text(screen, LEVEL_ROW, VALUE_COL)
    if level_word not in LEVEL_WORDS:
        raise OptionsError(f"OPPONENTS shows {level_word!r}:\n{screen.text()}")
    lines = [PRESET_ROW] + [FIRST_ROW + i for i in range(len(ROWS))] + [LEVEL_ROW]
    stray = [row for row in lines if screen.char(row, CURSOR_COL) not in " >"]
    if stray:
        raise OptionsError(f"rows {stray} show {screen.char(stray[0], CURSOR_COL)!r} where "
                           f"the '>' or a blank goes:\n{screen.text()}")
    cursors = [i for i, row in enumerate(lines) if screen.char(row, CURSOR_COL) == ">"]
    if len(cursors) > 1:
        raise OptionsError(f"{len(cursors)} cursors on the options screen:\n{screen.text()}")
    if cursors and screen.colour(lines[cursors[0]], CURSOR_COL) != LABEL_COLOUR:
        raise OptionsError(f"the '>' on row {lines[cursors[0]]} is in colour "
                           f"{screen.colour(lines[cursors[0]], CURSOR_COL)}, not white:\n"
                           f"{screen.text()}")
    return OptionsView(preset, values, cursors[0] if cursors else None,
                       _code([_cell_text(screen, r, 1) for r in CODE_ROWS]),
                       note, colours == {1},
                       LEVEL_WORDS[level_word], frozenset(colours))


def view_rules(view: OptionsView) -> Rules:
    """The rules the rows show (the preset with the values of STANDARD's rows)."""
    if view.preset not in PLAYABLE:
        raise OptionsError(f"{view.preset} cannot be played on the C64")
    base = PRESETS[view.preset]
    if view.preset != "standard":
        return base
    shown: dict[str, object] = {}
    for option, value in view.values.items():
        shown.update(row_options(option, value))
    return apply_options(base, {k: v for k, v in shown.items()
                                if v != _plain(getattr(base, k))})


def _plain(value: object) -> object:
    return getattr(value, "value", value)


def row_options(option: str, value: object) -> dict[str, object]:
    """The options one row's value stands for (two for a JOINED row)."""
    if option in JOINED:
        if not isinstance(value, tuple):
            raise OptionsError(f"row {option} stands for {JOINED[option]}, not {value!r}")
        return dict(zip(JOINED[option], value, strict=True))
    return {option: value}


def row_value(rules: Rules, option: str) -> object:
    """The value the row of ``option`` shows for ``rules`` (a tuple for a JOINED row)."""
    if option in JOINED:
        return tuple(_plain(getattr(rules, name)) for name in JOINED[option])
    return _plain(getattr(rules, option))


def offered(rules: Rules) -> str | None:
    """Why the options screen cannot choose ``rules`` (None: it can)."""
    if rules.name not in PLAYABLE:
        return f"the C64 does not play {rules.name} yet"
    changed = options_of(rules)
    if rules.name != "standard" and changed:
        return (f"the options screen changes options under STANDARD only "
                f"(--rules {rules.name} with {', '.join(changed)})")
    shown = {name for _, option, _ in ROWS for name in JOINED.get(option, (option,))}
    for option in changed:
        if option not in shown:
            return (f"the options screen does not offer {option} (`euchre c64 --auto` plays "
                    "it: the harness writes the rules block)")
    for _, option, values in ROWS:
        value = row_value(rules, option)
        if value in [v for v, _ in values]:
            continue
        if option in JOINED:
            return (f"the options screen offers points_defend_alone from 1 to 9 with "
                    f"defend_alone on ({DEFEND_POINTS_OFF} with it off), not "
                    f"{', '.join(f'{k}={v}' for k, v in row_options(option, value).items())}")
        return f"the options screen offers {option} from {values[0][0]} to " \
               f"{values[-1][0]}, not {value}"
    return None


class _Hand:
    """The keys or the joystick."""

    def __init__(self, fe: Frontend, how: str) -> None:
        if how not in ("keys", "joystick"):
            raise ValueError(f"how: keys or joystick, not {how!r}")
        self.fe, self.how = fe, how

    def press(self, move: str) -> Screen:
        if self.how == "joystick":
            return self.fe.joystick(move)
        key = {"up": CRSR_UP, "down": CRSR_DOWN, "left": LEFT, "right": RIGHT,
               "fire": RETURN}[move]
        return self.fe.key(key)


def _steps(at: int, want: int, n: int) -> tuple[str, int]:
    right = (want - at) % n
    return ("right", right) if right <= n - right else ("left", n - right)


def open_options(fe: Frontend, how: str = "keys") -> OptionsView:
    """From the title: O, or the joystick's '>' to OPTIONS and fire."""
    if prompt(fe.screen()).kind != "title":
        raise OptionsError(f"not on the title:\n{fe.screen().text()}")
    screen = fe.key("O") if how == "keys" else fe.menu("options")
    view = read_options(screen)
    if view.cursor != 0:
        raise OptionsError(f"the options screen opens with the '>' at {view.cursor}")
    return view


# A press on the options screen: the move ("up", "down", "left", "right", "fire"), what
# it is for, and what the screen must then show (None: it does; else what it shows).
Check = Callable[[OptionsView], str | None]
Press = tuple[str, str, Check]


LEVEL_CURSOR = len(ROWS) + 1        # the '>' on OPPONENTS (read_options' cursor)


def _preset_shown(want: str) -> Check:
    """The check of a press that changes the preset: ``want`` shown, its values white
    if STANDARD's (they may change), else black (c64/options.oph value_colour; BID
    EUCHRE shows none)."""
    def check(v: OptionsView) -> str | None:
        if v.preset != want:
            return f"the preset shown is {v.preset}"
        if v.editable != (want == "standard"):
            return f"the values are {'white' if v.editable else 'not all white'}"
        if want not in ("standard", "bid6") and v.value_colours != {FIXED_COLOUR}:
            return f"the values are in colours {sorted(v.value_colours)}, not black"
        return None
    return check


def _changed(option: str, before: object) -> Check:
    """The check of a press that changes STANDARD's ``option`` from ``before``: another
    value shown, and every value still white."""
    def check(v: OptionsView) -> str | None:
        if v.values[option] == before:
            return f"{option} still {before}"
        return None if v.editable else "the values are not all white"
    return check


def route(rules: Rules, view: OptionsView, level: str | None = None
          ) -> Generator[Press, OptionsView, OptionsView]:
    """The presses that take the options screen, opened as ``view``, to ``rules``: yields
    each press and is sent the screen it brought; returns the screen at the end, whose
    rows and code must be ``rules``. One route for every driver (the harness's
    :func:`choose_rules`, real VICE's tools/vice/options.py). OptionsError when the
    screen does not follow."""
    direction, count = _steps(PRESETS_SHOWN.index(view.preset),
                              PRESETS_SHOWN.index(rules.name), len(PRESETS_SHOWN))
    for _ in range(count):
        want = PRESETS_SHOWN[(PRESETS_SHOWN.index(view.preset)
                              + (1 if direction == "right" else -1)) % len(PRESETS_SHOWN)]
        view = yield direction, f"showing the preset {want}", _preset_shown(want)
    if rules.name == "standard":
        for i, (label, option, values) in enumerate(ROWS):
            view = yield "down", f"with the '>' on {label}", \
                lambda v, i=i: None if v.cursor == i + 1 else f"the '>' on line {v.cursor}"
            order = [v for v, _ in values]
            want_value = row_value(rules, option)
            direction, count = _steps(order.index(view.values[option]),
                                      order.index(want_value), len(values))
            for _ in range(count):
                before = view.values[option]
                view = yield direction, f"changing {label}", _changed(option, before)
            if view.values[option] != want_value:
                raise OptionsError(f"{label} shows {view.values[option]}, want {want_value}")
    if level is not None and view.level != level:
        # OPPONENTS is the last line: down from the last option row, up from the preset
        move = "down" if rules.name == "standard" else "up"
        view = yield move, "with the '>' on OPPONENTS", \
            lambda v: None if v.cursor == LEVEL_CURSOR else f"the '>' on line {v.cursor}"
        direction, count = _steps(LEVEL_ORDER.index(view.level), LEVEL_ORDER.index(level),
                                  len(LEVEL_ORDER))
        for _ in range(count):
            before = view.level
            view = yield direction, "changing OPPONENTS", \
                lambda v, b=before: None if v.level != b else f"OPPONENTS still {b}"
    if view_rules(view) != rules:
        raise OptionsError(f"the rows show {view_rules(view)}, want {rules}")
    if rules_from_code(view.code) != rules:
        raise OptionsError(f"the code {view.code!r} is not the rules chosen, "
                           f"{rules_code(rules)!r}")
    if level is not None and (view.level != level or (code_level(view.code) or "normal")
                              != level):
        raise OptionsError(f"OPPONENTS {view.level}, code {view.code!r}: want {level}")
    return view


def choose_rules(fe: Frontend, rules: Rules, how: str = "keys", level: str | None = None
                 ) -> OptionsView:
    """From the title, set ``rules`` (and the OPPONENTS line to ``level``, if given) on
    the options screen by keys (CRSR, RETURN) or the joystick alone, checking the
    screen after every press, and go back to the title; ``fe.rules`` is then ``rules``.
    OptionsError when the screen cannot."""
    why = offered(rules)
    if why:
        raise OptionsError(why)
    hand = _Hand(fe, how)
    steps = route(rules, open_options(fe, how), level)
    try:
        move, what, check = next(steps)
        while True:
            view = read_options(hand.press(move))
            problem = check(view)
            if problem:
                raise OptionsError(f"{how}, {move}: not {what}: {problem}")
            move, what, check = steps.send(view)
    except StopIteration as done:
        view = done.value
    screen = hand.press("fire")
    if prompt(screen).kind != "title":
        raise OptionsError(f"{how}: fire/RETURN did not go back to the title:\n"
                           f"{screen.text()}")
    fe.rules = rules
    return view


PRESET_NAMES = {0: "bit93", 1: "web", 2: "standard", 3: "bid6"}


def rules_in_ram(fe: Frontend) -> Rules:
    """The rules the program will play next, from its memory: the preset chosen
    (settings_preset) and the core's rules block."""
    c64 = fe.c64
    preset = c64.mem[c64.symbols.address("settings_preset")]
    if preset not in PRESET_NAMES:
        raise OptionsError(f"settings_preset holds {preset}, not a playable preset")
    back = {}
    for label, field in FIELDS:
        byte = c64.mem[c64.symbols.address(label)]
        default = getattr(Rules(), field)
        if isinstance(default, bool):
            back[field] = bool(byte)
        elif default in ENUMS:
            back[field] = next(v for v, b in ENUMS.items()
                               if b == byte and type(v) is type(default))
        else:
            back[field] = byte
    base = PRESETS[PRESET_NAMES[preset]]
    return apply_options(base, {k: _plain(v) for k, v in back.items()
                                if v != getattr(base, k)})


# The longest rules code the screen can make (60 characters after "RULES "): the
# dearest whole redraw, and the longest line of every value but PLAYERS' (bench).
LONGEST = "STD T100 S0 C1 A0 L1 DS FM JB P9999 V1 Q9 H1 N1 K32 X1"


def bench(prg: Path | str | None = None) -> dict[str, list[int]]:
    """Cycles from a key to the end of its screen update on the options screen (as
    ``python -m tools.frontend.bench`` measures the game's keys), per kind of key:
    every kind at STANDARD's defaults, then again with every option changed
    (LONGEST: the whole screen and the title drawn with the longest code, and
    PLAYERS 3 redrawing every value)."""
    fe = Frontend(prg)
    fe.boot()
    fe.key("O", kind="open")
    for key, kind in ((RIGHT, "preset, playable to playable"),
                      (RIGHT, "preset, playable to playable"),
                      (RIGHT, "preset, to or from BID EUCHRE"),
                      (RIGHT, "preset, to or from BID EUCHRE"),
                      (RIGHT, "preset, playable to playable"),
                      (RIGHT, "preset, playable to playable")):
        fe.key(key, kind=kind)
    for _ in ROWS:
        fe.key(CRSR_DOWN, kind="cursor")
        fe.key(RIGHT, kind="option")
        fe.key(LEFT, kind="option")
    fe.key(RETURN, kind="back to the title")
    _bench_longest(fe)
    out: dict[str, list[int]] = {}
    for t in fe.timings:
        if t.cycles is None:
            raise OptionsError(f"a {t.kind} key never finished its update")
        out.setdefault(t.kind, []).append(t.cycles)
    return out


def _bench_longest(fe: Frontend) -> None:
    """bench's second half: LONGEST set by keys, then the whole redraws with it."""
    keys = {"up": CRSR_UP, "down": CRSR_DOWN, "left": LEFT, "right": RIGHT}
    kinds = {"up": "cursor", "down": "cursor", "left": "option", "right": "option"}
    steps = route(rules_from_code(LONGEST), open_options(fe))
    try:
        move, _, _ = next(steps)
        while True:
            kind = kinds[move] if read_options(fe.screen()).cursor else \
                "preset, playable to playable"
            move, _, _ = steps.send(read_options(fe.key(keys[move], kind=kind)))
    except StopIteration as done:
        view = done.value
    if view.code != LONGEST:
        raise OptionsError(f"the bench set {view.code!r}, not {LONGEST!r}")
    fe.key(RETURN, kind="back to the title")
    fe.key("O", kind="open")
    fe.key(LEFT, kind="preset, playable to playable")           # WEB
    fe.key(RIGHT, kind="preset, playable to playable")          # STANDARD again
    fe.key(RIGHT, kind="preset, to or from BID EUCHRE")
    fe.key(LEFT, kind="preset, to or from BID EUCHRE")
    fe.key(CRSR_DOWN, kind="cursor")                            # PLAYERS
    fe.key(LEFT, kind="option")                                 # 3: every value redrawn
    fe.key(RETURN, kind="back to the title")


def main() -> int:
    from .driver import FRAME_CYCLES

    for kind, cycles in bench().items():
        print(f"{kind:32} {len(cycles):3} keys, worst {max(cycles):,} cycles "
              f"({max(cycles) / FRAME_CYCLES:.2f} frames)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
