"""Bid Euchre at South's prompts, by keys, judged against pyengine (c64/bid6_fe.oph).

:func:`play_bid6_by_keys` chooses BID EUCHRE on the options screen by its keys, types the
game number and plays the whole game as a person presses keys: bids by P / 3-6 or the
cursor and RETURN, the contract by S H D C + - or the cursor, cards by their number. At
every prompt :func:`table_problems` judges the screen against pyengine's state after the
6502's events (never against the 6502's own output): the totals (below zero too), row 1's
bids seat by seat and then the contract and its maker, the bids offered in pyengine's
order, South's cards; illegal bids are refused with the line saying why and nothing
changes (tests/test_bid6_frontend.py).
"""

from __future__ import annotations

import random

from pyengine.core.bid6 import legal_bids
from pyengine.core.game import GameState
from pyengine.core.rules import BID6

from .checkpoints import engine_state
from .driver import LEFT, RETURN, RIGHT, Frontend, FrontendError
from .options_screen import choose_rules
from .screen_read import ROW_MSG, Screen, prompt, south_hand

SEAT_LETTERS = "SWNE"
SEAT_WORDS = ("SOUTH", "WEST", "NORTH", "EAST")
CONTRACT_KEYS = "SHDC+-"
BACKS_AT = {1: (10, 1), 2: (4, 17), 3: (10, 34)}    # seat: row, column of its six backs
BACK = "\u2592"                                       # how screen_read shows a card back


class Scripted:
    """South's choices, given again to pyengine."""

    def __init__(self, actions: list) -> None:
        self.actions = list(actions)

    def decide(self, view):
        return self.actions.pop(0)


def table_problems(screen: Screen, game: GameState, kind: str) -> list[str]:
    """What the screen at South's ``kind`` prompt shows wrong, against pyengine."""
    problems = []
    row0, row1 = screen.row(0), screen.row(1).rstrip()
    score = f"WE {game.total[0]} THEY {game.total[1]}"
    if score not in row0:
        problems.append(f"row 0 {row0.strip()!r} lacks {score!r}")
    if kind in ("auction", "declare"):
        bids = {b.seat: ("PASS" if b.tricks is None else str(b.tricks)) for b in game.bids}
        want = "BIDS " + "  ".join(f"{SEAT_LETTERS[s]} {bids.get(s, '-')}" for s in range(4))
        if row1 != want:
            problems.append(f"row 1 {row1!r}, want {want!r}")
    else:
        if not row1.startswith(f"BID {game.contract} ") or \
                f"BY {SEAT_WORDS[game.maker]}" not in row1:
            problems.append(f"row 1 {row1!r}: not the bid of {game.contract} by seat "
                            f"{game.maker}")
    for seat, (row, col) in BACKS_AT.items():
        for r in (row, row + 1):
            backs = screen.row(r)[col:col + 6]
            if backs.count(BACK) != len(game.hands[seat]):
                problems.append(f"seat {seat} shows {backs!r} on row {r} for "
                                f"{len(game.hands[seat])} cards")
    shown = sorted(h.card for h in south_hand(screen))
    if shown != sorted(game.hands[0]):
        problems.append(f"South's hand shows {shown}, pyengine {sorted(game.hands[0])}")
    if kind == "declare" and prompt(screen).selected != 0:
        problems.append("row 21's '>' is not on the first contract")
    if kind == "auction":
        p = prompt(screen)
        want = tuple(("pass",) if n is None else ("bid", n)
                     for n in legal_bids(game.contract, game.dealer == 0))
        if p.choices != want:
            problems.append(f"row 21 offers {p.choices}, pyengine {want}")
    return problems


def refused(fe: Frontend, key: str, message: str) -> None:
    events = len(fe.events)
    screen = fe.key(key)
    if screen.row(ROW_MSG).strip() != message or len(fe.events) != events \
            or prompt(screen).kind != "auction":
        raise FrontendError(f"{key!r} was not refused with {message!r}:\n{screen.text()}")


def answer(fe: Frontend, kind: str, action, screen: Screen, rng: random.Random) -> None:
    """South's choice by its key, or by the cursor and RETURN."""
    by_key = rng.random() < 0.5
    if kind == "play":
        slot = next(h.slot for h in south_hand(screen) if h.card == action.card)
        fe.key(str(slot + 1))
        return
    if kind == "auction":
        p = prompt(screen)
        choice = ("pass",) if action.tricks is None else ("bid", action.tricks)
        if by_key:
            fe.key("P" if action.tricks is None else str(action.tricks))
            return
        index, at = p.choices.index(choice), p.selected or 0
    else:
        if by_key:
            fe.key(CONTRACT_KEYS[action.trump])
            return
        index, at = action.trump, 0
    for _ in range(abs(index - at)):
        fe.key(RIGHT if index > at else LEFT)
    fe.key(RETURN)


def play_bid6_by_keys(seed: int, rng: random.Random, prg=None) -> tuple[Frontend, list, set[str]]:
    """One whole game (see the module docstring): the Frontend, South's choices, and what
    the game reached (prompt kinds, refusals, a total below zero)."""
    fe = Frontend(prg)
    fe.boot()
    choose_rules(fe, BID6, "keys")
    fe.start(seed)
    choices, seen = [], set()
    while True:
        screen = fe.screen()
        p = prompt(screen)
        if p.kind == "game_over":
            break
        if p.kind not in ("auction", "declare", "play"):
            raise FrontendError(f"the program waits, but not for South:\n{screen.text()}")
        game = engine_state(seed, fe.events, BID6)
        if game.turn != 0 or game.phase.value != p.kind:
            raise FrontendError(f"the screen asks {p.kind}, pyengine seat {game.turn} "
                                f"to {game.phase.value}:\n{screen.text()}")
        problems = table_problems(screen, game, p.kind)
        if problems:
            raise FrontendError("; ".join(problems) + "\n" + screen.text())
        seen.add(p.kind)
        if min(game.total) < 0:
            seen.add("a total below zero")
        legal = game.legal_actions()
        if p.kind == "auction":
            high = game.contract
            if game.dealer == 0 and high is None:
                refused(fe, "P", "ALL PASSED: THE DEALER MUST BID")
                seen.add("dealer must bid")
            elif high is not None and high > 3:
                word = "BID AT LEAST" if game.dealer == 0 else "BID MORE THAN"
                refused(fe, "3", f"{word} {high}")
                seen.add("a low bid refused")
            screen = fe.screen()
        action = rng.choice(legal)
        if p.kind == "auction" and rng.random() < 0.5:     # bid more often than chance
            action = next((a for a in legal if a.tricks is not None), action)
        choices.append(action)
        before = len(fe.events)
        answer(fe, p.kind, action, screen, rng)
        if len(fe.events) <= before:
            raise FrontendError(f"South's {action} made no event:\n{fe.screen().text()}")
    return fe, choices, seen
