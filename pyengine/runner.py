"""Play a whole game with one player object per seat."""

from __future__ import annotations

from collections.abc import Sequence

from .game import GameState
from .player import Player
from .rules import Rules


def play_game(rules: Rules, seed: int, players: Sequence[Player]) -> GameState:
    """Run a game to its end; ``players[s]`` decides for seat ``s``."""
    game = GameState.new(rules, seed)
    while not game.over:
        seat = game.turn
        game.apply(players[seat].decide(game.view(seat)))
    return game
