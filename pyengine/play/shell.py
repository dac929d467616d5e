"""``euchre play`` in line mode: a game of Euchre in the shell, South (seat 0) against
the computer - for pipes, ``--plain``, screen readers and the tests that drive stdin.

:func:`run_shell_game` checks the arguments, builds the game
(:class:`~pyengine.play.loop.GameLoop`, new or resumed from a transcript), runs a
:class:`~pyengine.play.session.Session` over it (the prompts, answers and keys are
described there) and, however the game ends, tells the score, writes the
transcript and the human's record. Seats 1-3 are
:class:`~pyengine.players.varplayer.VariantPlayer` (the reference player wherever
the rules are Bit #93's shape); with ``auto`` seat 0 is too.

Pace (:mod:`pyengine.play.pace`): ``speed`` is the pause before each computer
move (default: ``normal`` when stdout is a terminal, else ``instant``); the
``sleep`` called can be given (tests count the pauses). With ``autoplay`` a
card that is the only legal one is played by itself and the shell says so.

Exit codes:

* 0 - the game was played to the end, or the player quit with ``q`` or ended the
  input (EOF: a script that feeds its moves ends so)
* 1 - the transcript could not be written at the end (it is then printed on
  stderr), or a game
  of computers only (``--auto``) was not decided within the hand limit
  (:data:`pyengine.players.runner.MAX_HANDS` deals)
* 2 - a usage error found before the game starts: unknown rules preset, a
  transcript path that cannot be written (a missing or locked folder, a FIFO,
  a device) or that exists (``--force`` replaces it), a ``resume`` file that is
  finished, corrupt or unreadable
* 128 + the signal: 130 interrupted with Ctrl-C (SIGINT); 143 ended by SIGTERM
  (``kill``); 129 the terminal was closed (SIGHUP); 131 Ctrl-\\ (SIGQUIT)

Every way out (end, ``q``, EOF, Ctrl-C, ``kill``, a closed terminal) prints the score so far and,
with ``transcript``, writes the events so far (an unfinished game's transcript
simply has no ``game_over``; the shell says so, and how to go on with it:
``euchre play --resume FILE``). The transcript is written as the game goes
(:mod:`pyengine.records.transcript_writer`), so even ``kill -9`` leaves the game so
far in ``FILE.partial``; an undo rewrites it without the move taken back. A
resumed game goes on writing its own file unless another ``transcript`` is given.
A human game without a transcript is written as it goes to a file of its own in
the folder ``save_dir`` when one is given (the CLI gives
``$XDG_DATA_HOME/euchre64/unfinished/``, :mod:`pyengine.play.saved`): kept if the
game is left unfinished, removed once it is over. A file that another process is
playing or writing (its lock, :mod:`pyengine.records.filelock`) is refused before
the game starts, in one line (exit 2). A finished
human game is added to the record in ``stats_path`` when one is given
(:mod:`pyengine.play.stats`); a record that cannot be written is reported in one
line and changes nothing else.
"""

from __future__ import annotations

import os
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from pyengine.core.game import IllegalAction
from pyengine.core.options import OptionError, parse_assignment, rules_from
from pyengine.core.rng import SEED_MAX, SEED_MIN
from pyengine.core.rules import Rules, UnknownRules
from pyengine.play.answers import (
    AnswerError,
    parse_bid,
    parse_card_answer,
    parse_variant_answer,
)
from pyengine.play.invocation import euchre_command, resume_command
from pyengine.play.loop import GameLoop, ResumeError
from pyengine.play.pace import Pace, default_speed
from pyengine.play.saved import in_store, new_save_path
from pyengine.play.session import EndOfInput, Quit, Session, replayed_narrator
from pyengine.play.streams import Out, OutputClosed, choose_style
from pyengine.play.terminal import line_editing
from pyengine.play.textview import Narrator, Style, fit, intro_line, score_text
from pyengine.players.levels import DEFAULT_LEVEL, level_line
from pyengine.players.runner import HandLimitReached
from pyengine.records.filelock import Busy
from pyengine.records.safeio import (
    exit_code_of,
    shielded,
    signal_of,
    stop_signals,
    stopped_words,
)
from pyengine.records.transcript import from_game
from pyengine.records.transcript_writer import TranscriptWriter, check_target, partial_path

