"""A transcript back into a game: :func:`load` returns the state where the transcript
stops, finished or not (python-chess's ``read_game``, OpenSpiel's
``deserialize_state``).

:func:`~pyengine.records.replay.judge` wants a whole game; an unfinished one (a game
the shell saved when its player quit, a transcript cut short) is a game all the same:
every event it has must be what the rules allow and the deal gives, and the state
after its last event is where play goes on (``euchre play --resume FILE`` does that
at the terminal; :meth:`GameState.apply` does it in a program).
"""

from __future__ import annotations

from pathlib import Path

from pyengine.core.game import GameState
from pyengine.core.phase import PHASE_WORDS
from pyengine.core.seatview import SEAT_NAMES
from pyengine.records.replay import ReplayError, replay
from pyengine.records.transcript import Transcript, read


def game_of(t: Transcript) -> GameState:
    """The state after the last event of ``t``: checked against the JSON Schema, then
    replayed. ReplayError names the first event the rules (or the deal) reject; an
    early end is no error."""
    if not t.checked:
        from pyengine.records.schema import check

        problem = check(t.to_json())
        if problem:
            raise ReplayError(problem)
    game: GameState | None = None
    accepted = 0
    try:
        for step in replay(t):
            game, accepted = step.game, accepted + 1
    except ReplayError:
        if game is None or accepted < len(t.events):
            raise                               # an event was rejected
    if game is None:
        raise ReplayError("the transcript has no events: there is no game to load")
    return game


def load(path: str | Path) -> GameState:
    """The game of the transcript file ``path``, where it stops (its end, or where the
    player quit): TranscriptError if it cannot be read, ReplayError naming the first
    event the rules reject."""
    return game_of(read(path))


def unfinished_game(t: Transcript) -> GameState | None:
    """The game of ``t`` if it is unfinished and every event it has is accepted (None
    otherwise: a finished game, or an event the rules reject)."""
    try:
        game = game_of(t)
    except ReplayError:
        return None
    return None if game.over else game


def unfinished_note(path: str | Path, game: GameState, resume: str | None = None) -> str:
    """What ``euchre replay`` says of an unfinished game: where it stopped and the
    command that resumes it (``resume``: as the player can type it, the CLI's
    :func:`~pyengine.play.invocation.resume_command`; else ``euchre play --resume``)."""
    score = "-".join(str(x) for x in game.total)
    return (f"UNFINISHED: every event so far follows the rules; the game stopped in hand "
            f"{game.hand_no} at {score}, {SEAT_NAMES[game.turn]} (seat {game.turn}) to "
            f"{PHASE_WORDS[game.phase]}.\nResume it with: "
            f"{resume or f'euchre play --resume {path}'}")
