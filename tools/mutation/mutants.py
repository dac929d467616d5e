"""Single-instruction mutants of build/euchre.prg, each placed at its source file and line.

This module reads the built program's listing
(``build/euchre.lst``: address, bytes, instruction) and label map, learns every
instruction's source file and line by re-running Ophis on the sources with a
recording pass (nothing is written to build/), and makes one mutant per
single-instruction change:

* ``flip``  a branch turned round (BEQ<->BNE, BCC<->BCS, BMI<->BPL, BVC<->BVS)
* ``imm+1`` / ``imm-1``  an immediate operand plus or minus one (mod 256)
* ``swap``  INX<->DEX, INY<->DEY, CLC<->SEC, INC<->DEC, ASL<->LSR, ROL<->ROR
* ``addr+1`` / ``addr-1``  a data address (zero page or absolute) plus or minus one
* ``nop``   the instruction replaced by NOPs of the same length

Each mutant knows its folder (asm/ or c64/), source file and line, address and
change, and a *site* that survives a rebuild: ``scope/label+n`` (the n-th
instruction after the nearest label of its source file). A sample (``--sample N
--seed S``) is judged by tools/mutation/run.py (``python -m tools.mutation.run``).
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from dataclasses import asdict, dataclass
from pathlib import Path

from ..program.build import ROOT, read_map

PRG = Path("build/euchre.prg")
FOLDERS = ("asm", "c64")
LIST_LINE = re.compile(r"^\s*([0-9A-F]{4})  ((?:[0-9A-F]{2} ){1,3})\s*([A-Z]{3})\b\s*(.*?)\s*$")
NOP = 0xEA
_BRANCH_PAIRS = ((0x10, 0x30), (0x50, 0x70), (0x90, 0xB0), (0xD0, 0xF0))
_SWAP_PAIRS = ((0xE8, 0xCA), (0xC8, 0x88), (0x18, 0x38),        # INX DEX, INY DEY, CLC SEC
               (0xE6, 0xC6), (0xF6, 0xD6), (0xEE, 0xCE), (0xFE, 0xDE),  # INC DEC
               (0x0A, 0x4A), (0x2A, 0x6A))                      # ASL LSR, ROL ROR (A)
BRANCHES = {a: b for x, y in _BRANCH_PAIRS for a, b in ((x, y), (y, x))}
SWAPS = {a: b for x, y in _SWAP_PAIRS for a, b in ((x, y), (y, x))}
MNEMONIC = {0x10: "BPL", 0x30: "BMI", 0x50: "BVC", 0x70: "BVS", 0x90: "BCC", 0xB0: "BCS",
            0xD0: "BNE", 0xF0: "BEQ", 0xE8: "INX", 0xCA: "DEX", 0xC8: "INY", 0x88: "DEY",
            0x18: "CLC", 0x38: "SEC", 0xE6: "INC", 0xC6: "DEC", 0xF6: "INC", 0xD6: "DEC",
            0xEE: "INC", 0xCE: "DEC", 0xFE: "INC", 0xDE: "DEC", 0x0A: "ASL", 0x4A: "LSR",
            0x2A: "ROL", 0x6A: "ROR"}
NO_ADDR_MUTATION = {"JMP", "JSR"}       # a jump one byte off is a crash: no information
LINE_TABLE_CODE = r"""
import json, sys
import Ophis.Main, Ophis.Passes as P
rows = []
orig = P.Assembler.assemble
def rec(self, node, mode, env):
    pc = env.getPC()
    orig(self, node, mode, env)
    rows.append((pc, str(node.ppt)))
P.Assembler.assemble = rec
import io, contextlib
with contextlib.redirect_stdout(io.StringIO()):
    rc = Ophis.Main.run_ophis(["-o", sys.argv[1], sys.argv[2]])
