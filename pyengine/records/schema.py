"""The JSON Schemas of ``euchre-transcript/1`` and ``euchre-vectors/1``.

The schemas are files in the repository (``pyengine/schemas/*.schema.json``,
JSON Schema draft 2020-12), built here from the engine's own names - cards,
suits, calls, presets, options - so they cannot drift from the rules: ``python
-m pyengine.records.schema`` rewrites them and a test checks the files equal what this
module builds.

:func:`check` validates against a schema with exact types (an integer is not a
float ``3.0`` nor a bool ``true``) and says what is wrong in one line: the event
number, the field and the value. Reading a file without trusting it (size, depth,
special files) is :mod:`pyengine.records.safejson`'s job.
"""

from __future__ import annotations

import dataclasses
import json
import sys
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
from jsonschema.exceptions import ValidationError, best_match

from pyengine.core.cards import CONTRACT_LETTERS, JOKER_NAME, RANKS, SUITS
from pyengine.core.events import BID, KEEP, NAME, ORDER, PASS, REDEAL
from pyengine.core.options import OPTION_NAMES
from pyengine.core.rules import PRESETS, Rules
from pyengine.records.safejson import JsonFileError, load_json

SCHEMA_DIR = Path(__file__).parent.parent / "schemas"
TRANSCRIPT_SCHEMA = SCHEMA_DIR / "euchre-transcript-1.schema.json"
VECTORS_SCHEMA = SCHEMA_DIR / "euchre-vectors-1.schema.json"
MAX_EVENTS = 100_000
ALL_CARD_NAMES = [r + s for s in SUITS for r in "78" + RANKS] + [JOKER_NAME]
# As patterns, not enums: jsonschema compares an enum's members one by one.
CARD_PATTERN = f"^(?:[78{RANKS}][{SUITS}]|{JOKER_NAME})$"
SUIT_PATTERN = f"^[{SUITS}]$"


# --- the schemas ------------------------------------------------------------------------

def _int(lo: int | None = None, hi: int | None = None) -> dict:
    out: dict[str, Any] = {"type": "integer"}
    if lo is not None:
        out["minimum"] = lo
    if hi is not None:
        out["maximum"] = hi
    return out


def _obj(required: dict[str, Any], optional: dict[str, Any] | None = None) -> dict:
    return {"type": "object", "required": list(required),
            "properties": {**required, **(optional or {})}, "additionalProperties": False}


def _ref(name: str) -> dict:
    return {"$ref": f"#/$defs/{name}"}


def _scores(lo: int | None = 0) -> dict:
    return {"type": "array", "minItems": 2, "maxItems": 3, "items": _int(lo)}


def _option_schema(name: str) -> dict:
    default = {f.name: f.default for f in dataclasses.fields(Rules)}[name]
    if isinstance(default, bool):
        return {"type": "boolean"}
    if isinstance(default, int):
        return {"type": "integer"}
    return {"enum": [m.value for m in type(default)]}


