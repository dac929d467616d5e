"""Learned bidding (issue 41 item 2): the generator's values, the fit, the model's bids."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import pytest

from pyengine.core.cards import Card, parse_card, suit_of
from pyengine.core.events import NAME, ORDER, PASS
from pyengine.core.game import PASS_ACTION, GameState, Phase, bid_action
from pyengine.core.rules import BIT93, STANDARD
from pyengine.measure.arena import PlayerSpecError, make_player
from pyengine.measure.bidcorrect import cautioned, corrected, loner_bias
from pyengine.measure.bidlearn import (
    Fitter,
    PointsSolver,
    Situation,
    _best_pair,
    capped_value,
    evaluate,
    main,
    rollout,
    situation_values,
    situations,
)
from pyengine.players.bidmodel import (
    FEATURES,
    N_FEATURES,
    NEVER,
    BidTable,
    features,
    group_index,
    hand_score,
    learned_bid,
    score_bucket,
)
from pyengine.players.pimc import _Solvers, play_contract
from pyengine.players.player import RefPlayer, ref_bid
from pyengine.players.solver import Solver, to_mask
from pyengine.players.worlds import knowledge, legal_bids, sample_worlds


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(t) for t in text.split())


# --- values ------------------------------------------------------------------------

def test_capped_value_counts_no_point_past_the_target():
    # a march (2) is worth 1 to a side that needs 1; a euchre (2) costs 1 when they need 1
    assert capped_value(BIT93, (0, 0), 0, 0, 5, False) == 2
    assert capped_value(BIT93, (9, 0), 0, 0, 5, False) == 1
    assert capped_value(BIT93, (9, 0), 0, 0, 5, True) == 1
    assert capped_value(BIT93, (0, 9), 0, 0, 2, False) == -1
    assert capped_value(BIT93, (0, 0), 1, 0, 2, False) == 2       # seat 1 euchred seat 0
    assert capped_value(BIT93, (0, 0), 0, 2, 5, True) == 4         # my partner alone
    assert capped_value(BIT93, (0, 0), 0, 3, 5, True) == -4


def test_points_solver_rounds_the_exact_count_to_where_points_change():
    rng = random.Random(41)
    for _ in range(60):
        deck = list(range(24))
        rng.shuffle(deck)
        hands = [deck[5 * s:5 * s + 5] for s in range(4)]
        trump, makers, leader = rng.randrange(4), rng.randrange(2), rng.randrange(4)
        masks = [to_mask([Card(c) for c in h], trump) for h in hands]
        exact = Solver(trump, makers).tricks(masks, leader)
        want = 0 if exact < 3 else (5 if exact == 5 else 3)
        assert PointsSolver(trump, makers, ()).tricks(masks, leader) == want


def _view(rnd: int, seat: int, hand: str, up: str = "JS", dealer: int = 0,
          rules=BIT93, total=(0, 0)):
    upcard = parse_card(up)
    return SimpleNamespace(seat=seat, dealer=dealer, upcard=upcard, round=rnd,
                           hand=_cards(hand), total=total, rules=rules, bids=(),
                           legal=legal_bids(rules, rnd, seat, dealer, suit_of(upcard)))


def test_rollout_lets_my_own_later_bid_come_from_the_model_not_the_world():
    seen = []

    def bidder(v):
        seen.append((v.round, v.seat))
        return bid_action(NAME, 1, False) if (v.round, v.seat) == (2, 1) else PASS_ACTION

    def contract(rnd, trump, maker, alone):
        return 10 * rnd + maker

    v = _view(1, 1, "9S TS QS KS AS")
    assert rollout(v, [[]] * 4, bidder, contract) == 21     # my own round-2 call
    # the auction after seat 1's pass: 2, 3, 0 in round 1, then 1 again in round 2
    assert seen == [(1, 2), (1, 3), (1, 0), (2, 1)]
    seen.clear()
    # the dealer's pass in round 2 ends a Bit #93 hand: nothing more is asked
    assert rollout(_view(2, 0, "9S TS QS KS AS"), [[]] * 4, bidder, contract) == 0.0
    assert seen == []


def _oracle_values(v, worlds: int, seed: int) -> list[float]:
    """The values written out the long way: exact trick counts, ref's bids after a pass."""
    sample = sample_worlds(v, knowledge(v), random.Random(seed), worlds, 0.1, 2.0, 4)
    sums = [0.0] * len(v.legal)
    for w in sample:
        def value(rnd, trump, maker, alone, w=w):
            t = play_contract(v.rules, w.hands, v.dealer, v.upcard, rnd, trump, maker,
                              alone, _Solvers())
            pts = v.rules.hand_points(maker & 1, t, alone)
            me = v.seat & 1
            return (min(pts[me], v.rules.target - v.total[me])
                    - min(pts[1 - me], v.rules.target - v.total[1 - me]))
        for i, a in enumerate(v.legal):
            if a.call != PASS:
                sums[i] += value(v.round, a.suit, v.seat, a.alone)
                continue
            seat, rnd, got = v.seat, v.round, 0.0
            while True:
                if seat == v.dealer:
                    if rnd == 2:
                        break
                    rnd = 2
                seat = (seat + 1) % 4
                legal = legal_bids(v.rules, rnd, seat, v.dealer, suit_of(v.upcard))
                b = ref_bid(SimpleNamespace(seat=seat, dealer=v.dealer, upcard=v.upcard,
                                            round=rnd, hand=tuple(w.hands[seat]), legal=legal,
                                            bids=(), total=v.total, rules=v.rules))
                if b.call != PASS:
                    got = value(rnd, b.suit, seat, b.alone)
                    break
            sums[i] += got
    return [s / len(sample) for s in sums]


