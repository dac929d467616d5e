"""The command a player types to run this program again, for the hints the game prints
("go on with it later: ..."): a hint must name a command that works where he is.

* ``euchre`` found on ``PATH`` (or ``PATH`` finds this very program): ``euchre``.
* Run by a path (``.venv/bin/euchre``, as ``make play`` does and the README shows):
  that path, as typed when the player's shell is in the program's working folder,
  else made absolute.
* Started by ``make play`` (its parent is ``make`` with the target ``play``), for
  ``euchre play ...``: ``make play ARGS='...'``, with ``-C FOLDER`` when make was
  run from elsewhere.
* Anything else (``python -m``, a test runner): ``euchre``, the installed name.
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

NAME = "euchre"


@dataclass(frozen=True)
class Invocation:
    """How this process was started: its ``argv[0]``, the environment, its working
    folder and its parent's command line (empty when it cannot be read)."""
    argv0: str
    env: Mapping[str, str]
    cwd: str
    parent: tuple[str, ...] = ()

    @classmethod
    def current(cls) -> Invocation:
        """This process's."""
        return cls(sys.argv[0] if sys.argv else "", os.environ, os.getcwd(), _parent_args())

    def _shell_is_here(self) -> bool:
        """The player's shell is in this process's working folder (``$PWD`` says where
        the shell was; ``make -C`` or a script's ``cd`` move the process away)."""
        pwd = self.env.get("PWD")
        try:
            return pwd is None or Path(pwd).resolve() == Path(self.cwd).resolve()
        except OSError:
            return False

    def _make_play(self) -> bool:
        if "MAKELEVEL" not in self.env or not self.parent:
            return False
        return Path(self.parent[0]).name in ("make", "gmake") and "play" in self.parent[1:]

    def command(self, args: str) -> str:
        """The command line that runs ``euchre ARGS`` (``args`` already quoted)."""
        if self._make_play() and args.startswith("play "):
            where = "" if self._shell_is_here() else f" -C {shlex.quote(self.cwd)}"
            return f"make{where} play ARGS={shlex.quote(args.removeprefix('play '))}"
        if Path(self.argv0).name != NAME:
            return f"{NAME} {args}"
        if "/" not in self.argv0:
            return f"{self.argv0} {args}"                # found on PATH
        found = shutil.which(NAME, path=self.env.get("PATH", ""))
        program = Path(self.cwd, self.argv0)
        try:
            if found and Path(found).resolve() == program.resolve():
                return f"{NAME} {args}"
        except OSError:
            pass
        path = self.argv0 if self._shell_is_here() else str(program.absolute())
        return f"{shlex.quote(path)} {args}"


def _parent_args() -> tuple[str, ...]:
    """The parent process's command line (Linux's /proc), else ()."""
    try:
        raw = Path(f"/proc/{os.getppid()}/cmdline").read_bytes()
    except OSError:
        return ()
    return tuple(a.decode(errors="replace") for a in raw.split(b"\0") if a)


def euchre_command(args: str, how: Invocation | None = None) -> str:
    """``euchre ARGS`` as the player can type it (see the module docstring)."""
    return (how or Invocation.current()).command(args)


def resume_command(path: Path, how: Invocation | None = None) -> str:
    """The command that goes on with the game saved in ``path``."""
    return euchre_command(f"play --resume {shlex.quote(str(path))}", how)