print(json.dumps({"rc": rc, "rows": rows}))
"""


class MutantError(Exception):
    """A problem a user can act on (a missing or stale build, a bad selector)."""


@dataclass(frozen=True)
class Instruction:
    address: int
    data: bytes            # the instruction's bytes in the .prg
    mnemonic: str
    operand: str
    file: str              # e.g. "asm/game.oph"
    line: int
    text: str              # the source line, stripped
    site: str              # "scope/label+n": stable across rebuilds

    @property
    def folder(self) -> str:
        return self.file.split("/", 1)[0]


@dataclass(frozen=True)
class Mutant:
    address: int
    folder: str
    file: str
    line: int
    text: str
    site: str
    kind: str              # flip, imm+1, imm-1, swap, addr+1, addr-1, nop
    mutation: str          # e.g. "BEQ -> BNE", "LDA #$03 -> #$04"
    patch: bytes           # the new bytes at address

    @property
    def key(self) -> str:
        return f"{self.site}:{self.kind}"


# ---- the program's instructions ---------------------------------------------------------

def _relative(path: str, root: Path) -> str:
    p = Path(path)
    if p.is_absolute():
        try:
            p = p.relative_to(root)
        except ValueError:
            return p.name
    return p.as_posix()


def line_table(root: Path = ROOT) -> dict[int, tuple[str, int]]:
    """address -> (source file relative to root, line) of every instruction Ophis emits."""
    import tempfile

    from ..program.build import MAIN_SOURCE

    with tempfile.TemporaryDirectory() as tmp:
        proc = subprocess.run([sys.executable, "-c", LINE_TABLE_CODE, str(Path(tmp) / "x.prg"),
                               str(MAIN_SOURCE)], cwd=root, capture_output=True, text=True)
    try:
        out = json.loads(proc.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        raise MutantError(f"could not re-assemble the sources for their lines: "
                          f"{proc.stderr.strip() or proc.stdout.strip()}") from None
    if out["rc"] != 0:
        raise MutantError("the sources do not assemble: run `make` to see why")
    table = {}
    for pc, ppt in out["rows"]:
        fname, _, line = ppt.rpartition(":")
        table[pc] = (_relative(fname, root), int(line))
    return table


def _labels_by_file(map_path: Path, root: Path) -> dict[str, list[tuple[int, str]]]:
    """Per source file, its labels as (line, name), in line order; .alias entries left out."""
    by_file: dict[str, list[tuple[int, str]]] = {}
    for _value, name, where in read_map(map_path):
        fname, _, line = where.rpartition(":")
        if name == "*" or not line.isdigit():
            continue
        rel = next((f"{d}/{fname}" for d in FOLDERS if (root / d / fname).exists()), fname)
        src = root / rel
        if src.exists():
            text = src.read_text(encoding="utf-8").splitlines()
            n = int(line)
            if 0 < n <= len(text) and text[n - 1].lstrip().lower().startswith(".alias"):
                continue
        by_file.setdefault(rel, []).append((int(line), name))
    for v in by_file.values():
        v.sort()
    return by_file


def instructions(prg: Path = PRG, root: Path = ROOT) -> list[Instruction]:
    """Every instruction of the listing beside ``prg``, with its source file and line.

    Raises MutantError if the listing, map or sources do not match the program.
    """
    lst, map_path = prg.with_suffix(".lst"), prg.with_suffix(".map")
    for p in (prg, lst, map_path):
        if not p.is_file():
            raise MutantError(f"{p}: not found (run `make` to build it)")
    image = prg.read_bytes()
    load = image[0] | image[1] << 8
    table = line_table(root)
    labels = _labels_by_file(map_path, root)
    sources: dict[str, list[str]] = {}
    result = []
    counts: dict[tuple[str, str], int] = {}
    for row in lst.read_text(encoding="utf-8").splitlines():
        m = LIST_LINE.match(row)
        if not m or "|" in row:
            continue
        addr, data = int(m.group(1), 16), bytes.fromhex(m.group(2))
        if image[addr - load + 2: addr - load + 2 + len(data)] != data:
            raise MutantError(f"{lst} does not match {prg} at ${addr:04X}: run `make`")
        if addr not in table:
            raise MutantError(f"${addr:04X} is not an instruction of today's sources: run `make`")
        fname, line = table[addr]
        if fname not in sources:
            path = root / fname
            sources[fname] = path.read_text(encoding="utf-8").splitlines() if path.exists() else []
        text = sources[fname][line - 1].strip() if line <= len(sources[fname]) else ""
        scope, label = "", "start"
        for lline, name in labels.get(fname, []):
            if lline > line:
                break
            if name.startswith("_"):
                label = name
            else:
                scope, label = name, name
        site_label = label if label == scope else f"{scope}/{label}"
        n = counts.get((fname, site_label), 0)
        counts[(fname, site_label)] = n + 1
        result.append(Instruction(addr, data, m.group(3), m.group(4), fname, line,
                                  text.split(";", 1)[0].strip(), f"{site_label}+{n}"))
    if not result:
        raise MutantError(f"{lst}: no instructions found (is it an Ophis listing?)")
    return result


# ---- mutants ----------------------------------------------------------------------------

def _addr_width(ins: Instruction) -> int:
    """Bytes of a data address operand (1 zero page, 2 absolute), 0 if none."""
    if ins.mnemonic in NO_ADDR_MUTATION or ins.operand.startswith("#") or not ins.operand:
        return 0
    if ins.data[0] in BRANCHES:
        return 0
    return len(ins.data) - 1


def mutants_of(ins: Instruction) -> list[Mutant]:
    op, data = ins.data[0], ins.data
    out: list[tuple[str, str, bytes]] = []
    name = f"{ins.mnemonic} {ins.operand}".strip()
    if op in BRANCHES:
        out.append(("flip", f"{ins.mnemonic} -> {MNEMONIC[BRANCHES[op]]}",
                    bytes([BRANCHES[op], data[1]])))
    if op in SWAPS:
        out.append(("swap", f"{ins.mnemonic} -> {MNEMONIC[SWAPS[op]]}",
                    bytes([SWAPS[op]]) + data[1:]))
    if ins.operand.startswith("#") and len(data) == 2:
        for d, kind in ((1, "imm+1"), (-1, "imm-1")):
            v = (data[1] + d) & 0xFF
            out.append((kind, f"{name} -> #${v:02X}", bytes([op, v])))
    width = _addr_width(ins)
    if width:
        value = int.from_bytes(data[1:], "little")
        for d, kind in ((1, "addr+1"), (-1, "addr-1")):
            v = (value + d) & (0xFF if width == 1 else 0xFFFF)
            out.append((kind, f"{name} -> ${v:0{2 * width}X}",
                        bytes([op]) + v.to_bytes(width, "little")))
    if op != NOP:
        out.append(("nop", f"{name} -> {len(data)} x NOP", bytes([NOP] * len(data))))
    return [Mutant(ins.address, ins.folder, ins.file, ins.line, ins.text, ins.site, kind,
                   what, patch) for kind, what, patch in out]


def all_mutants(prg: Path = PRG, root: Path = ROOT) -> list[Mutant]:
    return [m for ins in instructions(prg, root) if ins.folder in FOLDERS
            for m in mutants_of(ins)]


def sample(mutants: list[Mutant], n: int | None, seed: int, folder: str | None = None,
           files: tuple[str, ...] = ()) -> list[Mutant]:
    """``n`` mutants at random (all with ``n`` None) of ``folder``'s code, or of the
    source ``files`` (e.g. ``asm/defend_redeal.oph``) when some are named."""
    pool = [m for m in mutants if (folder is None or m.folder == folder)
            and (not files or m.file in files)]
    if n is None or n >= len(pool):
        return pool
    return sorted(random.Random(seed).sample(pool, n), key=lambda m: m.address)


def select(mutants: list[Mutant], keys: list[str]) -> list[Mutant]:
    """The mutants named by ``site:kind`` keys, in the keys' order; an unknown one is an error."""
    by_key = {m.key: m for m in mutants}
    missing = [k for k in keys if k not in by_key]
    if missing:
        raise MutantError(f"no such mutant: {', '.join(missing)} (see --list)")
    return [by_key[k] for k in keys]


def write_mutant(prg: Path, m: Mutant, out: Path) -> Path:
    """``prg`` with ``m`` applied, written to ``out`` (the .map copied beside it)."""
    image = bytearray(prg.read_bytes())
    load = image[0] | image[1] << 8
    at = m.address - load + 2
    image[at:at + len(m.patch)] = m.patch
    out.write_bytes(bytes(image))
    out.with_suffix(".map").write_bytes(prg.with_suffix(".map").read_bytes())
    return out


# ---- the report ------------------------------------------------------------------------

@dataclass(frozen=True)
class Verdict:
    mutant: Mutant
    killed_by: str | None      # None: survived
    seconds: float

    def as_json(self) -> dict:
        d = asdict(self.mutant)
        d["patch"] = self.mutant.patch.hex()
        d.update(address=f"${self.mutant.address:04X}", killed_by=self.killed_by,
                 seconds=round(self.seconds, 2))
        return d
