"""Real VICE x64sc as a judge: whole games of build/euchre.prg played by a person's keys.

A game is played in VICE (../shared/vice, see :mod:`tools.vice.run`) only through the
keyboard, with a person's timing: every key is held 2-12 frames (SPACE and the cursor keys
2-10: the KERNAL repeats them once held about 15 frames) and let go for 2-8 frames, drawn by a
seeded ``random.Random`` (``hands``), and the next key comes only once the screen shows the
effect of the last one, as a player waits to see it. Key-down and key-up are DOM events sent
inside the page, counted in the core's frames, so a hold is exact to a frame; the hold each key
really had is recorded (the person: :mod:`tools.vice.person`). Under other rules than Bit
#93's the rules are first chosen on the options screen, by keys or the joystick
(:mod:`tools.vice.options`); ``max_prompts`` plays only the start of a game.
South's decisions are random legal moves from a second generator (``choices``), so a game's
length is known before it is played (:func:`~tools.vice.engine_side.game_length`).

The opponents' level is read from the program as the rules are: the title's rules code
(``BIT93 O2`` at HARD) and the settings' level byte in VICE's RAM must agree
(:func:`program_level`), and the core's ``opp_level`` must say the same at South's first
prompt; pyengine's computer seats are then that level's twins (c64easy, NORMAL's player,
c64hard). ``level`` sets the OPPONENTS line on the options screen first, by the same keys or
joystick as the rules. ``watch_thinking`` has :mod:`tools.vice.thinking` read row 22 after
every emulated frame of the game, from its first deal to the game-over screen: the frames
that showed HARD's THINKING sign, search by search.

What is judged is read from VICE's screen RAM and colour RAM only (``Vice.mem()``), with
tools/frontend/driver.py's readers. pyengine plays the same game alongside (seat 0 = South's
choices, seats 1-3 ``RefPlayer``, ``VariantPlayer`` under other rules): at every South prompt
the screen must show the engine's position
(:func:`tools.frontend.checkpoints.check_screen` plus the bids offered), and the game-over
screen pyengine's end cell for cell (:func:`~tools.vice.engine_side.end_problems`: the
winner in big letters, cutthroat's YOU WIN / YOU LOSE, the score, the sheet). Then
:func:`replay_in_harness` types the same keys, with the same hold times, into the harness
(``tools.frontend.driver.Frontend``) and requires the screens at those prompts to be the
same cell for cell (screen codes and colours), and the harness's 6502 events to equal
pyengine's game.

    python -m tools.vice.judge [--seed N] [--d64] [--speed FAST]   # one game, with times
    python -m tools.vice.judge --rules "STD V1 H1" --by joystick --seed 1065 --max-prompts 3
"""

from __future__ import annotations

import argparse
import inspect
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from pyengine.core.game import (
    Action,
    BidAction,
    DefendAction,
    GameState,
    JokerSuitAction,
    RedealAction,
)
from pyengine.core.rules import BIT93, Rules
from pyengine.core.rulescode import rules_code, rules_from_code
from pyengine.players.c64levels import DEFAULT_C64_LEVEL

from ..frontend.checkpoints import engine_events, first_difference, south_actions
from ..frontend.driver import (
    LEFT,
    RETURN,
    RIGHT,
    SPACE,
    FrontendError,
    Prompt,
    Screen,
    prompt,
    south_hand,
    title_options,
)
from ..frontend.play import _bid_tuple
from . import thinking
from .engine_side import EngineGame, end_problems, position_problems
from .levelread import (  # noqa: F401 - re-exported: the judge's API for tests
    check_core_level,
    program_level,
    program_symbols,
)
from .options import choose_in_vice
from .person import (  # noqa: F401 - re-exported: the judge's API for tests and faults.py
    JudgeError,
    Player,
    Press,
    cursor_to,
    dom_key,
)
from .run import PRG, running

D64 = PRG.with_suffix(".d64")


@dataclass
class Checkpoint:
    presses: int            # keys pressed before this screen (in the game's list)
    kind: str
    screen: Screen


@dataclass
class ViceGame:
    seed: int
    speed: str
    media: str
    presses: list[Press] = field(default_factory=list)     # from the title on
    checkpoints: list[Checkpoint] = field(default_factory=list)
    choices: list[Action] = field(default_factory=list)
    final: Screen | None = None
    total: tuple[int, ...] = (0, 0)     # by team, or by seat in cutthroat
    frames: int = 0
    seconds: float = 0.0
    rules: Rules = BIT93
    start: int = 0          # the press that starts the game (events are counted from it)
    events: list[dict] = field(default_factory=list)       # pyengine's, to the last screen
    level: str = DEFAULT_C64_LEVEL      # the opponents' level, as the program said it
    thinking: thinking.Watch | None = None     # the THINKING sign, frame by frame


