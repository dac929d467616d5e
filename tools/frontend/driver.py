"""Drive the whole C64 program through its keyboard, joystick and screen.

``Frontend`` runs ``build/euchre.prg`` under the harness the way a player
would: it boots to the title, sets options with the title's keys, types a game
number, starts a game and answers every prompt with key presses (or joystick
port 2). What it knows of the game it reads from screen and colour memory only
(:func:`south_hand`, :func:`status`, :func:`prompt`); the one thing it takes
from the 6502's state is the event stream, through an observing trap on
``hook_event`` decoded exactly as the core cross-check does
(:class:`tools.gamecore.core.EventDecoder`), so the game can be compared with pyengine.

:func:`play` plays one game with South choosing random legal moves (the legal
moves come from pyengine replaying the 6502's transcript so far), checks the
screen against the engine at every South prompt and, with ``fuzz``, presses
random keys that must not decide anything before each real choice.

``python -m tools.frontend.driver --bench`` measures the cycles from a key press to the
end of the screen update it causes (the next GETIN poll or the first
``wait_frame``), per kind of key. ``--games N --fuzz`` plays N games by hand.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from pyengine.core.cards import SUITS, card_name, parse_card
from pyengine.core.game import BidAction, DiscardAction, GameState, PlayAction
from pyengine.core.rules import BIT93
from pyengine.players.player import RefPlayer
from pyengine.players.runner import play_game
from pyengine.records.replay import ReplayError, replay
from pyengine.records.transcript import Transcript, from_game

from ..gamecore.core import EventDecoder, open_program
from ..machine.harness import C64
from .screen_read import (  # noqa: F401 - re-exported: tools.frontend.driver is the driver's API
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
    SHEET_MAX,
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
    SheetRow,
    Status,
    bid_choices,
    display_key,
    display_order,
    last_trick,
    menu_cursor,
    prompt,
    score_sheet,
    south_hand,
    status,
    title_number_line,
    title_options,
)
from .screen_regions import table_problems

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
        self.events = []
        self._decoder.reset()
        self._last_decoded = None
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
        return {"format": "euchre-transcript/1", "rules": "bit93", "options": {},
                "seed": seed, "events": list(self.events)}


# ---- the engine's view of the 6502's game ---------------------------------------------

def engine_state(seed: int, events: list[dict]) -> GameState:
    """pyengine's state after replaying the 6502's events (each must be accepted)."""
    game = None
    try:
        for step in replay(Transcript("bit93", seed, list(events))):
            game = step.game
    except ReplayError as exc:
        if not str(exc).startswith("transcript ends before the game is over"):
            raise FrontendError(f"game {seed}: pyengine rejects the 6502's events: {exc}") \
                from None
    if game is None:
        raise FrontendError(f"game {seed}: no event to replay yet")
    return game


def as_action(choice: tuple):
    """A Request-style tuple (('pass',), ('order', suit, alone), ...) as an engine action."""
    if choice[0] == "pass":
        return BidAction("pass")
    if choice[0] in ("order", "name"):
        return BidAction(choice[0], choice[1], choice[2])
    if choice[0] == "discard":
        return DiscardAction(choice[1])
    return PlayAction(choice[1])


def south_actions(events: list[dict]) -> list:
    """South's decisions in a transcript, as engine actions."""
    out = []
    for e in events:
        if e.get("seat") != 0 or e["ev"] not in ("bid", "discard", "play"):
            continue
        if e["ev"] == "bid":
            out.append(BidAction(e["call"], None if e["suit"] is None
                                 else SUITS.index(e["suit"]), e["alone"]))
        elif e["ev"] == "discard":
            out.append(DiscardAction(parse_card(e["card"])))
        else:
            out.append(PlayAction(parse_card(e["card"])))
    return out


class ScriptedPlayer:
    """Seat 0 replaying a list of decisions (what South did on the C64)."""

    def __init__(self, actions: list) -> None:
        self._actions = list(actions)

    def decide(self, view):
        if not self._actions:
            raise FrontendError("pyengine asks South for more decisions than the C64 made")
        action = self._actions.pop(0)
        if action not in view.legal:
            raise FrontendError(f"South's {action} is not legal in pyengine here")
        return action


