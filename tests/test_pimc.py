"""The search player: an exact open-hand solver, and samples that respect what a seat knows."""

from __future__ import annotations

import random

import pytest

from pyengine.core.cards import EFFECTIVE_SUIT, Card
from pyengine.core.game import GameState, Phase, PlayAction
from pyengine.core.rules import BIT93
from pyengine.players.pimc import (
    PimcConfig,
    PimcPlayer,
    knowledge,
    parse_player_options,
    sample_worlds,
)
from pyengine.players.player import RefPlayer
from pyengine.players.solver import BIT_OF, CARD_OF, Solver, brute_force_tricks, to_cards, to_mask

FAST = PimcConfig(worlds=6, time=0.0)


def _random_endgame(rng: random.Random, n: int):
    deck = list(range(24))
    rng.shuffle(deck)
    out = (rng.randrange(4),) if rng.random() < 0.3 else ()
    hands = [[] if s in out else [Card(c) for c in deck[5 * s:5 * s + n]] for s in range(4)]
    trump = rng.randrange(4)
    leader = rng.choice([s for s in range(4) if s not in out])
    makers = rng.randrange(2)
    return hands, trump, leader, makers, out


def test_bit_layout_orders_every_effective_suit_by_power() -> None:
    for trump in range(4):
        assert sorted(BIT_OF[trump]) == list(range(24))
        assert to_cards(to_mask(range(24), trump), trump) == list(CARD_OF[trump])
        # the seven trumps (left bower included) are the top bits, right bower highest
        top = CARD_OF[trump][17:]
        assert all(EFFECTIVE_SUIT[trump][c] == trump for c in top)
        assert top[-1] == Card(6 * trump + 2)
        assert top[-2] == Card(6 * (3 - trump) + 2)


@pytest.mark.parametrize("n", [1, 2, 3])
def test_solver_equals_brute_force_minimax_on_small_endgames(n: int) -> None:
    rng = random.Random(n)
    cases = 0
    for _ in range(150 if n < 3 else 60):
        hands, trump, leader, makers, out = _random_endgame(rng, n)
        solver = Solver(trump, makers, out)
        masks = [to_mask(h, trump) for h in hands]
        assert solver.tricks(masks, leader) == brute_force_tricks(hands, trump, leader,
                                                                 makers, out)
        cases += 1
    assert cases >= 60


def test_solver_equals_brute_force_from_the_middle_of_a_trick() -> None:
    rng = random.Random(7)
    for _ in range(60):
        hands, trump, leader, makers, out = _random_endgame(rng, 3)
        seq = [s for s in ((leader + k) % 4 for k in range(4)) if s not in out]
        eff = EFFECTIVE_SUIT[trump]
        trick = []
        for s in seq[:rng.randrange(1, len(seq))]:
            led = eff[trick[0][1]] if trick else None
            legal = [c for c in hands[s] if led is None or eff[c] == led] or hands[s]
            c = rng.choice(legal)
            hands[s].remove(c)
            trick.append((s, c))
        solver = Solver(trump, makers, out)
        masks = [to_mask(h, trump) for h in hands]
        bits = [(s, BIT_OF[trump][c]) for s, c in trick]
        assert solver.tricks(masks, leader, bits) == brute_force_tricks(
            hands, trump, leader, makers, out, trick)


def _advance(game: GameState, until) -> GameState:
    ref = RefPlayer()
    while not game.over and not until(game):
        game.apply(ref.decide(game.view(game.turn)))
    return game


def _mid_play_with_void(seed_from: int = 0) -> GameState:
    """A game stopped in play, after some seat has failed to follow suit."""
    for seed in range(seed_from, seed_from + 200):
        g = GameState.new(BIT93, seed)

        def shown_void(game: GameState) -> bool:
            if game.phase is not Phase.PLAY or game.turn is None:
                return False
            k = knowledge(game.view(game.turn))
            return any(k.voids[s] for s in range(4) if s != game.turn)

        _advance(g, shown_void)
        if not g.over and g.phase is Phase.PLAY:
            return g
    raise AssertionError("no game showed a void")


