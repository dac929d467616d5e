"""A command run on a real terminal: a pseudo-terminal of a chosen size, as tmux or a
terminal window gives one, so the table's own terminal driver (not Textual's headless
pilot) reads the bytes sent and the escape codes it writes can be looked at."""

from __future__ import annotations

import fcntl
import os
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

EUCHRE = str(Path(sys.executable).with_name("euchre"))


def sized_pty(columns: int, lines: int) -> tuple[int, int]:
    """A new pseudo-terminal of ``columns`` x ``lines``: (master, slave) descriptors."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
    return master, slave


class Terminal:
    """``argv`` on a ``columns`` x ``lines`` pseudo-terminal (stdin, stdout, stderr)."""

    def __init__(self, argv: list[str], env: dict[str, str], columns: int = 80,
                 lines: int = 24, cwd: Path | None = None) -> None:
        self.master, slave = sized_pty(columns, lines)
        self.proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env,
                                     cwd=cwd, start_new_session=True, close_fds=True)
        os.close(slave)
        self.output = bytearray()

    def _pump(self, seconds: float) -> None:
        ready, _, _ = select.select([self.master], [], [], seconds)
        if ready:
            try:
                data = os.read(self.master, 65536)
            except OSError:                  # EIO: the program closed the terminal
                data = b""
            if data:
                self.output += data
                return
        if self.proc.poll() is not None and not ready:
            return

    def expect(self, text: bytes, timeout: float = 30) -> None:
        """Read until ``text`` has been written (AssertionError with the output if not)."""
        end = time.monotonic() + timeout
        while text not in self.output:
            assert time.monotonic() < end, f"{text!r} not seen in {bytes(self.output[-1500:])!r}"
            self._pump(0.1)

    def settle(self, seconds: float) -> None:
        """Read whatever comes for ``seconds``."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self._pump(0.05)

    def send(self, data: bytes) -> None:
        """Type ``data`` (as ``tmux send-keys -l`` does)."""
        os.write(self.master, data)

    def wait(self, timeout: float = 30) -> int:
        """The exit code, reading the output to the end."""
        end = time.monotonic() + timeout
        while self.proc.poll() is None:
            assert time.monotonic() < end, f"still running: {bytes(self.output[-1500:])!r}"
            self._pump(0.1)
        self.settle(0.2)
        return self.proc.returncode

    def close(self) -> None:
        """End the program if it still runs; close the terminal."""
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=30)
        os.close(self.master)


def play_env(home: Path, term: str = "xterm-256color", **extra: str) -> dict[str, str]:
    """The environment of a player's terminal, with his files under ``home``."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("NO_COLOR", "COLUMNS", "LINES", "MAKELEVEL", "MAKEFLAGS")}
    env |= {"TERM": term, "HOME": str(home), "XDG_DATA_HOME": str(home / "data"),
            "XDG_CACHE_HOME": str(home / "cache"), "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}
    return env | extra


def read_until_prompt(p: subprocess.Popen, timeout: float = 30,
                      until_exit: bool = False) -> bytes:
    """What a line-mode game on pipes wrote up to its next prompt (``? `` or ``: ``);
    ``until_exit``: or up to its end, when it may end first. The pipe is left blocking."""
    got = b""
    end = time.monotonic() + timeout
    os.set_blocking(p.stdout.fileno(), False)
    while not got.endswith((b"? ", b": ")) and not (until_exit and p.poll() is not None):
        assert time.monotonic() < end, got[-300:]
        chunk = p.stdout.read()
        if chunk:
            got += chunk
        else:
            time.sleep(0.01)
    os.set_blocking(p.stdout.fileno(), True)
    return got