def _kind_is(kind: str) -> Callable[[Screen], list[str]]:
    def ok(s: Screen) -> list[str]:
        k = prompt(s).kind
        return [] if k == kind else [f"the screen shows {k}, not {kind}"]
    return ok


def boot_from_d64(pl: Player) -> None:
    """BASIC's READY., then LOAD"EUCHRE",8,1 and RUN typed (warp while the 1541 loads)."""
    def ready(s: Screen) -> list[str]:
        return [] if "READY." in s.text() else ["no READY."]

    pl.wait_for("at BASIC's READY.", ready, 60)
    for ch in 'LOAD"EUCHRE",8,1':
        pl.press(ch, record=False)
    pl.press(RETURN, record=False)
    pl.v.warp(True)
    try:
        pl.wait_for("loaded (READY. after LOADING)",
                    lambda s: [] if s.text().count("READY.") >= 2 else ["still loading"], 120,
                    stale_frames=None)
    finally:
        pl.v.warp(False)
    for ch in "RUN":
        pl.press(ch, record=False)
    pl.press(RETURN, record=False)


def start_game(pl: Player, seed: int, speed: str) -> None:
    """From the title: key 3 until the speed is right, 4 + digits + RETURN, RETURN."""
    s = pl.wait_for("at the title", _kind_is("title"), 60)
    for _ in range(4):
        if title_options(s)["speed"] == speed:
            break
        before = title_options(s)["speed"]
        pl.press("3")
        s = pl.wait_for("showing a new speed", lambda x, b=before: [] if title_options(x)[
            "speed"] != b else ["speed unchanged"])
    else:
        raise JudgeError(f"key 3 never set the speed to {speed}")
    pl.press("4")
    pl.wait_for("asking for the game number", _kind_is("number"))
    for d in str(seed):
        pl.press(d)
    pl.press(RETURN)
    want = f"4  GAME NUMBER {seed}"
    pl.wait_for(f"showing {want!r}",
                lambda x: [] if x.row(14).strip() == want else [f"row 14 {x.row(14).strip()!r}"])
    pl.press(RETURN)


def _answer(pl: Player, p: Prompt, screen: Screen, action: Action, game: GameState) -> None:
    """South's choice by its own key, or by the cursor (watching it move) and RETURN/SPACE."""
    rng = pl.hands
    fire = RETURN if rng.random() < 0.6 else SPACE
    if p.kind in ("play", "discard"):
        hand = south_hand(screen)
        slot = next(h.slot for h in hand if h.card == action.card)   # type: ignore[attr-defined]
        at = next((h.slot for h in hand if h.selected), None)
        if at is None or rng.random() < 0.5:
            pl.press(str(slot + 1))
            return
        for _ in range(abs(slot - at)):
            before = next(h.slot for h in south_hand(pl.screen()) if h.selected)
            pl.press(RIGHT if slot > at else LEFT)
            pl.wait_for("moving the card cursor", lambda s, b=before: [] if any(
                h.selected and h.slot != b for h in south_hand(s)) else ["cursor not moved"])
        pl.press(fire)
        return
    if isinstance(action, (RedealAction, DefendAction)):
        yes = action.redeal if isinstance(action, RedealAction) else action.alone
        if rng.random() < 0.5:
            pl.press("Y" if yes else "N")
            return
        if p.selected != int(yes):
            pl.press(RIGHT if yes else LEFT)
            pl.wait_for("moving the answer's '>'", lambda s: [] if prompt(
                s).selected == int(yes) else ["'>' not moved"])
        pl.press(fire)
        return
    if isinstance(action, JokerSuitAction):     # an upcard joker's suit (c64/jokerask.oph)
        suit, at = int(action.suit), p.selected
        if at is None or rng.random() < 0.5:
            pl.press("SHDC"[suit])
            return
        cursor_to(pl, suit, at)
        pl.press(fire)
        return
    assert isinstance(action, BidAction)
    choice = _bid_tuple(action, game.bid_round)
    if rng.random() < 0.5 and p.choices:
        index, at = p.choices.index(choice), p.selected or 0
        cursor_to(pl, index, at)
        pl.press(fire)
        return
    if choice[0] == "pass":
        pl.press("P")
    elif p.kind == "bid1":
        pl.press("A" if choice[1] else "O")
    else:
        if choice[2]:
            pl.press("A")                       # ALONE toggles; then the suit
            pl.wait_for("showing ALONE", lambda s: [] if any(
                len(c) == 3 and c[2] for c in prompt(s).choices) else ["no ALONE choice"])
        pl.press("SHDC"[choice[1]])


