"""The unfinished games of ``euchre play``: one file per game, listed by ``--resume``.

A human game played without ``--transcript`` is written as it goes (the
transcript writer's partial file, :mod:`pyengine.records.transcript_writer`) to a
file of its own in the store, ``$XDG_DATA_HOME/euchre64/unfinished/``
(:func:`store_dir`): ``game-SEED-DATE-TIME-PID.json``. A game left unfinished - ``q``,
the end of the input, Ctrl-C, a closed terminal, ``kill`` - stays there (even
``kill -9`` leaves its ``.partial``); a game played to the end is removed, so
the store holds only games to go on with, and a second unfinished game never
replaces the first.

:func:`list_saved` reads the store (and the one ``unfinished.json`` that earlier
versions kept beside it), newest first; :func:`saved_lines` is what ``euchre play
--resume`` without a file prints. A game being played right now by another process
(its file locked) is listed as such.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from pyengine.records.filelock import try_lock

STORE = "unfinished"                 # the folder, in euchre64's data folder
LEGACY_FILE = "unfinished.json"      # the single saved game of earlier versions
SUFFIXES = (".json", ".json.partial")


def store_dir(data: Path) -> Path:
    """The store in the data folder ``data`` (``$XDG_DATA_HOME/euchre64``)."""
    return data / STORE


def new_save_path(store: Path, seed: int, now: float | None = None) -> Path:
    """A file of its own for a new game of number ``seed``."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    return store / f"game-{seed}-{stamp}-{os.getpid()}.json"


def in_store(path: Path, store: Path) -> bool:
    """Whether ``path`` is one of the store's games (or the earlier single file):
    such a game is removed, not kept, once it is over."""
    try:
        here = path.resolve().parent
        return here == store.resolve() or path.resolve() == (store.parent / LEGACY_FILE).resolve()
    except OSError:
        return False


@dataclass(frozen=True)
class SavedGame:
    """One unfinished game: its file, when it was left, and what it is (or why it
    cannot be resumed, or that another process plays it now)."""
    path: Path
    mtime: float
    seed: int | None = None
    hand: int | None = None
    score: str = ""
    rules: str = ""
    busy: bool = False
    problem: str | None = None


def _busy(path: Path) -> bool:
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return False
    try:
        return not try_lock(fd)
    finally:
        os.close(fd)


def _describe(path: Path) -> SavedGame:
    from pyengine.play.loop import GameLoop, ResumeError

    try:
        mtime = path.stat().st_mtime
    except OSError:
        mtime = 0.0
    if _busy(path):
        return SavedGame(path, mtime, busy=True)
    try:
        loop = GameLoop.resume(path)
    except ResumeError as exc:
        why = str(exc).removeprefix(f"cannot resume {path}: ")
        return SavedGame(path, mtime, problem=why)
    g = loop.game
    return SavedGame(path, mtime, g.seed, g.hand_no, "-".join(str(x) for x in g.total),
                     g.rules.name)


def list_saved(store: Path) -> list[SavedGame]:
    """The store's games (and the earlier ``unfinished.json``), newest first."""
    paths = []
    try:
        paths = [p for p in store.iterdir() if p.name.endswith(SUFFIXES) and p.is_file()]
    except OSError:
        pass
    legacy = store.parent / LEGACY_FILE
    if legacy.is_file():
        paths.append(legacy)
    games = [_describe(p) for p in paths]
    return sorted(games, key=lambda s: (-s.mtime, str(s.path)))


def saved_lines(games: list[SavedGame], store: Path) -> list[str]:
    """What ``euchre play --resume`` without a file prints; each game's command as the
    player can type it where he is (:func:`~pyengine.play.invocation.resume_command`)."""
    from pyengine.play.invocation import resume_command

    if not games:
        return [f"No unfinished games (they are kept in {store})."]
    lines = [f"Unfinished games ({len(games)}), the newest first:"]
    for s in games:
        when = datetime.fromtimestamp(s.mtime).strftime("%Y-%m-%d %H:%M") if s.mtime else "?"
        if s.busy:
            what = "being played now by another euchre"
        elif s.problem:
            what = f"cannot be resumed: {s.problem}"
        else:
            rules = "" if s.rules == "bit93" else f", rules {s.rules}"
            what = f"game {s.seed}, hand {s.hand}, score {s.score} (you first){rules}"
        lines.append(f"  {when}  {what}")
        if not s.busy and not s.problem:
            lines.append(f"      {resume_command(s.path)}")
    return lines
