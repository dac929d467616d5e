"""One whole game played through the C64's keys and joystick, as a person plays it.

:func:`play` answers every South prompt with key presses (South choosing random legal
moves, or a chooser's), checks the screen against pyengine at each prompt and, with
``fuzz``, presses random keys that must not decide anything before each real choice.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from pyengine.core.game import BidAction, GameState

from .checkpoints import PlayedGame, check_screen, engine_last_trick, engine_state, south_actions
from .driver import DELETE, LEFT, RETURN, RIGHT, SPACE, Frontend
from .screen_read import (
    FrontendError,
    HandCard,
    LastTrick,
    Prompt,
    Screen,
    last_trick,
    prompt,
    south_hand,
    status,
)
from .screen_regions import table_problems


def _bid_tuple(action: BidAction, bid_round: int) -> tuple:
    if action.call == "pass":
        return ("pass",)
    if bid_round == 1:
        return ("order", action.alone)
    return ("name", action.suit, action.alone)


def _legal_slots(hand: list[HandCard], game: GameState) -> set[int]:
    legal = {a.card for a in game.legal_actions()}
    return {h.slot for h in hand if h.card in legal}


def _selected_slot(screen: Screen) -> int | None:
    return next((h.slot for h in south_hand(screen) if h.selected), None)


class _Fuzzer:
    """Random keys that must not decide anything at the current prompt."""

    LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    OTHER = [0x11, 0x91, 0x13, 0x93, 0x85, 0x86, 0x87, 0x88, DELETE, 0x22, 0x2A, 0x2F,
             0xC1, 0xD3, 0xC8, 0xC4, 0xC3, 0xD0, 0xCF, 0x8D, 0xDE, 0x01, 0x5E]

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def candidate(self) -> tuple[str, str | int]:
        r = self.rng.random()
        if r < 0.2:
            return "key", self.rng.choice("0123456789")
        if r < 0.45:
            return "key", self.rng.choice(self.LETTERS)
        if r < 0.55:
            return "key", self.rng.choice(self.OTHER)
        if r < 0.7:
            return "key", self.rng.choice((LEFT, RIGHT))
        if r < 0.85:
            return "joy", self.rng.choice(("left", "right", "up", "down"))
        if r < 0.93:
            return "key", self.rng.choice((RETURN, SPACE))
        return "joy", "fire"


def _decides(kind: str, how: str, key, screen: Screen, game: GameState,
             alone_toggle: bool) -> bool:
    """Would this key (or joystick move) answer the prompt? (read from the screen)"""
    fire = (how == "key" and key in (RETURN, SPACE)) or (how == "joy" and key == "fire")
    if kind in ("play", "discard"):
        hand = south_hand(screen)
        legal = _legal_slots(hand, game)
        if fire:
            return _selected_slot(screen) in legal
        if how == "key" and isinstance(key, str) and key.isdigit():
            return int(key) - 1 in legal
        return False
    if fire:
        return True                       # every bid on row 21 is legal
    if how != "key" or not isinstance(key, str):
        return False
    if kind in ("redeal", "defend"):
        return key in ("N", "Y")
    if kind == "joker":
        return isinstance(key, str) and len(key) == 1 and key in "SHDC"
    legal = {_bid_tuple(a, game.bid_round) for a in game.legal_actions()}
    if key == "P":
        return True
    if kind == "bid1":
        if key == "O":
            return ("order", False) in legal
        return key == "A"
    if key in "SHDC" and len(key) == 1:
        return ("name", "SHDC".index(key), alone_toggle) in legal
    return False


def play(fe: Frontend, seed: int | None, rng: random.Random, *, fuzz: int = 0,
         check: bool = True, wait_frames: int = 0, speed: str = "NO WAIT",
         on_prompt: Callable[[Frontend, Prompt], None] | None = None,
         timed: bool = False, max_prompts: int | None = None,
         choose: Callable[[GameState, random.Random], object] | None = None,
         start: str = "keys", sound: bool = True) -> PlayedGame:
    """Play one game from the title: South random legal moves by keys and joystick.

    ``seed`` None: the game number comes from the title's frame counter (after
    ``wait_frames`` frames) and is read from the screen. ``fuzz``: up to that
    many random non-deciding keys before each choice, each checked to change
    nothing; keys are then held 2-12 frames (drawn from ``rng``). ``check``:
    compare the screen with pyengine at every prompt.
    ``max_prompts``: stop (at a prompt, unanswered) after answering that many.
    ``choose``: South's decision (default: a random legal action).
    ``start``: how the game number is entered and the game started (Frontend.start).
    Raises FrontendError (or a HarnessFault) at the first problem.
    """
    if fuzz:
        fe.hold_frames = lambda: rng.randint(2, 12)   # fuzzing: short and long presses
    fe.start(seed, speed=speed, wait_frames=wait_frames, how=start, sound=sound)
    screen = fe.screen()
    number = status(screen).game
    if seed is not None and number != seed:
        raise FrontendError(f"typed game {seed}, the table shows game {number}")
    played = PlayedGame(number, fe.events, rules=fe.rules)
    fuzzer = _Fuzzer(rng)
    while True:
        p = prompt(screen)
        if p.kind == "game_over" or played.prompts == max_prompts:
            break
        if p.kind not in ("bid1", "bid2", "discard", "play", "redeal", "defend", "joker"):
            raise FrontendError(f"game {number}: the program waits, but not for South's "
                                f"decision (after event {len(fe.events)}):\n{screen.text()}")
        played.prompts += 1
        first = screen                        # the prompt as it is first shown
        if on_prompt:
            on_prompt(fe, p)                  # may press keys that decide nothing
            screen = fe.screen()
            p = prompt(screen)
        game = engine_state(number, fe.events, fe.rules)
        if game.turn != 0 or game.phase.value != p.kind:
            raise FrontendError(f"game {number}: screen asks {p.kind}, engine expects seat "
                                f"{game.turn} to {game.phase.value}")
        if check:
            problems = check_screen(screen, game, number)
            problems += table_problems(first, number, game, fe.events, p.kind)
            if p.kind in ("redeal", "defend", "joker") and p.selected != 0:
                problems.append(f"row 21's '>' on answer {p.selected}, not the first")
            if p.kind.startswith("bid"):
                want = tuple(_bid_tuple(a, game.bid_round) for a in game.legal_actions())
                if p.choices != want:
                    problems.append(f"row 21 offers {p.choices}, engine {want}")
            if problems:
                raise FrontendError(f"game {number}, event {len(fe.events)}: "
                                    + "; ".join(problems) + "\n" + screen.text())
            played.checkpoints += 1
        alone = False
        for _ in range(rng.randint(0, fuzz) if fuzz else 0):
            for _try in range(20):
                how, key = fuzzer.candidate()
                if not _decides(p.kind, how, key, screen, game, alone):
                    break
            else:
                continue
            if (how, key) in LOOK_KEYS:
                _, screen = look_at_last_trick(fe, how, key, rng, timed)
                played.fuzz_keys += 2
                continue
            before_events, before = len(fe.events), screen
            sid_before = len(fe.c64.sid_writes)
            kind = _fuzz_kind(p.kind, how, key, screen, game)
            screen = fe.joystick(key, kind if timed else "") if how == "joy" else \
                fe.key(key, kind if timed else "")
            played.fuzz_keys += 1
            if len(fe.c64.sid_writes) > sid_before:
                played.buzzes += 1
            if p.kind == "bid2" and key == "A":
                alone = not alone
            if len(fe.events) != before_events or prompt(screen).kind != p.kind:
                raise FrontendError(f"game {number}: fuzz key {key!r} ({how}) at {p.kind} "
                                    f"changed the game:\n{screen.text()}")
            if [h.card for h in south_hand(screen)] != [h.card for h in south_hand(before)] \
                    or screen.codes[:80] != before.codes[:80]:
                raise FrontendError(f"game {number}: fuzz key {key!r} ({how}) changed the "
                                    f"hand or the status rows:\n{screen.text()}")
        action = choose(game, rng) if choose else rng.choice(game.legal_actions())
        played.choices.append(action)
        before_events = len(fe.events)
        screen = _answer(fe, p.kind, action, screen, game, rng, alone, timed)
        taken = fe.events[before_events:before_events + 1]
        if south_actions(taken) != [action]:
            raise FrontendError(f"game {number}: South's keys for {action} at {p.kind} "
                                f"gave {taken or 'no event'}:\n{screen.text()}")
    played.final = screen
    return played


LOOK_KEYS: tuple[tuple[str, str | int], ...] = (("key", "L"), ("joy", "up"))
BACK_KEYS: tuple[tuple[str, str | int], ...] = (
    ("key", SPACE), ("key", RETURN), ("key", "1"), ("key", "P"), ("key", "L"),
    ("key", LEFT), ("joy", "fire"), ("joy", "left"), ("joy", "up"), ("joy", "down"))


def look_at_last_trick(fe: Frontend, how: str, key: str | int, rng: random.Random,
                       timed: bool = False) -> tuple[LastTrick, Screen]:
    """Press L (or push the joystick up) at a South prompt: the screen must show the
    engine's last trick (or say there is none); then any key or joystick move must
    bring back the prompt exactly as it was (screen and colours) and decide nothing.
    Returns what the view showed and the screen after."""
    before, events = fe.screen(), len(fe.events)
    view_screen = fe.joystick(str(key), "last trick" if timed else "") if how == "joy" \
        else fe.key(key, "last trick" if timed else "")
    if prompt(view_screen).kind != "last_trick":
        raise FrontendError(f"{key!r} ({how}) did not show the last trick:\n"
                            f"{view_screen.text()}")
    view = last_trick(view_screen)
    want = engine_last_trick(fe.events)
    got = (view.cards, view.winner) if view.winner is not None else None
    if got != want:
        raise FrontendError(f"the last trick shows {got}, engine {want}:\n"
                            f"{view_screen.text()}")
    back_how, back_key = rng.choice(BACK_KEYS)
    kind = "back from last trick" if timed else ""
    after = fe.joystick(str(back_key), kind) if back_how == "joy" else fe.key(back_key, kind)
    if len(fe.events) != events or after != before:
        raise FrontendError(f"{back_key!r} ({back_how}) after the last trick did not bring "
                            f"the prompt back as it was:\n{after.text()}")
    return view, after


def _fuzz_kind(kind: str, how: str, key, screen: Screen, game: GameState) -> str:
    if how == "joy" and key in ("left", "right") or how == "key" and key in (LEFT, RIGHT):
        return "bid cursor move" if kind.startswith("bid") else "card cursor move"
    if kind in ("play", "discard") and (
            (how == "key" and isinstance(key, str) and key.isdigit()
             and 0 < int(key) <= len(south_hand(screen)))
            or (how == "key" and key in (RETURN, SPACE)) or (how == "joy" and key == "fire")):
        return "illegal card"
    if kind == "bid2" and key == "A":
        return "alone toggle"
    if kind.startswith("bid") and isinstance(key, str) and key in "SHDCO" and len(key) == 1:
        return "refused bid"
    return "ignored key"


def _move(fe: Frontend, steps: int, n: int, rng: random.Random, timed: bool,
          kind: str) -> Screen:
    """Move a cursor ``steps`` places right (negative: left) on a ring of n, by keys
    or joystick, sometimes the long way round."""
    if n and rng.random() < 0.25:
        steps = steps - n if steps > 0 else steps + n
    screen = fe.screen()
    for _ in range(abs(steps)):
        right = steps > 0
        if rng.random() < 0.5:
            screen = fe.key(RIGHT if right else LEFT, kind if timed else "")
        else:
            screen = fe.joystick("right" if right else "left", kind if timed else "")
    return screen


def _fire(fe: Frontend, rng: random.Random, timed: bool, kind: str) -> Screen:
    r = rng.random()
    if r < 0.5:
        return fe.key(RETURN, kind if timed else "")
    if r < 0.75:
        return fe.key(SPACE, kind if timed else "")
    return fe.joystick("fire", kind if timed else "")


def _answer(fe: Frontend, kind: str, action, screen: Screen, game: GameState,
            rng: random.Random, alone: bool, timed: bool) -> Screen:
    """Make South's choice with the keys the screen shows (or the cursor)."""
    if kind in ("play", "discard"):
        what = "playing a card" if kind == "play" else "discarding"
        hand = south_hand(screen)
        slot = next(h.slot for h in hand if h.card == action.card)
        if rng.random() < 0.5:
            return fe.key(str(slot + 1), what if timed else "")
        at = _selected_slot(screen)
        if at is None:
            raise FrontendError(f"no card is under the cursor at the {kind} prompt:\n"
                                f"{screen.text()}")
        _move(fe, slot - at, len(hand), rng, timed, "card cursor move")
        if _selected_slot(fe.screen()) != slot:
            raise FrontendError(f"the cursor did not reach card {slot + 1}:\n"
                                f"{fe.screen().text()}")
        return _fire(fe, rng, timed, what)
    if kind in ("redeal", "defend"):
        yes = action.redeal if kind == "redeal" else action.alone
        if rng.random() < 0.5:
            return fe.key("Y" if yes else "N", "answer" if timed else "")
        if prompt(screen).selected != int(yes):
            _move(fe, 1, 2, rng, timed, "answer cursor move")
            if prompt(fe.screen()).selected != int(yes):
                raise FrontendError(f"the '>' did not move to answer {int(yes)}:\n"
                                    f"{fe.screen().text()}")
        return _fire(fe, rng, timed, "answer")
    if kind == "joker":                       # the suit's letter, or the '>' and fire
        if rng.random() < 0.5:
            return fe.key("SHDC"[action.suit], "answer" if timed else "")
        _move(fe, action.suit - (prompt(screen).selected or 0), 4, rng, timed,
              "answer cursor move")
        if prompt(fe.screen()).selected != action.suit:
            raise FrontendError(f"the '>' did not reach suit {action.suit}:\n"
                                f"{fe.screen().text()}")
        return _fire(fe, rng, timed, "answer")
    choice = _bid_tuple(action, game.bid_round)
    p = prompt(screen)
    if rng.random() < 0.5:
        index = p.choices.index(choice)
        at = p.selected or 0
        _move(fe, index - at, len(p.choices), rng, timed, "bid cursor move")
        if prompt(fe.screen()).selected != index:
            raise FrontendError(f"the '>' did not reach bid {index}:\n{fe.screen().text()}")
        return _fire(fe, rng, timed, "bid")
    if choice[0] == "pass":
        return fe.key("P", "bid" if timed else "")
    if kind == "bid1":
        return fe.key("A" if choice[1] else "O", "bid" if timed else "")
    if choice[2] != alone:
        fe.key("A", "alone toggle" if timed else "")
    return fe.key("SHDC"[choice[1]], "bid" if timed else "")


def back_to_title(fe: Frontend) -> Screen:
    """T at the game-over screen."""
    screen = fe.key("T")
    if prompt(screen).kind != "title":
        raise FrontendError(f"T at the end of the game did not go to the title:\n"
                            f"{screen.text()}")
    return screen