__all__ = ["EXIT_EOF", "EXIT_FAILED", "EXIT_INTERRUPT", "EXIT_OK", "EXIT_USAGE", "HUMAN",
           "AnswerError", "EndOfInput", "OutputClosed", "Quit", "Session", "choose_style",
           "parse_bid", "parse_card_answer", "parse_variant_answer", "run_shell_game"]

HUMAN = 0

EXIT_OK = 0
EXIT_EOF = 0                  # the end of input is a quit, as the README says
EXIT_FAILED = 1
EXIT_USAGE = 2
EXIT_INTERRUPT = 130


def run_shell_game(seed: int | None, auto: bool, transcript: Path | None, ascii_only: bool,
                   rules_name: str, stdin: TextIO | None = None,
                   stdout: TextIO | None = None, options: tuple[str, ...] = (),
                   force: bool = False, *, speed: str | None = None,
                   autoplay: bool = False, resume: Path | None = None,
                   sleep: Callable[[float], None] | None = None,
                   stats_path: Path | None = None, save_dir: Path | None = None,
                   level: str = DEFAULT_LEVEL) -> int:
    """Play one game in the shell; return the exit code (see the module docstring)."""
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    try:
        with stop_signals():
            loop, chosen, writer = start_game(seed, auto, transcript, rules_name, options, force,
                                              autoplay, resume, save_dir, level)
            if loop is None:
                return EXIT_USAGE
            out = Out(stdout)
            pace = Pace(speed or default_speed(out.isatty()))
            if sleep is not None:
                pace.sleep = sleep
            ends = Ends(writer, stats_path, save_dir)
            try:
                return _play(loop, chosen, choose_style(stdout, ascii_only), stdin, out, pace,
                             ends, resumed=resume is not None)
            except OutputClosed:
                return EXIT_FAILED
            finally:
                if writer is not None:
                    writer.close()
    except KeyboardInterrupt as exc:      # before the game, or after its transcript
        print("\neuchre play: interrupted", file=sys.stderr)
        return exit_code_of(exc)


def _usage(message: str) -> None:
    print(f"euchre play: {message}", file=sys.stderr)


def start_game(seed: int | None, auto: bool, transcript: Path | None, rules_name: str,
               options: tuple[str, ...], force: bool, autoplay: bool, resume: Path | None,
               save_dir: Path | None = None, level: str = DEFAULT_LEVEL
               ) -> tuple[GameLoop | None, bool, TranscriptWriter | None]:
    """The game (new, or resumed), whether its number was chosen at random, and its
    transcript writer (not opened yet; a game of the ``save_dir`` store gets a scratch
    one, its file removed once the game is over); (None, ...) after a usage message
    on stderr. Either mode starts a game with it."""
    chosen = False
    source: Path | None = None
    scratch = False
    option = "--transcript"
    if resume is not None:
        if resume.is_symlink():                       # the game goes on in the link's file;
            resume = Path(os.path.realpath(resume))   # the link stays a link
        source = resume
        if transcript is None:                        # a resumed game goes on in its file
            transcript, force, option = resume, True, "--resume"
            scratch = save_dir is not None and in_store(resume, save_dir)
    try:
        writer = None if transcript is None else TranscriptWriter(transcript, force,
                                                                  scratch=scratch,
                                                                  option=option)
        if source is not None:
            holder = writer or TranscriptWriter(source)
            try:
                holder.hold_source(source)            # before it is read: not mid-write
            except Busy as exc:
                _usage(f"cannot resume: {exc}")
                return None, False, None
            except OSError:
                pass                                  # GameLoop.resume says why, below
            later = partial_path(source)
            if transcript == source and later.is_file():  # a crash left the newer moves
                holder.close()
                _usage(f"cannot resume {source}: {later} holds later moves of this game "
                       f"(it was interrupted): {resume_command(later)}")
                return None, False, None
            try:
                loop = GameLoop.resume(source, autoplay_forced=autoplay, level=level)
            except ResumeError as exc:
                holder.close()
                _usage(str(exc))
                return None, False, None
        else:
            try:
                chosen_options = dict(parse_assignment(o) for o in options)
                rules: Rules = rules_from(rules_name, chosen_options)
            except (UnknownRules, OptionError) as exc:
                _usage(str(exc))
                return None, False, None
            if seed is not None and not SEED_MIN <= seed <= SEED_MAX:
                _usage(f"game number {seed} is out of range ({SEED_MIN}-{SEED_MAX})")
                return None, False, None
            chosen = seed is None
            if seed is None:
                seed = random.SystemRandom().randrange(SEED_MIN, SEED_MAX + 1)
            loop = GameLoop.new(rules, seed, human=None if auto else HUMAN,
                                autoplay_forced=autoplay, level=level)
            if writer is None and not auto and save_dir is not None:
                writer = TranscriptWriter(new_save_path(save_dir, seed), scratch=True)
                return loop, chosen, writer
    except BaseException:
        if source is not None and writer is not None:
            writer.close()
        raise
    if writer is not None and not writer.scratch:
        problem = check_target(writer.path, writer.force)
        if problem:
            writer.close()
            _usage(f"{writer.option}: {problem}{_elsewhere(writer)}")
            return None, False, None
    return loop, chosen, writer


