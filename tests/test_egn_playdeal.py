"""euchre play --deal FILE.egn:N --seat S: a record's deal played from any seat, then
the record's own play and the hard player's shown."""

from __future__ import annotations

from click.testing import CliRunner

from pyengine.cli import cli
from pyengine.records.egn.judge import judge
from pyengine.records.egn.parse import read
from pyengine.records.egn.playdeal import deal_start, fresh_game
from tests.egn_helpers import DATA

SIX = str(DATA / "six_points_in_two_hands.egn")


def _play(*args: str, answers: str = "1\n" * 40):
    return CliRunner().invoke(cli, ["play", *args], input=answers)


def test_a_deal_starts_from_the_record_s_hands_dealer_and_score() -> None:
    start = deal_start(SIX, 1)
    game = fresh_game(start)
    scores = [e.total for e in judge(read(SIX)).game.events  # type: ignore[union-attr]
              if e.ev == "score"]
    assert start.total == tuple(scores[0])                   # the score after deal 0
    assert game.dealer == read(SIX).deals[1].dealer
    assert [sorted(h) for h in game.hands] == [sorted(h) for h in start.recovered.hands]
    assert tuple(game.total) == start.total


def test_play_a_deal_then_see_the_players_and_hard(tmp_path) -> None:
    r = _play("--deal", f"{SIX}:0", "--seat", "1", "--worlds", "2")
    assert r.exit_code == 0, r.output
    out = r.stdout
    assert "You are" in out and "(1)" in out
    assert "How the players played it:" in out
    assert "How the hard player plays it (every seat):" in out
    # the record's own deal 0: players 0+2 score 6 points in two hands from 4-9, so the
    # first is theirs: "Their result" for seat 1's side is negative
    their = [line for line in out.splitlines() if "Their result" in line][0]
    assert their.strip().startswith("Their result for your side: -")


def test_quitting_a_deal_says_so_in_one_line() -> None:
    r = _play("--deal", f"{SIX}:0", answers="q\n")
    assert r.exit_code == 1
    assert r.stdout.strip().splitlines()[-1].endswith("Quit: the deal is not finished.")


def test_bad_deal_specs_are_refused_in_one_line(tmp_path) -> None:
    for spec in (SIX, f"{SIX}:9", f"{tmp_path}/none.egn:0", f"{tmp_path}:0",
                 f"{DATA / 'partial_with_errors.egn'}:1"):
        r = _play("--deal", spec)
        assert r.exit_code == 2, (spec, r.output)
        assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.output
    r = _play("--deal", f"{SIX}:0", "--seed", "3")
    assert r.exit_code == 2 and "--seed" in r.output
