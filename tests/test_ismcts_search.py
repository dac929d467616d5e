"""The cheaper IS-MCTS search is OpenSpiel's own, draw for draw (issue 29, item 1).

Each part of :mod:`pyengine.players.ismcts_search` is checked against what it replaces:
the draws against ``numpy.random.RandomState``, the worlds against
:class:`~pyengine.players.ismcts.Resampler`, the search against OpenSpiel's ``ISMCTSBot``
(``search=openspiel``) at the same seed on fixed deals, and whole hands event for event.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from pyengine.core.events import Score
from pyengine.core.game import GameState
from pyengine.core.rules import STANDARD
from pyengine.players.ismcts import (
    IsmctsConfig,
    IsmctsPlayer,
    Resampler,
    UpcardKept,
    bid_key,
    load_game,
    parse_options,
)
from pyengine.players.ismcts_search import FastResampler, LegacyDraws, root_bids
from pyengine.players.player import RandomPlayer, RefPlayer
from tests.test_ismcts import _lockstep

GAME = load_game()


@pytest.mark.parametrize("seed", [0, 7, 2 ** 32 + 5])
def test_draws_are_numpys_legacy_draws(seed: int) -> None:
    rs = np.random.RandomState(seed % 2 ** 32)
    mine = LegacyDraws(seed)
    for i in range(3000):
        n = 1 + i % 9
        items = list(range(n))
        assert mine.below(n) == int(rs.choice(items))
        assert mine.below(n) == int(rs.randint(n))
        a, b = list(items), list(items)
        mine.shuffle(a)
        rs.shuffle(b)
        assert a == b
        probs = [1.0 / n if x % 3 == 0 else 0.0 for x in range(3 * n)]   # sums near 1
        acts = list(range(40, 40 + len(probs)))
        assert mine.choice_p(acts, probs) == int(rs.choice(acts, p=probs))


def _roots(seeds: range) -> list:
    out = []
    for seed in seeds:
        out += _lockstep(seed, [RandomPlayer(seed * 5 + s) for s in range(4)])
    return out


def test_fast_worlds_are_the_resamplers_worlds() -> None:
    checked = 0
    for st in _roots(range(10)):
        player = st.current_player()
        old = Resampler(GAME, random.Random(11))
        new = FastResampler(Resampler(GAME, random.Random(11)))
        for _ in range(6):
            a, b = old(st, player), new(st, player)
            assert a.history() == b.history()
            assert root_bids(b) == bid_key(st)
            checked += 1
    assert checked > 200


def _search(search: str, sims: int, state, seed: int) -> int:
    p = IsmctsPlayer(IsmctsConfig(sims=sims, search=search))
    p._game = GAME
    return p._search(state.clone(), seed)


def test_search_decides_as_openspiels_bot_at_every_kind_of_root() -> None:
    """Bids in both rounds, the dealer's discard, alone, every trick: the same action
    for the same seed, at budgets with and without ties between unvisited actions."""
    roots = [st for st in _roots(range(10)) if len(st.legal_actions()) > 1]
    bidding = sum(1 for st in roots if len(st.history()) < 31)
    assert len(roots) > 100 and bidding > 20
    differ = 0
    for i, st in enumerate(roots):
        sims = (3, 30, 100)[i % 3]
        for seed in (i, 1000 + i):
            old = _search("openspiel", sims, st, seed)
            assert _search("fast", sims, st, seed) == old, (i, sims, seed)
            differ += old != _search("openspiel", sims, st, seed + 7)
    assert differ > 10            # the seed matters: an equal answer is not a constant one


def test_nodes_are_keyed_on_the_bids_so_far(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bids carried down a simulation are the state's own (round-2 suits apart)."""
    from pyengine.players.ismcts_search import FastIsmcts
    keyed = []
    plain = FastIsmcts.key

    def checked(state, player, bids):
        assert bids == bid_key(state)
        keyed.append(bids)
        return plain(state, player, bids)

    monkeypatch.setattr(FastIsmcts, "key", staticmethod(checked))
    for i, st in enumerate(st for st in _roots(range(6)) if len(st.history()) == 22):
        late = st.clone()
        for _ in range(3 + i % 2):                   # the dealer's round-1 bid, or round 2
            late.apply_action(24)
        _search("fast", 60, late, i)
    assert len({b for b in keyed if len(b) > 4}) > 3   # round-2 calls were searched


def test_hands_are_the_same_event_for_event() -> None:
    for seed in range(3):
        runs = []
        for search in ("openspiel", "fast"):
            ism = IsmctsPlayer(IsmctsConfig(sims=200, search=search, seed=seed))
            seats = [UpcardKept(ism), UpcardKept(RefPlayer())] * 2
            g = GameState.new(STANDARD, seed)
            while not any(isinstance(e, Score) for e in g.events):
                g.apply(seats[g.turn].decide(g.view(g.turn)))
            runs.append([repr(e) for e in g.events])
        assert runs[0] == runs[1]


def test_search_option() -> None:
    assert IsmctsConfig().search == "fast"
    assert parse_options("sims=5,search=openspiel").search == "openspiel"
    with pytest.raises(ValueError, match="search is one of"):
        parse_options("search=cpp")
