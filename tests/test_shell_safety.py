"""``euchre play`` never loses a played game and never shows a traceback (issue 14).

Each test is one reproduction of the issue: Unicode digits, huge lines and bytes
that are not UTF-8 at the prompts; Ctrl-C and ``kill`` at any moment; transcript
paths that cannot be written (an unsearchable folder, a FIFO, ``/dev/full``, a full
disk, a folder removed mid-game) and an existing transcript, which is kept unless
``--force``.
"""

from __future__ import annotations

import errno
import io
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from pyengine.play.shell import EXIT_EOF, EXIT_OK, EXIT_USAGE, run_shell_game
from pyengine.records.replay import ReplayError, judge
from pyengine.records.transcript import loads, read
from tools.commands.cli import cli

from .helpers import report
from .ptyrun import read_until_prompt

EUCHRE = str(Path(sys.executable).with_name("euchre"))
UNICODE_DIGITS = ["²", "①", "⒏", "٣", "１", "߂"]


def play(lines: list[str] | bytes, seed: int = 1, rules: str = "bit93",
         transcript: Path | None = None, force: bool = False) -> tuple[int, str]:
    if isinstance(lines, bytes):
        stdin = io.TextIOWrapper(io.BytesIO(lines), encoding="utf-8", errors="strict")
    else:
        stdin = io.StringIO("".join(line + "\n" for line in lines))
    out = io.StringIO()
    code = run_shell_game(seed, False, transcript, True, rules, stdin=stdin, stdout=out,
                          force=force)
    return code, out.getvalue()


def replays_so_far(path: Path) -> int:
    """Every event of the file is accepted by the rules; the number of events."""
    t = read(path)
    try:
        judge(t)
    except ReplayError as exc:
        assert "ends before the game is over" in str(exc) or "ends early" in str(exc), exc
    return len(t.events)


# --- answers that are not answers ------------------------------------------------------

@pytest.mark.parametrize("digit", UNICODE_DIGITS)
def test_a_unicode_digit_at_every_prompt_is_refused_and_the_game_kept(digit, tmp_path):
    # printf 'p\np\n²\n' | euchre play --seed 1 --transcript t.json: ValueError from int('²')
    path = tmp_path / "t.json"
    code, text = play(["p", "p", digit] + [digit, "1", "p"] * 40, transcript=path)
    assert code == EXIT_EOF, text[-500:]
    assert "Traceback" not in text and "is not a card" in text
    assert replays_so_far(path) > 2


@pytest.mark.parametrize("digit", UNICODE_DIGITS)
def test_a_unicode_digit_as_a_bid6_bid_is_refused(digit):
    code, text = play([digit, "q"], rules="bid6")
    assert code == EXIT_OK, text[-500:]
    assert f"{digit!r} is not an answer here" in text


def test_a_line_of_5000_digits_is_refused(tmp_path):
    # "ValueError: Exceeds the limit (4300 digits)"
    path = tmp_path / "t.json"
    code, text = play(["p", "p", "9" * 5000, "q"], transcript=path)
    assert code == EXIT_OK and "that line is too long" in text and "You quit" in text
    code, text = play(["p", "p", "9" * 4000, "q"], transcript=path, force=True)
    assert code == EXIT_OK and "99999999999999999...: there is no card" in text
    code, text = play(["1" * 4000, "q"], rules="bid6")
    assert code == EXIT_OK and "not an answer here" in text


def test_a_line_longer_than_an_answer_is_refused_and_the_next_line_read():
    code, text = play(["x" * 100_000, "q"])
    assert code == EXIT_OK and "that line is too long" in text and "You quit" in text
    code, text = play(b"p" * 100_000 + b"\nq\n")
    assert code == EXIT_OK and "that line is too long" in text and "You quit" in text


def test_bytes_that_are_not_utf8_are_refused_and_the_next_line_read(tmp_path):
    path = tmp_path / "t.json"
    code, text = play(b"\xff\n\xc3\np\nq\n", transcript=path)
    assert code == EXIT_OK, text
    assert text.count("that line is not utf-8 text") == 2
    bids = [e for e in read(path).events if e["ev"] == "bid" and e["seat"] == 0]
    assert len(bids) == 1          # the p line after the bad ones was read


