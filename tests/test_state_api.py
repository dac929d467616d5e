"""pyengine as OpenSpiel and python-chess users expect it (issue 28): action numbers
both ways, the current player, the history, hash, the text picture of a position and
of a view, the observation tensor, options as values, load() of an unfinished
transcript (and ``euchre replay`` of the shell's own unfinished save), the version.

Each check compares with something computed another way (the legal actions, the
view's own fields, the CLI's option path, judge() and resume), not with the code's
own output."""

from __future__ import annotations

import dataclasses
import importlib.metadata
import io
import random

import pytest
from click.testing import CliRunner

import pyengine
from pyengine.cli import cli
from pyengine.core.actions import ALL_ACTIONS, NUM_ACTIONS, action_from_id
from pyengine.core.cards import card_name
from pyengine.core.game import TERMINAL, BidAction, GameState, Phase
from pyengine.core.observation import OBSERVATION_LAYOUT, OBSERVATION_SIZE, OFFSETS
from pyengine.core.options import OptionError, rules_from
from pyengine.core.rules import BIT93, PRESETS, RulesError, preset
from pyengine.play.shell import run_shell_game
from pyengine.records.loadgame import game_of, load
from pyengine.records.replay import ReplayError, judge
from pyengine.records.transcript import from_game

# Rule sets with every kind of decision: the magazine's, cutthroat, Bid Euchre, and
# the joker, farmer's hand and defend-alone variants
RULE_SETS = (BIT93, preset("standard", players=3), PRESETS["bid6"],
             preset("standard", joker=True, deck=32, farmers_hand=True, defend_alone=True,
                    no_ace_no_face_no_trump=True))


def random_states(rules, seed, n_games=3, limit=500):
    """The states of a few random games (a fresh clone of each), at most ``limit`` a
    game (four random players in Bid Euchre may play a thousand hands)."""
    for s in range(n_games):
        rng = random.Random(seed * 100 + s)
        g = GameState.new(rules, seed * 100 + s)
        for _ in range(limit):
            yield g.clone()
            if g.is_terminal:
                break
            g.apply(rng.choice(g.legal_actions()))


def test_every_action_has_its_own_number_and_back():
    assert len(ALL_ACTIONS) == NUM_ACTIONS == len(set(ALL_ACTIONS))
    for n in range(NUM_ACTIONS):
        assert int(action_from_id(n)) == n
    for bad in (-1, NUM_ACTIONS, True, "3"):
        with pytest.raises(ValueError, match="numbered 0-100"):
            action_from_id(bad)
    with pytest.raises(ValueError, match="no action number"):
        int(BidAction("order"))                 # no suit: no action of any game


def test_action_to_string_refuses_what_apply_action_refuses():
    """Issue 45, item 2: ``action_to_string(None)`` said ``'None'`` and ``('x')`` said
    ``'x'``, where apply_action refuses both; both calls now refuse the same values."""
    g = GameState.new(BIT93, 5)
    for bad in (None, "x", "order up", 2.0, object()):
        with pytest.raises(TypeError):
            g.clone().apply_action(bad)
        with pytest.raises(TypeError, match="action_to_string"):
            g.action_to_string(bad)
    for bad in (-1, NUM_ACTIONS, True):
        with pytest.raises(ValueError, match="numbered 0-100"):
            g.clone().apply_action(bad)
        with pytest.raises(ValueError, match="numbered 0-100"):
            g.action_to_string(bad)
    legal = g.legal_actions()[0]
    assert g.action_to_string(legal) == g.action_to_string(int(legal)) == str(legal)


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: f"{r.name}-{r.players}")
def test_numbers_name_the_legal_actions_in_every_phase(rules):
    phases = set()
    for g in random_states(rules, 1):
        legal = g.legal_actions()
        ids = g.legal_action_ids()
        assert [action_from_id(n) for n in ids] == legal
        mask = g.legal_actions_mask()
        assert len(mask) == NUM_ACTIONS and [n for n in range(NUM_ACTIONS) if mask[n]] \
            == sorted(ids)
        assert [g.action_to_string(n) for n in ids] == [str(a) for a in legal]
        assert [g.string_to_action(str(a)) for a in legal] == legal
        if g.is_terminal:
            assert g.current_player() == TERMINAL == -4 and ids == []
        else:
            assert g.current_player() == g.turn and not g.is_chance_node()
        phases.add(g.phase)
    assert Phase.PLAY in phases and (Phase.GAME_OVER in phases or rules.bid6)


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: f"{r.name}-{r.players}")
def test_the_history_replays_the_game_and_hash_follows_equality(rules):
    seen: dict[GameState, int] = {}
    for k, g in enumerate(random_states(rules, 2, n_games=1)):
        again = GameState.new(rules, g.seed)
        for n in g.history():
            again.apply_action(n)
        assert again == g and hash(again) == hash(g)
        assert g.history() == [int(a) for a in g.actions]
        seen[g] = k
    assert len(seen) == k + 1                   # every state of the game its own key
    assert seen[again] == k
    assert len({hash(g) for g in seen}) == len(seen)    # and its own hash: no collisions


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: f"{r.name}-{r.players}")
def test_a_game_picture_shows_every_hand_and_a_view_only_its_own(rules):
    for g in random_states(rules, 3, n_games=2, limit=300):
        text = str(g)
        for seat, hand in enumerate(g.hands):
            line = next(ln for ln in text.splitlines()
                        if ln.strip().startswith(("South", "West", "North", "East")[seat]))
            assert line.split()[1:1 + len(hand)] == [card_name(c) for c in hand]
        if g.is_terminal:
            assert "game over" in text.splitlines()[0]
            continue
        assert "<- to " in [ln for ln in text.splitlines()
                            if ln.strip().startswith(("South", "West", "North", "East")
                                                     [g.turn])][0]
        for seat in range(rules.players):
            view_text = str(g.view(seat))
            public = {g.upcard, *g.played} | {c for _, c in g.trick}
            hidden = {c for s in range(rules.players) if s != seat
                      for c in g.hands[s]} - public
            words = set(view_text.split())
            assert not {card_name(c) for c in hidden} & words, (seat, view_text)
            assert all(card_name(c) in words for c in g.hands[seat])
            assert view_text == g.observation_string(seat)


