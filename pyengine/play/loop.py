"""The one game loop of ``euchre play``: the line shell and the full-screen table drive it.

A :class:`GameLoop` holds the game (:class:`~pyengine.core.game.GameState`), the
computer players and the human's seat, and advances the game one action at a
time; the user interface decides only what to show and how fast:

* :meth:`GameLoop.step` delivers the events not delivered yet (the opening
  ``first_dealer`` and ``deal`` first), else makes one computer move - or, with
  ``autoplay_forced``, plays the human's only legal card - and returns its
  events; it returns ``[]`` when the human must decide or the game is over.
* :meth:`GameLoop.decide` applies the human's decision (``IllegalAction`` with
  the rules' reason if it is not legal).
* :meth:`GameLoop.undo` takes back the human's last decision that was a choice
  (more than one legal action): the game is replayed from the seed with every
  earlier action kept, so no hidden card changes and the computer players,
  which decide from their view alone, play as before; the transcript then has
  nothing of the undone move.
* :meth:`GameLoop.resume` continues an unfinished ``euchre-transcript/1`` file
  (the human at seat 0, the shell's seat); :class:`ResumeError` says in one
  line why a file cannot be resumed.

Added to the contract of docs (notes/loop_api.md): :meth:`GameLoop.pending`,
:meth:`GameLoop.last_trick_winner`, :meth:`GameLoop.decision_counts` (the
human's decisions and forced decisions per hand, for the keystroke test),
:attr:`GameLoop.generation` (counts undos: a UI that caches the events redraws
when it changes), :attr:`GameLoop.max_hands`, :meth:`GameLoop.forced_action`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from pyengine.core.cards import Card
from pyengine.core.events import Deal, Event, Play, Trick
from pyengine.core.game import (
    Action,
    GameState,
    IllegalAction,
    Phase,
    SeatView,
)
from pyengine.core.rules import Rules
from pyengine.play.scoresheet import HandRow, score_sheet
from pyengine.players.levels import DEFAULT_LEVEL, opponent
from pyengine.players.player import Player
from pyengine.players.runner import MAX_HANDS, HandLimitReached
from pyengine.records.transcript import Transcript, from_game

if TYPE_CHECKING:
    from pyengine.play.textview import Style

__all__ = ["RESUME_HUMAN", "DecisionCount", "GameLoop", "HandRow", "LoopEvent", "ResumeError",
           "actions_of_human", "is_card_phase"]

RESUME_HUMAN = 0          # the shell's human seat: a resumed game is South's


class ResumeError(ValueError):
    """A transcript that cannot be resumed; the message is one line for the user."""


def _without_hidden_cards(exc: Exception, events: list[dict], at: int) -> str:
    """Why event ``at`` was refused, in words that show no card the player may not
    see: a deal's hands (the file's or the seed's) and discards are not spelt out."""
    why = str(exc)
    bad = events[at] if at < len(events) else {}
    if "hands=" not in why and "discard" not in why:
        return why
    what = {"deal": "a deal", "discard": f"a discard by seat {bad.get('seat')}"}.get(
        str(bad.get("ev")), f"a {bad.get('ev')} event")
    return (f"event {at} ({what}) is not what the game number and the rules give "
            "(the file was changed; its cards are not shown, they are hidden ones)")


@dataclass(frozen=True)
class LoopEvent:
    """One event for the UI to show; ``forced``: the human's only legal card, played
    by itself (autoplay_forced)."""
    event: Event
    forced: bool = False


@dataclass(frozen=True)
class DecisionCount:
    """The human's actions in one hand: ``decisions`` all of them, ``forced`` those
    with a single legal choice (``decisions - forced`` needed a real choice)."""
    hand: int
    decisions: int
    forced: int

    @property
    def choices(self) -> int:
        """Decisions that were a real choice (more than one legal action)."""
        return self.decisions - self.forced


def is_card_phase(phase: Phase) -> bool:
    """The phases whose answer is a card (play, the dealer's discard)."""
    return phase in (Phase.PLAY, Phase.DISCARD)


