"""The arena: duplicate pairs, tallies that add up, intervals, players from text, the chart."""

from __future__ import annotations

from pathlib import Path

import pytest

from pyengine.core.rules import BIT93
from pyengine.measure.arena import PlayerSpecError, make_player, run_matches, tasks
from pyengine.measure.arenastats import clustered_mean, report_lines, summarise, wilson
from pyengine.measure.strength import load_summaries, save_summaries, write_strength_section
from pyengine.players.pimc import PimcPlayer
from pyengine.players.player import RandomPlayer, RefPlayer
from pyengine.players.varplayer import VariantPlayer


def test_every_deal_sequence_is_played_twice_with_the_teams_swapped() -> None:
    work = tasks(BIT93, "ref", "random", 6, seed=100)
    assert [(t[1], t[4]) for t in work] == [(100, 0), (100, 1), (101, 0), (101, 1),
                                            (102, 0), (102, 1)]


def test_players_are_built_from_their_text() -> None:
    assert isinstance(make_player("ref"), RefPlayer)
    assert isinstance(make_player("random", 3), RandomPlayer)
    p = make_player("pimc:worlds=5,time=0")
    assert isinstance(p, PimcPlayer) and p.config.worlds == 5
    v = make_player("variant:old_lead=1,float=1")
    assert isinstance(v, VariantPlayer) and v.old_lead and v.float_estimate
    assert not make_player("variant").old_lead         # the fixed lead unless asked
    for bad in ("chess", "ref:x=1", "pimc:wolds=2", "random:speed=2", "variant:old_lead=2",
                "variant:lead=1"):
        with pytest.raises(PlayerSpecError):
            make_player(bad)


def test_a_tiny_run_adds_up(tmp_path: Path) -> None:
    results, secs = run_matches(BIT93, "ref", "random", 6, seed=0, jobs=1)
    assert len(results) == 6
    s = summarise(results, "ref", "random", BIT93, secs, 1)
    assert s.pairs == 3 and sum(s.pairs_a) == 3
    wins_a = sum(r.a.wins for r in results)
    wins_b = sum(r.b.wins for r in results)
    assert wins_a + wins_b == 6 and s.wins_a.value == wins_a / 6
    for r in results:                       # each match: one winner, calls = hands
        assert r.a.wins + r.b.wins == 1
        assert r.a.calls + r.b.calls == r.hands <= r.deals
        assert r.a.euchres == r.b.euchred and r.b.euchres == r.a.euchred
        assert max(r.a.points, r.b.points) >= BIT93.target
    assert s.hands == sum(r.hands for r in results)
    assert s.wins_a.low <= s.wins_a.value <= s.wins_a.high
    assert any("matches won" in line for line in report_lines(s))
    # stored results round-trip, and the document keeps the prose around the table
    save_summaries(tmp_path / "s.json", {"ref-random": s})
    back = load_summaries(tmp_path / "s.json")["ref-random"]
    assert back.wins_a == s.wins_a and back.pairs_a == s.pairs_a
    md = tmp_path / "strength.md"
    md.write_text("# Strength\n\nprose before\n")
    write_strength_section(md, [s], "chart.png", "cmd")
    write_strength_section(md, [s], "chart.png", "cmd")
    text = md.read_text()
    assert text.count("strength:begin") == 1 and "prose before" in text


def test_duplicate_runs_on_two_processes_equal_one_process() -> None:
    one, _ = run_matches(BIT93, "ref", "random", 4, seed=7, jobs=1)
    two, _ = run_matches(BIT93, "ref", "random", 4, seed=7, jobs=2)
    assert [(r.a, r.b, r.hands) for r in one] == [(r.a, r.b, r.hands) for r in two]


def test_intervals() -> None:
    w = wilson(90, 100)
    assert 0.82 < w.low < 0.83 and 0.94 < w.high < 0.95
    assert wilson(0, 0).n == 0
    c = clustered_mean([(2.0, 2), (4.0, 2), (0.0, 2), (2.0, 2)])
    assert c.value == 1.0 and c.low < 1.0 < c.high


def test_chart_is_a_png(tmp_path: Path) -> None:
    from pyengine.measure.arenastats import chart
    results, secs = run_matches(BIT93, "ref", "random", 2, seed=0, jobs=1)
    s = summarise(results, "ref", "random", BIT93, secs, 1)
    chart([s, s], tmp_path / "c.png")
    assert (tmp_path / "c.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_audit_losses_are_never_negative_and_group_by_situation() -> None:
    from pyengine.measure.audit import audit_games
    from pyengine.players.pimc import PimcConfig

    au = audit_games(1, lambda n: [RefPlayer(), RandomPlayer(n)] * 2,
                     lambda n: ["ref", "random"] * 2, judge=PimcConfig(worlds=3, time=0.0))
    assert au.by and all(t.loss >= -1e-9 and t.n > 0 for t in au.by.values())
    assert any(w.startswith("bid round 1") for _, w in au.by)
    assert any("lead" in w for _, w in au.by)
    assert any("ref, all play decisions" in line for line in au.lines(("ref", "random")))
