"""A hint depends on what the seat can know, never on the hidden cards (issue 14).

The test takes decision states of every phase (round 1, round 2, the dealer's
discard, card play) from whole games, and for each builds other deals that the
deciding seat cannot tell from the real one: the unseen cards are dealt again at
random, then the hand's actions so far are applied again. The engine itself
refuses every redistribution the public history rules out - a seat that did not
follow suit holds none of it, the dealer who picked up holds the upcard, the
dealer's discard follows the rule - so what is left is exactly the set of deals
the seat must treat alike. The ``h`` hint text must be the same in all of them.

A test that cannot fail proves nothing, so the same check is run against two
cheating players the suite builds - one handed the true deal, one that knows how
many cards of each suit every other seat holds - and must catch both.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import pytest

from pyengine.core.cards import ALL_CARDS, SUITS, Card
from pyengine.core.game import Action, DiscardAction, GameState, IllegalAction, Phase, PlayAction
from pyengine.core.rules import BIT93
from pyengine.play.hints import hint_lines
from pyengine.play.textview import Style
from pyengine.players import pimc
from pyengine.players.pimc import PimcConfig, World
from pyengine.players.player import RandomPlayer, RefPlayer

from .helpers import report

CONFIG = PimcConfig(worlds=6, time=0.0)
STYLE = Style(symbols=False, colour=False)
PHASES = (Phase.BID1, Phase.BID2, Phase.DISCARD, Phase.PLAY)
Hint = Callable[[GameState, int], str]


@dataclass
class Decision:
    """A game stopped at a decision, with what is needed to deal its hand again."""

    game: GameState
    start: GameState            # the same hand just after its deal
    actions: list[Action]       # this hand's actions so far, in order

    @property
    def seat(self) -> int:
        return self.game.turn


def decisions(per_phase: int, seed: int = 14) -> dict[Phase, list[Decision]]:
    """Decision states of every phase, with more than one legal choice, from games with
    a random seat 0 (so that round 2 and odd discards come up)."""
    rng = random.Random(seed)
    found: dict[Phase, list[Decision]] = {p: [] for p in PHASES}
    game_no = 0
    while any(len(v) < per_phase for v in found.values()):
        game_no += 1
        assert game_no < 500, {p.value: len(v) for p, v in found.items()}
        g = GameState.new(BIT93, rng.randrange(0x10000))
        players = [RandomPlayer(rng.randrange(1 << 30)), RefPlayer(), RefPlayer(), RefPlayer()]
        start, actions = copy.deepcopy(g), []
        hand_no = g.hand_no
        while not g.over:
            if g.hand_no != hand_no:
                start, actions, hand_no = copy.deepcopy(g), [], g.hand_no
            p = g.phase
            if (p in found and len(found[p]) < per_phase and len(g.legal_actions()) > 1
                    and rng.random() < 0.3):
                found[p].append(Decision(copy.deepcopy(g), start, list(actions)))
            a = players[g.turn].decide(g.view(g.turn))
            g.apply(a)
            actions.append(a)
    return found


def _deal_again(d: Decision, rng: random.Random) -> GameState | None:
    """Another deal of the unseen cards with the same public history, or None."""
    me, start = d.seat, d.start
    played: dict[int, list[Card]] = {s: [] for s in range(4)}
    replay = copy.deepcopy(start)
    for a in d.actions:                     # who played which card (public)
        if isinstance(a, PlayAction):
            played[replay.turn].append(a.card)
        replay.apply(a)
    fixed = {s: [c for c in played[s] if c != start.upcard] for s in range(4)}
    known = set(start.hands[me]) | {start.upcard} | {c for h in fixed.values() for c in h}
    pool = [c for c in ALL_CARDS if c not in known]
    rng.shuffle(pool)
    g = copy.deepcopy(start)
    for s in range(4):
        if s != me:
            n = len(start.hands[s]) - len(fixed[s])
            g.hands[s] = fixed[s] + pool[:n]
            del pool[:n]
    g._legal = None
    later = {i: set(c.card for c in d.actions[i + 1:] if isinstance(c, PlayAction))
             for i in range(len(d.actions))}
    try:
        for i, a in enumerate(d.actions):
            if isinstance(a, DiscardAction) and g.turn != me:   # hidden: any legal one
                options = [x for x in g.legal_actions() if x.card not in later[i]]
                if not options:
                    return None
                a = rng.choice(options)
            g.apply(a)
    except IllegalAction:
        return None                         # the public history rules this deal out
    if g.view(me) != d.game.view(me):
        return None
    return g


def redistributions(d: Decision, n: int, seed: int) -> list[GameState]:
    rng = random.Random(seed)
    out: list[GameState] = []
    for _ in range(4000):
        g = _deal_again(d, rng)
        if g is not None and g.hands != d.game.hands:
            out.append(g)
            if len(out) == n:
                break
    return out


def honest_hint(game: GameState, seat: int) -> str:
    """What ``h`` prints at the shell: the hint from the seat's view alone."""
    return "\n".join(hint_lines(game.view(seat), STYLE, CONFIG))


