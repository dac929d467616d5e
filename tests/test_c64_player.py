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

from pyengine.core.cards import card_name, parse_card, rank_of, suit_of
from pyengine.players.player import RefPlayer
from tools.frontend.checkpoints import engine_state
from tools.frontend.driver import (
    COL_GREY,
    HAND_COLS,
    ROW_CHOICES,
    ROW_HAND,
    ROW_KEYS,
    ROW_MSG,
    STOP,
    UPCARD_COL,
    UPCARD_ROW,
    Frontend,
    display_order,
    menu_cursor,
    prompt,
    south_hand,
    status,
)
from tools.frontend.play import play
from tools.frontend.timing import NOTES, SID_CTRL, SID_FREQ_HI, SID_GATE, TITLE_TUNE

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
    assert keys == ["1", "2", "3", "4", "S", "D"], screen.text()
    fe.key("2")
    fe.key("X")
    screen = fe.key("X")
    assert "(3/3)" in screen.row(1) and screen.row(ROW_KEYS).strip() == \
        "ANY KEY: BACK TO THE TITLE", screen.text()
    screen = fe.key("X")
    assert prompt(screen).kind == "title" and menu_cursor(screen) == "start"


def test_r_at_the_game_over_replays_the_same_game_number():
    fe = fresh()
    played = play(fe, 23, random.Random(2))
    assert prompt(fe.screen()).kind == "game_over" and played
    screen = fe.key("R")
    assert status(screen).game == 23, screen.text()
    deal = [e for e in fe.events if e["ev"] == "deal"][0]
    assert deal["hands"] == [e for e in played.events if e["ev"] == "deal"][0]["hands"]


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
