"""The open-hand solver in C (pyengine/players/_solver.c) against the Python reference, in lockstep.

The solver models one rule set: four seats, the 24-card deck, no joker, a seat out for
a lone hand, or two (a lone defender too: the audit solves defend-alone hands; pimc
delegates those, and other games, to the variant player). Over random positions of
it - whole hands, endings of every length, positions in the middle of a trick, lone
hands with each seat out, both making teams, every trump - the native solver's
``tricks`` and ``at_least`` (every k, the impossible ones too) must equal the Python
solver's, one solver of each answering a whole run of positions (as pimc reuses one per
contract), so their transposition tables are exercised across positions too.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyengine.core.cards import EFFECTIVE_SUIT, Card
from pyengine.core.deal import deal_hand
from pyengine.core.rng import Rng
from pyengine.players import solver as solver_mod
from pyengine.players.solver import BIT_OF, Solver, active_order, make_solver, to_mask

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def native():
    mod = solver_mod.native_module()
    if mod is None and os.environ.get(solver_mod.SOLVER_ENV) != "python":
        pytest.fail("the native solver is not built: `pip install -e .` with a C compiler "
                    "builds pyengine/players/_solver.c (EUCHRE_SOLVER=python runs without it)")
    if mod is None:
        pytest.skip("EUCHRE_SOLVER=python: no native solver to compare")
    return mod


Position = tuple[int, list[int], int, list[tuple[int, int]]]   # trump, masks, leader, trick


def random_position(rng: random.Random, trump: int, out: tuple[int, ...], n: int,
                    in_trick: int) -> Position:
    """A deal of ``n`` cards a seat (none for ``out``), with ``in_trick`` seats of the
    trick already played, each following suit when it could."""
    deck = [Card(c) for c in range(24)]
    rng.shuffle(deck)
    hands = [[] if s in out else deck[6 * s:6 * s + n] for s in range(4)]
    leader = rng.choice([s for s in range(4) if s not in out])
    eff = EFFECTIVE_SUIT[trump]
    trick: list[tuple[int, int]] = []
    for s in active_order(leader, out)[:in_trick]:
        led = eff[deck_card(trick[0][1], trump)] if trick else None
        legal = [c for c in hands[s] if led is None or eff[c] == led] or hands[s]
        c = rng.choice(legal)
        hands[s].remove(c)
        trick.append((s, BIT_OF[trump][c]))
    return trump, [to_mask(h, trump) for h in hands], leader, trick


def deck_card(bit: int, trump: int) -> Card:
    return solver_mod.CARD_OF[trump][bit]


def positions(seed: int, count: int) -> list[tuple[int, tuple[int, ...], Position]]:
    """``count`` random positions of every shape: (makers, out, position)."""
    rng = random.Random(seed)
    # a lone maker's partner out; under defend-alone rules a lone defender's partner too
    out_choices: list[tuple[int, ...]] = [(), (), (0,), (1,), (2,), (3,), (0, 1), (1, 2),
                                          (2, 3), (0, 3)]
    cases = []
    for _ in range(count):
        out = rng.choice(out_choices)
        n = rng.randint(1, 5)
        active = 4 - len(out)
        in_trick = rng.randrange(active) if rng.random() < 0.5 else 0
        cases.append((rng.randrange(2), out,
                      random_position(rng, rng.randrange(4), out, n, in_trick)))
    return cases


def compare(native, cases) -> int:
    """Solve every case with one solver of each kind per contract; returns the answers
    compared. Fails with the first difference in full."""
    py_solvers: dict = {}
    c_solvers: dict = {}
    compared = 0
    for makers, out, (trump, masks, leader, trick) in cases:
        key = (trump, makers, out)
        py = py_solvers.setdefault(key, Solver(trump, makers, out))
        nat = c_solvers.setdefault(key, native.Solver(trump, makers, out,
                                                      solver_mod.SUIT_OF_BIT[trump]))
        where = (f"trump {trump}, makers {makers}, out {out}, hands "
                 f"{[hex(m) for m in masks]}, leader {leader}, trick {trick}")
        want = py.tricks(masks, leader, trick)
        got = nat.tricks(masks, leader, trick)
        assert got == want, f"tricks: native {got}, python {want} at {where}"
        for k in range(-1, 7):
            want_k = py.at_least(masks, leader, k, trick)
            got_k = nat.at_least(masks, leader, k, trick)
            assert got_k == want_k, f"at_least k={k}: native {got_k}, python {want_k} at {where}"
        compared += 1 + 8
    return compared


def test_native_equals_python_on_random_positions_of_every_shape(native) -> None:
    cases = positions(41, 1500)
    compared = compare(native, cases)
    shapes = {(len(out), len(pos[3]) > 0, max(m.bit_count() for m in pos[1]))
              for _, out, pos in cases}
    print(f"{len(cases)} positions ({len(shapes)} shapes: 0, 1 or 2 seats out, mid-trick or "
          f"not, 1-5 cards), {compared} answers, all equal")
    assert len(shapes) == 3 * 2 * 5


def test_native_equals_python_on_whole_hands_every_contract(native) -> None:
    cases = []
    for seed in range(60):
        hands = deal_hand(Rng.from_seed(seed), dealer=seed % 4).hands
        trump = seed % 4
        for makers in (0, 1):
            maker = makers + 2 * (seed % 2)
            for out in ((), ((maker + 2) % 4,)):     # alone: the maker's partner sits out
                masks = [0 if s in out else to_mask(hands[s], trump) for s in range(4)]
                leader = active_order((seed + 1) % 4, out)[0]
                cases.append((makers, out, (trump, masks, leader, [])))
    compared = compare(native, cases)
    print(f"{len(cases)} whole hands (60 deals x 2 teams x alone or not), {compared} "
          "answers, all equal")


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_native_equals_python_hypothesis(native, seed: int) -> None:
    compare(native, positions(seed, 3))


def test_native_counts_its_nodes_and_answers_alike_after_clear(native) -> None:
    """It counts the positions it searches (its own count: fewer than the Python
    solver's), and a cleared table changes no answer."""
    trump, masks, leader, _ = random_position(random.Random(3), 1, (), 5, 0)
    nat = native.Solver(trump, 0, (), solver_mod.SUIT_OF_BIT[trump])
    nat.tricks(masks, leader)
    assert nat.nodes > 0
    nat.clear()
    assert nat.tricks(masks, leader) == Solver(trump, 0).tricks(masks, leader)


def test_native_fresh_solvers_never_answer_from_an_earlier_solvers_table(native) -> None:
    """Solvers made one after another reuse one spare table, each in the next of 63
    generations, so the 63rd solver after one is in that one's generation again: the
    table must be cleared on the wrap. Here a solver for one making team fills the
    table, 62 solvers of one small ending each take one generation, then a solver for the
    other team solves the first one's position: left over, the first one's entries (the
    same keys) would answer for the wrong team."""
    trump, layout = 0, solver_mod.SUIT_OF_BIT[0]

    def masks(seed: int, size: int) -> list[int]:
        return [to_mask(list(h)[:size], trump)
                for h in deal_hand(Rng.from_seed(seed), dealer=0).hands]

    filler = masks(0, 3)           # 3 cards: the table holds only positions of 3 or more
    for seed in range(0, 40, 4):
        for size in (4, 5):
            position = masks(seed, size)
            native.Solver(trump, 0, (), layout).tricks(position, 1)
            for _ in range(62):
                one = native.Solver(trump, 0, (), layout)
                one.tricks(filler, 1)
                assert one.table_size >= 1          # it took a generation of the table
                del one                             # and gave the table back
            got = native.Solver(trump, 1, (), layout).tricks(position, 1)
            assert got == Solver(trump, 1).tricks(position, 1), (seed, size)


def test_native_rejects_bad_input_with_a_message(native) -> None:
    nat = native.Solver(0, 0, (), solver_mod.SUIT_OF_BIT[0])
    for hands, leader in (([1, 1, 0, 0], 0), ([1, 2, 4], 0), ([1 << 24, 0, 0, 0], 0),
                          ([1, 2, 4, 8], 4)):
        with pytest.raises(ValueError):
            nat.tricks(hands, leader)
    with pytest.raises(ValueError):
        nat.tricks([1, 2, 4, 8], 0, [(0, 0)])          # a card both held and on the table
    with pytest.raises(ValueError):
        native.Solver(0, 2, (), solver_mod.SUIT_OF_BIT[0])


def test_native_reads_keywords_as_positional_arguments(native) -> None:
    """Positional arguments are read directly (the fast path pimc takes), keywords through
    Python's argument parser: the same solver, the same answers, the same errors."""
    trump, masks, leader, trick = random_position(random.Random(5), 2, (), 4, 2)
    layout = solver_mod.SUIT_OF_BIT[trump]
    by_name = native.Solver(trump=trump, makers=1, out=(3,), suit_of_bit=layout)
    assert (by_name.trump, by_name.makers, by_name.out) == (trump, 1, (3,))
    nat = native.Solver(trump, 1, (), layout)
    py = Solver(trump, 1)
    want = py.tricks(masks, leader, trick)
    assert nat.tricks(masks, leader, trick) == want
    assert nat.tricks(hands=masks, leader=leader, trick=trick) == want
    assert nat.tricks(masks, leader, trick=trick, guess=None) == want
    for k in range(6):
        assert nat.at_least(masks, leader, k, trick) == py.at_least(masks, leader, k, trick)
        assert nat.at_least(masks, leader, k=k, trick=trick) == py.at_least(masks, leader, k,
                                                                          trick)
    for call in (lambda: native.Solver(trump, 1, ()), lambda: nat.tricks(masks),
                 lambda: nat.tricks(masks, 0.5), lambda: nat.at_least(masks, leader),
                 lambda: nat.tricks(masks, leader, trick, None, 1),
                 lambda: native.Solver(trump, 1, (), layout, extra=1)):
        with pytest.raises(TypeError):
            call()


def test_make_solver_picks_native_and_python_on_request(native) -> None:
    assert type(make_solver(0, 0, kind="python")) is Solver
    assert type(make_solver(0, 0, kind="native")) is native.Solver
    with pytest.raises(solver_mod.SolverChoiceError):
        make_solver(0, 0, kind="fortran")


def test_the_fallback_says_so_once_on_stderr() -> None:
    """Without the native module the players run the Python solver, with one line."""
    code = ("import sys; sys.modules['pyengine.players._solver'] = None\n"
            "from pyengine.players.solver import make_solver, Solver\n"
            "a = make_solver(0, 0); b = make_solver(1, 1)\n"
            "assert type(a) is Solver and type(b) is Solver\n")
    env = {k: v for k, v in os.environ.items() if k != solver_mod.SOLVER_ENV}
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and "Python solver" in lines[0], done.stderr