def _events() -> dict[str, dict]:
    seat, card, suit = _ref("seat"), _ref("card"), _ref("suit")
    hand = {"type": "array", "minItems": 5, "maxItems": 6, "items": card}
    return {
        "first_dealer": _obj({"ev": {}, "cards": {"type": "array", "minItems": 0,
                                                  "maxItems": 33, "items": card},
                              "dealer": seat}),
        "deal": _obj({"ev": {}, "hand": _int(1), "dealer": seat,
                      "hands": {"type": "array", "minItems": 3, "maxItems": 4, "items": hand},
                      "upcard": {"anyOf": [card, {"type": "null"}]}}),
        "bid": _obj({"ev": {}, "seat": seat, "round": {"type": "integer", "enum": [1, 2]},
                     "call": {"title": "call", "enum": [PASS, ORDER, NAME, BID]},
                     "suit": {"anyOf": [suit, {"type": "null"}]}, "alone": {"type": "boolean"}},
                    {"tricks": _int(3, 6)}),
        "discard": _obj({"ev": {}, "seat": seat, "card": card}),
        "passed_out": _obj({"ev": {}}),
        "play": _obj({"ev": {}, "seat": seat, "card": card}),
        "trick": _obj({"ev": {}, "winner": seat}),
        "score": _obj({"ev": {}, "makers": seat, "tricks": _scores(), "points": _scores(None),
                       "total": _scores(None)}, {"bid": _int(3, 6)}),
        "game_over": _obj({"ev": {}, "winner": seat, "total": _scores(None)}),
        "joker_suit": _obj({"ev": {}, "seat": seat, "suit": suit}),
        "redeal": _obj({"ev": {}, "seat": seat,
                        "call": {"title": "redeal call", "enum": [REDEAL, KEEP]},
                        "reason": {"title": "reason",
                                   "enum": ["farmers_hand", "no_ace_no_face_no_trump"]}}),
        "defend": _obj({"ev": {}, "seat": seat, "alone": {"type": "boolean"}}),
        "declare": _obj({"ev": {}, "seat": seat,
                         "trump": {"title": "contract", "enum": list(CONTRACT_LETTERS)}}),
    }


def _common_defs() -> dict[str, dict]:
    return {
        "card": {"title": "card", "type": "string", "pattern": CARD_PATTERN},
        "suit": {"title": "suit", "type": "string", "pattern": SUIT_PATTERN},
        "seat": _int(0, 3),
    }


def transcript_schema() -> dict:
    """The JSON Schema of euchre-transcript/1, built from the engine's own names."""
    events = _events()
    event = {
        "type": "object", "required": ["ev"],
        "properties": {"ev": {"title": "event kind", "enum": list(events)}},
        "allOf": [{"if": {"properties": {"ev": {"const": ev}}, "required": ["ev"]},
                   "then": _ref(f"ev_{ev}")} for ev in events],
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://euchre64.invalid/schemas/euchre-transcript-1.schema.json",
        "title": "euchre-transcript/1",
        "description": "One game of Euchre (DESIGN.md, docs/transcript.md). Integers are "
                       "exact: 3.0 and true are not integers. Built by pyengine/records/schema.py.",
        "type": "object",
        "required": ["format", "rules", "seed", "events"],
        "properties": {
            "format": {"const": "euchre-transcript/1"},
            "rules": {"title": "rules preset", "enum": list(PRESETS)},
            "options": {"type": "object", "additionalProperties": False,
                        "properties": {n: _option_schema(n) for n in OPTION_NAMES}},
            "seed": _int(0, 0xFFFF),
            "deals": {"title": "deals", "const": "recorded",
                      "description": "the deal events are the game's own (an EGN record), "
                                     "not the seed's"},
            "start": {**_scores(None), "description": "the totals the game starts from"},
            "events": {"type": "array", "maxItems": MAX_EVENTS, "items": _ref("event")},
        },
        "additionalProperties": False,
        "$defs": {**_common_defs(), "event": event,
                  **{f"ev_{ev}": s for ev, s in events.items()}},
    }


VECTOR_KINDS = ("effective_suit", "card_power", "trick_winner", "legal_mask", "hand_score",
                "rng_deal", "games_auto", "games_human_random", "decisions")