def play_in_vice(seed: int, choices_seed: int, hands_seed: int, *, d64: bool = False,
                 speed: str = "NO WAIT", warp: bool = False, prg: Path = PRG,
                 rules: Rules = BIT93, options_by: str = "keys",
                 max_prompts: int | None = None, level: str | None = None,
                 log: Callable[[str], None] = lambda s: None,
                 watch_thinking: bool = False) -> ViceGame:
    """One whole game in real VICE; raises JudgeError at the first screen pyengine disputes.

    ``rules`` other than Bit #93's, and ``level`` (easy, normal, hard: the OPPONENTS line),
    are chosen first on the options screen, by ``options_by`` (keys or joystick:
    :mod:`tools.vice.options`); the level played is then read from the program
    (:func:`program_level`). ``max_prompts``: stop after answering that many South prompts,
    once VICE shows pyengine's next one (a partial game). ``watch_thinking``: the THINKING
    sign watched frame by frame from the game's start to its end (``ViceGame.thinking``)."""
    media = prg.with_suffix(".d64") if d64 else prg
    if not media.exists():
        raise JudgeError(f"{media} missing: run `make build`")
    t0 = time.time()
    result = ViceGame(seed, speed, media.name)
    choices = random.Random(choices_seed)
    with running(media, autostart=not d64) as v:
        pl = Player(v, random.Random(hands_seed), log)
        if d64:
            boot_from_d64(pl)
        if warp:
            v.warp(True)
        f0 = v.frame()
        result.rules = rules
        if rules != BIT93 or level not in (None, DEFAULT_C64_LEVEL):
            try:
                choose_in_vice(pl, rules, options_by, level)
            except FrontendError as exc:
                raise JudgeError(f"choosing {rules_code(rules, level or DEFAULT_C64_LEVEL)} "
                                 f"by {options_by}: {exc}") from None
        symbols = program_symbols(prg)
        result.level = lv = program_level(pl, symbols)
        if level is not None and lv != level:
            raise JudgeError(f"OPPONENTS {level} was chosen, the program says {lv}")
        start_game(pl, seed, speed)
        result.start = len(pl.presses) - 1
        if watch_thinking:
            thinking.start(v, symbols)
        eng = EngineGame(seed, rules, lv)
        while not eng.game.over and len(result.choices) != max_prompts:
            game = eng.game
            screen = pl.wait_for(f"at South's {game.phase.value} prompt #{len(result.choices)}"
                                 f" as pyengine has it",
                                 lambda s, g=game: position_problems(s, g, seed, lv))
            if not result.checkpoints:
                check_core_level(pl, symbols, lv)
            p = prompt(screen)
            result.checkpoints.append(Checkpoint(len(pl.presses), p.kind, screen))
            action = choices.choice(game.legal_actions())
            result.choices.append(action)
            log(f"  prompt {len(result.choices):3d} {p.kind:7s} -> {action}")
            _answer(pl, p, screen, action, game)
            eng.south(action)
        result.events = [e.to_json() for e in eng.game.events]
        result.presses = pl.presses
        if not eng.game.over:          # a partial game: the next prompt shows the last answer
            game = eng.game
            screen = pl.wait_for(f"at South's {game.phase.value} prompt #{len(result.choices)}"
                                 f" as pyengine has it",
                                 lambda s, g=game: position_problems(s, g, seed, lv))
            result.checkpoints.append(Checkpoint(len(pl.presses), prompt(screen).kind, screen))
            if watch_thinking:
                result.thinking = thinking.stop(v)
            result.frames = v.frame() - f0
            result.seconds = time.time() - t0
            return result
        result.final = pl.wait_for("at the game-over screen as pyengine has it",
                                   lambda s, g=eng.game: end_problems(s, g, seed))
        result.checkpoints.append(Checkpoint(len(pl.presses), "game_over", result.final))
        if watch_thinking:
            result.thinking = thinking.stop(v)
        result.total = tuple(eng.game.total)
        result.frames = v.frame() - f0
        result.presses = pl.presses
    result.seconds = time.time() - t0
    return result


# ---- the harness, for the same keys ---------------------------------------------------

def harness_key_takes_hold() -> bool:
    from ..frontend.driver import Frontend

    return "hold" in inspect.signature(Frontend.key).parameters


