"""Views that fill themselves on first reading (pyengine/core/liveview.py) and the
runner that hands them out (pyengine/players/runner.py): always the value
``GameState.view`` gives, however a player reads, keeps, copies or compares them."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import random

import pytest

from pyengine.core.game import GameState, SeatView
from pyengine.core.liveview import LiveView, legal_view, table_view
from pyengine.core.rules import BIT93
from pyengine.players.player import RandomPlayer, RefPlayer
from pyengine.players.runner import PROBES, play_out


def _fields(v: SeatView) -> tuple:
    return tuple(getattr(v, f.name) for f in dataclasses.fields(SeatView))


class Keeper:
    """Keeps every view it is given and, with the game beside it, the full view of
    the same moment; reads nothing before answering at random."""

    name = "keeper"

    def __init__(self, game: GameState, seed: int) -> None:
        self.game, self.rng, self.kept = game, random.Random(seed), []

    def decide(self, view: SeatView):
        self.kept.append((view, self.game.view(view.seat)))
        return self.rng.choice(view.legal)


class Reader:
    """Reads one field chosen at random (or none), then answers at random: the view
    must give the value of the moment it was handed over."""

    name = "reader"

    def __init__(self, game: GameState, seed: int) -> None:
        self.game, self.rng = game, random.Random(seed)
        self.names = [f.name for f in dataclasses.fields(SeatView)] + [None] * 20
        self.checked = 0

    def decide(self, view: SeatView):
        name = self.rng.choice(self.names)
        if name is not None:
            assert getattr(view, name) == getattr(self.game.view(view.seat), name), name
            self.checked += 1
        return self.rng.choice(view.legal)


def test_kept_views_hold_the_moment_they_were_given():
    """A player that keeps its views (and reads them after the game moved on) sees
    what game.view() said when it decided: a view holds its moment, and one read after
    the game moved on is filled from a replay of the game up to that moment."""
    views = 0
    for seed in range(12):
        g = GameState.new(BIT93, seed)
        keepers = [Keeper(g, seed * 4 + s) for s in range(4)]
        play_out(g, keepers)
        for k in keepers:
            for v, full in k.kept:
                assert _fields(v) == _fields(full) and v == full
                assert type(v) is SeatView
                views += 1
    assert views > 1000


def test_a_field_read_at_any_time_is_the_views_value():
    checked = 0
    for seed in range(20):
        g = GameState.new(BIT93, seed)
        readers = [Reader(g, seed * 4 + s) for s in range(4)]
        play_out(g, readers)
        checked += sum(r.checked for r in readers)
    assert checked > 1000


def test_players_that_read_all_or_nothing_play_the_same_games():
    """Random players read nothing past ``legal`` (their views stay unfilled), ref
    reads most; both play exactly the games of full views (the same actions)."""
    for seed in range(30):
        for make in (lambda s: [RandomPlayer(s)] * 4, lambda s: [RefPlayer()] * 4):
            g = GameState.new(BIT93, seed)
            players = make(seed)
            play_out(g, players)
            h, players = GameState.new(BIT93, seed), make(seed)
            for a in g.actions:
                seat = h.turn
                assert players[seat].decide(h.view(seat)) == a
                h.apply(a)
            assert h.events == g.events


def test_a_live_view_reads_copies_compares_as_the_full_view():
    g = GameState.new(BIT93, 7)
    for _ in range(9):                   # into the play
        g.apply(g.legal_actions()[0])
    full = g.view(g.turn)
    uses = (repr, copy.copy, copy.deepcopy, lambda v: pickle.loads(pickle.dumps(v)),
            dataclasses.asdict, lambda v: v.tricks_won, lambda v: v.discarded,
            lambda v: v.up_suit, lambda v: v.contract)
    for make in (legal_view, table_view):
        for use in uses:
            v = make(g, g.turn)
            assert isinstance(v, LiveView)
            got = use(v)
            want = use(full)
            assert got == want, use
            assert type(v) is SeatView and v == full
        v = make(g, g.turn)
        assert v == full and full == make(g, g.turn) and not (v != full)
        v = make(g, g.turn)
        v.tricks_won = ()                # writing fills first, then writes
        assert type(v) is SeatView and v.tricks_won == () and v.trick == full.trick
    v = table_view(g, g.turn)            # what it holds from the start is the view's
    held = ("hand", "trick", "played", "trump", "maker", "dealer", "upcard", "round", "bids",
            "alone", "sitting_out", "defender_out", "total", "rules")
    assert [getattr(v, f) for f in held] == [getattr(full, f) for f in held]
    assert type(v) is not SeatView and (v.players, v.team(1)) == (full.players, full.team(1))
    assert type(v) is not SeatView


def test_a_player_that_raises_leaves_a_filled_view():
    g = GameState.new(BIT93, 3)
    seen = []

    class Boom:
        name = "boom"

        def decide(self, view):
            seen.append(view)
            raise RuntimeError("boom")

    with pytest.raises(RuntimeError):
        play_out(g, [Boom()] * 4)
    assert seen[0] == g.view(g.turn) and type(seen[0]) is SeatView


def test_each_player_settles_on_the_view_it_reads():
    """random keeps views of ``legal`` alone, ref moves to table views (it reads its
    hand, the trick, the bids and the score, never the tricks won: those views stay
    unfilled), a player that reads the tricks won to full views."""
    from pyengine.core.liveview import LegalView, TableView

    class Spy:
        def __init__(self, inner, reads_total=False):
            self.inner, self.reads_total, self.kinds, self.name = inner, reads_total, [], "spy"

        def decide(self, view):
            self.kinds.append(type(view))
            if self.reads_total:
                assert view.tricks_won is not None
            return self.inner.decide(view)

    for inner, reads, settled in ((RandomPlayer(1), False, LegalView),
                                  (RefPlayer(), False, TableView),
                                  (RefPlayer(), True, SeatView)):
        g = GameState.new(BIT93, 5)
        spies = [Spy(inner, reads) for _ in range(4)]
        play_out(g, spies)
        for spy in spies:
            assert len(spy.kinds) > 4 * PROBES and spy.kinds[-1] is settled, spy.kinds
            assert spy.kinds.count(settled) >= len(spy.kinds) - 2 * PROBES


def test_a_field_changed_before_filling_keeps_its_new_value():
    """A SeatView is a mutable dataclass: a field a player changes stays changed when
    reading another field fills the rest, as it would on a full view."""
    g = GameState.new(BIT93, 7)
    for _ in range(9):
        g.apply(g.legal_actions()[0])
    full = g.view(g.turn)
    for make, name in ((legal_view, "legal"), (legal_view, "seat"), (table_view, "hand"),
                       (table_view, "trick")):
        v = make(g, g.turn)
        setattr(v, name, ())
        assert v.tricks_won == full.tricks_won and v.discarded == full.discarded, name
        assert getattr(v, name) == () and type(v) is SeatView, name
        assert all(getattr(v, f.name) == getattr(full, f.name)
                   for f in dataclasses.fields(SeatView) if f.name != name), name


def test_a_view_is_its_moment_after_an_undo_and_another_action():
    """The same number of actions is not the same moment: a view made before its
    game's last action is undone and replaced by another (the game's list of actions
    as long as it was) still shows its own moment, not the game's."""
    g = GameState.new(BIT93, 7)
    for _ in range(9):                   # into the play, two cards to choose from
        g.apply(g.legal_actions()[0])
    first, second = g.legal_actions()[:2]
    for make in (legal_view, table_view):
        g.apply(first)
        moment = g.view(g.turn)
        v = make(g, g.turn)
        g.undo()
        g.apply(second)
        assert len(g.actions) == 10 and g.view(moment.seat) != moment
        assert v == moment and _fields(v) == _fields(moment)
        g.undo()
