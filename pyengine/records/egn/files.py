"""``euchre export --egn`` and ``euchre import``: the files, with one-line errors."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pyengine.records.egn.export import ExportError, check, dumps, record_json, transcript_of
from pyengine.records.egn.parse import EgnError, read_match
from pyengine.records.egn.recover import Fault
from pyengine.records.egn.rules_map import RulesetError
from pyengine.records.loadgame import game_of
from pyengine.records.replay import ReplayError
from pyengine.records.transcript import TranscriptError, read
from pyengine.records.transcript_writer import check_target


class FileJobError(ValueError):
    """Why an export or import cannot be done, in one line."""


@dataclass(frozen=True)
class Done:
    """What was written, in one line to show."""
    message: str


def _write(path: Path, text: str, force: bool) -> None:
    problem = check_target(path, force)
    if problem:
        raise FileJobError(problem)
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise FileJobError(f"cannot write {path} ({exc.strerror or exc})") from None


def export_egn(transcript: Path, out: Path, force: bool = False) -> Done:
    """Write the game of a transcript (finished or not) as an EGN record."""
    try:
        game = game_of(read(transcript))
    except (TranscriptError, ReplayError) as exc:
        raise FileJobError(f"cannot export: {exc}") from None
    try:
        record = record_json(game)
    except ExportError as exc:
        raise FileJobError(f"cannot export {transcript}: {exc}") from None
    problem = check(record)
    if problem:                              # the export's own fault: say it, write nothing
        raise FileJobError(f"cannot export {transcript}: the record would break EGN's "
                           f"schema ({problem})")
    _write(out, dumps(record), force)
    deals = len(record["deals"])
    return Done(f"wrote {out}: {deals} deal{'s' * (deals != 1)}, score "
                f"{'-'.join(map(str, game.total))}" + ("" if game.over else " (unfinished)"))


def import_egn(record_path: Path, out: Path | None, game_no: int | None = None,
               force: bool = False) -> Done:
    """Write the game of an EGN record (one game of a match: ``game_no``) as a transcript
    that ``euchre play --resume`` goes on with."""
    try:
        games = read_match(record_path)
    except EgnError as exc:
        raise FileJobError(f"cannot import: {exc}") from None
    if game_no is None and len(games) > 1:
        raise FileJobError(f"{record_path} is a match of {len(games)} games: choose one "
                           f"with --game 0-{len(games) - 1}")
    index = game_no or 0
    if not 0 <= index < len(games):
        raise FileJobError(f"{record_path} has games 0-{len(games) - 1}, not {index}")
    name, record = games[index]
    try:
        t = transcript_of(record)
    except (Fault, RulesetError) as exc:
        raise FileJobError(f"cannot import {record_path}: {exc}") from None
    target = out or record_path.with_suffix(".json")
    _write(target, t.dumps(), force)
    state = "finished" if t.events and t.events[-1].get("ev") == "game_over" else (
        f"unfinished: euchre play --resume {target} goes on with it")
    deals = len(record.deals)
    return Done(f"wrote {target}: {name}, {deals} deal{'s' * (deals != 1)} ({state})")
