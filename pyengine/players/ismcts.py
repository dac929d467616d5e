"""An opponent nobody here wrote: OpenSpiel's IS-MCTS, playing our games (``ismcts``).

Information-set Monte Carlo tree search (Cowling, Powley and Whitehouse 2011) as
OpenSpiel 2.0.2 ships it in Python (``open_spiel.python.algorithms.ismcts``), on
OpenSpiel's own ``euchre`` game, with random roll-outs. ``open_spiel`` is an optional
dependency (``pip install .[openspiel]``), imported only when the player first decides.

For each decision the player rebuilds the hand so far as an OpenSpiel state (the hidden
cards dealt at random, consistent with what the seat knows), runs ``sims`` simulations and
plays the most visited action, mapped back to ours (:mod:`pyengine.players.openspiel_map`).
OpenSpiel splits a call into the trump suit and, after the dealer's discard, alone or not;
ours asks both at once, so a call is two searches: the suit, then alone.

Two faults of OpenSpiel 2.0.2 are worked around, because either would let the search see
or confuse what the seat cannot know:

* **The resampler.** ``EuchreState.ResampleFromInfostate`` never moves the three undealt
  cards and keeps the dealer's real discard, so every simulated world shares those four
  hidden cards with the real deal. :class:`Resampler` deals every card the seat cannot see
  (the other hands, the kitty and another dealer's discard) uniformly among the deals that
  fit what it has seen (who played what, who showed out of a suit), by rejection.
* **The key.** The information-state string prints the first round-2 bidder's call as
  "Pick up!" whatever suit he named, so worlds with different trumps would share one search
  node. :class:`KeyedBot` keys nodes on the string *and* the bidding actions.

Rules: only where OpenSpiel's euchre and ours agree (:func:`supports`): the ``standard``
preset (stick the dealer, the maker alone, no lone defender, first lead from the dealer's
left, 1/2/4/2 points). OpenSpiel plays one hand: the bot does not know the score.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from typing import Any

from pyengine.core.cards import DECK_SIZE, EFFECTIVE_SUIT, Card
from pyengine.core.events import PASS
from pyengine.core.game import Action, DiscardAction, Phase, SeatView
from pyengine.core.rules import DealerDiscard, FirstLead, Rules
from pyengine.players.ismcts_search import REJECT_TRIES, sequential_deal, trump_eff_of
from pyengine.players.openspiel_map import (
    OS_ALONE,
    OS_PARTNER,
    OS_PASS,
    HandFacts,
    deal_actions,
    hand_actions,
    os_card,
    our_card,
    trump_of,
)
from pyengine.players.pimc import deal_world, knowledge, original_hands

INSTALL_HINT = ("ismcts needs OpenSpiel (open_spiel 2.0.2, Python 3.11): "
                "pip install '.[openspiel]'")
GAME_PARAMS = {"allow_lone_defender": False, "stick_the_dealer": True}


class OpenSpielMissing(RuntimeError):
    """open_spiel is not installed; the message says how to install it."""


def available() -> bool:
    """True if open_spiel can be imported."""
    import importlib.util
    return importlib.util.find_spec("pyspiel") is not None


def supports(rules: Rules) -> str | None:
    """None if OpenSpiel's euchre plays ``rules``; else what differs."""
    wanted = dict(players=4, deck=24, joker=False, bidding="upcard", stick_the_dealer=True,
                  canadian_rule=False, alone_allowed=True, dealer_discard=DealerDiscard.ANY,
                  first_lead=FirstLead.DEALER_LEFT, canadian_loner=False, defend_alone=False,
                  farmers_hand=False, no_ace_no_face_no_trump=False, points_made=1,
                  points_march=2, points_lone_march=4, points_euchre=2)
    for name, value in wanted.items():
        if getattr(rules, name) != value:
            return (f"ismcts plays OpenSpiel's euchre, which has {name}={value} "
                    f"(these rules: {getattr(rules, name)}); use --rules standard")
    return None


def load_game() -> Any:
    """OpenSpiel's euchre game (raises OpenSpielMissing without open_spiel)."""
    try:
        import pyspiel
    except ImportError:
        raise OpenSpielMissing(INSTALL_HINT) from None
    return pyspiel.load_game("euchre", GAME_PARAMS)


# --- what a seat knows, read from an OpenSpiel state ------------------------------

