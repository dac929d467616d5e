"""Writing a transcript while the game is played, so that no played game is lost.

The game goes to ``NAME.partial`` beside the chosen file, event by event: each
new event is appended and the closing ``]}`` written after it, so the file is a
whole ``euchre-transcript/1`` object (of the game so far) after every event. When
the game ends - finished, quit, end of input, Ctrl-C, ``kill`` - the partial file
is renamed into place. A crash or ``kill -9`` leaves ``NAME.partial``: the game up
to its last event, which ``euchre replay`` reads.

Before the game (:func:`check_target`): the file must be a regular file or not
exist yet, in a folder that exists and can be written; an existing file is
replaced only with ``force``. A FIFO or a device (``/dev/full``) is refused
without opening it, so nothing blocks.

A move taken back (``euchre play``'s ``u``) shortens the game: :meth:`TranscriptWriter.restart`
makes the next update write the partial file again from the start.

Two processes never write one file (:mod:`pyengine.records.filelock`): the
partial file is locked (``flock``) for as long as the game is played, and the
file a game was resumed from is locked too (:meth:`TranscriptWriter.hold_source`);
a second process on either is refused with :class:`~pyengine.records.filelock.Busy`
(one line) before it writes a byte, and the partial file is truncated only once it
is ours. The lock dies with its process: ``kill -9`` leaves no stale lock.

A writer made with ``scratch`` keeps a game only while it is unfinished (the
shell's saved games): :meth:`TranscriptWriter.discard` removes its files.

During the game a write that fails (a full disk, the folder removed) is reported
once and tried again, from the start, with every later event; if it still fails
at the end the caller gets the reason and the transcript's text, to show.
"""

from __future__ import annotations

import errno
import json
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

from pyengine.records.filelock import Busy, busy_message, hold, try_lock
from pyengine.records.safeio import shielded
from pyengine.records.transcript import Transcript

PARTIAL_SUFFIX = ".partial"
TAIL = "\n]}\n"


def partial_path(path: Path) -> Path:
    """Where the transcript of a game in progress is kept: FILE.partial."""
    return path.with_name(path.name + PARTIAL_SUFFIX)


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _why(exc: OSError) -> str:
    return exc.strerror or str(exc)


