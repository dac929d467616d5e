"""What a C64 player misses (issue 10, part 4), end to end through keys and the screen.

Every test drives build/euchre.prg under the harness with tools.frontend.driver.Frontend
(human key timing: keys held for frames, the KERNAL's buffer and repeat) and
judges it by screen and colour memory, against pyengine where the game is
concerned. EUCHRE_PRG=path runs them on another build.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

from pyengine.core.cards import parse_card
from pyengine.core.rules import BIT93
from pyengine.players.player import RefPlayer
from pyengine.players.runner import play_game
from pyengine.records.transcript import from_game
from tools.frontend.checkpoints import (
    check_game_over,
    check_identity,
    check_sheet,
    engine_sheet,
    engine_state,
)
from tools.frontend.driver import (
    BG_FACE,
    BG_FELT,
    FRAME_CYCLES,
    RETURN,
    SPACE,
    SPEEDS,
    STOP,
    Frontend,
    Screen,
    display_order,
    menu_cursor,
    prompt,
    score_sheet,
    south_hand,
    status,
    title_number_line,
    title_options,
)
from tools.frontend.play import LOOK_KEYS, look_at_last_trick, play

PRG = Path(os.environ.get("EUCHRE_PRG", "build/euchre.prg"))


def fresh() -> Frontend:
    fe = Frontend(PRG)
    fe.boot()
    return fe


def cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


# ---- South's hand sorted (display order only) -----------------------------------------------

def test_display_order_puts_both_bowers_first_then_the_suits_black_red_black_red():
    # trump hearts: right bower JH, left bower JD, then AH; then ♠ ♣ ♦ from the ace down
    hand = cards("9S JD KC AH JH 9D")
    assert display_order(hand, 1) == cards("JH JD AH 9S KC 9D")
    # no trump yet: ♠ ♥ ♣ ♦, each from the ace down, the jacks in their own suits
    assert display_order(hand, None) == cards("9S AH JH KC JD 9D")


def test_south_hand_is_shown_sorted_and_keys_follow_the_screen():
    """At every South prompt of whole games the screen shows the engine's hand in display
    order (check_screen); the card keys and the cursor pick screen positions, and each
    answer must give exactly the engine action the driver chose (play). Here we also
    count the prompts where the screen order differs from the dealt order, so the sort
    is really exercised, both before and after trump is known."""
    differs = {"bid": 0, "card": 0}

    def on_prompt(fe: Frontend, p) -> None:
        screen = fe.screen()
        game = engine_state(status(screen).game, fe.events)
        shown = [h.card for h in south_hand(screen)]
        assert shown == display_order(game.hands[0], game.trump)
        if shown != list(game.hands[0]):
            differs["card" if p.kind in ("play", "discard") else "bid"] += 1

    fe = fresh()
    for seed in (11, 12):
        played = play(fe, seed, random.Random(seed), on_prompt=on_prompt)
        check_identity(played)
        fe.key("T")
    assert differs["bid"] > 0 and differs["card"] > 0, differs


# ---- the last trick: L or joystick up at any South prompt ------------------------------------

def test_last_trick_is_shown_at_any_prompt_and_any_key_goes_back_unchanged():
    """At every South prompt of two games, L or joystick up shows the engine's last trick
    (the cards at their seats, the winner's on yellow, 'LAST TRICK: WEST TOOK IT'), or
    'NO TRICK PLAYED YET' before the first; any key or joystick move then brings the
    prompt back exactly as it was and decides nothing; the games stay identical to
    pyengine."""
    rng = random.Random(7)
    seen = {"trick": 0, "none": 0, "bid": 0}

    def on_prompt(fe: Frontend, p) -> None:
        how, key = LOOK_KEYS[rng.randrange(2)]
        view, _ = look_at_last_trick(fe, how, key, rng)
        seen["trick" if view.winner is not None else "none"] += 1
        if view.winner is not None and p.kind.startswith("bid"):
            seen["bid"] += 1

    fe = fresh()
    for seed in (21, 22):
        played = play(fe, seed, random.Random(seed), on_prompt=on_prompt)
        check_identity(played)
        fe.key("T")
    assert seen["none"] >= 2 and seen["trick"] > 10 and seen["bid"] > 0, seen


def test_the_keys_lines_and_the_title_say_how_to_see_the_last_trick():
    fe = fresh()
    assert fe.screen().row(22).strip() == "L OR JOYSTICK UP: SEE THE LAST TRICK"
    fe.start(5)
    assert "L=LAST" in fe.screen().row(24)


# ---- the score sheet on the game-over screen ---------------------------------------------------

def test_game_over_shows_the_score_sheet_hand_by_hand():
    """Every hand of the game on the game-over screen: its number, the trump, makers,
    ALONE, the makers' tricks, EUCHRED or MARCH, and the points (check_game_over compares
    it with the events; every whole game in tests/test_frontend.py does too)."""
    fe = fresh()
    played = play(fe, 31, random.Random(31))
    check_identity(played)
    check_game_over(played)
    rows = score_sheet(played.final)
    assert [r.hand for r in rows] == list(range(1, len(rows) + 1)) and len(rows) >= 4
    assert sum(r.points for r in rows if r.team == 0) == played.events[-1]["total"][0]


def test_a_game_of_more_than_16_hands_shows_the_last_16_and_says_so():
    """Game 565 played by four computers (demo) has 18 hands: the sheet keeps a ring of
    16 and shows hands 3-18, each numbered, on rows 8-23."""
    want = engine_sheet(from_game(play_game(BIT93, 565, [RefPlayer() for _ in range(4)])).events)
    assert len(want) == 18
    fe = fresh()
    starts = []

    def next_game(c64) -> None:              # sheet_clear: a game starts
        starts.append(c64.cycles)
        if len(starts) == 2:
            c64.stop()                        # the first game's end is still on screen

    fe.c64.trap("sheet_clear", next_game, rts=False)
    fe.start(565, demo=True)                 # runs until the trap stops it
    assert len(starts) == 2
    rows = score_sheet(fe.screen())
    assert [r.hand for r in rows] == list(range(3, 19))
    assert rows == want[-16:]
    check_sheet(fe.screen(), fe.events[:fe.events.index(
        next(e for e in fe.events if e["ev"] == "game_over")) + 1])


# ---- a speed between NORMAL and FAST ------------------------------------------------------------

def test_key_3_cycles_five_speeds_with_quick_between_fast_and_normal():
    fe = fresh()
    seen = [title_options(fe.screen())["speed"]]
    for _ in range(len(SPEEDS)):
        seen.append(title_options(fe.key("3"))["speed"])
    assert seen == ["NORMAL", "SLOW", "NO WAIT", "FAST", "QUICK", "NORMAL"]


def _frames_to_first_prompt(speed: str) -> float:
    """PAL frames from the game's first event to South's first prompt (game 77)."""
    fe = fresh()
    first: list[int] = []
    fe.c64.trap("hook_event", lambda c64: first.append(c64.cycles) if not first else None,
                rts=False)
    fe.start(77, speed=speed)
    return (fe.c64.cycles - first[0]) / FRAME_CYCLES


def test_quick_waits_15_frames_a_card_between_fast_8_and_normal_25():
    """The computer's pace per card (c64/hooks.oph pace_frames): FAST 8, QUICK 15,
    NORMAL 25 frames. The same game to South's first prompt takes 8, 15 and 25 frames
    times the same number of cards' pauses, plus the same drawing."""
    fast, quick, normal = (_frames_to_first_prompt(s) for s in ("FAST", "QUICK", "NORMAL"))
    cards = (normal - fast) / (25 - 8)            # the pauses, in cards
    assert cards > 5
    assert abs((quick - fast) - 7 * cards) < 2, (fast, quick, normal)


