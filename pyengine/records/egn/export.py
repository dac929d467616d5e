"""A game the project played, as an EGN record; and a record as a transcript.

:func:`record_json` writes a game (a :class:`~pyengine.core.game.GameState`, from a
transcript of the shell or of the C64) as EGN 1.4: the deal in ``initialState``
(``playerCards``: the hands as dealt; the kitty is not written, EGN 1.2 removed it as the
cards left over), the calls, the discard, the tricks, and the rules in ``ruleset`` as
far as EGN can say them. EGN has no names for some of the project's rules (the black-jack
first dealer, the lead from the maker's left, the dealer's discard of a trump): the
description keeps the game number and the whole rules in one line, ``Euchre 64 game
SEED; rules NAME; options {...}``, so the record reads back as the very game
(:func:`transcript_of`: transcript -> EGN -> transcript is equal).

A game EGN cannot hold - six-card Bid Euchre, three players, a joker turned up (its suit
named by the dealer), a new deal asked for - is refused with one line.
"""

from __future__ import annotations

import json

from pyengine.core.events import (
    PASS,
    Bid,
    Deal,
    Defend,
    Discard,
    JokerSuit,
    Play,
    Redeal,
    Trick,
)
from pyengine.core.game import GameState
from pyengine.core.phase import Phase
from pyengine.core.seatview import SEAT_NAMES
from pyengine.records.egn.cardtext import card_text, suit_letter
from pyengine.records.egn.judge import Outcome
from pyengine.records.egn.model import Record
from pyengine.records.egn.origin import judge_into, origin_of, tag
from pyengine.records.egn.parse import BIDDING, FILE_TYPE, TRICK_PLAY, schema_problem
from pyengine.records.egn.recover import Fault
from pyengine.records.egn.rules_map import RulesetError, ruleset_of
from pyengine.records.transcript import RECORDED, Transcript, from_game

VERSION = "1.4"                     # the schema shipped (pyengine/schemas/egn-schema-v1.json)


class ExportError(ValueError):
    """A game EGN cannot hold; one line saying why."""


def _refusal(game: GameState) -> str | None:
    r = game.rules
    if r.bid6:
        return "six-card Bid Euchre has no upcard and bids tricks: EGN cannot hold it"
    if r.players != 4:
        return "EGN's scores are two partnerships': a three-player game cannot be written"
    for e in game.events:
        if isinstance(e, JokerSuit):
            return "a joker turned up (its suit named by the dealer): EGN cannot say it"
        if isinstance(e, Redeal) and e.call == "redeal":
            return "a new deal asked for (farmer's hand): EGN cannot say it"
    return None


def record_json(game: GameState, title: str | None = None) -> dict:
    """The game as an EGN record (a JSON object); ExportError if EGN cannot hold it."""
    problem = _refusal(game)
    if problem:
        raise ExportError(problem)
    ruleset, unsaid = ruleset_of(game.rules)
    note = (" EGN cannot say: " + "; ".join(unsaid) + ".") if unsaid else ""
    start = list(game.start_total) if game.start_total is not None else [0, 0]
    meta: dict = {"gameId": f"euchre64-{game.seed}",
                  "title": title or f"Euchre 64 game {game.seed}",
                  "description": tag(game) + "." + note,
                  "players": list(SEAT_NAMES), "initialScore": start, "ruleset": ruleset}
    if game.over:
        meta["finalScore"] = list(game.total)
    deals: list[dict] = []
    current: dict | None = None
    defended = trick_done = False
    for e in game.events:
        if isinstance(e, Deal):
            defended = trick_done = False
            current = _new_deal(len(deals), e)
            deals.append(current)
        elif current is None:
            continue
        elif isinstance(e, Bid):
            bidding = current["phases"][0]
            bidding["calls"].append(_call(e))
            if e.call != PASS and e.alone:
                bidding["isAlone"] = True
        elif isinstance(e, Defend):
            if e.alone:
                current["phases"][0]["aloneDefender"] = e.seat
            else:
                defended = True             # with partner: said once the round is over
        elif isinstance(e, Discard):
            _defence_over(current, defended)
            defended = False
            current["phases"][0]["discard"] = card_text(e.card)
        elif isinstance(e, Play):
            _defence_over(current, defended)
            defended = False
            if len(current["phases"]) == 1:
                current["phases"].append({"phaseNumber": 1, "type": TRICK_PLAY, "tricks": []})
            tricks = current["phases"][1]["tricks"]
            if not tricks or trick_done:
                tricks.append([])
                trick_done = False
            tricks[-1].append(card_text(e.card))
        elif isinstance(e, Trick):
            trick_done = True
    if current is not None and game.phase is not Phase.DEFEND:
        _defence_over(current, defended)
    return {"fileType": FILE_TYPE, "version": VERSION, "metadata": meta, "deals": deals}


