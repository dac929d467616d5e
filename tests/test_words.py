"""The words of the rules in force: help, greetings, the story of a game and its replay.

Each test is a reproduction from issue 11: a command that described Bit #93
under other rules, or said something wrong ("You deals first", "upcard None").
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from pyengine.core.events import ORDER, Bid, Deal, Score
from pyengine.core.options import rules_from
from pyengine.play.shell import run_shell_game
from pyengine.play.textview import Narrator, Style
from tools.commands.cli import cli


def shell(stdin: str, *, seed: int = 6, rules: str = "bit93", options: tuple[str, ...] = (),
          auto: bool = False, transcript: Path | None = None) -> str:
    out = io.StringIO()
    run_shell_game(seed=seed, auto=auto, transcript=transcript, ascii_only=True,
                   rules_name=rules, stdin=io.StringIO(stdin), stdout=out, options=options)
    return out.getvalue()


def help_text(rules: str, options: tuple[str, ...] = ()) -> str:
    text = shell("?\nq\n", rules=rules, options=options)
    return text[text.index("Keys:"):]


# --- ? describes the rules in force --------------------------------------------

@pytest.mark.parametrize("rules", ["web", "standard", "bid6"])
def test_help_names_the_rules_in_force_not_bit93(rules: str) -> None:
    text = help_text(rules)
    assert "Bit #93" not in text
    assert "Canadian rule" not in text
    assert "the player left of the maker leads" not in text
    assert "a trump, if he holds another one" not in text


def test_help_of_bit93_keeps_its_own_rules() -> None:
    text = help_text("bit93")
    assert "Rules (Bit #93" in text and "Canadian rule" in text
    assert "the player left of the maker leads first" in text


def test_help_of_bid_euchre_gives_its_keys_and_its_score() -> None:
    text = help_text("bid6")
    assert "p pass, or a number of tricks 3-6" in text
    assert "hi no-trump high, lo no-trump low" in text
    assert "round 1" not in text and "order up" not in text
    assert "a point a trick" in text and "first to 32" in text


def test_help_mentions_the_joker_and_the_sevens_and_eights() -> None:
    text = help_text("standard", ("deck=32", "joker=true"))
    assert "7 8 9 10 J Q K A" in text and "joker XX" in text
    assert "trump order: the joker, then right bower" in text
    assert "A, K, Q, 10, 9, 8, 7" in text


UNSEARCHED = [("bid6", ()), ("standard", ("joker=true",)), ("standard", ("players=3",)),
              ("standard", ("deck=32",)), ("standard", ("defend_alone=true",))]


def test_help_says_where_hints_have_no_ratings() -> None:
    for rules, options in UNSEARCHED:
        text = help_text(rules, options)
        assert "what the computer player would do (no ratings" in text, (rules, options)
        assert "search player would do" not in text
    assert "what the search player would do, and how" in help_text("standard")


@pytest.mark.parametrize("rules,options", UNSEARCHED)
def test_every_rule_set_has_a_hint(rules: str, options: tuple[str, ...]) -> None:
    # was: "No hint here" under joker, 3 players, 32 cards, defend-alone and bid6
    text = shell("t\nq\n", seed=6, rules=rules, options=options)
    assert "Hint: " in text and "what the computer player would do" in text
    assert "No hint here" not in text


@pytest.mark.parametrize("rules,options", [
    ("bit93", ()), ("bid6", ()),
    ("standard", ("deck=32", "joker=true", "defend_alone=true", "farmers_hand=true",
                  "canadian_loner=true", "no_ace_no_face_no_trump=true")),
    ("standard", ("players=3",)),
])
def test_help_fits_80_columns(rules: str, options: tuple[str, ...]) -> None:
    long = [line for line in help_text(rules, options).split("\n") if len(line) > 80]
    assert not long


# --- the hint key ---------------------------------------------------------------

def test_h_names_hearts_and_help_gives_the_hint_another_key() -> None:
    # printf 'p\nh\n' | euchre play --seed 6: h names hearts in round 2, so ? must
    # not say that h asks for a hint
    text = help_text("bit93")
    assert "h (or hint)" not in text and "t (or hint)" in text
    played = shell("p\nh\nq\n")
    assert "You: name H (hearts)" in played and "Hint:" not in played


def test_the_dealers_hint_says_pick_up_as_his_prompt_does() -> None:
    # seed 7: South deals first and everyone passes to him in round 1
    text = shell("t\nq\n", seed=7)
    prompt = text[text.index("Round 1"):]
    assert "[o] pick up" in prompt
    assert "pick up" in prompt[prompt.index("Hint:"):] and "order up" not in prompt


# --- the story of the game ------------------------------------------------------

def test_three_players_are_greeted_without_a_partner() -> None:
    text = shell("q\n", rules="standard", options=("players=3",))
    assert "your partner" not in text and "three players, each for himself" in text


def test_a_random_first_dealer_who_is_you_deals_not_deals() -> None:
    # was: "You deals first" (euchre play --rules web --seed 4711)
    text = shell("q\n", seed=4711, rules="web")
    assert "You deal first (chosen at random)." in text


def test_bid_euchre_points_are_signed_per_side() -> None:
    # was: "points -6-4"
    text = shell("", seed=3, rules="bid6", auto=True)
    assert not re.search(r"points -?\d+--?\d+", text)
    assert re.search(r"North-South [+-]\d+, East-West [+-]\d+\.", text)


def test_a_lone_march_is_called_a_lone_march() -> None:
    n = Narrator(Style(symbols=False), human=None)
    n.feed(Deal(1, 0, ((0,) * 5,) * 4, 1))
    n.feed(Bid(1, 1, ORDER, 0, True))
    line = n.feed(Score(1, (0, 5), (0, 4), (0, 4)))[0]
    assert "lone march! East-West +4" in line


def test_story_lines_fit_80_columns() -> None:
    for rules, options in [("bit93", ()), ("bid6", ()), ("standard", ("players=3",)),
                           ("standard", ("joker=true", "deck=32", "defend_alone=true"))]:
        text = shell("", seed=11, rules=rules, options=options, auto=True)
        long = [line for line in text.split("\n") if len(line) > 80]
        assert not long, (rules, options, long[:3])


# --- replay -----------------------------------------------------------------------

def replay_text(tmp_path: Path, rules: str, options: tuple[str, ...] = (), seed: int = 3) -> str:
    path = tmp_path / "t.json"
    shell("", seed=seed, rules=rules, options=options, auto=True, transcript=path)
    r = CliRunner().invoke(cli, ["replay", str(path)])
    assert r.exit_code == 0, r.output
    return r.output


def test_replay_of_a_three_player_game_names_the_winning_player(tmp_path: Path) -> None:
    # was: "team 0 (South/North) wins 10-7"
    text = replay_text(tmp_path, "standard", ("players=3",))
    assert "team " not in text and "South/North" not in text
    assert re.search(r"Game over: (South|West|North) wins \d+-\d+-\d+", text)
    assert re.search(r"final score \d+-\d+-\d+", text)


def test_replay_of_bid_euchre_shows_bids_and_the_declared_trump(tmp_path: Path) -> None:
    # was: "upcard None", "South bids None", no declared trump
    text = replay_text(tmp_path, "bid6")
    assert "None" not in text
    assert re.search(r"(South|West|North|East) bids [3-6]", text)
    assert re.search(r"declares ([SHDC] trump|no-trump high|no-trump low)", text)


def test_replay_of_a_random_first_dealer_names_him(tmp_path: Path) -> None:
    # was: "First dealer:  -> South"
    text = replay_text(tmp_path, "web")
    assert re.search(r"First dealer: (South|West|North|East) \(chosen at random\)", text)


def test_replay_says_an_integer_not_a_int(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"format": "euchre-transcript/1", "rules": "bit93", "seed": "x", '
                    '"events": []}')
    r = CliRunner().invoke(cli, ["replay", str(path)])
    assert r.exit_code == 1
    assert "not an integer" in r.output and "not a int" not in r.output


def test_options_that_bid_euchre_has_no_use_for_are_refused() -> None:
    from pyengine.core.options import OptionError
    for name, value in [("first_lead", "maker_left"), ("dealer_discard", "same_suit"),
                        ("points_made", "3"), ("points_euchre", "1")]:
        with pytest.raises(OptionError, match="does not apply to six-card Bid Euchre"):
            rules_from("bid6", {name: value})


def test_euchre_rules_shows_no_first_lead_for_bid_euchre() -> None:
    r = CliRunner().invoke(cli, ["rules"])
    assert r.exit_code == 0
    block = r.output[r.output.index("  first_lead"):].split("\n")[0]
    assert block.rstrip().endswith("/ -]"), block


def test_euchre_rules_fits_80_columns() -> None:
    out = CliRunner().invoke(cli, ["rules"]).output
    assert not [line for line in out.split("\n") if len(line) > 80]


def test_lines_break_between_words_and_colour_takes_no_room() -> None:
    from pyengine.play.textview import fit, visible_len
    red = "\x1b[31mJ\u2665\x1b[39m"
    coloured = " ".join([red] * 26)                 # 77 columns on screen
    assert fit(coloured) == [coloured]
    words = [f"w{i}" for i in range(60)]
    lines = fit("  " + " ".join(words))
    assert all(visible_len(x) <= 80 and not x.endswith(" ") for x in lines)
    assert " ".join(x.strip() for x in lines).split() == words
    assert all(x.startswith("    ") for x in lines[1:])


@pytest.mark.parametrize("rules,options", [
    ("bit93", ()), ("bid6", ()), ("standard", ("players=3",)),
    ("standard", ("joker=true", "deck=32", "defend_alone=true", "farmers_hand=true")),
])
def test_replay_fits_80_columns(tmp_path: Path, rules: str, options: tuple[str, ...]) -> None:
    text = replay_text(tmp_path, rules, options, seed=5)
    assert not [line for line in text.split("\n") if len(line) > 80]
