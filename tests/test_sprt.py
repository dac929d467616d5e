"""The arena's sequential test (issue 29, item 2): right bounds, right decisions, paired."""

from __future__ import annotations

import math

import pytest
from click.testing import CliRunner

from pyengine.cli import cli
from pyengine.core.rules import BIT93
from pyengine.measure import sprt
from pyengine.measure.sprt import H0, H1, SprtConfig, llr, pair_scores, run_sprt


def test_bounds_and_likelihood_ratio_by_hand() -> None:
    lower, upper = SprtConfig().bounds()
    assert lower == pytest.approx(-2.944, abs=1e-3) and upper == pytest.approx(2.944, abs=1e-3)
    assert SprtConfig(alpha=0.01, beta=0.1).bounds() == pytest.approx(
        (math.log(0.1 / 0.99), math.log(0.9 / 0.01)))
    # mean 0.2, sample variance 0.02, n 2: 2 * 0.1 * (0.2 - 0.05) / 0.02
    assert llr([0.1, 0.3], 0.1) == pytest.approx(1.5)
    assert llr([0.0, 0.0, 0.0], 0.1) < -1e3          # identical pairs: H0 at once
    assert llr([0.5], 0.1) == 0.0


def test_a_better_player_stops_at_h1_and_a_worse_at_h0() -> None:
    better = run_sprt(BIT93, "ref", "random", None, SprtConfig(), 400, jobs=1)
    assert better.decision == H1 and better.pairs == SprtConfig().min_pairs
    worse = run_sprt(BIT93, "random", "random", "ref", SprtConfig(), 400, jobs=1)
    assert worse.decision == H0 and worse.pairs == SprtConfig().min_pairs


def test_equal_players_do_not_claim_a_win() -> None:
    same = run_sprt(BIT93, "ref", "random", "ref", SprtConfig(), 400, jobs=1)
    assert same.decision == H0 and set(same.scores) == {0.0}     # paired: every pair cancels
    for a, b in (("random:seed=1", "random:seed=2"), ("random:seed=3", "random:seed=4")):
        r = run_sprt(BIT93, a, "ref", b, SprtConfig(), 300, jobs=1)
        assert r.decision != H1 and r.pairs > 20


def test_the_baseline_meets_the_same_deals_and_opponent_seeds(
        monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    real = sprt.run_matches

    def spy(rules, a, b, matches, seed, jobs, scheduler=None):
        calls.append((a, b, matches, seed))
        return real(rules, a, b, matches, seed, jobs, scheduler=scheduler)

    monkeypatch.setattr(sprt, "run_matches", spy)
    r = run_sprt(BIT93, "random:seed=1", "ref", "random:seed=2", SprtConfig(), 80, seed=7,
                 jobs=1)
    assert [c[0] for c in calls] == ["random:seed=1", "random:seed=2"] * 3
    assert [c[1:] for c in calls[0::2]] == [c[1:] for c in calls[1::2]]
    assert [c[3] for c in calls[0::2]] == [7, 23, 39]
    assert r.pairs <= 40


def test_pair_scores_are_net_points_a_hand_of_both_matches() -> None:
    from pyengine.measure.arena import run_matches
    results, _ = run_matches(BIT93, "ref", "random", 4, seed=3, jobs=1)
    got = pair_scores(results)
    for seq, score in enumerate(got):
        pair = [r for r in results if r.sequence == seq]
        assert score == sum(r.a.net for r in pair) / sum(r.hands for r in pair)
    assert len(got) == 2


def test_the_decision_does_not_depend_on_the_processes() -> None:
    a = run_sprt(BIT93, "random:seed=1", "ref", "random:seed=2", SprtConfig(), 60, jobs=1)
    b = run_sprt(BIT93, "random:seed=1", "ref", "random:seed=2", SprtConfig(), 60, jobs=2)
    assert (a.scores, a.decision) == (b.scores, b.decision)


def test_the_command_states_hypotheses_delta_and_bounds() -> None:
    r = CliRunner().invoke(cli, ["arena", "--sprt", "--team-a", "ref", "--team-b", "random",
                                 "--matches", "100", "--delta", "0.2", "--jobs", "1"])
    assert r.exit_code == 0, r.output
    assert "H0: no better" in r.output and "delta = 0.2" in r.output
    assert "+2.94 (H1) or -2.94 (H0)" in r.output and "H1 accepted" in r.output
    r = CliRunner().invoke(cli, ["arena", "--baseline", "ref", "--team-b", "random"])
    assert r.exit_code == 2 and "--sprt" in r.output and "Traceback" not in r.output
    r = CliRunner().invoke(cli, ["arena", "--sprt", "--json", "out.json"])
    assert r.exit_code == 2 and "not --sprt" in r.output
    r = CliRunner().invoke(cli, ["arena", "--sprt", "--baseline", "nobody"])
    assert r.exit_code == 2 and "unknown player" in r.output