def engine_events(seed: int, actions: list) -> list[dict]:
    """pyengine's game: seat 0 replays ``actions``, seats 1-3 RefPlayer()."""
    players = [ScriptedPlayer(actions), RefPlayer(), RefPlayer(), RefPlayer()]
    return from_game(play_game(BIT93, seed, players)).events


def first_difference(a: list[dict], b: list[dict]) -> str | None:
    for i in range(max(len(a), len(b))):
        x = a[i] if i < len(a) else None
        y = b[i] if i < len(b) else None
        if x != y:
            return f"event {i}:\n  6502:     {x}\n  pyengine: {y}"
    return None


# ---- checkpoints: the screen against the engine ----------------------------------------

def check_screen(screen: Screen, game: GameState, seed: int) -> list[str]:
    """What differs between the table on screen and pyengine's state (empty: nothing)."""
    problems = []
    st = status(screen)
    if st.game != seed:
        problems.append(f"game number {st.game}, engine {seed}")
    if st.total != tuple(game.total):
        problems.append(f"score WE {st.total[0]} THEY {st.total[1]}, engine {game.total}")
    hand = [h.card for h in south_hand(screen)]
    want_hand = display_order(game.hands[0], game.trump)
    if hand != want_hand:
        problems.append(f"South's hand {[card_name(c) for c in hand]}, engine "
                        f"{[card_name(c) for c in want_hand]} (display order)")
    if game.trump is None:
        if st.trump is not None:
            problems.append(f"row 1 shows trump {SUITS[st.trump]} before anyone made it")
    else:
        if (st.trump, st.maker, st.alone) != (game.trump, game.maker, game.alone):
            problems.append(f"row 1 trump/maker/alone {st.trump}/{st.maker}/{st.alone}, "
                            f"engine {game.trump}/{game.maker}/{game.alone}")
        if st.tricks != tuple(game.tricks_won):
            problems.append(f"tricks {st.tricks}, engine {game.tricks_won}")
    for seat in range(4):
        name = screen.row(NAME_ROW[seat])[NAME_COL[seat]:NAME_COL[seat] + 7].rstrip()
        want = SEAT_WORDS[seat] + (" D" if seat == game.dealer else "")
        if name != want:
            problems.append(f"seat {seat} name shows {name!r}, want {want!r}")
    for seat in (1, 2, 3):
        r, c = BACKS_ROW[seat], BACKS_COL[seat]
        if seat == game.sitting_out:
            if screen.row(r)[c:c + 3] != "OUT":
                problems.append(f"seat {seat} sits out but shows {screen.row(r)[c:c + 5]!r}")
            continue
        backs = sum(screen.bg(r, c + i) == BG_BACK for i in range(5))
        if backs != len(game.hands[seat]):
            problems.append(f"seat {seat} shows {backs} backs, holds {len(game.hands[seat])}")
    if game.phase.value == "play":
        on_table = dict(game.trick)
        for seat in range(4):
            shown = screen.card_at(TRICK_ROW[seat], TRICK_COL[seat])
            if shown != on_table.get(seat):
                problems.append(f"trick: seat {seat} shows {shown}, engine {on_table.get(seat)}")
    if game.phase.value == "bid1":
        up = screen.card_at(UPCARD_ROW, UPCARD_COL)
        if up != game.upcard:
            problems.append(f"upcard {up}, engine {game.upcard}")
    if game.phase.value == "discard" and screen.card_at(UPCARD_ROW, UPCARD_COL) is not None:
        problems.append("the discard: the upcard is in the middle and in South's hand")
    if game.phase.value == "bid2":
        label = screen.row(UPCARD_ROW - 1)[14:25]
        up = screen.card_at(UPCARD_ROW, UPCARD_COL, dim=True) \
            if screen.colour(UPCARD_ROW, UPCARD_COL) == COL_GREY else None
        if label != "TURNED DOWN" or up != game.upcard:
            problems.append(f"round 2: the upcard is not shown turned down (label {label!r}, "
                            f"card {up}, engine {game.upcard} in grey)")
    return problems


