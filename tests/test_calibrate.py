"""pimc's bid calibration: each bid's estimate against what the hand then gave."""

from __future__ import annotations

import pytest

from pyengine.core.events import PASS, Score
from pyengine.core.game import GameState, Phase
from pyengine.core.rules import STANDARD
from pyengine.measure import calibrate
from pyengine.measure.calibrate import BidRecord, play_game, rows
from pyengine.players.pimc import PimcConfig, PimcPlayer, Rating
from pyengine.players.player import RefPlayer
from pyengine.players.runner import play_out

TIEBREAK = 0.05


class Scripted(PimcPlayer):
    """Bids like ref and rates its bid 1.5 (2.5 a call); keeps every bid view it saw."""

    def __init__(self) -> None:
        super().__init__(PimcConfig(worlds=1, time=0.0, tiebreak=TIEBREAK))
        self.ref = RefPlayer()
        self.seen: list[tuple] = []        # seat, dealer, round, kind, the score before

    def decide(self, view):
        if view.phase not in (Phase.BID1, Phase.BID2):
            return self.ref.decide(view)
        action = self.ref.decide(view)
        self.last_ratings = [Rating(action, 1.5 if action.call == PASS else 2.5, 1)]
        if len(view.legal) > 1:
            kind = "pass" if action.call == PASS else "alone" if action.alone else "call"
            self.seen.append((view.seat, view.dealer, view.round, kind, tuple(view.total)))
        return action


def test_each_bid_of_the_pimc_team_is_recorded_with_what_its_hand_gave() -> None:
    me = Scripted()
    records = play_game(STANDARD, 3, [me, RefPlayer(), me, RefPlayer()], 0, TIEBREAK)
    # the same game again (every player is deterministic): each hand's result for team 0
    g = play_out(GameState.new(STANDARD, 3), [Scripted(), RefPlayer(), Scripted(),
                                              RefPlayer()])
    gave, before = {}, (0, 0)            # by the score before the hand (each hand scores)
    for e in g.events:
        if isinstance(e, Score):
            gave[before] = e.points[0] - e.points[1] + TIEBREAK * e.tricks[0]
            before = tuple(e.total)
    assert len(records) == len(me.seen) > 10       # stick the dealer: every hand scored
    for r, (seat, dealer, rnd, kind, total) in zip(records, me.seen, strict=True):
        assert (r.rel, r.round, r.kind) == ((seat - dealer) % 4, rnd, kind)
        assert r.estimate == (1.5 if kind == "pass" else 2.5)
        assert r.realized == pytest.approx(gave[total])
    assert {r.kind for r in records} >= {"pass", "call"}


def test_rows_group_by_round_seat_and_kind_and_cluster_the_bias_by_game() -> None:
    recs = [BidRecord(0, 1, 1, "pass", 1.0, 0.0), BidRecord(0, 1, 1, "pass", 0.5, 0.5),
            BidRecord(1, 1, 1, "pass", 2.0, -1.0), BidRecord(1, 3, 2, "call", 1.0, 2.0)]
    found = rows(recs)
    assert [r.situation for r in found] == ["r1 dealer's left, pass",
                                            "r2 dealer's right, call"]
    left = found[0]
    assert (left.count, left.estimate, left.realized) == (3, pytest.approx(3.5 / 3),
                                                          pytest.approx(-0.5 / 3))
    assert left.bias.value == pytest.approx(4.0 / 3)      # (1 + 0) + 3 over 3 decisions
    assert left.bias.low < left.bias.value < left.bias.high
    assert found[1].bias.value == pytest.approx(-1.0)


@pytest.mark.parametrize(("args", "message"), [
    (["--matches", "3"], "even number"),
    (["--team-a", "ref", "--matches", "2"], "is not a pimc player"),
    (["--rules", "nope", "--matches", "2"], "unknown rules preset"),
    (["--team-b", "nobody", "--matches", "2"], "nobody"),
])
def test_bad_arguments_get_one_line_and_no_traceback(args, message, capsys) -> None:
    assert calibrate.main(args) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and err.count("\n") == 1


def test_a_small_run_prints_the_table(capsys) -> None:
    assert calibrate.main(["--team-a", "pimc:worlds=2", "--matches", "2"]) == 0
    out = capsys.readouterr().out
    assert "| bid | decisions | estimate | gave | bias (95%) |" in out
    assert "r1 dealer's left, pass" in out


def test_records_written_by_one_run_are_read_back_into_the_same_table(tmp_path,
                                                                       capsys) -> None:
    out = tmp_path / "records.jsonl"
    assert calibrate.main(["--team-a", "pimc:worlds=2", "--matches", "2",
                           "--records", str(out)]) == 0
    played = capsys.readouterr().out
    written = calibrate.read_records(str(out))
    assert written and all(isinstance(r, BidRecord) for r in written)
    assert calibrate.main(["--read", str(out)]) == 0
    reread = capsys.readouterr().out
    # the same table, from the records alone
    assert played.split("\n\n", 1)[1] == reread.split("\n\n", 1)[1]
    # two files add up: every situation counts twice
    assert calibrate.main(["--read", str(out), str(out)]) == 0
    twice = capsys.readouterr().out
    assert f"{2 * len(written):,} bid decisions" in twice


def test_a_corrupt_records_file_gets_one_line_and_no_traceback(tmp_path, capsys) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"game": 0, "rel": 1}\nnot json\n')
    assert calibrate.main(["--read", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "cannot read the records" in err and "Traceback" not in err
    assert calibrate.main(["--read", str(tmp_path / "missing.jsonl")]) == 2
    assert "cannot read the records" in capsys.readouterr().err


def test_against_ismcts_every_player_keeps_the_upcard_as_in_the_arena(monkeypatch) -> None:
    from pyengine.players import ismcts

    wrapped: list = []
    real = ismcts.UpcardKept

    def spy(player):
        wrapped.append(player)
        return real(player)

    monkeypatch.setattr(ismcts, "UpcardKept", spy)
    records = calibrate.calibrate(STANDARD, "pimc:worlds=2", "ismcts:sims=5", 2, seed=7)
    assert records                                    # the pimc team's bids, read through
    assert len(wrapped) == 8                          # 4 seats, both seatings
    with pytest.raises(calibrate.PlayerSpecError, match="standard"):
        calibrate.calibrate(calibrate.preset("bit93"), "pimc:worlds=2", "ismcts", 2)
