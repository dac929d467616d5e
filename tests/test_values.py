"""Values that read themselves and the game as a library value (issue 13).

Cards print as ``JD``, suits as ``D`` (``♦`` as a symbol), actions in a player's words;
each parses back. ``clone()``, ``is_terminal``, ``winner``/``returns()``, ``undo()``;
misuse gets an error that says what to do.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from pyengine import (
    BIT93,
    BidAction,
    Card,
    CardParseError,
    GameState,
    IllegalAction,
    PlayAction,
    RandomPlayer,
    RefPlayer,
    Suit,
    parse_card,
    play_game,
    preset,
)
from pyengine.core.game import PLAY_ACTIONS


def test_a_card_prints_in_contract_notation_and_reads_back():
    jd = Card(14)
    assert (str(jd), repr(jd), f"{jd}") == ("JD", "JD", "JD")
    assert repr([Card(0), Card(23), Card(32)]) == "[9S, AC, XX]"
    assert Card("jd") is jd and Card("J♦") is jd and parse_card(jd) is jd and Card(jd) is jd
    assert Card("10♥") == Card("TH") == 7 and int(jd) == 14
    assert (jd.suit, jd.rank, jd.label) == (2, 2, "J♦")
    with pytest.raises(ValueError, match="not a card code"):
        Card(33)
    with pytest.raises(CardParseError, match="unknown suit"):
        Card("JX")


def test_a_suit_prints_as_its_letter_with_symbol_and_word():
    d = Suit(2)
    assert (str(d), repr(d), d.symbol, d.word) == ("D", "D", "♦", "diamonds")
    assert Suit("♦") is d and Suit("diamonds") is d and Suit("d") is d and Suit(d) is d
    assert Card("QD").suit is d
    with pytest.raises(ValueError, match="not a suit"):
        Suit(4)


def test_actions_print_in_words_and_their_reprs_show_cards_and_suits():
    a = BidAction("order", "H", True)
    assert str(a) == "order up alone"
    assert repr(a) == "BidAction(call='order', suit=H, alone=True, tricks=None)"
    assert a == BidAction("order", 1, True) and a.suit is Suit(1)
    assert PlayAction("JD") == PLAY_ACTIONS[14] and repr(PlayAction(14)) == "PlayAction(card=JD)"
    assert str(PlayAction("10h")) == "play TH"


def test_a_seat_view_shows_cards_by_name():
    v = GameState.new(BIT93, 4711).view(0)
    assert "hand=(QD, 9D, QC, 9S, 9H)" in repr(v) and "upcard=KH" in repr(v)
    assert v.up_suit is Suit("H")


def _random_states(games: int, seed: int):
    rng = random.Random(seed)
    for n in range(games):
        rules = BIT93 if n % 2 == 0 else preset("standard")
        g = GameState.new(rules, rng.randrange(65536))
        while not g.over:
            yield g
            g.apply(rng.choice(g.legal_actions()))


def test_every_legal_action_parses_back_from_its_words():
    checked = 0
    for g in _random_states(20, 1):
        for a in g.legal_actions():
            assert g.parse_action(str(a)) == a
            assert g.parse_action(str(a).upper()) == a
            checked += 1
    print(f"{checked:,} legal actions parsed back from their words")
    assert checked > 2000


def test_parse_action_takes_a_card_alone_and_names_the_legal_ones_otherwise():
    g = GameState.new(BIT93, 4711)
    while g.phase.value != "play":
        g.apply(g.legal_actions()[-1])
    card = g.legal_actions()[0].card
    assert g.parse_action(str(card).lower()) == PlayAction(card)
    with pytest.raises(IllegalAction, match="legal: play "):
        g.parse_action("order up")


def test_clone_is_independent():
    g = GameState.new(BIT93, 7)
    g.apply(g.legal_actions()[0])
    h = g.clone()
    before = (list(g.events), [list(x) for x in g.hands], g.turn, g.rng.state)
    while not h.over:
        h.apply(h.legal_actions()[-1])
    assert (g.events, g.hands, g.turn, g.rng.state) == before
    for a in h.actions[len(g.actions):]:
        g.apply(a)
    assert g.events == h.events and g.total == h.total


def _snapshot(g: GameState) -> tuple:
    return ([e.to_json() for e in g.events], g.phase, g.turn, [list(h) for h in g.hands],
            g.rng.state, list(g.total), [str(a) for a in g.legal_actions()])


def test_undo_takes_back_each_action_to_the_first_deal():
    g = GameState.new(BIT93, 31)
    players = [RandomPlayer(s) for s in range(4)]
    shots = []
    while not g.over:
        shots.append(_snapshot(g))
        g.apply(players[g.turn].decide(g.view(g.turn)))
    applied = list(g.actions)
    for a in reversed(applied):
        assert g.undo() == a
        assert _snapshot(g) == shots.pop()
    print(f"{len(applied)} actions undone, each back to the state before it")
    with pytest.raises(IllegalAction, match="nothing to undo"):
        g.undo()


def test_is_terminal_winner_and_returns_per_team():
    g = GameState.new(BIT93, 4711)
    assert (g.is_terminal, g.winner, g.returns()) == (False, None, (0.0, 0.0))
    g = play_game(BIT93, 4711, [RefPlayer()] * 4)
    won = [t >= BIT93.target for t in g.total]     # whatever ref played: one side is there
    assert g.is_terminal and won.count(True) == 1
    w = won.index(True)
    assert (g.winner, g.returns()) == (w, (1.0, 0.0) if w == 0 else (0.0, 1.0))


def test_misuse_gets_an_error_that_says_what_to_do():
    g = GameState.new(BIT93, 4711)
    with pytest.raises(TypeError, match=r"not str 'pass'; g.parse_action\('pass'\) reads one"):
        g.apply("pass")
    with pytest.raises(ValueError, match=r"seat 7: this game's seats are 0-3 \(0 South"):
        g.view(7)
    with pytest.raises(ValueError, match="seats are 0-3"):
        g.view(True)
    g.apply(g.parse_action("pass"))
    with pytest.raises(IllegalAction, match="cannot play a card now"):
        g.apply(PlayAction("AC"))


def _fields(v) -> dict:
    return {f.name: getattr(v, f.name) for f in dataclasses.fields(v) if f.name != "_source"}


def test_a_view_keeps_what_the_seat_saw_when_it_was_made():
    """GameState.view fills some fields on first reading (issue 13): a view read only
    after the game moved on still shows the game as it was when the view was made."""
    rng = random.Random(3)
    checked = 0
    for seed in range(30):
        g = GameState.new(BIT93, seed)
        while not g.over:
            seat = rng.randrange(4)
            now = _fields(g.clone().view(seat))        # read at once
            late = g.view(seat)                        # read after the game changes
            g.apply(rng.choice(g.legal_actions()))
            assert _fields(late) == now, (seed, len(g.actions))
            checked += 1
    print(f"{checked:,} views read after the next action, all as made")
