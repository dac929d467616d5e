"""Keys at South's prompts judged: refusals, the last trick, SPACE held, RUN/STOP, RESTORE.

The keys that must be refused and the message saying why, the last trick's view,
SPACE held, RUN/STOP in the computer's pause and in the last trick's view, RESTORE
alone and with RUN/STOP.
"""

from __future__ import annotations

from pathlib import Path

from pyengine.core.cards import suit_of
from pyengine.core.rulescode import rules_code, rules_from_code

from ..machine.screen import COLS, ROWS
from .checkpoints import engine_last_trick, engine_state
from .driver import (
    GAP_FRAMES,
    HOLD_FRAMES,
    LEFT,
    RETURN,
    RIGHT,
    SPACE,
    STEP_CYCLES,
    STOP,
    Frontend,
    prompt,
    south_hand,
)
from .options_screen import (
    LEVEL_CURSOR,
    choose_rules,
    open_options,
    read_options,
    rules_in_ram,
    title_code,
    view_rules,
)
from .options_screen import ROWS as OPTION_ROWS
from .screen_read import (
    BG_FACE,
    BG_HILITE,
    KEYS_BACK,
    MSG_ASK_JOKER,
    MSG_ASK_REDEAL,
    ROW_KEYS,
    ROW_MSG,
    SEAT_WORDS,
    TRICK_COL,
    TRICK_ROW,
    Screen,
)
from .screen_regions import FELT, HINT, MSG_BID1, MSG_BID2, TEXT, Cell, Model, canadian
from .timing import SFX_ERROR, SID_FREQ_HI, SPEED_FRAMES, pace_units, south_decides
from .verdict import Verdict

MSG_KEEP_UPCARD = "KEEP THE UPCARD: DISCARD ANOTHER"
MSG_DISCARD_TRUMP = "YOU HOLD TRUMP: DISCARD A TRUMP"


MSG_CANADIAN = "CANADIAN RULE: YOU MUST GO ALONE"
MSG_TURNED_DOWN = "THAT SUIT WAS TURNED DOWN"
MSG_ROUND1_ONLY = "ROUND 1: O ORDER, A ALONE, P PASS"
MSG_ROUND1_NO_ALONE = "ROUND 1: O ORDER, P PASS"        # where no loner may be
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


def joker_keys(fe: Frontend, p) -> None:
    """An on_prompt hook for the joker's question (c64/jokerask.oph): the '>' starts on
    spades whatever the RAM held; CRSR left goes round to clubs and right back, on to
    hearts and left again; L and joystick up each show the last trick, and the key that
    ends the view answers nothing. The prompt is left as it came, the '>' on spades."""
    if p.kind != "joker":
        return
    before, events = fe.screen(), len(fe.events)
    if p.selected != 0:
        raise Verdict(f"the joker's '>' starts on suit {p.selected}, not spades:\n"
                      f"{before.text()}")
    for name, key, want in (("left", LEFT, 3), ("right", RIGHT, 0), ("right", RIGHT, 1),
                            ("left", LEFT, 0)):
        screen = fe.key(key)
        if prompt(screen).kind != "joker" or prompt(screen).selected != want:
            raise Verdict(f"CRSR {name} at the joker's question: the '>' not on suit {want}:\n"
                          f"{screen.text()}")
    for how, end in (("L", "H"), ("up", "S")):
        view = fe.key(how) if how == "L" else fe.joystick(how)
        problems = last_trick_view(before, fe.events).problems(view)
        if problems:
            raise Verdict(f"the last trick shown by {how} at the joker's question: "
                          + "; ".join(problems) + "\n" + view.text())
        if fe.key(end) != before or len(fe.events) != events:
            raise Verdict(f"{how}, then {end}, at the joker's question did not bring it "
                          f"back unanswered:\n{fe.screen().text()}")


JOKER_GAME = 13              # South deals the joker as the upcard in the first hand


