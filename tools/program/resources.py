"""Where the built program is, in a checkout and when installed (built on first use).

In a checkout (``tools/`` beside ``asm/``, ``c64/`` and ``pyproject.toml``) the sources
are the repository's folders and the program is the checkout's ``build/euchre.prg``,
which ``make`` builds: nothing here builds it behind ``make``'s back.

Installed (``pip install``), the same folders travel as package data of
``pyengine.tools`` (``pyengine/tools/asm``, ``pyengine/tools/c64``) and are read
through :mod:`importlib.resources`. The program is built on first use into a cache
folder named after the digest of everything the build reads, so an upgrade that
changes a source builds a new program and an unchanged one is never rebuilt:
``$XDG_CACHE_HOME/euchre64/<digest>/build/euchre.prg`` (``~/.cache`` without
``XDG_CACHE_HOME``), with ``SHA256SUMS`` beside it: a folder whose program or map is
missing or is not the one built there (a damaged disk, an edit by hand) is built
again, with a one-line note, instead of being run as it is or failing at every
command. Why built and not shipped prebuilt: the wheel then holds only
sources (no build step inside the wheel build, no binary that could disagree with
the sources beside it), Ophis is a dependency anyway (``euchre build``), and a
build takes about a second, once.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from .sources import checkout_root, source_files

if TYPE_CHECKING:
    from .build import BuildError

PROGRAM = Path("build") / "euchre.prg"
BUILD_MODULES = ("build.py", "charset.py", "resources.py", "sources.py")   # their code
                                                   # shapes the output and its folder too
CHECKSUMS = "SHA256SUMS"


def cache_home() -> Path:
    """The user's cache folder for euchre64 (``$XDG_CACHE_HOME/euchre64``)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "euchre64"


@dataclass(frozen=True)
class CachedBuild:
    """A build folder in the cache: ``root/asm``, ``root/c64`` and ``root/build``, and
    ``root/SHA256SUMS``, the digests of the program and its map as they were built."""

    root: Path

    @property
    def prg(self) -> Path:
        return self.root / PROGRAM

    @property
    def sums(self) -> Path:
        return self.root / CHECKSUMS

    def _outputs(self) -> tuple[Path, ...]:
        return (self.prg, self.prg.with_suffix(".map"))

    def seal(self) -> None:
        """Write the digests of the program and its map (after a build)."""
        lines = [f"{_sha256(p)}  {p.relative_to(self.root)}\n" for p in self._outputs()]
        self.sums.write_text("".join(lines), encoding="ascii")

    def problem(self) -> str | None:
        """Why this folder cannot be used as it is (None: it can): a part missing, or a
        program or map that is not the one built there (damaged, or changed by hand)."""
        if not self.root.exists():
            return "not built yet"
        for path in (*self._outputs(), self.sums):
            if not path.is_file():
                return f"{path.relative_to(self.root)} is missing"
        try:
            sealed = dict(reversed(line.split("  ", 1))
                          for line in self.sums.read_text(encoding="ascii").splitlines())
            for path in self._outputs():
                if sealed.get(str(path.relative_to(self.root))) != _sha256(path):
                    return f"{path.relative_to(self.root)} is not the one built there"
        except (OSError, ValueError):
            return f"{CHECKSUMS} cannot be read"
        return None

    def complete(self) -> bool:
        return self.problem() is None


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def digest(sources: dict[str, bytes]) -> str:
    """A short hash of the sources and the build code: the cache folder's name."""
    h = hashlib.sha256()
    here = Path(__file__).resolve().parent
    named = dict(sources) | {f"tools/{m}": (here / m).read_bytes() for m in BUILD_MODULES}
    for name in sorted(named):
        h.update(name.encode() + b"\0" + hashlib.sha256(named[name]).digest())
    return h.hexdigest()[:16]


def _cache_problem(cache: Path, exc: OSError) -> BuildError:
    from .build import BuildError

    why = exc.strerror or str(exc)
    return BuildError(f"cannot build the program in the cache folder {cache}: {why} "
                      "(XDG_CACHE_HOME names another folder)")


def cached_program(cache: Path | None = None, force: bool = False,
                   note: Callable[[str], None] | None = None) -> Path:
    """The installed sources' program, built into the cache on first use.

    A cache folder that is damaged (a part missing, a program or map changed since
    it was built) is built again, and ``note`` is told why in one line. A cache that
    cannot be written raises :class:`~tools.program.build.BuildError` saying which folder
    and why. Two processes building at once are safe: each builds in a folder of its
    own and the first to rename it into place wins.
    """
    from .build import build

    sources = source_files()
    cache = cache_home() if cache is None else cache
    final = CachedBuild(cache / digest(sources))
    problem = final.problem()
    if problem is None and not force:
        return final.prg
    if problem is not None and final.root.exists() and note is not None:
        note(f"the cached program in {final.root} is damaged ({problem}): building it "
             "again")
    try:
        cache.mkdir(parents=True, exist_ok=True)
        work = CachedBuild(Path(tempfile.mkdtemp(prefix="building-", dir=cache)))
    except OSError as exc:
        raise _cache_problem(cache, exc) from None
    try:
        for name, data in sources.items():
            path = work.root / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        build(force=True, root=work.root)
        work.seal()
        if final.root.exists() and (force or not final.complete()):
            shutil.rmtree(final.root, ignore_errors=True)     # forced, or damaged: replaced
        try:
            work.root.rename(final.root)
        except OSError:
            if not final.complete():        # not another process's finished build
                raise
    except OSError as exc:
        raise _cache_problem(cache, exc) from None
    finally:
        if work.root.exists():
            shutil.rmtree(work.root, ignore_errors=True)
    return final.prg


def default_program(note: Callable[[str], None] | None = None) -> Path:
    """The program the commands run: the checkout's ``build/euchre.prg`` (``make``
    builds it), or when installed the cached build (built on first use; ``note``
    hears why a damaged one is built again)."""
    root = checkout_root()
    if root is not None:
        return root / PROGRAM
    return cached_program(note=note)


def build_program(force: bool = False, note: Callable[[str], None] | None = None) -> Path:
    """What ``euchre build`` does: ``make``'s build in a checkout, else the cache's."""
    root = checkout_root()
    if root is not None:
        from .build import build

        return build(force=force, root=root)
    return cached_program(force=force, note=note)
