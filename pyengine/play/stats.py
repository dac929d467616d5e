"""The human's running record: games won and lost, points, euchres, lone hands.

Kept as JSON (``euchre64-stats/1``) in ``$XDG_DATA_HOME/euchre64/stats.json``
(``~/.local/share/euchre64/stats.json`` when XDG_DATA_HOME is unset or not an
absolute path, as the XDG Base Directory specification says), updated after
every finished game with a human in it (line mode or table; ``--auto`` games and
unfinished ones do not count), shown by ``euchre stats``.

The file is written atomically (a temporary file beside it, flushed to disk,
then renamed over it), so a crash leaves the old record or the new one, never
half of one. Games that end at the same moment in several processes are all
counted: the read, the addition and the write happen under a lock
(``stats.json.lock``, :mod:`pyengine.records.filelock`), which a second process
waits for (a few seconds at most; if it is still held, the record is not
updated and the message says why).

Nothing here raises for a file problem: :func:`record_game` returns a one-line
message (a full disk, a folder that cannot be written) and the game it was
called for is not affected; a corrupt record is set aside as
``stats.json.corrupt`` (said in the message) and a new one started.
"""

from __future__ import annotations

import errno
import json
import os
import stat
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import TYPE_CHECKING

from pyengine.play.scoresheet import PLAYED
from pyengine.records.filelock import Busy, locked

if TYPE_CHECKING:
    from pyengine.play.loop import GameLoop

FORMAT = "euchre64-stats/1"
APP_DIR = "euchre64"
FILE_NAME = "stats.json"
CORRUPT_SUFFIX = ".corrupt"
LOCK_SUFFIX = ".lock"
MAX_BYTES = 64 * 1024
BREAKDOWNS = ("by_rules", "by_level")    # games and wins per rules preset, per level


class StatsError(ValueError):
    """A record that cannot be read; the message is one line for the user.
    ``corrupt``: the file is there but is not a record (it may be set aside)."""

    def __init__(self, message: str, corrupt: bool = True) -> None:
        super().__init__(message)
        self.corrupt = corrupt


@dataclass
class Stats:
    """The record. ``euchres``: hands the human's side euchred the makers;
    ``euchred``: hands it made trump and was euchred; ``lone_hands``: hands the
    human went alone, ``lone_marches`` of them taking every trick. ``by_rules``:
    games and wins per rules preset; ``by_level``: per opponents' level."""
    games: int = 0
    won: int = 0
    lost: int = 0
    points_for: int = 0
    points_against: int = 0
    hands: int = 0
    euchres: int = 0
    euchred: int = 0
    lone_hands: int = 0
    lone_marches: int = 0
    by_rules: dict[str, dict[str, int]] = field(default_factory=dict)
    by_level: dict[str, dict[str, int]] = field(default_factory=dict)

    def add(self, other: Stats) -> None:
        """Add another record (one game's) to this one."""
        for f in fields(self):
            if f.name not in BREAKDOWNS:
                setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))
        for part in BREAKDOWNS:
            for name, counts in getattr(other, part).items():
                mine = getattr(self, part).setdefault(name, {"games": 0, "won": 0})
                for k in ("games", "won"):
                    mine[k] += counts.get(k, 0)

    def to_json(self) -> dict:
        """The file's object."""
        return {"format": FORMAT, **asdict(self)}


def data_dir(env: Mapping[str, str] | None = None) -> Path:
    """``$XDG_DATA_HOME/euchre64``, else ``~/.local/share/euchre64``."""
    e = os.environ if env is None else env
    base = e.get("XDG_DATA_HOME", "")
    if not base or not os.path.isabs(base):
        home = e.get("HOME") or os.path.expanduser("~")
        base = os.path.join(home, ".local", "share")
    return Path(base) / APP_DIR


def stats_path(env: Mapping[str, str] | None = None) -> Path:
    """Where the record is kept."""
    return data_dir(env) / FILE_NAME


def _counts(obj: object, where: str) -> dict[str, int]:
    if not isinstance(obj, dict) or not all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in obj.values()):
        raise StatsError(f"{where}: not a record of counts")
    return obj


def load_stats(path: Path) -> Stats:
    """The record in ``path`` (an empty one if there is none); StatsError if corrupt."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):      # a FIFO would block the open
            raise StatsError(f"{path}: not a regular file, not a record", corrupt=False)
        with open(path, "rb") as f:
            data = f.read(MAX_BYTES + 1)
    except FileNotFoundError:
        return Stats()
    except OSError as exc:
        raise StatsError(f"{path}: cannot read ({exc.strerror})", corrupt=False) from None
    if len(data) > MAX_BYTES:
        raise StatsError(f"{path}: more than {MAX_BYTES:,} bytes: not a record")
    try:
        obj = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise StatsError(f"{path}: not a record (not valid JSON)") from None
    if not isinstance(obj, dict) or obj.get("format") != FORMAT:
        raise StatsError(f"{path}: not a {FORMAT} record")
    s = Stats()
    for f in fields(Stats):
        if f.name not in obj:
            continue
        if f.name in BREAKDOWNS:
            if not isinstance(obj[f.name], dict):
                raise StatsError(f"{path}: {f.name} is not a record of counts")
            setattr(s, f.name, {str(k): _counts(v, str(path)) for k, v in obj[f.name].items()})
            continue
        value = obj[f.name]
        points = f.name in ("points_for", "points_against")   # Bid Euchre: may be < 0
        if not isinstance(value, int) or isinstance(value, bool) or (value < 0 and not points):
            raise StatsError(f"{path}: {f.name} is not a count")
        setattr(s, f.name, value)
    return s


def save_stats(stats: Stats, path: Path) -> None:
    """Write the record atomically; raises OSError."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + f".{os.getpid()}.tmp")
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(json.dumps(stats.to_json(), indent=1) + "\n")
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except OSError:
        try:
            tmp.unlink()
        except OSError:
            pass
        raise


