"""The ``euchre`` console command: the engine's subcommands plus the 6502 tools.

Data flows one way: this module imports :mod:`pyengine`; the engine never
imports :mod:`tools`.
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import click

from pyengine.cli import cli
from pyengine.core.rng import SEED_MAX, SEED_MIN
from pyengine.core.rules import Rules


def _default_prg(ctx: click.Context, param: click.Parameter, value: Path | None) -> Path:
    if value is not None:
        return value
    from ..program.build import BuildError
    from ..program.resources import default_program

    try:
        return default_program(note=_note)
    except BuildError as exc:
        raise click.ClickException(str(exc)) from None
    except OSError as exc:
        raise click.ClickException(f"cannot build the program: {exc.strerror or exc}"
                                   ) from None


def _note(message: str) -> None:
    """A one-line note on the error output (the cache healing itself)."""
    click.echo(f"euchre: {message}", err=True)


prg_option = click.option(
    "--prg", type=click.Path(dir_okay=False, path_type=Path), default=None,
    callback=_default_prg,
    help="The program to run (its .map must be beside it). Default: the checkout's "
         "build/euchre.prg, or when installed one built on first use into the cache.")


def _fail(message: str, code: int = 1) -> None:
    click.echo(message, err=True)
    sys.exit(code)


rules_option = click.option("--rules", "rules_name", default="bit93", show_default=True,
                            help="Rules preset, as euchre play's (euchre rules lists them).")
options_option = click.option(
    "--option", "-o", "options", multiple=True, metavar="NAME=VALUE",
    help="Change one rule of the preset, as euchre play's, e.g. -o target=5 (repeatable).")


def _rules(rules_name: str, options: tuple[str, ...]):
    """The rules chosen with the shell's spelling; a clear line and exit 2 when they are
    unknown, cannot be played, or are not played by the C64 yet."""
    from ..gamecore.rules_block import RulesChoiceError, from_cli

    try:
        return from_cli(rules_name, options)
    except RulesChoiceError as exc:
        _fail(f"euchre: {exc}", 2)


def _rules_words(rules) -> str:
    from pyengine.core.options import options_of

    opts = options_of(rules)
    return rules.name + "".join(f" -o {k}={str(v).lower()}" for k, v in opts.items())


def _snapshot(prg: Path, into: Path) -> Path:
    """A copy of ``prg`` and its label map in ``into``: a long run measures one program
    even if `make` rewrites build/ while it runs (it read the files back at the end)."""
    copy = into / prg.name
    try:
        shutil.copyfile(prg, copy)
        shutil.copyfile(prg.with_suffix(".map"), copy.with_suffix(".map"))
    except OSError as exc:
        _fail(f"cannot read {prg} and its label map ({exc.strerror}): run `make` "
              "(and wait for it to finish)")
    return copy


def _load_core(prg: Path):
    from ..gamecore.core import Core
    from ..machine.harness import HarnessError

    try:
        return Core(prg)
    except HarnessError as exc:
        _fail(f"cannot load {prg}: {exc}")


@cli.command()
@click.option("--force", is_flag=True, help="Rebuild even if nothing changed.")
def build(force: bool) -> None:
    """Assemble build/euchre.prg (+ .map .lst .vs .d64) with Ophis (installed: into the cache)."""
    from ..program.build import BuildError
    from ..program.resources import build_program

    try:
        path = build_program(force=force, note=_note)
    except BuildError as exc:
        _fail(str(exc))
    except OSError as exc:                       # the checkout's build/ cannot be written
        where = f" {exc.filename}" if exc.filename else ""
        _fail(f"euchre build: cannot write{where}: {exc.strerror or exc}")
    click.echo(f"built {path}")


@cli.command()
@click.option("--games", type=click.IntRange(1, 65536), default=100, show_default=True,
              help="Games to play on both engines.")
@click.option("--seed", type=click.IntRange(SEED_MIN, SEED_MAX), default=0, show_default=True,
              help="First game number; games use consecutive numbers.")
@click.option("--human", type=click.Choice(["none", "random"]), default="none",
              show_default=True,
              help="random: seat 0 decides by a seeded random legal chooser, "
                   "the same for both engines.")
@click.option("--jobs", type=click.IntRange(1, 64), default=None,
              help="Worker processes (default: one per core).")
@rules_option
@options_option
@prg_option
def crosscheck(games: int, seed: int, human: str, jobs: int | None, rules_name: str,
               options: tuple[str, ...], prg: Path) -> None:
    """Play games on the 6502 (under the harness) and in pyengine; compare every event."""
    from pyengine.measure.progress import bar

    from ..gamecore.crosscheck import budget_table
    from ..gamecore.crosscheck import crosscheck as run

    rules = _rules(rules_name, options)
    _load_core(prg)
    start = time.perf_counter()
    with bar(games, "crosscheck", "game") as b:
        try:
            mismatch, figures = run(prg, games, seed, human == "random", jobs,
                                    progress=lambda done: b.update(done - b.n), rules=rules)
        except KeyboardInterrupt:
            b.close()
            _fail(f"interrupted after {b.n:,} of {games:,} games "
                  f"({time.perf_counter() - start:.1f} s); nothing differed so far", 130)
    elapsed = time.perf_counter() - start
    if mismatch:
        click.echo(mismatch.report())
        _fail(f"FAILED after {figures.games} games ({elapsed:.1f} s)")
    who = "seat 0 a random human" if human == "random" else "all seats computer"
    click.echo(f"{figures.games:,} games ({who}; rules {_rules_words(rules)}), game "
               f"numbers {seed}-{(seed + games - 1) & 0xFFFF}: {figures.events:,} events, "
               f"all identical to pyengine ({elapsed:.1f} s)")
    click.echo("\n".join(budget_table(figures)))


@cli.command()
@click.option("--games", type=click.IntRange(2, 65536), default=1000, show_default=True,
              help="Games to measure (half with a random human at seat 0).")
@rules_option
@options_option
@prg_option
def budget(games: int, rules_name: str, options: tuple[str, ...], prg: Path) -> None:
    """Cycle budgets and sizes of the 6502 core, as markdown (docs/performance.md).

    Plays --games games (half of them with a random human at seat 0, so every
    decision path is taken), checks each against pyengine, and reports the
    median and worst cycles of each computer decision kind and of shuffle+deal.
    """
    rules = _rules(rules_name, options)
    with tempfile.TemporaryDirectory(prefix="euchre-budget-") as tmp:
        _budget(games, rules, _snapshot(prg, Path(tmp)))


def _budget(games: int, rules: Rules, prg: Path) -> None:
    """`euchre budget` on one copy of the program (:func:`_snapshot`)."""
    from pyengine.measure.progress import bar

    from ..gamecore.crosscheck import Figures, budget_table, size_lines
    from ..gamecore.crosscheck import crosscheck as run

    _load_core(prg)
    start = time.perf_counter()
    total = Figures()
    half = games // 2
    with bar(2 * half, "budget", "game") as b:
        for human, first in ((False, 0), (True, half)):
            try:
                mismatch, figures = run(prg, half, first, human, rules=rules,
                                        progress=lambda done: b.update(total.games + done - b.n))
            except KeyboardInterrupt:
                b.close()
                _fail(f"interrupted after {b.n:,} of {2 * half:,} games: no budget table", 130)
            total.add(figures)
            if mismatch:
                b.close()
                click.echo(mismatch.report())
                _fail("FAILED: the 6502 differs from pyengine; no budget table")
    elapsed = time.perf_counter() - start
    click.echo(f"Cycles over {total.games:,} games (rules {_rules_words(rules)}; game "
               f"numbers 0-{2 * half - 1}; "
               f"{half:,} with a random human at seat 0), all identical to pyengine; "
               f"the program's own cycles; a real PAL frame leaves it 18,324 of its "
               f"19,656 (bad lines and the KERNAL IRQ take the rest). ({elapsed:.0f} s)\n")
    click.echo("\n".join(budget_table(total)))
    click.echo("\n| size | |\n| --- | ---: |")
    click.echo("\n".join(size_lines(prg)))


@cli.command()
@click.option("--auto", is_flag=True, help="All four seats played by the 6502's computer player.")
@click.option("--seed", type=click.IntRange(SEED_MIN, SEED_MAX), default=None,
              help="Game number (default: a random one).")
@click.option("--transcript", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write the 6502's game as euchre-transcript/1 JSON.")
@click.option("--ascii", "ascii_only", is_flag=True,
              help="Plain ASCII: no colours, S H D C for the suits, + - | for the frames "
                   "(also when the locale has no UTF-8).")
@click.option("--force", is_flag=True, help="Replace an existing --transcript file.")
@rules_option
@options_option
@prg_option
def c64(auto: bool, seed: int | None, transcript: Path | None, ascii_only: bool,
        force: bool, rules_name: str, options: tuple[str, ...], prg: Path) -> None:
    """Run the 6502 program itself under the harness.

    Without --auto: the whole C64 program in the terminal. The emulated screen is
    drawn whenever the program waits for a key; type a line and its characters are
    sent as keys (words: return, left, right, stop, space, del; f or fire and
    jleft/jright/jup/jdown for joystick 2; an empty line is RETURN). --seed types
    the game number on the title. EOF or Ctrl-C ends.

    With --auto the game core plays a whole game by itself (demo mode) and the
    game is printed; the transcript is the 6502's own. --rules and -o (as euchre
    play's, or a rules code such as "STD T11 C1") set the core's rules block; without
    --auto they are chosen on the C64's own options screen by its keys before the
    title is shown, so they must be rules that screen offers.
    """
    import random

    from pyengine.play.terminal import colour_allowed, locale_is_ascii, to_ascii
    from pyengine.records.replay import judge
    from pyengine.records.replaylog import HandPrinter
    from pyengine.records.transcript import TranscriptError, loads

    from ..machine.harness import HarnessError

    ascii_only = ascii_only or locale_is_ascii()
    echo = (lambda text: click.echo(to_ascii(text))) if ascii_only else click.echo
    rules = _rules(rules_name, options)
    if not auto and (rules_name != "bit93" or options):
        from ..frontend.options_screen import offered

        why = offered(rules)
        if why:
            _fail(f"euchre c64: {why}; --auto plays it (the core, without the screens)", 2)
    if transcript is not None:
        _check_transcript(transcript, force)
    if not auto:
        colour = not ascii_only and sys.stdout.isatty() and colour_allowed()
        _interactive(prg, seed, transcript, echo, colour, force, rules)
        return
    if seed is None:
        seed = random.SystemRandom().randrange(SEED_MAX + 1)
    core = _load_core(prg)
    try:
        game = core.play(seed, rules=rules)
    except HarnessError as exc:
        _fail(f"the 6502 program stopped: {exc}")
    text = json.dumps(game.transcript())
    if transcript:
        _write_transcript(transcript, force, game.transcript())
    try:
        judge(loads(text), on_step=HandPrinter(echo=echo))
    except TranscriptError as exc:      # the schema's verdict, or the rules' (ReplayError)
        _fail(f"the 6502's game breaks the rules: {exc}")
    click.echo(f"(6502 game {seed}: {len(game.events)} events, {game.total_cycles:,} cycles)")


def _check_transcript(path: Path, force: bool) -> None:
    """Refuse a transcript path before the game, not after it (exit 2)."""
    from pyengine.records.transcript_writer import check_target

    problem = check_target(path, force)
    if problem:
        _fail(f"euchre c64: --transcript: {problem}", 2)


def _write_transcript(path: Path, force: bool, obj: dict) -> None:
    from pyengine.records.transcript import Transcript
    from pyengine.records.transcript_writer import TranscriptWriter

    t = Transcript(rules=obj["rules"], seed=obj["seed"], events=obj["events"],
                   options=obj["options"])
    writer = TranscriptWriter(path, force)
    try:
        writer.open(t)
        problem = writer.finish(t.events)
    except OSError as exc:
        problem = f"cannot write {writer.partial} ({exc.strerror})"
    finally:
        writer.close()
    if problem:
        click.echo(t.dumps(), err=True)
        _fail(f"cannot write the transcript to {path}: {problem} (it is printed above)")


def _interactive(prg: Path, seed: int | None, transcript: Path | None,
                 echo: Callable[[str], None], colour: bool, force: bool, rules) -> None:
    from pyengine.records.safeio import UnreadableLine, read_line

    from ..frontend.driver import Frontend
    from ..machine.harness import HarnessError
    from .c64_terminal import interactive

    try:
        Frontend(prg)
    except HarnessError as exc:
        _fail(f"cannot load {prg}: {exc}")

    def read(prompt_text: str) -> str:
        while True:
            try:
                if sys.stdin is not None and sys.stdin.isatty():
                    return input(prompt_text)
                line = read_line(sys.stdin)
            except UnreadableLine as exc:
                click.echo(f"({exc})")
                continue
            except UnicodeDecodeError:
                click.echo("(that line is not valid text: type it again)")
                continue
            return line if line is not None else _eof()

    try:
        size = shutil.get_terminal_size() if sys.stdout.isatty() else None
        number, events, played = interactive(prg, seed=seed, read=read, write=echo,
                                             colour=colour, rules=rules,
                                             height=size.lines if size else None,
                                             width=size.columns if size else 80)
    except HarnessError as exc:
        _fail(f"the C64 program stopped: {exc}")
    if transcript and events:
        from pyengine.core.options import options_of

        t = {"format": "euchre-transcript/1", "rules": played.name,
             "options": options_of(played), "seed": number, "events": events}
        _write_transcript(transcript, force, t)


def _eof() -> str:
    raise EOFError


@cli.command()
@click.option("--seed", type=click.IntRange(SEED_MIN, SEED_MAX), default=None,
              help="Game number (typed on the title). Default: a random one.")
@click.option("--at", "at", type=click.IntRange(1, None), default=1, show_default=True,
              help="Stop when this many transcript events have happened (1 = first_dealer).")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="The PNG to write. Default: euchre-SEED.png.")
@click.option("--scale", type=click.IntRange(1, 8), default=2, show_default=True,
              help="Pixels per C64 pixel.")
@prg_option
def shot(seed: int | None, at: int, out: Path | None, scale: int, prg: Path) -> None:
    """Render the C64 screen of a demo game (four computer players) to PNG.

    The program runs under the harness: D (demo), speed NO WAIT, the game number
    typed, RETURN; it stops once event --at of the game's transcript is on the
    screen (before the next one is drawn) and writes the picture.
    """
    import random

    from ..frontend.shots import ShotError
    from ..frontend.shots import shot as take
    from ..machine.harness import HarnessError

    if seed is None:
        seed = random.SystemRandom().randrange(SEED_MAX + 1)
    if out is None:
        out = Path(f"euchre-{seed}.png")
    from pyengine.records.outpaths import output_problem

    problem = output_problem(out, (".png",))
    if problem:                                  # before the program runs
        raise click.BadParameter(problem, param_hint="--out")

    try:
        ev = take(prg, seed, at, out, scale=scale)
    except ShotError as exc:
        _fail(str(exc), 2)
    except HarnessError as exc:
        _fail(f"cannot run {prg}: {exc}")
    except OSError as exc:
        _fail(f"cannot write {out}: {exc.strerror}")
    click.echo(f"wrote {out}: game {seed} after event {at} ({ev['ev']})")


def main() -> None:
    cli()


if __name__ == "__main__":
    main()
