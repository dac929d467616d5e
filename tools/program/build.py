"""Build Euchre 64: c64/charset.txt + c64/main.oph (with asm/) -> build/euchre.prg.

    python -m tools.program.build [--force]        (what `make` runs)

Outputs in ``build/``:

* ``charset.bin``  2048-byte character set compiled from ``c64/charset.txt``
* ``glyphs.oph``   ``CH_<NAME>`` aliases for the glyph screen codes
* ``euchre.prg``   the program: load address $0801, BASIC line ``10 SYS 2061``
* ``euchre.map``   Ophis label map (``-m``): ``$ADDR | name | file:line``
* ``euchre.lst``   Ophis listing (``-l``)
* ``euchre.vs``    VICE monitor labels (``al C:xxxx .name``), labels only (no aliases)
* ``euchre.d64``   disk image with the program as ``EUCHRE`` (PRG)

Ophis resolves ``.include``/``.incbin`` relative to the including file, so
``c64/main.oph`` names the generated files as ``../build/charset.bin`` and
``../build/glyphs.oph``: the build directory is always ``<root>/build``.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from .charset import CharsetError, write_charset_bin

ROOT = Path(__file__).resolve().parents[2]
SOURCE_DIRS = ("c64", "asm")
MAIN_SOURCE = Path("c64") / "main.oph"
PROGRAM_NAME = "euchre"
DISK_FILE_NAME = "EUCHRE"
DISK_NAME = "EUCHRE 64"
DISK_ID = "E6"
MAP_LINE = re.compile(r"^\$([0-9A-Fa-f]{4}) \| (\S+)\s*\| (\S+)$")


class BuildError(RuntimeError):
    """The build failed; the message is meant for the user (file:line for source errors)."""


@dataclass(frozen=True)
class Outputs:
    prg: Path
    map: Path
    lst: Path
    vs: Path
    d64: Path
    charset: Path

    def all(self) -> tuple[Path, ...]:
        return (self.prg, self.map, self.lst, self.vs, self.d64, self.charset)


def outputs(root: Path = ROOT) -> Outputs:
    b = root / "build"
    stem = b / PROGRAM_NAME
    return Outputs(
        prg=stem.with_suffix(".prg"),
        map=stem.with_suffix(".map"),
        lst=stem.with_suffix(".lst"),
        vs=stem.with_suffix(".vs"),
        d64=stem.with_suffix(".d64"),
        charset=b / "charset.bin",
    )


def sources(root: Path = ROOT) -> list[Path]:
    """Every input of the build (assembly, charset, and the build tools themselves)."""
    found = [p for d in SOURCE_DIRS for p in sorted((root / d).glob("*.oph"))]
    found += sorted((root / "c64").glob("*.txt"))
    found += [Path(__file__).resolve(), Path(__file__).resolve().parent / "charset.py"]
    return found


def up_to_date(root: Path = ROOT) -> bool:
    outs = outputs(root).all()
    if not all(p.exists() for p in outs):
        return False
    newest_source = max((p.stat().st_mtime for p in sources(root) if p.exists()), default=0)
    return min(p.stat().st_mtime for p in outs) >= newest_source


def ophis_command() -> list[str]:
    """The Ophis of this venv (next to the running Python), else the one on PATH."""
    local = Path(sys.executable).parent / "ophis"
    if local.exists():
        return [str(local)]
    found = shutil.which("ophis")
    if found:
        return [found]
    code = "import sys; from Ophis import ophis_argv; sys.exit(ophis_argv())"
    return [sys.executable, "-c", code]


def assemble(root: Path, outs: Outputs) -> None:
    cmd = ophis_command() + [
        "-o", str(outs.prg), "-l", str(outs.lst), "-m", str(outs.map), str(MAIN_SOURCE),
    ]
    proc = subprocess.run(cmd, cwd=root, capture_output=True, text=True)
    messages = "\n".join(s.strip() for s in (proc.stdout, proc.stderr) if s.strip())
    if proc.returncode != 0 or not outs.prg.exists():
        outs.prg.unlink(missing_ok=True)  # never leave a stale program behind a failure
        raise BuildError(messages or f"ophis failed with exit code {proc.returncode}")


def read_map(path: Path) -> list[tuple[int, str, str]]:
    """Entries of an Ophis map file: (value, lower-case name, 'file:line')."""
    entries = []
    for line in path.read_text(encoding="utf-8").splitlines():
        m = MAP_LINE.match(line.strip())
        if m:
            entries.append((int(m.group(1), 16), m.group(2), m.group(3)))
    return entries


def _is_alias(where: str, root: Path, cache: dict[str, list[str]]) -> bool:
    """True if the map entry at 'file.oph:line' is an .alias (a constant, not a label)."""
    fname, _, lineno = where.rpartition(":")
    if fname not in cache:
        text: list[str] = []
        for d in (*SOURCE_DIRS, "build"):
            candidate = root / d / fname
            if candidate.exists():
                text = candidate.read_text(encoding="utf-8").splitlines()
                break
        cache[fname] = text
    lines = cache[fname]
    n = int(lineno) if lineno.isdigit() else 0
    return 0 < n <= len(lines) and lines[n - 1].lstrip().lower().startswith(".alias")


def labels(map_path: Path, root: Path = ROOT) -> list[tuple[int, str]]:
    """(address, VICE name) for every real label; _locals become scope__local."""
    cache: dict[str, list[str]] = {}
    result = []
    scope = ""
    entries = sorted(read_map(map_path), key=lambda e: (e[0], e[1].startswith("_"), e[1]))
    for value, name, where in entries:
        if name == "*" or _is_alias(where, root, cache):
            continue
        if name.startswith("_"):
            result.append((value, f"{scope}_{name}" if scope else name.lstrip("_")))
        else:
            scope = name
            result.append((value, name))
    return result


def write_vice_labels(map_path: Path, vs_path: Path, root: Path = ROOT) -> None:
    lines = [f"al C:{addr:04x} .{name}" for addr, name in labels(map_path, root)]
    vs_path.write_text("\n".join(lines) + "\n", encoding="ascii")


def write_d64(prg: Path, d64: Path) -> None:
    from d64 import DiskImage

    d64.unlink(missing_ok=True)
    DiskImage.create("d64", d64, DISK_NAME.encode(), DISK_ID.encode())
    with DiskImage(d64, mode="w") as image:
        with image.path(DISK_FILE_NAME.encode()).open("w", ftype="prg") as f:
            f.write(prg.read_bytes())
    d64.chmod(0o644)  # d64 writes through a private temporary file


def build(force: bool = False, root: Path = ROOT) -> Path:
    """Build ``root``/build/euchre.prg and its companions; return the .prg path.

    Skips the work when every output is newer than every source (unless ``force``).
    Raises BuildError with a user-facing message (Ophis's file:line) on failure.
    """
    root = Path(root).resolve()
    outs = outputs(root)
    if not force and up_to_date(root):
        return outs.prg
    main_source = root / MAIN_SOURCE
    if not main_source.exists():
        raise BuildError(f"{main_source}: not found")
    outs.prg.parent.mkdir(parents=True, exist_ok=True)
    try:
        write_charset_bin(outs.charset, root / "c64" / "charset.txt",
                          aliases=outs.charset.parent / "glyphs.oph")
    except CharsetError as exc:
        raise BuildError(str(exc)) from None
    assemble(root, outs)
    write_vice_labels(outs.map, outs.vs, root)
    write_d64(outs.prg, outs.d64)
    return outs.prg


# The memory areas of docs/memory.md: (what, first-label, end-label, limit).
AREAS = (
    ("low code  $080D-$1FFF", "start", "low_end", 0x2000),
    ("high code $2800-$9FFF", "high_start", "data_end", 0xA000),
    ("core RAM  $C000-$C1FF", "core_ram_start", "core_ram_end", 0xC200),
    ("front-end RAM $C200-$C3FF", "fe_ram_start", "fe_ram_end", 0xC400),
)


def memory_use(map_path: Path) -> list[tuple[str, int, int]]:
    """(area, bytes used, bytes free) for each area of docs/memory.md."""
    by_name = {name: value for value, name, _ in read_map(map_path)}
    return [(what, by_name[end] - by_name[first], limit - by_name[end])
            for what, first, end, limit in AREAS if first in by_name and end in by_name]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.program.build",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--force", action="store_true", help="rebuild even if up to date")
    parser.add_argument("--root", type=Path, default=ROOT, help="project root (default: this repo)")
    args = parser.parse_args(argv)
    try:
        prg = build(force=args.force, root=args.root)
    except BuildError as exc:
        print(exc, file=sys.stderr)
        print("build failed", file=sys.stderr)
        return 1
    size = prg.stat().st_size
    print(f"built {prg} ({size} bytes, loads at $0801)")
    for what, used, free in memory_use(outputs(args.root.resolve()).map):
        print(f"  {what}: {used:,} bytes used, {free:,} free")
    return 0


if __name__ == "__main__":
    sys.exit(main())
