"""Bid Euchre at South's prompts, by keys, judged against pyengine (c64/bid6_fe.oph).

:func:`play_bid6_by_keys` chooses BID EUCHRE on the options screen by its keys, types the
game number and plays the whole game as a person presses keys: bids by P / 3-6 or the
cursor and RETURN, the contract by S H D C + - or the cursor, cards by their number. At
every prompt :func:`table_problems` judges the screen against pyengine's state after the
6502's events (never against the 6502's own output): the totals (below zero too), row 1's
bids seat by seat and then the contract and its maker, the bids offered in pyengine's
order and the keys line naming them (`P PASS 4-6 BID`), South's cards; CRSR left from
the first bid or contract goes round to the last and right back; L at a bid and joystick
up at the contract show the last trick; illegal bids are refused with the line saying
why and nothing changes
(tests/test_bid6_frontend.py). :func:`event_problems` then judges, after each event
South's prompt does not follow, the message of a bid, contract or score (`WEST BIDS 4`,
`NORTH PLAYS IN ♥`, `SET! WE -3 THEY 4`) and the pause (tools/frontend/judge.py plays
the game at FAST).
"""

from __future__ import annotations

import random

from pyengine.core.bid6 import legal_bids
from pyengine.core.cards import SUIT_SYMBOLS, SUITS
from pyengine.core.game import GameState
from pyengine.core.rules import BID6

from .checkpoints import engine_state
from .driver import LEFT, RETURN, RIGHT, Frontend, FrontendError
from .options_screen import choose_rules
from .screen_read import (
    ROW_CHOICES,
    ROW_KEYS,
    ROW_MSG,
    Screen,
    keys_auction,
    keys_cards,
    prompt,
    south_hand,
)
from .screen_regions import MSG_LEAD, MSG_PLAY
from .timing import NOTES, SID_FREQ_HI, SPEED_FRAMES, pace_units

SEAT_LETTERS = "SWNE"
SEAT_WORDS = ("SOUTH", "WEST", "NORTH", "EAST")
CONTRACT_KEYS = "SHDC+-"
BACKS_AT = {1: (10, 1), 2: (4, 17), 3: (10, 34)}    # seat: row, column of its six backs
BACK = "\u2592"                                       # how screen_read shows a card back
NO_TRUMP_WORDS = {"high": "NO-TRUMP HIGH", "low": "NO-TRUMP LOW"}


class Scripted:
    """South's choices, given again to pyengine."""

    def __init__(self, actions: list) -> None:
        self.actions = list(actions)

    def decide(self, view):
        return self.actions.pop(0)


# the message line at South's bid and contract (c64/bid6_fe.oph b6_prompt); at a card,
# YOUR LEAD or YOUR PLAY as under every rule set
PROMPT_MESSAGES = {"auction": "YOUR BID: TRICKS YOU AND PARTNER TAKE",
                   "declare": "YOU BID HIGHEST: NAME THE CONTRACT"}


def bids_row(bids: dict[int, int | None]) -> str:
    """Row 1 during an auction and after its hand's score: each seat's bid so far
    (``bids``: seat -> tricks, None a pass; a seat not in it has not bid)."""
    shown = {s: "PASS" if t is None else str(t) for s, t in bids.items()}
    return "BIDS " + "  ".join(f"{SEAT_LETTERS[s]} {shown.get(s, '-')}" for s in range(4))


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
        trump = NO_TRUMP_WORDS[("high", "low")[game.trump - len(SUITS)]] \
            if game.trump >= len(SUITS) else SUIT_SYMBOLS[game.trump]
        tricks = "TRICKS " + "-".join(map(str, game.tricks_won))
        if trump not in row1 or not row1.endswith(tricks):
            problems.append(f"row 1 {row1!r}: not the contract {trump!r} and {tricks!r}")
    message = screen.row(ROW_MSG).strip()
    if message != PROMPT_MESSAGES.get(kind, MSG_PLAY if game.trick else MSG_LEAD):
        problems.append(f"the message line {message!r} at South's {kind}")
    if kind == "play" and screen.row(ROW_KEYS).strip() != keys_cards(len(game.hands[0])):
        problems.append(f"the keys line {screen.row(ROW_KEYS).strip()!r} at a card, "
                        f"want {keys_cards(len(game.hands[0]))!r}")
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
        keys = screen.row(ROW_KEYS).strip()
        want_keys = keys_auction(tuple(legal_bids(game.contract, game.dealer == 0)))
        if keys != want_keys:
            problems.append(f"keys line {keys!r}, want {want_keys!r}")
    return problems


def south_next(e: dict) -> bool:
    """The event is South's own choice (his prompt came before it, over the last one's
    message and pause)."""
    return e.get("seat") == 0 and e["ev"] in ("bid", "declare", "play")


def bid6_pace(e: dict) -> int:
    """The pause after a Bid Euchre event, in units (c64/bid6_fe.oph: a pass 1, a bid 2,
    the contract 3, the score 6; the other events as under Bit #93)."""
    if e["ev"] == "bid":
        return 1 if e["call"] == "pass" else 2
    return 3 if e["ev"] == "declare" else pace_units(e)


