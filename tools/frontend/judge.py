"""A small fixed set of front-end games and screens that judges a whole .prg.

:func:`judge_prg` runs the program under the harness with a person's key timing
and checks, against pyengine (never against the 6502's own output):

* the title: its text, the colour of every line, the four jacks; the VIC-II set-up
  (ECM, screen and charset where c64/main.oph puts them, the four backgrounds), the
  character set in RAM against c64/charset.txt and the SID set-up;
* the games and screens of SCENARIOS (docs/frontend.md lists them), each under its
  own power-on RAM pattern: every region of the table at each South prompt
  (tools/frontend/screen_regions.py) and after every event
  (tools/frontend/event_screens.py), the SID effects and pauses
  (tools/frontend/timing.py), the transcript against pyengine's
  game, the game-over screen with its score sheet and its keys (RUN/STOP, T, P);
  the rules pages, a refused game number, refused discards, SPACE held, RUN/STOP in
  the computer's pause, RESTORE and RUN/STOP + RESTORE;
* the demo: a game of four computer players and its 3 s result.

It returns None when every check passes (the mutant survived), else the first
failure in a line or a few. tools/mutation/mutants.py calls it for c64/ mutants;
tests/test_frontend_check.py runs it on the real build and on broken ones.

``python -m tools.frontend.judge [PRG]`` prints the verdict.
"""

from __future__ import annotations

import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from pyengine.core.cards import suit_of
from pyengine.core.game import BidAction, GameState
from pyengine.core.rules import BIT93
from pyengine.players.player import RefPlayer
from pyengine.players.runner import play_game
from pyengine.records.transcript import from_game

from ..machine.harness import HarnessError
from ..machine.screen import COLS, ROWS
from ..program.charset import charset_bytes, load_glyphs
from .driver import (
    DELETE,
    GAP_FRAMES,
    HOLD_FRAMES,
    RETURN,
    SPACE,
    STEP_CYCLES,
    STOP,
    Frontend,
    FrontendError,
    PlayedGame,
    back_to_title,
    check_game_over,
    check_identity,
    check_sheet,
    engine_last_trick,
    engine_state,
    first_difference,
    play,
    prompt,
    south_hand,
    status,
    title_number_line,
)
from .event_screens import KEYS_WAITING, event_problems
from .screen_read import (
    BG_FACE,
    BG_HILITE,
    KEYS_BACK,
    ROW_KEYS,
    ROW_MSG,
    SEAT_WORDS,
    TRICK_COL,
    TRICK_ROW,
    Screen,
)
from .screen_regions import BLACK, FELT, HINT, MSG_BID2, TEXT, WHITE, Cell, Model, canadian
from .timing import (
    SFX_ERROR,
    SID_FREQ_HI,
    SID_SETUP,
    pause_problems,
    silence,
    sound_problems,
    south_decides,
)

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
    13: ("        3  SPEED NORMAL", WHITE),
    14: ("        4  GAME NUMBER RANDOM", WHITE),
    16: ("        S  SOUND ON", WHITE),
    17: ("        D  DEMO OFF", WHITE),
    19: (" CARDS: CRSR LEFT/RIGHT OR 1-6, RETURN", BLACK),
    20: (" OR JOYSTICK IN PORT 2 AND FIRE", BLACK),
    21: (" BIDS: THE KEYS SHOWN. RUN/STOP: QUIT", BLACK),
    22: (" L OR JOYSTICK UP: SEE THE LAST TRICK", BLACK),
    23: (" MENU BY JOYSTICK: UP/DOWN, FIRE", BLACK),
}
# CIA2 port A as the KERNAL leaves it after LOAD (the harness powers on with it):
# c64/video.oph sets the VIC bank in bits 0-1 and must keep the others (bit 3 asserts
# ATN on the serial bus, where the 1541 the game came from is listening).
CIA2_PRA, CIA2_PRA_KERNAL, CIA2_PRA_SERIAL = 0xDD00, 0x97, 0x3C
TITLE_JACKS_ROW, TITLE_JACKS_COL = 6, 12          # J♠ J♥ J♦ J♣, 4 columns apart
JACKS = (2, 8, 14, 20)                            # pyengine card codes of JS JH JD JC



