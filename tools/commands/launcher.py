"""The ``euchre`` script starts with the stop signals blocked, from before Python runs.

A Ctrl-C or ``kill`` in the first tenth of a second printed a traceback (5 of 120
``timeout -s INT 0.1 euchre replay g.json``; 40 of 120 at load 10): the interpreter
was still starting - ``site`` reading the editable install's ``.pth``, whose finder
imports ``pathlib`` and with it ``urllib`` and ``ipaddress``, or the console script
importing ``pyengine`` - before ``pyengine/__init__.py`` could block the signals
(:mod:`tools.commands.entry`). No Python code runs earlier than ``site``, so the
signals must be blocked by the process that starts Python: a blocked signal mask is
kept across ``execve``. GNU env (coreutils 8.31 and later) does it:
``env --block-signal=INT,TERM,HUP,QUIT python SCRIPT``. A signal that comes meanwhile
stays pending, and is delivered when the entry point lets the signals through after
its imports: one line, exit 128 + the signal.

``make`` runs this after it installs the package (``python -m tools.commands.launcher
.venv/bin/euchre``): the script's ``#!PYTHON`` line becomes ``#!ENV -S
--block-signal=... PYTHON``. Where env lacks ``--block-signal`` (BSD, macOS, busybox)
or the line would be too long for the kernel, the script is left as pip wrote it.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

BLOCK = "--block-signal=INT,TERM,HUP,QUIT"
SHEBANG_LIMIT = 255          # bytes the Linux kernel reads of a #! line (since 5.1)


def env_blocks(env: str) -> bool:
    """True if ``env`` takes ``--block-signal`` (GNU coreutils 8.31 or later)."""
    try:
        return subprocess.run([env, BLOCK, "true"], capture_output=True,
                              timeout=30).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


def launcher_line(first: str, env: str) -> str | None:
    """The new first line for a script whose first line is ``first`` (``#!PYTHON``), or
    None if it is not one or already is the launcher's."""
    if not first.startswith("#!") or BLOCK in first:
        return None
    python = first[2:].strip()
    if not python or " " in python:
        return None
    line = f"#!{env} -S {BLOCK} {python}"
    return line if len(line.encode()) <= SHEBANG_LIMIT else None


def install(script: Path) -> str:
    """Rewrite ``script``'s first line (see the module's doc); what was done, in words."""
    env = shutil.which("env")
    if env is None or not env_blocks(env):
        return f"{script}: left as it is (no env with {BLOCK.split('=')[0]})"
    text = script.read_text()
    first, newline, rest = text.partition("\n")
    line = launcher_line(first, env)
    if line is None:
        return f"{script}: left as it is ({first[:60]!r})"
    script.write_text(line + newline + rest)
    return f"{script}: starts with the stop signals blocked ({env} {BLOCK})"


def main(argv: list[str]) -> int:
    for name in argv:
        print(install(Path(name)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