def _vector_cases() -> dict[str, dict]:
    card, suit, seat = _ref("card"), _ref("suit"), _ref("seat")
    cards = {"type": "array", "items": card}
    maybe_suit = {"anyOf": [suit, {"type": "null"}]}
    byte = _int(0, 255)
    transcript = {"$ref": TRANSCRIPT_SCHEMA.name}
    return {
        "effective_suit": _obj({"card": card, "trump": suit, "suit": suit}),
        "card_power": _obj({"card": card, "trump": suit, "led": suit, "power": _int(0, 13)}),
        "trick_winner": _obj({"cards": cards, "trump": suit, "winner": _int(0, 3)}),
        "legal_mask": _obj({"hand": cards, "trump": suit, "led": maybe_suit,
                            "mask": _int(0, 63)}),
        "hand_score": _obj({"makers": _int(0, 1), "maker_tricks": _int(0, 5),
                            "alone": {"type": "boolean"}, "points": _scores()}),
        "rng_deal": _obj({"seed": _int(0, 0xFFFF), "state_after_warmup": _int(0),
                          "bytes": {"type": "array", "items": byte},
                          "first_dealer": _obj({"cards": cards, "dealer": seat}),
                          "first_deal": _obj({"hands": {"type": "array", "items": cards},
                                              "upcard": card})}),
        "games_auto": transcript,
        "games_human_random": transcript,
        "decisions": _obj({
            "view": _obj({"seat": seat, "phase": {"enum": ["bid1", "bid2", "discard", "play"]},
                          "hand": cards, "dealer": seat, "upcard": card, "round": _int(0, 2),
                          "trump": maybe_suit, "maker": {"anyOf": [seat, {"type": "null"}]},
                          "alone": {"type": "boolean"},
                          "trick": {"type": "array", "items": {
                              "type": "array", "prefixItems": [seat, card], "items": False,
                              "minItems": 2}},
                          "played": cards, "total": _scores(None),
                          "legal": {"type": "array", "items": {"type": "string"}}}),
            "decision": {"anyOf": [
                _obj({"call": {"enum": [PASS, ORDER, NAME]}, "suit": maybe_suit,
                      "alone": {"type": "boolean"}}),
                _obj({"discard": card}), _obj({"play": card})]}}),
    }


def vectors_schema() -> dict:
    """The JSON Schema of the test-vector files (euchre vectors)."""
    cases = _vector_cases()
    transcripts = {"type": "array", "items": {"$ref": TRANSCRIPT_SCHEMA.name}}
    generator = _obj({"seed": {"type": "integer"}, "games": _int(1)})
    per_kind = [{"if": {"properties": {"kind": {"const": k}}, "required": ["kind"]},
                 "then": {"properties": {"cases": {"type": "array", "items": cases[k]}}}}
                for k in VECTOR_KINDS]
    per_kind.append({
        "if": {"properties": {"kind": {"const": "variant_games"}}, "required": ["kind"]},
        "then": {"required": ["options"], "properties": {"cases": _obj(
            {"games_auto": transcripts, "games_human_random": transcripts})}}})
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://euchre64.invalid/schemas/euchre-vectors-1.schema.json",
        "title": "euchre-vectors/1",
        "description": "The test vectors of `euchre vectors` (docs/vectors.md). Built by "
                       "pyengine/records/schema.py.",
        "type": "object",
        "required": ["format", "kind", "rules", "generator", "cases"],
        "properties": {
            "format": {"const": "euchre-vectors/1"},
            "kind": {"title": "vector kind", "enum": [*VECTOR_KINDS, "variant_games"]},
            "rules": {"title": "rules preset", "enum": list(PRESETS)},
            "options": {"$ref": f"{TRANSCRIPT_SCHEMA.name}#/properties/options"},
            "generator": generator,
            "cases": {},
        },
        "additionalProperties": False,
        "allOf": per_kind,
        "$defs": _common_defs(),
    }


def schema_files() -> dict[Path, dict]:
    """Each schema file of pyengine/schemas/ with the schema it must hold."""
    return {TRANSCRIPT_SCHEMA: transcript_schema(), VECTORS_SCHEMA: vectors_schema()}


def dumps(schema: dict) -> str:
    """A schema as the text its file holds."""
    return json.dumps(schema, indent=1) + "\n"


# --- validating -------------------------------------------------------------------------

def _exact_int(checker: object, instance: object) -> bool:
    return isinstance(instance, int) and not isinstance(instance, bool)


