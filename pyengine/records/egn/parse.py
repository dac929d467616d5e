"""Reading an EGN record: a file (or its text) into a :class:`~.model.Record`.

The file is read as a transcript is (:mod:`pyengine.records.safejson`: a regular file,
size and depth limited). EGN 1.0-1.1 spelled some fields in snake_case and kept
``kitty`` and ``initialLead``, which 1.2 removed: those are read, set aside, and the rest
renamed to today's names (and a 1.0 viewer's extra top-level fields dropped), so one
schema (``pyengine/schemas/egn-schema-v1.json``, EGN's own of version 1.6, Apache-2.0)
checks every version. Its version pattern names 1.2-1.6; any 1.x is read here. A deal
written condensed (a base64 bit-packed string) is refused: it must be expanded first
(EGN's ``egn-convert --expanded``).
"""

from __future__ import annotations

import copy
import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema  # type: ignore[import-untyped]
from jsonschema.exceptions import best_match  # type: ignore[import-untyped]

from pyengine.records.egn.model import Alternative, Bidding, Deal, Notes, Record, TrickPlay
from pyengine.records.safejson import JsonFileError, parse, read_text

FILE_TYPE = "Euchre Game Notation"
MATCH_FILE_TYPE = "Euchre Match Notation"
SCHEMA_PATH = Path(__file__).parent.parent.parent / "schemas" / "egn-schema-v1.json"  # EGN 1.6
VERSION = re.compile(r"^1\.\d+(?:\.\d+)?$")
BIDDING, TRICK_PLAY = "EUCHRE_BIDDING", "TRICK_PLAY"
LEGACY = re.compile(r"^1\.[01](?:\.\d+)?$")
TOP_LEVEL = ("fileType", "version", "metadata", "deals")

# EGN 1.0-1.1's names -> today's (the changelog of 1.1 and 1.2)
_RENAMES = {
    "metadata": {"match_id": "gameId", "matchId": "gameId", "initial_score": "initialScore",
                 "final_score": "finalScore"},
    "deal": {"deal_number": "dealNumber", "initial_state": "initialState",
             "alternative_lines": "alternativeLines"},
    "state": {"player_cards": "playerCards", "up_card": "upCard"},
    "bidding": {"card_exchanges": "cardExchanges", "calls_annotations": "callAnnotations",
                "is_alone": "isAlone", "alone_defender": "aloneDefender",
                "phase_number": "phaseNumber"},
    "play": {"tricks_annotations": "playAnnotations", "is_alone": "isAlone",
             "phase_number": "phaseNumber", "initial_lead": "initialLead"},
    "alt": {"branch_index": "branchIndex"},
}


class EgnError(ValueError):
    """A record that cannot be read; one line saying where and why."""


def _renamed(obj: Any, table: str) -> Any:
    if not isinstance(obj, dict):
        return obj
    names = _RENAMES[table]
    return {names.get(k, k): v for k, v in obj.items()}


def _modernised(obj: dict) -> tuple[dict, dict[int, dict]]:
    """``obj`` with today's field names, and what 1.0-1.1 kept that 1.2 removed, by deal
    index: ``{"kitty": [...], "initialLead": n}`` (both checked by hand, not by the
    schema)."""
    out = dict(obj)
    if LEGACY.match(str(obj.get("version", ""))):
        # 1.0-1.1 tools kept their own things beside the game (a viewer's "timings",
        # "views", "videoUrl"): not the game, dropped as EGN's egn-upgrade drops them
        out = {k: v for k, v in out.items() if k in TOP_LEVEL}
    aside: dict[int, dict] = {}
    out["metadata"] = _renamed(obj.get("metadata"), "metadata")
    deals = obj.get("deals")
    if not isinstance(deals, list):
        return out, aside
    new_deals: list = []
    for i, d in enumerate(deals):
        d = _renamed(d, "deal")
        if isinstance(d, dict):
            kept: dict = {}
            state = _renamed(d.get("initialState"), "state")
            if isinstance(state, dict) and "kitty" in state:
                state = dict(state)
                kept["kitty"] = state.pop("kitty")
            if state is not None:
                d["initialState"] = state
            d["phases"] = _phases(d.get("phases"), kept)
            alts = d.get("alternativeLines")
            if isinstance(alts, list):
                d["alternativeLines"] = [
                    {**a, "phases": _phases(a.get("phases"), {})} if isinstance(a, dict) else a
                    for a in (_renamed(a, "alt") for a in alts)]
            if kept:
                aside[i] = kept
        new_deals.append(d)
    out["deals"] = new_deals
    return out, aside


