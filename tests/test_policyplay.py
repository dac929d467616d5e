"""A contract played out by the reference player's cards from the auction's hands
(pyengine/players/policyplay.py, pimc's ``bidplay``) is the hand a real game plays."""

from __future__ import annotations

import pytest

from pyengine.core.events import Score
from pyengine.core.game import GameState, Phase
from pyengine.core.rules import preset
from pyengine.players.pimc import PimcConfig, parse_player_options
from pyengine.players.policyplay import policy_tricks
from pyengine.players.varplayer import VariantPlayer


@pytest.mark.parametrize("rules", ["bit93", "standard"])
def test_the_playout_is_the_hand_the_reference_player_plays(rules: str) -> None:
    r, ref = preset(rules), VariantPlayer()
    compared = 0
    for seed in range(12):
        g = GameState.new(r, seed)
        dealt = None
        while not g.over:
            if g.phase is Phase.BID1 and not g.bids:
                dealt = ([list(h) for h in g.hands], g.dealer, g.upcard, g.hand_no)
            if g.phase is Phase.PLAY and g.tricks_played == 0 and not g.trick:
                assert dealt is not None
                hands, dealer, upcard, hand_no = dealt
                got = policy_tricks(r, hands, dealer, upcard, g.made_round, g.trump, g.maker,
                                    g.alone, g.discarded)
                start = len(g.events)
                while g.hand_no == hand_no and not g.over:
                    g.apply(ref.decide(g.view(g.turn)))
                score = next(e for e in g.events[start:] if isinstance(e, Score))
                assert got == score.tricks[score.makers], (rules, seed, hand_no)
                compared += 1
                continue
            g.apply(ref.decide(g.view(g.turn)))
    print(f"{rules}: {compared} hands played out from the auction's hands, all equal")
    assert compared > 100


def test_bidplay_is_an_option_of_pimc() -> None:
    assert PimcConfig().bidplay == 0
    assert parse_player_options("bidplay=1").bidplay == 1
    with pytest.raises(ValueError, match="bidplay must be 0 or 1"):
        parse_player_options("bidplay=2")
