"""``euchre play --deal FILE.egn:N [--seat S]``: play one deal of a record from any seat
against the computer, then see how the real players and the ``hard`` player played it.

The deal is the record's: the hands recovered from its play (:mod:`.recover`; a card
the record does not show is made up, and said so), its dealer, upcard and the score
before it. You play seat S (0-3, the record's numbering), the computer the others at
the level chosen. When the hand is scored the record's own play of it is shown, and
the deal played again with the ``hard`` player in every seat; the points each way are
compared for your side.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pyengine.core.actions import Action, IllegalAction
from pyengine.core.events import Bid, Discard, PassedOut, Play, Score, Trick
from pyengine.core.game import GameState
from pyengine.players.levels import opponent
from pyengine.players.player import Player
from pyengine.records.egn.analyze import action_words, hard_player
from pyengine.records.egn.cardtext import card_text
from pyengine.records.egn.judge import Outcome, walk
from pyengine.records.egn.model import Record
from pyengine.records.egn.origin import mapped_for
from pyengine.records.egn.parse import EgnError, read_match
from pyengine.records.egn.recover import Fault, Recovered
from pyengine.records.egn.rules_map import RulesetError

QUIT_WORDS = ("q", "quit")


class DealError(ValueError):
    """Why the deal cannot be played, in one line."""


@dataclass(frozen=True)
class DealStart:
    """A deal of a record, ready to play: the record, the deal's index, its recovered
    hands and the game's totals before it."""
    record: Record
    index: int
    recovered: Recovered
    total: tuple[int, ...]
    rules_game: GameState           # the record's game at the deal's first decision


def parse_spec(spec: str) -> tuple[str, int]:
    """``FILE.egn:N`` -> (FILE.egn, N); DealError if there is no ``:N``."""
    path, sep, number = spec.rpartition(":")
    if not sep or not number.isdigit() or not path:
        raise DealError(f"--deal {spec!r}: write FILE.egn:N, N the deal's number from 0")
    return path, int(number)


def deal_start(path: str, index: int) -> DealStart:
    """The deal ``index`` of the record ``path`` (the first game of a match)."""
    try:
        record = read_match(path)[0][1]
    except EgnError as exc:
        raise DealError(str(exc)) from None
    if not 0 <= index < len(record.deals):
        raise DealError(f"{path} has deals 0-{len(record.deals) - 1}, not {index}")
    out = Outcome()
    try:
        for d in walk(record, out, mapped_for(record)):
            if d.deal == index:
                return DealStart(record, index, d.recovered, tuple(d.game.total),
                                 d.game.clone())
    except (Fault, RulesetError) as exc:
        raise DealError(f"{path}: {exc}") from None
    raise DealError(f"{path}: deal {index} has no decision to play (the record stops "
                    "before it)")


def fresh_game(start: DealStart) -> GameState:
    """A game of just this deal: its hands, dealer, upcard and the score before it."""
    rec, g = start.recovered, start.rules_game
    hands = tuple(tuple(h) for h in rec.hands)
    return GameState.new(g.rules, 0, deals=((hands, rec.upcard),),
                         first=((), start.record.deals[start.index].dealer),
                         total=start.total)


def _hand_over(game: GameState, events_before: int) -> bool:
    return game.over or any(isinstance(e, (Score, PassedOut))
                            for e in game.events[events_before:])


def play_out(game: GameState, players: dict[int, Player]) -> None:
    """Play the current hand to its score with ``players`` in every seat."""
    start = len(game.events) - 1
    while not _hand_over(game, start):
        game.apply(players[game.turn].decide(game.view(game.turn)))


def hand_lines(game: GameState, names: tuple[str, ...]) -> list[str]:
    """The hand played in ``game`` (its first deal) in a few lines."""
    out: list[str] = []
    calls: list[str] = []
    trick: list[str] = []
    for e in game.events:
        if isinstance(e, Bid):
            calls.append(f"{names[e.seat]} {'pass' if e.call == 'pass' else _bid(e)}")
        elif isinstance(e, Discard):
            out.append("  Calls: " + ", ".join(calls))
            out.append(f"  {names[e.seat]} discards {card_text(e.card)}")
            calls = []
        elif isinstance(e, Play):
            if calls:
                out.append("  Calls: " + ", ".join(calls))
                calls = []
            trick.append(f"{card_text(e.card)} {names[e.seat]}")
        elif isinstance(e, Trick):
            out.append(f"  {', '.join(trick)} -> {names[e.winner]}")
            trick = []
        elif isinstance(e, (Score, PassedOut)):
            if calls:
                out.append("  Calls: " + ", ".join(calls))
            if isinstance(e, Score):
                out.append(f"  Points {e.points[0]}-{e.points[1]} (players 0+2 first)")
            else:
                out.append("  Every call a pass")
            break
    return out


def _bid(b: Bid) -> str:
    alone = " alone" if b.alone else ""
    if b.round == 1:
        return "orders up" + alone
    return f"names {'shdc'[b.suit]}" + alone        # type: ignore[index]


