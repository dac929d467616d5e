"""The 6502 game core against pyengine, whole games, event by event (issue 4)."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from pyengine.core.rules import PRESETS
from pyengine.records.replay import judge
from pyengine.records.transcript import loads
from tools.commands.cli import cli
from tools.gamecore.ci_plan import PATHS, RULE_PATHS, Run, RunResult, check_run, ci_runs
from tools.gamecore.core import Core, CoreError
from tools.gamecore.crosscheck import crosscheck, python_events
from tools.machine.harness import REAL_FRAME_CYCLES
from tools.program.c64map import Symbols

PRG = Path("build/euchre.prg")
RUNS = ci_runs()    # tools/gamecore/ci_plan.py: the same plan judges the mutants (docs/mutants.md)


@pytest.fixture(scope="module")
def plan_results() -> dict[str, RunResult]:
    """Every run of CI's cross-check plan, played once for all the tests below."""
    return {run.name: check_run(PRG, run) for run in RUNS}


DECISION_OF = {"joker_suit": "joker"}     # the event a decision kind reports, by its name


def computer_decisions(run: Run) -> Counter:
    """pyengine's count of the computer's decisions in the run's games, by kind."""
    count: Counter = Counter()
    for seed in run.seeds:
        for e in python_events(seed, run.human, run.rules):
            kind = ("auction" if run.rules.bid6 and e["ev"] == "bid"
                    else DECISION_OF.get(e["ev"], e["ev"]))
            if e["ev"] in ("bid", "discard", "play", "redeal", "defend", "declare",
                           "joker_suit") and not (run.human and e["seat"] == 0):
                count[kind] += 1
    return count


@pytest.mark.parametrize("run", RUNS, ids=[r.name for r in RUNS])
def test_6502_games_identical_to_pyengine(run, plan_results, capsys):
    result = plan_results[run.name]
    with capsys.disabled():
        print(f"\n  cross-check ({run.name}): {result.figures.games} games, "
              f"{result.figures.events:,} events compared")
    assert result.mismatch is None, result.mismatch.report()
    # the 6502's own AI entry points (trapped) ran once per computer decision pyengine
    # made, and deal_hand once per deal: not implied by equal events
    entries = Counter({k: len(v) for k, v in result.figures.decisions.items()})
    assert entries == computer_decisions(run)
    deals = sum(e["ev"] == "deal" for seed in run.seeds
                for e in python_events(seed, run.human, run.rules))
    assert len(result.figures.deal) == deals
    # every computer decision and every deal within one real PAL frame, under every
    # rule set (docs/performance.md has the figures)
    for kind, cycles in (*result.figures.decisions.items(), ("deal", result.figures.deal)):
        worst = cycles.worst() if len(cycles) else 0
        assert worst < REAL_FRAME_CYCLES, (kind, worst)


def test_the_plan_reaches_every_rare_path(plan_results):
    """Judged from the 6502's own events: round 2, going alone, the dealer's discard,
    the Canadian rule (each by the computer and by the random human), a passed-out
    hand and a game won at exactly 10."""
    reached = set().union(*(r.paths for r in plan_results.values()))
    assert PATHS <= reached, sorted(PATHS - reached)
    # and under web and the option matrix (issue 25): a stuck dealer naming trump and
    # discarding the upcard, an order-up loner's left or the dealer's left leading, a
    # game past a lowered target, the Canadian rule put back, a hand passed out where
    # stick the dealer is off
    assert RULE_PATHS <= reached, sorted(RULE_PATHS - reached)
    passed_out = [r for r in RUNS if "passed out" in plan_results[r.name].paths]
    assert {r.human for r in passed_out} == {False, True}


def test_the_plan_uses_several_power_on_patterns():
    assert {r.ram for r in RUNS} >= {"vice", "zeros", "ones", "random:1"}


def test_a_first_dealer_card_to_the_wrong_seat_is_caught(tmp_path):
    """deal.oph's ``jsr seat_of_card`` (seat = card index mod the seats) made ``and #4``:
    the transcript names no seats for these cards, the decoder must check them."""
    data = bytearray(PRG.read_bytes())
    symbols = Symbols.from_map(PRG.with_suffix(".map"))
    load = data[0] | data[1] << 8
    start = symbols.address("first_dealer") - load + 2
    seat_of = symbols.address("seat_of_card")
    jsr, txa, tax, and_imm, nop = 0x20, 0x8A, 0xAA, 0x29, 0xEA
    for i in range(start, start + 40):
        if data[i - 1] == txa and data[i:i + 4] == bytes([jsr, seat_of & 0xFF, seat_of >> 8,
                                                           tax]):
            data[i:i + 3] = bytes([and_imm, 4, nop])
            break
    else:
        raise AssertionError("first_dealer's seat mask not found")
    broken = tmp_path / "broken.prg"
    broken.write_bytes(bytes(data))
    shutil.copy(PRG.with_suffix(".map"), broken.with_suffix(".map"))
    mismatch, _ = crosscheck(broken, 3, start_seed=0, human=False, jobs=1)
    assert mismatch is not None
    assert "dealt face up to seat" in mismatch.c64_event["fault"], mismatch.report()