@dataclass(frozen=True)
class OsKnowledge:
    """What ``player`` knows of an OpenSpiel hand; the rest is dealt by the resampler."""

    player: int
    dealer: int
    upcard: int                          # OpenSpiel card
    own: tuple[int, ...]                 # the player's five dealt cards
    played: tuple[tuple[int, ...], ...]  # cards each seat has played (upcard included)
    voids: tuple[frozenset[int], ...]    # our effective suits each seat showed out of
    public: tuple[int, ...]              # the actions after the upcard
    discard_at: int | None               # index in ``public`` of another dealer's discard
    pool: tuple[int, ...]                # cards this player cannot place
    need: tuple[int, ...]                # unknown cards each seat still holds (ours: 0)


def read_knowledge(game: Any, state: Any, player: int) -> OsKnowledge:
    """Replay ``state``'s history to learn who did what, as ``player`` saw it."""
    hist = list(state.history())
    dealer = hist[0]
    holder = {hist[1 + i]: (dealer + i) % 4 for i in range(20)}
    upcard = hist[21]
    own = tuple(c for c, s in holder.items() if s == player)
    s = game.new_initial_state()
    for a in hist[:22]:
        s.apply_action(a)
    public = hist[22:]
    played: list[list[int]] = [[], [], [], []]
    plays: list[tuple[int, int]] = []
    trump = None
    rnd1 = False
    discard_at = None
    stage = "bid"
    nbids = 0
    for i, a in enumerate(public):
        actor = s.current_player()
        if stage == "bid":
            nbids += 1
            if a != OS_PASS:
                trump = trump_of(a)
                rnd1 = nbids <= 4
                stage = "discard" if rnd1 else "alone"
        elif stage == "discard":
            if actor != player:
                discard_at = i
            stage = "alone"
        elif stage == "alone":
            stage = "play"
        else:
            played[actor].append(a)
            plays.append((actor, a))
        s.apply_action(a)
    voids: list[set[int]] = [set(), set(), set(), set()]
    if trump is not None and plays:
        eff = EFFECTIVE_SUIT[trump]
        active = 3 if OS_ALONE in public[nbids:nbids + 2 + rnd1] else 4
        for t in range(0, len(plays), active):
            trick = plays[t:t + active]
            led = eff[our_card(trick[0][1])]
            for seat, c in trick[1:]:
                if eff[our_card(c)] != led:
                    voids[seat].add(led)
    seen = set(own) | {upcard} | {c for p in played for c in p}
    pool = tuple(c for c in range(DECK_SIZE) if c not in seen)
    need = [0, 0, 0, 0]
    for seat in range(4):
        if seat != player:
            need[seat] = 5 - len([c for c in played[seat] if c != upcard]) \
                - (1 if (seat == dealer and discard_at is not None) else 0)
    return OsKnowledge(player, dealer, upcard, own, tuple(tuple(p) for p in played),
                       tuple(frozenset(v) for v in voids), tuple(public), discard_at, pool,
                       tuple(need))


