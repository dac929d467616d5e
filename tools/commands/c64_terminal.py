"""The real C64 program in a terminal: ``euchre c64`` (without ``--auto``).

:func:`interactive` draws the emulated screen whenever the program waits for a
key, reads a line, turns it into key presses and joystick pushes
(:func:`parse_line`) made as a person makes them (tools/frontend/driver.Frontend), and
prints a line for each game event in between (:func:`describe_event`).
"""

from __future__ import annotations

from pathlib import Path

from pyengine.core.rules import BIT93, Rules

from ..frontend.driver import (
    DELETE,
    LEFT,
    RETURN,
    RIGHT,
    SPACE,
    STOP,
    Frontend,
    Screen,
    prompt,
)
from ..frontend.options_screen import choose_rules, rules_in_ram
from ..frontend.screen_read import game_number
from ..machine.harness import HarnessError
from ..machine.screen import COLS, ROWS
from .c64_frame import Row, frame_lines

WORDS = {"return": RETURN, "ret": RETURN, "enter": RETURN, "left": LEFT, "right": RIGHT,
         "stop": STOP, "space": SPACE, "del": DELETE}
JOY_WORDS = {"f": "fire", "fire": "fire", "jleft": "left", "jright": "right", "jup": "up",
             "jdown": "down"}


def parse_line(line: str) -> list[tuple[str, str | int]]:
    """A typed line as inputs: ('key', code or character) and ('joy', direction).

    Words (any case): return/enter, left, right, stop (RUN/STOP), space, del, and
    f/fire, jleft/jright/jup/jdown for joystick 2; any other word is typed character
    by character. An empty line is RETURN."""
    out: list[tuple[str, str | int]] = []
    for word in line.split():
        w = word.lower()
        if w in WORDS:
            out.append(("key", WORDS[w]))
        elif w in JOY_WORDS:
            out.append(("joy", JOY_WORDS[w]))
        else:
            out.extend(("key", ch) for ch in word)
    return out or [("key", RETURN)]


def ansi_screen(mem, screen: Screen) -> str:
    """The screen in 24-bit ANSI colours: each cell's colour RAM on its ECM background."""
    return "\n".join(ansi_row(mem, screen, row) for row in range(ROWS))


def ansi_row(mem, screen: Screen, row: int, cols: int = COLS) -> str:
    """Row ``row``'s first ``cols`` cells in 24-bit ANSI colours."""
    from ..machine.screen import PALETTE, vic_setup

    vic = vic_setup(mem)
    parts, last = [], None
    for col in range(cols):
        fg = PALETTE[screen.colour(row, col)]
        _, bg_index = vic.glyph_and_background(screen.codes[row * COLS + col])
        pair = (fg, PALETTE[bg_index])
        if pair != last:
            parts.append("\x1b[38;2;{};{};{}m\x1b[48;2;{};{};{}m".format(*pair[0], *pair[1]))
            last = pair
        parts.append(screen.char(row, col))
    return "".join(parts) + "\x1b[0m"


def frame_rows(mem, screen: Screen, colour: bool) -> list[Row]:
    """The screen's rows for :func:`frame_lines`: text, as shown, and shown without the
    trailing blanks."""
    out = []
    for r in range(ROWS):
        text = screen.row(r)
        cut = len(text.rstrip())
        out.append(Row(text, ansi_row(mem, screen, r) if colour else text,
                       ansi_row(mem, screen, r, cut) if colour else text[:cut]))
    return out


SEATS = ("South", "West", "North", "East")
CONTRACTS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs",
             "high": "no-trump high", "low": "no-trump low"}