def screen_diff(a: Screen, b: Screen) -> list[str]:
    """Rows where two screens differ (codes or colours), VICE's row over the harness's."""
    out = []
    for r in range(25):
        sl = slice(r * 40, r * 40 + 40)
        if a.codes[sl] != b.codes[sl] or a.colours[sl] != b.colours[sl]:
            cells = sum(1 for i in range(r * 40, r * 40 + 40)
                        if (a.codes[i], a.colours[i]) != (b.codes[i], b.colours[i]))
            out.append(f"row {r:2d} ({cells} cells) VICE    {a.row(r)!r}\n"
                       f"{'':17s}harness {b.row(r)!r}")
    return out


def replay_in_harness(played: ViceGame, prg: Path = PRG) -> int:
    """The same keys (and hold times, if the harness takes them) under the harness: the
    screen at each checkpoint must equal VICE's, the 6502's events pyengine's. Returns the
    number of screens compared."""
    from ..frontend.driver import Frontend

    fe = Frontend(prg)
    fe.boot()
    hold = harness_key_takes_hold()
    at = {c.presses: c for c in played.checkpoints}
    start = played.start                                  # the RETURN that starts the game
    compared = 0
    for i, p in enumerate(played.presses + [None]):  # type: ignore[operator]
        c = at.get(i)
        if c is not None:
            diff = screen_diff(c.screen, fe.screen())
            if diff:
                raise JudgeError(f"game {played.seed}: after key {i} ({c.kind} prompt) VICE "
                                 f"and the harness differ:\n" + "\n".join(diff))
            compared += 1
        if p is None:
            break
        if i == start:
            fe.rules = played.rules
            fe.forget_events()                   # its seats: three in cutthroat
        if p.joy:
            fe.joystick(str(p.key), hold=p.hold)
        elif hold:
            fe.key(p.key, hold=p.hold)    # type: ignore[call-arg]
        else:
            fe.key(p.key)
    done = south_actions(fe.events)
    if done != played.choices:
        raise JudgeError(f"game {played.seed}: in the harness South's keys made {done}, "
                         f"in VICE {played.choices}")
    want = played.events or engine_events(played.seed, done, played.rules)   # (NORMAL only)
    diff_ev = first_difference(fe.events, want)
    if diff_ev:
        raise JudgeError(f"game {played.seed}: the harness's 6502 differs from pyengine at "
                         f"{diff_ev}")
    return compared


def describe(g: ViceGame) -> str:
    holds = [p.hold for p in g.presses]
    return (f"game {g.seed} ({g.media}, {g.speed}, rules {rules_code(g.rules, g.level)}): "
            f"{len(g.choices)} South decisions, "
            f"{len(g.checkpoints)} screens checked, {len(g.presses)} keys held "
            f"{min(holds)}-{max(holds)} frames, final {'-'.join(map(str, g.total))}, "
            f"{g.frames} frames ({g.frames / 50.1245:.0f} s emulated) in {g.seconds:.0f} s")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.vice.judge",
                                 description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=93, help="game number")
    ap.add_argument("--choices", type=int, default=1, help="seed of South's random choices")
    ap.add_argument("--hands", type=int, default=1, help="seed of the key timings")
    ap.add_argument("--speed", default="NO WAIT", choices=("NO WAIT", "FAST", "NORMAL"))
    ap.add_argument("--d64", action="store_true", help="LOAD from the .d64, then RUN")
    ap.add_argument("--warp", action="store_true", help="VICE in warp mode (about 1.5x)")
    ap.add_argument("--rules", default="BIT93", help="rules code (e.g. WEB, 'STD V1 H1'), "
                    "chosen on the options screen first")
    ap.add_argument("--by", default="keys", choices=("keys", "joystick"),
                    help="how the options screen is driven")
    ap.add_argument("--opponents", default=None, choices=("easy", "normal", "hard"),
                    help="set the OPPONENTS line on the options screen first")
    ap.add_argument("--max-prompts", type=int, default=None,
                    help="stop after that many South prompts (a partial game)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    try:
        g = play_in_vice(args.seed, args.choices, args.hands, d64=args.d64, speed=args.speed,
                         warp=args.warp, rules=rules_from_code(args.rules), options_by=args.by,
                         max_prompts=args.max_prompts, level=args.opponents,
                         log=print if args.verbose else (lambda s: None))
        print(describe(g))
        t0 = time.time()
        n = replay_in_harness(g)
        used = "used" if harness_key_takes_hold() else "not available"
        print(f"harness: {n} screens equal to VICE's, events equal to pyengine "
              f"({time.time() - t0:.1f} s; hold= {used})")
    except (JudgeError, RuntimeError) as exc:
        print(f"vice_judge: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