@pytest.mark.parametrize("rules", [BIT93, STANDARD])
def test_situation_values_equal_the_values_written_out_the_long_way(rules):
    checked = 0
    for _number, _g, v in situations(rules, ref_bid, 5):
        if (v.round, checked) == (1, 0) or (v.round == 2 and checked == 1) or checked > 1:
            seed = 1000 + checked
            assert situation_values(v, ref_bid, 6, seed) == pytest.approx(
                _oracle_values(v, 6, seed))
            checked += 1
        if checked == 4:
            break


def test_situations_are_every_bid_with_a_choice_in_real_auctions():
    rounds, places = set(), set()
    for n, (_number, g, v) in enumerate(situations(BIT93, ref_bid, 0)):
        assert g.phase in (Phase.BID1, Phase.BID2) and len(v.legal) > 1
        rounds.add(v.round)
        places.add((v.seat - v.dealer) & 3)
        if n == 200:
            break
    assert rounds == {1, 2} and places == {0, 1, 2, 3}


# --- the model ------------------------------------------------------------------------

def test_features_count_the_trumps_aces_voids_and_the_upcard():
    # hearts trump: right (JH), left (JD), AH, AS, 9C; voids: diamonds (the JD is trump)
    x = features(_cards("JH JD AH AS 9C"), 1, 1, 1, parse_card("KH"))
    want = dict.fromkeys(FEATURES, 0)
    want.update({"right": 1, "left": 1, "trump A": 1, "off aces": 1, "voids": 1,
                 "trumps": 3, "upcard": -4})          # an opponent's upcard: K = rank 3 + 1
    assert x == [want[f] for f in FEATURES]
    assert features(_cards("JH JD AH AS 9C"), 1, 2, 1, parse_card("KD"))[-1] == 1   # next


def _table(call: int, alone: int) -> BidTable:
    weights = (2, 2, 2, 3, 4, 5, 6, 2, 1, 1, 0, 0, 0)
    return BidTable(weights, (call,) * 24, (alone,) * 24)


def test_learned_bid_passes_calls_and_goes_alone_at_its_thresholds():
    v = _view(1, 1, "JS JC AS KS 9H", up="9S")
    assert learned_bid(v, _table(NEVER, NEVER)) == PASS_ACTION
    assert learned_bid(v, _table(0, NEVER)) == bid_action(ORDER, 0, False)
    assert learned_bid(v, _table(0, 0)) == bid_action(ORDER, 0, True)
    # a score equal to a threshold reaches it
    sc = hand_score(v.hand, 0, 1, 1, v.upcard, BIT93, _table(0, 0).weights)
    assert learned_bid(v, _table(sc, sc)) == bid_action(ORDER, 0, True)
    assert learned_bid(v, _table(sc, sc + 1)) == bid_action(ORDER, 0, False)
    assert learned_bid(v, _table(sc + 1, sc + 1)) == PASS_ACTION
    # the stuck dealer (standard) may not pass: he names his best suit anyway
    stuck = _view(2, 0, "9H TH JC QD KD", up="9S", rules=STANDARD)
    assert PASS_ACTION not in stuck.legal
    assert learned_bid(stuck, _table(NEVER, NEVER)) == bid_action(NAME, 2, False)
    # the Canadian rule: the dealer's partner orders only alone, at the call threshold
    canadian = _view(1, 2, "JS JC AS KS 9H", up="9S")
    assert learned_bid(canadian, _table(0, NEVER)) == bid_action(ORDER, 0, True)


def test_score_buckets_and_groups():
    assert score_bucket((0, 0), 0, 10) == 0
    assert score_bucket((8, 9), 1, 10) == 1          # seat 1's side has 9
    assert score_bucket((8, 5), 1, 10) == 2
    assert sorted(group_index(r, p, b) for r in (1, 2) for p in range(4)
                  for b in range(3)) == list(range(24))


