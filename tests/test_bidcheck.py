"""pyengine.measure.bidcheck: only differing bids are played, each both ways, paired."""

from pyengine.core.events import Score
from pyengine.core.game import GameState
from pyengine.core.rules import preset
from pyengine.measure.arena import make_player
from pyengine.measure.bidcheck import differences, main, summary

STANDARD = preset("standard")


def test_the_same_player_never_differs():
    assert list(differences(STANDARD, "ref", "ref", "ref", 0, 20)) == []


def test_a_loner_threshold_differs_only_on_loners_and_replays_both_bids():
    found = list(differences(STANDARD, "ref:alone_min=99", "ref", "ref", 0, 40))
    assert found, "ref goes alone by choice in 40 games"
    for d in found:
        assert d.baseline.alone and not d.variant.alone
        assert (d.baseline.call, d.baseline.suit) == (d.variant.call, d.variant.suit)
    # the first one again by hand: replay its game with ref up to the bid, then both bids
    d = found[0]
    ref = make_player("ref")
    game = GameState.new(STANDARD, d.game)
    while not (game.hand_no == d.hand and game.current_player() % 2 == 0
               and ref.decide(game.view(game.current_player())) == d.baseline):
        game.apply(ref.decide(game.view(game.current_player())))
    for act, want in ((d.variant, d.variant_points), (d.baseline, d.baseline_points)):
        g = game.clone()
        g.apply(act)
        n = len(g.events)
        while not any(isinstance(e, Score) for e in g.events[n:]):
            g.apply(ref.decide(g.view(g.current_player())))
        score = next(e for e in g.events[n:] if isinstance(e, Score))
        assert score.points[0] - score.points[1] == want


def test_summary_and_bad_input(capsys):
    assert summary([])[0] == 0.0
    assert main(["--variant", "ref:nonsense=1", "--games", "1"]) == 2
    assert "ref: option" in capsys.readouterr().err
    assert main(["--variant", "ref:alone_min=99", "--games", "5", "--limit", "1"]) == 0
    assert "1 differing bids" in capsys.readouterr().out


def test_play_phase_finds_only_changed_cards():
    assert list(differences(STANDARD, "ref", "ref", "ref", 0, 10, phase="play")) == []
    found = list(differences(STANDARD, "ref:short_throw=1", "ref", "ref", 0, 30, phase="play"))
    assert found, "short_throw changes a card in 30 games"
    for d in found:
        assert d.round == 0 and d.variant != d.baseline
        assert hasattr(d.variant, "card") and hasattr(d.baseline, "card")
    # the bid screen of the same variant sees nothing: it changes no bid
    assert list(differences(STANDARD, "ref:short_throw=1", "ref", "ref", 0, 10)) == []
