"""euchre replay accepts every game the engine writes and rejects corrupted ones."""

from __future__ import annotations

import copy
import json

import pytest
from click.testing import CliRunner

from pyengine.cli import cli
from pyengine.core.rules import BIT93
from pyengine.players.player import RandomPlayer, RefPlayer
from pyengine.players.runner import play_game
from pyengine.records.replay import ReplayError, judge
from pyengine.records.transcript import TranscriptError, from_game, loads


def _transcript(seed: int, random_seats=()):
    players = [RandomPlayer(seed + s) if s in random_seats else RefPlayer() for s in range(4)]
    return from_game(play_game(BIT93, seed, players))


@pytest.mark.parametrize("seed", range(0, 40))
def test_replay_accepts_every_engine_transcript(seed):
    t = _transcript(seed, random_seats=(0,) if seed % 2 else ())
    game = judge(loads(t.dumps()))
    assert game.over and [e.to_json() for e in game.events] == t.events


def _index_of(t, ev, nth=0):
    return [i for i, e in enumerate(t.events) if e["ev"] == ev][nth]


@pytest.mark.parametrize("mutate,message", [
    (lambda t: t.events[_index_of(t, "play", 3)].update(card="ZZ"), '"ZZ" is not a card'),
    (lambda t: t.events[_index_of(t, "play", 0)].update(seat=(
        t.events[_index_of(t, "play", 0)]["seat"] + 1) % 4), "turn"),
    (lambda t: t.events[_index_of(t, "trick")].update(
        winner=(t.events[_index_of(t, "trick")]["winner"] + 1) % 4), "expected trick"),
    (lambda t: t.events[_index_of(t, "score")].update(total=[7, 7]), "expected score"),
    (lambda t: t.events[_index_of(t, "deal")]["hands"][0].reverse(), "expected deal"),
    (lambda t: t.events.pop(), "ends early"),
    (lambda t: t.events.append({"ev": "play", "seat": 0, "card": "9S"}), "already over"),
    (lambda t: t.events[_index_of(t, "bid")].update(call="shout"), '"shout" is not a call'),
])
def test_replay_rejects_corruption_naming_the_event(mutate, message):
    t = copy.deepcopy(_transcript(5))
    mutate(t)
    with pytest.raises(ReplayError, match=message) as info:
        judge(t)
    assert "event" in str(info.value) or "ends" in str(info.value)


def test_replay_rejects_a_card_the_seat_does_not_hold():
    t = copy.deepcopy(_transcript(11))
    i = _index_of(t, "play", 0)
    seat = t.events[i]["seat"]
    deal = t.events[_index_of(t, "deal")]
    others = [c for s, h in enumerate(deal["hands"]) if s != seat for c in h]
    t.events[i]["card"] = others[0]
    with pytest.raises(ReplayError, match=f"event {i} .*does not hold"):
        judge(t)


@pytest.mark.parametrize("text,message", [
    ("not json", "not valid JSON"),
    ("[]", "JSON object"),
    ('{"format": "other/1"}', "format"),
    ('{"format": "euchre-transcript/1", "rules": "bit93", "seed": "x", "events": []}', "seed"),
    ('{"format": "euchre-transcript/1", "rules": "bit93", "seed": 1, "events": [3]}',
     "event 0"),
])
def test_unreadable_transcripts_get_a_clear_message(text, message):
    with pytest.raises(TranscriptError, match=message):
        loads(text)


def test_replay_command_ok_and_rejected(tmp_path):
    good = tmp_path / "good.json"
    _transcript(3).write(good)
    runner = CliRunner()
    r = runner.invoke(cli, ["replay", str(good)])
    assert r.exit_code == 0 and "OK:" in r.output and "Hand 1" in r.output
    bad = tmp_path / "bad.json"
    obj = json.loads(good.read_text())
    obj["events"][_index_of(_transcript(3), "play", 2)]["card"] = "QQ"
    bad.write_text(json.dumps(obj))
    r = runner.invoke(cli, ["replay", str(bad)])
    assert r.exit_code == 1 and "REJECTED" in r.output and "event" in r.output
    r = runner.invoke(cli, ["replay", str(tmp_path / "missing.json")])
    assert r.exit_code == 1 and "cannot read" in r.output
    assert r.exception is None or isinstance(r.exception, SystemExit)
