"""``euchre play --resume`` at its edges (issue 45, item 4): a resumed file whose folder
cannot be written is refused naming ``--resume`` (it said ``--transcript``, an option the
user did not type), and resuming through a symbolic link keeps the link (the game went
into a regular file that replaced it)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

import pyengine.records.transcript_writer as transcript_writer
from pyengine.cli import cli


def _unfinished(path: Path) -> int:
    """An unfinished game's transcript at ``path`` (one bid made); its event count."""
    r = CliRunner().invoke(cli, ["play", "--seed", "5", "--plain", "--speed", "instant",
                                 "--transcript", str(path)], input="p\n")
    assert path.is_file(), r.output
    return len(json.loads(path.read_text())["events"])


def test_a_resume_in_a_folder_that_cannot_be_written_names_resume(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = tmp_path / "ro" / "g.json"
    game.parent.mkdir()
    _unfinished(game)
    real_access = os.access

    def access(path: object, mode: int, **kw: object) -> bool:   # a read-only folder
        if Path(str(path)) == game.parent and mode & os.W_OK:
            return False
        return real_access(path, mode, **kw)                       # type: ignore[arg-type]

    monkeypatch.setattr(transcript_writer.os, "access", access)
    r = CliRunner().invoke(cli, ["play", "--plain", "--speed", "instant", "--resume",
                                 str(game)], input="q\n")
    assert r.exit_code == 2, r.output
    assert r.output.startswith("euchre play: --resume: "), r.output
    assert "--transcript:" not in r.output and "cannot write" in r.output, r.output


def test_resume_through_a_link_keeps_the_link(tmp_path: Path) -> None:
    real = tmp_path / "games" / "g.json"
    real.parent.mkdir()
    before = _unfinished(real)
    link = tmp_path / "link.json"
    link.symlink_to(real)
    r = CliRunner().invoke(cli, ["play", "--plain", "--speed", "instant", "--resume",
                                 str(link)], input="1\n2\n3\n4\n5\nq\n")
    assert r.exit_code == 0, r.output
    assert link.is_symlink() and link.resolve() == real.resolve()
    assert len(json.loads(real.read_text())["events"]) > before      # the game went on
    assert not list(tmp_path.glob("*.partial")) and not list(real.parent.glob("*.partial"))
