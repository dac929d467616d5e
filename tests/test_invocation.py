"""The hints the game prints name a command the player can run (issue 27, item 10):
after ``q`` a ``make play`` player was told ``euchre play --resume ...``, but only
``.venv/bin/euchre`` exists in a checkout. Each hint printed is run here, as the
player would type it, from where he typed the first command."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from pyengine.play.invocation import Invocation, resume_command

ROOT = Path(__file__).resolve().parent.parent
VENV_BIN = Path(sys.executable).parent
HINT = re.compile(r"go on with it later: (.+)$", re.M)


def _env(tmp_path: Path) -> dict[str, str]:
    """A player's shell in the checkout, with no euchre on PATH (a fresh clone)."""
    path = ":".join(p for p in os.environ.get("PATH", "").split(":")
                    if p and not (Path(p) / "euchre").exists())
    env = {k: v for k, v in os.environ.items()
           if k not in ("MAKELEVEL", "MAKEFLAGS", "MFLAGS", "NO_COLOR")}
    return env | {"PATH": path, "PWD": str(ROOT), "XDG_DATA_HOME": str(tmp_path / "data")}


def _typed(command: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", "-c", command], cwd=ROOT, env=env, input="q\n",
                          capture_output=True, text=True, timeout=300)


def _hint_runs(first: str, env: dict[str, str]) -> str:
    """Run ``first`` (the player quits at once), then the hint it printed; the hint."""
    quit_ = _typed(first, env)
    assert quit_.returncode == 0, quit_.stderr
    found = HINT.search(quit_.stdout)
    assert found, quit_.stdout[-2000:]
    hint = found.group(1)
    again = _typed(hint, env)
    assert again.returncode == 0, (hint, again.stderr)
    assert re.search(r"Game number 1, resumed at hand 1", again.stdout), (hint, again.stdout)
    return hint


def test_the_hint_after_q_runs_for_a_player_of_the_venv_program(tmp_path):
    env = _env(tmp_path)
    assert shutil.which("euchre", path=env["PATH"]) is None
    hint = _hint_runs(".venv/bin/euchre play --plain --seed 1", env)
    assert hint.startswith(".venv/bin/euchre play --resume "), hint


def test_the_hint_after_q_runs_for_a_make_play_player(tmp_path):
    env = _env(tmp_path)
    hint = _hint_runs("make -s play ARGS='--plain --seed 1'", env)
    assert hint.startswith("make play ARGS='--resume "), hint
    assert "--plain" not in hint


def _how(argv0: str, path: str = "/usr/bin", cwd: str = "/home/p/euchre64",
         pwd: str | None = "/home/p/euchre64", parent: tuple[str, ...] = ()) -> Invocation:
    env = {"PATH": path} | ({} if pwd is None else {"PWD": pwd})
    if parent:
        env["MAKELEVEL"] = "1"
    return Invocation(argv0, env, cwd, parent)


def test_each_way_of_starting_the_game_gets_its_own_command(tmp_path):
    saved = Path("/d/unfinished.json")
    assert resume_command(saved, _how("euchre")) == "euchre play --resume /d/unfinished.json"
    assert (resume_command(saved, _how(".venv/bin/euchre"))
            == ".venv/bin/euchre play --resume /d/unfinished.json")
    assert (resume_command(saved, _how(".venv/bin/euchre", pwd="/tmp"))       # cd'd away
            == "/home/p/euchre64/.venv/bin/euchre play --resume /d/unfinished.json")
    make = ("/usr/bin/make", "-s", "play", "ARGS=--seed 1")
    assert (resume_command(saved, _how(".venv/bin/euchre", parent=make))
            == "make play ARGS='--resume /d/unfinished.json'")
    assert (resume_command(saved, _how(".venv/bin/euchre", pwd="/tmp", parent=make))
            == "make -C /home/p/euchre64 play ARGS='--resume /d/unfinished.json'")
    assert (resume_command(saved, _how(".venv/bin/euchre", parent=("make", "test")))
            == ".venv/bin/euchre play --resume /d/unfinished.json")       # not make play
    assert (resume_command(Path("my game.json"), _how("euchre"))
            == "euchre play --resume 'my game.json'")
    program = tmp_path / "bin" / "euchre"                   # a path to the one on PATH
    program.parent.mkdir()
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    assert (resume_command(saved, _how(str(program), path=str(program.parent)))
            == "euchre play --resume /d/unfinished.json")
    assert (resume_command(saved, _how("/usr/lib/python3/pytest"))
            == "euchre play --resume /d/unfinished.json")
