"""A whole game of six-card Bid Euchre in real VICE, by a person's keys (issue 25, item 5).

BID EUCHRE is chosen on the options screen by keys (:func:`tools.vice.options.choose_in_vice`),
the game number typed on the title, and every South prompt answered by keys with a person's
timing (:class:`tools.vice.person.Player`): bids by P / 3-6 or the cursor and RETURN/SPACE,
the contract by S H D C or the cursor (no-trump by the cursor: VICE's keymap puts the C64's
+ and - on other PC keys), cards by their number or the cursor. pyengine plays alongside
(:class:`tools.vice.engine_side.EngineGame`, VariantPlayer at seats 1-3); at every South
prompt VICE's screen must show pyengine's position (:func:`bid6_problems`: the prompt and its
message, the table's rules code, and tools/frontend/bid6_play.py's table check), at the end
the game-over screen with pyengine's totals. :func:`tools.vice.judge.replay_in_harness` then
types the same keys into the harness: the same screens, and pyengine's events.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from pyengine.core.game import Action, BidAction, DeclareAction, GameState
from pyengine.core.rules import BID6

from ..frontend.bid6_play import table_problems
from ..frontend.driver import RETURN, SPACE, FrontendError, Screen, prompt, south_hand
from ..frontend.options_screen import table_code
from .engine_side import EngineGame, end_problems
from .judge import PRG, Checkpoint, JudgeError, Player, ViceGame, start_game
from .options import choose_in_vice
from .person import cursor_to
from .run import running

MESSAGES = {"auction": ("YOUR BID: TRICKS YOU AND PARTNER TAKE",),
            "declare": ("YOU BID HIGHEST: NAME THE CONTRACT",)}
SUIT_KEYS = "SHDC"


def bid6_problems(screen: Screen, game: GameState) -> list[str]:
    """What differs between a South prompt on screen and pyengine's Bid Euchre position."""
    try:
        p = prompt(screen)
        if p.kind != game.phase.value:
            return [f"the screen asks {p.kind}, pyengine {game.phase.value}"]
        problems = table_problems(screen, game, p.kind)
        if table_code(screen) != "BID6":
            problems.append(f"the table's rules code is {table_code(screen)!r}")
    except FrontendError as exc:
        return [str(exc).splitlines()[0]]
    want = MESSAGES.get(p.kind) or (("YOUR PLAY",) if game.trick else ("YOUR LEAD",))
    if p.message not in want:
        problems.append(f"row 23 says {p.message!r}, not {want[0]!r}")
    return problems


def _answer(pl: Player, screen: Screen, action: Action) -> None:
    """South's choice by its key, or by the cursor (watching it move) and RETURN/SPACE."""
    rng = pl.hands
    fire = RETURN if rng.random() < 0.6 else SPACE
    p = prompt(screen)
    if isinstance(action, BidAction):
        if rng.random() < 0.5:
            pl.press("P" if action.tricks is None else str(action.tricks))
            return
        choice = ("pass",) if action.tricks is None else ("bid", action.tricks)
        cursor_to(pl, p.choices.index(choice), p.selected or 0)
        pl.press(fire)
        return
    if isinstance(action, DeclareAction):
        if action.trump < len(SUIT_KEYS) and rng.random() < 0.5:
            pl.press(SUIT_KEYS[action.trump])
            return
        cursor_to(pl, action.trump, p.selected or 0)
        pl.press(fire)
        return
    hand = south_hand(screen)
    slot = next(h.slot for h in hand if h.card == action.card)      # type: ignore[attr-defined]
    pl.press(str(slot + 1))


def play_bid6_in_vice(seed: int, choices_seed: int, hands_seed: int,
                      log: Callable[[str], None] = lambda s: None) -> ViceGame:
    """One whole Bid Euchre game in real VICE; JudgeError at the first screen pyengine
    disputes."""
    t0 = time.time()
    result = ViceGame(seed, "NO WAIT", PRG.name, rules=BID6)
    choices = random.Random(choices_seed)
    with running(PRG) as v:
        pl = Player(v, random.Random(hands_seed), log)
        f0 = v.frame()
        try:
            choose_in_vice(pl, BID6, "keys")
        except FrontendError as exc:
            raise JudgeError(f"choosing BID EUCHRE by keys: {exc}") from None
        start_game(pl, seed, "NO WAIT")
        result.start = len(pl.presses) - 1
        eng = EngineGame(seed, BID6)
        while not eng.game.over:
            game = eng.game
            screen = pl.wait_for(f"at South's {game.phase.value} prompt #{len(result.choices)}"
                                 f" as pyengine has it", lambda s, g=game: bid6_problems(s, g))
            result.checkpoints.append(Checkpoint(len(pl.presses), prompt(screen).kind, screen))
            action = choices.choice(game.legal_actions())
            result.choices.append(action)
            log(f"  prompt {len(result.choices):3d} {game.phase.value:7s} -> {action}")
            _answer(pl, screen, action)
            eng.south(action)
        result.events = [e.to_json() for e in eng.game.events]
        total = tuple(eng.game.total)
        score = f"WE {total[0]} THEY {total[1]}"

        def over(s: Screen) -> list[str]:
            if prompt(s).kind != "game_over":
                return [f"not the game-over screen ({prompt(s).kind})"]
            if score not in s.row(0):
                return [f"row 0 {s.row(0).strip()!r}, not {score!r}"]
            # the whole screen, Bid Euchre's score sheet with it (issue 44), cell for cell
            return end_problems(s, eng.game, seed)

        result.final = pl.wait_for("at the game-over screen as pyengine has it", over)
        result.checkpoints.append(Checkpoint(len(pl.presses), "game_over", result.final))
        result.total = (total[0], total[1])
        result.frames = v.frame() - f0
        result.presses = pl.presses
    result.seconds = time.time() - t0
    return result
