"""The C64 game as a player meets it (issue 30): where the cursor starts, what the table
shows once, the words each screen says, the sound, screens that read at a glance.

Every test drives build/euchre.prg under the harness with tools.frontend.driver.Frontend (human
key timing) and judges it by the screen, colour RAM and SID writes, against pyengine where
the game is concerned. EUCHRE_PRG=path runs them on another build.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from pyengine.core.cards import card_name, parse_card, rank_of, suit_of
from pyengine.players.player import RefPlayer
from tools.frontend.checkpoints import engine_state
from tools.frontend.driver import (
    BG_FACE,
    COL_GREY,
    HAND_COLS,
    ROW_CHOICES,
    ROW_HAND,
    ROW_INFO,
    ROW_KEYS,
    ROW_MSG,
    STOP,
    UPCARD_COL,
    UPCARD_ROW,
    Frontend,
    Screen,
    big_word,
    display_order,
    menu_cursor,
    prompt,
    score_sheet,
    south_hand,
    status,
)
from tools.frontend.event_screens import KEYS_WAITING
from tools.frontend.gameover_screen import game_over_problems, sheet_rows
from tools.frontend.play import play
from tools.frontend.screen_read import (
    TRUMP_CHIP_COL,
)
from tools.frontend.sheet_read import (
    SHEET_ROW,
)
from tools.frontend.timing import NOTES, SID_CTRL, SID_FREQ_HI, SID_GATE, TITLE_TUNE
from tools.machine.screen import COLS

PRG = Path(os.environ.get("EUCHRE_PRG", "build/euchre.prg"))


def fresh() -> Frontend:
    fe = Frontend(PRG)
    fe.boot()
    return fe


def test_the_dealers_discard_starts_on_the_card_the_computer_would_put_away():
    """Game 1375, hand 1, South deals; O at the first bid: the cursor was on J♥ (trumps
    sort first), so RETURN or fire threw away the best card; and the upcard was drawn twice,
    in the middle and as South's sixth card."""
    fe = fresh()
    screen = fe.start(1375)
    assert prompt(screen).kind == "bid1", screen.text()
    screen = fe.key("O")
    assert prompt(screen).kind == "discard", screen.text()
    game = engine_state(1375, fe.events)
    want = RefPlayer().decide(game.view(0)).card
    at = next(h for h in south_hand(screen) if h.selected)
    shown = display_order(game.hands[0], game.trump)
    assert at.card == want, (f"the cursor is on {card_name(at.card)}, the computer would "
                             f"discard {card_name(want)}; hand {[card_name(c) for c in shown]}")
    assert at.slot != 0 and len(south_hand(screen)) == 6
    assert screen.card_at(UPCARD_ROW, UPCARD_COL) is None, screen.text()
    assert "UPCARD" not in screen.text(), screen.text()
    fe.key("RETURN")                           # RETURN puts that card away
    assert [e for e in fe.events if e["ev"] == "discard"][-1]["card"] == card_name(want)


def _round2(seed: int = 6) -> tuple[Frontend, object]:
    """Game 6: South passes in round 1 and is asked again in round 2 (spades turned down)."""
    fe = fresh()
    screen = fe.start(seed)
    assert prompt(screen).kind == "bid1", screen.text()
    screen = fe.key("P")
    assert prompt(screen).kind == "bid2", screen.text()
    return fe, screen


def test_round_2_shows_the_turned_down_upcard_face_up_in_grey_and_offers_only_legal_suits():
    """It was a card back: the turned-down suit showed only as a missing choice; and the
    keys line offered S H D C whatever was turned down."""
    fe, screen = _round2()
    game = engine_state(6, fe.events)
    assert screen.row(UPCARD_ROW - 1)[14:25] == "TURNED DOWN", screen.text()
    assert screen.colour(UPCARD_ROW, UPCARD_COL) == COL_GREY
    assert screen.card_at(UPCARD_ROW, UPCARD_COL, dim=True) == game.upcard
    keys = screen.row(ROW_KEYS).strip()
    letters = keys.split(" NAME")[0].removeprefix("P PASS ").split()
    assert letters == [s for i, s in enumerate("SHDC") if i != suit_of(game.upcard)], keys


