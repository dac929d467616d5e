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
    left = sorted(p.name for p in tmp_path.iterdir())
    assert left == ["stats.json", "stats.json.lock"]   # no temporary left (the lock stays)


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



# --- two processes, one record (issue 27) ------------------------------------------

def _record_many(path: str, games: int, start, seed: int) -> None:
    """A worker: wait for the start, then add ``games`` finished games to the record."""
    from pyengine.play.loop import GameLoop
    from pyengine.play.stats import record_game
    from pyengine.players.player import RandomPlayer

    loop = GameLoop.new(preset("bit93"), seed)
    me = RandomPlayer(seed)
    while not loop.is_over():
        if loop.needs_human():
            loop.decide(me.decide(loop.view()))
        else:
            loop.step()
    start.wait(60)
    for _ in range(games):
        stats, problem = record_game(loop, Path(path))
        assert problem is None and stats is not None, problem


def test_four_processes_recording_at_once_lose_no_game(tmp_path):
    # 4 processes calling record_game 50 times each on one stats.json recorded 81 of 200
    import multiprocessing

    ctx = multiprocessing.get_context("fork")
    path = tmp_path / "stats.json"
    start = ctx.Event()
    procs = [ctx.Process(target=_record_many, args=(str(path), 50, start, 1 + i))
             for i in range(4)]
    for p in procs:
        p.start()
    start.set()
    try:
        for p in procs:
            p.join(120)
    finally:
        for p in procs:
            if p.is_alive():
                p.kill()
                p.join(5)
    assert [p.exitcode for p in procs] == [0] * 4
    assert load_stats(path).games == 200


def test_a_record_that_could_not_be_written_is_not_shown_as_updated(tmp_path, monkeypatch):
    path = tmp_path / "stats.json"

    def full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    code, text = play(Scripted(preset("bit93"), 2), "bit93", 2, stats_path=path)
    assert code == EXIT_OK and "your record was not updated" in text
    assert "Your record: " not in text, text[-400:]


def test_a_record_held_by_another_process_is_reported_not_waited_for_ever(tmp_path,
                                                                          monkeypatch):
    import fcntl

    from pyengine.records import filelock

    path = tmp_path / "stats.json"
    monkeypatch.setattr(filelock, "WAIT", 0.3)
    lock = os.open(tmp_path / "stats.json.lock", os.O_RDWR | os.O_CREAT)
    fcntl.flock(lock, fcntl.LOCK_EX)          # another open file: another holder
    try:
        code, text = play(Scripted(preset("bit93"), 2), "bit93", 2, stats_path=path)
    finally:
        os.close(lock)
    assert code == EXIT_OK
    assert "your record was not updated" in text and "another euchre" in text, text[-300:]
    assert "Your record: " not in text and not path.exists()


@pytest.mark.parametrize("kind", ["fifo", "aside-blocked"])
def test_euchre_stats_promises_to_set_aside_only_what_it_can(tmp_path, monkeypatch, kind):
    # `euchre stats` said "it is set aside at your next finished game" for files the
    # next game does not set aside (a FIFO; a corrupt record whose .corrupt name is taken
    # by a folder)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    folder = tmp_path / "euchre64"
    folder.mkdir()
    path = folder / "stats.json"
    if kind == "fifo":
        os.mkfifo(path)
    else:
        path.write_text("{not json")
        (folder / "stats.json.corrupt" / "x").mkdir(parents=True)
    r = CliRunner().invoke(cli, ["stats"])
    assert r.exit_code == 1
    assert "set aside at your next" not in r.stderr, r.stderr
    assert "no game is recorded until it is removed" in r.stderr, r.stderr
    code, text = play(Scripted(preset("bit93"), 2), "bit93", 2, stats_path=path)
    assert "your record was not updated" in text      # what the message foretold
