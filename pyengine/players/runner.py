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

import sys
from collections.abc import Sequence

from pyengine.core.game import GameState, Phase
from pyengine.core.liveview import UNSHARED, LiveView, live_view, settle
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


# A seat gets views that fill themselves on first reading for its first PROBES
# decisions, and after them only if its player filled fewer than FILLED_MAX of those:
# a view filled lazily costs about twice a full one, so it pays only for players that
# mostly do not read past ``legal`` (a random player; not ``ref``, which reads the
# view unless a single action is legal, a third of its decisions).
PROBES, FILLED_MAX = 6, 2


def play_out(game: GameState, players: Sequence[Player], max_hands: int = MAX_HANDS
             ) -> GameState:
    """Run ``game`` to its end; raise HandLimitReached once deal ``max_hands`` is over.

    Each player decides from a view equal to ``game.view(seat)``: for a player that
    reads little of it, one that fills itself on first reading
    (:mod:`pyengine.core.liveview`), filled before the action is applied if the player
    kept it, so a kept view never changes."""
    apply, view, over = game.apply, game.view, Phase.GAME_OVER
    refs = getattr(sys, "getrefcount", None)
    seats = game.rules.players
    lazy = [refs is not None] * seats           # without getrefcount: full views only
    probes, filled = [0] * seats, [0] * seats
    while game.phase is not over:
        if game.hand_no > max_hands:
            raise HandLimitReached(game, max_hands)
        seat = game.turn
        if not lazy[seat]:
            apply(players[seat].decide(view(seat)))
            continue
        v = live_view(game, seat)
        try:
            action = players[seat].decide(v)
        except BaseException:
            settle(v)                       # the traceback holds it
            raise
        if v.__class__ is LiveView:
            if refs(v) > UNSHARED:          # type: ignore[misc]  # refs is set when lazy
                settle(v)                   # the player kept it: fill it from this state
        elif probes[seat] < PROBES:
            filled[seat] += 1
        if probes[seat] < PROBES:
            probes[seat] += 1
            if probes[seat] == PROBES and filled[seat] >= FILLED_MAX:
                lazy[seat] = False
        apply(action)
    return game


def play_game(rules: Rules, seed: int, players: Sequence[Player],
              max_hands: int = MAX_HANDS) -> GameState:
    """Run a game to its end; ``players[s]`` decides for seat ``s``.

    Raises :class:`HandLimitReached` if it is not decided within ``max_hands`` deals.
    """
    return play_out(GameState.new(rules, seed), players, max_hands)