def test_the_dealers_keys_line_says_pick_up_as_row_21_does():
    fe = fresh()
    screen = fe.start(1375)                    # South deals hand 1
    assert "PICK UP" in screen.row(ROW_CHOICES)
    assert screen.row(ROW_KEYS).startswith("P PASS O PICK UP"), screen.text()


def test_the_keys_line_numbers_the_cards_south_holds():
    """It said 1-6 whatever South held."""
    fe = fresh()
    screen = fe.start(92)
    seen = set()
    for _ in range(20):
        kind = prompt(screen).kind
        if kind not in ("bid1", "bid2", "play", "discard"):
            break
        if kind == "play":
            n = len(south_hand(screen))
            want = "1" if n == 1 else f"1-{n}"
            assert screen.row(ROW_KEYS).startswith(want + "/CRSR"), screen.text()
            seen.add(n)
        game = engine_state(92, fe.events)
        legal = {a.card for a in game.legal_actions() if hasattr(a, "card")}
        key = "P" if kind.startswith("bid") else next(
            str(h.slot + 1) for h in south_hand(screen) if h.card in legal)
        screen = fe.key(key)
    assert len(seen) >= 4, seen


def test_south_s_bowers_are_marked_once_trump_is_made():
    """Game 1375, South picks up J♥'s suit: the right bower shows R in its corner."""
    fe = fresh()
    fe.start(1375)
    screen = fe.key("O")                       # hearts trump; South holds J♥
    for h in south_hand(screen):
        mark = screen.char(ROW_HAND, HAND_COLS[h.slot] + 2)
        want = "R" if h.card == parse_card("JH") else "L" if h.card == parse_card("JD") \
            else " "
        assert mark == want, (card_name(h.card), mark, screen.text())
    assert any(rank_of(h.card) == 2 for h in south_hand(screen))


def test_no_trick_taker_is_left_under_the_next_trick():
    """`euchre shot --seed 7 --at 30`: NORTH TAKES THE TRICK stayed on the message line
    while the next trick was played."""
    fe = fresh()
    screen = fe.start(7, demo=True, stop_after=30)
    ev = fe.events[29]
    assert ev["ev"] == "play", ev
    assert "TAKES THE TRICK" not in screen.row(ROW_MSG), screen.text()
    assert screen.row(ROW_MSG).split()[1] in ("LEADS", "PLAYS"), screen.row(ROW_MSG)


def test_the_title_menu_reads_1_2_3_4_down_the_screen_and_rules_page_3_says_it_ends():
    fe = fresh()
    screen = fe.screen()
    keys = [screen.row(r)[8] for r in range(10, 19) if screen.row(r)[8] != " "]
    assert keys == ["1", "2", "3", "4", "S", "D", "O"], screen.text()
    fe.key("2")
    fe.key("X")
    screen = fe.key("X")
    assert "(3/3)" in screen.row(1) and screen.row(ROW_KEYS).strip() == \
        "ANY KEY: BACK TO THE TITLE", screen.text()
    screen = fe.key("X")
    assert prompt(screen).kind == "title" and menu_cursor(screen) == "start"


def test_r_at_the_game_over_replays_the_same_game_number():
    """The keys line says so beside 'new game', with the number R replays."""
    fe = fresh()
    played = play(fe, 23, random.Random(2))
    assert prompt(fe.screen()).kind == "game_over" and played
    assert fe.screen().row(ROW_KEYS).rstrip() == "P NEW GAME  R REPLAY GAME 23  T TITLE"
    screen = fe.key("R")
    assert status(screen).game == 23, screen.text()
    deal = [e for e in fe.events if e["ev"] == "deal"][0]
    assert deal["hands"] == [e for e in played.events if e["ev"] == "deal"][0]["hands"]


def _demo_end(seed: int) -> tuple[Screen, list[dict]]:
    """Demo game ``seed`` played to its end: the game-over screen (the run stopped as the
    next game starts, sheet_clear) and the game's events."""
    fe = fresh()
    starts: list[int] = []

    def next_game(c64) -> None:
        starts.append(c64.cycles)
        if len(starts) == 2:
            c64.stop()

    fe.c64.trap("sheet_clear", next_game, rts=False)
    fe.start(seed, demo=True)
    assert len(starts) == 2
    end = next(i for i, e in enumerate(fe.events) if e["ev"] == "game_over")
    return fe.screen(), fe.events[:end + 1]


