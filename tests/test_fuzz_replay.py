"""Fuzzing ``euchre replay``: any file is one verdict line, and only true games pass.

Transcripts of several rule sets are mutated - structurally (events dropped,
repeated, swapped, fields removed or added), in their types (an integer made a
float, a bool, a string, null or a list), in their values (another seat, card,
suit or call), in depth and size, and byte by byte in the JSON text (flips,
truncation, bytes that are not UTF-8) - and special files are offered (a FIFO,
devices, a directory, a symlink to /dev/urandom). For each, ``euchre replay``
must exit 0 with ``OK:`` or 1 with one ``REJECTED:`` line, within seconds. A file
it accepts must be exactly the game the engine derives from its seed and
decisions: every event equal to the engine's with the same JSON types.

CI runs :data:`CI_MUTATIONS` mutations; ``make exhaustive`` runs
:data:`SLOW_MUTATIONS`. The test prints what it tried.
"""

from __future__ import annotations

import copy
import json
import os
import random
import threading
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from pyengine.cli import cli
from pyengine.core.options import rules_from
from pyengine.players.runner import play_game
from pyengine.players.varplayer import VariantPlayer
from pyengine.records.replay import judge
from pyengine.records.transcript import from_game, read

from .helpers import report

CI_MUTATIONS = 60
SLOW_MUTATIONS = 2000
GAMES = [("bit93", {}, 5), ("bit93", {}, 4711), ("bid6", {}, 3),
         ("standard", {"joker": True, "defend_alone": True}, 8),
         ("standard", {"players": 3}, 2), ("standard", {"farmers_hand": True, "deck": 32}, 9)]
ODD_VALUES = [0, 1, -1, 2, 3, 7, 1.0, 2.0, 0.5, True, False, None, "", "S", "JC", "ZZ", "pass",
              [], [1], {}, {"ev": "play"}, 10**25, "\udcff", "x" * 300]


def base_games() -> list[dict]:
    out = []
    for name, opts, seed in GAMES:
        rules = rules_from(name, opts)
        players = [VariantPlayer() for _ in range(rules.players)]
        out.append(from_game(play_game(rules, seed, players)).to_json())
    return out


def _leaves(obj, path=()):
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _leaves(v, (*path, k))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _leaves(v, (*path, i))
    yield path


def _get(obj, path):
    for p in path:
        obj = obj[p]
    return obj


def _set(obj, path, value):
    _get(obj, path[:-1])[path[-1]] = value


def mutate(g: dict, rng: random.Random) -> tuple[str, str | bytes]:
    """(kind, the file's content) of one mutation of transcript ``g``."""
    g = copy.deepcopy(g)
    ev = g["events"]
    r = rng.randrange(12)
    if r == 0:
        kind = "structure: event dropped"
        del ev[rng.randrange(len(ev))]
    elif r == 1:
        kind = "structure: event repeated"
        i = rng.randrange(len(ev))
        ev.insert(i, copy.deepcopy(ev[i]))
    elif r == 2:
        kind = "structure: events swapped"
        i = rng.randrange(len(ev) - 1)
        ev[i], ev[i + 1] = ev[i + 1], ev[i]
    elif r == 3:
        kind = "structure: field removed or added"
        e = rng.choice(ev)
        if rng.random() < 0.5 and len(e) > 1:
            del e[rng.choice([k for k in e if k != "ev"] or ["ev"])]
        else:
            e[rng.choice(["seat", "extra", "tricks", "bid", "card"])] = rng.choice(ODD_VALUES)
    elif r in (4, 5, 6):
        kind = "type or value of a field"
        path = rng.choice([p for p in _leaves(g) if p])
        old = _get(g, path)
        if isinstance(old, bool):
            new = rng.choice([int(old), not old, str(old).lower(), None])
        elif isinstance(old, int):
            new = rng.choice([float(old), bool(old % 2), str(old), old + 1, old - 1, [old]])
        elif isinstance(old, str):
            new = rng.choice([*ODD_VALUES, old.lower(), old[::-1], old + old])
        else:
            new = rng.choice(ODD_VALUES)
        _set(g, path, new)
    elif r == 7:
        kind = "envelope"
        key = rng.choice(["format", "rules", "options", "seed", "events", "more"])
        if rng.random() < 0.3:
            g.pop(key, None)
        else:
            g[key] = rng.choice([*ODD_VALUES, {"joker": "yes"}, {"first_dealer": "RANDOM"},
                                 {"target": 5.0}, "bid6", "web"])
    elif r == 8:
        kind = "depth"
        e = rng.randrange(len(ev))
        n = rng.choice([3, 20, 100_000])
        ev[e] = "@NEST@"
        nest = "[" * n + json.dumps(g["events"][e - 1] if e else {}) + "]" * n
        return kind, json.dumps(g).replace('"@NEST@"', nest)
    elif r == 9:
        kind = "size"
        text = json.dumps(g)
        return kind, text.replace('"events": [', '"pad": "' + "x" * rng.choice(
            [10, 9_000_000]) + '", "events": [', 1)
    else:
        kind = "bytes"
        data = bytearray(json.dumps(g).encode())
        how = rng.randrange(4)
        if how == 0:
            del data[rng.randrange(len(data)):]
        elif how == 1:
            for _ in range(rng.randrange(1, 6)):
                data[rng.randrange(len(data))] = rng.randrange(256)
        elif how == 2:
            i = rng.randrange(len(data))
            data[i:i] = rng.choice([b"\xff", b"\xc3", b"\x00", b"999999999999999999999999",
                                    b"[[[[", b"NaN", b"Infinity", b"1e999", b"-0"])
        else:
            i = rng.randrange(len(data))
            data[i] = data[i] ^ (1 << rng.randrange(8))
        return kind, bytes(data)
    return kind, json.dumps(g)