def check_target(path: Path, force: bool = False) -> str | None:
    """None if a transcript can be written to ``path``, else a one-line reason.

    Nothing is opened or created: only ``stat`` and ``access`` are asked."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        st = None
    except OSError as exc:
        return f"{path}: cannot look at it ({_why(exc)})"
    if st is not None:
        if not stat.S_ISREG(st.st_mode):
            return f"{path} is {_kind(st.st_mode)}, not a file a transcript can be written to"
        if not force:
            return f"{path} exists: choose another name, or add --force to replace it"
    folder = path.parent
    try:
        fst = os.stat(folder)
    except FileNotFoundError:
        return f"{path}: cannot write (the folder {folder} does not exist)"
    except OSError as exc:
        return f"{path}: cannot write ({_why(exc)})"
    if not stat.S_ISDIR(fst.st_mode):
        return f"{path}: cannot write ({folder} is not a folder)"
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"{path}: cannot write (Permission denied in {folder})"
    partial = partial_path(path)
    try:
        pst = os.lstat(partial)
    except FileNotFoundError:
        return None
    except OSError as exc:
        return f"{partial}: cannot look at it ({_why(exc)})"
    if not stat.S_ISREG(pst.st_mode):
        return f"{partial} is {_kind(pst.st_mode)}: remove it first"
    if not force:
        return (f"{partial} exists (the game so far of an interrupted game?): replay or "
                "remove it, or add --force to replace it")
    return None


@dataclass
class TranscriptWriter:
    """Keeps ``path + '.partial'`` equal to the game so far; :meth:`finish` renames it."""

    path: Path
    force: bool = False
    failure: str | None = None          # the last write that failed, if it still fails
    _fd: int | None = None
    _written: int = 0                   # events on disk
    _tail_at: int = 0                   # where TAIL starts in the file
    _head: str = ""
    _reported: bool = field(default=False)
    _rewrite: bool = field(default=False)
    scratch: bool = False               # a saved game: kept only while unfinished
    _source: int | None = None          # the locked file the game was resumed from
    option: str = "--transcript"        # the option that named ``path``, for messages

    @property
    def partial(self) -> Path:
        """The file written as the game goes (renamed to ``path`` at the end)."""
        return partial_path(self.path)

    def hold_source(self, source: Path) -> None:
        """Lock the file the game was resumed from until :meth:`close` (Busy if another
        process plays it now); call it before the file is read."""
        fd = hold(source, "being played")
        if self._source is not None:
            os.close(self._source)
        self._source = fd

    def open(self, head: Transcript) -> None:
        """Create the partial file with the transcript's envelope (raises OSError;
        Busy, with the line to show, if another process writes it)."""
        self._head = json.dumps(head.envelope())[:-1]
        self._head += ', "events": ['
        with shielded():
            self._create(exclusive=not self.force)

    def _create(self, exclusive: bool) -> None:
        flags = os.O_WRONLY | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
        if exclusive:
            flags |= os.O_EXCL
        if self._ours():
            fd = self._fd                       # our own file, still there: start it again
        else:
            if self._fd is not None:
                os.close(self._fd)
                self._fd = None
            fd = os.open(self.partial, flags, 0o644)    # not truncated before it is ours
            if not try_lock(fd):
                os.close(fd)
                raise Busy(busy_message(self.partial, "being written"))
        assert fd is not None                   # both branches above hold an open file
        self._fd = fd
        os.ftruncate(fd, 0)
        self._written = 0
        self._put(0, self._head + TAIL)
        self._tail_at = len(self._head.encode())

    def _ours(self) -> bool:
        """The partial file's name still leads to the file we write (it was not
        removed, renamed away or replaced while we wrote to it)."""
        if self._fd is None:
            return False
        mine = os.fstat(self._fd)
        try:
            named = os.stat(self.partial)
        except FileNotFoundError:
            return False
        return (mine.st_dev, mine.st_ino) == (named.st_dev, named.st_ino)

    def _put(self, offset: int, text: str) -> None:
        assert self._fd is not None
        data = text.encode()
        done = 0
        while done < len(data):
            done += os.pwrite(self._fd, data[done:], offset + done)

    def restart(self) -> None:
        """The events changed before the last one written (a move was taken back):
        the next update writes the file again from the start."""
        self._rewrite = True

    def update(self, events: list[dict]) -> str | None:
        """Append the events not yet on disk; a new failure's reason (once), else None."""
        if self._fd is None and self.failure is None:
            return None
        with shielded():
            try:
                self._append(events)
            except OSError as exc:
                self.failure = f"cannot write {self.partial} ({_why(exc)})"
                if not self._reported:
                    self._reported = True
                    return self.failure
                return None
        self.failure = None
        self._reported = False
        return None

    def _append(self, events: list[dict]) -> None:
        if self.failure is not None or self._rewrite or not self._ours():
            self._create(exclusive=False)                  # our own game: start it again
            self._rewrite = False
        parts = []
        for i in range(self._written, len(events)):
            parts.append(("\n  " if i == 0 else ",\n  ") + json.dumps(events[i]))
        if not parts:
            return
        body = "".join(parts)
        self._put(self._tail_at, body + TAIL)
        self._tail_at += len(body.encode())
        self._written = len(events)

    def finish(self, events: list[dict]) -> str | None:
        """Write the last events and move the file into place; None, or why it failed.
        The partial file stays locked until it has its name."""
        self.update(events)
        with shielded():
            if self.failure is not None:
                return self.failure
            assert self._fd is not None
            try:
                os.fsync(self._fd)
                try:
                    self._into_place()
                except FileExistsError:
                    return (f"{self.path} appeared during the game and is kept; this game "
                            f"is in {self.partial}")
                except OSError as exc:
                    return f"cannot rename {self.partial} to {self.path} ({_why(exc)})"
            except OSError as exc:
                return f"cannot write {self.partial} ({_why(exc)})"
            finally:
                os.close(self._fd)
                self._fd = None
        return None

    def discard(self) -> None:
        """A saved game that is over: remove its partial file and the file it was
        resumed from (a finished game is not kept as unfinished)."""
        with shielded():
            for name in (self.partial, self.path):
                try:
                    os.unlink(name)
                except OSError:
                    pass
            self.close()

    def _into_place(self) -> None:
        if self.force:
            os.replace(self.partial, self.path)
            return
        try:
            os.link(self.partial, self.path)      # fails if the name was taken meanwhile
        except FileExistsError:
            raise
        except OSError:                           # a file system without hard links
            if self.path.exists():
                raise FileExistsError(errno.EEXIST, "exists") from None
            os.rename(self.partial, self.path)
            return
        os.unlink(self.partial)

    def close(self) -> None:
        """Close the partial file (it stays on disk if the game did not finish) and let
        go of the locks."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
        if self._source is not None:
            os.close(self._source)
            self._source = None