def _patched_prg(tmp_path: Path) -> Path:
    """build/euchre.prg with trick_winner's "is this card better?" test turned round."""
    data = bytearray(PRG.read_bytes())
    symbols = Symbols.from_map(PRG.with_suffix(".map"))
    load = data[0] | data[1] << 8
    start = symbols.address("trick_winner") - load + 2
    cmp_zp, bcc = 0xC5, 0x90
    tmp0 = symbols.address("zp_tmp0")
    for i in range(start, start + 60):
        if data[i] == cmp_zp and data[i + 1] == tmp0 and data[i + 2] == bcc:
            data[i + 2] = 0xB0          # BCC -> BCS: the lower card now wins
            break
    else:
        raise AssertionError("trick_winner's comparison not found")
    out = tmp_path / "broken.prg"
    out.write_bytes(bytes(data))
    shutil.copy(PRG.with_suffix(".map"), out.with_suffix(".map"))
    return out


def test_a_broken_trick_winner_is_caught(tmp_path):
    mismatch, _ = crosscheck(_patched_prg(tmp_path), 5, start_seed=0, human=False, jobs=1)
    assert mismatch is not None
    # the same cards played, then the 6502 names another winner of that trick
    assert mismatch.c64_event["ev"] == mismatch.py_event["ev"] == "trick", mismatch.report()
    assert mismatch.c64_event["winner"] != mismatch.py_event["winner"]
    assert [e["ev"] for e in mismatch.context[-4:]] == ["play"] * 4


# every preset (issue 25: "for every preset"; the C64 plays them all)
C64_PRESETS = tuple(PRESETS)


@pytest.mark.parametrize("rules", C64_PRESETS)
def test_c64_auto_transcript_is_accepted_by_replay(tmp_path, rules):
    out = tmp_path / "c64.json"
    r = CliRunner().invoke(cli, ["c64", "--auto", "--rules", rules, "--seed", "4711",
                                 "--transcript", str(out)])
    assert r.exit_code == 0, r.output
    t = loads(out.read_text())
    assert t.seed == 4711 and t.events[-1]["ev"] == "game_over" and t.rules == rules
    judge(t)


def test_crosscheck_command_reports_and_fails_on_a_broken_build(tmp_path):
    runner = CliRunner()
    ok = runner.invoke(cli, ["crosscheck", "--games", "4", "--jobs", "1"])
    assert ok.exit_code == 0 and "all identical" in ok.output
    bad = runner.invoke(cli, ["crosscheck", "--games", "4", "--jobs", "1",
                              "--prg", str(_patched_prg(tmp_path))])
    assert bad.exit_code == 1 and "MISMATCH in game" in bad.output


def test_missing_program_is_a_clear_error(tmp_path):
    with pytest.raises(CoreError, match="run `make`"):
        Core(tmp_path / "none.prg")
    r = CliRunner().invoke(cli, ["c64", "--auto", "--prg", str(tmp_path / "none.prg")])
    assert r.exit_code == 1 and "no such program" in r.output


def test_transcript_of_the_6502_equals_its_own_json(tmp_path):
    """The 6502's game, written as JSON and read back, is the same game: the same
    events, and replayed by the rules it ends where the 6502's game_over says."""
    game = Core(PRG).play(77)
    t = loads(json.dumps(game.transcript()))
    assert (t.seed, t.events) == (77, game.events)
    end = judge(t)
    last = game.events[-1]
    assert end.over and last["ev"] == "game_over"
    assert list(end.total) == last["total"] and end.winner == last["winner"]


def test_power_on_patterns_and_a_bad_one():
    from tools.machine.harness import HarnessError, power_on_ram

    vice = power_on_ram("vice")            # runs of four, inverted in alternate 16 KiB
    assert vice[0x0000:0x0008] == [0x00, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00]
    assert vice[0x4000:0x4008] == [0xFF, 0xFF, 0x00, 0x00, 0x00, 0x00, 0xFF, 0xFF]
    assert set(power_on_ram("zeros")) == {0} and set(power_on_ram("ones")) == {0xFF}
    assert power_on_ram("random:7") == power_on_ram("random:7") != power_on_ram("random:8")
    assert Core(PRG, ram="ones").c64.peek("game_winner") == 0xFF   # state RAM untouched
    with pytest.raises(HarnessError, match="unknown power-on RAM pattern 'ram'"):
        Core(PRG, ram="ram")


def test_budget_measures_one_copy_of_the_program(tmp_path, monkeypatch):
    """`make` may rewrite build/ while a long `euchre budget` runs (it read the .prg
    and .map back at the end, and crashed with a traceback when they were gone): it
    copies them first; a program without its map is one clear line."""
    import shutil

    import tools.gamecore.crosscheck as cc

    prg = tmp_path / "euchre.prg"
    shutil.copy(PRG, prg)
    shutil.copy(PRG.with_suffix(".map"), prg.with_suffix(".map"))
    real = cc.crosscheck

    def rebuilt_meanwhile(*args, **kwargs):
        for f in (prg, prg.with_suffix(".map")):    # `make` removing them mid-run
            f.unlink(missing_ok=True)
        return real(*args, **kwargs)

    monkeypatch.setattr(cc, "crosscheck", rebuilt_meanwhile)
    runner = CliRunner()
    ok = runner.invoke(cli, ["budget", "--games", "2", "--prg", str(prg)])
    assert ok.exit_code == 0 and ok.exception is None, ok.output
    assert "| whole euchre.prg (with the 2-byte load address) | " in ok.output
    bad = runner.invoke(cli, ["budget", "--games", "2", "--prg", str(prg)])
    assert bad.exit_code == 1 and "label map" in bad.output and "Traceback" not in bad.output