def _phases(phases: Any, kept: dict) -> Any:
    if not isinstance(phases, list):
        return phases
    out = []
    for p in phases:
        if isinstance(p, dict) and p.get("type") == TRICK_PLAY:
            p = _renamed(p, "play")
            if "initialLead" in p:
                p = dict(p)
                kept["initialLead"] = p.pop("initialLead")
        elif isinstance(p, dict):
            p = _renamed(p, "bidding")
        out.append(p)
    return out


@cache
def _validator() -> Any:
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    schema = copy.deepcopy(schema)
    schema["properties"]["version"]["pattern"] = VERSION.pattern   # every 1.x (above)
    cls = jsonschema.validators.validator_for(schema)
    return cls(schema)


def _where(path: Any) -> str:
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out


def schema_problem(obj: object) -> str | None:
    """None if ``obj`` (today's names) follows EGN's schema, else one line: where, what."""
    error = best_match(_validator().iter_errors(obj),
                       key=lambda e: (-len(e.absolute_path),))
    if error is None:
        return None
    while error.validator in ("oneOf", "anyOf") and error.context:
        inner = best_match(error.context)
        if inner is None:
            break
        error = inner
    where = _where(error.absolute_path)
    message = error.message if len(error.message) <= 120 else error.message[:117] + "..."
    return f"{where + ': ' if where else ''}{message}"


def _notes(obj: Any) -> Notes:
    if not isinstance(obj, dict):
        return {}
    return {int(k): tuple(v) for k, v in obj.items()}


def _bidding(p: dict) -> Bidding:
    defender = p.get("aloneDefender")
    return Bidding(calls=tuple(p.get("calls", ())), alone=bool(p.get("isAlone", False)),
                   alone_defender=None if defender in (None, -1) else defender,
                   defence_said=defender is not None,
                   discard=p.get("discard"), exchanges=tuple(p.get("cardExchanges", ())),
                   notes=_notes(p.get("callAnnotations")))


def _play(p: dict, lead: int | None) -> TrickPlay:
    alone = p.get("isAlone")
    return TrickPlay(tricks=tuple(tuple(t) for t in p.get("tricks", ())),
                     alone=alone if isinstance(alone, bool) else None, initial_lead=lead,
                     notes=_notes(p.get("playAnnotations")))


def _split(phases: list, lead: int | None) -> tuple[Bidding | None, TrickPlay | None]:
    bidding = play = None
    for p in phases:
        if p.get("type") == BIDDING:
            bidding = _bidding(p)
        else:
            play = _play(p, lead)
    return bidding, play


def _cards_or_none(value: Any) -> tuple | None:
    """A recorded list of cards, None when it holds nothing (EGN 1.0's empty lists)."""
    if not isinstance(value, list) or not value:
        return None
    if all(isinstance(x, list) for x in value):
        if not any(value):
            return None
        return tuple(tuple(h) for h in value)
    if all(x == "" for x in value):
        return None
    return tuple(value)


