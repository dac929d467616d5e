"""The ``ismcts`` player's search, the same as OpenSpiel's Python IS-MCTS but cheaper.

OpenSpiel 2.0.2's ``ISMCTSBot`` (``open_spiel.python.algorithms.ismcts``) with random
roll-outs (``mcts.RandomRolloutEvaluator``), as :mod:`pyengine.players.ismcts` configured
it: UCT selection, the most visited action, a new world every simulation, nodes keyed on
the information state *and* the bidding actions. This module runs that same algorithm
and keeps its random stream draw for draw, so a search makes the same decision for the
same seed (``tests/test_ismcts_search.py`` compares them on fixed deals; the benchmark
``benchmarks/ismcts_speed.py`` prints both costs side by side):

* **The draws.** The bot and its roll-outs share one ``numpy.random.RandomState``; every
  draw they make (``choice`` of a legal action, ``randint`` among tied candidates,
  ``shuffle`` of the unexpanded actions, ``random_sample`` for the final choice) is a
  masked rejection on the Mersenne Twister's 32-bit words, or two words for a double.
  :class:`LegacyDraws` copies the RandomState's twister into Python's ``random.Random``
  (the same MT19937) and makes those draws from ``getrandbits(32)``: about 0.2 µs a draw
  instead of numpy's 5-10 µs for a ``choice`` on a list.
* **The worlds.** :class:`FastResampler` deals exactly as :class:`Resampler` does (the same
  ``random.Random`` shuffles, the same rejections), but builds the world in OpenSpiel's
  card codes from a cached state past the dealer's chance action: no ``Card`` objects, no
  code mapping, no re-reading of the history.
* **The keys.** A node is keyed once a visit (OpenSpiel's bot keys a state two or three
  times), and the bidding actions are carried down the simulation instead of being read
  from ``state.history()`` at every node.
* **The arithmetic.** UCT uses ``math.sqrt`` (correctly rounded, as ``numpy.sqrt``) and a
  table of ``numpy.log`` of the visit counts, so every value, and every tie, is the same.
"""

from __future__ import annotations

import bisect
import random
from dataclasses import dataclass
from math import sqrt
from typing import Any

from pyengine.core.cards import DECK_SIZE, EFFECTIVE_SUIT
from pyengine.players.openspiel_map import OS_ALONE, OS_PASS, OS_TRUMP, our_card, trump_of

TIE_TOLERANCE = 1e-5           # OpenSpiel's ismcts.TIE_TOLERANCE
UNEXPANDED = -1                # OpenSpiel's UNEXPANDED_VISIT_COUNT
BID_ACTIONS = 8                # history[22:30] holds the bids (bid_key)
REJECT_TRIES = 2000            # uniform deals tried before the sequential fallback


class LegacyDraws:
    """``numpy.random.RandomState(seed)``'s legacy draws, from Python's MT19937.

    Only the draws IS-MCTS makes, each the same value the RandomState would give and
    consuming the same words of its stream (numpy's ``random_bounded_uint64_fill`` with
    ``use_masked`` and ``random_interval``: the word masked to the bit length of the
    range, rejected while above it; ``random_sample``: 53 bits from two words).
    """

    def __init__(self, seed: int) -> None:
        import numpy as np
        _name, key, pos, _g, _c = np.random.RandomState(seed % 2 ** 32).get_state()
        self._mt = random.Random()
        self._mt.setstate((3, tuple(int(w) for w in key) + (int(pos),), None))
        self.word = self._mt.getrandbits

    def below(self, n: int) -> int:
        """``randint(n)``, and the index of ``choice`` on ``n`` items (no draw if n == 1)."""
        if n <= 1:
            return 0
        top = n - 1
        mask = (1 << top.bit_length()) - 1
        word = self.word
        while True:
            v = word(32) & mask
            if v <= top:
                return v

    def shuffle(self, items: list[Any]) -> None:
        """``RandomState.shuffle`` of a Python list (the untyped Fisher-Yates)."""
        below = self.below
        for i in range(len(items) - 1, 0, -1):
            j = below(i + 1)
            items[i], items[j] = items[j], items[i]

    def sample(self) -> float:
        """``random_sample()``: a double in [0, 1) from two words."""
        a = self.word(32) >> 5
        b = self.word(32) >> 6
        return (a * 67108864.0 + b) / 9007199254740992.0

    def choice_p(self, actions: list[int], probs: list[float]) -> int:
        """``choice(actions, p=probs)``: the cumulative sums, normalised, searched right."""
        cdf, total = [], 0.0
        for p in probs:
            total += p
            cdf.append(total)
        last = cdf[-1]
        cdf = [x / last for x in cdf]
        return actions[bisect.bisect_right(cdf, self.sample())]


@dataclass
class Child:
    """OpenSpiel's ``ChildInfo`` without the prior (UCT does not read it)."""
    visits: float = 0.0
    return_sum: float = 0.0


