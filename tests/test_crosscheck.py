"""The 6502 game core against pyengine, whole games, event by event (issue 4)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from pyengine.records.replay import judge
from pyengine.records.transcript import loads
from tools.c64map import Symbols
from tools.cli import cli
from tools.core import Core, CoreError
from tools.crosscheck import crosscheck

PRG = Path("build/euchre.prg")
CI_GAMES = 100            # per mode: 100 all-computer + 100 with a random human = 200


@pytest.mark.parametrize("human", [False, True], ids=["computer", "random-human"])
def test_6502_games_identical_to_pyengine(human, capsys):
    mismatch, figures = crosscheck(PRG, CI_GAMES, start_seed=1000 if human else 0, human=human)
    with capsys.disabled():
        print(f"\n  cross-check ({'random human' if human else 'computer'}): "
              f"{figures.games} games, {figures.events:,} events compared")
    assert mismatch is None, mismatch.report()
    assert figures.games == CI_GAMES


def test_random_human_reaches_every_decision_path():
    """The random human must exercise round 2, going alone and the dealer's discard."""
    from tools.crosscheck import python_events

    calls = set()
    for seed in range(40):
        for e in python_events(seed, human=True):
            if e["ev"] == "bid" and e["seat"] == 0 and e["call"] != "pass":
                calls.add((e["round"], e["alone"]))
            if e["ev"] == "discard" and e["seat"] == 0:
                calls.add("discard")
    assert {(1, False), (1, True), (2, False), (2, True), "discard"} <= calls


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
    assert "trick" in mismatch.report() or "play" in mismatch.report()


def test_c64_auto_transcript_is_accepted_by_replay(tmp_path):
    out = tmp_path / "c64.json"
    r = CliRunner().invoke(cli, ["c64", "--auto", "--seed", "4711", "--transcript", str(out)])
    assert r.exit_code == 0, r.output
    t = loads(out.read_text())
    assert t.seed == 4711 and t.events[-1]["ev"] == "game_over"
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
    game = Core(PRG).play(77)
    text = json.dumps(game.transcript())
    assert judge(loads(text)).over
