"""The build: charset compilation, Ophis assembly, the five outputs, error reporting."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tools.program import build as buildmod
from tools.program.charset import (
    CharsetError,
    charset_bytes,
    load_glyphs,
    parse_charset,
    screen_to_unicode_table,
)

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def prg() -> Path:
    return buildmod.build()


def test_build_writes_all_outputs(prg):
    outs = buildmod.outputs()
    for path in outs.all():
        assert path.exists() and path.stat().st_size > 0, path
    assert outs.charset.stat().st_size == 2048


def test_prg_loads_at_0801_with_a_basic_sys_line(prg):
    data = prg.read_bytes()
    assert data[:2] == b"\x01\x08"
    # first BASIC line: link, line number 10, SYS token, decimal address, 0
    link = data[2] | data[3] << 8
    assert data[4:6] == b"\x0a\x00"
    m = re.match(rb"\x9e(\d+)\x00", data[6:])
    assert m, data[:16]
    sys_addr = int(m.group(1))
    assert buildmod.read_map(buildmod.outputs().map)
    start = {name: value for value, name, _ in buildmod.read_map(buildmod.outputs().map)}["start"]
    assert sys_addr == start
    assert data[link - 0x0801 + 2 : link - 0x0801 + 4] == b"\x00\x00"  # end of BASIC program


def test_vice_label_file_lines_parse_and_exclude_aliases(prg):
    lines = buildmod.outputs().vs.read_text().splitlines()
    assert lines
    names = {}
    for line in lines:
        m = re.fullmatch(r"al C:([0-9a-f]{4}) \.([a-z_][a-z0-9_]*)", line)
        assert m, line
        names[m.group(2)] = int(m.group(1), 16)
    assert names["start"] == 2061
    assert "code_end" in names and "print_at" in names
    assert "vic_border" not in names  # an .alias in hw.oph, not a label
    assert "print_text__char" in names  # _char local of print_text, qualified by its scope


def test_d64_holds_the_program_as_euchre_prg(prg):
    from d64 import DiskImage

    with DiskImage(buildmod.outputs().d64) as image:
        entries = {p.name: p for p in image.iterdir()}
        assert b"EUCHRE" in entries
        entry = entries[b"EUCHRE"]
        assert entry.entry.file_type == "PRG"
        with entry.open() as f:
            assert f.read() == prg.read_bytes()


def test_build_is_skipped_when_up_to_date(prg):
    before = prg.stat().st_mtime_ns
    assert buildmod.build() == prg
    assert prg.stat().st_mtime_ns == before


def _copy_sources(tmp_path: Path) -> Path:
    for d in ("c64", "asm"):
        shutil.copytree(ROOT / d, tmp_path / d)
    return tmp_path


def _build_cli(root: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tools.program.build", "--root", str(root)],
                          cwd=ROOT, capture_output=True, text=True)


def test_syntax_error_fails_with_file_and_line_and_no_traceback(tmp_path):
    root = _copy_sources(tmp_path)
    main = root / "c64" / "main.oph"
    lines = main.read_text().splitlines()
    lines.insert(40, "        lda_oops #1")
    main.write_text("\n".join(lines) + "\n")
    proc = _build_cli(root)
    assert proc.returncode != 0
    assert "main.oph:41:" in proc.stderr
    assert "Traceback" not in proc.stderr + proc.stdout
    assert not (root / "build" / "euchre.prg").exists()


@pytest.mark.parametrize("label, advance", [
    ("low_end:", "$2001"),       # low code grown into the charset at $2000
    ("data_end:", "$A001"),      # the program grown into BASIC's ROM at $A000
])
def test_program_growing_past_a_memory_boundary_fails_the_build(tmp_path, label, advance):
    root = _copy_sources(tmp_path)
    main = root / "c64" / "main.oph"
    text = main.read_text().replace(label, f"        .advance {advance}\n{label}")
    main.write_text(text)
    proc = _build_cli(root)
    assert proc.returncode != 0
    assert ".checkpc assertion failed" in proc.stderr


def test_charset_is_in_the_program_where_the_vic_reads_it(prg):
    """docs/memory.md: the .prg holds the charset at $2000 (VIC bank 0, slot 4), not copied."""
    by_name = {name: value for value, name, _ in buildmod.read_map(buildmod.outputs().map)}
    data = prg.read_bytes()
    at = by_name["charset_data"]
    assert at == 0x2000
    assert data[2 + at - 0x0801:2 + at - 0x0801 + 2048] == buildmod.outputs().charset.read_bytes()
    assert by_name["low_end"] <= 0x2000 <= 0x2800 == by_name["high_start"]
    assert by_name["data_end"] <= 0xA000
    assert by_name["core_ram_end"] <= 0xC200 <= by_name["fe_ram_start"]
    assert by_name["fe_ram_end"] <= 0xC400


def test_charset_error_is_reported_with_file_and_line(tmp_path):
    root = _copy_sources(tmp_path)
    txt = root / "c64" / "charset.txt"
    txt.write_text(txt.read_text().replace("...##...", "...##..X", 1))
    proc = _build_cli(root)
    assert proc.returncode != 0
    assert re.search(r"charset\.txt:\d+: glyph 'A'", proc.stderr), proc.stderr
    assert "Traceback" not in proc.stderr


# ---- the character set ---------------------------------------------------------------
# Everything the game draws is in codes 0-63 (it runs in ECM, see c64/charset.txt):
# letters, digits, punctuation, the four suits, the one-cell 10, the card back and the
# joker's mark (in the place of '$', which no text uses: c64/jokerask.oph).
REQUIRED = {0: "▒", 32: " ", **{i: chr(64 + i) for i in range(1, 27)},
            **{48 + d: str(d) for d in range(10)},
            **{ord(c): c for c in "!\"#%&'()*+,-./:;<=>?"},
            27: "♠", 28: "♥", 29: "♦", 30: "♣", ord("$"): "★"}


def test_charset_defines_letters_digits_punctuation_and_suits_as_text():
    table = screen_to_unicode_table()
    for code, char in REQUIRED.items():
        assert table[code] == char, (code, table[code], char)
    assert {table[c] for c in range(128)} >= {"♠", "♥", "♦", "♣", "▒", "╭", "╮", "╰", "╯"}


def test_defined_glyphs_are_drawn_and_distinct():
    glyphs = load_glyphs()
    shapes = [g.rows for g in glyphs.values() if g.name != "space"]
    assert all(any(rows) for rows in shapes)
    assert len(set(shapes)) == len(shapes)


def test_codes_128_to_255_are_reverse_video_of_0_to_127():
    data = charset_bytes(load_glyphs())
    assert len(data) == 2048
    assert all(data[1024 + i] == data[i] ^ 0xFF for i in range(1024))
    assert data[32 * 8 : 33 * 8] == bytes(8) and data[160 * 8 : 161 * 8] == b"\xff" * 8


@pytest.mark.parametrize("text, message", [
    ("char 300 big X\n" + "........\n" * 8, "outside 0-127"),
    ("char 1 A A\n" + "........\n" * 7, "fewer than 8 rows"),
    ("glyph 1 A A\n", "expected 'char CODE NAME UNICODE'"),
    ("char 1 A AB\n" + "........\n" * 8, "one character"),
    ("char 1 A A\n" + "........\n" * 8 + "char 1 B B\n" + "........\n" * 8, "defined twice"),
])
def test_malformed_charset_source_is_rejected_with_line(text, message):
    with pytest.raises(CharsetError, match=message) as info:
        parse_charset(text, "t.txt")
    assert str(info.value).startswith("t.txt:")


# --- the installed copy's cache (tools/program/resources.py; issue 27, item 6) ------------------

def _read_only(monkeypatch) -> None:
    """A cache on a read-only file system: nothing can be made in it (as root, a folder
    without w bits is still writable, so the file system's refusal is played here)."""
    import errno
    import tempfile

    def refuse(*args, **kwargs):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(tempfile, "mkdtemp", refuse)


def test_a_read_only_cache_says_so_in_one_line_and_a_built_program_is_still_used(
        tmp_path, monkeypatch):
    from tools.program.resources import CachedBuild, cached_program

    cache = tmp_path / "euchre64"
    prg = cached_program(cache)                       # built while it could be written
    _read_only(monkeypatch)
    assert cached_program(cache) == prg               # read-only: what is there is used
    CachedBuild(prg.parent.parent).prg.with_suffix(".map").unlink()
    notes: list[str] = []
    with pytest.raises(buildmod.BuildError) as err:
        cached_program(cache, note=notes.append)
    assert str(err.value) == (f"cannot build the program in the cache folder {cache}: "
                              "Read-only file system (XDG_CACHE_HOME names another folder)")
    assert len(notes) == 1 and "build/euchre.map is missing" in notes[0], notes


def test_a_damaged_cache_folder_is_replaced_whatever_is_missing(tmp_path):
    from tools.program.resources import CHECKSUMS, cached_program

    cache = tmp_path / "euchre64"
    prg = cached_program(cache)
    good = prg.read_bytes()
    for damage in ("build/euchre.map", "build/euchre.prg", CHECKSUMS, "build"):
        target = prg.parent.parent / damage
        shutil.rmtree(target) if target.is_dir() else target.unlink()
        notes: list[str] = []
        assert cached_program(cache, note=notes.append) == prg
        assert prg.read_bytes() == good and len(notes) == 1, (damage, notes)
        assert cached_program(cache, note=notes.append) == prg and len(notes) == 1
    (prg.parent.parent / CHECKSUMS).write_text("garbage\n")
    notes = []
    assert cached_program(cache, note=notes.append) == prg
    assert notes and f"{CHECKSUMS} cannot be read" in notes[0], notes