WIN_GAME = 7                  # South playing as RefPlayer wins it (the winner's tune)


@dataclass(frozen=True)
class Scenario:
    game: int
    seed: int                 # the driver's random South
    end_key: str | int        # at the game-over screen
    south: str = "random"     # random legal moves, "pass" every bid, "ref" RefPlayer's
    rules_first: bool = False  # page through the rules before the game
    max_prompts: int | None = None
    ram: str = "vice"         # the power-on RAM pattern (tools/machine/harness.py)
    speed: str = "NO WAIT"
    fuzz: int = 0             # random keys that decide nothing, before each choice
    start: str = "keys"       # the game number and the start: keys, "1", joystick
    sound: bool = True
    too_big_first: bool = False  # type a game number over 65535 first (refused)
    refusals: bool = False    # keys that must be refused at South's prompts, first


SCENARIOS = (
    Scenario(0, 0, STOP, ram="zeros", rules_first=True, refusals=True),
    Scenario(23, 1, "T", south="pass", max_prompts=12, ram="random:23", start="1",
             too_big_first=True),
    # by joystick: two digits (right ends one), the 0 dialled the long way (10 ups, round
    # past 9, where a 10 would show as ':')
    Scenario(20, 2, "P", ram="random:15", fuzz=3, start="joystick"),
    Scenario(WIN_GAME, 4, "T", south="ref", speed="FAST"),    # whole effects in pauses
    Scenario(65535, 3, STOP, max_prompts=8, speed="FAST", sound=False),
)
DEMO_GAME, DEMO_END_FRAMES = 1157, 150          # 18 hands, one passed out; the result shows 3 s
RULES_PAGES = 3


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
    for reg, want in SID_SETUP.items():
        last = [w.value for w in fe.c64.sid_writes if w.reg == reg][-1:]
        if last != [want]:
            problems.append(f"SID register ${0xD400 + reg:04X} = {last}, want ${want:02X}")
    if (mem[CIA2_PRA] ^ CIA2_PRA_KERNAL) & CIA2_PRA_SERIAL:
        problems.append(f"CIA2 $DD00 = ${mem[CIA2_PRA]:02X}: bits 2-5 (RS-232 TXD, the serial "
                        f"bus's ATN, CLOCK and DATA out) must stay as the KERNAL left them "
                        f"(${CIA2_PRA_KERNAL:02X}); only the VIC bank bits are the program's")
    if not mem[0xD011] & ECM_BIT:
        problems.append(f"VIC-II $D011 = ${mem[0xD011]:02X}: extended colour mode off")
    want_set = charset_bytes(load_glyphs())[:CHARSET_SIZE]
    got_set = bytes(mem[CHARSET_RAM:CHARSET_RAM + CHARSET_SIZE])
    if got_set != want_set:
        at = next(i for i in range(CHARSET_SIZE) if got_set[i] != want_set[i])
        problems.append(f"charset in RAM differs from c64/charset.txt at screen code "
                        f"{at // 8} row {at % 8}")
    return "title: " + "; ".join(problems) if problems else None



def _passing(game: GameState, rng: random.Random):
    legal = game.legal_actions()
    passes = [a for a in legal if isinstance(a, BidAction) and a.call == "pass"]
    return passes[0] if passes else rng.choice(legal)


def _reference(game: GameState, rng: random.Random):
    return RefPlayer().decide(game.view(0))


CHOOSERS = {"random": None, "pass": _passing, "ref": _reference}


TOO_BIG = "TOO BIG: GAME NUMBERS GO UP TO 65535"


def too_big(fe: Frontend) -> None:
    """4, 99999, RETURN on the title: refused with a line saying why, still asking; the
    next digit clears the line; DEL and RETURN leave the entry (the number typed next)."""
    for key in ("4", *"99999", RETURN):
        screen = fe.key(key)
    if screen.row(15).strip() != TOO_BIG or title_number_line(screen) != "GAME NUMBER? -":
        raise Verdict(f"game number 99999 not refused with {TOO_BIG!r}:\n{screen.text()}")
    screen = fe.key("1")
    if screen.row(15).strip():
        raise Verdict(f"the refusal stays after the next digit:\n{screen.text()}")
    fe.key(DELETE)
    screen = fe.key(DELETE)               # DEL on the empty entry changes nothing
    if title_number_line(screen) != "GAME NUMBER? -":
        raise Verdict(f"DEL on the empty game number entry:\n{screen.text()}")
    fe.key(RETURN)


