"""``euchre replay`` judges a file by the JSON Schema first (issue 14).

The reproductions of the issue: deep nesting, huge numbers, special files, and
values of the wrong type that the old hand-written checks let through (``True ==
1`` in Python) or that crashed the printer. Each must be one ``REJECTED:`` line
naming the event, the field and the value - never a traceback, never a hang.
"""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

from pyengine.cli import cli
from pyengine.core.rules import BIT93
from pyengine.measure.vectors import write_variant_vectors, write_vectors
from pyengine.players.player import RefPlayer
from pyengine.players.runner import play_game
from pyengine.players.varplayer import VariantPlayer
from pyengine.records.safejson import MAX_BYTES
from pyengine.records.schema import (
    TRANSCRIPT_SCHEMA,
    VECTORS_SCHEMA,
    check_vectors_file,
    dumps,
    schema_files,
)
from pyengine.records.transcript import from_game

ROOT = Path(__file__).resolve().parent.parent


def game_json(seed: int = 5) -> dict:
    return from_game(play_game(BIT93, seed, [RefPlayer()] * 4)).to_json()


def replay_file(path: Path, quiet: bool = False) -> tuple[int, str]:
    """Run ``euchre replay`` on a thread, so that a hang is a failure, not a stuck suite."""
    out: dict = {}

    def run() -> None:
        out["r"] = CliRunner().invoke(cli, ["replay", str(path)] + (["-q"] if quiet else []))

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(30)
    assert not t.is_alive(), f"euchre replay {path} hangs"
    r = out["r"]
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
    return r.exit_code, r.output


def rejected(path: Path, *words: str) -> str:
    code, text = replay_file(path)
    assert code == 1, text
    lines = text.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("REJECTED: "), text[:2000]
    assert len(lines[0]) < 200 + len(str(path)), lines[0]
    for w in words:
        assert w in lines[0], lines[0]
    return lines[0]


def write(tmp_path: Path, obj: object, name: str = "t.json") -> Path:
    p = tmp_path / name
    p.write_text(obj if isinstance(obj, str) else json.dumps(obj))
    return p


# --- the file before JSON ------------------------------------------------------------

def test_100000_nested_brackets_are_rejected_not_a_recursion_error(tmp_path):
    rejected(write(tmp_path, "[" * 100_000), "nested more than")


def test_an_integer_of_5000_digits_is_rejected(tmp_path):
    g = game_json()
    text = json.dumps(g).replace('"seed": 5', '"seed": ' + "7" * 5000)
    rejected(write(tmp_path, text), "more than 20 digits")


def test_a_fifo_without_a_writer_is_refused_at_once(tmp_path):
    fifo = tmp_path / "t.json"
    os.mkfifo(fifo)
    rejected(fifo, "not a regular file")


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom", "/dev/null"])
def test_devices_are_refused_not_read_without_limit(device):
    rejected(Path(device), "not a regular file")


def test_a_directory_is_refused(tmp_path):
    rejected(tmp_path, "is a directory")


def test_a_file_past_the_size_limit_is_refused_before_it_is_read(tmp_path):
    p = tmp_path / "big.json"
    with p.open("wb") as f:
        f.truncate(MAX_BYTES + 1)          # sparse: nothing is written, nothing is read
    rejected(p, "more than the")


def test_bytes_that_are_not_utf8_are_refused(tmp_path):
    p = tmp_path / "t.json"
    p.write_bytes(b'{"format": "\xff"}')
    rejected(p, "not UTF-8")


# --- exact types ---------------------------------------------------------------------

def _first(g: dict, ev: str, field: str, want) -> int:
    return next(i for i, e in enumerate(g["events"]) if e["ev"] == ev and want(e[field]))


@pytest.mark.parametrize("ev,field,want,change,says", [
    # equal values of another type: the old checks took them (True == 1, 1.0 == 1)
    ("first_dealer", "dealer", lambda v: True, float, "is not an integer"),  # printer crash
    ("bid", "seat", lambda v: True, float, "is not an integer"),
    ("bid", "seat", lambda v: v == 1, bool, "true is not an integer"),
    ("trick", "winner", lambda v: v == 0, bool, "false is not an integer"),
    ("score", "total", lambda v: True, lambda v: [float(x) for x in v], "is not an integer"),
    ("deal", "hand", lambda v: v == 1, float, "1.0 is not an integer"),
    ("bid", "round", lambda v: v == 1, float, "1.0 is not an integer"),    # found by fuzzing
    ("bid", "alone", lambda v: not v, int, "0 is not a boolean"),
    # values no card, suit or call has
    ("play", "card", lambda v: True, lambda v: "ZZ", '"ZZ" is not a card'),
    ("bid", "call", lambda v: True, lambda v: "shout", '"shout" is not a call'),
])
def test_a_value_of_the_wrong_type_names_event_field_and_value(ev, field, want, change, says,
                                                                tmp_path):
    g = game_json()
    i = _first(g, ev, field, want)
    g["events"][i][field] = change(g["events"][i][field])
    line = rejected(write(tmp_path, g), f"event {i} ({ev})", f"{field}", says)
    assert "Traceback" not in line


