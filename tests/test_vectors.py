"""euchre vectors writes versioned, self-consistent files."""

from __future__ import annotations

import json

from click.testing import CliRunner

from pyengine.cli import cli
from pyengine.records.replay import judge
from pyengine.records.transcript import loads

KINDS = {"effective_suit", "card_power", "trick_winner", "legal_mask", "hand_score", "rng_deal",
         "games_auto", "games_human_random", "decisions"}


def test_vectors_command_writes_every_kind(tmp_path):
    r = CliRunner().invoke(cli, ["vectors", "--out", str(tmp_path), "--games", "6",
                                 "--seed", "3"])
    assert r.exit_code == 0, r.output
    files = {p.stem: json.loads(p.read_text()) for p in tmp_path.glob("*.json")}
    assert set(files) == KINDS
    for kind, f in files.items():
        assert f["format"] == "euchre-vectors/1" and f["kind"] == kind and f["rules"] == "bit93"
        assert f["cases"], kind
    assert len(files["effective_suit"]["cases"]) == 24 * 4
    assert len(files["card_power"]["cases"]) == 24 * 4 * 4
    assert len(files["hand_score"]["cases"]) == 2 * 6 * 2
    # whole-game vectors are transcripts the rules accept, and seat 0's random choices
    # differ from the computer's
    for kind in ("games_auto", "games_human_random"):
        assert len(files[kind]["cases"]) == 6
        for t in files[kind]["cases"]:
            judge(loads(json.dumps(t)))
    assert files["games_auto"]["cases"] != files["games_human_random"]["cases"]


def test_vectors_are_reproducible(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    for d in (a, b):
        CliRunner().invoke(cli, ["vectors", "--out", str(d), "--games", "3"])
    for p in a.glob("*.json"):
        assert p.read_text() == (b / p.name).read_text()


def test_vectors_unwritable_directory_is_a_clear_message(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    r = CliRunner().invoke(cli, ["vectors", "--out", str(blocker / "sub")])
    assert r.exit_code == 1 and "cannot write vectors" in r.output
