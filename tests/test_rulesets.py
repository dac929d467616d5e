"""Choices in the rule sets that work with the seeds' intent, and are written down.

Reproductions from issue 11's "rule sets, as an independent judge found them".
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from pyengine.core.events import Deal, Redeal
from pyengine.core.game import Phase
from pyengine.core.options import rules_from
from pyengine.players.runner import play_game
from pyengine.players.varplayer import VariantPlayer
from tools.commands.cli import cli

from .helpers import cards


def throw_in_rate(deck: int, games: int) -> tuple[float, int]:
    """Share of deals thrown in under the farmer's hand, four computer players."""
    r = rules_from("standard", {"farmers_hand": True, "deck": deck})
    deals = thrown = most = 0
    for seed in range(games):
        g = play_game(r, seed, [VariantPlayer() for _ in range(4)])
        d = sum(isinstance(e, Deal) for e in g.events)
        deals += d
        most = max(most, d)
        thrown += sum(isinstance(e, Redeal) and e.call == "redeal" for e in g.events)
    return thrown / deals, most


@pytest.mark.parametrize("deck", [24, 32])
def test_the_farmers_hand_throws_in_a_few_percent_of_deals_at_most(deck: int) -> None:
    # seed 003: "permettono a chi ha una mano pessima di chiedere una nuova
    # distribuzione". Was 67% of deals (98% with 32 cards, up to 1,458 in a game).
    rate, most = throw_in_rate(deck, 100)
    assert rate < 0.04, rate
    assert most < 60


def test_three_low_cards_and_two_high_are_not_a_farmers_hand() -> None:
    r = rules_from("standard", {"farmers_hand": True})
    g = play_game(r, 1, [VariantPlayer() for _ in range(4)])
    g.hands[0] = cards("9H TH 9C AS KS")
    assert g.redeal_reason(0) is None
    g.hands[0] = cards("9H TH 9C TC TS")
    assert g.redeal_reason(0) == "farmers_hand"
    assert g.phase is Phase.GAME_OVER


def test_euchre_rules_writes_down_the_cutthroat_tie_and_the_farmers_hand() -> None:
    out = CliRunner().invoke(cli, ["rules"]).output
    flat = " ".join(out.split())
    assert "with equal totals (e.g. 10-10-6) another hand is dealt" in flat
    assert "a player dealt no card above 10" in flat
    assert "first_lead [maker_left / dealer_left / dealer_left / -]" in flat
