"""Judge a transcript: re-run it through the engine, event by event.

The engine deals from the transcript's seed by itself, so the chance events
(``first_dealer``, ``deal``) must match what it deals; the decisions (``bid``,
``discard``, ``play``) must be legal and are applied; the consequences
(``trick``, ``passed_out``, ``score``, ``game_over``) must match what the
engine derives. The first event that differs raises :class:`ReplayError`
naming its index and what was expected, so a transcript from anywhere - the
6502 port included - can be judged.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from pyengine.core.cards import CONTRACT_LETTERS, SUITS, CardParseError, parse_card
from pyengine.core.events import BID, KEEP, NAME, ORDER, PASS, REDEAL
from pyengine.core.game import (
    Action,
    BidAction,
    DeclareAction,
    DefendAction,
    DiscardAction,
    GameState,
    IllegalAction,
    JokerSuitAction,
    PlayAction,
    RedealAction,
)
from pyengine.core.givendeals import deal_problem
from pyengine.core.options import OptionError, rules_from
from pyengine.core.rng import SeedError
from pyengine.core.rules import Rules, UnknownRules
from pyengine.records.transcript import Transcript, TranscriptError

DECISIONS = ("bid", "discard", "play", "joker_suit", "redeal", "defend", "declare")


class ReplayError(TranscriptError):
    """A transcript event the rules (or the deal) reject."""


@dataclass(frozen=True)
class Step:
    """One accepted event, with the engine state right after it."""

    index: int
    event: dict
    game: GameState


def _describe(e: dict) -> str:
    fields = " ".join(f"{k}={v}" for k, v in e.items() if k != "ev")
    return f"{e.get('ev')} {fields}".strip()


def _flag(e: dict, key: str) -> bool:
    value = e.get(key)
    if not isinstance(value, bool):
        raise ValueError(f"{key} must be true or false")
    return value


def _action_of(e: dict) -> Action:
    ev = e["ev"]
    if ev == "joker_suit":
        if e.get("suit") not in tuple(SUITS):
            raise ValueError(f"suit {e.get('suit')!r} is not one of S H D C")
        return JokerSuitAction(SUITS.index(e["suit"]))
    if ev == "redeal":
        if e.get("call") not in (REDEAL, KEEP):
            raise ValueError(f"call {e.get('call')!r} is not redeal or keep")
        return RedealAction(e["call"] == REDEAL)
    if ev == "defend":
        return DefendAction(_flag(e, "alone"))
    if ev == "declare":
        if e.get("trump") not in CONTRACT_LETTERS:
            raise ValueError(f"trump {e.get('trump')!r} is not one of "
                             f"{' '.join(CONTRACT_LETTERS)}")
        return DeclareAction(CONTRACT_LETTERS.index(e["trump"]))
    if ev == "bid":
        call = e.get("call")
        if call not in (PASS, ORDER, NAME, BID):
            raise ValueError(f"call {call!r} is not pass, order, name or bid")
        suit = e.get("suit")
        if call == PASS:
            if suit is not None:
                raise ValueError("a pass has suit null")
            return BidAction(PASS)
        if call == BID:
            tricks = e.get("tricks")
            if not isinstance(tricks, int) or isinstance(tricks, bool):
                raise ValueError("a bid needs tricks (a number)")
            return BidAction(BID, None, False, tricks)
        if not isinstance(suit, str) or suit not in SUITS or not suit:
            raise ValueError(f"suit {suit!r} is not one of S H D C")
        alone = e.get("alone")
        if not isinstance(alone, bool):
            raise ValueError("alone must be true or false")
        return BidAction(call, SUITS.index(suit), alone)
    card = e.get("card")
    if not isinstance(card, str):
        raise ValueError("card missing")
    c = parse_card(card)
    return DiscardAction(c) if ev == "discard" else PlayAction(c)


def _recorded_game(t: Transcript, rules: Rules) -> GameState:
    """The game of a transcript whose deal events are its own deals (``"deals":
    "recorded"``, an EGN record imported) or that starts from other totals: every deal
    is checked to be one the rules could deal."""
    deals = []
    first = None
    if t.deals is not None:
        for i, e in enumerate(t.events):
            try:
                if e.get("ev") == "first_dealer" and first is None:
                    first = (tuple(parse_card(c) for c in e["cards"]), e["dealer"])
                elif e.get("ev") == "deal":
                    hands = tuple(tuple(parse_card(c) for c in h) for h in e["hands"])
                    up = None if e["upcard"] is None else parse_card(e["upcard"])
                    problem = deal_problem(rules, hands, up)
                    if problem:
                        raise ReplayError(f"event {i} ({_describe(e)}): not a deal: {problem}")
                    deals.append((hands, up))
            except (KeyError, TypeError, CardParseError) as exc:
                raise ReplayError(f"event {i}: unreadable: {exc}") from None
    if t.start is not None and len(t.start) != rules.teams:
        raise ReplayError(f"start has {len(t.start)} totals, the game {rules.teams} sides")
    return GameState.new(rules, t.seed, deals=tuple(deals), first=first,
                         total=None if t.start is None else tuple(t.start))


def replay(t: Transcript, rules: Rules | None = None) -> Iterator[Step]:
    """Yield each accepted event; raise ReplayError at the first rejected one."""
    try:
        rules = rules or rules_from(t.rules, t.options)
        if t.deals is not None or t.start is not None:
            game = _recorded_game(t, rules)
        else:
            game = GameState.new(rules, t.seed)
    except (UnknownRules, SeedError, OptionError) as exc:
        raise ReplayError(f"cannot replay: {exc}") from None
    expected = [e.to_json() for e in game.events]   # first_dealer, first deal
    pos = 0
    for i, e in enumerate(t.events):
        where = f"event {i} ({_describe(e)})"
        if pos < len(expected):
            want = expected[pos]
            if e != want:
                raise ReplayError(f"{where}: expected {_describe(want)}")
            pos += 1
            yield Step(i, e, game)
            continue
        if game.over:
            raise ReplayError(f"{where}: the game is already over")
        if e.get("ev") not in DECISIONS:
            raise ReplayError(f"{where}: expected a decision by seat {game.turn} "
                              f"({game.phase.value})")
        if e.get("seat") != game.turn:
            raise ReplayError(f"{where}: it is seat {game.turn}'s turn to {game.phase.value}")
        try:
            action = _action_of(e)
        except (ValueError, CardParseError) as exc:
            raise ReplayError(f"{where}: unreadable: {exc}") from None
        n_before = len(game.events)
        try:
            game.apply(action)
        except IllegalAction as exc:
            raise ReplayError(f"{where}: illegal: {exc}") from None
        produced = [ev.to_json() for ev in game.events[n_before:]]
        if produced[0].get("round") is not None and e.get("round") != produced[0]["round"]:
            raise ReplayError(f"{where}: this is bidding round {produced[0]['round']}")
        if produced[0] != e:
            raise ReplayError(f"{where}: expected {_describe(produced[0])}")
        expected, pos = produced, 1
        yield Step(i, e, game)
    if pos < len(expected):
        raise ReplayError(f"transcript ends early: next event should be "
                          f"{_describe(expected[pos])}")
    if not game.over:
        raise ReplayError(f"transcript ends before the game is over (seat {game.turn} to "
                          f"{game.phase.value}, score {game.total[0]}-{game.total[1]})")


def judge(t: Transcript, on_step: Callable[[Step], None] | None = None) -> GameState:
    """Check the transcript against its JSON Schema (exact types, known cards, calls
    and options), then replay it whole; return the final state or raise ReplayError."""
    from pyengine.records.schema import check

    problem = None if t.checked else check(t.to_json())
    if problem:
        raise ReplayError(problem)
    game = None
    for step in replay(t):
        game = step.game
        if on_step:
            on_step(step)
    assert game is not None
    return game