def _exact_number(checker: object, instance: object) -> bool:
    return isinstance(instance, int | float) and not isinstance(instance, bool)


@cache
def _registry() -> Any:
    from referencing import Registry, Resource
    from referencing.jsonschema import DRAFT202012

    def resource(p: Path) -> Resource:
        # Without "$schema": jsonschema would pick the standard draft 2020-12 validator
        # for a file that names it, and lose the exact integers of _validator.
        contents = json.loads(p.read_text(encoding="utf-8"))
        contents.pop("$schema", None)
        return Resource(contents=contents, specification=DRAFT202012)

    return Registry().with_resources((p.name, resource(p)) for p in schema_files())


@cache
def _validator(ref: str) -> Any:
    """A validator of ``ref`` (a schema file's name, with a JSON pointer if any), with
    exact integers: 3.0 and true are not integers."""
    base = jsonschema.Draft202012Validator
    checker = base.TYPE_CHECKER.redefine("integer", _exact_int).redefine("number",
                                                                         _exact_number)
    cls = jsonschema.validators.extend(base, type_checker=checker)
    return cls({"$ref": ref}, registry=_registry())


def _inline(schema: object, defs: dict) -> object:
    """``schema`` with its ``#/$defs/`` references replaced by what they name."""
    if isinstance(schema, dict):
        ref = schema.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/") and len(schema) == 1:
            return _inline(defs[ref.removeprefix("#/$defs/")], defs)
        return {k: _inline(v, defs) for k, v in schema.items()}
    if isinstance(schema, list):
        return [_inline(v, defs) for v in schema]
    return schema


@cache
def _event_validator(kind: str) -> Any:
    """The validator of one kind of event, references inlined (no look-ups per event)."""
    contents = json.loads(TRANSCRIPT_SCHEMA.read_text(encoding="utf-8"))
    defs = contents["$defs"]
    base = jsonschema.Draft202012Validator
    checker = base.TYPE_CHECKER.redefine("integer", _exact_int).redefine("number",
                                                                         _exact_number)
    cls = jsonschema.validators.extend(base, type_checker=checker)
    return cls(_inline(defs[f"ev_{kind}"], defs))


def _errors(obj: object, schema: Path) -> list[ValidationError]:
    """The schema's errors. A transcript's events are checked one by one against the
    schema of their kind (what the file's allOf says, ten times faster)."""
    if schema != TRANSCRIPT_SCHEMA or not isinstance(obj, dict) or not isinstance(
            obj.get("events"), list):
        return list(_validator(schema.name).iter_errors(obj))
    events = obj["events"]
    errors = list(_validator(schema.name).iter_errors({**obj, "events": []}))
    if len(events) > MAX_EVENTS:
        errors += list(_validator(schema.name).iter_errors(obj))
        return errors
    kinds = set(_events())
    for i, e in enumerate(events):
        kind = e.get("ev") if isinstance(e, dict) else None
        v = (_event_validator(kind) if isinstance(kind, str) and kind in kinds
             else _validator(f"{schema.name}#/$defs/event"))
        for err in v.iter_errors(e):
            err.path.extendleft([i, "events"])      # the place in the whole file
            errors.append(err)
        if errors:
            break
    return errors


def _value(v: object) -> str:
    text = json.dumps(v)
    return text if len(text) <= 40 else text[:37] + "..."


def _where(path: list) -> str:
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out