def describe_event(e: dict) -> str:
    """One short line for an event of any rule set (the terminal's narration)."""
    seat = SEATS
    ev = e["ev"]
    if ev == "first_dealer":
        if not e.get("cards"):                  # a random first dealer: no card dealt
            return f"{seat[e['dealer']]} is drawn to deal first"
        return f"{seat[e['dealer']]} gets the first black jack and deals"
    if ev == "deal":
        upcard = f", upcard {e['upcard']}" if e.get("upcard") else ""
        return f"hand {e['hand']}: {seat[e['dealer']]} deals{upcard}"
    if ev == "joker_suit":
        return f"{seat[e['seat']]} names {e['suit']} for the joker"
    if ev == "redeal":
        what = "asks for a new deal" if e["call"] == "redeal" else "keeps the hand"
        return f"{seat[e['seat']]} {what} ({e['reason'].replace('_', ' ')})"
    if ev == "bid":
        if e["call"] == "pass":
            return f"{seat[e['seat']]} passes"
        if e["call"] == "bid":
            return f"{seat[e['seat']]} bids {e['tricks']}"
        what = "orders up" if e["call"] == "order" else f"names {e['suit']}"
        return f"{seat[e['seat']]} {what}{' alone' if e['alone'] else ''}"
    if ev == "declare":
        return f"{seat[e['seat']]} declares {CONTRACTS.get(e['trump'], e['trump'])}"
    if ev == "defend":
        return f"{seat[e['seat']]} defends {'alone' if e['alone'] else 'with his partner'}"
    if ev == "discard":
        return f"{seat[e['seat']]} discards"
    if ev == "play":
        return f"{seat[e['seat']]} plays {e['card']}"
    if ev == "trick":
        return f"{seat[e['winner']]} takes the trick"
    if ev == "passed_out":
        return "all passed twice: no hand"
    if ev == "score":
        return f"score: tricks {e['tricks']}, points {e['points']}, total {e['total']}"
    if ev == "game_over":
        if len(e["total"]) == 3:                # cutthroat: the winner is a seat
            return f"game over: {seat[e['winner']]} wins {e['total']}"
        return f"game over: {'we' if e['winner'] == 0 else 'they'} win {e['total']}"
    return f"event {ev}: " + ", ".join(f"{k} {v}" for k, v in e.items() if k != "ev")


def interactive(prg: Path, *, seed: int | None = None, read=input, write=print,
                colour: bool = False, max_cycles: int = 400_000_000,
                rules: Rules = BIT93, height: int | None = None,
                width: int = 80) -> tuple[int | None, list[dict], Rules]:
    """Run the program in a terminal: draw, read a line, send its keys, run, redraw.

    The screen is drawn whenever the program waits for a key. Keys are pressed as
    a person presses them (held 6 frames); the computer's pauses last what the
    title's speed says (key 3: NO WAIT makes the terminal quickest). ``rules`` other
    than Bit #93's are first set on the options screen by its keys, as a player
    would (tools/options_screen.py). Returns the last game's number (as row 0
    showed it), its 6502 events and the rules in force (read from the program's
    memory: the player may have changed them) when the input ends (EOF or Ctrl-C).
    ``height`` and ``width``: the terminal's size, the frame fitted to it
    (tools/commands/c64_frame.py); None, the whole frame (a pipe, a file).
    """
    fe = Frontend(prg)
    fe.boot()
    if rules != BIT93:
        choose_rules(fe, rules, "keys")
    if seed is not None:
        fe.enter_game_number(seed)
    seen, number = 0, None
    while True:
        screen = fe.screen()
        shown = game_number(screen)
        if shown is not None:
            number = shown
        new = fe.events[seen:] if len(fe.events) >= seen else fe.events
        told = ["  " + describe_event(e) for e in new]
        seen = len(fe.events)
        for line in frame_lines(frame_rows(fe.c64.mem, screen, colour), told, height, width):
            write(line)
        try:
            line = read("keys> ")
        except (EOFError, KeyboardInterrupt):
            write("")
            return number, _last_game(fe.events), rules_in_ram(fe)
        if prompt(screen).kind == "title":      # the next game plays the rules chosen
            fe.rules = rules_in_ram(fe)         # (the options screen may change them)
            fe.forget_events()
            seen = 0
        try:
            for how, key in parse_line(line):
                if how == "joy":
                    fe.joystick(key, max_cycles=max_cycles)
                else:
                    fe.key(key, max_cycles=max_cycles)
        except HarnessError as exc:
            if "cannot type" in str(exc) or "unknown key" in str(exc):
                write(f"({exc})")
                continue
            raise
        except KeyboardInterrupt:
            write("")
            return number, _last_game(fe.events), rules_in_ram(fe)


def _last_game(events: list[dict]) -> list[dict]:
    starts = [i for i, e in enumerate(events) if e["ev"] == "first_dealer"]
    return events[starts[-1]:] if starts else events