@dataclass
class GameLoop:
    """A game in progress with its players; see the module docstring."""

    game: GameState
    human: int | None = 0
    autoplay_forced: bool = False
    players: list[Player | None] = field(default_factory=list)
    max_hands: int | None = None       # a game of computers only stops after this many deals
    generation: int = 0                # +1 at every undo
    _delivered: int = 0                # events handed to the UI so far
    _marks: list[int] = field(default_factory=list)   # len(actions) before each choice
    _forced: set[int] = field(default_factory=set)    # indices of autoplayed actions
    level: str = DEFAULT_LEVEL         # the computer seats' level (pyengine.players.levels)

    # --- construction -------------------------------------------------------

    @classmethod
    def new(cls, rules: Rules, seed: int, *, human: int | None = 0,
            autoplay_forced: bool = False, level: str = DEFAULT_LEVEL) -> GameLoop:
        """A new game; ``human=None``: every seat is a computer (``--auto``), and the
        game stops after :data:`~pyengine.players.runner.MAX_HANDS` deals."""
        game = GameState.new(rules, seed)
        return cls._around(game, human, autoplay_forced, level)

    @classmethod
    def _around(cls, game: GameState, human: int | None, autoplay_forced: bool,
                level: str = DEFAULT_LEVEL) -> GameLoop:
        players: list[Player | None] = [opponent(level) for _ in range(game.rules.players)]
        if human is not None:
            players[human] = None
        return cls(game, human, autoplay_forced, players,
                   MAX_HANDS if human is None else None, level=level)

    @classmethod
    def resume(cls, path: Path, *, autoplay_forced: bool = False,
               level: str = DEFAULT_LEVEL) -> GameLoop:
        """Continue the unfinished game of transcript ``path``, the human at seat 0.

        Raises ResumeError: not a readable file, not a transcript (or another
        version), events the rules reject, or a game already over."""
        from pyengine.records.replay import ReplayError, replay
        from pyengine.records.transcript import TranscriptError, read

        try:
            t = read(path)
        except TranscriptError as exc:
            why = str(exc).removeprefix(f"{path}: ")
            raise ResumeError(f"cannot resume {path}: {why}") from None
        game = None
        accepted = 0
        try:
            for step in replay(t):
                game, accepted = step.game, accepted + 1
        except ReplayError as exc:
            if game is None or accepted < len(t.events) or game.over:
                raise ResumeError(f"cannot resume {path}: "
                                  f"{_without_hidden_cards(exc, t.events, accepted)}"
                                  ) from None
        if game is None:
            raise ResumeError(f"cannot resume {path}: it has no events")
        if game.over:
            score = "-".join(str(x) for x in game.total)
            raise ResumeError(f"cannot resume {path}: that game is over (final score {score});"
                              f" euchre replay {path} shows it")
        loop = cls._around(game, RESUME_HUMAN, autoplay_forced, level)
        loop._marks = loop._choices_so_far()
        loop._delivered = len(game.events)
        return loop

    def _choices_so_far(self) -> list[int]:
        """len(actions) before each of the human's actions that had a choice."""
        g = self.game.fresh()
        marks = []
        for i, a in enumerate(self.game.actions):
            if g.turn == self.human and len(g.legal_actions()) > 1:
                marks.append(i)
            g.apply(a)
        return marks

    # --- what the UI reads --------------------------------------------------

    @property
    def seat(self) -> int:
        """The seat whose view the UI shows: the human's, seat 0 with --auto."""
        return 0 if self.human is None else self.human

    def view(self, seat: int | None = None) -> SeatView:
        """The human's view (seat 0's with --auto), or ``seat``'s."""
        return self.game.view(self.seat if seat is None else seat)

    def is_over(self) -> bool:
        """The game is decided."""
        return self.game.over

    def _humans_turn(self) -> bool:
        return self.human is not None and not self.game.over and self.game.turn == self.human

    def forced_action(self) -> Action | None:
        """The human's only legal card now, if there is exactly one (else None)."""
        if not self._humans_turn() or not is_card_phase(self.game.phase):
            return None
        legal = self.game.legal_actions()
        return legal[0] if len(legal) == 1 else None

    def needs_human(self) -> bool:
        """The human must decide now (a forced card with autoplay is not his to play)."""
        if not self._humans_turn():
            return False
        return not (self.autoplay_forced and self.forced_action() is not None)

    def legal(self) -> list[Action]:
        """The human's legal actions now ([] when it is not his turn)."""
        return self.game.legal_actions() if self._humans_turn() else []

    def why_illegal(self, action: Action) -> str | None:
        """None if the human may take ``action`` now, else the rules' one-line reason."""
        if self.game.over:
            return "the game is over"
        if not self._humans_turn():
            return "it is not your turn"
        if action in self.game.legal_actions():
            return None
        return self.game.why_illegal(action)

    def pending(self) -> int:
        """Events of the game not delivered by step() or decide() yet."""
        return len(self.game.events) - self._delivered

    # --- advancing ----------------------------------------------------------

    def _deliver(self, forced_first: bool = False) -> list[LoopEvent]:
        new = self.game.events[self._delivered:]
        self._delivered = len(self.game.events)
        return [LoopEvent(e, forced_first and i == 0) for i, e in enumerate(new)]

    def step(self) -> list[LoopEvent]:
        """Undelivered events, else one computer (or forced) action's events; [] when
        the human must decide or the game is over. A game of computers only raises
        HandLimitReached after ``max_hands`` deals."""
        if self.pending():
            return self._deliver()
        g = self.game
        if g.over or self.needs_human():
            return []
        if self.max_hands is not None and g.hand_no > self.max_hands:
            raise HandLimitReached(g, self.max_hands)
        if self._humans_turn():                       # autoplay: the only legal card
            action = self.forced_action()
            assert action is not None
            self._forced.add(len(g.actions))
            g.apply(action)
            return self._deliver(forced_first=True)
        player = self.players[g.turn]
        assert player is not None
        g.apply(player.decide(g.view(g.turn)))
        return self._deliver()

    def decide(self, action: Action) -> list[LoopEvent]:
        """Apply the human's decision; IllegalAction (the reason) if it is not legal now.
        Returns the undelivered events, this decision's among them."""
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalAction(reason)
        g = self.game
        if len(g.legal_actions()) > 1:
            self._marks.append(len(g.actions))
        g.apply(action)
        return self._deliver()

    def can_undo(self) -> bool:
        """There is a decision of the human's to take back."""
        return bool(self._marks)

    def undo(self) -> None:
        """Take back the human's last decision that was a choice (and everything
        after it): replay from the seed with the actions before it. IllegalAction
        when there is nothing to undo."""
        if not self._marks:
            raise IllegalAction("nothing to take back: you have made no choice yet")
        keep = self._marks.pop()
        old = self.game
        g = old.fresh()
        for a in old.actions[:keep]:
            g.apply(a)
        self.game = g
        self._forced = {i for i in self._forced if i < keep}
        self._delivered = len(g.events)
        self.generation += 1

    # --- looking back -------------------------------------------------------

    def last_trick(self) -> list[tuple[int, Card]] | None:
        """The last completed trick of the game so far, (seat, card) in play order;
        None before the first trick is complete."""
        events = self.game.events
        for i in range(len(events) - 1, -1, -1):
            if isinstance(events[i], Trick):
                cards: list[tuple[int, Card]] = []
                j = i - 1
                while j >= 0 and isinstance(events[j], Play):
                    cards.append((events[j].seat, events[j].card))
                    j -= 1
                return cards[::-1]
        return None

    def last_trick_winner(self) -> int | None:
        """Who took the last completed trick (None before the first)."""
        for ev in reversed(self.game.events):
            if isinstance(ev, Trick):
                return ev.winner
        return None

    def score_sheet(self) -> list[HandRow]:
        """Every deal that is over, hand by hand (:mod:`pyengine.play.scoresheet`)."""
        return score_sheet(self.game.events, self.game.rules.teams)

    def transcript(self) -> Transcript:
        """The game so far as a transcript (undone moves are not in it)."""
        return from_game(self.game)

    def hint_lines(self, style: Style) -> list[str]:
        """The search player's rating of each choice now (:mod:`pyengine.play.hints`)."""
        from pyengine.play.hints import hint_lines

        return hint_lines(self.view(), style)

    def decision_counts(self) -> list[DecisionCount]:
        """The human's decisions and forced decisions (one legal choice), per hand
        dealt so far (a hand thrown in counts as a hand); [] with --auto."""
        if self.human is None:
            return []
        g = self.game.fresh()
        counts: dict[int, list[int]] = {}
        for a in self.game.actions:
            if g.turn == self.human:
                c = counts.setdefault(g.hand_no, [0, 0])
                c[0] += 1
                c[1] += len(g.legal_actions()) == 1
            g.apply(a)
        hands = [e.hand for e in self.game.events if isinstance(e, Deal)]
        return [DecisionCount(h, *counts.get(h, [0, 0])) for h in hands]


def actions_of_human(loop: GameLoop) -> list[Action]:
    """The human's actions so far, in order (tests replay games with them)."""
    g = loop.game.fresh()
    out = []
    for a in loop.game.actions:
        if g.turn == loop.human:
            out.append(a)
        g.apply(a)
    return out

