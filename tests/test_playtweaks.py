"""ref's card-play variants (pyengine/players/playtweaks.py): each acts only where it says,
and switched off it is ref."""

from __future__ import annotations

import pytest

from pyengine.core.cards import EFFECTIVE_SUIT, POWER, TRUMP_RANK
from pyengine.core.game import GameState, Phase
from pyengine.core.rules import preset
from pyengine.measure.arena import PlayerSpecError, make_player
from pyengine.players.player import RefPlayer, ref_play
from pyengine.players.playtweaks import PlayTweaks, TweakedRefPlayer, tweaked_play
from pyengine.players.runner import play_out

STANDARD = preset("standard")


def _differences(tweak: str, games: range) -> list:
    """(view, ref's card, the variant's card) wherever the variant differs, in games of
    four ref variants."""
    t = PlayTweaks(**{tweak: 1})
    seen = []

    class Spy(TweakedRefPlayer):
        def decide(self, view):
            action = super().decide(view)
            if view.phase is Phase.PLAY and len(view.legal) > 1:
                base = ref_play(view)
                if base != action:
                    seen.append((view, base.card, action.card))
            return action

    for g in games:
        game = GameState.new(STANDARD, g)
        play_out(game, [Spy(name="spy", play=t) for _ in range(4)], 40)
    return seen


def test_spec_builds_the_variant_and_all_off_is_ref():
    p = make_player("ref:short_throw=1,order_min=12")
    assert isinstance(p, TweakedRefPlayer) and p.play == PlayTweaks(short_throw=1)
    assert dict(p.changes) == {"order_min": 12}
    assert type(make_player("ref:second_low=0")) is RefPlayer
    with pytest.raises(PlayerSpecError, match="second_low"):
        make_player("ref:second_lo=1")


def test_all_off_plays_refs_cards():
    game = GameState.new(STANDARD, 3)
    seen = 0
    off = PlayTweaks()
    while game.phase is not Phase.GAME_OVER and seen < 200:
        view = game.view(game.turn)
        if view.phase is Phase.PLAY and len(view.legal) > 1:
            assert tweaked_play(view, off) == ref_play(view)
            seen += 1
        game.apply(RefPlayer().decide(view))
    assert seen >= 50


def test_lead_trump_only_on_the_makers_partners_lead():
    diffs = _differences("lead_trump", range(40))
    assert diffs
    for v, _, card in diffs:
        assert not v.trick and v.maker != v.seat and (v.maker & 1) == (v.seat & 1)
        assert TRUMP_RANK[v.trump][card] >= 0


def test_second_low_only_second_hand_following_and_ducking():
    diffs = _differences("second_low", range(60))
    assert diffs
    for v, base, card in diffs:
        assert len(v.trick) == 1
        led = EFFECTIVE_SUIT[v.trump][v.trick[0][1]]
        table = POWER[v.trump][led]
        assert EFFECTIVE_SUIT[v.trump][card] == led
        assert table[base] > table[v.trick[0][1]] > table[card]   # ref won, the variant ducks


def test_short_throw_only_throwing_off_a_side_card_holding_trump():
    diffs = _differences("short_throw", range(40))
    assert diffs
    for v, _, card in diffs:
        led = EFFECTIVE_SUIT[v.trump][v.trick[0][1]]
        ranks = TRUMP_RANK[v.trump]
        assert EFFECTIVE_SUIT[v.trump][card] != led and ranks[card] < 0
        assert any(ranks[c] >= 0 for c in v.hand)
