"""Output paths checked before any work, so a long run never ends in a write error."""

from __future__ import annotations

import os
from pathlib import Path


def output_problem(path: Path, suffixes: tuple[str, ...] = ()) -> str | None:
    """None if a file can be written at ``path``, else a one-line reason.

    Nothing is created: the parent must be an existing, writable directory, the
    path must not be a directory (or an existing file that cannot be written),
    and its name must end in one of ``suffixes`` when they are given.
    """
    if suffixes and path.suffix.lower() not in suffixes:
        return f"{path}: the name must end in {' or '.join(suffixes)}"
    if path.is_dir():
        return f"{path} is a directory"
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        return f"{path}: the directory {parent} does not exist"
    if path.exists():
        if not os.access(path, os.W_OK):
            return f"{path}: cannot write (permission denied)"
    elif not os.access(parent, os.W_OK | os.X_OK):
        return f"{path}: cannot write in {parent} (permission denied)"
    return None


def directory_problem(path: Path) -> str | None:
    """None if ``path`` is, or can be made as, a writable directory; else a reason."""
    if path.exists() and not path.is_dir():
        return f"{path} exists and is not a directory"
    probe = path
    while not probe.exists():
        probe = probe.parent
    if not probe.is_dir():
        return f"{path}: {probe} is not a directory"
    if not os.access(probe, os.W_OK | os.X_OK):
        return f"{path}: cannot write in {probe} (permission denied)"
    return None
