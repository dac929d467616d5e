"""The 6502 tools refuse broken programs and label files in one line (issue 14).

The four commands that load a program - ``euchre c64``, ``euchre c64 --auto``,
``euchre crosscheck`` and ``euchre shot`` - get a truncated ``.prg``, a ``.map``
that is not UTF-8 or cannot be read, a ``.vs`` that is not ASCII, a PNG renamed
``.prg`` and a program that loads at $C000. Each must exit with one line saying
what is wrong with which file: no traceback.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from tools.commands.cli import cli

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build"
EUCHRE = str(Path(sys.executable).with_name("euchre"))

COMMANDS = {
    "c64": ["c64"],
    "c64 --auto": ["c64", "--auto", "--seed", "1"],
    "crosscheck": ["crosscheck", "--games", "1", "--jobs", "1"],
    "shot": ["shot", "--seed", "1", "--at", "1", "--out", "{dir}/shot.png"],
}


def program(tmp_path: Path) -> Path:
    """A copy of the built program with its .map and .vs, to break."""
    d = tmp_path / "prg"
    d.mkdir()
    for ext in ("prg", "map", "vs"):
        shutil.copy(BUILD / f"euchre.{ext}", d / f"euchre.{ext}")
    return d / "euchre.prg"


def run(command: str, prg: Path) -> tuple[int, str]:
    args = [a.format(dir=prg.parent) for a in COMMANDS[command]] + ["--prg", str(prg)]
    r = CliRunner().invoke(cli, args, input="")
    assert r.exception is None or isinstance(r.exception, SystemExit), (
        f"{command}: {type(r.exception).__name__}: {str(r.exception)[:300]}")
    return r.exit_code, r.output


def refused(command: str, prg: Path, *words: str) -> str:
    code, text = run(command, prg)
    lines = text.strip().splitlines()
    assert code != 0 and len(lines) == 1, f"{command}: {code} {text[-1500:]}"
    for w in words:
        assert w in lines[0], f"{command}: {lines[0]}"
    return lines[0]


@pytest.mark.parametrize("command", COMMANDS)
def test_a_truncated_program_is_refused(command, tmp_path):
    # euchre c64 --auto --prg t.prg with a truncated program: IllegalOpcodeFault traceback
    prg = program(tmp_path)
    prg.write_bytes(prg.read_bytes()[:4000])
    refused(command, prg, str(prg), "truncated")


@pytest.mark.parametrize("command", COMMANDS)
def test_a_map_that_is_not_utf8_is_refused(command, tmp_path):
    prg = program(tmp_path)
    m = prg.with_suffix(".map")
    m.write_bytes(m.read_bytes()[:500] + b"\xff\xfe" + m.read_bytes()[500:])
    refused(command, prg, str(m), "UTF-8")


@pytest.mark.parametrize("command", COMMANDS)
def test_a_vs_that_is_not_ascii_is_refused(command, tmp_path):
    prg = program(tmp_path)
    vs = prg.with_suffix(".vs")
    vs.write_bytes(vs.read_bytes() + "al C:0801 .caf\u00e9\n".encode())
    refused(command, prg, str(vs), "ASCII")


@pytest.mark.parametrize("command", COMMANDS)
def test_a_png_renamed_prg_is_not_this_program(command, tmp_path):
    # "bad protected range $5089-$29FF"
    prg = program(tmp_path)
    prg.write_bytes((ROOT / "docs" / "title.png").read_bytes())
    line = refused(command, prg, str(prg), "not this program")
    assert "protected range" not in line


@pytest.mark.parametrize("command", COMMANDS)
def test_a_program_that_loads_at_c000_is_not_this_program(command, tmp_path):
    prg = program(tmp_path)
    prg.write_bytes(b"\x00\xc0" + prg.read_bytes()[2:])
    refused(command, prg, str(prg), "not this program", "$C000")


@pytest.mark.parametrize("command", COMMANDS)
def test_an_unreadable_map_is_refused(command, tmp_path):
    prg = program(tmp_path)
    m = prg.with_suffix(".map")
    os.chmod(m, 0)
    tmp_path.chmod(0o755)
    prg.parent.chmod(0o755)
    args = [a.format(dir=prg.parent) for a in COMMANDS[command]] + ["--prg", str(prg)]
    cmd = [EUCHRE, *args]
    if os.geteuid() == 0:              # root reads anything: drop that power first
        drop = "-dac_override,-dac_read_search"
        cmd = ["setpriv", f"--inh-caps={drop}", f"--bounding-set={drop}", "--", *cmd]
    r = subprocess.run(cmd, input=b"", capture_output=True, timeout=120, cwd=ROOT)
    err = r.stderr.decode()
    assert "Traceback" not in err, err
    assert r.returncode != 0 and len(err.strip().splitlines()) == 1, (r.stdout, err)
    assert str(m) in err and "Permission denied" in err


@pytest.mark.parametrize("out", ["shot", "x.txt", "x.PNG.gif"])
def test_shot_out_must_be_a_png(out, tmp_path):
    # euchre shot --out shot: ValueError: unknown file extension (Pillow)
    r = CliRunner().invoke(cli, ["shot", "--seed", "1", "--at", "1", "--out",
                                 str(tmp_path / out)])
    assert r.exit_code == 2, r.output
    assert "must end in .png" in r.output, r.output
    assert not (tmp_path / out).exists()


def test_shot_out_in_a_missing_folder_is_refused_before_the_game(tmp_path):
    r = CliRunner().invoke(cli, ["shot", "--seed", "1", "--at", "1", "--out",
                                 str(tmp_path / "no" / "x.png")])
    assert r.exit_code == 2 and "does not exist" in r.output, r.output


@pytest.mark.parametrize("args", [
    ["budget", "--games", "4"],
    ["crosscheck", "--games", "4", "--jobs", "2"],
    ["arena", "--team-a", "random", "--team-b", "ref", "--matches", "2", "--jobs", "2"],
])
def test_parallel_commands_end_their_workers_without_a_traceback(args):
    """The pools end their workers with SIGTERM; the workers inherited the ``euchre``
    command's start-up handler (tools/commands/entry.py), which raised StartupTerminated in each
    and printed its traceback after every budget and cross-check."""
    r = subprocess.run([EUCHRE, *args], capture_output=True, timeout=300, cwd=ROOT)
    err = r.stderr.decode()
    assert r.returncode == 0, (r.stdout, err)
    assert "Traceback" not in err and "StartupTerminated" not in err, err