MSG_KEEP_UPCARD = "KEEP THE UPCARD: DISCARD ANOTHER"
MSG_DISCARD_TRUMP = "YOU HOLD TRUMP: DISCARD A TRUMP"


MSG_CANADIAN = "CANADIAN RULE: YOU MUST GO ALONE"
MSG_TURNED_DOWN = "THAT SUIT WAS TURNED DOWN"
MSG_ROUND1_ONLY = "ROUND 1: O ORDER, A ALONE, P PASS"
MSG_BID2_ALONE = "NAME TRUMP OR PASS (ALONE)"


def _refused(fe: Frontend, key: str, kind: str, want: str, buzz: bool = True) -> None:
    """``key`` at a ``kind`` prompt decides nothing and says ``want`` (with the buzz)."""
    events, sid = len(fe.events), len(fe.c64.sid_writes)
    screen = fe.key(key)
    notes = [w.value for w in fe.c64.sid_writes[sid:] if w.reg == SID_FREQ_HI]
    if (screen.row(ROW_MSG).strip() != want or len(fe.events) != events
            or (buzz and SFX_ERROR not in notes) or prompt(screen).kind != kind):
        raise Verdict(f"{key!r} at {kind} did not say {want!r}"
                      f"{' with the buzz' if buzz else ''} and change nothing:\n"
                      f"{screen.text()}")


def last_trick_view(before: Screen, events: list[dict]) -> Model:
    """The screen L shows over a prompt: the prompt's screen (``before``, already
    checked against pyengine) with the middle showing only the last trick of the
    reference events (the winner's card on yellow), the message saying who took it
    (or that no trick has been played) and the keys line ANY KEY: BACK."""
    m = Model()
    for i in range(COLS * ROWS):
        r, c = divmod(i, COLS)
        ch = before.char(r, c)
        m.put(r, c, Cell(ch, before.bg(r, c), None if ch == " " else before.colour(r, c)),
              "unchanged")
    for r in range(6, 17):
        for c in range(9, 30):
            m.put(r, c, FELT, "trick")
    for c in range(COLS):
        m.put(ROW_MSG, c, FELT, "message")
        m.put(ROW_KEYS, c, FELT, "keys")
    last = engine_last_trick(events)
    if last is None:
        m.text(ROW_MSG, 0, "NO TRICK PLAYED YET", TEXT, "message")
    else:
        cards, winner = last
        for seat, card in cards.items():
            m.card(TRICK_ROW[seat], TRICK_COL[seat], card, "trick",
                   BG_HILITE if seat == winner else BG_FACE)
        m.text(ROW_MSG, 0, f"LAST TRICK: {SEAT_WORDS[winner]} TOOK IT", TEXT, "message")
    m.text(ROW_KEYS, 0, KEYS_BACK, HINT, "keys")
    return m


def refusals(game_number: int):
    """An on_prompt hook: keys that must decide nothing at South's prompts, each
    saying why. Discard: each card he may not put away (the upcard, or a non-trump
    while he holds another trump). Round 1: a suit key; O from the Canadian partner;
    L (the last trick) and P to go back, which must not pass. Round 2: the
    turned-down suit; A twice (the message says ALONE, then not)."""
    def hook(fe: Frontend, p) -> None:
        game = engine_state(game_number, fe.events)
        if p.kind == "discard":
            legal = {a.card for a in game.legal_actions()}
            for h in south_hand(fe.screen()):
                if h.card not in legal:
                    _refused(fe, str(h.slot + 1), "discard", MSG_KEEP_UPCARD
                             if h.card == game.upcard else MSG_DISCARD_TRUMP)
        elif p.kind == "bid1":
            _refused(fe, "S", "bid1", MSG_ROUND1_ONLY)
            if canadian(game):
                _refused(fe, "O", "bid1", MSG_CANADIAN)
            before, events = fe.screen(), len(fe.events)
            view = fe.key("L")
            problems = last_trick_view(before, fe.events).problems(view)
            if problems:
                raise Verdict("the last trick shown at a round-1 bid: " + "; ".join(problems)
                              + "\n" + view.text())
            if fe.key("P") != before or len(fe.events) != events:
                raise Verdict(f"L, then P, at a round-1 bid did not bring the prompt back "
                              f"unanswered:\n{fe.screen().text()}")
        elif p.kind == "bid2":
            _refused(fe, "SHDC"[suit_of(game.upcard)], "bid2", MSG_TURNED_DOWN)
            _refused(fe, "A", "bid2", MSG_BID2_ALONE, buzz=False)
            _refused(fe, "A", "bid2", MSG_BID2, buzz=False)
    return hook


