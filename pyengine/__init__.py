"""Euchre 64's reference engine: the rules of Bit #93 Euchre (and the variants of the
seed documents), the game's RNG and deal, the reference computer player, the search
player, transcripts and their replay.

A game is a :class:`GameState`: deal with ``GameState.new(rules, seed)``, ask
``legal_actions()``, ``apply()`` one, read a seat's :class:`SeatView` with ``view(seat)``;
:func:`play_game` runs a whole game with one :class:`Player` per seat. docs/library.md
shows each step with an example.
"""

from __future__ import annotations

import sys as _sys

# The ``euchre`` command (and only it: its script is named so) holds the stop signals
# off from its first module on, so that a Ctrl-C or ``kill`` while it starts is one
# line, never a traceback; pyengine.tools.entry lets them through once its modules are
# imported. Importing pyengine as a library changes nothing.
if _sys.argv and _sys.argv[0].rpartition("/")[2] == "euchre":
    try:
        import signal as _signal

        _signal.pthread_sigmask(_signal.SIG_BLOCK, (_signal.SIGINT, _signal.SIGTERM,
                                                    _signal.SIGHUP, _signal.SIGQUIT))
    except KeyboardInterrupt:
        raise SystemExit(130) from None

import importlib  # noqa: E402
from typing import TYPE_CHECKING  # noqa: E402

# Each public name by the module it lives in, as the folders group them: core/ (the rules
# of the game), players/ (computer players and whole games), records/ (transcripts and
# their replay). They are imported when first used (PEP 562), so ``import pyengine``
# itself costs next to nothing: the ``euchre`` command (pyengine.tools.entry) holds
# Ctrl-C off before the engine is imported, and it can only do that if importing its
# package does not import the engine.
_PUBLIC = {
    "core.cards": (
        "Card", "CardParseError", "Suit", "card_label", "card_name", "parse_card", "parse_suit",
    ),
    "core.events": (
        "Event",
    ),
    "core.game": (
        "Action", "BidAction", "DeclareAction", "DefendAction", "DiscardAction", "GameState",
        "IllegalAction", "JokerSuitAction", "Phase", "PlayAction", "RedealAction", "SeatView",
    ),
    "players.pimc": (
        "PimcConfig", "PimcPlayer",
    ),
    "players.player": (
        "Player", "RandomPlayer", "RefPlayer",
    ),
    "records.replay": (
        "ReplayError", "judge",
    ),
    "core.rules": (
        "BIT93", "PRESETS", "Rules", "preset",
    ),
    "players.runner": (
        "HandLimitReached", "play_game", "play_out",
    ),
    "records.transcript": (
        "Transcript", "TranscriptError", "from_game",
    ),
}
_WHERE = {name: module for module, names in _PUBLIC.items() for name in names}


# The modules the docs use by name (pyengine.transcript.loads, pyengine.replay.replay).
_MODULES = {"replay": "records.replay", "transcript": "records.transcript"}


def __getattr__(name: str) -> object:
    if name in _MODULES:
        value = importlib.import_module(f".{_MODULES[name]}", __name__)
    elif name in _WHERE:
        value = getattr(importlib.import_module(f".{_WHERE[name]}", __name__), name)
    else:
        raise AttributeError(f"module 'pyengine' has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


if TYPE_CHECKING:
    from pyengine.core.cards import (
        Card,
        CardParseError,
        Suit,
        card_label,
        card_name,
        parse_card,
        parse_suit,
    )
    from pyengine.core.events import Event
    from pyengine.core.game import (
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
    from pyengine.core.rules import BIT93, PRESETS, Rules, preset
    from pyengine.players.pimc import PimcConfig, PimcPlayer
    from pyengine.players.player import Player, RandomPlayer, RefPlayer
    from pyengine.players.runner import HandLimitReached, play_game, play_out
    from pyengine.records import replay, transcript
    from pyengine.records.replay import ReplayError, judge
    from pyengine.records.transcript import Transcript, TranscriptError, from_game

__all__ = [
    "BIT93", "PRESETS", "Action", "BidAction", "Card", "CardParseError", "DeclareAction",
    "DefendAction", "DiscardAction", "Event", "GameState", "HandLimitReached",
    "IllegalAction", "JokerSuitAction", "Phase", "PimcConfig", "PimcPlayer", "PlayAction",
    "Player", "RandomPlayer", "RedealAction", "RefPlayer", "ReplayError", "Rules", "SeatView",
    "Suit", "Transcript", "TranscriptError", "card_label", "card_name", "from_game", "judge",
    "parse_card", "parse_suit", "play_game", "play_out", "preset", "replay", "transcript",
]