def open_writer(writer: TranscriptWriter, loop: GameLoop) -> str | None:
    """Create the writer's file before the game; None, or the line to show (the game
    does not start). A saved game's folder that cannot be made is not a reason to
    refuse the game: it is played without being saved, and the end says so."""
    try:
        if writer.scratch:
            writer.path.parent.mkdir(parents=True, exist_ok=True)
        writer.open(from_game(loop.game))
    except Busy as exc:
        return str(exc)
    except OSError as exc:
        if writer.scratch:
            writer.failure = f"cannot write {writer.partial} ({exc.strerror or exc})"
            return None
        return (f"{writer.option}: cannot write {writer.partial} ({exc.strerror})"
                f"{_elsewhere(writer)}")
    return None


def _elsewhere(writer: TranscriptWriter) -> str:
    """For a resumed game that goes on in its own file: how to write it elsewhere."""
    if writer.option != "--resume":
        return ""
    return "; add --transcript NEW.json to go on with the game in another file"


@dataclass
class Ends:
    """Where a game's records go at its end: the transcript (or the saved game: a
    scratch writer), the stats; ``save_dir`` the folder of saved games."""
    writer: TranscriptWriter | None
    stats_path: Path | None
    save_dir: Path | None


def _play(loop: GameLoop, chosen: bool, style: Style, stdin: TextIO, stdout: Out,
          pace: Pace, ends: Ends, resumed: bool) -> int:
    writer = ends.writer
    game = loop.game

    def say(*lines: str) -> None:          # on a terminal, broken to its width; a pipe
        width = stdout.width() if stdout.isatty() else 0       # gets whole lines (paths)
        for line in lines:
            for part in fit(line, width) if width else [line]:
                stdout.write(part + "\n")
        stdout.flush()

    write = None if writer is None else transcript_recorder(writer, loop)

    def record(lp: GameLoop) -> None:
        assert write is not None
        problem = write(lp)
        if problem:
            say(f"  (transcript: {problem}; the game goes on, and the writing is "
                "tried again after every move)")

    narrator = replayed_narrator(loop, style) if resumed else Narrator(style, loop.human)
    session = Session(loop, style, stdin, stdout, narrator, pace,
                      edit_lines=loop.human is not None and line_editing(stdin, stdout.stream),
                      record=None if writer is None else record)
    if writer is not None:
        problem = open_writer(writer, loop)
        if problem:
            _usage(problem)
            return EXIT_USAGE
    code = EXIT_OK
    stopped = None
    try:
        seed = game.seed
        if resumed:
            say(f"Game number {seed}, resumed at hand {game.hand_no} "
                f"{style.dash} score so far: {score_text(game.total, loop.human)}")
        elif chosen:
            say(f"Game number {seed} {style.dash} replay it with: "
                f"{euchre_command(f'play --seed {seed}')}")
        else:
            say(f"Game number {seed}")
        if loop.human is not None:
            say(intro_line(game.rules), level_line(loop.level))
        session.run()
    except Quit:
        stopped = "You quit"
    except EndOfInput:
        stopped, code = "Input ended", EXIT_EOF
    except KeyboardInterrupt as exc:
        stopped, code = stopped_words(signal_of(exc)), exit_code_of(exc)
    except OutputClosed:
        stopped, code = "Output closed", EXIT_FAILED
    except IllegalAction as exc:   # a computer player's bug: say it, keep the evidence
        stopped, code = f"Engine error ({exc})", EXIT_FAILED
    except HandLimitReached as exc:
        say("", f"Game {game.seed} was not decided after {exc.limit:,} deals: "
            "stopped at the hand limit.")
        stopped, code = "Stopped", EXIT_FAILED
    with shielded():                  # a Ctrl-C now waits until the transcript is written
        return finish_game(loop, ends, say, stopped, code)