def bid6_effect(e: dict) -> str | None:
    """The sound an auction, contract or score event starts (c64/bid6_fe.oph: a pass
    the pass's, a bid and the contract the make's, the score the march's if the makers
    made their bid, else the euchre's); None for the others (judged under Bit #93)."""
    if e["ev"] == "bid":
        return "pass" if e["call"] == "pass" else "make"
    if e["ev"] == "declare":
        return "make"
    if e["ev"] == "score":
        return "march" if e["tricks"][e["makers"]] >= e["bid"] else "euchre"
    return None


def bid6_message(e: dict) -> str | None:
    """Row 23 once an auction, contract or score event is drawn (c64/bid6_fe.oph)."""
    seat = SEAT_WORDS[e["seat"]] if "seat" in e else ""
    if e["ev"] == "bid":
        return f"{seat} PASSES" if e["call"] == "pass" else f"{seat} BIDS {e['tricks']}"
    if e["ev"] == "declare":
        t = e["trump"]
        return f"{seat} PLAYS IN " + (NO_TRUMP_WORDS[t] if t in NO_TRUMP_WORDS
                                      else " " + SUIT_SYMBOLS[SUITS.index(t)])
    if e["ev"] == "score":
        made = e["tricks"][e["makers"]] >= e["bid"]
        p = e["points"]
        return f"{'MADE IT!' if made else 'SET!'} WE {p[0]} THEY {p[1]}"
    return None


def status_problem(events: list[dict], i: int, screen: Screen) -> str | None:
    """Rows 0-1 once event ``i`` (a bid, the contract or the score) is drawn: the
    totals; the bids so far during the auction and again after the hand's score (not
    the contract: issue 44), the contract and its maker once declared."""
    e = events[i]
    if e["ev"] not in ("bid", "declare", "score"):
        return None
    start = max(j for j in range(i + 1) if events[j]["ev"] == "deal")
    hand = events[start:i + 1]
    totals = [x["total"] for x in events[:i + 1] if x["ev"] == "score"]
    total = totals[-1] if totals else [0, 0]
    row0, row1 = screen.row(0), screen.row(1).rstrip()
    if f"WE {total[0]} THEY {total[1]}" not in row0:
        return f"after event {i} {e}: row 0 {row0.strip()!r}, want WE {total[0]} THEY {total[1]}"
    if e["ev"] == "declare":
        high = max(x["tricks"] for x in hand if x["ev"] == "bid" and x["call"] != "pass")
        if not row1.startswith(f"BID {high} ") or f"BY {SEAT_WORDS[e['seat']]}" not in row1:
            return f"after event {i} {e}: row 1 {row1!r}, not the bid of {high} by seat " \
                   f"{e['seat']}"
        return None
    want = bids_row({x["seat"]: x["tricks"] if x["call"] != "pass" else None
                     for x in hand if x["ev"] == "bid"})
    if row1 != want:
        return f"after event {i} {e}: row 1 {row1!r}, want {want!r}"
    return None


def event_problems(fe: Frontend, speed: str) -> str | None:
    """After each event South's prompt does not follow: the message of an auction,
    contract or score event and the first note of its sound (bid6_effect), row 21
    (South's choices) blank, rows 0-1
    (status_problem), and every event's pause at ``speed``, from the reference events
    (``Frontend(record_events=True)``)."""
    events = fe.events
    for i in range(len(events) - 1):
        if i not in fe.drawn or south_next(events[i + 1]):
            continue
        want = bid6_message(events[i])
        shown = fe.drawn[i].row(ROW_MSG).rstrip()
        if want is not None and shown != want:
            return f"after event {i} {events[i]}: row 23 {shown!r}, want {want!r}"
        choices = fe.drawn[i].row(ROW_CHOICES).strip()
        if choices:                           # (they go once South has answered)
            return f"after event {i} {events[i]}: row 21 {choices!r}, want it blank"
        problem = status_problem(events, i, fe.drawn[i])
        if problem:
            return problem
        frames = bid6_pace(events[i]) * SPEED_FRAMES[speed]
        if fe.pauses[i] != frames:
            return (f"the pause after event {i} {events[i]} at {speed}: {fe.pauses[i]} "
                    f"frames, want {frames}")
        effect = bid6_effect(events[i])
        if effect is not None and i in fe.sid_span:          # (sound on: fe.start)
            start, end = fe.sid_span[i]
            notes = [w.value for w in fe.c64.sid_writes[start:end] if w.reg == SID_FREQ_HI]
            if notes[:1] != [NOTES[effect][0][0]]:
                return (f"SID after event {i} {events[i]}: notes {[hex(v) for v in notes]}, "
                        f"want the {effect} effect's (first note {NOTES[effect][0][0]:#x})")
    return None


