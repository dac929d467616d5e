"""The human's running record (pyengine.play.stats): added after each finished human
game, kept in XDG_DATA_HOME, safe against a corrupt record, a bad folder and a full
disk; ``euchre stats`` shows it."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from pyengine.cli import cli
from pyengine.core.rules import preset
from pyengine.play.shell import EXIT_OK, run_shell_game
from pyengine.play.stats import load_stats
from pyengine.records.transcript import read

from .scripted import Scripted, play

# --- the running record ------------------------------------------------------------


def test_a_finished_human_game_is_added_to_the_record(tmp_path):
    path = tmp_path / "euchre64" / "stats.json"
    games = []
    for seed in (1, 2):
        s = Scripted(preset("bit93"), seed)
        code, text = play(s, "bit93", seed, stats_path=path)
        assert code == EXIT_OK
        games.append(s.caught_up().game)
        assert "Your record: " in text
    st = load_stats(path)
    assert st.games == 2
    assert st.won == sum(g.winner == 0 for g in games) and st.won + st.lost == 2
    assert st.points_for == sum(g.total[0] for g in games)
    assert st.points_against == sum(g.total[1] for g in games)
    assert st.by_rules == {"bit93": {"games": 2, "won": st.won}}
    play(Scripted(preset("bit93"), 3, stop_after=3), "bit93", 3, stats_path=path)
    run_shell_game(4, True, None, True, "bit93", stdin=io.StringIO(""),
                   stdout=io.StringIO(), stats_path=path)
    assert load_stats(path).games == 2                 # unfinished and --auto games: not


def test_a_corrupt_record_is_set_aside_and_a_bad_folder_loses_no_game(tmp_path):
    path = tmp_path / "stats.json"
    path.write_text("{not json")
    code, text = play(Scripted(preset("bit93"), 1), "bit93", 1, stats_path=path)
    assert code == EXIT_OK
    assert f"not valid JSON): set aside as {path}.corrupt" in text
    assert (tmp_path / "stats.json.corrupt").read_text() == "{not json"
    assert load_stats(path).games == 1
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    t = tmp_path / "t.json"
    code, text = play(Scripted(preset("bit93"), 1), "bit93", 1,
                      stats_path=blocked / "stats.json", transcript=t)
    assert code == EXIT_OK
    assert "Note: your record was not updated: " in text and "(Not a directory)" in text
    assert read(t).events[-1]["ev"] == "game_over"


def test_a_full_disk_leaves_the_old_record(tmp_path, monkeypatch):
    path = tmp_path / "stats.json"
    play(Scripted(preset("bit93"), 1), "bit93", 1, stats_path=path)
    before = path.read_text()

    def full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    code, text = play(Scripted(preset("bit93"), 2), "bit93", 2, stats_path=path)
    assert code == EXIT_OK and "No space left on device" in text
    assert path.read_text() == before
    assert [p.name for p in tmp_path.iterdir()] == ["stats.json"]   # no temporary left


def test_euchre_stats_shows_resets_and_refuses_a_corrupt_record(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    runner = CliRunner()
    r = runner.invoke(cli, ["stats"])
    assert r.exit_code == 0 and "No finished games yet" in r.output
    path = tmp_path / "euchre64" / "stats.json"
    play(Scripted(preset("bit93"), 1), "bit93", 1, stats_path=path)
    won = load_stats(path).won
    r = runner.invoke(cli, ["stats"])
    assert r.exit_code == 0
    assert f"Games: 1 (won {won}, lost {1 - won}" in r.output and str(path) in r.output
    r = runner.invoke(cli, ["stats", "--reset"])
    assert r.exit_code == 0 and not path.exists()
    path.write_text("[1, 2]")
    r = runner.invoke(cli, ["stats"])
    assert r.exit_code == 1 and "not a euchre64-stats/1 record" in r.stderr
    assert "Traceback" not in r.output


def test_the_cli_records_a_finished_game_in_xdg_data_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    s = Scripted(preset("bit93"), 2)
    play(s, "bit93", 2)                                  # the answers of a whole game
    result = CliRunner().invoke(cli, ["play", "--seed", "2", "--ascii"],
                                input="".join(line + "\n" for line in s.sent))
    assert result.exit_code == 0, result.output
    assert load_stats(tmp_path / "euchre64" / "stats.json").games == 1




def test_the_record_lives_in_xdg_data_home_or_the_home_folder(tmp_path):
    from pyengine.play.stats import StatsError, data_dir, stats_path

    assert data_dir({"XDG_DATA_HOME": "/data", "HOME": "/h"}) == Path("/data/euchre64")
    assert data_dir({"XDG_DATA_HOME": "rel", "HOME": "/h"}) == Path("/h/.local/share/euchre64")
    assert stats_path({"HOME": "/h"}) == Path("/h/.local/share/euchre64/stats.json")
    fifo = tmp_path / "stats.json"
    os.mkfifo(fifo)
    with pytest.raises(StatsError, match="not a regular file") as info:
        load_stats(fifo)                                 # refused, not opened (no block)
    assert not info.value.corrupt

