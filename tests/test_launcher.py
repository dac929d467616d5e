"""A signal in the ``euchre`` command's first tenth of a second (issue 45, item 3).

``timeout -s INT 0.1 euchre replay g.json`` printed a traceback 5 times in 120 (40 in
120 at load 10): inside the interpreter's start-up and the editable install's path hook,
before any of the project's code runs. The script make installs now starts Python with
the stop signals blocked (tools/commands/launcher.py); a signal then waits until the
command can end in one line. The first test checks that from the first instruction;
the second sends signals at many moments and asserts, whatever the timing, that no run
prints a traceback."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from pyengine.cli import cli
from tools.commands.launcher import BLOCK, env_blocks, launcher_line

EUCHRE = Path(sys.executable).with_name("euchre")
STOPS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT)

needs_env = pytest.mark.skipif(not env_blocks("env"), reason="env has no --block-signal")


def test_the_launcher_line() -> None:
    assert launcher_line("#!/v/bin/python", "/usr/bin/env") == \
        f"#!/usr/bin/env -S {BLOCK} /v/bin/python"
    assert launcher_line(f"#!/usr/bin/env -S {BLOCK} /v/bin/python", "/usr/bin/env") is None
    assert launcher_line("# not a script", "/usr/bin/env") is None
    assert launcher_line("#!/" + "x" * 300, "/usr/bin/env") is None     # too long for Linux


@needs_env
def test_the_euchre_script_starts_python_with_the_stop_signals_blocked() -> None:
    first = EUCHRE.read_text().partition("\n")[0]
    assert BLOCK in first, f"{EUCHRE} starts {first!r}: make installs the launcher"
    argv = first[2:].split()
    assert argv[1] == "-S"
    # the script's own start, with python's first statement reading its signal mask
    probe = "print(open('/proc/self/status').read())"
    out = subprocess.run([argv[0], *argv[2:], "-S", "-c", probe], capture_output=True,
                         text=True, timeout=120).stdout
    blocked = int(next(line for line in out.splitlines()
                       if line.startswith("SigBlk:")).split()[1], 16)
    assert all(blocked & (1 << (s - 1)) for s in STOPS), hex(blocked)


@needs_env
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["INT", "TERM"])
def test_a_signal_while_euchre_starts_is_never_a_traceback(tmp_path: Path, sig: int) -> None:
    game = tmp_path / "g.json"
    r = CliRunner().invoke(cli, ["play", "--seed", "5", "--plain", "--speed", "instant",
                                 "--transcript", str(game)], input="p\n")
    assert game.is_file(), r.output
    delays = [0.008 * i for i in range(1, 26)]     # 8 ms to 200 ms: start-up to the replay
    for delay in delays:
        p = subprocess.run(["timeout", "--preserve-status", "-s", str(int(sig)), str(delay),
                            str(EUCHRE), "replay", str(game)],
                           capture_output=True, text=True, timeout=120)
        assert "Traceback" not in p.stderr and "Fatal Python error" not in p.stderr, \
            (delay, p.stderr[-3000:])
        assert p.returncode in (0, 128 + sig), (delay, p.returncode, p.stderr[-2000:])
        assert set(p.stderr.splitlines()) <= {"", "euchre: interrupted"}, (delay, p.stderr)
