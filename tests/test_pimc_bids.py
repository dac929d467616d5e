"""How the search player values a bid: its own later choice, and the caution on calls."""

from __future__ import annotations

import pytest

from pyengine.core.events import PASS
from pyengine.core.game import GameState, Phase
from pyengine.core.rules import BIT93, STANDARD
from pyengine.players.pimc import (
    NO_CAUTION,
    STICK_CAUTION,
    Later,
    PimcConfig,
    PimcPlayer,
    caution_for,
    parse_player_options,
    world_totals,
)

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


def _bid_view(rules, seed: int, rel: int, rnd: int = 1):
    """The first view of seat ``dealer + rel`` in bidding round ``rnd`` of game ``seed``,
    everyone before him passing."""
    phase = Phase.BID1 if rnd == 1 else Phase.BID2
    g = GameState.new(rules, seed)
    while not (g.phase is phase and (g.turn - g.dealer) % 4 == rel):
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
        v = _bid_view(BIT93, seed, 1)
        fused = _pass_value(FAST, v)
        one = _pass_value(PimcConfig(worlds=12, time=0.0, onechoice=1), v)
        assert one <= fused + 1e-9
        lower += one < fused - 1e-9
    assert lower >= 3


def test_one_choice_leaves_the_calls_alone() -> None:
    v = _bid_view(BIT93, 2, 1)
    plain = {r.action: r.value for r in PimcPlayer(FAST).rate(v)}
    one = {r.action: r.value for r in PimcPlayer(PimcConfig(worlds=12, time=0.0,
                                                            onechoice=1)).rate(v)}
    calls = [a for a in plain if a.call != PASS]
    assert calls and all(one[a] == pytest.approx(plain[a]) for a in calls)


def test_caution_takes_its_points_off_every_call_and_not_off_a_pass() -> None:
    # round 2, the dealer's right: after his pass the dealer is stuck, he never bids again
    v = _bid_view(STANDARD, 4, 3, 2)
    plain = {r.action: r.value for r in PimcPlayer(FAST).rate(v)}
    careful = {r.action: r.value for r in PimcPlayer(PimcConfig(worlds=12, time=0.0,
                                                                caution=0.5)).rate(v)}
    for a, value in plain.items():
        assert careful[a] == pytest.approx(value - (0.0 if a.call == PASS else 0.5))


def test_the_loner_bonus_adds_to_every_loner_of_mine_and_to_nothing_else() -> None:
    v = _bid_view(STANDARD, 4, 3, 2)
    plain = {r.action: r.value for r in PimcPlayer(FAST).rate(v)}
    bold = {r.action: r.value for r in PimcPlayer(PimcConfig(worlds=12, time=0.0,
                                                             loner=0.28)).rate(v)}
    assert any(a.alone for a in plain) and any(a.call != PASS and not a.alone for a in plain)
    for a, value in plain.items():
        assert bold[a] == pytest.approx(value + (0.28 if a.alone else 0.0))
    # my own later loner inside a round-1 pass (the auction back to me in round 2)
    higher = 0
    for seed in range(6):
        v = _bid_view(STANDARD, seed, 1)
        before = _pass_value(FAST, v)
        after = _pass_value(PimcConfig(worlds=12, time=0.0, loner=5.0), v)
        assert after >= before - 1e-9
        higher += after > before + 1e-9
    assert higher >= 3


def test_the_new_options_are_read_and_checked() -> None:
    cfg = parse_player_options("onechoice=1,caution=0.25,loner=0.28")
    assert (cfg.onechoice, cfg.caution, cfg.loner) == (1, 0.25, 0.28)
    with pytest.raises(ValueError, match="whole number"):
        parse_player_options("onechoice=0.5")
    with pytest.raises(ValueError, match="0 or 1"):
        parse_player_options("onechoice=2")
    with pytest.raises(ValueError, match="0 or more"):
        parse_player_options("caution=-1")
    with pytest.raises(ValueError, match="0 or more"):
        parse_player_options("loner=-0.5")


TABLE = (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8)     # a different value in every cell