def replay_path(path: Path) -> tuple[int, str]:
    out: dict = {}

    def run() -> None:
        out["r"] = CliRunner().invoke(cli, ["replay", "-q", str(path)])

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(20)
    assert not t.is_alive(), f"euchre replay {path} hangs"
    r = out["r"]
    assert r.exception is None or isinstance(r.exception, SystemExit), (
        path, type(r.exception).__name__, str(r.exception)[:300])
    lines = r.output.strip().splitlines()
    assert r.exit_code in (0, 1) and len(lines) == 1, (path, r.exit_code, r.output[:500])
    assert lines[0].startswith("OK: " if r.exit_code == 0 else "REJECTED: "), lines[0]
    return r.exit_code, lines[0]


def accepted_is_exact(path: Path) -> None:
    """An accepted file is the engine's own game, with the same JSON types throughout."""
    t = read(path)
    game = judge(t)
    mine = from_game(game).to_json()
    theirs = json.loads(path.read_text())
    assert json.dumps(theirs["events"], sort_keys=True) == json.dumps(mine["events"],
                                                                      sort_keys=True)
    assert json.dumps(theirs.get("options", {}), sort_keys=True) == json.dumps(
        mine["options"], sort_keys=True)


def special_files(tmp_path: Path) -> list[Path]:
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    link = tmp_path / "random.json"
    link.symlink_to("/dev/urandom")
    return [fifo, link, Path("/dev/zero"), Path("/dev/null"), tmp_path, tmp_path / "none.json"]


def fuzz(n: int, tmp_path: Path, capsys) -> None:
    games = base_games()
    rng = random.Random(14)
    kinds: Counter = Counter()
    verdicts: Counter = Counter()
    for i in range(n):
        kind, content = mutate(rng.choice(games), rng)
        path = tmp_path / f"m{i % 50}.json"
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, errors="surrogateescape")
        code, _ = replay_path(path)
        kinds[kind] += 1
        verdicts["accepted" if code == 0 else "rejected"] += 1
        if code == 0:
            accepted_is_exact(path)
    for p in special_files(tmp_path):
        code, line = replay_path(p)
        assert code == 1, line
        kinds["special file"] += 1
        verdicts["rejected"] += 1
    report(capsys, f"replay fuzz: {sum(kinds.values()):,} files "
                   f"({', '.join(f'{v:,} {k}' for k, v in sorted(kinds.items()))}): "
                   f"{verdicts['accepted']:,} accepted (each the engine's game, exact types), "
                   f"{verdicts['rejected']:,} rejected in one line; 0 tracebacks, 0 hangs")


def test_fuzzed_transcripts_get_one_verdict_line(tmp_path, capsys):
    fuzz(CI_MUTATIONS, tmp_path, capsys)


@pytest.mark.slow
def test_fuzzed_transcripts_many(tmp_path, capsys):
    fuzz(SLOW_MUTATIONS, tmp_path, capsys)