def joker_suit_keys(prg: Path | str | None) -> None:
    """Each of H, D, C names the joker's suit (the judge's game 13 names it by S): game
    13 under STD K32 X1 to the joker's question, the key, the next event South's naming
    that suit; RUN/STOP and RETURN bring the same question back for the next key."""
    fe = Frontend(prg, record_events=True)
    fe.boot()
    choose_rules(fe, rules_from_code("STD K32 X1"), "keys")
    fe.start(JOKER_GAME)
    for key in "HDC":
        if prompt(fe.screen()).kind != "joker":
            raise Verdict(f"game {JOKER_GAME}: not the joker's question:\n{fe.screen().text()}")
        before = len(fe.events)
        fe.key(key)
        named = fe.events[before:before + 1]
        if named != [{"ev": "joker_suit", "seat": 0, "suit": key}]:
            raise Verdict(f"{key} at the joker's question made {named}, not South naming "
                          f"{key}:\n{fe.screen().text()}")
        if prompt(fe.key(STOP)).kind != "title":
            raise Verdict(f"RUN/STOP did not go to the title:\n{fe.screen().text()}")
        if key != "C":
            fe.key(RETURN)
    keys_blank_while_held(fe, MSG_ASK_JOKER, "joker")
    if prompt(fe.key(STOP)).kind != "title":          # RUN/STOP at the question itself
        raise Verdict(f"RUN/STOP at the joker's question did not go to the title:\n"
                      f"{fe.screen().text()}")


BID_GAME = 7                 # under Bit #93, South's first prompt is his round-1 bid


def bid_keys_wait(prg: Path | str | None) -> None:
    """RETURN held into game 7's first South prompt (round 1's bid): row 24 blank while
    the key is down, the bid's keys once it is let go (c64/bidask.oph decide_bid)."""
    fe = Frontend(prg, record_events=True)
    fe.boot()
    fe.set_options(speed="NO WAIT")
    fe.enter_game_number(BID_GAME)
    keys_blank_while_held(fe, MSG_BID1, "bid1")


def round1_no_alone(prg: Path | str | None) -> None:
    """A suit key at a round-1 bid under STD A0 (no going alone) is refused with the
    round-1 keys less A ALONE (c64/bidask.oph; the judge's refusals run under Bit #93,
    where A ALONE is offered): game 7, South's first prompt."""
    fe = Frontend(prg, record_events=True)
    fe.boot()
    choose_rules(fe, rules_from_code("STD A0"), "keys")
    screen = fe.start(BID_GAME)
    if prompt(screen).kind != "bid1":
        raise Verdict(f"game {BID_GAME} under STD A0: South's first prompt is not a "
                      f"round-1 bid:\n{screen.text()}")
    _refused(fe, "S", "bid1", MSG_ROUND1_NO_ALONE)


REDEAL_GAME = 20716          # under STD N1, South's first prompt: a new deal?


def two_way_keys(prg: Path | str | None) -> None:
    """The standard options' two-way question (c64/asks.oph) by its keys: game 20716
    under STD N1 to South's NO ACE NO FACE NO TRUMP question; L and the joystick up
    each show the last trick (none yet) and the key ending the view answers nothing;
    the joystick and CRSR left and right each turn the '>' (two_way_cursor); Y asks
    for a new deal, N keeps the hand, each told on the message line for its pause
    (at FAST); RUN/STOP and RETURN between them bring the same question back
    (the judge's games answer by the cursor half the time, by N or Y the other half)."""
    fe = Frontend(prg, record_events=True)
    fe.boot()
    choose_rules(fe, rules_from_code("STD N1"), "keys")
    fe.start(REDEAL_GAME, speed="FAST")
    for key, call in (("Y", "redeal"), ("N", "keep")):
        before, events = fe.screen(), len(fe.events)
        if prompt(before).kind != "redeal":
            raise Verdict(f"game {REDEAL_GAME}: not South's new-deal question:\n"
                          f"{before.text()}")
        for how, end in (("L", "P"), ("up", "X")):
            view = fe.key(how) if how == "L" else fe.joystick(how)
            problems = last_trick_view(before, fe.events).problems(view)
            if problems:
                raise Verdict(f"the last trick shown by {how} at the new-deal question: "
                              + "; ".join(problems) + "\n" + view.text())
            if fe.key(end) != before or len(fe.events) != events:
                raise Verdict(f"{how}, then {end}, at the new-deal question did not bring "
                              f"it back unanswered:\n{fe.screen().text()}")
        two_way_cursor(fe, events)
        fe.key(key)
        said = fe.events[events:events + 1]
        want = [{"ev": "redeal", "seat": 0, "call": call,
                 "reason": "no_ace_no_face_no_trump"}]
        if said != want:
            raise Verdict(f"{key} at the new-deal question made {said}, want {want}:\n"
                          f"{fe.screen().text()}")
        told = f"{SEAT_WORDS[0]} " + ("ASKS FOR A NEW DEAL" if call == "redeal"
                                      else "KEEPS THE HAND")
        after = fe.drawn.get(events)          # the screen once the answer's event is drawn
        if after is None or after.row(ROW_MSG).strip() != told:
            raise Verdict(f"{key} at the new-deal question: the message line after it is "
                          f"not {told!r}:\n{(after or fe.screen()).text()}")
        pause = pace_units(said[0]) * SPEED_FRAMES["FAST"]
        if fe.pauses.get(events) != pause:
            raise Verdict(f"{key} at the new-deal question: its message stayed "
                          f"{fe.pauses.get(events)} frames at FAST, want {pause}")
        if prompt(fe.key(STOP)).kind != "title":
            raise Verdict(f"RUN/STOP did not go to the title:\n{fe.screen().text()}")
        if key == "Y":
            fe.key(RETURN)
    fe.set_options(speed="NO WAIT")           # the question within HELD_FRAMES
    keys_blank_while_held(fe, MSG_ASK_REDEAL["no_ace_no_face_no_trump"])


