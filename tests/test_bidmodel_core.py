"""HARD's bids on the 6502 (asm/bidmodel.oph): pyengine's learned bidding model
(pyengine/players/bidmodel.py, issue 41 item 2), decision for decision, under every
classic rule set; its tables (asm/bidtable.oph) are pyengine/players/bidtable.py's;
the levels choose their bids by a data byte (asm/levels.oph lvl_bid_model,
c64levels.LEVEL_BIDMODEL) and NORMAL still bids by the thresholds."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from pyengine.core.game import GameState
from pyengine.core.rules import BIT93, PRESETS, apply_options
from pyengine.players import bidtable
from pyengine.players import c64levels as lv
from pyengine.players.bidmodel import LEARNED
from pyengine.players.varplayer import VariantPlayer
from tests.patching import patched
from tools.gamecore.bidmodel_check import (
    CI_CASES,
    BidCore,
    bucket_differences,
    check,
    check_other_tables,
)
from tools.gamecore.core import Core
from tools.gamecore.crosscheck import compare_game
from tools.machine.harness import C64, REAL_FRAME_CYCLES
from tools.program import bidtable as generator
from tools.program.c64map import Symbols

PRG = Path("build/euchre.prg")
PATHS = ("bucket 0", "bucket 1", "bucket 2", "pass", "call", "alone",
         "stuck: calls below the threshold", "the other alone-ness",
         "the dealer discards the upcard",
         *(f"round {r} position {p}" for r in (1, 2) for p in range(4)))

# Whole games at HARD (its bids are the learned model's from the first hand) under
# classic rule sets the levels' own runs (tests/test_c64_levels.py) do not play:
# each discard rule with and without stick the dealer, no loner by choice under the
# Canadian rule (its forced loner the only one), targets near and far
GAME_RUNS = [
    ("bit93 any-discard target 5",
     apply_options(BIT93, {"dealer_discard": "any", "target": 5}), (3, 4)),
    ("standard same-suit no stick",
     apply_options(PRESETS["standard"], {"dealer_discard": "same_suit",
                                         "stick_the_dealer": False}), (5, 6)),
    ("standard Canadian, no loner by choice",
     apply_options(PRESETS["standard"], {"canadian_rule": True, "alone_allowed": False}),
     (7, 8)),
    ("bit93 stick target 15", apply_options(BIT93, {"stick_the_dealer": True, "target": 15}),
     (9,)),
]


@pytest.fixture(scope="module")
def c64() -> C64:
    return C64.from_build()


def _image_bytes(label: str, n: int) -> list[int]:
    data = PRG.read_bytes()
    load = data[0] | data[1] << 8
    start = Symbols.from_map(PRG.with_suffix(".map")).address(label) - load + 2
    return list(data[start:start + n])


# --- the tables -------------------------------------------------------------------------

def test_the_6502s_tables_are_bidtable_py() -> None:
    assert (Path("asm") / "bidtable.oph").read_text(encoding="utf-8") == generator.render()
    fams = [bidtable.TABLES[f] for f in generator.FAMILIES]
    assert _image_bytes("bm_weights", 26) == [w & 0xFF for t in fams for w in t.weights]
    assert _image_bytes("bm_call", 48) == [w & 0xFF for t in fams for w in t.call]
    assert _image_bytes("bm_alone", 48) == [w & 0xFF for t in fams for w in t.alone]


def test_a_refitted_table_makes_the_oph_stale(monkeypatch, capsys) -> None:
    """A fit that writes new numbers to bidtable.py and not asm/bidtable.oph is seen; a
    weight whose scores would leave a signed byte is refused with one line."""
    t = bidtable.TABLES["stick"]
    refit = dict(bidtable.TABLES, stick=dataclasses.replace(
        t, weights=(t.weights[0] + 1, *t.weights[1:])))
    monkeypatch.setattr(generator, "TABLES", refit)
    assert generator.main(["--check"]) == 1
    assert "differs" in capsys.readouterr().err
    huge = dict(bidtable.TABLES, stick=dataclasses.replace(t, weights=(40,) * 13))
    monkeypatch.setattr(generator, "TABLES", huge)
    assert generator.main(["--check"]) == 1
    assert "past a signed byte" in capsys.readouterr().err


def test_the_levels_bid_models_are_data() -> None:
    """HARD bids by the learned model, EASY and NORMAL by the thresholds, on both machines."""
    assert _image_bytes("lvl_bid_model", 3) == [0, 0, 1]
    assert lv.LEVEL_BIDMODEL == {"easy": "", "normal": "", "hard": LEARNED}
    assert lv.c64_player("hard")._normal._ref.bidmodel == LEARNED
    assert lv.c64_player("normal")._ref.bidmodel == ""


# --- the 6502's bids --------------------------------------------------------------------

def test_the_6502s_learned_bids_are_learned_bid(c64, capsys) -> None:
    """CI_CASES random situations of the classic rule sets: HARD's bid, the features of
    the last suit scored, the dealer's hand put back, NORMAL's bid; every way of
    learned_bid taken (the buckets, each round and position, pass, call, alone, the
    stuck dealer's call, the other alone-ness, the upcard discarded)."""
    rep = check(BidCore(c64), CI_CASES, seed=41)
    with capsys.disabled():
        print(f"\n  learned bids: {rep.line()}")
    assert rep.ok, rep.first
    missing = [p for p in PATHS if rep.paths[p] == 0]
    assert not missing
    assert rep.worst < REAL_FRAME_CYCLES


def test_the_port_holds_for_any_fitted_table(c64) -> None:
    """Random tables poked into the image (every weight, the upcard's negative too,
    thresholds with NEVER): the bids are learned_bid's with them, and the committed
    tables are back after."""
    rep = check_other_tables(BidCore(c64), 2_000, seed=42)
    assert rep.ok, rep.first
    assert rep.worst < REAL_FRAME_CYCLES
    fams = [bidtable.TABLES[f] for f in generator.FAMILIES]
    assert list(c64.read_label("bm_weights", 26)) == [w & 0xFF for t in fams for w in t.weights]


def test_the_score_bucket_for_every_total(c64) -> None:
    """Signed totals, the subtraction's overflow included, on both sides."""
    assert bucket_differences(BidCore(c64)) == []


def _mutant(tmp_path: Path, label: str, pattern, at: int, value: int) -> C64:
    prg = patched(tmp_path, label, pattern, at, value, window=400)
    return C64(prg, prg.with_suffix(".map"))


def _after_best(symbols: Symbols) -> bytes:
    """bm_bid's round 2: SBC zp_ai_best, BEQ _skip."""
    return bytes([0xE5, symbols.address("zp_ai_best"), 0xF0])


@pytest.mark.parametrize("what,label,pattern,at,value", [
    # round 2's ties to the highest suit: BEQ _skip (score = best) becomes a BEQ +0
    ("ties to the highest suit", "bm_bid", _after_best, 3, 0),
    # the bucket "my side close" from target - 3: SBC #2 becomes SBC #3
    ("a wrong bucket", "bm_bucket", bytes([0xE9, 0x02]), 1, 3),
    # the voids from one trump: CMP #VOID_MIN_TRUMPS becomes CMP #1
    ("voids from one trump", "bm_features", bytes([0xC9, 0x02]), 1, 1),
])
def test_a_wrong_port_is_seen(tmp_path, what, label, pattern, at, value) -> None:
    rep = check(BidCore(_mutant(tmp_path, label, pattern, at, value)), 2_000, seed=41)
    assert not rep.ok, what


def test_a_wrong_overflow_of_the_bucket_is_seen(tmp_path) -> None:
    """bm_bucket's second compare's overflow fix EOR #$80 made EOR #$7F (the mutation
    run's survivor: no random situation's totals overflowed there and changed the bid)."""
    def second_compare(symbols: Symbols) -> bytes:     # EOR #1 ... EOR #$80
        total, tmp = symbols.address("total"), symbols.address("zp_ai_tmp")
        return bytes([0x49, 0x01, 0xAA, 0xBD, total & 0xFF, total >> 8, 0x38, 0xE5, tmp,
                      0x50, 0x02, 0x49, 0x80])

    core = BidCore(_mutant(tmp_path, "bm_bucket", second_compare, 12, 0x7F))
    assert bucket_differences(core)


def test_a_wrong_negative_feature_is_seen_under_other_tables(tmp_path) -> None:
    """bm_dot's loop for a negative feature (the upcard's) with INX, BNE _minus made
    INX, BEQ _minus: the committed tables weigh the upcard 0, so only other tables
    see it (the mutation run's one survivor before check_other_tables)."""
    core = BidCore(_mutant(tmp_path, "bm_dot", bytes([0xE8, 0xD0]), 1, 0xF0))
    assert check(core, 2_000, seed=41).ok
    assert not check_other_tables(core, 2_000, seed=42).ok


def test_a_weight_off_by_one_is_seen(tmp_path) -> None:
    data = bytearray(PRG.read_bytes())
    load = data[0] | data[1] << 8
    symbols = Symbols.from_map(PRG.with_suffix(".map"))
    data[symbols.address("bm_weights") - load + 2 + 7] += 1     # bit93's off aces
    broken = tmp_path / "weights.prg"
    broken.write_bytes(bytes(data))
    broken.with_suffix(".map").write_bytes(PRG.with_suffix(".map").read_bytes())
    rep = check(BidCore(C64(broken, broken.with_suffix(".map"))), 2_000, seed=41)
    assert not rep.ok


# --- whole games ------------------------------------------------------------------------

@pytest.fixture(scope="module")
def core() -> Core:
    return Core(PRG)


@pytest.mark.parametrize("name,rules,seeds", GAME_RUNS, ids=[r[0] for r in GAME_RUNS])
def test_hard_games_bid_as_c64hard(core, name, rules, seeds) -> None:
    for seed in seeds:
        for human in (False, True):
            mismatch, _ = compare_game(core, seed, human, rules, "hard")
            assert mismatch is None, mismatch.report()


def test_hard_bids_otherwise_than_normal() -> None:
    """The learned model is what HARD bids with: in c64hard's own games some of its bids
    differ from NORMAL's in the same position."""
    hard, normal = lv.c64_player("hard"), VariantPlayer()
    differ = bids = 0
    for seed in range(4):
        g = GameState.new(BIT93, seed)
        while not g.over:
            v = g.view(g.turn)
            action = hard.decide(v)
            if v.phase.name in ("BID1", "BID2"):
                bids += 1
                differ += action != normal.decide(v)
            g.apply(action)
    assert bids > 50 and differ >= 5