# ---- playing a whole game --------------------------------------------------------------

@dataclass
class PlayedGame:
    seed: int
    events: list[dict]
    prompts: int = 0
    fuzz_keys: int = 0
    buzzes: int = 0
    checkpoints: int = 0
    final: Screen | None = None
    choices: list = field(default_factory=list)      # what the driver chose, as actions


def _bid_tuple(action: BidAction, bid_round: int) -> tuple:
    if action.call == "pass":
        return ("pass",)
    if bid_round == 1:
        return ("order", action.alone)
    return ("name", action.suit, action.alone)


def _legal_slots(hand: list[HandCard], game: GameState) -> set[int]:
    legal = {a.card for a in game.legal_actions()}
    return {h.slot for h in hand if h.card in legal}


def _selected_slot(screen: Screen) -> int | None:
    return next((h.slot for h in south_hand(screen) if h.selected), None)


class _Fuzzer:
    """Random keys that must not decide anything at the current prompt."""

    LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    OTHER = [0x11, 0x91, 0x13, 0x93, 0x85, 0x86, 0x87, 0x88, DELETE, 0x22, 0x2A, 0x2F,
             0xC1, 0xD3, 0xC8, 0xC4, 0xC3, 0xD0, 0xCF, 0x8D, 0xDE, 0x01, 0x5E]

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def candidate(self) -> tuple[str, str | int]:
        r = self.rng.random()
        if r < 0.2:
            return "key", self.rng.choice("0123456789")
        if r < 0.45:
            return "key", self.rng.choice(self.LETTERS)
        if r < 0.55:
            return "key", self.rng.choice(self.OTHER)
        if r < 0.7:
            return "key", self.rng.choice((LEFT, RIGHT))
        if r < 0.85:
            return "joy", self.rng.choice(("left", "right", "up", "down"))
        if r < 0.93:
            return "key", self.rng.choice((RETURN, SPACE))
        return "joy", "fire"


def _decides(kind: str, how: str, key, screen: Screen, game: GameState,
             alone_toggle: bool) -> bool:
    """Would this key (or joystick move) answer the prompt? (read from the screen)"""
    fire = (how == "key" and key in (RETURN, SPACE)) or (how == "joy" and key == "fire")
    if kind in ("play", "discard"):
        hand = south_hand(screen)
        legal = _legal_slots(hand, game)
        if fire:
            return _selected_slot(screen) in legal
        if how == "key" and isinstance(key, str) and key.isdigit():
            return int(key) - 1 in legal
        return False
    if fire:
        return True                       # every bid on row 21 is legal
    if how != "key" or not isinstance(key, str):
        return False
    legal = {_bid_tuple(a, game.bid_round) for a in game.legal_actions()}
    if key == "P":
        return True
    if kind == "bid1":
        if key == "O":
            return ("order", False) in legal
        return key == "A"
    if key in "SHDC" and len(key) == 1:
        return ("name", "SHDC".index(key), alone_toggle) in legal
    return False