class Resampler:
    """Deals the cards a seat cannot see, uniformly over the deals that fit what it saw.

    Unlike OpenSpiel 2.0.2's own resampler it moves *every* unseen card: the kitty and
    another dealer's discard too. A world is a uniform shuffle of the unseen cards into
    the other seats' unknown holdings and the out-of-play slots (kitty, discard), kept only
    if no seat holds a suit it has shown out of (rejection: uniform among consistent deals);
    the dealer's discard is a random one of the out-of-play cards.
    """

    def __init__(self, game: Any, rng: random.Random) -> None:
        self.game = game
        self.rng = rng
        self._known: dict[tuple[tuple[int, ...], int], OsKnowledge] = {}

    def knowledge(self, state: Any, player: int) -> OsKnowledge:
        """The player's knowledge at ``state`` (cached: the root is resampled many times)."""
        key = (tuple(state.history()), player)
        k = self._known.get(key)
        if k is None:
            k = self._known[key] = read_knowledge(self.game, state, player)
        return k

    def deal(self, k: OsKnowledge) -> tuple[list[list[int]], list[int]]:
        """Unknown holdings of each seat and the out-of-play cards (out[0]: the discard)."""
        trump_eff = trump_eff_of(k)
        for tries in range(REJECT_TRIES + 200):
            cards = list(k.pool)
            self.rng.shuffle(cards)
            held: list[list[int]] = [[], [], [], []]
            if tries < REJECT_TRIES:
                at = 0
                for seat in range(4):
                    held[seat] = cards[at:at + k.need[seat]]
                    at += k.need[seat]
                out = cards[at:]
            else:                               # rare: voids too tight, deal card by card
                dealt = sequential_deal(k, cards, trump_eff, self.rng)
                if dealt is None:
                    continue
                held, out = dealt
            if trump_eff is None or all(trump_eff[our_card(c)] not in k.voids[s]
                                        for s in range(4) for c in held[s]):
                return held, out
        raise RuntimeError("no deal fits what the seat has seen")    # cannot happen

    def __call__(self, state: Any, player: int) -> Any:
        """A new OpenSpiel state, the same to ``player``, every unseen card dealt afresh."""
        k = self.knowledge(state, player)
        held, out = self.deal(k)
        hands: list[tuple[Card, ...]] = []
        for seat in range(4):
            if seat == player:
                cards = list(k.own)
            else:
                cards = [c for c in k.played[seat] if c != k.upcard] + held[seat]
                if seat == k.dealer and k.discard_at is not None:
                    cards.append(out[0])
            hands.append(tuple(our_card(c) for c in cards))
        s = self.game.new_initial_state()
        for a in deal_actions(k.dealer, tuple(hands), our_card(k.upcard)):
            s.apply_action(a)
        for i, a in enumerate(k.public):
            s.apply_action(out[0] if i == k.discard_at else a)
        return s


def bid_key(state: Any) -> tuple[int, ...]:
    """The bidding actions of a state's history (up to and with the call)."""
    bids = []
    for a in list(state.history())[22:30]:
        bids.append(a)
        if a != OS_PASS:
            break
    return tuple(bids)


def keyed_bot_class() -> type:
    """OpenSpiel's ISMCTSBot keyed on the information state *and* the trump call."""
    from open_spiel.python.algorithms import ismcts

    class KeyedBot(ismcts.ISMCTSBot):
        def get_state_key(self, state: Any) -> Any:
            return (state.current_player(), state.information_state_string(),
                    bid_key(state))

    return KeyedBot


# --- the player --------------------------------------------------------------------

SEARCHES = ("fast", "openspiel")


@dataclass(frozen=True)
class IsmctsConfig:
    """Simulations per decision, UCT exploration constant, seed, and which code searches:
    ``fast`` (:mod:`pyengine.players.ismcts_search`) or ``openspiel`` (OpenSpiel's own
    Python bot, the reference it reproduces draw for draw)."""
    sims: int = 2000
    c: float = 2.0
    seed: int = 0
    search: str = "fast"


def parse_options(text: str) -> IsmctsConfig:
    """``sims=500,c=2,seed=1`` -> IsmctsConfig (bad input raises ValueError, said plainly)."""
    values: dict[str, float | int | str] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, _, value = part.partition("=")
        name = name.strip()
        if name not in ("sims", "c", "seed", "search"):
            raise ValueError(f"unknown option {name!r} (sims, c, seed, search)")
        if name == "search":
            if value.strip() not in SEARCHES:
                raise ValueError(f"option {part!r}: search is one of {', '.join(SEARCHES)}")
            values[name] = value.strip()
            continue
        try:
            values[name] = float(value) if name == "c" else int(value)
        except ValueError:
            raise ValueError(f"option {part!r}: {name} must be a number") from None
        if (name == "sims" and values[name] < 1) or (name == "c" and not values[name] >= 0):
            raise ValueError(f"option {part!r}: {name} must be positive")
    return IsmctsConfig(**values)