def _points(game: GameState, seat: int) -> int:
    for e in game.events:
        if isinstance(e, Score):
            return e.points[seat & 1] - e.points[1 - (seat & 1)]
    return 0


def run(start: DealStart, seat: int, level: str, worlds: int | None,
        ask: Callable[[str], str | None], echo: Callable[[str], None]) -> int:
    """Play the deal at the terminal; 0 when played, 1 when the player quit."""
    names = tuple(n or f"seat {s}" for s, n in enumerate(start.record.players[:4]))
    names = tuple(f"{n} ({s})" for s, n in enumerate(names))
    game = fresh_game(start)
    computer = opponent(level)
    deal = start.record.deals[start.index]
    echo(f"Deal {start.index} of {start.record.title or 'the record'}: dealer "
         f"{names[deal.dealer]}, upcard {card_text(start.recovered.upcard)}, score "
         f"{'-'.join(map(str, start.total))}. You are {names[seat]}.")
    if any(s == seat for s, _ in start.recovered.guessed):
        echo("(The record does not show all of your cards: those not played are made up.)")
    shown = len(game.events)
    first = len(game.events) - 1
    while not _hand_over(game, first):
        for e in game.events[shown:]:
            line = _event_line(e, names)
            if line:
                echo(line)
        shown = len(game.events)
        if game.turn != seat:
            game.apply(computer.decide(game.view(game.turn)))
            continue
        view = game.view(seat)
        legal = list(view.legal)
        echo(f"Your hand: {' '.join(card_text(c) for c in view.hand)}")
        choices = "  ".join(f"{i + 1}:{action_words(a)}" for i, a in enumerate(legal))
        answer = ask(f"{choices}\nYour choice: ")
        if answer is None or answer.strip().lower() in QUIT_WORDS:
            echo("Quit: the deal is not finished.")
            return 1
        action = _read(answer, legal, game)
        if isinstance(action, str):
            echo(action)
            continue
        game.apply(action)
    for e in game.events[shown:]:
        line = _event_line(e, names)
        if line:
            echo(line)
    yours = _points(game, seat)
    echo(f"\nYou: {yours:+d} points for your side.")
    real = _real_game(start)
    echo("How the players played it:")
    for line in hand_lines(real, names):
        echo(line)
    echo(f"  Their result for your side: {_points(real, seat):+d}")
    hard = fresh_game(start)
    player = hard_player(worlds)
    play_out(hard, {s: player for s in range(4)})
    echo("How the hard player plays it (every seat):")
    for line in hand_lines(hard, names):
        echo(line)
    echo(f"  Its result for your side: {_points(hard, seat):+d}")
    return 0


def _real_game(start: DealStart) -> GameState:
    """The deal as the record's players played it (their decisions, replayed)."""
    out = Outcome()
    game = fresh_game(start)
    for d in walk(start.record, out, mapped_for(start.record)):
        if d.deal == start.index:
            game.apply(d.action)
        elif d.deal > start.index:
            break
    return game


def _read(answer: str, legal: list[Action], game: GameState) -> Action | str:
    text = answer.strip()
    if text.isdigit() and 1 <= int(text) <= len(legal):
        return legal[int(text) - 1]
    try:
        return game.parse_action(text)
    except IllegalAction as exc:
        return str(exc)


def _event_line(e: object, names: tuple[str, ...]) -> str | None:
    if isinstance(e, Bid):
        return f"{names[e.seat]} {'passes' if e.call == 'pass' else _bid(e)}"
    if isinstance(e, Discard):
        return f"{names[e.seat]} discards"
    if isinstance(e, Play):
        return f"{names[e.seat]} plays {card_text(e.card)}"
    if isinstance(e, Trick):
        return f"  trick to {names[e.winner]}"
    if isinstance(e, Score):
        return f"Points {e.points[0]}-{e.points[1]} (players 0+2 first)"
    if isinstance(e, PassedOut):
        return "Every call a pass: the deal is thrown in"
    return None


def _ask(prompt: str) -> str | None:
    try:
        return input(prompt)
    except EOFError:
        return None


def play_deal_command(spec: str, seat: int, level: str, worlds: int | None,
                      echo: Callable[[str], None]) -> int:
    """``euchre play --deal``: 0 played, 1 quit, 2 the deal cannot be played (one line)."""
    import sys

    try:
        path, index = parse_spec(spec)
        start = deal_start(path, index)
        players = start.rules_game.rules.players
        if seat >= players:
            raise DealError(f"--seat {seat}: the record's seats are 0-{players - 1}")
    except DealError as exc:
        echo_err = sys.stderr.write
        echo_err(f"euchre play: {exc}\n")
        return 2
    try:
        return run(start, seat, level, worlds, _ask, echo)
    except KeyboardInterrupt:
        echo("\nQuit: the deal is not finished.")
        return 1