def _deal(i: int, d: Any, kept: dict, source: str) -> Deal:
    if isinstance(d, str):
        raise EgnError(f"{source}: deal {i} is written condensed (bit-packed): expand the "
                       "record first (EGN's egn-convert --expanded)")
    state = d["initialState"]
    lead = kept.get("initialLead")
    if lead is not None and (not isinstance(lead, int) or isinstance(lead, bool)):
        raise EgnError(f"{source}: deal {i}: initialLead {lead!r} is not a seat")
    kitty = kept.get("kitty")
    if kitty is not None and not (isinstance(kitty, list)
                                  and all(isinstance(c, str) for c in kitty)):
        raise EgnError(f"{source}: deal {i}: kitty is not a list of cards")
    bidding, play = _split(d.get("phases", []), lead)
    alts = tuple(Alternative(a["branchIndex"], *_split(a["phases"], None))
                 for a in d.get("alternativeLines", ()))
    return Deal(index=i, number=d["dealNumber"], dealer=state["dealer"],
                upcard=state["upCard"],
                player_cards=_cards_or_none(state.get("playerCards")),
                kitty=_cards_or_none(kitty), bidding=bidding, play=play,
                alternatives=alts,
                phase_order=tuple(p.get("type", "") for p in d.get("phases", [])))


def _player_name(p: Any) -> str:
    return p if isinstance(p, str) else str(p.get("name", ""))


def record_of(obj: object, source: str = "record") -> Record:
    """A record from its JSON object; EgnError says what is wrong in one line."""
    if not isinstance(obj, dict):
        raise EgnError(f"{source}: expected a JSON object")
    if obj.get("fileType") == MATCH_FILE_TYPE:
        raise EgnError(f"{source}: a match (EMN), not a game: read it with read_match")
    if obj.get("fileType") != FILE_TYPE:
        raise EgnError(f"{source}: fileType is {obj.get('fileType')!r}, expected "
                       f"{FILE_TYPE!r}")
    modern, aside = _modernised(obj)
    problem = schema_problem(modern)
    if problem:
        raise EgnError(f"{source}: {problem}")
    meta = modern["metadata"]
    deals = tuple(_deal(i, d, aside.get(i, {}), source) for i, d in enumerate(modern["deals"]))
    final = meta.get("finalScore")
    return Record(version=modern["version"],
                  players=tuple(_player_name(p) for p in meta["players"]),
                  initial_score=tuple(meta["initialScore"]) or (0, 0),
                  ruleset=dict(meta.get("ruleset", {})), deals=deals,
                  title=meta.get("title", ""), description=meta.get("description", ""),
                  date=meta.get("date", ""), game_id=meta.get("gameId", ""),
                  final_score=tuple(final) if final else None, raw=obj)


def loads(text: str, source: str = "record") -> Record:
    """A record from its text."""
    try:
        obj = parse(text, source)
    except JsonFileError as exc:
        raise EgnError(str(exc)) from None
    return record_of(obj, source)


def _text(path: str | Path) -> str:
    try:
        return read_text(Path(path))
    except JsonFileError as exc:
        raise EgnError(str(exc)) from None


def read(path: str | Path) -> Record:
    """The record of the file ``path`` (EgnError: missing, not a file, not EGN, ...)."""
    return loads(_text(path), str(path))


def read_match(path: str | Path) -> list[tuple[str, Record]]:
    """The games of an EMN match file (or the one game of an EGN file), each with its
    name (``title`` or ``game N``); player names come from the match's own list."""
    source = str(path)
    try:
        obj = parse(_text(path), source)
    except JsonFileError as exc:
        raise EgnError(str(exc)) from None
    if not isinstance(obj, dict) or obj.get("fileType") != MATCH_FILE_TYPE:
        rec = record_of(obj, source)
        return [(rec.title or Path(path).name, rec)]
    games = obj.get("games")
    if not isinstance(games, list):
        raise EgnError(f"{source}: games is not a list")
    names = {}
    for p in (obj.get("metadata") or {}).get("players") or []:
        if isinstance(p, dict) and "id" in p:
            names[p["id"]] = p.get("name", p["id"])
    out = []
    for i, g in enumerate(games):
        if not isinstance(g, dict) or not isinstance(g.get("gameData"), dict):
            raise EgnError(f"{source}: games[{i}] has no gameData")
        rec = record_of(g["gameData"], f"{source}: games[{i}]")
        seats = g.get("playersOverride") or g.get("players")
        if isinstance(seats, list) and all(s in names for s in seats):
            from dataclasses import replace

            rec = replace(rec, players=tuple(str(names[s]) for s in seats))
        out.append((rec.title or f"game {i}", rec))
    return out