def rules_pages(fe: Frontend) -> None:
    """Key 2 on the title: three pages, each key the next, then the title again."""
    fe.key("2")
    for page in range(RULES_PAGES):
        screen = fe.screen()
        if prompt(screen).kind != "rules" or \
                not screen.row(1).rstrip().endswith(f"({page + 1}/{RULES_PAGES})"):
            raise Verdict(f"rules page {page + 1} is not shown:\n{screen.text()}")
        fe.key(" ")
    if prompt(fe.screen()).kind != "title":
        raise Verdict(f"after the rules pages, not the title:\n{fe.screen().text()}")
    fe.key("2")
    screen = fe.key(STOP)                 # RUN/STOP on a page: back to the title at once
    if prompt(screen).kind != "title":
        raise Verdict(f"RUN/STOP on rules page 1 did not go back to the title:\n"
                      f"{screen.text()}")


MENU_ITEMS = 6              # START, RULES, SPEED, GAME NUMBER, SOUND, DEMO (rows 11-17)


def menu_wraps(fe: Frontend) -> None:
    """Joystick down through the whole menu brings the '>' back to START (row 11)."""
    for _ in range(MENU_ITEMS):
        screen = fe.joystick("down")
    if screen.row(11)[7] != ">" or sum(screen.row(r).count(">") for r in range(ROWS)) != 1:
        raise Verdict(f"joystick down {MENU_ITEMS} times did not bring the menu back to "
                      f"START:\n{screen.text()}")


def demo_problems(prg: Path | str | None) -> str | None:
    """D on the title: four computer players play a game identical to pyengine's, every
    event drawn as it should be; the result and the score sheet stay DEMO_END_FRAMES
    frames with the keys line of the computer's turn, and the next game begins."""
    fe = Frontend(prg, record_events=True)
    fe.boot()
    want = from_game(play_game(BIT93, DEMO_GAME, [RefPlayer() for _ in range(4)])).events
    fe.start(DEMO_GAME, demo=True, stop_after=len(want) + 1)
    events = fe.events[:len(want)]
    diff = first_difference(events, want)
    if diff:
        return f"demo game {DEMO_GAME}: the 6502 differs from pyengine at {diff}"
    problem = event_problems(DEMO_GAME, events, fe.drawn, south_human=False) \
        or sound_problems(fe, events, south_human=False)
    if problem:
        return f"demo: {problem}"
    last = len(want) - 1
    if last not in fe.drawn:                 # (drawn: the next game reported its first card)
        return f"demo: no next game after game {DEMO_GAME}:\n{fe.screen().text()}"
    screen = fe.drawn[last]
    if fe.pauses[last] != DEMO_END_FRAMES:
        return f"demo: the result showed {fe.pauses[last]} frames, want {DEMO_END_FRAMES}"
    we, they = want[-1]["total"]
    result = f"{'WE WIN' if want[-1]['winner'] == 0 else 'THEY WIN'} {we}-{they}"
    if screen.row(ROW_MSG).strip() != result or screen.row(ROW_KEYS).strip() != KEYS_WAITING:
        return f"demo: the game-over screen, want {result!r} and {KEYS_WAITING!r}:\n" \
               f"{screen.text()}"
    try:
        check_sheet(screen, events)
    except FrontendError as exc:
        return f"demo: {exc}"
    return None


