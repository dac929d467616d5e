"""Property tests over random game numbers: invariants every game must keep."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pyengine.core.cards import ALL_CARDS, EFFECTIVE_SUIT, POWER
from pyengine.core.events import Deal, Discard, GameOver, Play, Score, Trick
from pyengine.core.game import GameState, PlayAction
from pyengine.core.rules import BIT93
from pyengine.players.player import RandomPlayer, RefPlayer

seeds = st.integers(min_value=0, max_value=0xFFFF)


def _run(seed: int, random_seats: tuple[int, ...]) -> GameState:
    """Play a game, checking every action is in the legal list before applying it."""
    g = GameState.new(BIT93, seed)
    players = [RandomPlayer(seed * 4 + s) if s in random_seats else RefPlayer()
               for s in range(4)]
    while not g.over:
        seat = g.turn
        action = players[seat].decide(g.view(seat))
        legal = g.legal_actions()
        assert action in legal
        if isinstance(action, PlayAction) and g.trick:
            led = EFFECTIVE_SUIT[g.trump][g.trick[0][1]]
            follows = [c for c in g.hands[seat] if EFFECTIVE_SUIT[g.trump][c] == led]
            assert not follows or EFFECTIVE_SUIT[g.trump][action.card] == led
        g.apply(action)
    return g


@settings(max_examples=60, deadline=None)
@given(seed=seeds, random_seats=st.sets(st.integers(0, 3)).map(tuple))
def test_every_game_keeps_the_invariants(seed, random_seats):
    g = _run(seed, random_seats)
    events = g.events
    total = [0, 0]
    trump = None
    on_table: list[Play] = []
    for e in events:
        if isinstance(e, Deal):
            dealt = [c for h in e.hands for c in h] + [e.upcard]
            assert len(e.hands) == 4 and all(len(h) == 5 for h in e.hands)
            assert len(set(dealt)) == 21            # 20 in hand + upcard, all distinct
            assert set(dealt) <= set(ALL_CARDS)
            trump, on_table = None, []
        elif getattr(e, "ev", "") == "bid" and e.call != "pass":
            trump = e.suit
        elif isinstance(e, Play):
            on_table.append(e)
        elif isinstance(e, Trick):
            assert len(on_table) in (3, 4)
            led = EFFECTIVE_SUIT[trump][on_table[0].card]
            best = max(on_table, key=lambda p: POWER[trump][led][p.card])
            assert best.seat == e.winner             # each trick won by the right card
            on_table = []
        elif isinstance(e, Score):
            assert max(total) < BIT93.target        # no hand is played after the game ends
            total[0] += e.points[0]
            total[1] += e.points[1]
            assert list(e.total) == total           # totals equal the sum of points
            assert sum(e.tricks) == 5
    assert isinstance(events[-1], GameOver)
    assert max(total) >= BIT93.target and total[events[-1].winner] >= BIT93.target
    assert min(total) < BIT93.target


@settings(max_examples=60, deadline=None)
@given(seed=seeds)
def test_24_cards_conserved_in_every_hand(seed):
    g = GameState.new(BIT93, seed)
    players = [RandomPlayer(seed)] * 4
    while not g.over:
        # every card is in exactly one place: a hand, the table/played pile, the upcard
        # slot or the kitty (deal's 3 cards), the dealer's discard
        deal = next(e for e in reversed(g.events) if isinstance(e, Deal))
        held = [c for h in g.hands for c in h]
        played = list(g.played)
        discards = [e.card for e in g.events[g.events.index(deal):] if isinstance(e, Discard)]
        upcard_out = [] if (g.upcard in held or g.upcard in played or g.upcard in discards) \
            else [g.upcard]
        everything = held + played + discards + upcard_out
        assert len(everything) == len(set(everything))
        assert len(everything) == 21                # + the 3 kitty cards = 24
        g.apply(players[g.turn].decide(g.view(g.turn)))


@settings(max_examples=40, deadline=None)
@given(seed=seeds)
def test_same_seed_same_game(seed):
    a = _run(seed, ())
    b = _run(seed, ())
    assert [e.to_json() for e in a.events] == [e.to_json() for e in b.events]
