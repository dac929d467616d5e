"""euchre replay / export / import on EGN records: the verdict lines, and bad input
(a missing file, a directory, corrupt or cut JSON, a card that is not one) answered in
one line, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from pyengine.cli import cli
from tests.egn_helpers import DATA


def _run(*args: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(cli, list(args))
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
    return r.exit_code, r.stdout, r.stderr


def test_replay_of_a_record_ends_with_its_final_score() -> None:
    code, out, _ = _run("replay", str(DATA / "six_points_in_two_hands.egn"))
    assert code == 0
    assert out.splitlines()[-1] == "Final score: 10-9"
    assert "Trick 5:" in out


def test_replay_refuses_the_revoke_in_one_line_naming_deal_and_trick() -> None:
    code, out, err = _run("replay", "-q", str(DATA / "partial_with_errors.egn"))
    assert code == 1
    assert err.strip().count("\n") == 0
    assert "deal 0, trick 1: seat 2 revokes" in err


def test_replay_says_a_partial_record_stops_and_where() -> None:
    code, out, _ = _run("replay", "-q", str(DATA / "partial_two_deals.egn"))
    assert code == 0
    assert "PARTIAL:" in out and "deal 0 after 1 trick" in out
    assert out.splitlines()[-1] == "Final score: 0-0"


def _egn(tmp_path: Path, name: str, text: str) -> str:
    p = tmp_path / name
    p.write_text(text)
    return str(p)


def _one_line_error(code: int, err: str) -> None:
    assert code != 0
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_bad_records_are_refused_in_one_line(tmp_path: Path) -> None:
    good = json.loads((DATA / "custom_scenario.egn").read_text())
    wrong_card = json.loads(json.dumps(good))
    wrong_card["deals"][0]["phases"][1]["tricks"][0][0] = "Zq"
    unknown = json.loads(json.dumps(good))
    unknown["deals"][0]["phases"][1]["tricks"][0][0] = "Xx"
    cases = {
        "missing.egn": None,
        "cut.egn": json.dumps(good)[:300],
        "corrupt.egn": "{\"fileType\": \"Euchre Game Notation\", 12}",
        "list.egn": "[1, 2]",
        "wrong_card.egn": json.dumps(wrong_card),
        "unknown_card.egn": json.dumps(unknown),
        "not_egn.egn": json.dumps({"fileType": "Chess", "version": "1.4"}),
    }
    for name, text in cases.items():
        path = str(tmp_path / name) if text is None else _egn(tmp_path, name, text)
        for args in (["replay", path], ["import", path, "-o", str(tmp_path / "o.json")]):
            code, _, err = _run(*args)
            _one_line_error(code, err)
    code, _, err = _run("replay", str(tmp_path))          # a directory
    _one_line_error(code, err)
    code, _, err = _run("import", str(tmp_path))
    _one_line_error(code, err)


def test_a_card_that_is_not_one_is_named(tmp_path: Path) -> None:
    good = json.loads((DATA / "custom_scenario.egn").read_text())
    good["deals"][0]["phases"][1]["tricks"][0][0] = "Xx"
    code, _, err = _run("replay", _egn(tmp_path, "x.egn", json.dumps(good)))
    assert code == 1 and "'Xx'" in err and "deal 0, trick 1" in err


@pytest.mark.parametrize("seed", [7])
def test_export_then_import_gives_the_same_transcript(tmp_path: Path, seed: int) -> None:
    game = tmp_path / "g.json"
    code, _, _ = _run("play", "--auto", "--seed", str(seed), "--transcript", str(game))
    assert code == 0
    code, out, err = _run("export", "--egn", str(game), "-o", str(tmp_path / "g.egn"))
    assert code == 0, err
    code, out, err = _run("import", str(tmp_path / "g.egn"), "-o", str(tmp_path / "g2.json"))
    assert code == 0, err
    assert (tmp_path / "g2.json").read_text() == game.read_text()
    code, out, _ = _run("export", "--egn", str(game), "-o", str(tmp_path / "g.egn"))
    assert code == 1                                     # kept unless --force


def test_a_record_that_needs_rules_not_played_is_refused_naming_them(tmp_path: Path) -> None:
    raw = json.loads((DATA / "custom_scenario.egn").read_text())
    raw["metadata"]["ruleset"] = {"std": True, "farmers": True, "min_rank": 8}
    code, _, err = _run("replay", _egn(tmp_path, "farm.egn", json.dumps(raw)))
    _one_line_error(code, err)
    assert "does not play" in err and "farmers" in err and "min_rank=8" in err
