"""Euchre 64's reference engine: the rules of Bit #93 Euchre (and the variants of the
seed documents), the game's RNG and deal, the reference computer player, the search
player, transcripts and their replay.

A game is a :class:`GameState`: deal with ``GameState.new(rules, seed)``, ask
``legal_actions()``, ``apply()`` one, read a seat's :class:`SeatView` with ``view(seat)``;
:func:`play_game` runs a whole game with one :class:`Player` per seat. docs/library.md
shows each step with an example.
"""

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
