"""Euchre 64's reference engine: the rules of Bit #93 Euchre (and the variants of the
seed documents), the game's RNG and deal, the reference computer player, the search
player, transcripts and their replay.

A game is a :class:`GameState`: deal with ``GameState.new(rules, seed)``, ask
``legal_actions()``, ``apply()`` one, read a seat's :class:`SeatView` with
``view(seat)``; :func:`play_game` runs a whole game with one :class:`Player` per seat,
:func:`load` reads a transcript back into a game (finished or not).

>>> import pyengine
>>> g = pyengine.GameState.new(pyengine.preset("standard", players=3), 12)
>>> g.current_player(), [g.action_to_string(n) for n in g.legal_action_ids()]
(0, ['pass', 'order up'])
>>> g.apply_action(g.legal_action_ids()[1])             # South orders up
>>> print(g)                                            # python-chess's print(board)
Game 12 (standard), hand 1
Dealer North, upcard TS; score South 0, West 0, North 0
Bids: South order up
Trump spades (made by South); tricks South 0, West 0, North 0
  South  KC JH AC 9C AD
  West   TD QC QH KH JS
  North  QD 9S JC 9D TH TS  <- to discard

Every public name has its own ``help()``: ``help(pyengine.GameState)`` is the
reference of a game, ``help(pyengine.Rules)`` of the rule switches, and
``pyengine.__all__`` lists them all. The examples above run as written (the
project's tests run them from the installed package).
"""

from __future__ import annotations

import sys as _sys

# The ``euchre`` command (and only it: its script is named so) holds the stop signals
# off from its first module on, so that a Ctrl-C or ``kill`` while it starts is one
# line, never a traceback; pyengine.tools.commands.entry lets them through once its modules are
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
# itself costs next to nothing: the ``euchre`` command (pyengine.tools.commands.entry) holds
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
        "NUM_ACTIONS", "TERMINAL", "action_from_id",
    ),
    "core.observation": (
        "OBSERVATION_LAYOUT", "OBSERVATION_SIZE", "observation_tensor",
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
        "BIT93", "PRESETS", "OptionError", "Rules", "UnknownRules", "preset",
    ),
    "players.runner": (
        "HandLimitReached", "play_game", "play_out",
    ),
    "records.loadgame": (
        "load",
    ),
    "records.transcript": (
        "Transcript", "TranscriptError", "from_game",
    ),
}
_WHERE = {name: module for module, names in _PUBLIC.items() for name in names}


# The modules the docs use by name (pyengine.transcript.loads, pyengine.replay.replay).
_MODULES = {"replay": "records.replay", "transcript": "records.transcript"}


def __getattr__(name: str) -> object:
    if name == "__version__":
        return _version()
    if name in _MODULES:
        value = importlib.import_module(f".{_MODULES[name]}", __name__)
    elif name in _WHERE:
        value = getattr(importlib.import_module(f".{_WHERE[name]}", __name__), name)
    else:
        raise AttributeError(f"module 'pyengine' has no attribute {name!r}")
    globals()[name] = value
    return value


def _version() -> str:
    """The installed distribution's version (euchre64), read from its metadata."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("euchre64")
    except PackageNotFoundError:         # run from a source tree that is not installed
        return "0+unknown"


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
        NUM_ACTIONS,
        TERMINAL,
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
        action_from_id,
    )
    from pyengine.core.observation import (
        OBSERVATION_LAYOUT,
        OBSERVATION_SIZE,
        observation_tensor,
    )
    from pyengine.core.rules import BIT93, PRESETS, OptionError, Rules, UnknownRules, preset
    from pyengine.players.pimc import PimcConfig, PimcPlayer
    from pyengine.players.player import Player, RandomPlayer, RefPlayer
    from pyengine.players.runner import HandLimitReached, play_game, play_out
    from pyengine.records import replay, transcript
    from pyengine.records.loadgame import load
    from pyengine.records.replay import ReplayError, judge
    from pyengine.records.transcript import Transcript, TranscriptError, from_game

__version__: str   # from the installed distribution's metadata (module __getattr__)

__all__ = [
    "NUM_ACTIONS", "OBSERVATION_LAYOUT", "OBSERVATION_SIZE", "TERMINAL", "OptionError",
    "UnknownRules", "action_from_id", "load", "observation_tensor",
    "BIT93", "PRESETS", "Action", "BidAction", "Card", "CardParseError", "DeclareAction",
    "DefendAction", "DiscardAction", "Event", "GameState", "HandLimitReached",
    "IllegalAction", "JokerSuitAction", "Phase", "PimcConfig", "PimcPlayer", "PlayAction",
    "Player", "RandomPlayer", "RedealAction", "RefPlayer", "ReplayError", "Rules", "SeatView",
    "Suit", "Transcript", "TranscriptError", "card_label", "card_name", "from_game", "judge",
    "parse_card", "parse_suit", "play_game", "play_out", "preset", "replay", "transcript",
]
