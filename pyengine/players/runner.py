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

from pyengine.core.game import GameState, Phase, SeatView
from pyengine.core.liveview import legal_view, table_view
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


# Views by how much they hold from the start: LegalView (seat, phase, legal),
# TableView (and the cards on the table, the hand, trump...), full. Each seat starts
# with the first; after PROBES decisions, if its player filled FILLED_MAX or more of
# those views (read a field they did not hold), it moves to the next kind: a view
# filled lazily costs about twice a full one, so it pays only where it is seldom
# filled. A random player keeps LegalViews, ``ref`` settles on TableViews.
PROBES, FILLED_MAX = 6, 2
_KINDS = (legal_view, table_view, GameState.view)


def play_out(game: GameState, players: Sequence[Player], max_hands: int = MAX_HANDS
             ) -> GameState:
    """Run ``game`` to its end; raise HandLimitReached once deal ``max_hands`` is over.

    Each player decides from a view equal to ``game.view(seat)``: for a player that
    reads little of it, one that fills itself on first reading
    (:mod:`pyengine.core.liveview`): a view holds the moment it was made, so a
    kept view never changes."""
    apply, over = game.apply, Phase.GAME_OVER
    seats = game.rules.players
    kind = [0] * seats                          # the kind of view each seat gets now
    make = [_KINDS[k] for k in kind]
    probes, filled = [0] * seats, [0] * seats
    probing = [True] * seats                    # seats still counting filled views
    while game.phase is not over:
        if game.hand_no > max_hands:
            raise HandLimitReached(game, max_hands)
        seat = game.turn
        v = make[seat](game, seat)
        action = players[seat].decide(v)
        if probing[seat]:
            probes[seat] += 1
            filled[seat] += v.__class__ is SeatView
            if probes[seat] == PROBES:
                if filled[seat] >= FILLED_MAX:
                    kind[seat] += 1
                    make[seat] = _KINDS[kind[seat]]
                    probes[seat] = filled[seat] = 0
                probing[seat] = kind[seat] < 2 and probes[seat] == 0
        apply(action)
    return game


def play_game(rules: Rules, seed: int, players: Sequence[Player],
              max_hands: int = MAX_HANDS) -> GameState:
    """Run a game to its end; ``players[s]`` decides for seat ``s``.

    Raises :class:`HandLimitReached` if it is not decided within ``max_hands`` deals.
    """
    return play_out(GameState.new(rules, seed), players, max_hands)