def _message(e: ValidationError) -> str:
    title = e.schema.get("title") if isinstance(e.schema, dict) else None
    if e.validator == "type":
        kind = e.validator_value
        return f"{_value(e.instance)} is not {'an' if kind[0] in 'aeiou' else 'a'} {kind}"
    if e.validator in ("enum", "pattern") and title:
        return f"{_value(e.instance)} is not {'an' if title[0] in 'aeiou' else 'a'} {title}"
    if e.validator in ("enum", "const"):
        allowed = e.validator_value if e.validator == "enum" else [e.validator_value]
        return f"{_value(e.instance)} is not {' or '.join(_value(a) for a in allowed)}"
    if e.validator == "anyOf":
        inner = best_match(e.context) if e.context else None
        return _message(inner) if inner is not None else e.message
    if e.validator == "additionalProperties":
        extra = sorted(set(e.instance) - set(e.schema.get("properties", {})))
        return f"unknown field {', '.join(repr(x) for x in extra)}"
    if e.validator == "required":
        return e.message.replace(" is a required property", " is missing")
    if e.validator == "maxItems" and isinstance(e.instance, list):
        return f"{len(e.instance):,} items, more than {e.validator_value:,}"
    if e.validator in ("minimum", "maximum"):
        return f"{_value(e.instance)} is out of range ({e.validator} {e.validator_value})"
    return e.message if len(e.message) <= 120 else e.message[:117] + "..."


def _deepest(e: ValidationError) -> ValidationError:
    while e.validator == "anyOf" and e.context:
        inner = best_match(e.context)
        if inner is None:
            break
        e = inner
    return e


def check(obj: object, schema: Path = TRANSCRIPT_SCHEMA) -> str | None:
    """None if ``obj`` follows the schema, else one line: where, the value, what is wrong.

    In a transcript the place is ``event N (kind): field``."""
    error = best_match(_errors(obj, schema),
                       key=lambda e: (-len(e.absolute_path), e.validator == "anyOf"))
    if error is None:
        return None
    error = _deepest(error)
    path = list(error.absolute_path)
    if schema == TRANSCRIPT_SCHEMA and len(path) >= 2 and path[0] == "events":
        ev = obj["events"][path[1]]            # type: ignore[index]
        kind = ev.get("ev") if isinstance(ev, dict) else None
        label = f"event {path[1]}" + (f" ({kind})" if isinstance(kind, str) else "")
        field = _where(path[2:])
        return f"{label}: {field + ': ' if field else ''}{_message(error)}"
    field = _where(path)
    return f"{field + ': ' if field else ''}{_message(error)}"


def check_vectors_file(path: Path) -> str | None:
    """None if ``path`` is a vector file that follows the schema, else why not."""
    try:
        obj = load_json(path)
    except JsonFileError as exc:
        return str(exc)
    problem = _check_vectors(obj)
    return None if problem is None else f"{path}: {problem}"


def _check_vectors(obj: object) -> str | None:
    """check(obj, VECTORS_SCHEMA), with whole games checked one by one as transcripts
    (the same verdict, the transcripts' fast path)."""
    games: list[tuple[str, object]] = []
    if isinstance(obj, dict) and isinstance(obj.get("cases"), list) and obj.get("kind") in (
            "games_auto", "games_human_random"):
        games = [(f"cases[{i}]", g) for i, g in enumerate(obj["cases"])]
        obj = {**obj, "cases": []}
    elif isinstance(obj, dict) and obj.get("kind") == "variant_games" and isinstance(
            obj.get("cases"), dict):
        cases = obj["cases"]
        for key in ("games_auto", "games_human_random"):
            if isinstance(cases.get(key), list):
                games += [(f"cases.{key}[{i}]", g) for i, g in enumerate(cases[key])]
        obj = {**obj, "cases": {k: ([] if isinstance(v, list) else v)
                                for k, v in cases.items()}}
    problem = check(obj, VECTORS_SCHEMA)
    if problem:
        return problem
    for where, g in games:
        problem = check(g)
        if problem:
            return f"{where}.{problem}" if not problem.startswith("event ") else (
                f"{where}: {problem}")
    return None


def main(argv: list[str] | None = None) -> int:
    """``python -m pyengine.records.schema``: rewrite the schema files from the engine's names."""
    for path, schema in schema_files().items():
        path.parent.mkdir(exist_ok=True)
        path.write_text(dumps(schema), encoding="utf-8")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