def test_strict_utf8_stdin_through_the_command():
    # printf '\xff\n' | PYTHONIOENCODING=utf-8:strict euchre play --seed 1: UnicodeDecodeError
    env = dict(os.environ, PYTHONIOENCODING="utf-8:strict")
    r = subprocess.run([EUCHRE, "play", "--seed", "1", "--ascii"], input=b"\xff\nq\n",
                       capture_output=True, env=env, timeout=60)
    assert b"Traceback" not in r.stderr, r.stderr.decode()
    assert r.returncode == EXIT_OK and b"not utf-8 text" in r.stdout


def test_strict_utf8_stdin_in_euchre_c64():
    env = dict(os.environ, PYTHONIOENCODING="utf-8:strict")
    r = subprocess.run([EUCHRE, "c64"], input=b"\xff\n", capture_output=True, env=env,
                       timeout=120)
    assert b"Traceback" not in r.stderr, r.stderr.decode()
    assert r.returncode == 0
    assert b"not utf-8 text" in r.stdout


# --- signals ---------------------------------------------------------------------------

def test_ctrl_c_at_random_moments_of_start_up_is_never_a_traceback(capsys):
    # timeout -s INT 0.1 euchre play --seed 5 </dev/null: a KeyboardInterrupt traceback.
    # The interrupt comes at a random moment after the project's first module (the
    # package ``pyengine.tools``; ``pyengine`` itself imports nothing eagerly) has
    # been imported; before that the interpreter is still starting, which no
    # program can guard (PYTHONPROFILEIMPORTTIME says when).
    rng = random.Random(14)
    tries, codes = 32, set()
    env = dict(os.environ, PYTHONPROFILEIMPORTTIME="1")
    for i in range(tries):
        sig = signal.SIGINT if i % 4 else signal.SIGTERM
        p = subprocess.Popen([EUCHRE, "play", "--seed", "5"], stdin=subprocess.DEVNULL,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        seen = b""
        while not re.search(rb"\|\s+(pyengine\.)?tools$", seen.rstrip()):
            line = p.stderr.readline()
            assert line, seen[-500:]
            seen = line
        time.sleep(rng.uniform(0.0, 0.1))
        p.send_signal(sig)
        out, err = p.communicate(timeout=60)
        assert b"Traceback" not in err, err.decode()[-3000:]
        codes.add(p.returncode)
        # -SIGNAL: the signal came while the interpreter was shutting down, after the
        # game (the default action is back then); nothing is lost and nothing printed
        assert p.returncode in {EXIT_EOF, 130 if sig == signal.SIGINT else 143, -sig}, (
            p.returncode, err.decode()[-500:])
    report(capsys, f"{tries} SIGINT/SIGTERM during start-up: exit codes {sorted(codes)}, "
                   "no traceback")


def _game_in_progress(path: Path, *signals: int) -> tuple[int, bytes]:
    p = subprocess.Popen([EUCHRE, "play", "--seed", "4711", "--ascii", "--transcript",
                          str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    read_until_prompt(p)
    p.stdin.write(b"p\n")
    p.stdin.flush()
    read_until_prompt(p)
    for s in signals:
        p.send_signal(s)
    out, err = p.communicate(timeout=60)
    assert b"Traceback" not in err, err.decode()
    return p.returncode, err


@pytest.mark.parametrize("signals,codes", [
    ((signal.SIGINT,), {130}),
    ((signal.SIGTERM,), {143}),
    ((signal.SIGINT, signal.SIGINT), {130}),      # two together skipped the write
    ((signal.SIGTERM, signal.SIGINT, signal.SIGTERM), {130, 143}),   # SIGINT may come first
])
def test_a_signal_mid_game_leaves_the_game_so_far(signals, codes, tmp_path):
    path = tmp_path / "t.json"
    rc, _ = _game_in_progress(path, *signals)
    assert rc in codes
    bids = [e for e in read(path).events if e["ev"] == "bid" and e["seat"] == 0]
    assert len(bids) == 1
    assert replays_so_far(path) > 2
    assert not (tmp_path / "t.json.partial").exists()


def test_kill_9_mid_game_leaves_the_game_so_far_in_the_partial_file(tmp_path):
    path = tmp_path / "t.json"
    rc, _ = _game_in_progress(path, signal.SIGKILL)
    assert rc == -signal.SIGKILL and not path.exists()
    assert replays_so_far(tmp_path / "t.json.partial") > 2
    # the next game to the same name keeps that file unless told
    r = _refused(["--transcript", str(path)])
    assert b"t.json.partial exists" in r.stderr and b"--force" in r.stderr
    r = subprocess.run([EUCHRE, "play", "--auto", "--seed", "1", "--transcript", str(path),
                        "--force"], input=b"", capture_output=True, timeout=60)
    assert r.returncode == EXIT_OK and judge(read(path)).over
    assert not (tmp_path / "t.json.partial").exists()


def test_no_stdin_at_all_is_the_end_of_input():
    # euchre play <&- : sys.stdin is None
    r = subprocess.run(f"{EUCHRE} play --seed 1 --ascii <&-", shell=True, capture_output=True,
                       timeout=60)
    assert b"Traceback" not in r.stderr, r.stderr.decode()
    assert r.returncode == EXIT_EOF and b"Input ended during hand 1" in r.stdout


@pytest.mark.parametrize("redirect", [">&-", ">/dev/full"])
def test_no_stdout_or_a_full_one_still_keeps_the_transcript(redirect, tmp_path):
    path = tmp_path / "t.json"
    r = subprocess.run(f"{EUCHRE} play --auto --seed 1 --transcript {path} {redirect}",
                       shell=True, capture_output=True, timeout=60)
    assert b"Traceback" not in r.stderr, r.stderr.decode()
    assert r.returncode in (EXIT_OK, 1)
    assert replays_so_far(path) >= 2


def test_the_shell_can_run_off_the_main_thread():
    import threading

    result = {}
    t = threading.Thread(target=lambda: result.update(code=play(["q"])[0]))
    t.start()
    t.join(60)
    assert result == {"code": EXIT_OK}


def test_euchre_c64_auto_keeps_an_existing_transcript_unless_force(tmp_path):
    path = tmp_path / "c.json"
    path.write_text("mine\n")
    r = CliRunner().invoke(cli, ["c64", "--auto", "--seed", "3", "--transcript", str(path)])
    assert r.exit_code == EXIT_USAGE and "--force" in r.output and path.read_text() == "mine\n"
    r = CliRunner().invoke(cli, ["c64", "--auto", "--seed", "3", "--transcript", str(path),
                                 "--force"])
    assert r.exit_code == 0, r.output
    assert judge(read(path)).over


# --- where the transcript goes ---------------------------------------------------------

def _refused(args: list[str], timeout: float = 20) -> subprocess.CompletedProcess:
    r = subprocess.run([EUCHRE, "play", "--auto", "--seed", "1", *args], input=b"",
                       capture_output=True, timeout=timeout)
    assert b"Traceback" not in r.stderr, r.stderr.decode()
    assert r.returncode == EXIT_USAGE, (r.stdout, r.stderr)
    assert b"Game number" not in r.stdout       # refused before the game
    return r


def test_a_transcript_under_a_folder_that_cannot_be_searched_is_refused(tmp_path):
    # --transcript under a directory you cannot search: PermissionError
    top = Path("/tmp") / f"wt14-nosearch-{os.getpid()}"
    top.mkdir(mode=0o755)
    try:
        locked = top / "locked"
        locked.mkdir(mode=0o000)
        os.chmod(locked, 0o000)
        cmd = [EUCHRE, "play", "--auto", "--seed", "1", "--transcript",
               str(locked / "t.json")]
        if os.geteuid() == 0:       # root searches anything: drop that power first
            drop = "-dac_override,-dac_read_search"
            cmd = ["setpriv", f"--inh-caps={drop}", f"--bounding-set={drop}", "--", *cmd]
        r = subprocess.run(cmd, input=b"", capture_output=True, timeout=30)
        assert b"Traceback" not in r.stderr, r.stderr.decode()
        assert r.returncode == EXIT_USAGE
        assert b"Permission denied" in r.stderr
    finally:
        os.chmod(top / "locked", 0o755)
        shutil.rmtree(top)


def test_a_transcript_on_a_fifo_is_refused_without_blocking(tmp_path):
    # on a FIFO: hangs before the game
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    r = _refused(["--transcript", str(fifo)])
    assert b"FIFO" in r.stderr


def test_a_transcript_on_dev_full_is_refused_before_the_game():
    # on /dev/full: the game is played, then lost
    r = _refused(["--transcript", "/dev/full"])
    assert b"is a device" in r.stderr


def test_an_existing_transcript_is_kept_unless_force(tmp_path):
    path = tmp_path / "t.json"
    path.write_text("my last game\n")
    r = _refused(["--transcript", str(path)])
    assert b"--force" in r.stderr and path.read_text() == "my last game\n"
    r = subprocess.run([EUCHRE, "play", "--auto", "--seed", "1", "--transcript", str(path),
                        "--force"], input=b"", capture_output=True, timeout=60)
    assert r.returncode == EXIT_OK, r.stderr
    assert judge(read(path)).over


class _Hook(io.StringIO):
    """stdin that runs ``act`` before answer number ``at`` (then passes, then quits)."""

    def __init__(self, at: int, act, answers: int = 12) -> None:
        super().__init__()
        self.n, self.at, self.act, self.answers = 0, at, act, answers

    def readline(self, *a) -> str:
        self.n += 1
        if self.n == self.at:
            self.act()
        if self.n > self.answers:
            return "q\n"
        return "p12345"[self.n % 6] + "\n"      # one of them is legal at every prompt


def test_a_folder_removed_mid_game_loses_nothing(tmp_path, capsys):
    # a folder removed mid-game: the game is played, then lost
    folder = tmp_path / "games"
    folder.mkdir()
    path = folder / "t.json"
    stdin = _Hook(4, lambda: shutil.rmtree(folder))
    out = io.StringIO()
    code = run_shell_game(4711, False, path, True, "bit93", stdin=stdin, stdout=out)
    text = out.getvalue()
    assert code == 1 and "Could not write the transcript" in text
    assert "transcript: cannot write" in text      # said at once, not only at the end
    err = capsys.readouterr().err
    t = loads(err[err.index("{"):])
    assert [e for e in t.events if e["ev"] == "bid" and e["seat"] == 0]


def test_a_full_disk_mid_game_is_said_and_the_game_written_once_there_is_room(
        tmp_path, monkeypatch):
    real = os.pwrite
    full = {"now": False}

    def pwrite(fd, data, offset):
        if full["now"]:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(fd, data, offset)

    def fill():
        full["now"] = True

    monkeypatch.setattr(os, "pwrite", pwrite)
    path = tmp_path / "t.json"
    stdin = _Hook(3, fill, answers=12)
    orig = stdin.readline

    def readline(*a):
        if stdin.n == 8:
            full["now"] = False             # room again
        return orig(*a)

    stdin.readline = readline
    out = io.StringIO()
    code = run_shell_game(4711, False, path, True, "bit93", stdin=stdin, stdout=out)
    text = out.getvalue()
    assert code == EXIT_OK, text[-800:]
    assert "No space left on device" in text and f"Transcript written to {path}" in text
    assert replays_so_far(path) > 4


def test_a_disk_that_stays_full_shows_the_transcript_instead(tmp_path, monkeypatch, capsys):
    def pwrite(fd, data, offset):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    path = tmp_path / "t.json"
    stdin = _Hook(2, lambda: monkeypatch.setattr(os, "pwrite", pwrite), answers=6)
    out = io.StringIO()
    code = run_shell_game(4711, False, path, True, "bit93", stdin=stdin, stdout=out)
    assert code == 1
    err = capsys.readouterr().err
    assert json.loads(err[err.index("{"):])["seed"] == 4711


def test_euchre_c64_refuses_a_transcript_path_before_the_session(tmp_path):
    # euchre c64 --transcript /tmp/nodir/x.json plays a whole keyboard session, then fails
    bad = tmp_path / "nodir" / "x.json"
    result = CliRunner().invoke(cli, ["c64", "--transcript", str(bad)], input="\n" * 3)
    assert result.exit_code == EXIT_USAGE, result.output
    assert "does not exist" in result.output and "keys>" not in result.output


def test_a_reader_that_goes_during_the_last_words_still_gets_the_transcript(tmp_path):
    class GoesAtTheEnd(io.StringIO):
        def write(self, s: str) -> int:
            if "during hand" in s:
                raise BrokenPipeError
            return super().write(s)

    path = tmp_path / "t.json"
    code = run_shell_game(5, False, path, True, "bit93", stdin=io.StringIO("p\nq\n"),
                          stdout=GoesAtTheEnd())
    assert code == EXIT_OK
    assert [e for e in read(path).events if e["ev"] == "bid" and e["seat"] == 0]


def test_euchre_c64_without_stdin_ends_cleanly():
    r = subprocess.run(f"{EUCHRE} c64 <&-", shell=True, capture_output=True, timeout=120)
    assert b"Traceback" not in r.stderr, r.stderr.decode()
    assert r.returncode == 0
