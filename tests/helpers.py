"""Small builders for scenario tests: set up a hand exactly as a test needs it."""

from __future__ import annotations

from pyengine.core.cards import Card, parse_card
from pyengine.core.game import GameState, Phase
from pyengine.core.rules import BIT93, Rules


def cards(text: str) -> list[Card]:
    return [parse_card(t) for t in text.split()]


def rigged(hands: list[str], upcard: str, dealer: int = 0, rules: Rules = BIT93,
           seed: int = 1) -> GameState:
    """A game whose current hand is replaced by the given cards (bidding round 1)."""
    g = GameState.new(rules, seed)
    g.hands = [cards(h) for h in hands]
    g.upcard = parse_card(upcard)
    g.dealer = dealer
    g.turn = (dealer + 1) % 4
    g.phase = Phase.BID1
    g._legal = None
    return g


def report(capsys, text: str) -> None:
    """Print what a test tried in the normal test output, as the cross-checks do."""
    with capsys.disabled():
        print(f"\n  {text.strip()}")
