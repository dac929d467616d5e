"""An installed euchre64 works outside the checkout (issue 13).

The wheel is built from a copy of the checkout's files (no build isolation: the test
venv's setuptools, so no network), installed into a fresh venv, and its ``euchre``
is run from an empty folder. The fresh venv gets the test venv's site-packages as a
plain path line in a .pth file, for the dependencies only: a path line adds the
folder to sys.path without running the .pth files in it, so the checkout's editable
install stays inactive, and the test checks that pyengine comes from the wheel.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from pyengine.core.rules import BIT93
from pyengine.players.player import RefPlayer
from pyengine.players.runner import play_game
from pyengine.records.transcript import from_game

ROOT = Path(__file__).resolve().parent.parent


def _checkout_files() -> list[str]:
    out = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return [f for f in out.splitlines() if (ROOT / f).is_file()]


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> dict[str, Path]:
    tmp = tmp_path_factory.mktemp("install")
    src = tmp / "src"
    for name in _checkout_files():
        (src / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, src / name)
    (src / "build").mkdir()
    (src / "build" / "euchre.prg").write_bytes(b"\x01\x08")      # a checkout's own build
    dist = tmp / "dist"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                    "--no-build-isolation", "--disable-pip-version-check", "-w", str(dist),
                    str(src)], check=True, capture_output=True)
    venv = tmp / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    py = venv / "bin" / "python"
    purelib = subprocess.run([py, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                             capture_output=True, text=True, check=True).stdout.strip()
    Path(purelib, "_euchre64_test_deps.pth").write_text(sysconfig.get_path("purelib") + "\n")
    wheel = next(dist.glob("euchre64-*.whl"))
    subprocess.run([sys.executable, "-m", "pip", "--python", str(py), "install", "--quiet",
                    "--no-deps", "--no-index", "--disable-pip-version-check", str(wheel)],
                   check=True, capture_output=True)
    empty = tmp / "empty"
    empty.mkdir()
    return {"src": src, "wheel": wheel, "venv": venv, "empty": empty, "cache": tmp / "cache"}


def _run(installed: dict[str, Path], *args: str, cache: Path | None = None
         ) -> subprocess.CompletedProcess:
    bin_dir = installed["venv"] / "bin"
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env |= {"PATH": f"{bin_dir}:/usr/bin:/bin",
            "XDG_CACHE_HOME": str(installed["cache"] if cache is None else cache),
            "HOME": str(installed["empty"])}
    return subprocess.run([str(a) for a in args], cwd=installed["empty"], env=env,
                          capture_output=True, text=True, timeout=300)


def test_wheel_build_leaves_the_build_folder_to_the_program(installed):
    assert sorted(p.name for p in (installed["src"] / "build").iterdir()) == ["euchre.prg"]


def test_wheel_holds_one_import_package_with_the_6502_sources(installed):
    names = zipfile.ZipFile(installed["wheel"]).namelist()
    tops = {n.split("/")[0] for n in names if not n.split("/")[0].endswith(".dist-info")}
    assert tops == {"pyengine"}
    for needed in ("pyengine/tools/c64/main.oph", "pyengine/tools/c64/charset.txt",
                   "pyengine/tools/asm/core.oph", "pyengine/tools/cli.py", "pyengine/py.typed"):
        assert needed in names


def test_installed_pyengine_is_the_wheels_and_tools_is_not_top_level(installed):
    code = ("import importlib.util, pyengine, pyengine.tools.cli; "
            "print(pyengine.__file__); print(importlib.util.find_spec('tools'))")
    proc = _run(installed, installed["venv"] / "bin" / "python", "-c", code)
    assert proc.returncode == 0, proc.stderr
    where, tools_spec = proc.stdout.splitlines()
    assert where.startswith(str(installed["venv"])), where
    assert tools_spec == "None"


def test_installed_euchre_plays_runs_the_6502_and_takes_a_shot_from_an_empty_folder(installed):
    game = play_game(BIT93, 7, [RefPlayer()] * 4)                # this tree's engine
    ns, ew = game.total
    play = _run(installed, "euchre", "play", "--auto", "--seed", "7")
    assert play.returncode == 0, play.stderr
    assert f"Final score: North-South {ns}, East-West {ew}" in play.stdout
    c64 = _run(installed, "euchre", "c64", "--auto", "--seed", "7")
    assert c64.returncode == 0, c64.stderr
    side = "North-South" if ns > ew else "East-West"
    assert f"Game over: {side} win {ns}-{ew}" in c64.stdout          # N-S first
    assert f"(6502 game 7: {len(from_game(game).events)} events" in c64.stdout
    built = list(installed["cache"].glob("euchre64/*/build/euchre.prg"))
    assert len(built) == 1, built                   # built on first use, into the cache
    shot = _run(installed, "euchre", "shot", "--seed", "7")
    assert shot.returncode == 0, shot.stderr
    png = installed["empty"] / "euchre-7.png"
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert list(installed["cache"].glob("euchre64/*/build/euchre.prg")) == built  # reused
    again = _run(installed, "euchre", "build")
    assert again.returncode == 0, again.stderr
    assert again.stdout.strip() == f"built {built[0]}"


# --- a cache that cannot be used as it is (issue 27, item 6) ---------------------------

def _one_line(proc: subprocess.CompletedProcess) -> str:
    assert "Traceback" not in proc.stderr, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    return lines[0]


def test_a_cache_home_that_is_a_file_gets_one_line_naming_it(installed, tmp_path):
    # XDG_CACHE_HOME=/a/file euchre build: NotADirectoryError's traceback
    a_file = tmp_path / "file"
    a_file.write_text("not a folder\n")
    for args in (("euchre", "build"), ("euchre", "c64", "--auto", "--seed", "7")):
        proc = _run(installed, *args, cache=a_file)
        assert proc.returncode != 0, proc.stdout
        line = _one_line(proc)
        assert f"cache folder {a_file}/euchre64" in line and "Not a directory" in line, line
        assert "XDG_CACHE_HOME" in line, line
    assert a_file.read_text() == "not a folder\n"


def _fresh_build(installed, cache: Path) -> Path:
    proc = _run(installed, "euchre", "build", cache=cache)
    assert proc.returncode == 0 and not proc.stderr, proc.stderr
    built = list(cache.glob("euchre64/*/build/euchre.prg"))
    assert len(built) == 1 and proc.stdout.strip() == f"built {built[0]}", proc.stdout
    return built[0]


def test_a_cached_program_without_its_map_is_built_again_once(installed, tmp_path):
    # rm ~/.cache/euchre64/*/build/euchre.map: every later c64, shot, crosscheck failed
    # with "Directory not empty" until euchre build --force, and nothing said so
    prg = _fresh_build(installed, tmp_path)
    prg.with_suffix(".map").unlink()
    proc = _run(installed, "euchre", "c64", "--auto", "--seed", "7", cache=tmp_path)
    assert proc.returncode == 0, proc.stderr
    line = _one_line(proc)
    assert f"the cached program in {prg.parent.parent} is damaged" in line, line
    assert "build/euchre.map is missing" in line and "building it again" in line, line
    assert prg.with_suffix(".map").is_file()
    again = _run(installed, "euchre", "c64", "--auto", "--seed", "7", cache=tmp_path)
    assert again.returncode == 0 and not again.stderr, again.stderr       # healed
    assert again.stdout == proc.stdout


def test_a_changed_cached_program_is_not_run_but_built_again(installed, tmp_path):
    # a tampered cached .prg was run as it was
    prg = _fresh_build(installed, tmp_path)
    good = prg.read_bytes()
    prg.write_bytes(good[:-1] + bytes([good[-1] ^ 0xFF]))
    proc = _run(installed, "euchre", "build", cache=tmp_path)
    assert proc.returncode == 0, proc.stderr
    line = _one_line(proc)
    assert "is damaged (build/euchre.prg is not the one built there)" in line, line
    assert prg.read_bytes() == good
