"""The game as an explicit state machine: whose turn, what is legal, what happens.

A :class:`GameState` runs one whole game under one :class:`~pyengine.core.rules.Rules`
from one seed. The chance steps (first dealer, every deal) happen by
themselves; the engine stops only where a seat must decide, in one phase:

* ``BID1``  - round 1: pass, or order the upcard's suit (alone or not)
* ``BID2``  - round 2: pass, or name another suit (alone or not)
* ``DISCARD`` - the dealer, holding six cards, discards one face down
* ``PLAY``  - a card to the trick

and, only under the rules that have them:

* ``JOKER``   - the upcard is the joker: the dealer names the suit it proposes
* ``REDEAL``  - a seat dealt a farmer's hand (or no ace, no face, no trump)
  keeps it or asks for a new deal (same dealer)
* ``DEFEND``  - after trump is made, each defender in turn may defend alone
* ``AUCTION`` - Bid Euchre: one bid each, 3-6 tricks or pass (:mod:`pyengine.core.bid6`)
* ``DECLARE`` - Bid Euchre: the high bidder names trump, no-trump high or low

``legal_actions()`` lists what the seat to move may do; ``apply(action)``
checks it (raising :class:`IllegalAction` with a reason a player can read),
records the events it causes in ``events`` and moves on. ``GAME_OVER`` ends it.

Bit #93 decisions that are not in docs/design.md's rule list but follow from them:
when the dealer's partner goes alone (always, under the Canadian rule, if he
orders up) the dealer sits out, so he neither picks up the upcard nor
discards: his cards are not used. The same holds when the dealer sits out
because his partner defends alone.

Teams: seats 0+2 and 1+3; with three players (cutthroat) each seat is its
own team, and ``total``/``tricks_won`` have three entries.

Where things are: the actions and their numbers in :mod:`~pyengine.core.actions`,
the phases in :mod:`~pyengine.core.phase`, a seat's view and the text picture of a
position in :mod:`~pyengine.core.seatview`, the fields of a position and what they
allow (legal actions, views) in :mod:`~pyengine.core.position`, what an action does
in :mod:`~pyengine.core.moves`, the reasons an action is refused in
:mod:`~pyengine.core.explain`, the observation tensor in
:mod:`~pyengine.core.observation`. This module adds the game as a value (copy, undo,
equality, hash, history, OpenSpiel's and python-chess's names) and keeps every name
importable from ``pyengine.core.game`` as before.
"""

from __future__ import annotations

import copy

from pyengine.core.actions import (
    ACTION_TYPES,
    BID6_ACTIONS,
    DISCARD_ACTIONS,
    NUM_ACTIONS,
    PASS_ACTION,
    PLAY_ACTIONS,
    Action,
    BidAction,
    DeclareAction,
    DefendAction,
    DiscardAction,
    IllegalAction,
    JokerSuitAction,
    PlayAction,
    RedealAction,
    action_from_id,
    bid_action,
)
from pyengine.core.cards import Card
from pyengine.core.deal import first_dealer_among
from pyengine.core.events import FirstDealer, GameOver
from pyengine.core.moves import Moves
from pyengine.core.observation import OBSERVATION_SIZE, observation_tensor
from pyengine.core.phase import BID_PHASES, BID_ROUND, Phase
from pyengine.core.position import FARMERS_HAND, NO_ACE_NO_FACE_NO_TRUMP, TRICKS_PER_HAND
from pyengine.core.rng import Rng, check_seed
from pyengine.core.rules import FirstDealer as FirstDealerRule
from pyengine.core.rules import Rules
from pyengine.core.seatview import SEAT_NAMES, SeatView, partner_of, picture, team_of

# OpenSpiel's current_player() once the game is over (pyspiel.PlayerId.TERMINAL)
TERMINAL = -4
_BID_ROUND = BID_ROUND          # the name liveview and older code used


