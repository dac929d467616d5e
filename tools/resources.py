"""Where the 6502 sources and the built program are, in a checkout and when installed.

In a checkout (``tools/`` beside ``asm/``, ``c64/`` and ``pyproject.toml``) the sources
are the repository's folders and the program is the checkout's ``build/euchre.prg``,
which ``make`` builds: nothing here builds it behind ``make``'s back.

Installed (``pip install``), the same folders travel as package data of
``pyengine.tools`` (``pyengine/tools/asm``, ``pyengine/tools/c64``) and are read
through :mod:`importlib.resources`. The program is built on first use into a cache
folder named after the digest of everything the build reads, so an upgrade that
changes a source builds a new program and an unchanged one is never rebuilt:
``$XDG_CACHE_HOME/euchre64/<digest>/build/euchre.prg`` (``~/.cache`` without
``XDG_CACHE_HOME``). Why built and not shipped prebuilt: the wheel then holds only
sources (no build step inside the wheel build, no binary that could disagree with
the sources beside it), Ophis is a dependency anyway (``euchre build``), and a
build takes about a second, once.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
from dataclasses import dataclass
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path

SOURCE_DIRS = ("asm", "c64")
SOURCE_SUFFIXES = (".oph", ".txt")
PROGRAM = Path("build") / "euchre.prg"
BUILD_MODULES = ("build.py", "charset.py")     # their code shapes the output too


def checkout_root() -> Path | None:
    """The repository these tools run from, or None when they are installed."""
    root = Path(__file__).resolve().parent.parent
    marks = (root / "asm" / "core.oph", root / "c64" / "main.oph", root / "pyproject.toml")
    return root if all(p.is_file() for p in marks) else None


def _source_dir(name: str) -> Traversable:
    root = checkout_root()
    if root is not None:
        return root / name
    return files(__package__) / name


def source_files() -> dict[str, bytes]:
    """Every source of the program by its path in the repository (``c64/main.oph``)."""
    found: dict[str, bytes] = {}
    for d in SOURCE_DIRS:
        for entry in sorted(_source_dir(d).iterdir(), key=lambda e: e.name):
            if entry.is_file() and entry.name.endswith(SOURCE_SUFFIXES):
                found[f"{d}/{entry.name}"] = entry.read_bytes()
    if "c64/main.oph" not in found:
        raise FileNotFoundError("the 6502 sources (c64/main.oph) are not installed")
    return found


def read_text(relative: str) -> str:
    """One source file as text, e.g. ``read_text("c64/charset.txt")``."""
    d, _, name = relative.partition("/")
    return (_source_dir(d) / name).read_text(encoding="utf-8")


def cache_home() -> Path:
    """The user's cache folder for euchre64 (``$XDG_CACHE_HOME/euchre64``)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "euchre64"


@dataclass(frozen=True)
class CachedBuild:
    """A build folder in the cache: ``root/asm``, ``root/c64`` and ``root/build``."""

    root: Path

    @property
    def prg(self) -> Path:
        return self.root / PROGRAM

    def complete(self) -> bool:
        return self.prg.is_file() and self.prg.with_suffix(".map").is_file()


def digest(sources: dict[str, bytes]) -> str:
    """A short hash of the sources and the build code: the cache folder's name."""
    h = hashlib.sha256()
    here = Path(__file__).resolve().parent
    named = dict(sources) | {f"tools/{m}": (here / m).read_bytes() for m in BUILD_MODULES}
    for name in sorted(named):
        h.update(name.encode() + b"\0" + hashlib.sha256(named[name]).digest())
    return h.hexdigest()[:16]


def cached_program(cache: Path | None = None, force: bool = False) -> Path:
    """The installed sources' program, built into the cache on first use.

    Two processes building at once are safe: each builds in a folder of its own and
    the first to rename it into place wins.
    """
    from .build import build

    sources = source_files()
    cache = cache_home() if cache is None else cache
    final = CachedBuild(cache / digest(sources))
    if final.complete() and not force:
        return final.prg
    cache.mkdir(parents=True, exist_ok=True)
    work = CachedBuild(Path(tempfile.mkdtemp(prefix="building-", dir=cache)))
    try:
        for name, data in sources.items():
            path = work.root / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        build(force=True, root=work.root)
        if force and final.root.exists():
            shutil.rmtree(final.root, ignore_errors=True)
        try:
            work.root.rename(final.root)
        except OSError:
            if not final.complete():        # not another process's finished build
                raise
    finally:
        if work.root.exists():
            shutil.rmtree(work.root, ignore_errors=True)
    return final.prg


def default_program() -> Path:
    """The program the commands run: the checkout's ``build/euchre.prg`` (``make``
    builds it), or when installed the cached build (built on first use)."""
    root = checkout_root()
    if root is not None:
        return root / PROGRAM
    return cached_program()


def build_program(force: bool = False) -> Path:
    """What ``euchre build`` does: ``make``'s build in a checkout, else the cache's."""
    root = checkout_root()
    if root is not None:
        from .build import build

        return build(force=force, root=root)
    return cached_program(force=force)