def _decode(t: list[float], name: str) -> list[int]:
    size = dict(OBSERVATION_LAYOUT)[name]
    return [i for i in range(size) if t[OFFSETS[name] + i]]


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: f"{r.name}-{r.players}")
def test_the_observation_tensor_holds_the_view_in_its_documented_places(rules):
    assert OBSERVATION_SIZE == sum(size for _, size in OBSERVATION_LAYOUT) == 329
    for g in random_states(rules, 4, n_games=1):
        for seat in range(rules.players):
            v = g.view(seat)
            t = g.observation_tensor(seat)
            players = rules.players
            assert len(t) == OBSERVATION_SIZE
            assert _decode(t, "hand") == sorted(v.hand)
            assert _decode(t, "played") == sorted(set(v.played))
            trick = _decode(t, "trick")
            assert sorted(trick) == sorted(((s - seat) % players) * 33 + c for s, c in v.trick)
            assert _decode(t, "phase") == [list(Phase).index(v.phase)]
            assert _decode(t, "dealer") == [(v.dealer - seat) % players]
            assert _decode(t, "to_move") == ([0] if v.legal else [])
            assert _decode(t, "discarded") == ([] if v.discarded is None else [v.discarded])
            mine = v.team(seat)
            sides = len(v.total)
            score = t[OFFSETS["score"]:OFFSETS["score"] + 3]
            assert score[:sides] == [float(v.total[(mine + k) % sides]) for k in range(sides)]
            assert t[OFFSETS["cutthroat"]] == float(players == 3)


def test_options_as_values_are_the_command_lines_options():
    for name, options in (("standard", {"players": 3}), ("bit93", {"stick_the_dealer": True}),
                          ("standard", {"deck": 32, "joker": True}),
                          ("web", {"first_dealer": "black_jack", "target": 5})):
        cli_way = rules_from(name, {k: str(v).lower() for k, v in options.items()})
        assert preset(name, **options) == cli_way == PRESETS[name].with_options(**options)
    with pytest.raises(RulesError):                   # what the issue found
        dataclasses.replace(preset("standard"), players=3)
    with pytest.raises(OptionError, match="unknown option 'player'"):
        preset("standard", player=3)
    with pytest.raises(OptionError, match="option players=5"):
        BIT93.with_options(players=5)
    assert preset("bit93") is BIT93


def test_load_returns_the_game_where_an_unfinished_transcript_stops(tmp_path):
    path = tmp_path / "game.json"
    for g in random_states(preset("standard", players=3), 5, n_games=1):
        from_game(g).write(path)
        back = load(path)
        assert back == g and back.is_terminal == g.is_terminal
    assert judge(from_game(g)) == back                # the finished game: judge's


def test_load_still_rejects_what_the_rules_reject(tmp_path):
    g = GameState.new(BIT93, 4711)
    g.apply(g.legal_actions()[0])
    t = from_game(g)
    t.events[-1] = dict(t.events[-1], seat=2)          # South's pass, said to be North's
    with pytest.raises(ReplayError, match="seat 0's turn"):
        game_of(t)
    t.events = []
    with pytest.raises(ReplayError):
        game_of(t)


def test_euchre_replay_of_the_shells_own_unfinished_save_says_how_to_resume(tmp_path):
    path = tmp_path / "game.json"
    out = io.StringIO()
    code = run_shell_game(seed=4711, auto=False, transcript=path, ascii_only=True,
                          rules_name="bit93", stdin=io.StringIO("p\np\nq\n"), stdout=out)
    assert code == 0 and "unfinished" in out.getvalue()
    result = CliRunner().invoke(cli, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert "REJECTED" not in result.output and "Traceback" not in result.output
    assert "UNFINISHED" in result.output
    assert f"euchre play --resume {path}" in result.output
    resumed = load(path)
    assert f"hand {resumed.hand_no} at 0-0" in result.output and not resumed.is_terminal
    # a transcript with an event the rules reject is still REJECTED, exit 1
    text = path.read_text().replace('"call": "pass"', '"call": "name"', 1)
    path.write_text(text)
    result = CliRunner().invoke(cli, ["replay", str(path)])
    assert result.exit_code == 1 and "REJECTED" in result.output


def test_version_and_help_are_the_installed_packages():
    assert pyengine.__version__ == importlib.metadata.version("euchre64")
    assert "docs/" not in (pyengine.__doc__ or "")
    for name in ("load", "action_from_id", "NUM_ACTIONS", "TERMINAL", "OptionError",
                 "observation_tensor", "OBSERVATION_SIZE", "OBSERVATION_LAYOUT"):
        assert name in pyengine.__all__ and getattr(pyengine, name) is not None
