"""euchre analyze: every decision weighed by the hard player from the seat's own view,
the mistakes marked [?]/[??] and written beside the players' own annotations."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from click.testing import CliRunner

from pyengine.cli import cli
from pyengine.core.seatview import SeatView
from pyengine.players.pimc import Rating
from pyengine.records.egn.analyze import (
    BLUNDER,
    analyze,
    annotated,
    hard_player,
    report_lines,
)
from pyengine.records.egn.judge import judge
from pyengine.records.egn.parse import read, record_of
from tests.egn_helpers import DATA


@dataclass
class FirstIsBest:
    """A player whose first legal choice is worth 2 points more than any other; it
    keeps every view it is shown."""
    views: list[SeatView] = field(default_factory=list)

    def decide(self, view: SeatView):
        return view.legal[0]

    def rate(self, view: SeatView) -> list[Rating]:
        self.views.append(view)
        return [Rating(a, 2.0 if i == 0 else 0.0, 1) for i, a in enumerate(view.legal)]


def test_every_weighed_decision_is_marked_by_the_points_it_gave_away() -> None:
    record = read(DATA / "six_points_in_two_hands.egn")
    result = analyze(record, FirstIsBest())
    assert result.verdicts
    for v in result.verdicts:
        first = v.choices[0].action
        assert v.loss == (0.0 if v.played == first else 2.0)
        assert v.label == ("" if v.played == first else "[??]")
    assert 2.0 >= BLUNDER


def test_the_player_sees_only_the_seat_s_own_view() -> None:
    record = read(DATA / "six_points_in_two_hands.egn")
    spy = FirstIsBest()
    result = analyze(record, spy)
    assert len(spy.views) == len(result.verdicts)
    out = judge(record)
    hands = {i: [set(h) for h in r.hands] for i, r in enumerate(out.recovered)}
    for view, v in zip(spy.views, result.verdicts, strict=True):
        assert isinstance(view, SeatView) and view.seat == v.seat
        assert view.legal                               # the seat to move
        others = set().union(*(h for s, h in enumerate(hands[v.deal]) if s != v.seat))
        assert not set(view.hand) & (others - set(view.played))


def test_annotations_are_written_beside_the_players_own(tmp_path: Path) -> None:
    record = read(DATA / "six_points_in_two_hands.egn")
    first = next(v for v in analyze(record, FirstIsBest()).verdicts
                 if v.label and v.kind == "play" and v.deal == 0)
    raw = json.loads(json.dumps(record.raw))
    raw["deals"][0]["phases"][1]["playAnnotations"] = {
        str(first.index): ["the player's own note"]}
    record = record_of(raw, "annotated")
    result = analyze(record, FirstIsBest())
    written = annotated(result)
    notes = written["deals"][0]["phases"][1]["playAnnotations"]
    assert notes[str(first.index)][0] == "the player's own note"
    marked = [v for v in result.verdicts if v.label and v.kind == "play" and v.deal == 0]
    assert marked
    for v in marked:
        assert any(n.startswith("[??] hard:") for n in notes[str(v.index)])
    again = record_of(written, "written")                # still a record that judges
    assert judge(again).game.total == [10, 9]            # type: ignore[union-attr]


def test_report_puts_the_biggest_mistake_of_a_deal_first() -> None:
    record = read(DATA / "six_points_in_two_hands.egn")
    lines = report_lines(analyze(record, FirstIsBest()))
    assert lines[0].startswith("Deal 0:")
    assert any("[??]" in line for line in lines)


def test_hard_player_values_a_real_record_with_a_small_budget() -> None:
    record = read(DATA / "custom_scenario.egn")
    result = analyze(record, hard_player(worlds=2))
    assert result.verdicts
    for v in result.verdicts:
        assert {c.action for c in v.choices} >= {v.played}
        assert v.loss >= 0


def test_cli_analyze_writes_an_annotated_record(tmp_path: Path) -> None:
    out = tmp_path / "a.egn"
    r = CliRunner().invoke(cli, ["analyze", str(DATA / "six_points_in_two_hands.egn"),
                                 "--worlds", "2", "--egn", str(out)])
    assert r.exit_code == 0, r.output
    assert "Deal 0:" in r.stdout and f"wrote {out}" in r.stdout
    assert judge(read(out)).game.total == [10, 9]       # type: ignore[union-attr]
    r = CliRunner().invoke(cli, ["analyze", str(tmp_path / "missing.egn")])
    assert r.exit_code == 1 and len(r.stderr.strip().splitlines()) == 1


def test_cli_analyze_reads_a_transcript(tmp_path: Path) -> None:
    game = tmp_path / "g.json"
    assert CliRunner().invoke(cli, ["play", "--auto", "--seed", "3", "--transcript",
                                    str(game)]).exit_code == 0
    r = CliRunner().invoke(cli, ["analyze", str(game), "--worlds", "1", "--deal", "0"])
    assert r.exit_code == 0, r.output
    assert r.stdout.startswith("Deal 0:")


def test_analysis_moves_a_progress_bar_once_per_decision() -> None:
    from pyengine.records.egn.analyze import count_decisions
    from pyengine.records.egn.analyzecmd import run

    seen: dict[str, int] = {"total": 0, "done": 0}

    class Bar:
        def __init__(self, total: int) -> None:
            seen["total"] = total

        def __enter__(self) -> Bar:
            return self

        def __exit__(self, *exc: object) -> None:
            return None

        def update(self, n: int) -> None:
            seen["done"] += n

    lines: list[str] = []
    run(DATA / "six_points_in_two_hands.egn", 1, None, None, False, None, lines.append, Bar)
    assert seen["total"] == count_decisions(read(DATA / "six_points_in_two_hands.egn"))
    assert seen["done"] == seen["total"] > 0 and lines


def test_a_made_up_discard_is_never_in_the_dealer_s_view() -> None:
    # six_points_in_two_hands records no discard: the dealer's is made up (recover)
    record = read(DATA / "six_points_in_two_hands.egn")
    spy = FirstIsBest()
    result = analyze(record, spy)
    out = judge(record)
    guessed = {(i, s, c) for i, r in enumerate(out.recovered) for s, c in r.guessed}
    assert any((d.dealer, r.discard) in r.guessed
               for d, r in zip(record.deals, out.recovered, strict=False))
    for view, v in zip(spy.views, result.verdicts, strict=True):
        if view.discarded is not None:
            assert (v.deal, v.seat, view.discarded) not in guessed
    dealer_plays = [v for v in result.verdicts if v.kind == "play"
                    and v.seat == record.deals[v.deal].dealer]
    assert dealer_plays                          # the dealer's cards are still weighed
