"""A person at real VICE's keyboard and joystick, as the VICE judge plays (tools/vice/judge.py).

Every key is held 2-12 frames (SPACE and the cursor keys 2-10: the KERNAL repeats them once
held about 15 frames) and let go for 2-8 frames, drawn by a seeded ``random.Random``; a
joystick push likewise (the program takes a push on its edge). Key-down and key-up (the
joystick's push and release) are sent inside the page and counted in the core's frames, so a
hold is exact to a frame; the hold each really had is recorded as a :class:`Press`.
:meth:`Player.wait_for` watches the screen until it shows what a key should bring.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..frontend.driver import LEFT, RETURN, RIGHT, SPACE, FrontendError, Screen, prompt
from ..frontend.options_screen import CRSR_DOWN, CRSR_UP

HOLD = (2, 12)              # frames a key is held
HOLD_REPEATING = (2, 10)    # SPACE and the cursor keys: the KERNAL repeats them from ~15 frames
REPEATING = (SPACE, RIGHT, LEFT)
GAP = (2, 8)                # frames it is let go before the program is looked at again
PROMPT_TIMEOUT_S = 90.0     # wall clock to wait for the screen a key should bring
STALE_FRAMES = 150          # a wrong screen unchanged this long (3 s) is the program's answer

# frontend keys (text character or PETSCII code) -> DOM KeyboardEvent (code, key, keyCode);
# VICE's symbolic keymap turns them into C64 keys (RUN/STOP = Escape)
_DOM: dict[str | int, tuple[str, str, int]] = {
    RETURN: ("Enter", "Enter", 13), SPACE: ("Space", " ", 32),
    RIGHT: ("ArrowRight", "ArrowRight", 39), LEFT: ("ArrowLeft", "ArrowLeft", 37),
    CRSR_DOWN: ("ArrowDown", "ArrowDown", 40), CRSR_UP: ("ArrowUp", "ArrowUp", 38),
    0x03: ("Escape", "Escape", 27), '"': ("Quote", '"', 222), ",": ("Comma", ",", 188)}

# one press, inside the page: key-down, wait until the core has run `hold` frames, key-up
_PRESS_JS = """(async () => {
  const g = window.EJS_emulator.gameManager;
  const t = document.querySelector('#game canvas') || document;
  const ev = (type) => t.dispatchEvent(new KeyboardEvent(type, {code: '%(code)s',
    key: '%(key)s', keyCode: %(kc)d, which: %(kc)d, shiftKey: %(shift)s, bubbles: true,
    cancelable: true}));
  const sh = (type) => { if (%(shift)s) t.dispatchEvent(new KeyboardEvent(type, {
    code: 'ShiftLeft', key: 'Shift', keyCode: 16, which: 16, bubbles: true})); };
  const frames = async (n) => { const s = g.getFrameNum();
    while (g.getFrameNum() < s + n) await new Promise(r => setTimeout(r, 1)); };
  if (%(shift)s) { sh('keydown'); await frames(SHIFT_LEAD); }
  ev('keydown');
  const f0 = g.getFrameNum();
  await frames(%(hold)d);
  ev('keyup');
  const f1 = g.getFrameNum();
  if (%(shift)s) { await frames(SHIFT_LEAD); sh('keyup'); }
  return [f0, f1];
})()""".replace("SHIFT_LEAD", "2")
# the joystick (RetroPad of player 1 = port 2), pushed and let go inside the page
_JOY_JS = """(async () => {
  const g = window.EJS_emulator.gameManager;
  const frames = async (n) => { const s = g.getFrameNum();
    while (g.getFrameNum() < s + n) await new Promise(r => setTimeout(r, 1)); };
  g.functions.simulateInput(0, %(button)d, 1);
  const f0 = g.getFrameNum();
  await frames(%(hold)d);
  g.functions.simulateInput(0, %(button)d, 0);
  return [f0, g.getFrameNum()];
})()"""
JOY_BUTTON = {"up": 4, "down": 5, "left": 6, "right": 7, "fire": 0}   # as drive.js's JOY
# SHIFT goes down 2 frames before the key and up 2 frames after it: pressed in the same
# instant, a KERNAL scan could see the key without SHIFT (CI typed LOAD2EUCHRE once
# instead of LOAD"EUCHRE on a loaded machine), as a person's fingers never do.


def dom_key(key: str | int) -> tuple[str, str, int]:
    if key in _DOM:
        return _DOM[key]
    if isinstance(key, str) and len(key) == 1 and key.isalpha():
        return "Key" + key.upper(), key.lower(), ord(key.upper())
    if isinstance(key, str) and len(key) == 1 and key.isdigit():
        return "Digit" + key, key, ord(key)
    raise ValueError(f"no VICE key for {key!r}")


class JudgeError(FrontendError):
    """Real VICE showed something else than pyengine (or the harness) for the same keys."""


@dataclass(frozen=True)
class Press:
    key: str | int          # as tools.frontend.driver types it (joystick: its direction)
    hold: int               # frames held down
    joy: bool = False       # the joystick in port 2, not a key


class Player:
    """A person at VICE's keyboard: presses keys for 2-12 frames, watches the screen."""

    def __init__(self, vice: Any, hands: random.Random, log: Callable[[str], None]) -> None:
        self.v = vice
        self.hands = hands
        self.log = log
        self.presses: list[Press] = []

    def screen(self) -> Screen:
        m = self.v.mem()
        ram = bytearray(m["ram"])
        ram[0xD800:0xD800 + 1000] = m["color"]
        if self.v.jam:
            raise JudgeError(f"the CPU jammed in VICE at {self.v.jam}")
        return Screen.capture(ram)

    def press(self, key: str | int, record: bool = True, hold: int | None = None) -> None:
        """Hold ``key`` 2-12 frames, then let it go for 2-8 frames, and record how long it
        was down. Key-down, the frame count and key-up all happen inside the page (one
        ``eval``), so the hold is exact to a frame whatever the host's load; Playwright's own
        key presses, sent from here, came out 1-6 frames longer than asked."""
        drawn = self.hands.randint(*(HOLD_REPEATING if key in REPEATING else HOLD))
        hold = drawn if hold is None else hold
        gap = self.hands.randint(*GAP)
        code, name, keycode = dom_key(key)
        f0, f1 = self.v.cmd(op="eval", js=_PRESS_JS % dict(
            code=code, key=name, kc=keycode, hold=hold, shift="true" if key == '"' else "false"
        ))["value"]
        self.v.until(f1 - self.v.f0 + gap)
        if record:
            self.presses.append(Press(key, f1 - f0))
        self.log(f"    key {key!r} held {f1 - f0} (asked {hold})")

    def joy(self, direction: str, record: bool = True, hold: int | None = None) -> None:
        """Push the joystick 2-12 frames (the program takes a push once, on its edge), let
        it go 2-8 frames; recorded as a press with ``joy``."""
        drawn = self.hands.randint(*HOLD)
        hold = drawn if hold is None else hold
        gap = self.hands.randint(*GAP)
        f0, f1 = self.v.cmd(op="eval", js=_JOY_JS % dict(
            button=JOY_BUTTON[direction], hold=hold))["value"]
        self.v.until(f1 - self.v.f0 + gap)
        if record:
            self.presses.append(Press(direction, f1 - f0, joy=True))
        self.log(f"    joystick {direction} held {f1 - f0} (asked {hold})")

    def wait_for(self, what: str, ok: Callable[[Screen], list[str]],
                 timeout_s: float = PROMPT_TIMEOUT_S,
                 stale_frames: int | None = STALE_FRAMES) -> Screen:
        """Poll the screen until ``ok`` finds no problem on two polls in a row with the same
        screen (it is drawn and stays). Fail with the last problems when a wrong screen has
        stayed unchanged for ``stale_frames`` (the program waits for a key there) or after
        ``timeout_s`` of wall clock."""
        t0, last, since, problems = time.time(), None, 0, ["no screen read"]
        while time.time() - t0 < timeout_s:
            s = self.screen()
            frame = self.v.frame()
            problems = ok(s)
            if s != last:
                last, since = s, frame
            elif not problems:
                return s
            elif stale_frames is not None and frame - since >= stale_frames:
                break
            self.v.wait(3)
        raise JudgeError(f"VICE is not {what}: " + "; ".join(problems)
                         + f" (frame {self.v.frame()})\n" + (last or s).text())


def cursor_to(pl: Player, index: int, at: int) -> None:
    """Move a prompt's '>' from choice ``at`` to ``index`` by CRSR left/right, waiting for
    the screen to show each step (a person watches the cursor move)."""
    for _ in range(abs(index - at)):
        before = prompt(pl.screen()).selected
        pl.press(RIGHT if index > at else LEFT)
        pl.wait_for("moving the '>'", lambda s, b=before: [] if prompt(s).selected != b
                    else ["'>' not moved"])