class Node:
    """OpenSpiel's ``ISMCTSNode``: the children in the order they were expanded."""
    __slots__ = ("children", "total_visits")

    def __init__(self) -> None:
        self.children: dict[int, Child] = {}
        self.total_visits = UNEXPANDED


def log_table(n: int) -> list[float]:
    """``numpy.log(k)`` for k < n, as OpenSpiel's UCT computes it (index 0 unused)."""
    import numpy as np
    with np.errstate(divide="ignore"):
        return [float(x) for x in np.log(np.arange(n, dtype=np.float64))]


class FastIsmcts:
    """One IS-MCTS search (OpenSpiel's ``ISMCTSBot.step``) with the changes above.

    ``resample(state, player)`` deals a world the same as ``state`` to ``player``.
    """

    def __init__(self, resample: Any, uct_c: float, sims: int, seed: int) -> None:
        self.resample = resample
        self.uct_c = uct_c
        self.sims = sims
        self.draws = LegacyDraws(seed)
        self.nodes: dict[Any, Node] = {}
        self.log = log_table(sims + 2)

    def step(self, state: Any) -> int:
        """The action OpenSpiel's bot would play at ``state``."""
        bids = root_bids(state)
        legal = state.legal_actions()
        if len(legal) == 1:
            policy = [(legal[0], 1.0)]
        else:
            player = state.current_player()
            root = self.nodes[self.key(state, player, bids)] = Node()
            for _ in range(self.sims):
                world = self.resample(state, player)
                self._simulate(world, bids)
            policy = self._final_policy(root, legal)
        actions = [a for a, _ in policy]
        return int(self.draws.choice_p(actions, [p for _, p in policy]))

    @staticmethod
    def key(state: Any, player: int, bids: tuple[int, ...]) -> tuple[Any, ...]:
        """A node's key: the information state and the bidding actions (``bid_key``)."""
        return (player, state.information_state_string(), bids)

    def _final_policy(self, node: Node, legal: list[int]) -> list[tuple[int, float]]:
        top = max(c.visits for c in node.children.values())
        count = sum(1 for c in node.children.values() if c.visits == top)
        policy = [(a, 1.0 / count if c.visits == top else 0.0)
                  for a, c in node.children.items()]
        policy += [(a, 0.0) for a in legal if a not in node.children]
        return policy

    def _simulate(self, state: Any, bids: tuple[int, ...]) -> list[float]:
        """OpenSpiel's ``run_simulation``, a loop down the tree then a roll-out."""
        path: list[tuple[Child, int]] = []
        nodes = self.nodes
        draws = self.draws
        while True:
            if state.is_terminal():
                returns = state.returns()
                break
            player = state.current_player()
            if player < 0:
                raise RuntimeError("IS-MCTS met a chance node after the deal")
            key = self.key(state, player, bids)
            node = nodes.get(key)
            if node is None:
                node = nodes[key] = Node()
            if node.total_visits == UNEXPANDED:
                node.total_visits = 0
                returns = self._rollout(state)
                break
            legal = state.legal_actions()
            children = node.children
            action = -1
            if len(children) != len(legal):
                order = list(legal)
                draws.shuffle(order)
                for a in order:
                    if a not in children:
                        action = a
                        children[a] = Child()
                        break
            if action < 0:
                action = self._select(node)
            node.total_visits += 1
            child = children[action]
            child.visits += 1
            path.append((child, player))
            state.apply_action(action)
            if len(bids) < BID_ACTIONS and (not bids or bids[-1] == OS_PASS):
                bids = bids + (action,)
        for child, player in path:
            child.return_sum += returns[player]
        return returns

    def _select(self, node: Node) -> int:
        """UCT, ties (within OpenSpiel's tolerance) broken by a draw."""
        log_n = self.log[node.total_visits]
        c = self.uct_c
        values = [(a, ch.return_sum / ch.visits + c * sqrt(log_n / ch.visits))
                  for a, ch in node.children.items()]
        best = max(v for _, v in values) - TIE_TOLERANCE
        candidates = [a for a, v in values if v > best]
        return candidates[self.draws.below(len(candidates))]

    def _rollout(self, state: Any) -> list[float]:
        """Random play to the end (OpenSpiel's ``RandomRolloutEvaluator``, one roll-out)."""
        below = self.draws.below
        legal = state.legal_actions
        apply = state.apply_action
        terminal = state.is_terminal
        while not terminal():
            acts = legal()
            apply(acts[below(len(acts))])
        return state.returns()


