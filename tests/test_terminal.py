"""Terminal conventions (issue 11): colour, ASCII, line editing, progress, Ctrl-C, defaults.

NO_COLOR and TERM=dumb turn colour off; LANG=C / LC_ALL=C give ASCII cards
even though Python's UTF-8 mode makes stdout claim UTF-8; long runs show a
progress bar with an ETA on a terminal only; Ctrl-C ends a cross-check within
a second; ``--version``; ``euchre shot`` and ``euchre vectors`` run without
arguments.
"""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from pyengine.play.shell import choose_style, run_shell_game
from tools.commands.cli import cli

from .signs import Watched, done_of

ROOT = Path(__file__).resolve().parent.parent
PRG = ROOT / "build" / "euchre.prg"
ANSI = "\x1b["
UTF8_TTY = {"LANG": "C.UTF-8", "TERM": "xterm"}


class Tty(io.StringIO):
    encoding = "utf-8"

    def isatty(self) -> bool:
        return True



def _as_a_shell_starts_it() -> None:
    """In the child: the signal dispositions and mask a user's shell gives a command
    (SIGINT at its default, nothing blocked), whatever the test process inherited or
    was left with by an earlier test."""
    import signal as _signal
    _signal.signal(_signal.SIGINT, _signal.SIG_DFL)
    _signal.pthread_sigmask(_signal.SIG_SETMASK, [])