def play(fe: Frontend, seed: int | None, rng: random.Random, *, fuzz: int = 0,
         check: bool = True, wait_frames: int = 0, speed: str = "NO WAIT",
         on_prompt: Callable[[Frontend, Prompt], None] | None = None,
         timed: bool = False, max_prompts: int | None = None,
         choose: Callable[[GameState, random.Random], object] | None = None,
         start: str = "keys", sound: bool = True) -> PlayedGame:
    """Play one game from the title: South random legal moves by keys and joystick.

    ``seed`` None: the game number comes from the title's frame counter (after
    ``wait_frames`` frames) and is read from the screen. ``fuzz``: up to that
    many random non-deciding keys before each choice, each checked to change
    nothing; keys are then held 2-12 frames (drawn from ``rng``). ``check``:
    compare the screen with pyengine at every prompt.
    ``max_prompts``: stop (at a prompt, unanswered) after answering that many.
    ``choose``: South's decision (default: a random legal action).
    ``start``: how the game number is entered and the game started (Frontend.start).
    Raises FrontendError (or a HarnessFault) at the first problem.
    """
    if fuzz:
        fe.hold_frames = lambda: rng.randint(2, 12)   # fuzzing: short and long presses
    fe.start(seed, speed=speed, wait_frames=wait_frames, how=start, sound=sound)
    screen = fe.screen()
    number = status(screen).game
    if seed is not None and number != seed:
        raise FrontendError(f"typed game {seed}, the table shows game {number}")
    played = PlayedGame(number, fe.events)
    fuzzer = _Fuzzer(rng)
    while True:
        p = prompt(screen)
        if p.kind == "game_over" or played.prompts == max_prompts:
            break
        if p.kind not in ("bid1", "bid2", "discard", "play"):
            raise FrontendError(f"game {number}: the program waits, but not for South's "
                                f"decision (after event {len(fe.events)}):\n{screen.text()}")
        played.prompts += 1
        first = screen                        # the prompt as it is first shown
        if on_prompt:
            on_prompt(fe, p)                  # may press keys that decide nothing
            screen = fe.screen()
            p = prompt(screen)
        game = engine_state(number, fe.events)
        if game.turn != 0 or game.phase.value != p.kind:
            raise FrontendError(f"game {number}: screen asks {p.kind}, engine expects seat "
                                f"{game.turn} to {game.phase.value}")
        if check:
            problems = check_screen(screen, game, number)
            problems += table_problems(first, number, game, fe.events, p.kind)
            if p.kind.startswith("bid"):
                want = tuple(_bid_tuple(a, game.bid_round) for a in game.legal_actions())
                if p.choices != want:
                    problems.append(f"row 21 offers {p.choices}, engine {want}")
            if problems:
                raise FrontendError(f"game {number}, event {len(fe.events)}: "
                                    + "; ".join(problems) + "\n" + screen.text())
            played.checkpoints += 1
        alone = False
        for _ in range(rng.randint(0, fuzz) if fuzz else 0):
            for _try in range(20):
                how, key = fuzzer.candidate()
                if not _decides(p.kind, how, key, screen, game, alone):
                    break
            else:
                continue
            if (how, key) in LOOK_KEYS:
                _, screen = look_at_last_trick(fe, how, key, rng, timed)
                played.fuzz_keys += 2
                continue
            before_events, before = len(fe.events), screen
            sid_before = len(fe.c64.sid_writes)
            kind = _fuzz_kind(p.kind, how, key, screen, game)
            screen = fe.joystick(key, kind if timed else "") if how == "joy" else \
                fe.key(key, kind if timed else "")
            played.fuzz_keys += 1
            if len(fe.c64.sid_writes) > sid_before:
                played.buzzes += 1
            if p.kind == "bid2" and key == "A":
                alone = not alone
            if len(fe.events) != before_events or prompt(screen).kind != p.kind:
                raise FrontendError(f"game {number}: fuzz key {key!r} ({how}) at {p.kind} "
                                    f"changed the game:\n{screen.text()}")
            if [h.card for h in south_hand(screen)] != [h.card for h in south_hand(before)] \
                    or screen.codes[:80] != before.codes[:80]:
                raise FrontendError(f"game {number}: fuzz key {key!r} ({how}) changed the "
                                    f"hand or the status rows:\n{screen.text()}")
        action = choose(game, rng) if choose else rng.choice(game.legal_actions())
        played.choices.append(action)
        before_events = len(fe.events)
        screen = _answer(fe, p.kind, action, screen, game, rng, alone, timed)
        taken = fe.events[before_events:before_events + 1]
        if south_actions(taken) != [action]:
            raise FrontendError(f"game {number}: South's keys for {action} at {p.kind} "
                                f"gave {taken or 'no event'}:\n{screen.text()}")
    played.final = screen
    return played


