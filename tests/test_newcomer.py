"""A newcomer's first minutes (issue 45, item 6): ``make play`` says what it installs
and about how long before it goes quiet for minutes; the end of the input ends a game
as ``q`` does, exit 0 (a script that feeds its moves ends that way); and every hint
names a command the player can run where he is - ``.venv/bin/euchre``, not a bare
``euchre`` that is not on his PATH. Each failed before its fix."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

EUCHRE = Path(sys.executable).with_name("euchre")
ROOT = Path(__file__).resolve().parent.parent


def _run(args: list[str], cwd: Path, stdin: str = "") -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("MAKELEVEL", "MAKEFLAGS")}
    env |= {"PATH": "/usr/bin:/bin", "XDG_DATA_HOME": str(cwd / "data"),
            "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}
    return subprocess.run([str(EUCHRE), *args], cwd=cwd, input=stdin, capture_output=True,
                          text=True, timeout=120, env=env)


def test_make_play_says_what_it_installs_and_how_long(tmp_path: Path) -> None:
    # as a person types it: not a sub-make of `make test` (whose MAKEFLAGS would print
    # "Entering directory" lines first)
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    r = subprocess.run(["make", "-n", "play", f"STAMP={tmp_path}/stamp",
                        f"VENV={tmp_path}/venv"], cwd=ROOT, capture_output=True, text=True,
                       timeout=120, env=env)
    first = r.stdout.splitlines()[0]
    assert first.startswith("echo") and "installing Euchre 64" in r.stdout, r.stdout
    assert "minutes" in r.stdout and "once" in r.stdout, r.stdout
    assert r.stdout.index("installing") < r.stdout.index("-m venv"), r.stdout   # first


def test_the_end_of_input_exits_0_like_q(tmp_path: Path) -> None:
    eof = _run(["play", "--seed", "5", "--plain", "--transcript", "a.json"], tmp_path, "p\n")
    quit_ = _run(["play", "--seed", "5", "--plain", "--transcript", "b.json"], tmp_path,
                 "p\nq\n")
    assert "Input ended during hand 1" in eof.stdout, eof.stdout[-500:]
    assert "You quit during hand 1" in quit_.stdout, quit_.stdout[-500:]
    assert eof.returncode == quit_.returncode == 0, (eof.returncode, quit_.returncode)


def test_hints_name_the_command_by_its_path(tmp_path: Path) -> None:
    saved = _run(["play", "--seed", "5", "--plain"], tmp_path, "p\n")      # kept unfinished
    assert "saved" in saved.stdout, saved.stdout[-500:]
    listing = _run(["play", "--resume"], tmp_path)
    lines = [line.strip() for line in listing.stdout.splitlines() if "--resume" in line]
    assert lines and all(line.startswith(f"{EUCHRE} play --resume ") for line in lines), \
        listing.stdout
    _run(["play", "--seed", "5", "--plain", "--transcript", "g.json"], tmp_path, "p\n")
    replay = _run(["replay", "g.json"], tmp_path)
    assert replay.returncode == 0 and "UNFINISHED" in replay.stdout, replay.stdout[-500:]
    assert f"Resume it with: {EUCHRE} play --resume g.json" in replay.stdout, replay.stdout
