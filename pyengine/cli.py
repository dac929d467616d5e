"""The ``euchre`` command's engine subcommands: a thin layer over the library.

``tools.commands.cli`` adds the 6502 subcommands (build, crosscheck, c64, ...) to this
group; the engine itself knows nothing of them.
"""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import click

from pyengine.core.rng import SEED_MAX, SEED_MIN
from pyengine.play.pace import SPEEDS
from pyengine.players.levels import DEFAULT_LEVEL, LEVELS


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="euchre64", prog_name="euchre",
                      message="%(prog)s (Euchre 64) %(version)s")
def cli() -> None:
    """Euchre 64: Bit #93 (April 1988) Euchre, in Python and on the Commodore 64."""


@cli.command()
@click.option("--seed", type=click.IntRange(SEED_MIN, SEED_MAX), default=None,
              help="Game number (0-65535); the same number deals the same cards. "
                   "Default: a random one.")
@click.option("--auto", is_flag=True,
              help="Every seat played by the computer (a game to watch); a game not "
                   "decided after 2,000 deals stops there (exit 1).")
@click.option("--transcript", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write the game's euchre-transcript/1 JSON here.")
@click.option("--ascii", "ascii_only", is_flag=True,
              help="Plain ASCII: no colours, S H D C instead of suit symbols (also under "
                   "a C or POSIX locale; NO_COLOR or TERM=dumb turn colour off).")
@click.option("--rules", "rules_name", default="bit93", show_default=True,
              help="Rules preset (euchre rules lists them).")
@click.option("--option", "-o", "options", multiple=True, metavar="NAME=VALUE",
              help="Change one rule of the preset, e.g. -o stick_the_dealer=false "
                   "(repeatable; euchre rules lists them).")
@click.option("--force", is_flag=True, help="Replace an existing --transcript file.")
@click.option("--plain", is_flag=True,
              help="Line mode even on a terminal: a line per move, answers typed "
                   "(for screen readers and scripts); pipes always get it.")
@click.option("--speed", type=click.Choice(SPEEDS), default=None,
              help="Pause before each computer move, as on the C64. Default: normal on "
                   "a terminal, instant when the output is a pipe or a file.")
@click.option("--resume", type=str, is_flag=False, flag_value="", default=None,
              metavar="[FILE]",
              help="Go on with the unfinished game of a transcript (the game number and "
                   "rules are the file's); it goes on being written to FILE. Without "
                   "FILE: list your unfinished games.")
@click.option("--autoplay/--no-autoplay", default=None,
              help="Play a card by itself when it is your only legal one. Default: on "
                   "in the full-screen table, off in line mode.")
@click.option("--opponents", type=click.Choice(LEVELS), default=DEFAULT_LEVEL,
              show_default=True,
              help="The computer's level: easy (the reference player, slipping on a "
                   "quarter of its cards), normal (the reference player, as on the C64), "
                   "hard (the search player pimc, under a second a move); c64easy and "
                   "c64hard: the C64's EASY and HARD.")
@click.option("--deal", "deal_spec", default=None, metavar="FILE.egn:N",
              help="Play deal N (from 0) of an EGN record against the computer, then see "
                   "how its players and the hard player played it.")
@click.option("--seat", type=click.IntRange(0, 3), default=0, show_default=True,
              help="With --deal: the record's seat you play (0-3).")
@click.option("--worlds", type=click.IntRange(1, 1000), default=None,
              help="With --deal: the hard player's budget for its own play of the deal.")
@click.pass_context
def play(ctx: click.Context, seed: int | None, auto: bool, transcript: Path | None,
         ascii_only: bool, rules_name: str, options: tuple[str, ...], force: bool,
         plain: bool, speed: str | None, resume: str | None,
         autoplay: bool | None, opponents: str, deal_spec: str | None, seat: int,
         worlds: int | None) -> None:
    """Play Euchre: you are South, the computer plays the other seats.

    On a terminal of 80x24 or more the table is drawn full screen; elsewhere (a
    pipe, --plain, a smaller terminal) the game is played line by line. At any
    prompt: ? help, t hint, u take back, l last trick, q quit.
    """
    from pyengine.play.modes import PlayArgs, run_play
    from pyengine.play.saved import list_saved, saved_lines, store_dir
    from pyengine.play.stats import data_dir, stats_path

    if deal_spec is not None:                   # one deal of an EGN record (docs/egn.md)
        given = [flag for flag, name in (("--seed", "seed"), ("--rules", "rules_name"),
                                         ("--option", "options"), ("--auto", "auto"),
                                         ("--resume", "resume"),
                                         ("--transcript", "transcript"))
                 if ctx.get_parameter_source(name) is click.core.ParameterSource.COMMANDLINE]
        if given:
            raise click.UsageError(f"--deal plays the record's deal under its rules: drop "
                                   f"{', '.join(given)}")
        from pyengine.records.egn.playdeal import play_deal_command

        sys.exit(play_deal_command(deal_spec, seat, opponents, worlds, click.echo))
    store = store_dir(data_dir())
    if resume == "":                  # --resume without a file: the games to go on with
        for line in saved_lines(list_saved(store), store):
            click.echo(line)
        return
    if resume is not None:
        given = [flag for flag, name in (("--seed", "seed"), ("--rules", "rules_name"),
                                         ("--option", "options"), ("--auto", "auto"))
                 if ctx.get_parameter_source(name) is click.core.ParameterSource.COMMANDLINE]
        if given:
            raise click.UsageError(f"--resume plays on the game of FILE, with its own game "
                                   f"number and rules: drop {', '.join(given)}")
    if ctx.get_parameter_source("opponents") is not click.core.ParameterSource.COMMANDLINE:
        opponents = _code_opponents(rules_name, opponents)
    args = PlayArgs(seed, auto, transcript, ascii_only, rules_name, options, force, speed,
                    autoplay, None if resume is None else Path(resume), plain, opponents)
    sys.exit(run_play(args, stats_path=stats_path(), save_dir=store))


def _code_opponents(rules_name: str, default: str) -> str:
    """The level a rules code's O token names (``--rules "WEB O2"``: the C64's HARD,
    c64hard), else ``default``; a token that cannot be read is a usage error."""
    from pyengine.core.options import OptionError
    from pyengine.core.rulescode import code_level, looks_like_code

    if not looks_like_code(rules_name):
        return default
    try:
        level = code_level(rules_name)
    except OptionError as exc:
        raise click.UsageError(str(exc)) from None
    if level is None or level == "normal":
        return default if level is None else "normal"
    return "c64" + level


@cli.command()
@click.option("--reset", is_flag=True, help="Forget the record (start again from nothing).")
def stats(reset: bool) -> None:
    """Your record in euchre play: games won and lost, points, euchres, lone hands."""
    from pyengine.play.stats import (
        StatsError,
        can_set_aside,
        load_stats,
        reset_stats,
        stats_lines,
        stats_path,
    )

    path = stats_path()
    if reset:
        problem = reset_stats(path)
        if problem:
            click.echo(f"euchre stats: {problem}", err=True)
            sys.exit(1)
        click.echo(f"Your record is forgotten ({path} removed).")
        return
    try:
        record = load_stats(path)
    except StatsError as exc:
        if exc.corrupt and can_set_aside(path):
            then = ("it is set aside at your next finished game, or remove it with "
                    "euchre stats --reset")
        elif exc.corrupt:              # its folder cannot be written: nothing sets it aside
            then = ("it cannot be set aside (its folder cannot be written, or "
                    f"{path.name}.corrupt is in the way), so no game is recorded until it "
                    "is removed")
        else:                          # a FIFO, a folder, a file that cannot be read
            then = "no game is recorded until it is removed or can be read"
        click.echo(f"euchre stats: {exc}; {then}", err=True)
        sys.exit(1)
    for line in stats_lines(record):
        click.echo(line)
    click.echo(f"(kept in {path})")


@cli.command(name="rules")
def rules_cmd() -> None:
    """List the rules presets and every option, with each preset's value."""
    from pyengine.core.combinations import BID6_UNUSED
    from pyengine.core.options import DECISIONS, DESCRIPTIONS, OPTION_NAMES, plain
    from pyengine.core.rules import PRESET_NOTES, PRESETS
    from pyengine.core.rulescode import TOKENS

    click.echo("Presets (euchre play --rules NAME):")
    for name, note in PRESET_NOTES.items():
        click.echo("\n".join(textwrap.wrap(note, 78, initial_indent=f"  {name:<9} ",
                                           subsequent_indent=" " * 12)))
    names = list(PRESETS)
    click.echo("\nOptions (euchre play --option NAME=VALUE); values in "
               + ", ".join(names) + ":")
    for opt in OPTION_NAMES:
        values = " / ".join("-" if PRESETS[n].bid6 and opt in BID6_UNUSED
                            else _show(plain(getattr(PRESETS[n], opt))) for n in names)
        click.echo(f"  {opt} [{values}]")
        for line in textwrap.wrap(DESCRIPTIONS[opt], 74):
            click.echo(f"      {line}")
    click.echo("\n(-: the option does not apply to that preset.)")
    code = ("A rules code as the C64 shows it works as --rules too: BIT93, WEB, STD or "
            "BID6, then a letter and value for each option changed, e.g. --rules "
            "\"STD T11 C1\". The letters: "
            + ", ".join(f"{t.letter} {t.option}" for t in TOKENS)
            + " (P: the four points_* at once, e.g. P1242).")
    click.echo("\n" + "\n".join(textwrap.wrap(code, 78)))
    click.echo("\nChoices made where the rules are silent:")
    for line in DECISIONS:
        click.echo("\n".join(textwrap.wrap(line, 78, initial_indent="  - ",
                                           subsequent_indent="    ")))


def _show(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


@cli.command()
@click.argument("transcript_file", type=click.Path(path_type=Path))
@click.option("--quiet", "-q", is_flag=True, help="Only the verdict, not the hands.")
def replay(transcript_file: Path, quiet: bool) -> None:
    """Judge a transcript (or an EGN record, .egn/.emn): replay it through the rules.

    Exits 1 with a message naming the first event the rules reject. An unfinished
    game whose events are all accepted (a game saved when its player quit) is said
    to be unfinished, with the command that resumes it (exit 0).
    """
    from pyengine.records.egn.replaycmd import looks_like_egn, replay_egn

    if looks_like_egn(transcript_file):                 # an EGN record (docs/egn.md)
        sys.exit(replay_egn(transcript_file, quiet, click.echo,
                            lambda s: click.echo(s, err=True)))
    from pyengine.records.loadgame import unfinished_game, unfinished_note
    from pyengine.records.replay import ReplayError, judge
    from pyengine.records.replaylog import HandPrinter
    from pyengine.records.transcript import TranscriptError, read

    t = None
    try:
        t = read(transcript_file)
        printer = HandPrinter(echo=(lambda s: None) if quiet else click.echo)
        game = judge(t, on_step=printer)
    except (TranscriptError, ReplayError) as exc:
        stopped = unfinished_game(t) if isinstance(exc, ReplayError) and t else None
        if stopped is not None:
            from pyengine.play.invocation import resume_command
            click.echo(unfinished_note(transcript_file, stopped,
                                       resume_command(Path(transcript_file))))
            return
        click.echo(f"REJECTED: {exc}", err=True)
        sys.exit(1)
    total = "-".join(str(x) for x in game.total)
    click.echo(f"OK: {len(t.events)} events, {game.hand_no} hands, final score "
               f"{total} (seed {t.seed}, rules {t.rules})")


@cli.command(name="export")
@click.argument("transcript_file", type=click.Path(path_type=Path))
@click.option("--egn", "as_egn", is_flag=True, required=True,
              help="Write Euchre Game Notation (the one format export writes).")
@click.option("-o", "--out", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="The record to write (FILE.egn).")
@click.option("--force", is_flag=True, help="Replace an existing file.")
def export_cmd(transcript_file: Path, as_egn: bool, out: Path, force: bool) -> None:
    """Write a game the project played (a transcript, the shell's or the C64's) as an
    EGN record, so other EGN tools can show it (docs/egn.md)."""
    from pyengine.records.egn.files import FileJobError, export_egn

    try:
        click.echo(export_egn(transcript_file, out, force).message)
    except FileJobError as exc:
        click.echo(f"euchre export: {exc}", err=True)
        sys.exit(1)


@cli.command(name="import")
@click.argument("record_file", type=click.Path(path_type=Path))
@click.option("-o", "--out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="The transcript to write (default: the record's name with .json).")
@click.option("--game", "game_no", type=click.IntRange(0, None), default=None,
              help="Which game of a match (.emn), from 0.")
@click.option("--force", is_flag=True, help="Replace an existing file.")
def import_cmd(record_file: Path, out: Path | None, game_no: int | None, force: bool) -> None:
    """Write an EGN record's game as a transcript; euchre play --resume goes on from
    where the record stops (docs/egn.md)."""
    from pyengine.records.egn.files import FileJobError, import_egn

    try:
        click.echo(import_egn(record_file, out, game_no, force).message)
    except FileJobError as exc:
        click.echo(f"euchre import: {exc}", err=True)
        sys.exit(1)


@cli.command()
@click.argument("game_file", type=click.Path(path_type=Path))
@click.option("--worlds", type=click.IntRange(1, 1000), default=None,
              help="The hard player's budget: worlds searched a decision (default: its "
                   "own; fewer is faster and rougher).")
@click.option("--deal", "deal", type=click.IntRange(0, None), default=None,
              help="Only this deal (numbered from 0).")
@click.option("--game", "game_no", type=click.IntRange(0, None), default=None,
              help="Which game of a match (.emn), from 0.")
@click.option("--egn", "egn_out", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="Write the record with [?]/[??] annotations here.")
@click.option("--force", is_flag=True, help="Replace an existing --egn file.")
def analyze(game_file: Path, worlds: int | None, deal: int | None, game_no: int | None,
            egn_out: Path | None, force: bool) -> None:
    """Weigh every decision of a game (an EGN record or a transcript) as the hard
    player sees it from that seat: expected points of each choice, the biggest
    mistakes of each deal first (docs/egn.md)."""
    from pyengine.measure.progress import bar
    from pyengine.records.egn.analyzecmd import AnalyzeError, run

    try:
        run(game_file, worlds, deal, egn_out, force, game_no, click.echo,
            lambda total: bar(total, "analysing", "decision"))
    except AnalyzeError as exc:
        click.echo(f"euchre analyze: {exc}", err=True)
        sys.exit(1)


@cli.command()
@click.option("--out", type=click.Path(file_okay=False, path_type=Path),
              default=Path("vectors"), show_default=True,
              help="Directory for the vector files (made if missing).")
@click.option("--games", type=click.IntRange(1, 100_000), default=100, show_default=True,
              help="Whole games per file of games (each played twice: computer only, "
                   "and with a random human at seat 0).")
@click.option("--seed", type=int, default=1, show_default=True,
              help="Seed of the generator that picks game numbers and samples.")
@click.option("--variants/--no-variants", default=True, show_default=True,
              help="Also write whole games of every other preset and option "
                   "into OUT/variants/ (at most 20 game numbers each).")
def vectors(out: Path, games: int, seed: int, variants: bool) -> None:
    """Write versioned JSON test vectors for the 6502 port (docs/vectors.md)."""
    from pyengine.measure.progress import bar
    from pyengine.measure.vectors import VARIANTS, write_variant_vectors, write_vectors
    from pyengine.players.runner import HandLimitReached
    from pyengine.records.outpaths import directory_problem

    problem = directory_problem(out)
    if problem:                                  # before any game is played
        click.echo(f"cannot write vectors to {out}: {problem}", err=True)
        sys.exit(1)
    v_games = min(games, 20)
    total = 2 * games + (2 * v_games * len(VARIANTS) if variants else 0)
    try:
        with bar(total, "vectors", "game") as b:
            paths = write_vectors(out, games=games, seed=seed, progress=b.update)
            if variants:
                paths += write_variant_vectors(out / "variants", games=v_games, seed=seed,
                                               progress=b.update)
    except OSError as exc:
        click.echo(f"cannot write vectors to {out}: {exc.strerror}", err=True)
        sys.exit(1)
    except HandLimitReached as exc:
        click.echo(f"euchre vectors: {exc}", err=True)
        sys.exit(1)
    for p in paths:
        click.echo(f"wrote {p}")


@cli.command()
@click.option("--games", type=click.IntRange(10, 1_000_000), default=1000, show_default=True,
              help="Games for the ref-vs-random win rate.")
def bench(games: int) -> None:
    """Print engine speed (hands/s, one core) and the ref player's win rate vs random."""
    from pyengine.measure.bench import report

    for line in report(games=games):
        click.echo(line)


def _even(ctx: click.Context, param: click.Parameter, value: int) -> int:
    if value % 2:
        raise click.BadParameter(f"{value} is odd: matches come in duplicate pairs (each deal "
                                 f"sequence played twice), so ask for {value + 1}")
    return value


def _finite(ctx: click.Context, param: click.Parameter, value: float | None) -> float | None:
    if value is not None and value != value:        # nan passes FloatRange's comparisons
        raise click.BadParameter("nan is not a number of points")
    return value


def _output(option: str, path: Path | None, suffixes: tuple[str, ...] = ()) -> None:
    """Refuse an output path that cannot be written, before any work."""
    from pyengine.records.outpaths import output_problem

    problem = None if path is None else output_problem(path, suffixes)
    if problem:
        raise click.BadParameter(problem, param_hint=option)


@cli.command()
@click.option("--team-a", "team_a", default="pimc", show_default=True, metavar="PLAYER",
              help="random, ref, easy, hard (the shell's levels), pimc or ismcts (OpenSpiel, "
                   "--rules standard); options "
                   "after a colon, e.g. pimc:worlds=20, ref:order_min=10, random:seed=3, "
                   "ismcts:sims=500.")
@click.option("--team-b", "team_b", default="ref", show_default=True, metavar="PLAYER",
              help="The other team's player, written as for --team-a.")
@click.option("--matches", type=click.IntRange(2, 1_000_000), default=20, show_default=True,
              callback=_even,
              help="Games to the target, an even number: duplicate pairs, each deal "
                   "sequence played twice with the teams swapped.")
@click.option("--rules", "rules_name", default="bit93", show_default=True,
              help="Rules preset (euchre rules lists them).")
@click.option("--option", "-o", "options", multiple=True, metavar="NAME=VALUE",
              help="Change one rule of the preset, as euchre play's, e.g. -o deck=32 "
                   "(repeatable).")
@click.option("--seed", type=click.IntRange(SEED_MIN, SEED_MAX), default=0, show_default=True,
              help="First game number; pair i plays game number seed+i.")
@click.option("--jobs", type=click.IntRange(1, 64), default=2, show_default=True,
              help="Worker processes.")
@click.option("--chart", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write a PNG chart of the results here.")
@click.option("--json", "json_out", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="Write the summary as JSON here.")
@click.option("--scheduler", default=None, metavar="ADDRESS",
              help="Play the matches on the Dask scheduler at ADDRESS (tcp://host:8786; "
                   "pip install 'euchre64[cluster]') instead of --jobs local processes.")
@click.option("--sprt", is_flag=True,
              help="Stop as soon as a sequential test decides whether team A is better "
                   "by --delta (H1) or no better (H0); --matches is then the cap.")
@click.option("--baseline", default=None, metavar="PLAYER",
              help="With --sprt: also play PLAYER against team B on the same deals, "
                   "and judge team A against it (paired A/B).")
@click.option("--delta", type=click.FloatRange(0.001, 4), default=None, callback=_finite,
              help="With --sprt: H1's margin, in net points a hand  [default: 0.1]")
def arena(team_a: str, team_b: str, matches: int, rules_name: str, options: tuple[str, ...],
          seed: int, jobs: int, chart: Path | None, json_out: Path | None,
          scheduler: str | None, sprt: bool, baseline: str | None,
          delta: float | None) -> None:
    """Duplicate matches between two players: wins, points, euchres, lone hands (95% CIs).

    Every game stops after the hand limit (2,000 deals), won by neither team.
    """
    import json

    from pyengine.core.options import OptionError, parse_assignment, rules_from
    from pyengine.core.rules import UnknownRules
    from pyengine.measure.arena import (
        PlayerSpecError,
        check_matchup,
        make_player,
        run_matches,
        usable_jobs,
    )
    from pyengine.measure.arenastats import chart as draw
    from pyengine.measure.arenastats import report_lines, summarise, summary_json
    from pyengine.measure.cluster import ClusterError, scheduler_address
    from pyengine.measure.progress import bar, reporter

    if delta is not None and not sprt:
        raise click.UsageError("--delta belongs to --sprt (H1's margin of a sequential test)")
    if scheduler is not None:          # checked before anything connects or plays
        try:
            scheduler = scheduler_address(scheduler)
        except ClusterError as exc:
            raise click.UsageError(f"--scheduler: {exc}") from None
    _output("--chart", chart, (".png",))
    _output("--json", json_out)
    try:
        rules = rules_from(rules_name, dict(parse_assignment(o) for o in options))
        make_player(team_a)
        make_player(team_b)
        check_matchup(rules, team_a, team_b)
        if baseline is not None:
            make_player(baseline)
            check_matchup(rules, baseline, team_b)
    except (PlayerSpecError, UnknownRules, OptionError) as exc:
        raise click.UsageError(str(exc)) from None
    jobs, note = usable_jobs(jobs)
    if note:
        click.echo(f"euchre arena: {note}", err=True)
    done = [0]                         # the bar counts nothing when it is not shown
    if sprt or baseline is not None:
        from pyengine.measure.sprt import sprt_command
        if chart is not None or json_out is not None:
            raise click.UsageError("--chart and --json belong to a fixed-size run, not --sprt")
        sys.exit(sprt_command(rules, team_a, team_b, baseline,
                              0.1 if delta is None else delta, matches, seed, jobs,
                              scheduler, sprt))
    with bar(matches, "arena", "match") as b:
        moved = reporter(b)

        def progress(n: int, total: int) -> None:
            done[0] = n
            moved(n, total)

        try:
            results, secs = run_matches(rules, team_a, team_b, matches, seed, jobs,
                                        progress, scheduler=scheduler)
        except ClusterError as exc:
            b.close()
            raise click.UsageError(str(exc)) from None
        except KeyboardInterrupt as exc:
            from pyengine.records.safeio import exit_code_of

            b.close()
            click.echo(f"euchre arena: interrupted after {done[0]:,} of {matches:,} matches",
                       err=True)
            sys.exit(exit_code_of(exc))         # 128 + the signal: SIGTERM 143, not 130
    s = summarise(results, team_a, team_b, rules, secs, jobs)
    for line in report_lines(s):
        click.echo(line)
    target = chart
    try:
        if chart is not None:
            draw([s], chart)
            click.echo(f"chart written to {chart}")
        target = json_out
        if json_out is not None:
            json_out.write_text(json.dumps(summary_json(s), indent=1) + "\n")
            click.echo(f"summary written to {json_out}")
    except OSError as exc:                # e.g. /dev/full: the error names no file
        click.echo(f"euchre arena: cannot write {target}: {exc.strerror or exc} (the "
                   "results are above)", err=True)
        sys.exit(1)


def main() -> None:
    """The ``euchre`` command of the engine alone."""
    cli()