def engine_last_trick(events: list[dict]) -> tuple[dict[int, int], int] | None:
    """The last trick taken in a transcript so far: ({seat: card}, winner), or None."""
    ends = [i for i, e in enumerate(events) if e["ev"] == "trick"]
    if not ends:
        return None
    end = start = ends[-1]
    while start > 0 and events[start - 1]["ev"] == "play":   # a trick's plays precede it
        start -= 1
    plays = events[start:end]
    return {e["seat"]: parse_card(e["card"]) for e in plays}, events[end]["winner"]


LOOK_KEYS: tuple[tuple[str, str | int], ...] = (("key", "L"), ("joy", "up"))
BACK_KEYS: tuple[tuple[str, str | int], ...] = (
    ("key", SPACE), ("key", RETURN), ("key", "1"), ("key", "P"), ("key", "L"),
    ("key", LEFT), ("joy", "fire"), ("joy", "left"), ("joy", "up"), ("joy", "down"))


def look_at_last_trick(fe: Frontend, how: str, key: str | int, rng: random.Random,
                       timed: bool = False) -> tuple[LastTrick, Screen]:
    """Press L (or push the joystick up) at a South prompt: the screen must show the
    engine's last trick (or say there is none); then any key or joystick move must
    bring back the prompt exactly as it was (screen and colours) and decide nothing.
    Returns what the view showed and the screen after."""
    before, events = fe.screen(), len(fe.events)
    view_screen = fe.joystick(str(key), "last trick" if timed else "") if how == "joy" \
        else fe.key(key, "last trick" if timed else "")
    if prompt(view_screen).kind != "last_trick":
        raise FrontendError(f"{key!r} ({how}) did not show the last trick:\n"
                            f"{view_screen.text()}")
    view = last_trick(view_screen)
    want = engine_last_trick(fe.events)
    got = (view.cards, view.winner) if view.winner is not None else None
    if got != want:
        raise FrontendError(f"the last trick shows {got}, engine {want}:\n"
                            f"{view_screen.text()}")
    back_how, back_key = rng.choice(BACK_KEYS)
    kind = "back from last trick" if timed else ""
    after = fe.joystick(str(back_key), kind) if back_how == "joy" else fe.key(back_key, kind)
    if len(fe.events) != events or after != before:
        raise FrontendError(f"{back_key!r} ({back_how}) after the last trick did not bring "
                            f"the prompt back as it was:\n{after.text()}")
    return view, after


def _fuzz_kind(kind: str, how: str, key, screen: Screen, game: GameState) -> str:
    if how == "joy" and key in ("left", "right") or how == "key" and key in (LEFT, RIGHT):
        return "bid cursor move" if kind.startswith("bid") else "card cursor move"
    if kind in ("play", "discard") and (
            (how == "key" and isinstance(key, str) and key.isdigit()
             and 0 < int(key) <= len(south_hand(screen)))
            or (how == "key" and key in (RETURN, SPACE)) or (how == "joy" and key == "fire")):
        return "illegal card"
    if kind == "bid2" and key == "A":
        return "alone toggle"
    if kind.startswith("bid") and isinstance(key, str) and key in "SHDCO" and len(key) == 1:
        return "refused bid"
    return "ignored key"


def _move(fe: Frontend, steps: int, n: int, rng: random.Random, timed: bool,
          kind: str) -> Screen:
    """Move a cursor ``steps`` places right (negative: left) on a ring of n, by keys
    or joystick, sometimes the long way round."""
    if n and rng.random() < 0.25:
        steps = steps - n if steps > 0 else steps + n
    screen = fe.screen()
    for _ in range(abs(steps)):
        right = steps > 0
        if rng.random() < 0.5:
            screen = fe.key(RIGHT if right else LEFT, kind if timed else "")
        else:
            screen = fe.joystick("right" if right else "left", kind if timed else "")
    return screen


def _fire(fe: Frontend, rng: random.Random, timed: bool, kind: str) -> Screen:
    r = rng.random()
    if r < 0.5:
        return fe.key(RETURN, kind if timed else "")
    if r < 0.75:
        return fe.key(SPACE, kind if timed else "")
    return fe.joystick("fire", kind if timed else "")