def transcript_recorder(writer: TranscriptWriter, loop: GameLoop
                        ) -> Callable[[GameLoop], str | None]:
    """What both modes call after every move and undo: keeps ``writer``'s partial file
    equal to the game so far (written again from the start after an undo, so the file
    holds nothing of an undone move); returns a new write failure's reason, else None."""
    generation = [loop.generation]

    def record(lp: GameLoop) -> str | None:
        if lp.generation != generation[0]:           # an undo: the file starts again
            generation[0] = lp.generation
            writer.restart()
        return writer.update([e.to_json() for e in lp.game.events])

    return record


def finish_game(loop: GameLoop, ends: Ends, tell: Callable[..., None], stopped: str | None,
                code: int) -> int:
    """However a game ended (either mode): say the score if it stopped early, write the
    transcript (or save an unfinished game), update the record; the exit code."""
    def say(*lines: str) -> None:       # the reader may go now too: write the file anyway
        try:
            tell(*lines)
        except OutputClosed:
            pass

    game, writer = loop.game, ends.writer
    if stopped is not None:
        if stopped.startswith("Interrupted"):
            say("")
        say("", f"{stopped} during hand {game.hand_no}. "
            f"Score so far: {score_text(game.total, None)}")
    go_on = loop.human is not None and not game.over
    if writer is not None and writer.scratch:
        if game.over:                   # nothing to go on with: the saved game goes
            writer.discard()
        else:
            say(_keep(loop, writer))
    elif writer is not None:
        code = _write_transcript(loop, writer, say, code)
        if go_on and code != EXIT_FAILED:
            say(f"Go on with it later: {resume_command(writer.path)}")
    if game.over and loop.human is not None and ends.stats_path is not None:
        from pyengine.play.stats import record_game

        stats, problem = record_game(loop, ends.stats_path)
        if problem:
            say(f"Note: {problem}.")
        if stats is not None:
            say(f"Your record: {stats.won} won, {stats.lost} lost (euchre stats shows it).")
    return code


def _write_transcript(loop: GameLoop, writer: TranscriptWriter, say: Callable[..., None],
                      code: int) -> int:
    game = loop.game
    problem = writer.finish([e.to_json() for e in game.events])
    if problem:
        say(f"Could not write the transcript to {writer.path}: {problem}. "
            "It follows on the error output, so that the game is not lost.")
        try:
            sys.stderr.write(from_game(game).dumps())
            sys.stderr.flush()
        except OSError:
            pass
        return code or EXIT_FAILED
    note = "" if game.over else " (the game is unfinished: no game_over event)"
    say(f"Transcript written to {writer.path}{note}.")
    return code


def _keep(loop: GameLoop, writer: TranscriptWriter) -> str:
    """Keep an unfinished game where ``--resume`` finds it; the line that says so."""
    problem = writer.finish([e.to_json() for e in loop.game.events])
    if problem:
        return f"The game so far could not be saved to {writer.path.parent} ({problem})."
    return f"The game so far is saved: go on with it later: {resume_command(writer.path)}"