# the '>' of a two-way question (starting on answer 0) moved by the joystick and the CRSR
# keys, each way: (what, how, the answer it must then be on)
TWO_WAY_MOVES = (("joystick left", "left", 1), ("joystick right", "right", 0),
                 ("CRSR left", LEFT, 1), ("CRSR right", RIGHT, 0))


def two_way_cursor(fe: Frontend, events: int) -> None:
    """At a two-way question with its '>' on answer 0: the joystick left and right and
    CRSR left and right each move it to the other answer and answer nothing (the
    judge's games turn it by a random one of these, so not by each every time)."""
    for what, how, want in TWO_WAY_MOVES:
        screen = fe.joystick(how) if what.startswith("joystick") else fe.key(how)
        p = prompt(screen)
        if p.kind != "redeal" or p.selected != want or len(fe.events) != events:
            raise Verdict(f"{what} at the new-deal question: not the '>' on answer {want}, "
                          f"unanswered:\n{screen.text()}")


HELD_FRAMES = 60             # RETURN held this long: the question comes while it is down


def keys_blank_while_held(fe: Frontend, question: str, kind: str = "redeal") -> None:
    """From the title, RETURN held down starts the game: its first prompt (the
    question on row 23) comes while the key is still down, and row 24 stays blank
    until the key is let go and the keys have been quiet (c64/input.oph begin_prompt:
    the keys line is the sign a press will be taken); then the keys line shows."""
    c64 = fe.c64
    c64.run_frames(GAP_FRAMES)            # a person's gap after the last key
    c64.press("RETURN")
    shown = 0
    for _ in range(HELD_FRAMES):
        c64.run_frames(1)
        screen = fe.screen()
        if screen.row(ROW_MSG).strip() == question:
            shown += 1                    # (the first frame may fall inside its drawing)
            if shown > 1 and screen.row(ROW_KEYS).strip():
                c64.release()
                raise Verdict(f"the keys line shows while RETURN is still held at "
                              f"{question!r}:\n{screen.text()}")
    c64.release()
    if shown < 2:
        raise Verdict(f"RETURN held {HELD_FRAMES} frames: no {question!r}:\n"
                      f"{fe.screen().text()}")
    screen = fe.run()
    if prompt(screen).kind != kind:
        raise Verdict(f"once RETURN was let go, the keys line is not the {kind}'s:\n"
                      f"{screen.text()}")


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


def stack_kept(fe: Frontend, title_sp: int, what: str) -> None:
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
    stack_kept(fe, title_sp, "RUN/STOP in the computer's pause")
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
        if prompt(screen).kind not in ("bid1", "bid2", "discard", "play", "redeal",
                                       "defend", "joker"):    # (a game's first prompt)
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
    if title_code(fe.screen()) != rules_code(fe.rules) or rules_in_ram(fe) != fe.rules:
        raise Verdict(f"RUN after RUN/STOP + RESTORE did not keep the rules chosen "
                      f"({rules_code(fe.rules)}):\n{fe.screen().text()}")
    view = open_options(fe)                # again: the '>' on the preset, the rows kept
    if fe.rules.name == "standard" and (    # and round the lines both ways (up from the
            read_options(fe.joystick("up")).cursor != LEVEL_CURSOR  # preset: OPPONENTS,
            or read_options(fe.joystick("up")).cursor != len(OPTION_ROWS)  # the last
            or read_options(fe.joystick("down")).cursor != LEVEL_CURSOR   # line, issue 42)
            or read_options(fe.joystick("down")).cursor != 0):
        raise Verdict(f"the '>' does not go round the option lines:\n{fe.screen().text()}")
    if view_rules(view) != fe.rules or prompt(fe.key(RETURN)).kind != "title":
        raise Verdict(f"the options screen after RUN does not show the rules kept:\n"
                      f"{fe.screen().text()}")


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