def _answer(fe: Frontend, kind: str, action, screen: Screen, game: GameState,
            rng: random.Random, alone: bool, timed: bool) -> Screen:
    """Make South's choice with the keys the screen shows (or the cursor)."""
    if kind in ("play", "discard"):
        what = "playing a card" if kind == "play" else "discarding"
        hand = south_hand(screen)
        slot = next(h.slot for h in hand if h.card == action.card)
        if rng.random() < 0.5:
            return fe.key(str(slot + 1), what if timed else "")
        at = _selected_slot(screen)
        if at is None:
            raise FrontendError(f"no card is under the cursor at the {kind} prompt:\n"
                                f"{screen.text()}")
        _move(fe, slot - at, len(hand), rng, timed, "card cursor move")
        if _selected_slot(fe.screen()) != slot:
            raise FrontendError(f"the cursor did not reach card {slot + 1}:\n"
                                f"{fe.screen().text()}")
        return _fire(fe, rng, timed, what)
    choice = _bid_tuple(action, game.bid_round)
    p = prompt(screen)
    if rng.random() < 0.5:
        index = p.choices.index(choice)
        at = p.selected or 0
        _move(fe, index - at, len(p.choices), rng, timed, "bid cursor move")
        if prompt(fe.screen()).selected != index:
            raise FrontendError(f"the '>' did not reach bid {index}:\n{fe.screen().text()}")
        return _fire(fe, rng, timed, "bid")
    if choice[0] == "pass":
        return fe.key("P", "bid" if timed else "")
    if kind == "bid1":
        return fe.key("A" if choice[1] else "O", "bid" if timed else "")
    if choice[2] != alone:
        fe.key("A", "alone toggle" if timed else "")
    return fe.key("SHDC"[choice[1]], "bid" if timed else "")


def check_identity(played: PlayedGame) -> None:
    """The 6502's transcript equals pyengine's game with South's choices replayed."""
    events = played.events
    if not events or events[-1]["ev"] != "game_over":
        raise FrontendError(f"game {played.seed}: the transcript does not end in game_over")
    done = south_actions(events)
    if played.choices and done != played.choices:
        raise FrontendError(f"game {played.seed}: South chose {played.choices}, the 6502 "
                            f"recorded {done}")
    diff = first_difference(events, engine_events(played.seed, done))
    if diff:
        raise FrontendError(f"game {played.seed}: the 6502 differs from pyengine at {diff}")


def engine_sheet(events: list[dict]) -> list[SheetRow]:
    """The score sheet a game's events make: one row per hand dealt, in order."""
    rows: list[SheetRow] = []
    dealer, made = 0, None
    for e in events:
        if e["ev"] == "deal":
            dealer, made = e["dealer"], None
        elif e["ev"] == "bid" and e["call"] != "pass":
            made = e
        elif e["ev"] == "passed_out":
            rows.append(SheetRow(len(rows) + 1, dealer))
        elif e["ev"] == "score":
            assert made is not None
            team = 0 if e["points"][0] else 1
            rows.append(SheetRow(len(rows) + 1, dealer, SUITS.index(made["suit"]),
                                 made["seat"], made["alone"], e["tricks"][e["makers"]],
                                 team, e["points"][team]))
    return rows


def check_sheet(screen: Screen, events: list[dict]) -> None:
    """The game-over screen's score sheet: the last SHEET_MAX hands of the game, each as
    the events say, and a title that says which hands they are."""
    want = engine_sheet(events)
    shown = want[-SHEET_MAX:]
    title = f"SCORE SHEET: HANDS {shown[0].hand}-{want[-1].hand}"
    if len(want) > SHEET_MAX:
        title += f" (THE LAST {SHEET_MAX})"
    got_title, got = score_sheet(screen)
    if (got_title, got) != (title, shown):
        raise FrontendError(f"the score sheet shows {got_title!r} {got}, want {title!r} "
                            f"{shown}:\n{screen.text()}")