def test_ref_player_bids_with_the_learned_model_only_when_asked():
    g = GameState.new(BIT93, 3)
    v = g.view(g.turn)
    assert RefPlayer().decide(v) == ref_bid(v)
    learned = make_player("ref:bidmodel=learned")
    assert isinstance(learned, RefPlayer) and learned.bidmodel == "learned"
    assert make_player("ref:bidmodel=ref").bidmodel == ""
    assert make_player("variant:bidmodel=learned")._ref.bidmodel == "learned"
    with pytest.raises(PlayerSpecError, match="bidmodel=learned"):
        make_player("ref:bidmodel=best")


# --- the fit --------------------------------------------------------------------------

def test_best_pair_finds_the_call_and_alone_thresholds():
    bins = {0: [1.0, 0.0, -1.0], 4: [0.5, 0.0, -1.0], 5: [0.0, 1.0, 0.0],
            9: [-1.0, 0.0, 0.5], 10: [-1.0, 0.0, 2.0]}
    assert _best_pair(bins) == (5, 9)
    assert _best_pair({3: [1.0, 0.0, 0.0]}) == (NEVER, NEVER)      # never call


def _situation(x: list[int], values: tuple[float, float, float], game: int) -> Situation:
    return Situation("bit93", game, 1, 1, 0, [x], [values], True, values[0], max(values))


def test_fit_learns_a_weight_the_values_ask_for():
    # calling pays exactly when the hand holds an off king: ref's weights count none,
    # so only a weight on "off kings" separates the good calls from the bad
    king = FEATURES.index("off kings")
    sits = []
    for game in range(40):
        x = [0] * N_FEATURES
        x[FEATURES.index("trump A")] = 1
        x[king] = game % 2
        sits.append(_situation(x, (0.0, 1.0 if game % 2 else -1.0, -2.0), game))
    fitter = Fitter(sits, (2, 2, 2, 3, 4, 5, 6, 2, 1, 1, 0, 0, 0))
    table = fitter.descend(lambda s: None)
    assert table.weights[king] > 0
    assert evaluate(sits, table) == 20.0           # every king calls, every other passes


def test_the_caution_comes_off_the_calls_by_the_rules_round_and_seat():
    # the stuck dealer's table (pimc.STICK_CAUTION): 0.5 off the dealer's round-1 order,
    # 0.4 off his left's calls in both rounds, nothing elsewhere and nothing under Bit #93
    x = [0] * N_FEATURES

    def sit(family: str, rnd: int, position: int, ref_calls: bool) -> Situation:
        return Situation(family, 0, rnd, position, 0, [x], [(0.0, 0.3, 0.1)], True,
                         0.3 if ref_calls else 0.0, 0.3, ref_calls)

    dealer, left, partner = sit("stick", 1, 0, True), sit("stick", 2, 1, False), sit(
        "stick", 1, 2, True)
    r2_dealer = sit("stick", 2, 0, True)
    got = corrected([dealer, left, partner, sit("bit93", 1, 0, True), r2_dealer], True, {})
    assert got[0].values == [(0.0, pytest.approx(-0.2), pytest.approx(-0.4))]
    assert got[0].ref_value == pytest.approx(-0.2) and got[0].best_value == 0.0
    assert got[1].values == [(0.0, pytest.approx(-0.1), pytest.approx(-0.3))]
    assert got[1].ref_value == 0.0                      # ref passed: no caution on it
    assert got[2] == partner and got[3].values == [(0.0, 0.3, 0.1)] and got[4] == r2_dealer
    assert cautioned(dealer, 0.0) is dealer


def test_a_loner_correction_counts_on_loners_and_on_ref_s_own_loner():
    x = [0] * N_FEATURES
    s = Situation("stick", 0, 1, 2, 0, [x], [(0.0, 0.3, 0.1)], True, 0.1, 0.3, True, True)
    got = cautioned(s, 0.0, 0.28)
    assert got.values == [(0.0, 0.3, pytest.approx(0.38))]
    assert got.ref_value == pytest.approx(0.38) and got.best_value == pytest.approx(0.38)
    plain = Situation("stick", 0, 1, 0, 0, [x], [(0.0, 0.3, 0.1)], True, 0.3, 0.3, True)
    assert cautioned(plain, 0.5, 0.28).ref_value == pytest.approx(-0.2)   # no loner
    bit93 = replace(s, family="bit93")
    assert corrected([s, bit93], False, {"stick": 0.28}) == [got, bit93]


def _row(game: int, values: list[float]) -> str:
    return json.dumps({"game": game, "hand": 1, "rules": "standard", "seat": 1, "dealer": 0,
                       "round": 1, "upcard": 3, "hand_cards": [0, 1, 2, 4, 5],
                       "total": [0, 0], "legal": [["pass", None, False], ["order", 0, False],
                                                  ["order", 0, True]], "values": values})


