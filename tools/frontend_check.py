"""A small fixed set of front-end games and screens that judges a whole .prg.

:func:`judge_prg` runs the program under the harness with a person's key timing
and checks, against pyengine (never against the 6502's own output):

* the title: its text, the colour of every line, the four jacks; the VIC-II set-up
  (ECM, screen and charset where c64/main.oph puts them, the four backgrounds) and
  the character set in RAM against c64/charset.txt;
* whole games (tools/frontend.py's ``play``) with every region of the table at
  each South prompt (tools/screen_regions.py) and after every event
  (tools/event_screens.py), the SID effect each event starts, the transcript
  against pyengine's game and the game-over screen with its score sheet:
  game 0 (South deals, picks up and discards, goes alone; the Canadian
  partner; round 2), game 23 with South passing (a hand passed out twice) and
  game 2 (a lone hand); after each the game-over keys: RUN/STOP, T and P;

It returns None when every check passes (the mutant survived), else the first
failure in a line or a few. tools/mutants.py calls it for c64/ mutants;
tests/test_frontend_check.py runs it on the real build and on broken ones.

``python -m tools.frontend_check [PRG]`` prints the verdict.
"""

from __future__ import annotations

import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from pyengine.game import BidAction, GameState

from .charset import charset_bytes, load_glyphs
from .event_screens import event_problems
from .frontend import (
    STOP,
    Frontend,
    PlayedGame,
    back_to_title,
    check_game_over,
    check_identity,
    play,
    prompt,
    status,
)
from .harness import HarnessError
from .screen_read import BG_FACE
from .screen_regions import BLACK, WHITE, Model

CHARSET_RAM, CHARSET_SIZE = 0x2000, 2048          # c64/main.oph
VIC_SETUP = {                                     # c64/video.oph, c64/main.oph
    0xD018: 0x18,              # screen at $0400, charset at $2000
    0xD020: 0x00,              # border black
    0xD021: 0x05,              # felt green
    0xD022: 0x01,              # card face white
    0xD023: 0x06,              # card back blue
    0xD024: 0x07,              # cursor yellow
}
ECM_BIT = 0x40

# The title (c64/title.oph): each line's text at column 0 and its colour (headings and
# menu white; options and help black, docs/frontend.md "colours on the felt").
TITLE_LINES = {
    2: ("               EUCHRE 64", WHITE),
    4: ("       AFTER BIT #93, APRIL 1988", WHITE),
    11: ("       >1  START (RETURN / FIRE)", WHITE),
    12: ("        2  RULES", WHITE),
    14: ("        4  GAME NUMBER RANDOM", WHITE),
    16: (" 3 SPEED NORMAL  S SOUND ON  D DEMO OFF", BLACK),
    19: (" CARDS: CRSR LEFT/RIGHT OR 1-6, RETURN", BLACK),
    20: (" OR JOYSTICK IN PORT 2 AND FIRE", BLACK),
    21: (" BIDS: THE KEYS SHOWN. RUN/STOP: QUIT", BLACK),
    22: (" L OR JOYSTICK UP: SEE THE LAST TRICK", BLACK),
    23: (" MENU BY JOYSTICK: UP/DOWN, FIRE", BLACK),
}
TITLE_JACKS_ROW, TITLE_JACKS_COL = 6, 12          # J♠ J♥ J♦ J♣, 4 columns apart
JACKS = (2, 8, 14, 20)                            # pyengine card codes of JS JH JD JC

# SID: the first note (frequency high byte) of each effect (c64/sound.oph)
SFX_CARD, SFX_TRICK, SFX_EUCHRE, SFX_MARCH, SFX_ALONE = 0x30, 0x22, 0x10, 0x22, 0x33
SFX_ERROR = 0x06
SID_FREQ_HI = 0x01


@dataclass(frozen=True)
class Scenario:
    game: int
    seed: int                 # the driver's random South
    end_key: str | int        # at the game-over screen
    passing: bool = False     # South passes every bid
    max_prompts: int | None = None


SCENARIOS = (
    Scenario(0, 0, STOP),
    Scenario(23, 1, "T", passing=True, max_prompts=12),
    Scenario(2, 2, "P"),
)


class Verdict(Exception):
    """A check failed (the message says which)."""


