"""Fuzzing the files the 6502 tools load: ``--prg``, its ``.map`` and its ``.vs``.

Each case breaks a copy of the built program: the ``.prg`` truncated, extended,
given another load address, bytes flipped, or replaced by random bytes; the
``.map`` truncated, with bytes that are not UTF-8, lines dropped, addresses
changed or labels missing; the ``.vs`` with bytes that are not ASCII, truncated
or garbled. ``open_program`` - the loader behind ``euchre c64``, ``c64 --auto``,
``crosscheck``, ``budget`` and ``shot`` - must load it or refuse it with one line.
Some of the programs it loads are run whole with ``euchre c64 --auto`` (cycle
budget cut to 1.5 M, five times a real game), which must end with exit 0 or 1,
never a traceback or a hang.

CI tries :data:`CI_CASES` files and runs :data:`CI_RUNS`; ``make exhaustive``
:data:`SLOW_CASES` and :data:`SLOW_RUNS`. The test prints what it tried.
"""

from __future__ import annotations

import random
import re
import shutil
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

import tools.gamecore.core
from tools.commands.cli import cli
from tools.gamecore.core import CoreError, open_program
from tools.machine.harness import HarnessError

from .helpers import report

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build"
CI_CASES, CI_RUNS = 150, 5
SLOW_CASES, SLOW_RUNS = 3000, 60
RUN_BUDGET = 1_500_000


def _bytes(rng: random.Random, n: int) -> bytes:
    return bytes(rng.randrange(256) for _ in range(n))


def mutate_prg(data: bytes, rng: random.Random) -> tuple[str, bytes]:
    r = rng.randrange(6)
    if r == 0:
        return "prg truncated", data[:rng.randrange(len(data))]
    if r == 1:
        return "prg extended", data + _bytes(rng, rng.choice([1, 100, 60_000]))
    if r == 2:
        return "prg load address", bytes([rng.randrange(256), rng.randrange(256)]) + data[2:]
    if r == 3:
        b = bytearray(data)
        for _ in range(rng.choice([1, 1, 3, 20])):
            b[rng.randrange(2, len(b))] = rng.randrange(256)
        return "prg bytes flipped", bytes(b)
    if r == 4:
        return "prg random bytes", _bytes(rng, rng.choice([0, 1, 2, 3, 500, 11_000]))
    return "prg another file", (ROOT / "docs" / rng.choice(["title.png", "hand.gif"])).read_bytes()


def mutate_map(text: bytes, rng: random.Random) -> tuple[str, bytes]:
    lines = text.split(b"\n")
    r = rng.randrange(6)
    if r == 0:
        return "map truncated", text[:rng.randrange(len(text))]
    if r == 1:
        i = rng.randrange(len(text))
        bad = rng.choice([b"\xff", b"\xc3", b"\xed\xa0\x80"])
        return "map not UTF-8", text[:i] + bad + text[i:]
    if r == 2:
        keep = [ln for ln in lines if rng.random() > 0.3]
        return "map lines dropped", b"\n".join(keep)
    if r == 3:
        i = rng.randrange(len(lines))
        lines[i] = re.sub(rb"^\$[0-9A-F]{4}", b"$%04X" % rng.randrange(0x10000), lines[i])
        return "map address changed", b"\n".join(lines)
    if r == 4:
        label = rng.choice([b"basic_start", b"code_end", b"core_game", b"hook_event",
                            b"hook_decide", b"game_seed"])
        return "map label missing", b"\n".join(ln for ln in lines if label not in ln)
    return "map random bytes", _bytes(rng, rng.choice([0, 10, 5000]))


def mutate_vs(text: bytes, rng: random.Random) -> tuple[str, bytes]:
    r = rng.randrange(3)
    if r == 0:
        i = rng.randrange(len(text))
        return "vs not ASCII", text[:i] + rng.choice(["é".encode(), b"\x80", b"\xff"]) + text[i:]
    if r == 1:
        return "vs truncated", text[:rng.randrange(len(text))]
    return "vs random bytes", _bytes(rng, rng.choice([0, 50, 3000]))


def broken_program(d: Path, rng: random.Random) -> tuple[Path, list[str]]:
    prg = d / "euchre.prg"
    originals = {ext: (BUILD / f"euchre.{ext}").read_bytes() for ext in ("prg", "map", "vs")}
    mutators = {"prg": mutate_prg, "map": mutate_map, "vs": mutate_vs}
    chosen = [e for e in mutators if rng.random() < 0.5] or [rng.choice(list(mutators))]
    kinds = []
    for ext, data in originals.items():
        if ext in chosen:
            kind, data = mutators[ext](data, rng)
            kinds.append(kind)
        (d / f"euchre.{ext}").write_bytes(data)
    return prg, kinds


def fuzz(cases: int, runs: int, tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.setattr(tools.gamecore.core, "GAME_CYCLE_BUDGET", RUN_BUDGET)
    rng = random.Random(14)
    kinds: Counter = Counter()
    outcome: Counter = Counter()
    ran: Counter = Counter()
    d = tmp_path / "p"
    for i in range(cases):
        if d.exists():
            shutil.rmtree(d)
        d.mkdir()
        prg, what = broken_program(d, rng)
        kinds.update(what)
        try:
            open_program(prg, None, CoreError)
        except HarnessError as exc:
            msg = str(exc)
            assert msg and "\n" not in msg and len(msg) < 400, (what, msg)
            outcome["refused in one line"] += 1
            continue
        outcome["loaded"] += 1
        changed = {"prg bytes flipped", "map address changed", "prg extended"} & set(what)
        if sum(ran.values()) >= runs or not changed:     # run the ones that may behave
            continue
        r = CliRunner().invoke(cli, ["c64", "--auto", "--seed", str(i), "--prg", str(prg)])
        assert r.exception is None or isinstance(r.exception, SystemExit), (
            what, type(r.exception).__name__, str(r.exception)[:300])
        assert r.exit_code in (0, 1), (what, r.exit_code, r.output[-500:])
        ran["game played" if r.exit_code == 0 else "stopped with one line"] += 1
    report(capsys, f"program fuzz: {cases} broken programs "
                   f"({', '.join(f'{n} {k}' for k, n in sorted(kinds.items()))}): "
                   f"{', '.join(f'{n} {k}' for k, n in sorted(outcome.items()))}; "
                   f"c64 --auto on {sum(ran.values())} of those loaded: "
                   f"{', '.join(f'{n} {k}' for k, n in sorted(ran.items())) or 'none'}; "
                   "0 tracebacks, 0 hangs")
    assert outcome["refused in one line"] > cases // 2


def test_broken_programs_are_loaded_or_refused_in_one_line(tmp_path, monkeypatch, capsys):
    fuzz(CI_CASES, CI_RUNS, tmp_path, monkeypatch, capsys)


@pytest.mark.slow
def test_broken_programs_many(tmp_path, monkeypatch, capsys):
    fuzz(SLOW_CASES, SLOW_RUNS, tmp_path, monkeypatch, capsys)
