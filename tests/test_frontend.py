"""The whole C64 program, end to end, through its own keys and screen (issue 5).

Every game here is build/euchre.prg under the harness driven only by key presses
and joystick port 2, and judged only by screen and colour memory - except the
event stream from hook_event, which must equal pyengine's game with South's
choices replayed. See docs/frontend.md.

EUCHRE_PRG=path runs them on another build (its .map beside it).
"""

from __future__ import annotations

import os
import random
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from tools.commands.c64_terminal import parse_line
from tools.commands.cli import cli
from tools.frontend.checkpoints import check_game_over, check_identity, engine_state
from tools.frontend.driver import (
    RETURN,
    STOP,
    SUIT_WORDS,
    Frontend,
    FrontendError,
    prompt,
    south_hand,
    status,
)
from tools.frontend.play import back_to_title, play
from tools.program.c64map import Symbols

PRG = Path(os.environ.get("EUCHRE_PRG", "build/euchre.prg"))
TYPED = [0, 1, 7, 42, 93, 123, 777, 1988, 4711, 9999, 12345, 31337, 40000, 54321, 65535]
RANDOM_WAITS = [0, 3, 17, 61, 250]          # frames on the title before RETURN
FUZZ_GAMES = [(500 + i) for i in range(10)]


def fresh() -> Frontend:
    fe = Frontend(PRG)
    fe.boot()
    return fe


def _play_and_judge(fe: Frontend, seed: int | None, rng: random.Random, **kw):
    played = play(fe, seed, rng, **kw)
    check_identity(played)
    check_game_over(played)
    assert played.checkpoints == played.prompts > 0
    return played


# ---- whole games: random legal South, screen and transcript against pyengine -------------

@pytest.mark.parametrize("seed", TYPED)
def test_typed_game_number_plays_to_the_end_identical_to_pyengine(seed):
    """Game number typed on the title (4, digits, RETURN); South random legal moves by
    digits, cursor keys, joystick, RETURN/SPACE/fire; at every South prompt the screen
    shows pyengine's hand, trump, makers, tricks, score, dealer, backs and trick."""
    played = _play_and_judge(fresh(), seed, random.Random(seed))
    assert played.seed == seed


def test_random_game_numbers_come_from_the_title_and_play_identically():
    """Nothing typed: the number comes from the frames spent on the title, is shown on
    row 0 and deals what pyengine deals for it."""
    fe = fresh()
    numbers = []
    for i, wait in enumerate(RANDOM_WAITS):
        played = _play_and_judge(fe, None, random.Random(i), wait_frames=wait)
        numbers.append(played.seed)
        back_to_title(fe)
    assert len(set(numbers)) == len(numbers), numbers


# ---- fuzz: keys that decide nothing change nothing ----------------------------------------

@pytest.mark.parametrize("seed", FUZZ_GAMES)
def test_random_keys_at_every_prompt_change_nothing(seed):
    """Up to 8 random keys before each choice: wrong card numbers, wrong suits, letters,
    shifted letters, function keys, cursor and joystick moves, RETURN on an illegal
    card. After each: no event, same hand and status rows; the game still ends
    identical to pyengine."""
    played = _play_and_judge(fresh(), seed, random.Random(seed), fuzz=8)
    assert played.fuzz_keys > 20


@pytest.mark.slow
def test_random_keys_hundred_games():
    fe = fresh()
    rng = random.Random(93)
    keys = 0
    for seed in range(2000, 2100):
        keys += _play_and_judge(fe, seed, rng, fuzz=8).fuzz_keys
        back_to_title(fe)
    print(f"\n  100 fuzzed games, {keys:,} random keys, all identical to pyengine")


# ---- refusals: buzz, a reason, nothing changes --------------------------------------------

def _refusal_probe(kind_wanted: str, make_key):
    """Play games until a prompt where ``make_key(fe, game, screen)`` offers a refused key;
    press it there and return what happened."""
    seen: dict = {}

    def on_prompt(fe, p):
        if seen or p.kind != kind_wanted:
            return
        screen = fe.screen()
        game = engine_state(status(screen).game, fe.events)
        key = make_key(game, screen)
        if key is None:
            return
        before_events, sid = len(fe.events), len(fe.c64.sid_writes)
        after = fe.key(key)
        seen.update(key=key, game=game, before=screen, after=after,
                    new_events=len(fe.events) - before_events,
                    sid=fe.c64.sid_writes[sid:])

    for seed in range(300, 340):
        fe = fresh()
        played = play(fe, seed, random.Random(seed), on_prompt=on_prompt)
        check_identity(played)
        if seen:
            return seen
    pytest.fail(f"no {kind_wanted} prompt offered the refused key in 40 games")


def _assert_refused(seen, message: str):
    before, after = seen["before"], seen["after"]
    assert seen["new_events"] == 0
    assert seen["sid"], "no sound: the buzz is missing"
    assert after.row(23).strip() == message
    assert [h.card for h in south_hand(after)] == [h.card for h in south_hand(before)]
    assert after.codes[:80] == before.codes[:80]           # status rows unchanged
    assert prompt(after).kind == prompt(before).kind


def test_illegal_card_buzzes_says_must_follow_and_changes_nothing():
    """Bit #93 rule 8: follow suit if you can. Pressing the number of a card that does
    not follow is refused with a buzz and MUST FOLLOW <suit led>."""
    def illegal_digit(game, screen):
        legal = {a.card for a in game.legal_actions()}
        wrong = [h for h in south_hand(screen) if h.card not in legal]
        return str(wrong[0].slot + 1) if wrong and game.trick else None

    seen = _refusal_probe("play", illegal_digit)
    _assert_refused(seen, "MUST FOLLOW " + SUIT_WORDS[seen["game"].led_suit()])
    # the cursor moved onto the refused card: it is the one highlighted now
    assert [h.slot for h in south_hand(seen["after"]) if h.selected] == [int(seen["key"]) - 1]


