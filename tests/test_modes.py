"""``euchre play``'s choice of the full-screen table or the line mode, and the table's
game started and ended as in line mode (transcript, record, resume, Ctrl-C), with a
stand-in for the table (helper tui's pyengine.play.table is tested in test_table)."""

from __future__ import annotations

import io
import json
from pathlib import Path
from types import SimpleNamespace

from pyengine.core.rules import preset
from pyengine.play.loop import GameLoop
from pyengine.play.modes import Mode, PlayArgs, choose_mode, run_play
from pyengine.play.shell import EXIT_EOF, EXIT_OK
from pyengine.play.stats import load_stats
from pyengine.records.transcript import read

from .scripted import Scripted

# --- table or line mode -----------------------------------------------------------


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def _fake_table(calls: list, quit_after: int | None = None, stopped: str = "",
                seen: list | None = None, partial: Path | None = None):
    """A stand-in for run_table: takes the first legal choice, calls ``record`` after
    every move as the real table does, and (``seen``) keeps how many events the partial
    transcript at ``partial`` held on disk after each human move."""
    def run_table(loop: GameLoop, *, speed: str, hints: bool, style,
                  record=None, stops=None) -> SimpleNamespace:
        calls.append((loop, speed, hints, style))
        made = 0
        while not loop.is_over():
            if loop.needs_human():
                if quit_after is not None and made == quit_after:
                    return SimpleNamespace(finished=False, quit=True, loop=loop, stopped="")
                loop.decide(loop.legal()[0])
                made += 1
                if record is not None:
                    assert record(loop) is None
                if seen is not None:
                    seen.append((len(loop.game.events), _events_on_disk(partial)))
            else:
                loop.step()
                if record is not None:
                    record(loop)
        return SimpleNamespace(finished=True, quit=False, loop=loop, stopped=stopped)

    return SimpleNamespace(run_table=run_table, table_fits=lambda c, r: c >= 80 and r >= 24)


def _events_on_disk(path: Path) -> int | None:
    """How many events the partial transcript at ``path`` holds (None: no file)."""
    if not path.exists():
        return None
    return len(json.loads(path.read_text())["events"])


def test_the_table_when_both_ends_are_terminals_of_80x24():
    table = _fake_table([])
    pick = lambda **kw: choose_mode(kw.get("plain", False), kw.get("i", _Tty()),  # noqa: E731
                                    kw.get("o", _Tty()), lambda: kw.get("size", (80, 24)),
                                    lambda: (table, None),
                                    env={"TERM": kw.get("term", "xterm-256color")})
    assert pick().table is table and pick().note is None
    assert pick(size=(120, 50)).table is table
    small = pick(size=(79, 24))
    assert small.table is None and small.note.startswith("The terminal is 79x24; the table")
    assert pick(size=(80, 23)).table is None
    dumb = pick(term="dumb")          # README: a dumb terminal cannot address the cursor
    assert dumb.table is None and dumb.note.startswith("TERM is dumb"), dumb
    assert pick(term="vt100").table is table
    assert pick(plain=True) == Mode(None)
    assert pick(i=io.StringIO()) == Mode(None) and pick(o=io.StringIO()) == Mode(None)
    missing = choose_mode(False, _Tty(), _Tty(), lambda: (80, 24),
                          lambda: (None, "no full-screen table here (no textual): line mode"))
    assert missing == Mode(None, "no full-screen table here (no textual): line mode")


def _args(tmp_path: Path, **kw) -> PlayArgs:
    base = dict(seed=6, auto=False, transcript=tmp_path / "t.json", ascii_only=True,
                rules_name="bit93", options=(), force=False, speed=None, autoplay=None,
                resume=None, plain=False)
    base.update(kw)
    return PlayArgs(**base)


def test_a_table_game_writes_the_transcript_and_the_record(tmp_path, capsys):
    calls: list = []
    stats = tmp_path / "stats.json"
    code = run_play(_args(tmp_path), stats, tmp_path / "u.json", Mode(_fake_table(calls)))
    assert code == EXIT_OK
    loop, speed, hints, _ = calls[0]
    assert speed == "normal" and hints is True and loop.autoplay_forced   # table defaults
    assert read(tmp_path / "t.json").events == loop.transcript().events
    assert load_stats(stats).games == 1
    assert "Transcript written to" in capsys.readouterr().out


def test_a_table_game_quit_can_be_resumed_and_ctrl_c_is_130(tmp_path, capsys):
    code = run_play(_args(tmp_path, speed="fast", autoplay=False), None, None,
                    Mode(_fake_table([], quit_after=5)))
    out = capsys.readouterr().out
    assert code == EXIT_OK and "You quit during hand" in out
    assert f"euchre play --resume {tmp_path / 't.json'}" in out
    calls: list = []
    code = run_play(_args(tmp_path, transcript=None, resume=tmp_path / "t.json"), None, None,
                    Mode(_fake_table(calls, stopped="interrupted (Ctrl-C)")))
    assert code == 130 and calls[0][0].game.seed == 6


def test_a_small_terminal_plays_in_line_mode_and_says_why(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", Scripted(preset("bit93"), 6, stop_after=2))
    code = run_play(_args(tmp_path, transcript=None), None, None,
                    Mode(None, "The terminal is 60x20; the table needs 80x24 or more: "
                               "playing in line mode."))
    out = capsys.readouterr().out
    assert code == EXIT_EOF
    assert out.startswith("The terminal is 60x20; the table needs 80x24 or more: playing "
                          "in line mode.\nGame number 6\n")




def test_a_table_game_keeps_the_partial_transcript_after_every_move(tmp_path):
    """A hang-up or a kill during a table game loses nothing: the partial file follows
    the game move by move (it held only the header before the table got ``record``)."""
    seen: list = []
    fake = _fake_table([], seen=seen, partial=tmp_path / "t.json.partial")
    code = run_play(_args(tmp_path, seed=12), tmp_path / "s.json", tmp_path / "u.json",
                    Mode(fake))
    assert code == EXIT_OK
    assert len(seen) > 10
    assert all(on_disk == in_game for in_game, on_disk in seen)


def test_a_finished_table_game_leaves_its_score_sheet_on_the_terminal(tmp_path, capsys):
    from pyengine.play.sheetview import sheet_lines
    from pyengine.play.textview import Style

    calls: list = []
    code = run_play(_args(tmp_path, seed=8), tmp_path / "s.json", tmp_path / "u.json",
                    Mode(_fake_table(calls)))
    assert code == EXIT_OK
    loop = calls[0][0]
    out = capsys.readouterr().out
    sheet = sheet_lines(loop.score_sheet(), loop.game.rules, calls[0][3], loop.human)
    assert len(sheet) > 3 and "\n".join(sheet) in out
    assert isinstance(calls[0][3], Style)