def check_game_over(played: PlayedGame) -> None:
    """The last screen: WE WIN / THEY WIN and the final score, as the transcript says,
    and the score sheet of the game's hands."""
    last = played.events[-1]
    screen = played.final
    assert screen is not None
    we, they = last["total"]
    want = f"{'WE WIN' if last['winner'] == 0 else 'THEY WIN'} {we}-{they}"
    if screen.row(ROW_MSG).strip() != want:
        raise FrontendError(f"game {played.seed}: the end says "
                            f"{screen.row(ROW_MSG).strip()!r}, want {want!r}")
    if status(screen).total != (we, they):
        raise FrontendError(f"game {played.seed}: row 0 score {status(screen).total} at "
                            f"the end, want {(we, they)}")
    check_sheet(screen, played.events)


def back_to_title(fe: Frontend) -> Screen:
    """T at the game-over screen."""
    screen = fe.key("T")
    if prompt(screen).kind != "title":
        raise FrontendError(f"T at the end of the game did not go to the title:\n"
                            f"{screen.text()}")
    return screen


# ---- the benchmark and the by-hand runs -------------------------------------------------

def bench(games: int, seed: int, prg: Path, out=print) -> dict[str, list[int]]:
    """Real-time cycles (the VIC-II's bad lines and the KERNAL's IRQ included) per
    key kind over ``games`` games at FAST speed, keys held as a person holds them."""
    fe = Frontend(prg)
    fe.boot()
    rng = random.Random(seed)
    fe.hold_frames = lambda: rng.randint(2, 12)
    for i in range(games):
        played = play(fe, (seed + i) & 0xFFFF, rng, fuzz=4, check=False, speed="FAST",
                      timed=True)
        check_identity(played)
        back_to_title(fe)
    by_kind: dict[str, list[int]] = {}
    for t in fe.timings:
        if t.cycles is None:
            raise FrontendError(f"a {t.kind} key never finished its update")
        by_kind.setdefault(t.kind, []).append(t.cycles)
    return by_kind


def bench_table(by_kind: dict[str, list[int]]) -> list[str]:
    lines = ["| key | presses | median cycles | worst cycles | worst, frames | within 2 frames |",
             "| --- | ---: | ---: | ---: | ---: | --- |"]
    for kind in sorted(by_kind):
        v = by_kind[kind]
        worst = max(v)
        lines.append(f"| {kind} | {len(v):,} | {int(statistics.median(v)):,} | {worst:,} | "
                     f"{worst / FRAME_CYCLES:.2f} | {'yes' if worst <= BUDGET_CYCLES else 'NO'} |")
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.frontend.driver", description=__doc__.split(
        "\n\n")[0])
    ap.add_argument("--bench", action="store_true", help="key-to-screen cycle budget table")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=93, help="first game number / random seed")
    ap.add_argument("--fuzz", type=int, default=0, help="random keys before each choice")
    ap.add_argument("--prg", type=Path, default=DEFAULT_PRG)
    args = ap.parse_args(argv)
    start = time.perf_counter()
    if args.bench:
        by_kind = bench(args.games, args.seed, args.prg)
        print(f"{args.games} games from game number {args.seed}, NORMAL speed, "
              f"{sum(len(v) for v in by_kind.values()):,} timed keys "
              f"({time.perf_counter() - start:.0f} s); budget {BUDGET_CYCLES:,} cycles")
        print("\n".join(bench_table(by_kind)))
        return 0 if all(max(v) <= BUDGET_CYCLES for v in by_kind.values()) else 1
    fe = Frontend(args.prg)
    fe.boot()
    rng = random.Random(args.seed)
    keys = prompts = 0
    for i in range(args.games):
        played = play(fe, (args.seed + i) & 0xFFFF, rng, fuzz=args.fuzz)
        check_identity(played)
        check_game_over(played)
        back_to_title(fe)
        keys += played.fuzz_keys
        prompts += played.prompts
    print(f"{args.games} games from {args.seed}: {prompts:,} South prompts, "
          f"{keys:,} fuzz keys, transcripts identical to pyengine "
          f"({time.perf_counter() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
