"""Drive the whole C64 program through its keyboard, joystick and screen.

``Frontend`` runs ``build/euchre.prg`` under the harness the way a player
would: it boots to the title, sets options with the title's keys, types a game
number, starts a game and answers every prompt with key presses (or joystick
port 2). What it knows of the game it reads from screen and colour memory only
(:func:`south_hand`, :func:`status`, :func:`prompt`); the one thing it takes
from the 6502's state is the event stream, through an observing trap on
``hook_event`` decoded exactly as the core cross-check does
(:class:`tools.gamecore.core.EventDecoder`), so the game can be compared with pyengine.

The games themselves are played by tools/frontend/play.py, checked against pyengine
by tools/frontend/checkpoints.py, and timed by tools/frontend/bench.py.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from pyengine.core.options import options_of
from pyengine.core.rules import BIT93, Rules

from ..gamecore.core import EventDecoder, open_program
from ..machine.harness import C64
from .screen_read import (  # noqa: F401 - re-exported
    BACKS_COL,
    BACKS_ROW,
    BG_BACK,
    BG_FACE,
    BG_FELT,
    BG_HILITE,
    COL_BLACK,
    COL_GREY,
    COL_RED,
    COLOR_RAM,
    HAND_COLS,
    KEYS_BACK,
    KEYS_BID1,
    KEYS_BID2,
    KEYS_CARDS,
    KEYS_GAME_OVER,
    KEYS_RULES,
    MENU_CELLS,
    MENU_ITEMS,
    NAME_COL,
    NAME_ROW,
    RANK_GLYPHS,
    ROW_CHOICES,
    ROW_HAND,
    ROW_INFO,
    ROW_KEYS,
    ROW_MSG,
    ROW_STATUS,
    SCREEN_RAM,
    SEAT_WORDS,
    SPEEDS,
    SUIT_DISPLAY_ORDER,
    SUIT_WORDS,
    TRICK_COL,
    TRICK_ROW,
    UPCARD_COL,
    UPCARD_ROW,
    FrontendError,
    HandCard,
    LastTrick,
    Prompt,
    Screen,
    Status,
    bid_choices,
    display_key,
    display_order,
    keys_game_over,
    last_trick,
    menu_cursor,
    prompt,
    south_hand,
    status,
    title_number_line,
    title_options,
)
from .sheet_read import (  # noqa: F401 - re-exported
    SHEET_MAX,
    SheetRow,
    big_word,
    score_sheet,
)

DEFAULT_PRG = Path("build/euchre.prg")
GETIN = 0xFFE4
FRAME_CYCLES = 19_656                     # a PAL frame of real time (bad lines and IRQs in it)
KEYBUF_COUNT = 0x00C6                     # the KERNAL's count of keys in its buffer
BUDGET_CYCLES = 2 * FRAME_CYCLES          # a screen update after a key: two frames
STEP_CYCLES = 60_000_000                  # a run to the next prompt; past this it has hung

# PETSCII keys the program reads (c64/input.oph, c64/main.oph)
RETURN, SPACE, RIGHT, LEFT, DELETE, STOP = 0x0D, 0x20, 0x1D, 0x9D, 0x14, 0x03

# ---- the driver --------------------------------------------------------------------------

@dataclass
class KeyTiming:
    """Cycles from a key's GETIN (or a joystick change) to the end of its screen update."""

    kind: str
    start: int
    cycles: int | None = None
    ended_by: str = ""


WAIT_FRAME_END = 10  # wait_frame's INC seed_timer: two BIT abs + branch loops before it
HOLD_FRAMES = 6      # a person's key press: 120 ms (80-200 ms measured in VICE)
GAP_FRAMES = 4       # and the time between two presses at the least