def title_problems(fe: Frontend) -> str | None:
    screen = fe.screen()
    m = Model()
    for row, (text, colour) in TITLE_LINES.items():
        m.text(row, 0, text, colour, f"title row {row}")
    for i, card in enumerate(JACKS):
        m.card(TITLE_JACKS_ROW, TITLE_JACKS_COL + 4 * i, card, "title jacks", BG_FACE)
    problems = m.problems(screen)
    mem = fe.c64.mem
    for addr, want in VIC_SETUP.items():
        if mem[addr] & 0x0F != want & 0x0F or (addr == 0xD018 and mem[addr] != want):
            problems.append(f"VIC-II ${addr:04X} = ${mem[addr]:02X}, want ${want:02X}")
    if not mem[0xD011] & ECM_BIT:
        problems.append(f"VIC-II $D011 = ${mem[0xD011]:02X}: extended colour mode off")
    want_set = charset_bytes(load_glyphs())[:CHARSET_SIZE]
    got_set = bytes(mem[CHARSET_RAM:CHARSET_RAM + CHARSET_SIZE])
    if got_set != want_set:
        at = next(i for i in range(CHARSET_SIZE) if got_set[i] != want_set[i])
        problems.append(f"charset in RAM differs from c64/charset.txt at screen code "
                        f"{at // 8} row {at % 8}")
    return "title: " + "; ".join(problems) if problems else None


def expected_sounds(events: list[dict], i: int) -> list[int]:
    """The effects event i starts (first notes), from the reference events."""
    e = events[i]
    if e["ev"] == "play":
        return [SFX_CARD]
    if e["ev"] == "bid" and e["alone"]:
        return [SFX_ALONE]
    if e["ev"] == "trick":
        return [SFX_TRICK] if e["winner"] % 2 == 0 else []
    if e["ev"] == "score":
        made = e["tricks"][e["makers"]]
        return [SFX_EUCHRE] if made < 3 else [SFX_MARCH] if made == 5 else []
    return []


def sound_problems(fe: Frontend, events: list[dict]) -> str | None:
    """Each event not followed by South's prompt starts exactly its effects (no frame
    passes at NO WAIT, so each effect writes only its first note)."""
    writes = fe.c64.sid_writes
    for i in range(len(events) - 1):
        if i not in fe.sid_span or events[i + 1].get("seat") == 0 and \
                events[i + 1]["ev"] in ("bid", "discard", "play"):
            continue
        start, end = fe.sid_span[i]
        got = [w.value for w in writes[start:end] if w.reg == SID_FREQ_HI]
        if got != expected_sounds(events, i):
            return (f"SID after event {i} {events[i]}: notes {[hex(v) for v in got]}, want "
                    f"{[hex(v) for v in expected_sounds(events, i)]}")
    return None


def _passing(game: GameState, rng: random.Random):
    legal = game.legal_actions()
    passes = [a for a in legal if isinstance(a, BidAction) and a.call == "pass"]
    return passes[0] if passes else rng.choice(legal)


def _after_game(fe: Frontend, s: Scenario, played: PlayedGame) -> None:
    if s.max_prompts is not None:
        screen = fe.key(STOP)
        if prompt(screen).kind != "title":
            raise Verdict(f"RUN/STOP at a prompt did not go to the title:\n{screen.text()}")
        return
    check_game_over(played)
    if s.end_key == "T":
        back_to_title(fe)
        return
    screen = fe.key(s.end_key)
    if s.end_key == STOP:
        if prompt(screen).kind != "title":
            raise Verdict(f"RUN/STOP at the game-over screen did not go to the title:\n"
                          f"{screen.text()}")
        return
    if prompt(screen).kind not in ("bid1", "bid2") or status(screen).total != (0, 0):
        raise Verdict(f"P at the game-over screen did not start a game at 0-0:\n"
                      f"{screen.text()}")
    screen = fe.key(STOP)
    if prompt(screen).kind != "title":
        raise Verdict(f"RUN/STOP in the new game did not go to the title:\n{screen.text()}")


def run_checks(prg: Path | str | None = None) -> None:
    """Every check; raises at the first failure."""
    fe = Frontend(prg, record_events=True)
    fe.boot()
    problem = title_problems(fe)
    if problem:
        raise Verdict(problem)
    for s in SCENARIOS:
        played = play(fe, s.game, random.Random(s.seed), max_prompts=s.max_prompts,
                      choose=_passing if s.passing else None)
        if s.max_prompts is None:
            check_identity(played)
        for problem in (event_problems(s.game, played.events, fe.drawn),
                        sound_problems(fe, played.events)):
            if problem:
                raise Verdict(problem)
        _after_game(fe, s, played)


def judge_prg(prg: Path) -> str | None:
    """None if ``prg`` passes every check, else the first failure (a short reason)."""
    try:
        run_checks(prg)
    except (Verdict, HarnessError) as exc:
        return str(exc)[:2000]
    except Exception as exc:               # a broken program may break the driver itself
        return f"{type(exc).__name__}: {exc}"[:2000]
    return None


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    prg = Path(args[0]) if args else None
    start = time.perf_counter()
    verdict = judge_prg(prg)
    took = time.perf_counter() - start
    print(f"caught ({took:.0f} s): {verdict}" if verdict else f"passes every check "
          f"({took:.0f} s)")
    return 1 if verdict else 0


if __name__ == "__main__":
    sys.exit(main())

