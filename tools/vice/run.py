"""Real VICE x64sc (../shared/vice, WebAssembly in headless Chromium) for tools and tests.

``../shared/vice`` (beside the project root; ``VICE_DIR`` overrides) holds ``drive.js`` and its
Python client ``vice.py``; ``setup.sh`` there installs Debian's chromium and the pinned npm
packages into ``~/.cache/vice-runner`` (``make vice-setup`` runs it).  This module finds it,
says in one sentence what is missing when it is not usable (:func:`setup_problem`), and opens a
VICE that is always closed again (:func:`running`).
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
# the program the judges play (EUCHRE_PRG: another build, e.g. a mutant); its .map beside it
PRG = Path(os.environ.get("EUCHRE_PRG") or ROOT / "build" / "euchre.prg")


def vice_dir() -> Path:
    return Path(os.environ.get("VICE_DIR") or ROOT.parent / "shared" / "vice")


def modules_dir() -> Path:
    env = os.environ.get("VICE_RUNNER_MODULES")
    if env:
        return Path(env)
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return cache / "vice-runner" / "node_modules"


def setup_problem() -> str | None:
    """None if real VICE can run here, else what is missing and how to get it."""
    d = vice_dir()
    if not (d / "drive.js").is_file() or not (d / "vice.py").is_file():
        return f"real VICE runner not found: {d}/drive.js and vice.py (set VICE_DIR)"
    if shutil.which("node") is None:
        return "node is not installed (needed by ../shared/vice/drive.js)"
    chromium = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    if not os.access(chromium, os.X_OK):
        return f"{chromium} missing: run `make vice-setup` (bash {d}/setup.sh, as root)"
    nm = modules_dir()
    for pkg in ("playwright-core", "@emulatorjs/emulatorjs", "@emulatorjs/core-vice_x64sc"):
        if not (nm / pkg).is_dir():
            return f"{nm / pkg} missing: run `make vice-setup` (bash {d}/setup.sh)"
    return None


def vice_class() -> Any:
    """The ``Vice`` class of ../shared/vice/vice.py."""
    d = str(vice_dir())
    if d not in sys.path:
        sys.path.insert(0, d)
    import vice  # type: ignore[import-not-found]

    return vice.Vice


@contextmanager
def running(media: Path | str, *, autostart: bool = True, log: Any = None) -> Iterator[Any]:
    """A VICE booted with ``media`` (.prg autostarted, or .d64 attached); closed on exit."""
    problem = setup_problem()
    if problem:
        raise RuntimeError(problem)
    v = vice_class()(str(media), autostart=autostart, log=log)
    try:
        yield v
    finally:
        v.close()
