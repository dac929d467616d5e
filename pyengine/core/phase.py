"""Whose decision it is: the phases of a game (see :mod:`pyengine.core.game`)."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """What the seat to move decides now (see :mod:`pyengine.core.game`'s docstring)."""
    BID1 = "bid1"
    BID2 = "bid2"
    DISCARD = "discard"
    PLAY = "play"
    GAME_OVER = "game_over"
    JOKER = "joker"
    REDEAL = "redeal"
    DEFEND = "defend"
    AUCTION = "auction"
    DECLARE = "declare"


BID_PHASES = (Phase.BID1, Phase.BID2, Phase.AUCTION)
# The bidding round a phase belongs to (0: not bidding)
BID_ROUND = {Phase.BID1: 1, Phase.BID2: 2, Phase.AUCTION: 1}

# What the seat to move is asked to do, in a player's words (IllegalAction's reasons)
PHASE_WORDS = {
    Phase.BID1: "bid (round 1)", Phase.BID2: "bid (round 2)", Phase.DISCARD: "discard",
    Phase.PLAY: "play a card", Phase.GAME_OVER: "stop",
    Phase.JOKER: "name the joker's suit (the dealer)",
    Phase.REDEAL: "keep the hand or ask for a new deal",
    Phase.DEFEND: "choose whether to defend alone",
    Phase.AUCTION: "bid a number of tricks or pass",
    Phase.DECLARE: "declare trump, no-trump high or no-trump low",
}