KERNAL_STATUS = 0x90         # ST, just past the BASIC zero page the game saves
STOP_AFTER_FRAMES = 4        # RUN/STOP pressed this long after South's answer: in a pause


SPACE_HELD_FRAMES = 100      # 2 s: the computer plays and South is asked again meanwhile


def space_held(fe: Frontend) -> None:
    """SPACE held 2 s at a prompt answers it once (the first bid or the card under the
    cursor); its repeats must not answer the next prompt (c64/input.oph begin_prompt)."""
    c64, before = fe.c64, len(fe.events)
    c64.run_frames(GAP_FRAMES)
    c64.hold(SPACE, SPACE_HELD_FRAMES)
    c64.run_frames(SPACE_HELD_FRAMES + GAP_FRAMES)
    c64.run_until_idle(STEP_CYCLES)
    answers = [e for e in fe.events[before:] if south_decides(e)]
    if len(answers) != 1:
        raise Verdict(f"SPACE held {SPACE_HELD_FRAMES} frames made {len(answers)} South "
                      f"decisions, want 1: {answers}")


def _stack_kept(fe: Frontend, title_sp: int, what: str) -> None:
    if fe.c64.mpu.sp != title_sp:
        raise Verdict(f"{what} left the stack at ${fe.c64.mpu.sp:02X}, not ${title_sp:02X} "
                      f"as on the title before the game")


def stop_in_pause(fe: Frontend, title_sp: int) -> None:
    """At a prompt (at a speed with pauses): RETURN answers (the first bid, PASS, or
    the card under the cursor, the first legal one), and RUN/STOP pressed while the
    computer plays on quits to the title at once, from the pause (c64/input.oph
    stop_check): no event after it."""
    c64 = fe.c64
    c64.run_frames(GAP_FRAMES)
    c64.hold(RETURN, HOLD_FRAMES)
    c64.run_frames(STOP_AFTER_FRAMES)
    events = len(fe.events)
    c64.hold(STOP, HOLD_FRAMES)
    c64.run_until_idle(STEP_CYCLES)
    _stack_kept(fe, title_sp, "RUN/STOP in the computer's pause")
    if len(fe.events) != events or prompt(fe.screen()).kind != "title":
        raise Verdict(f"RUN/STOP while the computer played did not quit to the title at "
                      f"once ({len(fe.events) - events} events after it):\n"
                      f"{fe.screen().text()}")


def restore_problems(fe: Frontend) -> None:
    """At a prompt: RESTORE alone changes nothing; RUN/STOP goes to the title, twice
    (a new game between) with the stack where it was; then, with RUN/STOP held,
    RESTORE reaches BASIC's READY. with BASIC's zero page and the status byte as they
    were, and RUN shows the title again (c64/nmi.oph; tests/test_restore.py)."""
    c64, before, events = fe.c64, fe.screen(), len(fe.events)
    c64.press_restore()
    c64.run_frames(10)
    if c64.at_basic or fe.screen() != before or len(fe.events) != events:
        raise Verdict(f"RESTORE alone changed the game:\n{fe.screen().text()}")
    sps = []
    for _ in range(2):
        if prompt(fe.key(STOP)).kind != "title":
            raise Verdict(f"RUN/STOP at a prompt did not go to the title:\n"
                          f"{fe.screen().text()}")
        sps.append(c64.mpu.sp)
        screen = fe.key(RETURN)
        if prompt(screen).kind not in ("bid1", "bid2", "discard", "play"):
            raise Verdict(f"RETURN after RUN/STOP did not start a game:\n{screen.text()}")
    if sps[0] != sps[1]:
        raise Verdict(f"each RUN/STOP at a prompt leaves the stack lower: ${sps[0]:02X}, "
                      f"then ${sps[1]:02X}")
    status_byte = c64.mem[KERNAL_STATUS]
    c64.press("STOP")
    c64.run_frames(10)
    if prompt(fe.screen()).kind != "title":
        raise Verdict(f"RUN/STOP at a prompt did not go to the title:\n{fe.screen().text()}")
    c64.press_restore()
    c64.run_frames(2)
    if not c64.at_basic:
        raise Verdict("RUN/STOP + RESTORE did not reach BASIC")
    if c64.basic_zero_page_problems():
        raise Verdict(f"BASIC's zero page after RUN/STOP + RESTORE: "
                      f"{c64.basic_zero_page_problems()[:3]}")
    if c64.mem[KERNAL_STATUS] != status_byte:
        raise Verdict(f"RUN/STOP + RESTORE changed the KERNAL's status byte $90: "
                      f"${status_byte:02X} -> ${c64.mem[KERNAL_STATUS]:02X}")
    c64.release()
    c64.basic_run()
    if prompt(fe.screen()).kind != "title":
        raise Verdict(f"RUN after RUN/STOP + RESTORE did not show the title:\n"
                      f"{fe.screen().text()}")