# ---- text that reads on the green felt -------------------------------------------------------

WHITE, BLACK = 1, 0           # 4.0:1 and 5.3:1 against the felt (c64/video.oph)
SUITS_TEXT = "♠♥♦♣"


def _felt_text_problems(screen: Screen, where: str) -> list[str]:
    """Text cells on the felt in a colour other than white or black, and suit glyphs
    in text that are not on white: on the felt, or on one white cell, whose white the
    glyph all but fills (issue 30): a suit on white has a blank white cell each side, as
    on a card's face or a chip (c64/chip.oph)."""
    problems = []
    for r in range(25):
        for c in range(40):
            ch, bg = screen.char(r, c), screen.bg(r, c)
            if bg == BG_FELT and ch not in " ▒" and screen.colour(r, c) not in (WHITE, BLACK):
                problems.append(f"{where}: {ch!r} at ({r},{c}) in colour {screen.colour(r, c)}")
            if bg == BG_FELT and ch in SUITS_TEXT:
                problems.append(f"{where}: suit {ch!r} at ({r},{c}) on the felt")
            if bg == BG_FACE and ch in SUITS_TEXT and not all(
                    0 <= c + d < 40 and (screen.char(r, c + d), screen.bg(r, c + d))
                    == (" ", BG_FACE) for d in (-1, 1)):
                problems.append(f"{where}: suit {ch!r} at ({r},{c}) on one white cell")
    return problems