def test_samples_respect_revealed_voids_and_known_cards() -> None:
    g = _mid_play_with_void()
    v = g.view(g.turn)
    k = knowledge(v)
    eff = EFFECTIVE_SUIT[v.trump]
    worlds = sample_worlds(v, k, random.Random(1), 300, infer=1.0)
    assert len(worlds) == 300
    seen = set(v.hand) | set(v.played)
    for w in worlds:
        for s in range(4):
            if s == v.seat:
                assert sorted(w.hands[s]) == sorted(v.hand)
                continue
            if s in k.out_seats:
                assert w.hands[s] == []
                continue
            assert len(w.hands[s]) == len(g.hands[s])          # the right number of cards
            assert not any(eff[c] in k.voids[s] for c in w.hands[s]), (s, k.voids[s])
            assert not seen & set(w.hands[s])
        every = [c for h in w.hands for c in h] + w.out + list(v.played)
        every += [c for c in (v.upcard, v.discarded) if c is not None and c not in every]
        assert sorted(every) == list(range(24))


def test_dealer_holds_the_upcard_he_picked_up_in_every_sample() -> None:
    for seed in range(100):
        g = GameState.new(BIT93, seed)
        _advance(g, lambda game: game.phase is Phase.PLAY)
        if g.over or not any(e.round == 1 and e.call == "order" for e in g.bids):
            continue
        if g.dealer in (g.sitting_out,) or g.turn == g.dealer:
            continue
        v = g.view(g.turn)
        for w in sample_worlds(v, knowledge(v), random.Random(2), 50, infer=1.0):
            assert v.upcard in w.hands[g.dealer]
        return
    raise AssertionError("no suitable game")


# Hidden information (the hint never depends on the unseen cards) is checked by
# tests/test_hidden_information.py, against every phase and two cheating players.


def test_pimc_never_plays_an_illegal_card_and_finishes_a_game() -> None:
    pimc = PimcPlayer(PimcConfig(worlds=3, time=0.0))
    ref = RefPlayer()
    g = GameState.new(BIT93, 5)
    seats = [pimc, ref, pimc, ref]
    while not g.over:
        a = seats[g.turn].decide(g.view(g.turn))
        assert a in g.legal_actions()
        g.apply(a)
    assert g.events[-1].ev == "game_over"


def test_ratings_cover_every_legal_card_best_first() -> None:
    g = GameState.new(BIT93, 3)
    _advance(g, lambda game: game.phase is Phase.PLAY and not game.trick
             and game.tricks_played == 3 and game.maker is not None)
    if g.over:
        pytest.skip("game ended early")
    me = g.turn
    v = g.view(me)
    ratings = PimcPlayer(FAST).rate(v)
    assert {r.action for r in ratings} == set(v.legal)
    assert all(isinstance(r.action, PlayAction) for r in ratings)
    assert ratings == sorted(ratings, key=lambda r: -r.value)


def test_player_options_are_read_and_checked() -> None:
    cfg = parse_player_options("worlds=20,time=0.5,infer=1")
    assert (cfg.worlds, cfg.time, cfg.infer) == (20, 0.5, 1.0)
    with pytest.raises(ValueError, match="unknown pimc option"):
        parse_player_options("wolds=3")


def test_t_at_a_shell_prompt_shows_the_search_players_rating_of_every_choice() -> None:
    import io

    from pyengine.play.shell import run_shell_game

    out = io.StringIO()
    code = run_shell_game(seed=5, auto=False, transcript=None, ascii_only=True,
                          rules_name="bit93", stdin=io.StringIO("t\nq\n"), stdout=out)
    text = out.getvalue()
    assert code == 0
    assert "Hint: " in text and "order up alone" in text


def test_the_hint_key_is_no_answer_anywhere_and_h_always_names_hearts() -> None:
    # issue 11: round 2's h named hearts while ? said h asks for a hint
    from pyengine.play.hints import is_hint_request

    g = GameState.new(BIT93, 5)
    _advance(g, lambda game: game.phase is Phase.BID2)
    v = g.view(g.turn)
    assert not is_hint_request("h", v)
    assert is_hint_request("t", v) and is_hint_request("hint", v)
