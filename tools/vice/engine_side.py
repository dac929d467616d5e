"""pyengine alongside a game in VICE: South's moves one at a time, what each prompt must show.

The others play as RefPlayer() under Bit #93's rules and as the shell's VariantPlayer() under any
other (the 6502's player there, as tools/frontend/checkpoints.py's ``engine_events``), or, when
the options screen's OPPONENTS says EASY or HARD, as the C64's twins of those levels
(pyengine/players/c64levels.py: c64easy, c64hard);
:func:`position_problems` says what differs between a South prompt on VICE's screen and
pyengine's position, :func:`end_problems` between VICE's game-over screen and pyengine's
finished game.
"""

from __future__ import annotations

import random

from pyengine.core.game import Action, GameState
from pyengine.core.rules import BIT93, Rules
from pyengine.core.rulescode import rules_code
from pyengine.players.c64levels import DEFAULT_C64_LEVEL, c64_player, hard_searches
from pyengine.players.player import Player, RefPlayer
from pyengine.players.varplayer import VariantPlayer

from ..frontend.checkpoints import check_screen
from ..frontend.driver import FrontendError, Screen, prompt
from ..frontend.gameover_screen import game_over_problems
from ..frontend.options_screen import table_code
from ..frontend.play import _bid_tuple
from ..frontend.screen_read import MSG_ASK_DEFEND, MSG_ASK_JOKER, MSG_ASK_REDEAL, keys_game_over


def computer(rules: Rules, level: str = DEFAULT_C64_LEVEL) -> Player:
    """pyengine's twin of the C64's computer seat under ``rules`` at ``level`` (easy,
    normal, hard: the OPPONENTS line)."""
    if level != DEFAULT_C64_LEVEL:
        return c64_player(level)
    return RefPlayer() if rules == BIT93 else VariantPlayer()


class EngineGame:
    """pyengine's game: South's moves given one at a time, the others RefPlayer() (Bit #93)
    or VariantPlayer() (any other rules), c64easy or c64hard at those levels. ``searched``:
    the decisions a HARD seat searched, as (hand, tricks done, cards on the table): the
    core's hand_no, tricks_done and trick_count then (tools/vice/thinking.py)."""

    def __init__(self, seed: int, rules: Rules = BIT93, level: str = DEFAULT_C64_LEVEL) -> None:
        self.game = GameState.new(rules, seed)
        self.level = level
        self.seats = [computer(rules, level) for _ in range(rules.players)]
        self.searched: list[tuple[int, int, int]] = []
        self._advance()

    def _advance(self) -> None:
        while not self.game.over and self.game.turn != 0:
            turn, game = self.game.turn, self.game
            view = game.view(turn)
            if self.level == "hard" and hard_searches(view):
                self.searched.append((game.hand_no, sum(game.tricks_won), len(game.trick)))
            game.apply(self.seats[turn].decide(view))

    def south(self, action: Action) -> None:
        self.game.apply(action)
        self._advance()


def game_length(seed: int, choices_seed: int, rules: Rules = BIT93,
                level: str = DEFAULT_C64_LEVEL) -> tuple[int, int]:
    """(hands, South decisions) of a game with South's random choices from ``choices_seed``."""
    eng, rng, decisions = EngineGame(seed, rules, level), random.Random(choices_seed), 0
    while not eng.game.over:
        eng.south(rng.choice(eng.game.legal_actions()))
        decisions += 1
    return eng.game.hand_no, decisions


def prompt_message(game: GameState) -> tuple[str, ...]:
    """Row 23 as the program draws it when it starts waiting for South's decision."""
    kind = game.phase.value
    if kind == "play":
        return ("YOUR PLAY",) if game.trick else ("YOUR LEAD",)
    if kind == "discard":
        return ("YOUR DISCARD (FACE DOWN)",)
    if kind == "defend":
        return (MSG_ASK_DEFEND,)
    if kind == "joker":
        return (MSG_ASK_JOKER,)
    if kind == "redeal":
        return (MSG_ASK_REDEAL[game.redeal_reason(0)],)
    if kind == "bid1":
        return ("CANADIAN RULE: ORDER ONLY ALONE",) if game.must_go_alone(0) else (
            "YOUR BID: TAKE THE UPCARD'S SUIT?",)
    return ("NAME TRUMP OR PASS",)


def position_problems(screen: Screen, game: GameState, seed: int,
                      level: str = DEFAULT_C64_LEVEL) -> list[str]:
    """What differs between a South prompt on screen and pyengine (empty: it is right).

    Row 23 must be the prompt's own message: the program draws it just before it waits
    for the key, and until then rows 21-24 may still show the last prompt's keys while the
    table already shows the position (a key pressed then is dropped by the pause). The
    table's rules code (top left) must be the code of the game's rules and ``level``
    (``BIT93 O2`` at HARD)."""
    try:
        p = prompt(screen)
        if p.kind != game.phase.value:
            return [f"the screen asks {p.kind}, pyengine {game.phase.value}"]
        problems = check_screen(screen, game, seed)
        code, want_code = table_code(screen), rules_code(game.rules, level)
        if code != want_code:
            problems.append(f"the table's rules code is {code!r}, not {want_code!r}")
    except FrontendError as exc:
        return [str(exc).splitlines()[0]]
    if p.message not in prompt_message(game):
        problems.append(f"row 23 says {p.message!r}, not {' / '.join(prompt_message(game))!r}")
    if p.kind in ("redeal", "defend") and p.selected != 0:
        problems.append(f"row 21's '>' on answer {p.selected}, not on 'no'")
    if p.kind.startswith("bid"):
        want = tuple(_bid_tuple(a, game.bid_round) for a in game.legal_actions())
        if p.choices != want:
            problems.append(f"row 21 offers {p.choices}, pyengine {want}")
    return problems


def end_problems(screen: Screen, game: GameState, seed: int) -> list[str]:
    """What differs between VICE's game-over screen and pyengine's finished ``game``
    (empty: it is right), region by region, cell for cell
    (tools/frontend/gameover_screen.py): the winner in big letters (WE WIN / THEY WIN, or
    in cutthroat YOU WIN / YOU LOSE), row 0's score (three seats' in cutthroat), the score
    sheet and the keys line. A check of two totals only could not read cutthroat's end."""
    try:
        if prompt(screen).kind != "game_over":
            return [f"not the game-over screen ({prompt(screen).kind})"]
    except FrontendError as exc:
        return [str(exc).splitlines()[0]]
    events = [e.to_json() for e in game.events]
    return game_over_problems(screen, events, seed, keys_game_over(seed))
