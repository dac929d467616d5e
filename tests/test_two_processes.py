"""Two things at once (issue 27): two processes on one transcript, two unfinished games.

Every process here is a real ``euchre play`` on pipes; every wait is bounded, and
every process is killed at the end whatever happened."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from pyengine.cli import cli
from pyengine.core.rules import preset
from pyengine.play.loop import GameLoop
from pyengine.records.transcript import read

from .scripted import Scripted, play

EUCHRE = str(Path(sys.executable).with_name("euchre"))
WAIT = 60.0


class Game:
    """A ``euchre play --plain`` process that answers prompts when told."""

    def __init__(self, *args: str, cwd: Path) -> None:
        self.p = subprocess.Popen([EUCHRE, "play", "--plain", "--ascii", *args], cwd=cwd,
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE)
        os.set_blocking(self.p.stdout.fileno(), False)
        self.out = b""

    def prompt(self) -> bytes:
        """Read until the game asks (a prompt ends in "? " or ": "), or it ends."""
        end = time.monotonic() + WAIT
        while not self.out.endswith((b"? ", b": ")):
            assert time.monotonic() < end, self.out[-300:]
            chunk = self.p.stdout.read()
            if chunk:
                self.out += chunk
            elif self.p.poll() is not None:
                break
            else:
                time.sleep(0.01)
        return self.out

    def send(self, line: str) -> None:
        self.out = b""
        self.p.stdin.write(line.encode() + b"\n")
        self.p.stdin.flush()

    def end(self, *lines: str) -> tuple[int, str, str]:
        """Send the last lines, close the input, wait (bounded) for the exit."""
        os.set_blocking(self.p.stdout.fileno(), True)
        out, err = self.p.communicate("".join(x + "\n" for x in lines).encode(), timeout=WAIT)
        return self.p.returncode, (self.out + out).decode(), err.decode()

    def kill(self) -> None:
        if self.p.poll() is None:
            self.p.kill()
        self.p.wait(10)


@pytest.fixture
def games():
    started: list[Game] = []
    yield started
    for g in started:
        g.kill()


def run(args: list[str], cwd: Path, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([EUCHRE, "play", "--plain", "--ascii", *args], cwd=cwd,
                          input=stdin.encode(), capture_output=True, timeout=WAIT)


def test_a_second_process_cannot_resume_the_partial_file_of_a_live_game(tmp_path, games):
    # euchre play --seed 5 --transcript live.json runs; a second terminal runs
    # euchre play --resume live.json.partial, plays and quits; the first game's next
    # move recreated live.json.partial over the second's file: the second game was gone
    first = Game("--seed", "5", "--transcript", "live.json", cwd=tmp_path)
    games.append(first)
    first.prompt()
    second = run(["--resume", "live.json.partial"], tmp_path, stdin="p\np\nq\n")
    err = second.stderr.decode()
    assert second.returncode == 2, (second.returncode, second.stdout.decode()[-300:], err)
    assert "is being played by another euchre" in err and len(err.strip().splitlines()) == 1
    assert "Traceback" not in err
    first.send("p")
    first.prompt()
    code, out, err = first.end("q")
    assert code == 0, err
    events = read(tmp_path / "live.json").events
    assert [e["ev"] for e in events][:2] == ["first_dealer", "deal"]
    assert not (tmp_path / "live.json.partial").exists()


def test_two_resumes_of_one_file_at_once_leave_valid_json(tmp_path, games):
    # two euchre play --resume live.json at once wrote one file interleaved
    r = run(["--seed", "5", "--transcript", "live.json"], tmp_path, stdin="p\nq\n")
    assert r.returncode == 0, r.stderr
    first = Game("--resume", "live.json", cwd=tmp_path)
    games.append(first)
    first.prompt()
    second = run(["--resume", "live.json"], tmp_path, stdin="p\np\np\nq\n")
    err = second.stderr.decode()
    assert second.returncode == 2 and "being played by another euchre" in err, err
    assert len(err.strip().splitlines()) == 1
    first.send("p")
    first.prompt()
    code, out, err = first.end("q")
    assert code == 0, err
    json.loads((tmp_path / "live.json").read_text())           # one writer: valid JSON
    assert GameLoop.resume(tmp_path / "live.json").game.seed == 5


def test_a_transcript_taken_over_during_the_game_is_not_clobbered(tmp_path, games):
    # the first game's file is renamed away and another process takes the name: the
    # first game's next move must not write over the other's file
    first = Game("--seed", "5", "--transcript", "live.json", cwd=tmp_path)
    games.append(first)
    first.prompt()
    partial = tmp_path / "live.json.partial"
    partial.rename(tmp_path / "moved.json")
    other = Game("--seed", "7", "--transcript", "live.json", cwd=tmp_path)
    games.append(other)
    other.prompt()
    first.send("p")
    first.prompt()
    assert read(partial).seed == 7                           # still the other's
    code, out, err = first.end("q")
    assert code == 1 and "being written by another euchre" in out, out[-500:]
    assert '"seed": 5' in err                                # the game is not lost
    code, out, err = other.end("q")
    assert code == 0 and read(tmp_path / "live.json").seed == 7, err


# --- several unfinished games -------------------------------------------------------

def _cli(args: list[str], stdin: str = "") -> tuple[int, str]:
    r = CliRunner().invoke(cli, args, input=stdin)
    assert "Traceback" not in r.output
    return r.exit_code, r.output


def test_a_second_unfinished_game_does_not_replace_the_first(tmp_path, monkeypatch):
    # printf 'p\np\nq\n' | euchre play --plain --seed 1, then printf 'q\n' | euchre play
    # --plain --seed 2: unfinished.json held game 2 only
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    code, out = _cli(["play", "--plain", "--seed", "1"], "p\np\nq\n")
    assert code == 0 and "The game so far is saved" in out, out
    code, out = _cli(["play", "--plain", "--seed", "2"], "q\n")
    assert code == 0 and "The game so far is saved" in out, out
    code, listing = _cli(["play", "--resume"])
    assert code == 0, listing
    assert "game 1, hand 1" in listing and "game 2, hand 1" in listing, listing
    files = sorted((tmp_path / "euchre64" / "unfinished").iterdir())
    assert len(files) == 2
    assert sorted(GameLoop.resume(f).game.seed for f in files) == [1, 2]
    for f in files:
        assert f"euchre play --resume {f}" in listing


def test_a_finished_game_is_not_kept_as_unfinished(tmp_path, monkeypatch):
    # a finished game without --transcript was written to unfinished.json, and
    # --resume on it then said the game is over
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    store = tmp_path / "euchre64" / "unfinished"
    s = Scripted(preset("bit93"), 2)
    play(s, "bit93", 2)                                    # the answers of a whole game
    code, out = _cli(["play", "--plain", "--seed", "2"], "".join(x + "\n" for x in s.sent))
    assert code == 0, out[-300:]
    assert not list(store.glob("*")), list(store.iterdir())
    # a saved game resumed and played to the end goes too
    half = Scripted(preset("bit93"), 3, stop_after=5, quit=True)
    play(half, "bit93", 3, save_dir=store)
    [saved] = store.iterdir()
    rest = Scripted(preset("bit93"), 3, shadow=GameLoop.resume(saved))
    code, text = play(rest, "bit93", 3, resume=saved, save_dir=store)
    assert code == 0 and "Final score" in text or "won" in text, text[-300:]
    assert not list(store.iterdir()), list(store.iterdir())
    code, listing = _cli(["play", "--resume"])
    assert code == 0 and "No unfinished games" in listing, listing


def test_a_saved_game_being_played_is_listed_as_such_and_not_resumed(tmp_path, games):
    env_home = tmp_path / "data"
    env = dict(os.environ, XDG_DATA_HOME=str(env_home))
    p = subprocess.Popen([EUCHRE, "play", "--plain", "--ascii", "--seed", "4"],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, env=env, cwd=tmp_path)
    g = Game.__new__(Game)
    g.p, g.out = p, b""
    os.set_blocking(p.stdout.fileno(), False)
    games.append(g)
    g.prompt()
    listing = subprocess.run([EUCHRE, "play", "--resume"], env=env, capture_output=True,
                             timeout=WAIT).stdout.decode()
    assert "being played now by another euchre" in listing, listing
    [partial] = (env_home / "euchre64" / "unfinished").iterdir()
    r = subprocess.run([EUCHRE, "play", "--plain", "--resume", str(partial)], env=env,
                       capture_output=True, timeout=WAIT, input=b"q\n")
    assert r.returncode == 2 and b"another euchre" in r.stderr, r.stderr
    code, out, err = g.end("q")
    assert code == 0 and "The game so far is saved" in out, out[-300:]


def test_resuming_a_file_whose_later_moves_a_crash_left_in_partial_is_refused(tmp_path):
    # a resumed game killed with kill -9 leaves its newer moves in FILE.partial; the
    # next --resume FILE wrote over them
    r = run(["--seed", "5", "--transcript", "live.json"], tmp_path, stdin="q\n")
    assert r.returncode == 0, r.stderr
    a = Game("--resume", "live.json", cwd=tmp_path)
    try:
        a.prompt()
        a.send("p")
        a.prompt()
        a.p.kill()                                       # kill -9: no chance to rename
        a.p.wait(10)
    finally:
        a.kill()
    later = tmp_path / "live.json.partial"
    moves = len(read(later).events)
    assert moves > len(read(tmp_path / "live.json").events)
    r = run(["--resume", "live.json"], tmp_path, stdin="q\n")
    err = r.stderr.decode()
    assert r.returncode == 2 and "holds later moves" in err, (r.returncode, err)
    assert len(read(later).events) == moves                  # nothing written over
    r = run(["--resume", "live.json.partial"], tmp_path, stdin="q\n")
    assert r.returncode == 0, r.stderr
