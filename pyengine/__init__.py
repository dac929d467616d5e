"""Euchre 64's reference engine: the rules of Bit #93 Euchre, the RNG and deal,
the reference computer player, transcripts and test vectors."""

from .cards import Card, card_name, parse_card
from .game import BidAction, DiscardAction, GameState, IllegalAction, Phase, PlayAction
from .player import RandomPlayer, RefPlayer
from .rules import BIT93, PRESETS, Rules, preset
from .runner import play_game

__all__ = [
    "BIT93", "PRESETS", "BidAction", "Card", "DiscardAction", "GameState", "IllegalAction",
    "Phase", "PlayAction", "RandomPlayer", "RefPlayer", "Rules", "card_name", "parse_card",
    "play_game", "preset",
]