def _after_game(fe: Frontend, s: Scenario, played: PlayedGame, title_sp: int) -> None:
    if s.max_prompts is not None:
        if s.speed == "NO WAIT":
            restore_problems(fe)
        else:
            space_held(fe)
            stop_in_pause(fe, title_sp)
        return
    check_game_over(played)
    if s.end_key == "T":
        back_to_title(fe)
        return
    before = len(fe.events)
    screen = fe.key(s.end_key)
    if s.end_key == STOP:
        _stack_kept(fe, title_sp, "RUN/STOP at the game's end")   # (it returns normally)
        if prompt(screen).kind != "title":
            raise Verdict(f"RUN/STOP at the game-over screen did not go to the title:\n"
                          f"{screen.text()}")
        return
    new = fe.events[before:]
    scores = [e["total"] for e in new if e["ev"] == "score"]
    if prompt(screen).kind not in ("bid1", "bid2", "discard", "play") or not new \
            or new[0]["ev"] != "first_dealer" \
            or status(screen).total != (tuple(scores[-1]) if scores else (0, 0)):
        raise Verdict(f"P at the game-over screen did not start a new game:\n"
                      f"{screen.text()}")
    engine_state(status(screen).game, new)      # it deals what pyengine deals for it
    screen = fe.key(STOP)
    if prompt(screen).kind != "title":
        raise Verdict(f"RUN/STOP in the new game did not go to the title:\n{screen.text()}")


def run_checks(prg: Path | str | None = None) -> None:
    """Every check; raises at the first failure."""
    for s in SCENARIOS:
        fe = Frontend(prg, record_events=True, ram=s.ram)
        fe.boot()
        title_sp = fe.c64.mpu.sp             # the stack while the title waits for a key
        problem = title_problems(fe)
        if problem:
            raise Verdict(f"{problem} (power-on RAM {s.ram})")
        if s.rules_first:
            rules_pages(fe)
            menu_wraps(fe)
        if s.too_big_first:
            too_big(fe)
        played = play(fe, s.game, random.Random(s.seed), max_prompts=s.max_prompts,
                      choose=CHOOSERS[s.south], speed=s.speed, fuzz=s.fuzz, start=s.start,
                      sound=s.sound,
                      on_prompt=refusals(s.game) if s.refusals else None)
        if s.max_prompts is None:
            check_identity(played)
        for problem in (event_problems(s.game, played.events, fe.drawn, not s.fuzz),
                        sound_problems(fe, played.events) if s.sound else silence(fe),
                        pause_problems(fe, played.events, s.speed)):
            if problem:
                raise Verdict(f"{problem} (game {s.game} at {s.speed}, RAM {s.ram})")
        _after_game(fe, s, played, title_sp)
    stop_in_last_trick(prg)
    problem = demo_problems(prg)
    if problem:
        raise Verdict(problem)


def stop_in_last_trick(prg: Path | str | None) -> None:
    """RUN/STOP while the last trick (here: NO TRICK PLAYED YET) is shown quits the
    game, as at any prompt; it must not only close the view."""
    fe = Frontend(prg, record_events=True)
    fe.boot()
    fe.start(LAST_TRICK_GAME)
    fe.key("L")
    screen = fe.key(STOP)
    if prompt(screen).kind != "title":
        raise Verdict(f"RUN/STOP in the last-trick view did not go to the title:\n"
                      f"{screen.text()}")


LAST_TRICK_GAME = 5


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

