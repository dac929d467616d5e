"""Play a whole game with one player object per seat, within a hand limit.

Some rule sets have no floor (six-card Bid Euchre's scores may fall without
end) and some players never reach the target (four random players in Bid
Euchre drift to -2,000), so every automatic game - :func:`play_game`, the
arena, ``euchre play --auto``, the vectors - stops after :data:`MAX_HANDS`
deals with :class:`HandLimitReached` instead of running forever. A game of
Euchre to 10 takes about 15 deals and the largest target the options allow
(:data:`pyengine.core.combinations.MAX_TARGET`) a few hundred, so only a game that
cannot end meets the limit.
"""

from __future__ import annotations

from collections.abc import Sequence

from pyengine.core.game import GameState, Phase
from pyengine.core.rules import Rules
from pyengine.players.player import Player

MAX_HANDS = 2000


class HandLimitReached(RuntimeError):
    """The game was not decided within the hand limit; ``game`` holds it so far."""

    def __init__(self, game: GameState, limit: int) -> None:
        score = "-".join(str(t) for t in game.total)
        super().__init__(f"game {game.seed} ({game.rules.name}) was not decided after "
                         f"{limit:,} deals (score {score}): stopped at the hand limit")
        self.game = game
        self.limit = limit


def play_out(game: GameState, players: Sequence[Player], max_hands: int = MAX_HANDS
             ) -> GameState:
    """Run ``game`` to its end; raise HandLimitReached once deal ``max_hands`` is over."""
    apply, view, over = game.apply, game.view, Phase.GAME_OVER
    while game.phase is not over:
        if game.hand_no > max_hands:
            raise HandLimitReached(game, max_hands)
        seat = game.turn
        apply(players[seat].decide(view(seat)))
    return game


def play_game(rules: Rules, seed: int, players: Sequence[Player],
              max_hands: int = MAX_HANDS) -> GameState:
    """Run a game to its end; ``players[s]`` decides for seat ``s``.

    Raises :class:`HandLimitReached` if it is not decided within ``max_hands`` deals.
    """
    return play_out(GameState.new(rules, seed), players, max_hands)
