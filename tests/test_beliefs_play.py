"""pimc's play beliefs: worlds weighed by how likely the other seats' cards are under ref."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from pyengine.core.cards import Card
from pyengine.core.events import Bid
from pyengine.core.game import PLAY_ACTIONS, GameState, Phase, SeatView
from pyengine.core.rules import BIT93
from pyengine.players.beliefs import PlayModel, world_weight
from pyengine.players.pimc import PimcConfig, PimcPlayer, parse_player_options
from pyengine.players.player import RefPlayer, ref_play
from pyengine.players.worlds import (
    dealer_picked_up,
    hard_world,
    knowledge,
    original_hands,
    sample_worlds,
    tricks_so_far,
)

S, H, D, C = range(4)


def card(suit: int, rank: int) -> Card:
    """rank 0-5: 9 10 J Q K A."""
    return Card(6 * suit + rank)


NINE, TEN, JACK, QUEEN, KING, ACE = range(6)
TRUMP = S
BIDS = (Bid(0, 1, "pass", None, False), Bid(1, 1, "pass", None, False),
        Bid(2, 1, "pass", None, False), Bid(3, 1, "pass", None, False),
        Bid(0, 2, "pass", None, False), Bid(1, 2, "name", TRUMP, False))
# trick 1, led by the maker's left (seat 2, the viewer): KH, 9H, QH, then the maker
# (seat 1, last to play) follows with TH and lets the trick go to the other side
TRICK1 = ((2, card(H, KING)), (3, card(H, NINE)), (0, card(H, QUEEN)), (1, card(H, TEN)))
MY_HAND = (card(S, NINE), card(D, QUEEN), card(D, ACE), card(C, KING))


def _view(seat: int, hand: tuple[Card, ...], trick, played, won) -> SeatView:
    return SeatView(seat=seat, phase=Phase.PLAY, hand=hand, dealer=3, upcard=card(D, NINE),
                    round=0, bids=BIDS, trump=TRUMP, maker=1, alone=False, sitting_out=None,
                    trick=trick, played=played, tricks_won=won, total=(0, 0), discarded=None,
                    legal=tuple(PLAY_ACTIONS[c] for c in sorted(hand)), rules=BIT93,
                    up_suit=D)


def _after_trick1() -> SeatView:
    """Seat 2 to lead trick 2: it knows seat 1 played TH last when AH would have won."""
    return _view(2, MY_HAND, (), tuple(c for _, c in TRICK1), (1, 0))


def _share(worlds, seat: int, c: Card) -> float:
    return sum(c in w.hands[seat] for w in worlds) / len(worlds)


def test_a_seat_that_let_the_trick_go_last_seldom_holds_the_card_that_would_have_won() -> None:
    ah = card(H, ACE)
    # the premise, asked of ref itself: last to play, holding AH, it takes the trick
    then = _view(1, (card(H, TEN), ah, card(S, ACE), card(C, NINE), card(D, KING)),
                 TRICK1[:3], tuple(c for _, c in TRICK1[:3]), (0, 0))
    then = replace(then, legal=(PLAY_ACTIONS[card(H, TEN)], PLAY_ACTIONS[ah]))
    assert ref_play(then).card == ah, "premise: ref, last to play, wins the trick with AH"
    v = _after_trick1()
    k = knowledge(v)
    assert ah in k.unknown and not k.voids[1]
    plain = sample_worlds(v, k, random.Random(5), 400, 1.0)
    weighed = sample_worlds(v, k, random.Random(5), 400, 1.0, playinfer=0.8)
    assert _share(plain, 1, ah) > 0.15                  # about 4 of the 15 unknown cards
    assert _share(weighed, 1, ah) < 0.35 * _share(plain, 1, ah)
    # a card that says nothing about seat 1 is left where it was (about as often)
    neutral = card(C, ACE)
    assert abs(_share(weighed, 1, neutral) - _share(plain, 1, neutral)) < 0.12


def test_the_weight_is_refs_play_mixed_with_uniform_among_the_legal_cards() -> None:
    v = _after_trick1()
    m = PlayModel(v, [list(TRICK1)], 0.8)
    assert [e.seat for e in m.events] == [3, 0, 1]        # not the viewer's own card
    hands = [[] for _ in range(4)]
    hands[0] = [card(S, TEN), card(S, JACK), card(C, TEN), card(C, JACK)]      # QH forced
    hands[3] = [card(S, QUEEN), card(S, KING), card(C, QUEEN), card(D, JACK)]  # 9H forced
    hands[1] = [card(H, ACE), card(S, ACE), card(C, NINE), card(D, KING)]      # TH or AH
    assert m.weight(hands) == pytest.approx(0.2 / 2)      # ref would have played AH
    hands[1][0] = card(H, JACK)                           # TH or JH: ref throws TH
    assert m.weight(hands) == pytest.approx(0.8 + 0.2 / 2)
    assert PlayModel(v, [list(TRICK1)], 0.0).weight(hands) == 1.0


def _ref_game_views(seeds: range, every: int = 3):
    """Play decisions in games ref plays at every seat: the game, the view, and the
    views of the seats that played each card so far in the hand, as the game gave them."""
    ref = RefPlayer()
    for seed in seeds:
        g = GameState.new(BIT93, seed)
        n = 0
        plays: list[SeatView] = []
        while not g.over:
            v = g.view(g.turn)
            if g.phase is Phase.PLAY:
                plays = plays if g.played else []
                n += 1
                if g.played and n % every == 0:
                    yield g, v, plays[:]
                plays.append(v)
            g.apply(ref.decide(v))


def test_in_games_ref_plays_the_model_rebuilds_each_seats_view_and_finds_refs_cards() -> None:
    # each other seat's view when it played, rebuilt from the view of now and the true
    # deal, is the view the game gave it then; each card is ref's choice, weighing
    # p + (1 - p) / (its legal cards then)
    checked = 0
    p = 0.6
    for g, v, plays in _ref_game_views(range(4)):
        tricks, _ = tricks_so_far(v)
        m = PlayModel(v, [*tricks, list(v.trick)], p)
        discard = g.discarded if dealer_picked_up(v) else None
        others = [then for then in plays if then.seat != v.seat]
        assert len(m.events) == len(others)
        want = 1.0
        for i, then in enumerate(others):
            # (the game keeps a hand in the order dealt, the model sorted)
            assert m.view_then(i, g.hands, discard) == replace(
                then, hand=tuple(sorted(then.hand))), (g.seed, i)
            if len(then.legal) > 1:
                want *= p + (1 - p) / len(then.legal)
            checked += 1
        assert m.weight(g.hands, discard) == pytest.approx(want), (g.seed, v.played)
    assert checked > 300


def _todays_sample_worlds(view, k, rng, n, infer, spread=2.0, candidates=4):
    """The sampler as it was before the play beliefs (commit 8626d85), restated."""
    weigh = infer < 1.0 and bool(view.bids) and candidates > 1
    pool = [hard_world(view, k, rng) for _ in range(n * candidates if weigh else n)]
    if not weigh:
        return pool
    weights = [world_weight(view, original_hands(view, k, w), spread, infer) for w in pool]
    return rng.choices(pool, weights=weights, k=n)


def test_playinfer_0_gives_exactly_the_worlds_of_before() -> None:
    differ = 0
    for i, (_, v, _) in enumerate(_ref_game_views(range(2), every=5)):
        k = knowledge(v)
        for infer in (0.1, 1.0):
            old = _todays_sample_worlds(v, k, random.Random(i), 12, infer)
            assert sample_worlds(v, k, random.Random(i), 12, infer, 2.0, 4, 0.0) == old
            differ += sample_worlds(v, k, random.Random(i), 12, infer, 2.0, 4, 0.8) != old
    assert differ > 10                  # the switch does change the worlds when on


def test_the_search_player_reads_playinfer() -> None:
    cfg = parse_player_options("worlds=5,playinfer=0.7")
    assert cfg.playinfer == 0.7 and parse_player_options("").playinfer == \
        PimcConfig().playinfer
    for bad, why in (("playinfer=1", "less than 1"), ("playinfer=-0.5", "0 or more"),
                     ("playinfer=x", "a number")):
        with pytest.raises(ValueError, match=why):
            parse_player_options(bad)
    v = _after_trick1()
    off = PimcPlayer(PimcConfig(worlds=8, time=0.0, playinfer=0.0)).rate(v)
    on = PimcPlayer(PimcConfig(worlds=8, time=0.0, playinfer=0.8)).rate(v)
    assert off != on
