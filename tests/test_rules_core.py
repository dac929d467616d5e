"""The 6502 core's rules block (issue 25, step 1): its layout, Bit #93's defaults, the
shell's spelling on the 6502 commands, and the rules the core does not play yet.

The cross-check of whole games under web and the option matrix is CI's plan
(tools/gamecore/ci_plan.py, run by tests/test_crosscheck.py and by the mutants' judge).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from click.testing import CliRunner

from pyengine.core.rules import BIT93, WEB, Bidding
from pyengine.records.replay import judge
from pyengine.records.transcript import loads
from tools.commands.cli import cli
from tools.gamecore.ci_plan import default_rules_problem
from tools.gamecore.core import Core
from tools.gamecore.rules_block import FIELDS, RulesChoiceError, encode, from_cli, unplayable
from tools.program.c64map import Symbols

PRG = Path("build/euchre.prg")


def test_the_block_is_laid_out_field_by_field_in_the_documented_order():
    """One byte a field, contiguous, in FIELDS' order (docs/design.md's table)."""
    symbols = Symbols.from_map(PRG.with_suffix(".map"))
    start = symbols.address("rules_block")
    assert [symbols.address(label) - start for label, _ in FIELDS] == list(range(len(FIELDS)))
    assert symbols.address("rules_block_end") - start == len(FIELDS)


def test_rules_bit93_writes_bit93s_block():
    """The core's Bit #93 default (the front end copies the same table at start-up:
    tests/test_options_screen.py test_power_on_ram_gives_bit93_s_game): on a machine
    whose block holds web's rules, rules_bit93 puts back exactly encode(BIT93) (the
    mutants' asm judge runs the same check)."""
    assert default_rules_problem(PRG) is None


def test_encoding_follows_the_rules():
    block = encode(from_cli("standard", ("target=7", "points_euchre=3",
                                         "canadian_loner=true")))
    assert block["rules_target"] == 7 and block["rules_pts_euchre"] == 3
    assert block["rules_canadian_loner"] == 1 and block["rules_stick"] == 1
    assert block["rules_first_dealer"] == 1 and block["rules_discard"] == 1
    assert encode(BIT93)["rules_canadian"] == 1 and encode(WEB)["rules_canadian"] == 0


@pytest.mark.parametrize("rules_name, options, words", [
    ("standard", ("defend_alone=true", "points_defend_alone=0", "target=50"),
     "points_defend_alone=0"),
    ("standard", ("points_made=0", "target=50"), "255 hands"),
    ("nosuch", (), "unknown rules preset"),
    ("web", ("stick=true",), "unknown option"),
])
def test_rules_the_core_does_not_play_are_refused(rules_name, options, words):
    with pytest.raises(RulesChoiceError, match=words):
        from_cli(rules_name, options)
    args = ["crosscheck", "--games", "1", "--rules", rules_name]
    for o in options:
        args += ["-o", o]
    r = CliRunner().invoke(cli, args)
    assert r.exit_code == 2 and words in r.output and "Traceback" not in r.output


def test_core_play_refuses_them_too():
    rules = from_cli("standard", ())
    assert unplayable(rules) == []
    with pytest.raises(ValueError, match="Bid Euchre"):
        Core(PRG).play(1, rules=dataclasses.replace(rules, bidding=Bidding.SIX_CARD_BID))


def test_c64_auto_web_transcript_is_accepted_by_replay(tmp_path):
    """euchre c64 --auto --rules web: the 6502's own game under web's rules, written as a
    transcript that names them, which euchre replay accepts (its rules judge it)."""
    out = tmp_path / "web.json"
    r = CliRunner().invoke(cli, ["c64", "--auto", "--rules", "web", "--seed", "2017",
                                 "--transcript", str(out)])
    assert r.exit_code == 0, r.output
    t = loads(out.read_text())
    assert (t.rules, t.options, t.seed) == ("web", {}, 2017)
    assert t.events[0] == {"ev": "first_dealer", "cards": [], "dealer": t.events[0]["dealer"]}
    judge(t)


def test_c64_auto_options_transcript_records_them(tmp_path):
    out = tmp_path / "opts.json"
    r = CliRunner().invoke(cli, ["c64", "--auto", "--rules", "standard", "-o", "target=5",
                                 "-o", "canadian_loner=true", "--seed", "3",
                                 "--transcript", str(out)])
    assert r.exit_code == 0, r.output
    t = loads(out.read_text())
    assert t.options == {"target": 5, "canadian_loner": True}
    end = judge(t)
    assert max(end.total) >= 5


def test_c64_without_auto_sets_the_rules_on_the_options_screen():
    """(tests/test_options_screen.py plays and records them.)"""
    r = CliRunner().invoke(cli, ["c64", "--rules", "web"], input="")
    assert r.exit_code == 0 and "RULES WEB" in r.output


def test_budget_per_rule_set():
    """euchre budget --rules web -o target=1: both games end after their first hand
    (web never passes a hand out), so one deal each is measured - under Bit #93's
    rules there would be many."""
    r = CliRunner().invoke(cli, ["budget", "--games", "2", "--rules", "web", "-o", "target=1"])
    assert r.exit_code == 0, r.output
    assert "rules web -o target=1" in r.output and "| computer bid |" in r.output
    assert "| shuffle + deal | 2 |" in r.output


def test_hand_points_with_other_points():
    """The scoring table rules_setup builds from the block's points: every trick count,
    alone or not, both maker teams, under standard -o points_made=2 -o points_march=3
    -o points_lone_march=5 -o points_euchre=1."""
    from tools.gamecore.primitives import check_hand_points
    from tools.machine.harness import C64

    rules = from_cli("standard", ("points_made=2", "points_march=3", "points_lone_march=5",
                                  "points_euchre=1"))
    rep = check_hand_points(C64(PRG, PRG.with_suffix(".map")), rules)
    assert rep.cases == 24 and rep.ok, rep.first
