"""Every EGN record of ../shared/egn judged: the final scores of its README's table, the
faulty one refused with the right deal and trick, the partial ones read as far as they go.

The small records are in tests/data/egn too, so those cases never skip."""

from __future__ import annotations

import pytest

from pyengine.records.egn.judge import judge
from pyengine.records.egn.parse import read, read_match
from pyengine.records.egn.recover import Fault
from tests.egn_helpers import DATA, egn_dir

# ../shared/egn/README.md's table: file -> (deals, final score, players 0+2 first)
FINALS = {
    "vwec_finals_annotated.egn": (13, [8, 10]),
    "epic_comeback.egn": (9, [11, 9]),
    "me_and_bears.egn": (12, [10, 9]),
    "quite_the_hustle_annotated.egn": (11, [10, 7]),
    "six_points_in_two_hands.egn": (2, [10, 9]),
    "mote_w5_g1.egn": (11, [10, 3]),
    "mote_w5_g2.egn": (12, [8, 10]),
    "mote_w5_g3.egn": (11, [10, 6]),
}


def _shared(name: str):
    path = egn_dir() / name
    if not path.exists():
        pytest.skip(f"{path} is not here (set EGN_DIR)")
    return path


@pytest.mark.parametrize("name", sorted(FINALS))
def test_complete_record_replays_to_its_final_score(name: str) -> None:
    deals, final = FINALS[name]
    record = read(_shared(name))
    out = judge(record)
    assert len(record.deals) == deals
    assert out.partial is None
    assert out.game is not None and out.game.over
    assert out.game.total == final


def test_the_shared_folder_holds_every_record_of_the_table() -> None:
    folder = egn_dir()
    if not folder.exists():
        pytest.skip(f"{folder} is not here (set EGN_DIR)")
    assert {p.name for p in folder.glob("*.egn")} >= set(FINALS)


def test_revoke_in_first_trick_is_refused_naming_deal_and_trick() -> None:
    # README: "seat 2 revokes in deal 0's first trick"
    with pytest.raises(Fault) as caught:
        judge(read(DATA / "partial_with_errors.egn"))
    assert (caught.value.deal, caught.value.trick) == (0, 0)
    assert str(caught.value).startswith("deal 0, trick 1: seat 2 revokes")


def test_partial_record_is_read_as_far_as_it_goes() -> None:
    out = judge(read(DATA / "partial_two_deals.egn"))
    assert out.partial is not None and "deal 0 after 1 trick " in out.partial
    assert out.game is not None and out.game.total == [0, 0] and not out.game.over


def test_one_deal_record_scores_its_deal_and_says_the_game_is_not_over() -> None:
    out = judge(read(DATA / "custom_scenario.egn"))
    assert out.game is not None and out.game.total == [0, 1]
    assert out.partial is not None and "before the game is over" in out.partial


def test_initial_score_is_where_the_game_starts() -> None:
    # README: "two deals from a 4-9 start", final 10-9
    record = read(DATA / "six_points_in_two_hands.egn")
    assert record.initial_score == (4, 9)
    assert judge(record).game.total == [10, 9]   # type: ignore[union-attr]


def test_match_file_holds_its_games_with_the_match_names() -> None:
    path = _shared("mote_w5_match.emn")
    games = read_match(path)
    assert [n for n, _ in games][:3] == ["MotE W5 G1", "MotE W5 G2", "MotE W5 G3"]
    assert judge(games[0][1]).game.total == [10, 3]   # type: ignore[union-attr]


@pytest.mark.parametrize("name", sorted(FINALS))
def test_record_imports_and_exports_keeping_its_game(name: str) -> None:
    from pyengine.records.egn.export import dumps, record_json, transcript_of
    from pyengine.records.egn.parse import loads
    from pyengine.records.replay import judge as judge_transcript

    record = read(_shared(name))
    t = transcript_of(record)                     # euchre import
    game = judge_transcript(t)                    # the transcript replays whole
    assert game.total == FINALS[name][1]
    again = loads(dumps(record_json(game)), "exported")   # euchre export of it
    out = judge(again)
    assert out.game is not None and out.game.total == FINALS[name][1]
    calls = [d.bidding.calls if d.bidding else () for d in record.deals]
    assert [d.bidding.calls if d.bidding else () for d in again.deals] == calls
    tricks = [d.play.tricks if d.play else () for d in record.deals]
    assert [d.play.tricks if d.play else () for d in again.deals] == tricks


def test_match_replay_counts_each_player_s_games_won() -> None:
    from click.testing import CliRunner

    from pyengine.cli import cli

    path = _shared("mote_w5_match.emn")
    r = CliRunner().invoke(cli, ["replay", "-q", str(path)])
    assert r.exit_code == 0, r.output
    # the six games' winners, players 0+2 or 1+3 of each game's own seating
    assert r.stdout.splitlines()[-1] == ("Match: 6 games; games won: Chach 4, WWMM 4, "
                                         "Dad of Carl 2, Jen-Eye 2")