class Frontend:
    """build/euchre.prg under the harness, driven by keys, read from the screen.

    Keys are pressed as a person presses them (``human=True``, the default): held
    in the keyboard matrix for ``hold_frames()`` PAL frames while the program runs,
    scanned into the KERNAL's buffer by the jiffy IRQ, repeated when held long
    (see tools/machine/keyboard.py), the next press at least GAP_FRAMES after the last
    release; joystick directions and fire are held likewise. ``human=False`` puts
    each key straight into GETIN with nothing down in the matrix: no C64 works
    that way, so only a test that says why may use it."""

    def __init__(self, prg: Path | str | None = None, map_path: Path | str | None = None,
                 *, human: bool = True, record_events: bool = False,
                 ram: str = "vice") -> None:
        if prg is None:
            from ..program.resources import default_program

            prg = default_program()
        self.c64 = open_program(prg, map_path, FrontendError, ram=ram)
        self.human = human
        self.rules: Rules = BIT93    # the rules it plays (options_screen.choose_rules sets)
        self.hold_frames: Callable[[], int] = lambda: HOLD_FRAMES
        self._free_at = 0            # cycle from which the next press may start
        self.events: list[dict] = []
        self._decoder = EventDecoder()
        self._stop_after: int | None = None
        # record_events: the screen once each event is drawn (tools/frontend/event_screens.py)
        self.drawn: dict[int, Screen] | None = {} if record_events else None
        self._last_decoded: int | None = None
        self.sid_span: dict[int, tuple[int, int]] = {}    # event -> its SID writes
        self.frames = 0                                   # wait_frame calls
        self.sid_start = 0
        self._game_pending = False
        self.pauses: dict[int, int] = {}                  # event -> frames it waited
        self._getin = self.c64._traps[GETIN].handler        # the harness's own GETIN
        self.c64.trap("hook_event", self._on_event, rts=False)
        self.c64.trap(GETIN, self._on_getin, name="GETIN")
        self.c64.trap("wait_frame", self._on_wait_frame, rts=False)
        self.c64.trap("core_game", self._on_game, rts=False)
        if record_events:          # the frame's end: past wait_frame's two raster loops
            self.c64.trap(self.c64.symbols.address("wait_frame") + WAIT_FRAME_END,
                          self._on_frame, rts=False, name="wait_frame end")
        self.timings: list[KeyTiming] = []
        self._pending_kinds: list[str] = []       # kinds of the queued keys, in order
        self._timing: KeyTiming | None = None

    # --- observing ------------------------------------------------------------------

    def _on_event(self, c64: C64) -> None:
        drawn = len(self.events)              # the events before this one are on screen
        last = self._last_decoded
        if self.drawn is not None and last is not None:
            self.drawn[last] = Screen.capture(c64.mem)
            self.sid_span[last] = (self.sid_span[last][0], len(c64.sid_writes))
            self.pauses[last] = self.frames - self.pauses[last]
        ev = self._decoder.decode(c64)
        self._last_decoded = None
        if ev is not None:
            self.events.append(ev)
            self._last_decoded = len(self.events) - 1
            if self.drawn is not None:
                self.sid_span[self._last_decoded] = (len(c64.sid_writes), len(c64.sid_writes))
                self.pauses[self._last_decoded] = self.frames
        if self._stop_after is not None and (
                drawn >= self._stop_after
                or (drawn and self.events[drawn - 1]["ev"] == "game_over")):
            c64.stop()                        # (an observer fires once: no repeat on resume)

    def _end_timing(self, by: str) -> None:
        t = self._timing
        if t is not None:
            t.cycles = self.c64.cycles - t.start
            t.ended_by = by
            self._timing = None

    def _on_getin(self, c64: C64) -> None:
        self._end_timing("GETIN")
        had_key = bool(c64.keys) or c64.mem[KEYBUF_COUNT] > 0
        self._getin(c64)
        if had_key and self._pending_kinds:
            kind = self._pending_kinds.pop(0)
            if kind:
                self._timing = KeyTiming(kind, c64.cycles)
                self.timings.append(self._timing)

    def _on_frame(self, c64: C64) -> None:
        self.frames += 1

    def _on_game(self, c64: C64) -> None:
        if self._game_pending:                    # the game start() began (not the next
            self._game_pending = False            # demo game's): the title tune came before
            self.sid_start = len(c64.sid_writes)

    def _on_wait_frame(self, c64: C64) -> None:
        self._end_timing("wait_frame")

    # --- running ----------------------------------------------------------------------

    def boot(self) -> Screen:
        self.c64.boot()
        return self.screen()

    def screen(self) -> Screen:
        return Screen.capture(self.c64.mem)

    def run(self, max_cycles: int = STEP_CYCLES) -> Screen:
        self.c64.run_until_idle(max_cycles)
        return self.screen()

    def _wait_to_press(self) -> None:
        """A person's fingers: no press starts before the last one is over."""
        if self.c64.cycles < self._free_at:
            self.c64.run_cycles(self._free_at - self.c64.cycles)

    def _held(self, hold: int | None) -> int:
        frames = self.hold_frames() if hold is None else hold
        self._free_at = self.c64.cycles + (frames + GAP_FRAMES) * FRAME_CYCLES
        return frames

    def key(self, key: str | int, kind: str = "", max_cycles: int = STEP_CYCLES,
            hold: int | None = None) -> Screen:
        """Press one key (text character, PETSCII code or matrix key name), let it
        go after ``hold`` frames (None: ``hold_frames()``), and run until the
        program waits for the next one.

        ``kind`` names the key for the timing figures (empty: not timed)."""
        if self.human:
            self._wait_to_press()
            self.c64.hold(key, self._held(hold))
        else:
            self.c64.type_keys(key)
        self._pending_kinds.append(kind)
        return self.run(max_cycles)

    def keys(self, *keys: str | int) -> Screen:
        for k in keys:
            self.key(k)
        return self.screen()

    def joystick(self, direction: str, kind: str = "", max_cycles: int = STEP_CYCLES,
                 hold: int | None = None) -> Screen:
        """Push the joystick (left, right, up, down or fire) for ``hold`` frames, let
        go, and run until the program waits for the next input."""
        if self.human:
            self._wait_to_press()
            self.c64.hold_joystick(direction, self._held(hold))
        else:
            self.c64.set_joystick(**{direction: True})
        if kind:
            self._timing = KeyTiming(kind, self.c64.cycles)
            self.timings.append(self._timing)
        self.run(max_cycles)
        if not self.human:
            self.c64.set_joystick()
        return self.run(max_cycles)

    # --- the title ----------------------------------------------------------------------

    def set_options(self, speed: str | None = None, sound: bool | None = None,
                    demo: bool | None = None) -> dict:
        """Press 3 / S / D on the title until rows 13, 16, 17 show what is asked."""
        for name, want, key, tries in (("speed", speed, "3", len(SPEEDS)), ("sound", sound, "S", 2),
                                       ("demo", demo, "D", 2)):
            if want is None:
                continue
            for _ in range(tries):
                if title_options(self.screen())[name] == want:
                    break
                self.key(key)
            else:
                raise FrontendError(f"key {key} never set {name} to {want}:\n"
                                    f"{self.screen().text()}")
        return title_options(self.screen())

    def enter_game_number(self, number: int) -> None:
        """4, the digits, RETURN: the title then shows the number."""
        self.key("4")
        if prompt(self.screen()).kind != "number":
            raise FrontendError(f"key 4 did not open the game number entry:\n"
                                f"{self.screen().text()}")
        for d in str(number):
            self.key(d)
        self.key(RETURN)
        shown = title_number_line(self.screen())
        if shown != f"4  GAME NUMBER {number}":
            raise FrontendError(f"the title shows {shown!r} after typing game {number}")

    def menu(self, item: str) -> Screen:
        """By joystick alone: move the title's '>' to ``item`` (up or down, the short
        way round) and press fire."""
        n = len(MENU_ITEMS)
        for _ in range(n):
            at = menu_cursor(self.screen())
            if at is None:
                raise FrontendError(f"no menu cursor on the title:\n{self.screen().text()}")
            if at == item:
                return self.joystick("fire")
            steps = (MENU_ITEMS.index(item) - MENU_ITEMS.index(at)) % n
            self.joystick("down" if steps <= n // 2 else "up")
        raise FrontendError(f"the joystick never brought the '>' to {item}:\n"
                            f"{self.screen().text()}")

    def dial_game_number(self, number: int | str, long_way: bool = False) -> Screen:
        """By joystick alone: the game number item, each digit dialled up or down (the
        short way from 0; ``long_way``: up, past 9 and round again), right to take it,
        fire to end the entry."""
        self.menu("number")
        if prompt(self.screen()).kind != "number":
            raise FrontendError(f"fire on the game number did not open its entry:\n"
                                f"{self.screen().text()}")
        for d in (int(c) for c in str(number)):
            if long_way:
                for _ in range(d + 10):
                    self.joystick("up")
                self.joystick("right")
                continue
            for _ in range(d if d <= 5 else 10 - d):
                self.joystick("up" if d <= 5 else "down")
            self.joystick("right")
        return self.joystick("fire")

    def forget_events(self) -> None:
        """Begin a new game's events: none yet, the decoder set for ``self.rules``
        (its seats: three in cutthroat)."""
        self.events = []
        self._decoder.reset(self.rules)
        self._last_decoded = None

    def start(self, number: int | None = None, *, speed: str = "NO WAIT",
              sound: bool = True, demo: bool = False, wait_frames: int = 0,
              stop_after: int | None = None, how: str = "keys") -> Screen:
        """From the title: options, game number (None: the frame counter's), RETURN;
        run until the program waits for a key (or ``stop_after`` events are drawn).

        ``how``: "keys" (4, the digits, RETURN; RETURN starts), "1" (the same, key 1
        starts) or "joystick" (the number dialled the long way round, fire on START)."""
        if prompt(self.screen()).kind != "title":
            raise FrontendError(f"not on the title screen:\n{self.screen().text()}")
        self.set_options(speed, sound, demo)
        if number is not None and how == "joystick":
            self.dial_game_number(number, long_way=True)
            if title_number_line(self.screen()) != f"4  GAME NUMBER {number}":
                raise FrontendError(f"the title shows {title_number_line(self.screen())!r} "
                                    f"after dialling game {number}")
        elif number is not None:
            self.enter_game_number(number)
        elif title_number_line(self.screen()) != "4  GAME NUMBER RANDOM":
            self.keys("4", RETURN)                 # an empty entry: random again
            if title_number_line(self.screen()) != "4  GAME NUMBER RANDOM":
                raise FrontendError(f"4 RETURN did not make the game number random:\n"
                                    f"{self.screen().text()}")
        if wait_frames:
            self.c64.run_frames(wait_frames)
        if how == "joystick":                 # the '>' to START, fire pressed below
            while menu_cursor(self.screen()) not in ("start", None):
                self.joystick("up")
            if menu_cursor(self.screen()) != "start":
                raise FrontendError(f"the joystick's '>' is lost:\n{self.screen().text()}")
        self.forget_events()
        if self.drawn is not None:
            self.drawn, self.sid_span, self.pauses = {}, {}, {}
        self.sid_start = len(self.c64.sid_writes)     # the game's first SID write
        self._game_pending = True                      # (core_game's own, see _on_game)
        key = "1" if how == "1" else RETURN
        if how == "joystick":
            self._wait_to_press()
            self.c64.hold_joystick("fire", self._held(None))
        elif self.human:
            self._wait_to_press()
            self.c64.hold(key, self._held(None))
        else:
            self.c64.type_keys(key)
        self._pending_kinds.append("")
        return self.run_to_event(stop_after) if stop_after else self.run()

    def run_to_event(self, count: int, max_cycles: int = STEP_CYCLES) -> Screen:
        """Run until ``count`` events have happened and are drawn (the program reports
        the next one or waits for a key), or the game is over and the next one (a
        demo plays on by itself) reports its first event."""
        self._stop_after = count
        try:
            self.c64.run_until_idle(max_cycles)
        finally:
            self._stop_after = None
        return self.screen()

    def transcript(self, seed: int) -> dict:
        return {"format": "euchre-transcript/1", "rules": self.rules.name,
                "options": options_of(self.rules), "seed": seed, "events": list(self.events)}