@pytest.mark.parametrize(("seed", "word"), [(4, "WE WIN"), (3, "THEY WIN")])
def test_the_game_over_screen_says_who_won_in_big_letters_over_the_whole_score_sheet(
        seed, word):
    """It was one line of text (`THEY WIN 3-11` on row 23) and a table in the top third,
    and the sheet did not say EUCHRED or MARCH. Now: the winner five rows tall, then
    the sheet on rows 7-23, each hand with ALONE, EUCHRED (the other team scored) or
    MARCH (all five tricks), every cell as the events say (tools/gameover_screen.py)."""
    screen, events = _demo_end(seed)
    assert ("WE WIN", "THEY WIN")[events[-1]["winner"]] == word
    assert big_word(screen) == word, screen.text()
    assert game_over_problems(screen, events, seed, KEYS_WAITING) == [], screen.text()
    rows = score_sheet(screen)
    assert rows == sheet_rows(events) and len(rows) >= 12
    assert {"EUCHRED", "MARCH"} <= {r.result for r in rows} and any(r.alone for r in rows)
    for r in rows:                            # the words, where a player reads them
        words = screen.row(SHEET_ROW + r.hand - 1).split()
        assert ("ALONE" in words) == r.alone and (r.result in words) == bool(r.result)


def test_suits_in_text_stand_on_white_chips_round_2_s_choices_fit_the_row():
    """A suit in text stood on one white cell, which its glyph all but fills: in round 2
    the suits looked as if they were on the green. Now each stands on a white chip of
    three cells; the alone bid shares its suit's chip, so all seven bids fit row 21."""
    fe, screen = _round2()
    game = engine_state(6, fe.events)
    chips = [c for c in range(COLS - 2) if screen.bg(ROW_CHOICES, c + 1) == BG_FACE
             and screen.char(ROW_CHOICES, c + 1) != " "]
    assert [screen.chip_at(ROW_CHOICES, c) for c in chips] == \
        [s for s in range(4) if s != suit_of(game.upcard)], screen.row(ROW_CHOICES)
    assert prompt(screen).choices == tuple(
        [("pass",)] + [("name", s, alone) for s in range(4) if s != suit_of(game.upcard)
                       for alone in (False, True)])
    assert screen.row(ROW_CHOICES).rstrip().endswith("ALONE"), screen.row(ROW_CHOICES)
    screen = fe.key("H")                      # hearts: the trump line's chip
    assert screen.chip_at(ROW_INFO, TRUMP_CHIP_COL) == 1, screen.text()


def test_notes_are_let_go_with_their_release_and_the_title_has_a_tune_that_s_stops():
    """The sound cleared the waveform when a note ended, so no release ever sounded; the
    title was silent; the deal and the bids (but going alone) made no sound."""
    fe = fresh()
    fe.c64.run_frames(60)
    tune = [w.value for w in fe.c64.sid_writes if w.reg == SID_FREQ_HI]
    assert tune == list(TITLE_TUNE[:len(tune)]) and len(tune) >= 5, tune
    fe.key("S")                                 # sound off: the tune stops at once
    n = len(fe.c64.sid_writes)
    fe.c64.run_frames(100)
    assert [w for w in fe.c64.sid_writes[n:] if w.reg == SID_FREQ_HI] == []
    fe.key("S")
    fe2 = Frontend(PRG, record_events=True)
    fe2.boot()
    fe2.start(92, speed="FAST")
    game = fe2.c64.sid_writes[fe2.sid_start:]
    ctrl = [w.value for w in game if w.reg == SID_CTRL]
    assert 0 not in ctrl, "a note cut dead: control written 0"
    released = [v for v in ctrl if v and not v & SID_GATE]
    assert released, ctrl
    notes = [w.value for w in game if w.reg == SID_FREQ_HI]
    deal = [f for f, _ in NOTES["deal"]]
    assert any(notes[i:i + len(deal)] == deal for i in range(len(notes))), notes
    for effect in ("pass", "make"):
        first = NOTES[effect][0][0]
        if any(e["ev"] == "bid" and (e["call"] == "pass") == (effect == "pass")
               for e in fe2.events if e.get("seat") != 0):
            assert first in notes, (effect, notes)
    fe2.key(STOP)