def test_the_loner_bias_compares_strong_loners_of_the_same_situations(tmp_path: Path, capsys):
    solver, played = tmp_path / "s.jsonl", tmp_path / "p.jsonl"
    # strong loners (>= 1 by the solver): ref's play gains 0.4 and 0.2 more over the call;
    # the weak one (0.5) is left out
    solver.write_text("\n".join([_row(1, [0.0, 1.0, 2.0]), _row(2, [0.0, 1.0, 1.0]),
                                  _row(3, [0.0, 0.2, 0.5])]) + "\n")
    played.write_text("\n".join([_row(1, [0.0, 1.0, 2.4]), _row(2, [0.0, 0.8, 1.0]),
                                  _row(3, [0.0, 0.0, 9.0])]) + "\n")
    bias = loner_bias(solver, played)
    assert bias.n == 2 and bias.mean == pytest.approx(0.3)
    assert main(["loner", str(solver), str(played)]) == 0
    assert "over 2 strong hands" in capsys.readouterr().out
    played.write_text(_row(9, [0.0, 1.0, 2.4]) + "\n")
    assert main(["loner", str(solver), str(played)]) == 2
    err = capsys.readouterr().err.strip()
    assert "line 1: not the same situation" in err and "\n" not in err


def test_generate_is_reproducible_and_the_fit_reads_it(tmp_path: Path, capsys):
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    for out in (a, b):
        assert main(["generate", "--n", "90", "--seed", "7", "--worlds", "1",
                     "--out", str(out)]) == 0
    assert a.read_bytes() == b.read_bytes()
    rows = [json.loads(line) for line in a.read_text().splitlines()]
    assert len(rows) == 90 and all(len(r["values"]) == len(r["legal"]) for r in rows)
    table = tmp_path / "table.py"
    assert main(["fit", str(a), "--write", str(table)]) == 0
    assert "TABLES = {" in table.read_text()
    assert "fitted on (even games)" in capsys.readouterr().out
    assert main(["fit", str(a), "--caution", "--loner", "bit93=0.28", "--write", str(table)]) == 0
    words = " ".join(table.read_text().replace("\\", "").split())
    assert "--caution --loner bit93=0.28 --write" in words
    capsys.readouterr()
    one_game = tmp_path / "one.jsonl"
    one_game.write_text("\n".join(a.read_text().splitlines()[:5]) + "\n")
    assert main(["fit", str(one_game)]) == 2
    assert "both even and odd" in capsys.readouterr().err


def test_bad_files_give_one_line(tmp_path: Path, capsys):
    assert main(["fit", str(tmp_path / "missing.jsonl")]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("bidlearn: ") and "missing.jsonl" in err and "\n" not in err
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"game": 1}\n')
    assert main(["fit", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert f"{bad}:1: not a bidlearn situation" in err and "\n" not in err


def test_finish_scores_the_hand_as_the_game_does():
    # played on the real cards, the hand's capped value is the game's own Score
    from pyengine.core.events import Score
    from pyengine.measure.bidlearn import _finish
    ref = RefPlayer()
    checked = 0
    for _number, g, v in situations(STANDARD, ref_bid, 11):
        got = _finish(g.clone(), v, ref_bid, ref)
        real, seen, hand = g.clone(), len(g.events), g.hand_no
        want = 0.0
        while real.hand_no == hand and not real.over:
            real.apply(ref.decide(real.view(real.turn)))
            for e in real.events[seen:]:
                if isinstance(e, Score):
                    want = (
                        min(e.points[v.seat & 1], 10 - v.total[v.seat & 1])
                        - min(e.points[1 - (v.seat & 1)], 10 - v.total[1 - (v.seat & 1)]))
            seen = len(real.events)
        assert got == want
        checked += 1
        if checked == 30:
            break


def test_generate_with_ref_card_play_values_every_legal_bid(tmp_path: Path):
    out = tmp_path / "ref.jsonl"
    assert main(["generate", "--n", "6", "--seed", "2", "--worlds", "2", "--play", "ref",
                 "--rules", "standard", "--out", str(out)]) == 0
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(rows) == 6
    for r in rows:
        assert len(r["values"]) == len(r["legal"])
        assert all(-4 <= x <= 4 for x in r["values"])


def test_generate_refuses_bad_arguments(tmp_path: Path, capsys):
    with pytest.raises(SystemExit) as exc:
        main(["generate", "--n", "0", "--out", str(tmp_path / "x.jsonl")])
    assert exc.value.code == 2
    assert "--n and --worlds must be at least 1" in capsys.readouterr().err