class GameState(Moves):
    """One whole game under one rule set from one seed (module docstring).

    ``str(game)`` is a short picture of the position (every hand shown)."""

    # --- construction -------------------------------------------------------

    @classmethod
    def new(cls, rules: Rules, seed: int, *,
            deals: tuple[tuple[tuple[tuple[Card, ...], ...], Card | None], ...] = (),
            first: tuple[tuple[Card, ...], int] | None = None,
            total: tuple[int, ...] | None = None) -> GameState:
        """Start a game: choose the first dealer and deal the first hand.

        A recorded game (an EGN record) gives its ``deals`` (hands by seat, upcard: the
        seed deals those that follow), its ``first`` dealer (cards shown, seat) and the
        ``total`` it starts from; :func:`pyengine.core.givendeals.deal_problem` checks a
        deal before it is given."""
        check_seed(seed)
        g = cls(rules=rules, seed=seed, rng=Rng.from_seed(seed), given_deals=tuple(deals),
                given_first=first, start_total=None if total is None else tuple(total))
        g.total = list(total) if total is not None else [0] * rules.teams
        if first is not None:
            g.events.append(FirstDealer(tuple(first[0]), first[1]))
            dealer = first[1]
        elif rules.first_dealer is FirstDealerRule.BLACK_JACK:
            shown, dealer = first_dealer_among(g.rng, g.codes, rules.players)
            g.events.append(FirstDealer(tuple(shown), dealer))
        else:
            dealer = g.rng.below(rules.players)
            g.events.append(FirstDealer((), dealer))
        g.dealer = dealer
        g._deal()
        return g

    # --- the game as a value (OpenSpiel's and python-chess's habits) -----------

    @property
    def is_terminal(self) -> bool:
        """True once the game is decided (the same as ``over``)."""
        return self.phase is Phase.GAME_OVER

    @property
    def winner(self) -> int | None:
        """The winning team (a seat in cutthroat), None while the game goes on."""
        last = self.events[-1]
        return last.winner if isinstance(last, GameOver) else None

    def returns(self) -> tuple[float, ...]:
        """The result per team: 1.0 for the winner, 0.0 for the others (all 0.0 before
        the end). The points are in ``total``."""
        win = self.winner
        return tuple(float(t == win) for t in range(self.rules.teams))

    def clone(self) -> GameState:
        """An independent copy: applying to one leaves the other as it was."""
        g = copy.copy(self)
        g.rng = Rng(self.rng.state)
        g.events, g.total, g.bids = list(self.events), list(self.total), list(self.bids)
        g.hands = [list(h) for h in self.hands]
        g.queue, g.trick, g.played = list(self.queue), list(self.trick), list(self.played)
        g.tricks_won, g.actions = list(self.tricks_won), list(self.actions)
        g._legal = None
        return g

    def undo(self) -> Action:
        """Take back the last applied action and return it (the chance steps it led to,
        a deal included, are undone too); IllegalAction if there is none."""
        if not self.actions:
            raise IllegalAction("nothing to undo: no action has been applied")
        last = self.actions[-1]
        g = self.fresh()
        for a in self.actions[:-1]:
            g.apply(a)
        self.__dict__.update(g.__dict__)
        return last

    def fresh(self) -> GameState:
        """This game at its start: the same rules and seed (and a recorded game's deals,
        first dealer and starting totals), no action applied."""
        return type(self).new(self.rules, self.seed, deals=self.given_deals,
                              first=self.given_first, total=self.start_total)

    def __hash__(self) -> int:
        # Equal games have the same rules, seed and actions (the rest follows from
        # them), so these three hash it; a game used as a key must not be changed.
        return hash((self.rules, self.seed, tuple(self.actions), self.given_deals))

    def __str__(self) -> str:
        title = f"Game {self.seed} ({self.rules.name}), hand {self.hand_no}"
        if self.over:
            title += f": game over, {_side_name(self, self.winner)} won"
        v = self.view(self.turn)
        v.discarded = None
        return picture(v, self.hands, None if self.over else self.turn, title)

    # --- OpenSpiel's names ---------------------------------------------------

    def current_player(self) -> int:
        """The seat to move, or :data:`TERMINAL` (-4, as OpenSpiel) once the game is
        over. No seat is ever a chance player: see :meth:`is_chance_node`."""
        return TERMINAL if self.over else self.turn

    def is_chance_node(self) -> bool:
        """Always False: the deal is no node of its own. Every chance step (the first
        dealer's cards, each deal, a new deal asked for) happens inside :meth:`apply`
        (or :meth:`new`), drawn from the game's RNG, so the seed decides every deal:
        the same seed and actions give the same game, on the C64 too. Another deal is
        another seed; the deals made so far are the ``Deal`` events in ``events``."""
        return False

    def legal_action_ids(self) -> list[int]:
        """The numbers of :meth:`legal_actions` (``int(action)``), in the same order."""
        return [int(a) for a in self.legal_actions()]

    def legal_actions_mask(self) -> list[int]:
        """:data:`~pyengine.core.actions.NUM_ACTIONS` zeros, with a 1 at each legal
        action's number (for a learning agent's output layer)."""
        mask = [0] * NUM_ACTIONS
        for a in self.legal_actions():
            mask[int(a)] = 1
        return mask

    def apply_action(self, action: int | Action) -> None:
        """:meth:`apply` an action or its number (OpenSpiel's ``apply_action``)."""
        self.apply(action_from_id(action) if isinstance(action, int) else action)

    def action_to_string(self, action: int | Action) -> str:
        """An action (or its number) in a player's words: ``order up alone``. What
        :meth:`apply_action` refuses as no action at all (None, a string, ...) is refused
        here too, with the same TypeError; a number out of range is a ValueError."""
        if isinstance(action, int):
            return str(action_from_id(action))
        if not isinstance(action, ACTION_TYPES):
            raise TypeError(f"action_to_string() takes an action or its number, not "
                            f"{type(action).__name__} {action!r}")
        return str(action)

    def string_to_action(self, text: str) -> Action:
        """The legal action written as ``text`` (:meth:`parse_action`)."""
        return self.parse_action(text)

    def history(self) -> list[int]:
        """The numbers of every action applied so far, in order (no chance outcomes:
        the seed decides them, :meth:`is_chance_node`). ``GameState.new(rules, seed)``
        and these numbers through :meth:`apply_action` give this game again."""
        return [int(a) for a in self.actions]

    def observation_string(self, seat: int) -> str:
        """What ``seat`` may know, as text: ``str(self.view(seat))``."""
        return str(self.view(seat))

    def observation_tensor(self, seat: int) -> list[float]:
        """What ``seat`` may know as :data:`~pyengine.core.observation.OBSERVATION_SIZE`
        floats (layout: :data:`~pyengine.core.observation.OBSERVATION_LAYOUT`)."""
        return observation_tensor(self.view(seat))


def _side_name(game: GameState, side: int | None) -> str:
    if side is None:
        return "nobody"
    return SEAT_NAMES[side] if game.rules.players == 3 else ("N-S", "E-W")[side]


__all__ = [
    "ACTION_TYPES", "BID6_ACTIONS", "BID_PHASES", "DISCARD_ACTIONS", "FARMERS_HAND",
    "NO_ACE_NO_FACE_NO_TRUMP", "NUM_ACTIONS", "OBSERVATION_SIZE", "PASS_ACTION",
    "PLAY_ACTIONS", "SEAT_NAMES", "TERMINAL", "TRICKS_PER_HAND", "Action", "BidAction",
    "DeclareAction", "DefendAction", "DiscardAction", "GameState", "IllegalAction",
    "JokerSuitAction", "Phase", "PlayAction", "RedealAction", "SeatView", "action_from_id",
    "bid_action", "partner_of", "team_of",
]
