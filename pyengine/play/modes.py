"""``euchre play``'s two modes: the full-screen table or the line mode, and which one.

:func:`choose_mode` gives the table when stdin and stdout are both terminals,
``--plain`` was not asked for, ``TERM`` is not ``dumb`` (a terminal that cannot
address its cursor), the table can be imported (Textual installed) and
the terminal is at least 80x24 (:func:`pyengine.play.table.table_fits`); else the
line mode, with a one-line note when the reason is one the player may not
expect (the size, a missing Textual). :func:`run_play` runs the game in the mode
chosen; both modes start the game (:func:`pyengine.play.shell.start_game`) and
end it (:func:`pyengine.play.shell.finish_game`: transcript, saved game, record)
the same way, over the one :class:`~pyengine.play.loop.GameLoop`.

The table module is imported only here and only when it is used, so the line
mode (pipes, tests) never loads Textual.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TextIO

from pyengine.records.safeio import StopRequest, exit_code_of, signals_to, stopped_words

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2
EXIT_INTERRUPT = 130
INTERRUPTED_WORD = "interrupted"


@dataclass(frozen=True)
class Mode:
    """The mode chosen: ``table`` the table module (None: line mode), ``note`` a line
    to print first saying why not the table (None: nothing to say)."""
    table: ModuleType | None
    note: str | None = None


def _is_tty(stream: TextIO | None) -> bool:
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except (OSError, ValueError):
        return False


def _import_table() -> tuple[ModuleType | None, str | None]:
    try:
        import pyengine.play.table as table
    except ImportError as exc:
        return None, f"no full-screen table here ({exc}): line mode"
    return table, None


def choose_mode(plain: bool, stdin: TextIO | None, stdout: TextIO | None,
                size: Callable[[], tuple[int, int]] | None = None,
                importer: Callable[[], tuple[ModuleType | None, str | None]] = _import_table,
                env: Mapping[str, str] | None = None) -> Mode:
    """The table or the line mode (see the module docstring); ``size`` gives the
    terminal's (columns, lines), ``importer`` the table module or why there is none,
    ``env`` the environment (``TERM``; default: the process's)."""
    if plain or not (_is_tty(stdin) and _is_tty(stdout)):
        return Mode(None)
    if (os.environ if env is None else env).get("TERM") == "dumb":
        return Mode(None, "TERM is dumb (a terminal that cannot move its cursor): "
                          "playing in line mode.")
    table, problem = importer()
    if table is None:
        return Mode(None, problem)
    columns, lines = (size or _terminal_size)()
    if not table.table_fits(columns, lines):
        return Mode(None, f"The terminal is {columns}x{lines}; the table needs 80x24 or "
                          "more: playing in line mode.")
    return Mode(table)


def _terminal_size() -> tuple[int, int]:
    s = shutil.get_terminal_size((0, 0))
    return s.columns, s.lines


@dataclass(frozen=True)
class PlayArgs:
    """``euchre play``'s options, as the CLI read them."""
    seed: int | None
    auto: bool
    transcript: Path | None
    ascii_only: bool
    rules_name: str
    options: tuple[str, ...]
    force: bool
    speed: str | None
    autoplay: bool | None              # None: on in the table, off in line mode
    resume: Path | None
    plain: bool
    opponents: str = "normal"          # the computer seats' level (pyengine.players.levels)


def run_play(a: PlayArgs, stats_path: Path | None, save_dir: Path | None,
             mode: Mode | None = None) -> int:
    """Play one game in the mode chosen; the exit code (pyengine.play.shell's)."""
    mode = mode or choose_mode(a.plain, sys.stdin, sys.stdout)
    if mode.table is None:
        from pyengine.play.shell import run_shell_game

        if mode.note:
            print(mode.note, file=sys.stdout, flush=True)
        return run_shell_game(a.seed, a.auto, a.transcript, a.ascii_only, a.rules_name,
                              options=a.options, force=a.force, speed=a.speed,
                              autoplay=bool(a.autoplay), resume=a.resume,
                              stats_path=stats_path, save_dir=save_dir, level=a.opponents)
    stops = StopRequest()
    try:
        with signals_to(stops):         # a signal ends the table its own way: the game saved
            return _table_game(mode.table, a, stats_path, save_dir, stops)
    except KeyboardInterrupt as exc:
        print("\neuchre play: interrupted", file=sys.stderr)
        return exit_code_of(exc)


def _table_game(table: ModuleType, a: PlayArgs, stats_path: Path | None,
                save_dir: Path | None, stops: StopRequest) -> int:
    from pyengine.play.sheetview import sheet_lines
    from pyengine.play.shell import (
        Ends,
        finish_game,
        open_writer,
        start_game,
        transcript_recorder,
    )
    from pyengine.play.streams import OutputClosed, choose_style
    from pyengine.players.pimc import supports
    from pyengine.records.safeio import shielded

    autoplay = True if a.autoplay is None else a.autoplay
    loop, _, writer = start_game(a.seed, a.auto, a.transcript, a.rules_name, a.options,
                                 a.force, autoplay, a.resume, save_dir, a.opponents)
    if loop is None:
        return EXIT_USAGE
    if writer is not None:
        problem = open_writer(writer, loop)
        if problem:
            writer.close()
            print(f"euchre play: {problem}", file=sys.stderr)
            return EXIT_USAGE
    style = choose_style(sys.stdout, a.ascii_only)
    try:
        # the partial transcript follows every move, as in line mode (a hang-up or a
        # kill during a table game then loses nothing but the move being made)
        record = None if writer is None else transcript_recorder(writer, loop)
        if stops.signum is None:        # else a signal came first: no table to draw
            result = table.run_table(loop, speed=a.speed or "normal",
                                     hints=supports(loop.game.rules), style=style,
                                     record=record, stops=stops)
            loop = result.loop
            stopped, code = _outcome(result)
        if stops.signum is not None:
            stopped, code = stopped_words(stops.signum), exit_code_of(stops.signum)
        if loop.is_over():            # the table's screen is gone: leave the sheet behind
            try:
                _echo("", *sheet_lines(loop.score_sheet(), loop.game.rules, style,
                                       loop.human))
            except OutputClosed:
                pass
        with shielded():               # a Ctrl-C now waits until the transcript is written
            return finish_game(loop, Ends(writer, stats_path, save_dir), _echo, stopped,
                               code)
    finally:
        if writer is not None:
            writer.close()


def _outcome(result: object) -> tuple[str | None, int]:
    """What the table's result means for the end of the game: (stopped, exit code)."""
    why = getattr(result, "stopped", "") or ""
    if why:
        if INTERRUPTED_WORD in why.lower():
            return "Interrupted", EXIT_INTERRUPT
        return f"Stopped ({why})", EXIT_FAILED
    if getattr(result, "quit", False):
        return "You quit", EXIT_OK
    return None, EXIT_OK


def _echo(*lines: str) -> None:
    """Lines after the table has closed: broken between words at the terminal's width
    (a long path in the resume hint), whole on a pipe."""
    from pyengine.play.streams import OutputClosed
    from pyengine.play.terminal import line_width
    from pyengine.play.textview import fit

    width = line_width(sys.stdout) if _is_tty(sys.stdout) else 0
    try:
        for line in lines:
            for part in fit(line, width) if width else [line]:
                print(part)
        sys.stdout.flush()
    except OSError:                    # nobody reads stdout any more: the files still
        raise OutputClosed from None   # get written (finish_game carries on)