@pytest.mark.parametrize("options,typed,says", [
    ({"first_dealer": "RANDOM"}, {"first_dealer": "random"},
     'options.first_dealer: "RANDOM" is not'),
    ({"joker": "yes"}, {"joker": True}, 'options.joker: "yes" is not a boolean'),
    ({"target": 5.0}, {"target": 5}, "options.target: 5.0 is not an integer"),
    ({"joker": True, "jokers": True}, {"joker": True}, "unknown field 'jokers'"),
])
def test_options_of_the_wrong_type_are_rejected(options, typed, says, tmp_path):
    from pyengine.core.options import rules_from

    t = from_game(play_game(rules_from("standard", typed), 3, [VariantPlayer()] * 4))
    assert replay_file(write(tmp_path, t.to_json(), "ok.json"), quiet=True)[0] == 0
    g = t.to_json()
    g["options"] = options                  # the same rules, written loosely
    rejected(write(tmp_path, g), says)


def test_a_bad_card_in_a_deal_is_one_short_line(tmp_path):
    # "A card ZZ is reported as a 400-character 'expected deal ...' line"
    g = game_json()
    g["events"][1]["hands"][2][3] = "ZZ"
    line = rejected(write(tmp_path, g))
    assert line.endswith('event 1 (deal): hands[2][3]: "ZZ" is not a card')


@pytest.mark.parametrize("mutate,says", [
    (lambda g: g["events"][3].update(extra=1), "event 3 (bid): unknown field 'extra'"),
    (lambda g: g["events"][3].pop("seat"), "event 3 (bid): 'seat' is missing"),
    (lambda g: g["events"].__setitem__(3, [1]), "event 3: [1] is not an object"),
    (lambda g: g["events"][3].update(ev="boo"), 'event 3 (boo): ev: "boo" is not an event'),
    (lambda g: g.update(seed=70000), "seed: 70000 is out of range"),
    (lambda g: g.update(rules="nosuch"), 'rules: "nosuch" is not a rules preset'),
    (lambda g: g.update(seed=True), "seed: true is not an integer"),
])
def test_structure_errors_are_named(mutate, says, tmp_path):
    g = game_json()
    mutate(g)
    rejected(write(tmp_path, g), says)


def test_every_engine_transcript_still_replays(tmp_path):
    for seed in (0, 1, 4711):
        code, text = replay_file(write(tmp_path, game_json(seed), f"{seed}.json"), quiet=True)
        assert code == 0 and text.startswith("OK: "), text


# --- the schema files ----------------------------------------------------------------

def test_the_schema_files_in_the_repository_are_what_the_engine_builds():
    for path, schema in schema_files().items():
        assert path.read_text(encoding="utf-8") == dumps(schema), (
            f"{path} is stale: run python -m pyengine.records.schema")


def test_docs_link_the_schema():
    text = (ROOT / "docs" / "transcript.md").read_text()
    assert "../pyengine/schemas/euchre-transcript-1.schema.json" in text
    assert "../pyengine/schemas/euchre-vectors-1.schema.json" in (
        ROOT / "docs" / "vectors.md").read_text()
    assert TRANSCRIPT_SCHEMA.is_file() and VECTORS_SCHEMA.is_file()


def test_every_vector_file_follows_the_vectors_schema(tmp_path):
    paths = write_vectors(tmp_path, games=3, seed=7)
    paths += write_variant_vectors(tmp_path / "variants", games=2, seed=7)
    for p in paths:
        assert check_vectors_file(p) is None, check_vectors_file(p)
    print(f"{len(paths)} vector files follow {VECTORS_SCHEMA.name}")
    broken = json.loads(paths[0].read_text())
    broken["cases"][0]["card"] = "ZZ"
    bad = write(tmp_path, broken, "broken.json")
    assert check_vectors_file(bad) == f'{bad}: cases[0].card: "ZZ" is not a card'
    games = json.loads((tmp_path / "games_auto.json").read_text())
    games["cases"][1]["events"][2]["seat"] = 1.0
    bad = write(tmp_path, games, "broken-game.json")
    assert check_vectors_file(bad) == f"{bad}: cases[1]: event 2 (bid): seat: 1.0 is not an integer"