def game_stats(loop: GameLoop) -> Stats:
    """One finished game's contribution to the human's record."""
    game, human = loop.game, loop.human
    assert human is not None and game.over
    mine = game.team(human)
    s = Stats(games=1, won=int(game.winner == mine), lost=int(game.winner != mine))
    s.points_for = game.total[mine]
    s.points_against = sum(p for t, p in enumerate(game.total) if t != mine)
    for row in loop.score_sheet():
        if row.outcome != PLAYED:
            continue
        s.hands += 1
        if row.euchred:
            if row.makers == mine:
                s.euchred += 1
            else:
                s.euchres += 1
        if row.alone and row.maker == human:
            s.lone_hands += 1
            s.lone_marches += row.tricks[mine] == game.rules.hand_size
    s.by_rules = {game.rules.name: {"games": 1, "won": s.won}}
    s.by_level = {loop.level: {"games": 1, "won": s.won}}
    return s


def record_game(loop: GameLoop, path: Path) -> tuple[Stats | None, str | None]:
    """Add a finished human game to the record in ``path``: (the new record, None or a
    note), or (None, a one-line message) when the file cannot be read, set aside or
    written - the record on disk is then the old one. A game of computers only, or an
    unfinished one, is not recorded. Several processes may call it at once: each
    game is counted once (a lock beside the file)."""
    if loop.human is None or not loop.is_over():
        return None, None
    try:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except FileExistsError:                        # a file where the folder should be
            raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR)) from None
        with locked(path.with_name(path.name + LOCK_SUFFIX)):
            return _add_game(loop, path)
    except Busy as exc:
        return None, f"your record was not updated: {exc}"
    except OSError as exc:
        return None, (f"your record was not updated: cannot write {path} "
                      f"({exc.strerror or exc})")


def _add_game(loop: GameLoop, path: Path) -> tuple[Stats | None, str | None]:
    """record_game's read, add and write (the caller holds the lock)."""
    note = None
    try:
        stats = load_stats(path)
    except StatsError as exc:
        if not exc.corrupt:
            return None, f"your record was not updated: {exc}"
        aside = path.with_name(path.name + CORRUPT_SUFFIX)
        try:
            os.replace(path, aside)
        except OSError as err:
            return None, (f"your record was not updated: {exc}, and it cannot be set aside "
                          f"({err.strerror})")
        note = f"{exc}: set aside as {aside}; a new record starts with this game"
        stats = Stats()
    stats.add(game_stats(loop))
    try:
        save_stats(stats, path)
    except OSError as exc:
        return None, (f"your record was not updated: cannot write {path} "
                      f"({exc.strerror or exc})")
    return stats, note


def can_set_aside(path: Path) -> bool:
    """Whether a corrupt record at ``path`` can be renamed beside itself: its folder
    can be written and nothing but a file is in the way."""
    aside = path.with_name(path.name + CORRUPT_SUFFIX)
    if aside.is_dir() or not os.access(path.parent, os.W_OK | os.X_OK):
        return False
    return True


def reset_stats(path: Path) -> str | None:
    """Remove the record; None, or why it could not be removed."""
    try:
        path.unlink()
    except FileNotFoundError:
        return None
    except OSError as exc:
        return f"cannot remove {path} ({exc.strerror})"
    return None


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "-"


def stats_lines(stats: Stats) -> list[str]:
    """What ``euchre stats`` prints."""
    if not stats.games:
        return ["No finished games yet: play one with euchre play."]
    lines = [f"Games: {stats.games} (won {stats.won}, lost {stats.lost}, "
             f"{_pct(stats.won, stats.games)} won)",
             f"Points: {stats.points_for} for, {stats.points_against} against "
             f"({stats.points_for / stats.games:.1f} a game for you)",
             f"Hands: {stats.hands}; euchres: your side set the makers {stats.euchres} "
             f"times and was set {stats.euchred} times",
             f"Lone hands: {stats.lone_hands}, {stats.lone_marches} of them all the tricks"]
    if len(stats.by_rules) > 1 or (stats.by_rules and "bit93" not in stats.by_rules):
        parts = [f"{name} {c.get('won', 0)}/{c.get('games', 0)}"
                 for name, c in sorted(stats.by_rules.items())]
        lines.append("By rules (won/games): " + ", ".join(parts))
    if stats.by_level:                 # games before levels (issue 29) were all normal
        parts = [f"{name} {c.get('won', 0)}/{c.get('games', 0)}"
                 for name, c in sorted(stats.by_level.items())]
        lines.append("By opponents' level (won/games): " + ", ".join(parts))
    return lines
