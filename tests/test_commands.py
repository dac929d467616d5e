"""Every command under every rule set: no traceback, no hang, a clear message.

Each test is a reproduction from issue 11 (tried as a new user would); the
commands are run through the real ``euchre`` group (``tools.commands.cli``), in process
with click's runner or, where the old code hung, in a subprocess with a
timeout so a hang fails instead of blocking the suite.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

import pyengine.players.runner as runner
from pyengine.core.options import OptionError, rules_from
from pyengine.core.rules import BID6
from pyengine.players.player import RandomPlayer
from tools.commands.cli import cli

ROOT = Path(__file__).resolve().parent.parent


def euchre(*args: str, input: str | None = None) -> Result:
    """Run ``euchre ARGS`` in process; a Python exception (a traceback) fails the test."""
    result = CliRunner().invoke(cli, list(args), input=input)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"euchre {' '.join(args)} raised "
                             f"{type(result.exception).__name__}: {result.exception}\n"
                             f"{result.output}")
    return result


def euchre_process(*args: str, timeout: float = 120,
                   input: str = "") -> subprocess.CompletedProcess:
    """Run ``euchre ARGS`` as a process; running past ``timeout`` seconds fails the test."""
    try:
        return subprocess.run([sys.executable, "-m", "tools.commands.cli", *args], cwd=ROOT,
                              input=input, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        pytest.fail(f"euchre {' '.join(args)} ran past {timeout} s")


# --- tracebacks ------------------------------------------------------------------

@pytest.mark.parametrize("a,b", [("pimc", "ref"), ("ref", "random")])
def test_arena_plays_bid_euchre_with_the_reference_player(a: str, b: str) -> None:
    # was: AttributeError: 'BidAction' object has no attribute 'card'
    r = euchre("arena", "--team-a", a, "--team-b", b, "--rules", "bid6", "--matches", "2",
               "--jobs", "1")
    assert r.exit_code == 0, r.output
    assert "rules bid6: 2 matches" in r.output


@pytest.mark.parametrize("option", ["--chart", "--json"])
def test_arena_refuses_an_output_path_it_cannot_write_before_playing(option: str) -> None:
    # was: FileNotFoundError after the whole run. A million matches would take
    # days: the refusal must come before the first one.
    p = euchre_process("arena", "--matches", "1000000", "--jobs", "1", option,
                       "/nonexistent/d/x.png", timeout=30)
    assert p.returncode == 2, p.stderr
    assert "/nonexistent/d does not exist" in p.stderr and "Traceback" not in p.stderr


@pytest.mark.parametrize("spec,words", [
    ("pimc:worlds=abc", "worlds must be a whole number"),
    ("pimc:time=soon", "time must be a number"),
    ("pimc:worlds=0", "worlds must be at least 1"),
    ("random:seed=x", "use seed=INTEGER"),
])
def test_arena_says_what_is_wrong_with_a_player_option(spec: str, words: str) -> None:
    # was: "invalid literal for int() with base 10" leaking through
    r = euchre("arena", "--team-a", spec, "--matches", "2")
    assert r.exit_code == 2
    assert words in r.output and "invalid literal" not in r.output


def test_arena_refuses_an_odd_number_of_matches() -> None:
    # was: --matches 3 silently played 4
    r = euchre("arena", "--matches", "3")
    assert r.exit_code == 2
    assert "3 is odd" in r.output and "ask for 4" in r.output


def test_arena_names_one_process_and_one_sequence_in_the_singular() -> None:
    # was: "1 deal sequences" and "560,382 matches/hour" for a 0-second run
    r = euchre("arena", "--team-a", "random", "--team-b", "random", "--matches", "2",
               "--jobs", "1")
    assert r.exit_code == 0, r.output
    assert "1 deal sequence," in r.output and "1 process" in r.output
    assert "matches/hour" not in r.output and "too short a run" in r.output


# --- hangs -----------------------------------------------------------------------

def test_arena_of_four_random_bid_euchre_players_stops_at_the_hand_limit() -> None:
    # was: never ended (Bid Euchre has no floor; random players reach -2,000)
    p = euchre_process("arena", "--team-a", "random", "--team-b", "random", "--rules",
                       "bid6", "--matches", "2", "--jobs", "1")
    assert p.returncode == 0, p.stderr
    assert f"2 matches not decided within {runner.MAX_HANDS:,} deals" in p.stdout
    assert "A won 0, split 0, B won 0" in p.stdout


def test_play_game_stops_at_its_hand_limit_with_the_game_so_far() -> None:
    players = [RandomPlayer(s) for s in range(4)]
    with pytest.raises(runner.HandLimitReached, match="not decided after 50 deals") as info:
        runner.play_game(BID6, 3, players, max_hands=50)
    assert info.value.game.hand_no == 51 and not info.value.game.over


@pytest.mark.parametrize("options", [
    ["-o", "points_made=0", "-o", "points_march=0", "-o", "points_lone_march=0",
     "-o", "points_euchre=0"],
    ["-o", "target=1000000000"],
])
def test_play_refuses_options_under_which_a_game_cannot_end(options: list[str]) -> None:
    # was: euchre play --auto never ended
    p = euchre_process("play", "--auto", "--seed", "1", *options, timeout=60)
    assert p.returncode == 2, p.stdout[-500:]
    assert "Traceback" not in p.stderr
    assert ("could never end" in p.stderr) or ("at most 100" in p.stderr)


def test_a_game_that_scores_only_lone_marches_is_still_allowed() -> None:
    r = rules_from("standard", {"points_made": 0, "points_march": 0, "points_euchre": 0})
    assert r.points_lone_march == 4
    with pytest.raises(OptionError, match="could never end"):
        rules_from("standard", {"points_made": 0, "points_march": 0, "points_euchre": 0,
                                "points_lone_march": 0})


def test_play_auto_stops_at_the_hand_limit_with_a_clear_message() -> None:
    # A game only lone marches can score, one point each, to 100: it can end,
    # but not within the hand limit.
    p = euchre_process("play", "--auto", "--seed", "2", "--ascii", "--rules", "standard",
                       "-o", "points_made=0", "-o", "points_march=0", "-o", "points_euchre=0",
                       "-o", "points_lone_march=1", "-o", "target=100", timeout=120)
    assert p.returncode == 1, p.stdout[-500:]
    assert "Traceback" not in p.stderr
    assert f"not decided after {runner.MAX_HANDS:,} deals" in p.stdout


# --- messages a player reads (issue 27 item 15) -----------------------------------------

def test_arena_json_to_a_full_device_names_the_file() -> None:
    # was: "euchre arena: cannot write None: No space left on device"
    r = euchre("arena", "--matches", "2", "--team-a", "random", "--team-b", "random",
               "--jobs", "1", "--json", "/dev/full")
    assert r.exit_code == 1
    assert ("euchre arena: cannot write /dev/full: No space left on device (the results "
            "are above)") in r.output, r.output
    assert "None" not in r.output


def test_euchre_rules_speaks_of_rules_not_of_seed_documents() -> None:
    # was: "(seed 004 does not say)", "of seed 003", "Decisions the seeds leave open"
    out = euchre("rules").output
    assert "seed" not in out.lower(), [line for line in out.splitlines() if "seed" in line]
    assert "Choices made where the rules are silent:" in out


def test_arena_plays_under_options_and_says_so() -> None:
    # was: no -o at all, so the 32-card deck or cutthroat could not be measured
    r = euchre("arena", "--team-a", "variant", "--team-b", "ref", "--rules", "standard",
               "-o", "deck=32", "--matches", "2", "--jobs", "1")
    assert r.exit_code == 0, r.output
    assert "rules standard -o deck=32: 2 matches" in r.output


@pytest.mark.parametrize("args,words", [
    (("-o", "players=3"), "not cutthroat's three sides"),
    (("-o", "deck=31"), "deck"),
    (("-o", "decks"), "NAME=VALUE"),
])
def test_arena_refuses_options_it_cannot_play(args: tuple[str, ...], words: str) -> None:
    r = euchre("arena", "--team-a", "variant", "--team-b", "variant", "--rules", "standard",
               *args, "--matches", "2")
    assert r.exit_code == 2 and words in r.output and "Traceback" not in r.output
