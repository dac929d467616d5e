"""Opponent levels for the shell: ``euchre play --opponents easy|normal|hard``.

* ``easy``: the reference player's bids, but in the card play it slips: a quarter of its
  cards (where it has a choice) are any legal card, drawn from what the seat sees (the
  same position gets the same card, so a take-back replays alike).
* ``normal``: the reference player (:class:`~pyengine.players.varplayer.VariantPlayer`,
  the one the C64 runs), the default and what the shell always played.
* ``hard``: the search player ``pimc`` with the native open-hand solver at
  :data:`HARD_WORLDS` worlds a decision: a budget counted in work, never in time, so a
  game replays alike from its seed on any machine under any load (no safety cap: the
  budget keeps every decision under half a second of CPU on the development machine,
  ``benchmarks/hard_budget.py``); on rules pimc does not model it plays as ``normal``.
  The shell's hints (``t``) ask it too.
* ``c64easy`` and ``c64hard``: the C64's EASY and HARD, decision for decision
  (:mod:`pyengine.players.c64levels`; the C64's NORMAL is ``normal``).

Their strengths against each other are measured in docs/strength.md ("Levels").
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from pyengine.core.game import Action, Phase, SeatView
from pyengine.players.player import Player
from pyengine.players.varplayer import VariantPlayer

if TYPE_CHECKING:
    from pyengine.players.pimc import PimcConfig

LEVELS = ("easy", "normal", "hard", "c64easy", "c64hard")
# hard's budget: worlds a decision, no time limit. 200 keeps the worst decision of 20
# games at about a quarter of a second of CPU here (docs/strength.md, "Levels").
HARD_WORLDS = 200
DEFAULT_LEVEL = "normal"
DESCRIPTIONS = {
    "easy": "the C64's player, slipping on a quarter of its cards",
    "normal": "the C64's player",
    "hard": f"the search player pimc, {HARD_WORLDS} worlds a move",
    "c64easy": "the C64's EASY: its player, slipping on a quarter of its cards",
    "c64hard": "the C64's HARD: its player bidding by the learned model, searching "
               "the last three tricks",
}
EASY_SLIP = 0.25


@dataclass
class EasyPlayer:
    """``ref`` with slips in the card play (see the module docstring)."""
    slip: float = EASY_SLIP
    seed: int = 0
    name: str = "easy"

    def __post_init__(self) -> None:
        self._ref = VariantPlayer()

    def decide(self, view: SeatView) -> Action:
        """ref's choice, or, on a slip, any legal card."""
        if view.phase is Phase.PLAY and len(view.legal) > 1:
            from pyengine.players.pimc import _view_digest
            rng = random.Random(_view_digest(view, self.seed))
            if rng.random() < self.slip:
                return rng.choice(view.legal)
        return self._ref.decide(view)


def opponent(level: str) -> Player:
    """A computer player of ``level`` (one of :data:`LEVELS`; ValueError otherwise)."""
    if level == "easy":
        return EasyPlayer()
    if level == "normal":
        return VariantPlayer()
    if level == "hard":
        from pyengine.players.pimc import PimcPlayer
        return PimcPlayer(hard_config(), name="hard")
    if level in ("c64easy", "c64hard"):
        from pyengine.players.c64levels import c64_player
        return c64_player(level[3:])
    raise ValueError(f"unknown level {level!r} (levels: {', '.join(LEVELS)})")


def hard_config() -> PimcConfig:
    """The ``hard`` level's search: pimc's arena setting at :data:`HARD_WORLDS` worlds,
    no time limit (``time=0``)."""
    from pyengine.players.pimc import ARENA
    return replace(ARENA, worlds=HARD_WORLDS, time=0.0)


def level_line(level: str) -> str:
    """The line mode's word on the level, said once at the start."""
    return f"Opponents: {level} ({DESCRIPTIONS[level]})"