def test_turned_down_suit_is_refused_in_round_two():
    """Rule 5: in round 2 a suit other than the upcard's."""
    seen = _refusal_probe("bid2", lambda game, screen: "SHDC"[game.up_suit])
    _assert_refused(seen, "THAT SUIT WAS TURNED DOWN")


def test_canadian_partner_cannot_order_up_without_going_alone():
    """Rule 3: the dealer's partner who accepts in round 1 must go alone: O is refused."""
    seen = _refusal_probe("bid1", lambda game, screen: "O" if game.dealer == 2 else None)
    _assert_refused(seen, "CANADIAN RULE: YOU MUST GO ALONE")
    assert prompt(seen["after"]).choices == (("pass",), ("order", True))


def test_a_suit_key_in_round_one_is_refused():
    seen = _refusal_probe("bid1", lambda game, screen: "SHDC"[(game.up_suit + 1) % 4])
    _assert_refused(seen, "ROUND 1: O ORDER, A ALONE, P PASS")


# ---- leaving a game -----------------------------------------------------------------------

def test_run_stop_at_a_prompt_returns_to_the_title_and_the_next_game_is_right():
    fe = fresh()
    fe.start(4711)
    assert prompt(fe.screen()).kind in ("bid1", "bid2", "play", "discard")
    screen = fe.key(STOP)
    assert prompt(screen).kind == "title"
    assert screen.row(2).strip() == "EUCHRE 64"
    assert fe.events[-1]["ev"] != "game_over"
    # the stack was unwound: a whole game still plays right afterwards
    _play_and_judge(fe, 4711, random.Random(1))


def test_game_over_offers_play_again_and_title():
    fe = fresh()
    _play_and_judge(fe, 31337, random.Random(5))
    before = len(fe.events)
    screen = fe.key("P")
    assert prompt(screen).kind in ("bid1", "bid2", "play", "discard")
    new_game = fe.events[before:]
    assert new_game[0]["ev"] == "first_dealer"          # a new game, from its first event
    scores = [e["total"] for e in new_game if e["ev"] == "score"]
    # (South may sit out a whole hand, North alone, before his first decision)
    assert status(screen).total == (tuple(scores[-1]) if scores else (0, 0))
    assert prompt(fe.key(STOP)).kind == "title"


# ---- the checks can fail ------------------------------------------------------------------

def _patched(tmp_path: Path, label: str, offset: int, value: int) -> Path:
    data = bytearray(PRG.read_bytes())
    symbols = Symbols.from_map(PRG.with_suffix(".map"))
    load = data[0] | data[1] << 8
    data[symbols.address(label) + offset - load + 2] = value
    out = tmp_path / "broken.prg"
    out.write_bytes(bytes(data))
    shutil.copy(PRG.with_suffix(".map"), out.with_suffix(".map"))
    return out


def test_a_wrong_card_picture_is_caught(tmp_path):
    """rank_glyph with the king drawn as a queen: the hand on screen differs from pyengine."""
    symbols = Symbols.from_map(PRG.with_suffix(".map"))
    queen = Frontend(PRG).c64.peek(symbols.address("rank_glyph") + 3)
    fe = Frontend(_patched(tmp_path, "rank_glyph", 4, queen))
    fe.boot()
    with pytest.raises(FrontendError, match="hand|trick|upcard"):
        for seed in range(3):
            play(fe, seed, random.Random(seed))
            back_to_title(fe)


def test_a_dead_key_is_caught(tmp_path):
    """suit_keys with S replaced by a key nobody presses: naming spades does nothing, and
    the driver reports it rather than hanging."""
    fe = Frontend(_patched(tmp_path, "suit_keys", 0, 0x5F))
    fe.boot()
    with pytest.raises(FrontendError):
        # game 25 is the first whose South names spades by the S key (0-24 only cost
        # time: 4 minutes with a person's key timing)
        for seed in range(25, 40):
            play(fe, seed, random.Random(seed))
            back_to_title(fe)


# ---- the terminal and the pictures --------------------------------------------------------

def test_typed_lines_become_keys():
    assert parse_line("") == [("key", RETURN)]
    assert parse_line("4 12 return") == [("key", "4"), ("key", "1"), ("key", "2"),
                                          ("key", RETURN)]
    assert parse_line("LEFT f jright stop") == [("key", 0x9D), ("joy", "fire"),
                                                 ("joy", "right"), ("key", STOP)]


def test_euchre_c64_plays_from_typed_lines(tmp_path):
    out = tmp_path / "t.json"
    keys = "3\n3\n\n" + "p\n" * 4
    r = CliRunner().invoke(cli, ["c64", "--prg", str(PRG), "--seed", "42",
                                 "--transcript", str(out)], input=keys)
    assert r.exit_code == 0, r.output
    assert "GAME 42" in r.output and "SOUTH" in r.output
    assert "\x1b[" not in r.output                     # not a tty: plain text
    assert "South passes" in r.output
    assert '"seed": 42' in out.read_text()


def test_euchre_shot_writes_the_screen_and_refuses_a_missing_event(tmp_path):
    from PIL import Image

    out = tmp_path / "s.png"
    r = CliRunner().invoke(cli, ["shot", "--prg", str(PRG), "--seed", "1988", "--at", "8",
                                 "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert Image.open(out).size == (768, 528)
    r = CliRunner().invoke(cli, ["shot", "--prg", str(PRG), "--seed", "1988", "--at",
                                 "100000", "--out", str(tmp_path / "x.png")])
    assert r.exit_code == 2
    assert "has only" in r.output
    assert not (tmp_path / "x.png").exists()