def differences(hint: Hint, per_phase: int, deals: int) -> tuple[int, list[str]]:
    """(pairs compared, one line per state where the hint changed with the hidden cards)."""
    found = decisions(per_phase)
    pairs, diffs = 0, []
    for phase, states in found.items():
        for k, d in enumerate(states):
            real = hint(d.game, d.seat)
            for g in redistributions(d, deals, seed=k):
                pairs += 1
                other = hint(g, d.seat)
                if other != real:
                    diffs.append(f"{phase.value} #{k}: {real.splitlines()[0]!r} became "
                                 f"{other.splitlines()[0]!r}")
                    break
    return pairs, diffs


def suit_counts(hands: list[list[Card]], me: int) -> tuple:
    return tuple(tuple(sum(1 for c in h if SUITS[c // 6] == s) for s in SUITS)
                 for i, h in enumerate(hands) if i != me)


# --- the cheating players ----------------------------------------------------------

@contextmanager
def sampler(make: Callable[..., list[World]]) -> Iterator[None]:
    real = pimc.sample_worlds
    pimc.sample_worlds = lambda *a, **k: make(real, *a, **k)
    try:
        yield
    finally:
        pimc.sample_worlds = real


def _true_world(game: GameState, real, view, k, rng, n, *a, **kw) -> World:
    w = real(view, k, rng, 1, 1.0)[0]       # for the layout of the cards out of play
    hands = [list(h) for h in game.hands]
    held = {c for h in hands for c in h}
    out = sorted(c for c in [*w.out, *(x for h in w.hands for x in h)] if c not in held)
    if game.discarded in out:
        out.remove(game.discarded)
        out.insert(0, game.discarded)
    return World(hands, out)


def peeking_hint(game: GameState, seat: int) -> str:
    """Handed the true deal: every world it 'samples' is the real one."""
    def make(real, view, k, rng, n, *a, **kw):
        return [_true_world(game, real, view, k, rng, n)] * n

    with sampler(make):
        return honest_hint(game, seat)


def counting_hint(game: GameState, seat: int) -> str:
    """Knows how many cards of each suit the other seats hold, and samples only such
    deals (the old test's same-suit swaps kept exactly these counts)."""
    truth = suit_counts(game.hands, seat)

    def make(real, view, k, rng, n, *a, **kw):
        kept = [w for w in real(view, k, rng, 40 * n, 1.0) if suit_counts(w.hands, seat) == truth]
        return (kept + [_true_world(game, real, view, k, rng, n)] * n)[:n]

    with sampler(make):
        return honest_hint(game, seat)


# --- the tests ---------------------------------------------------------------------------

def test_redistributions_change_the_hidden_hands_and_their_suit_counts(capsys):
    found = decisions(3)
    changed = total = 0
    for states in found.values():
        for k, d in enumerate(states):
            others = redistributions(d, 3, seed=k)
            assert others, f"no other deal for a {d.game.phase.value} state"
            for g in others:
                total += 1
                assert g.view(d.seat) == d.game.view(d.seat)
                changed += suit_counts(g.hands, d.seat) != suit_counts(d.game.hands, d.seat)
    report(capsys, f"{total} redistributions of {sum(map(len, found.values()))} states: "
                   f"{changed} change some seat's suit counts")
    assert changed >= total // 2


@pytest.mark.parametrize("per_phase,deals", [(6, 4)])
def test_the_hint_is_the_same_in_every_deal_the_seat_cannot_tell_apart(per_phase, deals,
                                                                        capsys):
    pairs, diffs = differences(honest_hint, per_phase, deals)
    report(capsys, f"hidden information: {pairs} (state, other deal) pairs over "
                   f"{len(PHASES)} phases: "
                   f"{len(diffs)} hints changed")
    assert pairs >= len(PHASES) * per_phase * 2
    assert not diffs, diffs


@pytest.mark.slow
def test_the_hint_is_the_same_in_many_more_deals(capsys):
    pairs, diffs = differences(honest_hint, 12, 8)
    report(capsys, f"hidden information: {pairs} (state, other deal) pairs: "
                   f"{len(diffs)} hints changed")
    assert not diffs, diffs


@pytest.mark.parametrize("cheat", [peeking_hint, counting_hint], ids=["sees-the-deal",
                                                                      "knows-suit-counts"])
def test_the_check_catches_a_cheating_player(cheat, capsys):
    per_phase = 3
    pairs, diffs = differences(cheat, per_phase, 3)
    report(capsys, f"{cheat.__name__}: its hint changed with the hidden cards in {len(diffs)} of "
                   f"{len(PHASES) * per_phase} states")
    assert len(diffs) >= len(PHASES) * per_phase // 2, diffs   # caught, in every phase