class FastResampler:
    """:class:`pyengine.players.ismcts.Resampler`'s worlds, built in OpenSpiel's codes.

    The same knowledge and the same deal, draw for draw from the same ``random.Random``
    (a shuffle of the unseen cards, rejected while a seat holds a suit it showed out of;
    after ``REJECT_TRIES`` the resampler's sequential fallback), so the same worlds. The
    state is a clone of a cached one past the dealer's chance action, given the 20 dealt
    cards (the i-th to seat dealer + i, each seat's in rising order), the upcard and the
    public actions, another dealer's discard replaced by the world's.
    """

    def __init__(self, resampler: Any) -> None:
        self.resampler = resampler
        self.rng = resampler.rng
        self._plans: dict[tuple[int, int], _Plan] = {}

    def _plan(self, state: Any, player: int) -> _Plan:
        key = (id(state), player)         # the search's root: alive for the whole search
        plan = self._plans.get(key)
        if plan is None:
            k = self.resampler.knowledge(state, player)
            base = self.resampler.game.new_initial_state()
            base.apply_action(k.dealer)
            known = tuple(tuple(k.own) if seat == player else
                          tuple(c for c in k.played[seat] if c != k.upcard)
                          for seat in range(4))
            eff = trump_eff_of(k)
            bad = tuple(frozenset(c for c in range(DECK_SIZE)
                                  if eff is not None and eff[our_card(c)] in k.voids[s])
                        for s in range(4))
            plan = self._plans[key] = _Plan(k, base, known, bad, eff)
        return plan

    def deal(self, plan: _Plan) -> tuple[list[list[int]], list[int]]:
        """:meth:`Resampler.deal`, the void test on precomputed card sets."""
        k = plan.k
        need = k.need
        bad = plan.bad
        shuffle = self.rng.shuffle
        for tries in range(REJECT_TRIES + 200):
            cards = list(k.pool)
            shuffle(cards)
            if tries < REJECT_TRIES:
                held, at = [], 0
                for seat in range(4):
                    held.append(cards[at:at + need[seat]])
                    at += need[seat]
                out = cards[at:]
            else:
                dealt = sequential_deal(k, cards, plan.eff, self.rng)
                if dealt is None:
                    continue
                held, out = dealt
            if plan.eff is None or not any(bad[s].intersection(held[s]) for s in range(4)):
                return held, out
        raise RuntimeError("no deal fits what the seat has seen")    # cannot happen

    def __call__(self, state: Any, player: int) -> Any:
        """A new OpenSpiel state, the same to ``player``, every unseen card dealt afresh."""
        plan = self._plan(state, player)
        k = plan.k
        held, out = self.deal(plan)
        dealer = k.dealer
        hands = []
        for seat in range(4):
            cards = list(plan.known[seat])
            if seat != player:
                cards += held[seat]
                if seat == dealer and k.discard_at is not None:
                    cards.append(out[0])
            cards.sort()
            hands.append(cards)
        s = plan.base.clone()
        apply = s.apply_action
        for i in range(20):
            apply(hands[(dealer + i) % 4][i // 4])
        apply(k.upcard)
        for i, a in enumerate(k.public):
            apply(out[0] if i == k.discard_at else a)
        return s


@dataclass(frozen=True)
class _Plan:
    """What every world of one root shares."""
    k: Any                                   # the seat's OsKnowledge
    base: Any                                # the state past the dealer's chance action
    known: tuple[tuple[int, ...], ...]       # each seat's cards the searcher can place
    bad: tuple[frozenset[int], ...]          # cards each seat cannot hold (its voids)
    eff: tuple[int, ...] | None              # effective suits under trump, if called


def trump_eff_of(k: Any) -> tuple[int, ...] | None:
    """Our effective suits under the trump a seat's knowledge ``k`` saw called (None:
    no call yet)."""
    for a in k.public:
        if a != OS_PASS:
            return EFFECTIVE_SUIT[trump_of(a)] if OS_TRUMP <= a < OS_ALONE else None
    return None


def sequential_deal(k: Any, cards: list[int], eff: tuple[int, ...] | None,
                rng: random.Random) -> tuple[list[list[int]], list[int]] | None:
    """Card by card, each to a seat with room that may hold it (not exactly uniform)."""
    cap = list(k.need) + [len(cards) - sum(k.need)]
    held: list[list[int]] = [[], [], [], []]
    out: list[int] = []
    for c in cards:
        ok = [s for s in range(5) if cap[s] and (s == 4 or eff is None
                                                   or eff[our_card(c)] not in k.voids[s])]
        if not ok:
            return None
        s = rng.choices(ok, weights=[cap[x] for x in ok])[0]
        cap[s] -= 1
        (out if s == 4 else held[s]).append(c)
    return held, out


def root_bids(state: Any) -> tuple[int, ...]:
    """The bidding actions of a state's history, up to and with the call (``bid_key``)."""
    bids: list[int] = []
    for a in list(state.history())[22:22 + BID_ACTIONS]:
        bids.append(a)
        if a != OS_PASS:
            break
    return tuple(bids)
