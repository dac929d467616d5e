"""How the search player values a bid: its own later choice, and the caution on calls."""

from __future__ import annotations

import pytest

from pyengine.core.events import PASS
from pyengine.core.game import GameState, Phase
from pyengine.core.rules import BIT93, STANDARD
from pyengine.players.pimc import Later, PimcConfig, PimcPlayer, parse_player_options, world_totals

FAST = PimcConfig(worlds=12, time=0.0)


def test_a_later_choice_counts_its_best_in_each_world_or_one_choice_for_all() -> None:
    # two worlds that come back to me with options (pass, A, B), and a call worth 1 in each
    per_world = [[Later((0.0, 3.0, -1.0)), 1.0], [Later((0.0, -2.0, 2.0)), 1.0]]
    # knowing each world: 3 in the first (A), 2 in the second (B)
    assert world_totals(per_world, 2, one_choice=False) == [5.0, 2.0]
    # one choice for both: A and B both sum to 1 (the first of them is kept): 3 - 2
    assert world_totals(per_world, 2, one_choice=True) == [1.0, 2.0]
    # where passing is best over the worlds, it is the one choice
    assert world_totals([[Later((0.0, 3.0))], [Later((0.0, -4.0))]], 1, True) == [0.0]
    # plain values are summed as they are
    assert world_totals([[1.5, -2.0], [0.5, 1.0]], 2, True) == [2.0, -1.0]


def _round1_view(rules, seed: int, rel: int):
    """The first round-1 view of seat ``dealer + rel`` from game ``seed``, others passing."""
    g = GameState.new(rules, seed)
    while not (g.phase is Phase.BID1 and (g.turn - g.dealer) % 4 == rel):
        pas = [a for a in g.legal_actions() if getattr(a, "call", None) == PASS]
        g.apply(pas[0] if pas else g.legal_actions()[0])
    return g.view(g.turn)


def _pass_value(config: PimcConfig, view) -> float:
    ratings = PimcPlayer(config).rate(view)
    return next(r.value for r in ratings if r.action.call == PASS)


def test_one_choice_never_values_a_pass_above_the_best_choice_in_each_world() -> None:
    """Round 1, the dealer's left: when the auction comes back to him in round 2, one
    choice for every world is worth at most the best of each world, and less somewhere."""
    lower = 0
    for seed in range(6):
        v = _round1_view(BIT93, seed, 1)
        fused = _pass_value(FAST, v)
        one = _pass_value(PimcConfig(worlds=12, time=0.0, onechoice=1), v)
        assert one <= fused + 1e-9
        lower += one < fused - 1e-9
    assert lower >= 3


def test_one_choice_leaves_the_calls_alone() -> None:
    v = _round1_view(BIT93, 2, 1)
    plain = {r.action: r.value for r in PimcPlayer(FAST).rate(v)}
    one = {r.action: r.value for r in PimcPlayer(PimcConfig(worlds=12, time=0.0,
                                                            onechoice=1)).rate(v)}
    calls = [a for a in plain if a.call != PASS]
    assert calls and all(one[a] == pytest.approx(plain[a]) for a in calls)


def test_caution_takes_its_points_off_every_call_and_not_off_a_pass() -> None:
    # round 2, the dealer's right: after his pass the dealer is stuck, he never bids again
    g = GameState.new(STANDARD, 4)
    while not (g.phase is Phase.BID2 and (g.turn - g.dealer) % 4 == 3):
        pas = [a for a in g.legal_actions() if getattr(a, "call", None) == PASS]
        g.apply(pas[0])
    v = g.view(g.turn)
    plain = {r.action: r.value for r in PimcPlayer(FAST).rate(v)}
    careful = {r.action: r.value for r in PimcPlayer(PimcConfig(worlds=12, time=0.0,
                                                                caution=0.5)).rate(v)}
    for a, value in plain.items():
        assert careful[a] == pytest.approx(value - (0.0 if a.call == PASS else 0.5))


def test_the_new_options_are_read_and_checked() -> None:
    cfg = parse_player_options("onechoice=1,caution=0.25")
    assert (cfg.onechoice, cfg.caution) == (1, 0.25)
    with pytest.raises(ValueError, match="whole number"):
        parse_player_options("onechoice=0.5")
    with pytest.raises(ValueError, match="0 or 1"):
        parse_player_options("onechoice=2")
    with pytest.raises(ValueError, match="0 or more"):
        parse_player_options("caution=-1")