class IsmctsPlayer:
    """OpenSpiel's IS-MCTS as one of our players (see the module docstring)."""

    def __init__(self, config: IsmctsConfig = IsmctsConfig(), name: str = "ismcts") -> None:
        self.config = config
        self.name = name
        self._game: Any = None

    def decide(self, view: SeatView) -> Action:
        """The most visited action of a search from this seat's view."""
        if len(view.legal) == 1:
            return view.legal[0]
        problem = supports(view.rules)
        if problem:
            raise ValueError(problem)
        if view.phase not in (Phase.BID1, Phase.BID2, Phase.DISCARD, Phase.PLAY):
            return view.legal[0]
        if self._game is None:
            self._game = load_game()
        from pyengine.players.pimc import _view_digest
        seed = _view_digest(view, self.config.seed)
        rng = random.Random(seed)
        state = self._root(view, rng)
        if state.current_player() != view.seat:
            raise RuntimeError(f"OpenSpiel has seat {state.current_player()} to move, "
                               f"we have {view.seat}")
        a = self._search(state, seed)
        if view.phase is Phase.PLAY:
            return _legal_matching(view, lambda x: os_card(x.card) == a)
        if view.phase is Phase.DISCARD:
            return DiscardAction(our_card(a))
        if a == OS_PASS:
            return _legal_matching(view, lambda x: x.call == PASS)
        suit = trump_of(a)
        alones = {x.alone for x in view.legal if x.call != PASS and x.suit == suit}
        alone = next(iter(alones))
        if len(alones) > 1:
            after = state.clone()
            after.apply_action(a)
            if after.legal_actions() != [OS_ALONE, OS_PARTNER]:   # the dealer discards first
                after.apply_action(self._dealer_discard(after, view, seed))
            alone = self._search(after, seed + 1) == OS_ALONE
        return _legal_matching(view, lambda x: x.call != PASS and x.suit == suit
                               and x.alone == alone)

    def _dealer_discard(self, state: Any, view: SeatView, seed: int) -> int:
        """The dealer's discard in the root world when this seat's call is searched."""
        if view.dealer == view.seat:
            return self._search(state, seed + 2)
        return state.legal_actions()[0]       # hidden from this seat: resampled anyway

    def _search(self, state: Any, seed: int) -> int:
        if self.config.search == "fast":
            from pyengine.players.ismcts_search import FastIsmcts, FastResampler
            resample = FastResampler(Resampler(self._game, random.Random(seed)))
            return FastIsmcts(resample, self.config.c, self.config.sims, seed).step(state)
        import numpy as np
        from open_spiel.python.algorithms import mcts
        rs = np.random.RandomState(seed % (2 ** 32))
        bot = keyed_bot_class()(self._game, mcts.RandomRolloutEvaluator(1, rs),
                                self.config.c, self.config.sims, random_state=rs)
        bot.set_resampler(Resampler(self._game, random.Random(seed)))
        return int(bot.step(state))

    def _root(self, view: SeatView, rng: random.Random) -> Any:
        """An OpenSpiel state of the hand so far (hidden cards: any deal that fits)."""
        k = knowledge(view)
        w = None
        while w is None:
            w = deal_world(k, view, rng)
        orig = original_hands(view, k, w)
        if view.phase is Phase.DISCARD:          # my five before the pick-up
            orig[view.seat] = [c for c in orig[view.seat] if c != view.upcard]
        used = {c for h in orig for c in h} | {view.upcard}
        assert len(used) == 21, "the root deal must use 21 distinct cards"
        discard = None
        if view.trump is not None and any(b.call != PASS and b.round == 1 for b in view.bids):
            if view.seat == view.dealer:
                discard = view.discarded
            elif view.dealer != view.sitting_out:
                discard = w.out[0]
        facts = HandFacts(view.dealer, tuple(tuple(h) for h in orig), view.upcard,
                          tuple((b.call, b.suit) for b in view.bids), view.alone, discard,
                          tuple(view.played), discarded=view.phase is not Phase.DISCARD)
        s = self._game.new_initial_state()
        for a in hand_actions(facts):
            s.apply_action(a)
        return s


class UpcardKept:
    """A player restricted to OpenSpiel's discards: the dealer never discards the upcard.

    Our ``standard`` rules let him; OpenSpiel's euchre does not, so in a match against
    IS-MCTS every player chooses among OpenSpiel's discards (a restriction, not a mapping:
    no decision is translated after the fact). Ref and pimc practically never want to
    discard the upcard, a trump, so this rarely changes anything.
    """

    def __init__(self, player: Any) -> None:
        self.player = player
        self.name = getattr(player, "name", "player")

    def decide(self, view: SeatView) -> Action:
        """The wrapped player's choice, the upcard taken out of the legal discards."""
        if view.phase is Phase.DISCARD and len(view.legal) > 1:
            legal = tuple(a for a in view.legal if a.card != view.upcard)
            view = dataclasses.replace(view, legal=legal)
        return self.player.decide(view)


def _legal_matching(view: SeatView, test: Any) -> Action:
    for x in view.legal:
        if test(x):
            return x
    raise RuntimeError("OpenSpiel chose an action our rules do not allow")
