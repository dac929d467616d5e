"""Euchre 64's reference engine: the rules of Bit #93 Euchre (and the variants of the
seed documents), the game's RNG and deal, the reference computer player, the search
player, transcripts and their replay.

A game is a :class:`GameState`: deal with ``GameState.new(rules, seed)``, ask
``legal_actions()``, ``apply()`` one, read a seat's :class:`SeatView` with ``view(seat)``;
:func:`play_game` runs a whole game with one :class:`Player` per seat. docs/library.md
shows each step with an example.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

# Each public name and the module it lives in. They are imported when first used
# (PEP 562), so ``import pyengine`` itself costs next to nothing: the ``euchre``
# command (pyengine.tools.entry) holds Ctrl-C off before the engine is imported,
# and it can only do that if importing its package does not import the engine.
_WHERE = {
    "replay": None, "transcript": None,
    "Card": "cards", "CardParseError": "cards", "Suit": "cards", "card_label": "cards",
    "card_name": "cards", "parse_card": "cards", "parse_suit": "cards",
    "Event": "events",
    "Action": "game", "BidAction": "game", "DeclareAction": "game", "DefendAction": "game",
    "DiscardAction": "game", "GameState": "game", "IllegalAction": "game",
    "JokerSuitAction": "game", "Phase": "game", "PlayAction": "game", "RedealAction": "game",
    "SeatView": "game",
    "PimcConfig": "pimc", "PimcPlayer": "pimc",
    "Player": "player", "RandomPlayer": "player", "RefPlayer": "player",
    "ReplayError": "replay", "judge": "replay",
    "BIT93": "rules", "PRESETS": "rules", "Rules": "rules", "preset": "rules",
    "HandLimitReached": "runner", "play_game": "runner", "play_out": "runner",
    "Transcript": "transcript", "TranscriptError": "transcript", "from_game": "transcript",
}


def __getattr__(name: str) -> object:
    if name not in _WHERE:
        raise AttributeError(f"module 'pyengine' has no attribute {name!r}")
    module = importlib.import_module(f".{_WHERE[name] or name}", __name__)
    value = module if _WHERE[name] is None else getattr(module, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


if TYPE_CHECKING:
    from . import replay, transcript
    from .cards import Card, CardParseError, Suit, card_label, card_name, parse_card, parse_suit
    from .events import Event
    from .game import (
        Action,
        BidAction,
        DeclareAction,
        DefendAction,
        DiscardAction,
        GameState,
        IllegalAction,
        JokerSuitAction,
        Phase,
        PlayAction,
        RedealAction,
        SeatView,
    )
    from .pimc import PimcConfig, PimcPlayer
    from .player import Player, RandomPlayer, RefPlayer
    from .replay import ReplayError, judge
    from .rules import BIT93, PRESETS, Rules, preset
    from .runner import HandLimitReached, play_game, play_out
    from .transcript import Transcript, TranscriptError, from_game

__all__ = [
    "BIT93", "PRESETS", "Action", "BidAction", "Card", "CardParseError", "DeclareAction",
    "DefendAction", "DiscardAction", "Event", "GameState", "HandLimitReached",
    "IllegalAction", "JokerSuitAction", "Phase", "PimcConfig", "PimcPlayer", "PlayAction",
    "Player", "RandomPlayer", "RedealAction", "RefPlayer", "ReplayError", "Rules", "SeatView",
    "Suit", "Transcript", "TranscriptError", "card_label", "card_name", "from_game", "judge",
    "parse_card", "parse_suit", "play_game", "play_out", "preset", "replay", "transcript",
]