def tty_game(env: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> str:
    for name in ("NO_COLOR", "LC_ALL", "LC_CTYPE", "LANG", "TERM"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    out = Tty()
    run_shell_game(4711, True, None, False, "bit93", stdin=io.StringIO(""), stdout=out,
                   speed="instant")   # a terminal paces --auto: not in a test
    return out.getvalue()


def test_a_utf8_terminal_gets_colour_and_symbols(monkeypatch: pytest.MonkeyPatch) -> None:
    text = tty_game(UTF8_TTY, monkeypatch)
    assert ANSI in text and "\u2665" in text


@pytest.mark.parametrize("env", [{**UTF8_TTY, "NO_COLOR": "1"}, {**UTF8_TTY, "TERM": "dumb"}])
def test_no_color_and_a_dumb_terminal_turn_colour_off(env: dict[str, str],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    text = tty_game(env, monkeypatch)
    assert ANSI not in text and "\u2665" in text


@pytest.mark.parametrize("env", [{"LANG": "C"}, {"LC_ALL": "C", "LANG": "C.UTF-8"},
                                 {"LANG": "POSIX"}, {"LC_CTYPE": "en_US.ISO-8859-1"}])
def test_a_locale_without_utf8_gives_ascii_cards(env: dict[str, str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    text = tty_game({**env, "TERM": "xterm"}, monkeypatch)
    assert text.isascii() and ANSI not in text


def test_the_c_locale_wins_over_a_stream_that_claims_utf8() -> None:
    from pyengine.play.terminal import locale_is_ascii
    assert choose_style(Tty(), False, {"LANG": "C"}).ascii
    assert not choose_style(Tty(), False, {"LANG": "C.UTF-8"}).ascii
    assert not locale_is_ascii({}) and locale_is_ascii({"LC_ALL": "C", "LANG": "en_US.UTF-8"})


def test_c64_has_an_ascii_mode() -> None:
    r = CliRunner().invoke(cli, ["c64", "--ascii", "--prg", str(PRG)], input="x\n")
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
    assert "EUCHRE 64" in r.output and r.output.isascii()
    from pyengine.play.terminal import to_ascii
    assert to_ascii("\u2660\u2665\u2666\u2663 \u256d\u2500\u256e \u2502") == "SHDC +-+ |"


def test_prompts_read_through_readline_only_on_the_real_terminal() -> None:
    from pyengine.play.terminal import line_editing
    assert not line_editing(io.StringIO(), io.StringIO())
    assert not line_editing(Tty(), Tty())          # not the process's own terminal


# --- progress ----------------------------------------------------------------------

def test_progress_shows_an_eta_on_a_terminal_and_nothing_in_a_pipe() -> None:
    from pyengine.measure.progress import bar
    tty, pipe = Tty(), io.StringIO()
    for stream in (tty, pipe):
        with bar(3, "arena", "match", stream) as b:
            for _ in range(3):
                time.sleep(0.15)                       # tqdm redraws at most every 0.1 s
                b.update(1)
    shown = tty.getvalue()
    assert "arena" in shown and "2/3 [00:00<00:00" in shown     # done/total [elapsed<ETA
    assert pipe.getvalue() == ""


def test_a_long_run_in_a_pipe_prints_only_its_report() -> None:
    p = subprocess.run([sys.executable, "-m", "tools.commands.cli", "arena", "--team-a", "random",
                        "--team-b", "random", "--matches", "4", "--jobs", "1"], cwd=ROOT,
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 0 and p.stderr == ""
    assert "matches won" in p.stdout


@pytest.mark.parametrize("args", [
    # was: about 9 s, the workers finished their chunks first
    ["crosscheck", "--games", "5000", "--jobs", "2", "--prg", str(PRG)],
    # was: a KeyboardInterrupt traceback from each pool worker
    ["arena", "--matches", "400", "--jobs", "2"],
], ids=["crosscheck", "arena"])
@pytest.mark.alone          # "within a second": not beside another worker's test
def test_ctrl_c_stops_a_long_run_within_a_second(args: list[str]) -> None:
    # Ctrl-C goes once the progress bar has counted a game or match done (a sign: it
    # slept 4 s first, assuming the workers were busy by then: tests/signs.py)
    w = Watched([sys.executable, "-m", "tools.commands.cli", *args], cwd=ROOT,
                start_new_session=True, preexec_fn=_as_a_shell_starts_it)
    try:
        w.wait_for(done_of(args[2]))
        start = time.perf_counter()
        os.killpg(w.proc.pid, signal.SIGINT)            # what Ctrl-C sends
        code = w.finish()
        took = time.perf_counter() - start
    finally:
        w.close(lambda: os.killpg(w.proc.pid, signal.SIGKILL))
    err = w.text()
    assert took < 1.0, took
    assert code == 130 and "interrupted after" in err and "Traceback" not in err, err[-2000:]


# --- --version and defaults ------------------------------------------------------------

def test_version() -> None:
    r = CliRunner().invoke(cli, ["--version"])
    assert r.exit_code == 0 and r.output.startswith("euchre (Euchre 64) ")


def test_shot_needs_no_arguments(tmp_path: Path) -> None:
    p = subprocess.run([sys.executable, "-m", "tools.commands.cli", "shot", "--prg", str(PRG)],
                       cwd=tmp_path, capture_output=True, text=True, timeout=120,
                       env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert p.returncode == 0, p.stderr
    written = list(tmp_path.glob("euchre-*.png"))
    assert len(written) == 1 and "after event 1 (first_dealer)" in p.stdout


def test_vectors_need_no_out(tmp_path: Path) -> None:
    p = subprocess.run([sys.executable, "-m", "tools.commands.cli", "vectors", "--games", "1",
                        "--no-variants"], cwd=tmp_path, capture_output=True, text=True,
                       timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert p.returncode == 0, p.stderr
    assert (tmp_path / "vectors" / "games_auto.json").exists()


def test_every_option_of_every_command_has_help() -> None:
    import click
    missing = [f"{name} {p.name}" for name, cmd in cli.commands.items() for p in cmd.params
               if isinstance(p, click.Option) and not p.help]
    assert not missing


def test_prompts_on_a_terminal_have_line_editing_and_history() -> None:
    # up arrow recalls the last answer (zz), two backspaces delete it, p passes
    import pty
    import select

    pid, fd = pty.fork()
    if pid == 0:                                                 # the child: the game
        os.environ.update({"TERM": "xterm", "LANG": "C.UTF-8"})
        os.execv(sys.executable, [sys.executable, "-m", "tools.commands.cli", "play", "--plain",
                                  "--seed", "1", "--ascii"])

    def read(seconds: float, until: str) -> str:
        out, end = b"", time.time() + seconds
        while time.time() < end and until not in out.decode(errors="replace"):
            if select.select([fd], [], [], 0.1)[0]:
                try:
                    out += os.read(fd, 65536)
                except OSError:
                    break
        return out.decode(errors="replace")

    try:
        read(30, "order up alone? ")
        os.write(fd, b"zz\r")
        assert "'zz' is not a bid" in read(10, "order up alone? ")
        os.write(fd, b"\x1b[A\x7f\x7fp\r")
        assert "You: pass" in read(10, "You: pass")
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(fd)


# --- line mode fits the terminal's width (issue 27, item 13) ---------------------------

def _pty_of(columns: int):
    from .ptyrun import sized_pty

    master, slave = sized_pty(columns, 24)
    return master, os.fdopen(slave, "w")


def test_line_width_is_the_terminals_up_to_80_columns():
    from pyengine.play.terminal import line_width

    for columns, width in ((70, 70), (80, 80), (132, 80), (8, 20)):
        master, stream = _pty_of(columns)
        try:
            assert line_width(stream) == width, columns
        finally:
            stream.close()
            os.close(master)
    assert line_width(io.StringIO()) == 80 and line_width(None) == 80


def test_line_mode_at_70_columns_breaks_no_word(tmp_path):
    # euchre play --plain in a 70-column window: lines of up to 80 columns were wrapped
    # by the terminal, in the middle of words
    import re

    from .ptyrun import EUCHRE, Terminal, play_env

    term = Terminal([EUCHRE, "play", "--plain", "--seed", "1", "--speed", "instant"],
                    play_env(tmp_path), columns=70, lines=24)
    try:
        for answer in (b"p", b"p", b"?", b"xyzzy", b"q"):
            term.expect(b"? ")                             # a prompt waits for an answer
            term.send(answer + b"\n")
            term.settle(0.3)
        assert term.wait() == 0
    finally:
        term.close()
    text = re.sub(r"\x1b\[[0-9;?]*[a-zA-Z]", "", bytes(term.output).decode())
    lines = text.replace("\r\n", "\n").split("\n")
    assert any("Canadian rule" in line for line in lines)          # the help was shown
    wide = [line for line in lines if len(line) > 70 and len(line.split()) > 1]
    assert not wide, wide                  # (a path longer than a line has no place to break)