def test_all_text_on_the_felt_is_white_or_black_and_suits_sit_on_white():
    """The light grey (1.3:1) and the red/black suits on the felt did not read: every
    screen a player sees - title, rules, bids of both rounds, cards, the last trick,
    the score sheet - has its felt text in white or black only."""
    problems: list[str] = []
    fe = fresh()
    problems += _felt_text_problems(fe.screen(), "title")
    fe.key("2")
    problems += _felt_text_problems(fe.screen(), "rules")
    fe.key(STOP)
    seen: set[str] = set()

    def on_prompt(fe: Frontend, p) -> None:
        if p.kind not in seen:
            seen.add(p.kind)
            problems.extend(_felt_text_problems(fe.screen(), p.kind))
        if p.kind == "play" and "last_trick" not in seen:
            seen.add("last_trick")
            problems.extend(_felt_text_problems(fe.key("L"), "last trick"))
            fe.key(SPACE)

    for seed in (32, 33, 34):
        played = play(fe, seed, random.Random(seed), on_prompt=on_prompt)
        problems += _felt_text_problems(played.final, "game over")
        fe.key("T")
        if {"bid1", "bid2", "play", "discard"} <= seen:
            break
    assert {"bid1", "bid2", "play", "last_trick"} <= seen, seen
    assert not problems, "\n".join(problems[:10])


# ---- the title by joystick alone ----------------------------------------------------------------

def test_options_rules_and_game_number_by_joystick_alone():
    """Up/down move the '>' over the title's six items, fire selects; the game number is
    dialled digit by digit (up/down, right takes it, fire ends); fire on START plays
    that game at those options. Not one key is pressed."""
    fe = fresh()
    assert menu_cursor(fe.screen()) == "start"
    speeds = [title_options(fe.menu("speed"))["speed"] for _ in range(len(SPEEDS))]
    assert speeds == ["SLOW", "NO WAIT", "FAST", "QUICK", "NORMAL"]
    for _ in range(4):                        # NORMAL -> SLOW -> NO WAIT -> FAST -> QUICK
        fe.menu("speed")
    fe.menu("sound")
    fe.menu("demo")
    assert title_options(fe.screen()) == {"speed": "QUICK", "sound": False, "demo": True}
    fe.menu("demo")
    assert not title_options(fe.screen())["demo"]
    fe.menu("rules")
    pages = []
    for _ in range(4):
        if prompt(fe.screen()).kind != "rules":
            break
        pages.append(fe.screen().row(1).strip())
        fe.joystick("fire")
    assert len(pages) == 3 and pages[0].startswith("EUCHRE: THE RULES")
    assert prompt(fe.screen()).kind == "title" and menu_cursor(fe.screen()) == "rules"
    fe.dial_game_number(4711)                 # 4 up x4, 7 down x3, 1 up, 1 up
    assert title_number_line(fe.screen()) == "4  GAME NUMBER 4711"
    sid = len(fe.c64.sid_writes)
    screen = fe.menu("start")
    assert status(screen).game == 4711
    assert prompt(screen).kind in ("bid1", "bid2", "play", "discard")
    assert len(fe.c64.sid_writes) == sid      # the sound is off
    assert fe.events and engine_state(4711, fe.events).turn == 0


def test_joystick_left_deletes_and_dialling_goes_round_0_to_9():
    fe = fresh()
    fe.menu("number")
    fe.joystick("down")                       # a new digit: 0 - 1 = 9
    assert title_number_line(fe.screen()) == "GAME NUMBER? 9"
    fe.joystick("up")
    fe.joystick("up")                         # 9 + 2 = 1
    assert title_number_line(fe.screen()) == "GAME NUMBER? 1"
    fe.joystick("right")
    assert title_number_line(fe.screen()) == "GAME NUMBER? 1-"
    fe.joystick("up")
    fe.joystick("left")                       # deletes the digit being dialled
    assert title_number_line(fe.screen()) == "GAME NUMBER? 1-"
    fe.joystick("fire")
    assert title_number_line(fe.screen()) == "4  GAME NUMBER 1"


# ---- issue 14: a refused game number says why ---------------------------------------------------

def test_a_game_number_over_65535_is_refused_with_a_line_saying_why_even_without_sound():
    fe = fresh()
    fe.set_options(sound=False)
    fe.key("4")
    for d in "99999":
        fe.key(d)
    screen = fe.key(RETURN)
    assert screen.row(15).strip() == "TOO BIG: GAME NUMBERS GO UP TO 65535"
    assert title_number_line(screen) == "GAME NUMBER? -"          # still asking, emptied
    for d in "65535":
        screen = fe.key(d)
    assert not screen.row(15).strip()                            # gone with the next key
    fe.key(RETURN)
    assert title_number_line(fe.screen()) == "4  GAME NUMBER 65535"


def test_the_frame_counter_runs_every_frame_during_a_game():
    """Issue 14: 'play again' numbers come from the frame counter, which must run in
    games too (wait_frame counts every frame), not only on the title."""
    fe = fresh()
    fe.start(9)
    at = fe.c64.address("seed_timer")
    before = fe.c64.peek_word(at)
    fe.c64.run_frames(100)                    # South's prompt waits, frame by frame
    assert fe.c64.peek_word(at) - before in (99, 100, 101)


def test_run_stop_while_the_last_trick_is_shown_quits_to_the_title():
    fe = fresh()
    screen = fe.start(5)
    assert prompt(screen).kind.startswith("bid")
    assert prompt(fe.key("L")).kind == "last_trick"
    assert prompt(fe.key(STOP)).kind == "title"