def _defence_over(deal: dict, defended: bool) -> None:
    """Every defender chose to defend with his partner: aloneDefender -1 says so (a deal
    cut short after that choice reads back with it)."""
    if defended and "aloneDefender" not in deal["phases"][0]:
        deal["phases"][0]["aloneDefender"] = -1


def _new_deal(number: int, e: Deal) -> dict:
    assert e.upcard is not None
    return {"dealNumber": number,
            "initialState": {"dealer": e.dealer, "upCard": card_text(e.upcard),
                             "playerCards": [[card_text(c) for c in h] for h in e.hands]},
            "phases": [{"phaseNumber": 0, "type": BIDDING, "calls": [], "isAlone": False}]}


def _call(b: Bid) -> str:
    if b.call == PASS:
        return "Pass"
    return "Order" if b.round == 1 else suit_letter(b.suit)   # type: ignore[arg-type]


def dumps(record: dict) -> str:
    """The record as text (indented, as EGN's examples are)."""
    return json.dumps(record, indent=2) + "\n"


def check(record: dict) -> str | None:
    """None if the record written follows EGN's schema (a self-check of the export)."""
    return schema_problem(record)


# --- a record as a transcript (euchre import) ---------------------------------------

def judged(record: Record) -> Outcome:
    """The record judged under its rules: the project's own when the record says it was
    written here (:func:`origin_of`), else its ruleset's (Fault, RulesetError)."""
    out = Outcome()
    judge_into(record, out)
    return out


def transcript_of(record: Record) -> Transcript:
    """The transcript of the record's game, where the record stops (``euchre play
    --resume`` goes on from there). A record this project wrote of a game of the seed
    becomes that game's own transcript; any other is a recorded game (``"deals":
    "recorded"``, ``start`` its initial score). Fault, RulesetError if it cannot be."""
    out = judged(record)
    if out.game is None:
        raise Fault(0, None, "the record has no deals: there is no game")
    game = _cut(out)
    origin = origin_of(record)
    if origin is not None and not origin.recorded:
        seeded = GameState.new(origin.rules, origin.seed)
        try:
            for a in game.actions:
                seeded.apply(a)
        except Exception:           # noqa: BLE001 - not the seed's deals: keep them as given
            seeded = None           # type: ignore[assignment]
        if seeded is not None and _same_deals(seeded, game, len(out.recovered)):
            return from_game(seeded)
    t = from_game(game)
    t.deals = RECORDED
    if origin is not None:
        t.seed = origin.seed
    start = list(record.initial_score)
    t.start = start if any(start) or game.start_total is not None else None
    return t


def _same_deals(a: GameState, b: GameState, n: int) -> bool:
    """The first ``n`` deals of ``a`` and ``b`` are the same."""
    def deals(g: GameState) -> list[dict]:
        return [e.to_json() for e in g.events if isinstance(e, Deal)][:n]
    return deals(a) == deals(b)


def _cut(out: Outcome) -> GameState:
    """The game where the record stops: a deal the seed dealt after the record's last
    one is left for the player who resumes (it is dealt again then)."""
    assert out.game is not None
    return out.game


__all__ = ["ExportError", "RulesetError", "check", "dumps", "origin_of", "tag",
           "record_json", "transcript_of"]
