"""``euchre analyze FILE``: a record (or a transcript) weighed decision by decision."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

from pyengine.records.egn.analyze import (
    analyze,
    annotated,
    count_decisions,
    hard_player,
    report_lines,
)
from pyengine.records.egn.export import ExportError, dumps, record_json
from pyengine.records.egn.model import Record
from pyengine.records.egn.parse import EgnError, read_match, record_of
from pyengine.records.egn.recover import Fault
from pyengine.records.egn.replaycmd import looks_like_egn
from pyengine.records.egn.rules_map import RulesetError


class _NoBar:
    def __enter__(self) -> _NoBar:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def update(self, n: int) -> None:
        """Nothing to show."""


def _no_bar(total: int) -> _NoBar:
    return _NoBar()


class AnalyzeError(ValueError):
    """Why a file cannot be analysed, in one line."""


def record_for(path: Path, game_no: int | None) -> Record:
    """The record of an EGN file (one game of a match), or of a transcript's game."""
    if looks_like_egn(path):
        try:
            games = read_match(path)
        except EgnError as exc:
            raise AnalyzeError(str(exc)) from None
        if game_no is None and len(games) > 1:
            raise AnalyzeError(f"{path} is a match of {len(games)} games: choose one with "
                               f"--game 0-{len(games) - 1}")
        if not 0 <= (game_no or 0) < len(games):
            raise AnalyzeError(f"{path} has games 0-{len(games) - 1}")
        return games[game_no or 0][1]
    from pyengine.records.loadgame import game_of
    from pyengine.records.replay import ReplayError
    from pyengine.records.transcript import TranscriptError, read

    try:
        game = game_of(read(path))
        return record_of(record_json(game), str(path))
    except (TranscriptError, ReplayError, ExportError, EgnError) as exc:
        raise AnalyzeError(str(exc)) from None


def run(path: Path, worlds: int | None, deal: int | None, egn_out: Path | None,
        force: bool, game_no: int | None, echo: Callable[[str], None],
        progress: Callable[[int], AbstractContextManager[Any]] | None = None) -> None:
    """Analyse, print the report, write the annotated record; AnalyzeError otherwise.
    ``progress(total)``: a bar (a context manager with ``update(n)``) for the decisions."""
    record = record_for(path, game_no)
    if deal is not None and not 0 <= deal < len(record.deals):
        raise AnalyzeError(f"{path} has deals 0-{len(record.deals) - 1}, not {deal}")
    if egn_out is not None:
        from pyengine.records.transcript_writer import check_target

        problem = check_target(egn_out, force)
        if problem:
            raise AnalyzeError(problem)
    player = hard_player(worlds)
    with (progress or _no_bar)(count_decisions(record)) as bar:
        try:
            result = analyze(record, player, None if deal is None else {deal},
                             tick=lambda: bar.update(1))
        except (Fault, RulesetError) as exc:
            raise AnalyzeError(f"{path}: {exc}") from None
    for line in report_lines(result):
        echo(line)
    if result.outcome.partial:
        echo(f"(partial record: {result.outcome.partial})")
    if egn_out is not None:
        try:
            egn_out.write_text(dumps(annotated(result)), encoding="utf-8")
        except OSError as exc:
            raise AnalyzeError(f"cannot write {egn_out} ({exc.strerror or exc})") from None
        marked = sum(1 for v in result.verdicts if v.label)
        echo(f"wrote {egn_out}: {marked} annotations added")