def cursor_wraps(fe: Frontend, kind: str, count: int) -> None:
    """CRSR left from the first choice goes round to the last, right from there back."""
    for key, want in ((LEFT, count - 1), (RIGHT, 0)):
        screen = fe.key(key)
        if prompt(screen).kind != kind or prompt(screen).selected != want:
            raise FrontendError(f"CRSR {'left' if key == LEFT else 'right'} at the {kind}: "
                                f"the '>' not on choice {want}:\n{screen.text()}")


def refused(fe: Frontend, key: str, message: str) -> None:
    events = len(fe.events)
    screen = fe.key(key)
    if screen.row(ROW_MSG).strip() != message or len(fe.events) != events \
            or prompt(screen).kind != "auction":
        raise FrontendError(f"{key!r} was not refused with {message!r}:\n{screen.text()}")


# keys that mean nothing at a bid (no bid below 3 or above 6) or a contract (P and the
# bids are the auction's): each must leave the screen and the game as they were
IGNORED_KEYS = {"auction": ("2", "7", "X"), "declare": ("P", "3", "X")}


# C= + a key types a graphics code (SHIFT + SPACE: $A0); none means anything at a bid or
# a contract: each is typed once at the first of each (through GETIN, as the KERNAL's
# tables give them: the harness's keyboard does not model which key gives which)
GRAPHICS_CODES = range(0xA0, 0xC0)


def graphics_ignored(fe: Frontend, kind: str) -> None:
    """Each of GRAPHICS_CODES at South's ``kind`` prompt changes nothing."""
    for code in GRAPHICS_CODES:
        before, events = fe.screen(), len(fe.events)
        fe.c64.type_keys(code)
        after = fe.run()
        if after != before or len(fe.events) != events:
            raise FrontendError(f"PETSCII ${code:02X} (a C= graphics key) at the {kind}, "
                                f"a key that means nothing there, changed the game:\n"
                                f"{after.text()}")


def ignored(fe: Frontend, kind: str) -> None:
    """Each of IGNORED_KEYS[kind] changes nothing: no event, the screen as it was (no
    buzz's message, no '>' moved)."""
    for key in IGNORED_KEYS[kind]:
        before, events = fe.screen(), len(fe.events)
        after = fe.key(key)
        if after != before or len(fe.events) != events:
            raise FrontendError(f"{key!r} at the {kind}, a key that means nothing there, "
                                f"changed the game:\n{after.text()}")


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


def last_trick_shown(fe: Frontend, how: str, end: str) -> None:
    """L (or the joystick up) at a bid or contract prompt shows the last trick (or that
    none was played), and the key that ends the view (``end``) answers nothing."""
    from .prompt_checks import last_trick_view

    before, events = fe.screen(), len(fe.events)
    view = fe.key("L") if how == "L" else fe.joystick(how)
    problems = last_trick_view(before, fe.events).problems(view)
    if problems:
        raise FrontendError(f"the last trick shown by {how}: " + "; ".join(problems)
                            + "\n" + view.text())
    if fe.key(end) != before or len(fe.events) != events:
        raise FrontendError(f"{how}, then {end!r}, did not bring the prompt back "
                            f"unanswered:\n{fe.screen().text()}")


def play_bid6_by_keys(seed: int, rng: random.Random, prg=None, speed: str = "NO WAIT"
                      ) -> tuple[Frontend, list, set[str]]:
    """One whole game (see the module docstring) at ``speed``: the Frontend (each event's
    screen and pause recorded), South's choices, and what the game reached (prompt
    kinds, refusals, a total below zero)."""
    fe = Frontend(prg, record_events=True)
    fe.boot()
    choose_rules(fe, BID6, "keys")
    fe.start(seed, speed=speed)
    choices, seen = [], set()
    seen_graphics: set[str] = set()
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
        if p.kind in ("auction", "declare") and len(p.choices) > 1:
            cursor_wraps(fe, p.kind, len(p.choices))
        if p.kind in IGNORED_KEYS:
            ignored(fe, p.kind)
            if p.kind not in seen_graphics:
                graphics_ignored(fe, p.kind)
                seen_graphics.add(p.kind)
        if p.kind == "auction":
            last_trick_shown(fe, "L", "P")
        elif p.kind == "declare":
            last_trick_shown(fe, "up", "S")
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



def game_over_problem(screen: Screen, events: list[dict], seed: int) -> str | None:
    """The game-over screen of a Bid Euchre game, cell for cell as its events say
    (tools/frontend/gameover_screen.py: row 0's totals, the winner in big letters, the
    score sheet of every hand: bid, contract, maker, tricks, MADE / SET, both sides'
    points; the keys line naming the game R replays), and the sheet read back."""
    from .checkpoints import check_sheet
    from .gameover_screen import game_over_problems
    from .screen_read import keys_game_over

    if events[-1]["ev"] != "game_over":
        return f"the game did not end: its last event is {events[-1]}"
    problems = game_over_problems(screen, events, seed, keys_game_over(seed))
    if problems:
        return "the game-over screen: " + "; ".join(problems) + f"\n{screen.text()}"
    try:
        check_sheet(screen, events)
    except FrontendError as exc:
        return str(exc)
    return None