@pytest.mark.parametrize(("rnd", "rel"), [(1, 0), (1, 1), (1, 3), (2, 1), (2, 2), (2, 3)])
def test_the_seat_caution_takes_its_own_cell_off_every_call(rnd: int, rel: int) -> None:
    view = _bid_view(STANDARD, 4, rel, rnd)
    plain = {r.action: r.value for r in PimcPlayer(
        PimcConfig(worlds=12, time=0.0, seatcaution=(0.0,) * 8)).rate(view)}
    table = {r.action: r.value for r in PimcPlayer(
        PimcConfig(worlds=12, time=0.0, caution=0.05, seatcaution=TABLE)).rate(view)}
    cell = TABLE[(rnd - 1) * 4 + rel] + 0.05
    calls = [a for a in plain if a.call != PASS]
    assert calls
    for a in calls:
        assert table[a] == pytest.approx(plain[a] - cell)
    if rnd == 2 and rel != 0:
        # after this pass I never bid again: the pass keeps its value
        assert all(table[a] == pytest.approx(plain[a]) for a in plain if a.call == PASS)


def test_a_round_one_pass_counts_my_round_two_calls_with_the_round_two_cell() -> None:
    """Round 1, the dealer's left: a prohibitive round-2 cell for his seat makes every
    later call of his worthless, so his pass is worth at most what it was, and less where
    the auction came back to him and he would have called; round 1's cell stays 0."""
    prohibitive = (0.0,) * 5 + (100.0,) + (0.0,) * 2     # round 2, the dealer's left
    lower = 0
    for seed in range(6):
        view = _bid_view(STANDARD, seed, 1)
        plain = {r.action: r.value for r in PimcPlayer(
            PimcConfig(worlds=12, time=0.0, seatcaution=(0.0,) * 8)).rate(view)}
        shy = {r.action: r.value for r in PimcPlayer(
            PimcConfig(worlds=12, time=0.0, seatcaution=prohibitive)).rate(view)}
        (pas,) = [a for a in plain if a.call == PASS]
        assert shy[pas] <= plain[pas] + 1e-9
        lower += shy[pas] < plain[pas] - 1e-9
        assert all(shy[a] == pytest.approx(plain[a]) for a in plain if a.call != PASS)
    assert lower >= 3


def test_without_a_seat_table_the_rules_caution_applies() -> None:
    assert caution_for(BIT93) == NO_CAUTION            # Bit #93: not measured, none
    assert caution_for(STANDARD) == STICK_CAUTION != NO_CAUTION
    for rules, table in ((STANDARD, STICK_CAUTION), (BIT93, NO_CAUTION)):
        view = _bid_view(rules, 4, 1, 2)
        assert PimcPlayer(FAST).call_caution(view, 2) == table[5]
        assert PimcPlayer(FAST).call_caution(view, 1) == table[1]
        explicit = PimcPlayer(PimcConfig(seatcaution=TABLE, caution=0.5))
        assert explicit.call_caution(view, 2) == pytest.approx(0.5 + TABLE[5])


def test_the_seat_table_is_read_from_four_or_eight_numbers() -> None:
    assert parse_player_options("seatcaution=0/0.5/0/0.25").seatcaution == \
        (0.0, 0.5, 0.0, 0.25) * 2
    assert parse_player_options("seatcaution=1/2/3/4/5/6/7/8").seatcaution == \
        tuple(float(x) for x in range(1, 9))
    assert parse_player_options("worlds=3").seatcaution is None
    for bad in ("seatcaution=1/2", "seatcaution=a/b/c/d", "seatcaution=1/2/3/nan",
                "seatcaution=", "seatcaution=0/-0.5/0/0"):
        with pytest.raises(ValueError, match="4 numbers"):
            parse_player_options(bad)


def test_a_hint_says_when_its_call_values_carry_a_caution() -> None:
    from pyengine.play.hints import hint_lines
    from pyengine.play.textview import Style

    style = Style(symbols=False, colour=False)
    # standard: the dealer's round-1 order is rated 0.50 below its search value
    lines = hint_lines(_bid_view(STANDARD, 4, 0), style, FAST)
    assert lines[-1].strip() == ("(each call is rated 0.50 below its search value: from "
                                 "this seat such calls have promised more than they gave)")
    # no caution: Bit #93, or a seat whose calls were not found over-valued
    for view in (_bid_view(BIT93, 4, 0), _bid_view(STANDARD, 4, 2)):
        lines = hint_lines(view, style, FAST)
        assert not any("caution" in x or "below its search value" in x for x in lines)
