"""A small fixed set of front-end games and screens that judges a whole .prg.

:func:`judge_prg` runs the program under the harness with a person's key timing
and checks, against pyengine (never against the 6502's own output):

* the title: its text, the colour of every line, the four jacks; the VIC-II set-up
  (ECM, screen and charset where c64/main.oph puts them, the four backgrounds), the
  character set in RAM against c64/charset.txt and the SID set-up;
* the games and screens of SCENARIOS (docs/frontend.md lists them), each under its
  own power-on RAM pattern: every region of the table at each South prompt
  (tools/frontend/screen_regions.py) and after every event
  (tools/frontend/event_screens.py), the SID effects and pauses
  (tools/frontend/timing.py), the transcript against pyengine's
  game, the game-over screen with its score sheet and its keys (RUN/STOP, T, P);
  the rules pages, a refused game number, refused discards, SPACE held, RUN/STOP in
  the computer's pause, RESTORE and RUN/STOP + RESTORE;
* Bid Euchre: a whole game by keys at FAST, BID EUCHRE chosen on the options screen,
  the screen judged at every South prompt and each bid, contract and score message
  and pause after the events (tools/frontend/bid6_play.py);
* the options screen: every key within 2 frames (options_in_budget), PLAYERS 3
  turning every partner switch off (partners_off), OPPONENTS and every option row
  round both ways (levels_round, options_round: tools/frontend/options_checks.py), every
  setting across RUN/STOP + RESTORE and RUN (tools/frontend/settings_checks.py); RUN/STOP
  at a Bid Euchre bid (bid6_stop);
* the demo: a game of four computer players and its 3 s result.

It returns None when every check passes (the mutant survived), else the first
failure in a line or a few. tools/mutation/judges.py calls it for c64/ mutants;
tests/test_frontend_check.py runs it on the real build and on broken ones.

The checks themselves are in tools/frontend/title_checks.py (the title) and
tools/frontend/prompt_checks.py (keys at South's prompts); this module runs them
with the games of SCENARIOS and the demo. ``python -m tools.frontend.judge [PRG]``
prints the verdict.
"""

from __future__ import annotations

import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from pyengine.core.game import BidAction, GameState
from pyengine.core.rules import BID6, BIT93
from pyengine.core.rulescode import rules_from_code
from pyengine.players.player import RefPlayer
from pyengine.players.runner import play_game
from pyengine.records.transcript import from_game

from ..machine.harness import HarnessError
from .checkpoints import (
    PlayedGame,
    check_game_over,
    check_identity,
    check_sheet,
    engine_state,
    first_difference,
)
from .driver import RETURN, RIGHT, STOP, Frontend, FrontendError, prompt, status
from .event_screens import KEYS_WAITING, event_problems
from .gameover_screen import game_over_problems
from .options_checks import levels_round, options_in_budget, options_round, partners_off
from .options_screen import (
    BID6_NOTE,
    FIXED_COLOUR,
    choose_rules,
    open_options,
    read_options,
    title_code,
    view_rules,
)
from .play import back_to_title, play
from .prompt_checks import (
    bid_keys_wait,
    joker_keys,
    joker_suit_keys,
    refusals,
    restore_problems,
    round1_no_alone,
    space_held,
    stack_kept,
    stop_in_last_trick,
    stop_in_pause,
    two_way_keys,
)
from .settings_checks import settings_kept
from .timing import pause_problems, silence, sound_problems
from .title_checks import menu_wraps, rules_pages, title_problems, too_big
from .verdict import Verdict

WIN_GAME = 7                  # South playing as RefPlayer wins it (the winner's tune)
JOKER_BY_KEY = 10             # the driver's seed that names game 13's joker by its key S


@dataclass(frozen=True)
class Scenario:
    game: int
    seed: int                 # the driver's random South
    end_key: str | int        # at the game-over screen
    south: str = "random"     # random legal moves, "pass" every bid, "ref" RefPlayer's
    rules_first: bool = False  # page through the rules before the game
    max_prompts: int | None = None
    ram: str = "vice"         # the power-on RAM pattern (tools/machine/harness.py)
    speed: str = "NO WAIT"
    fuzz: int = 0             # random keys that decide nothing, before each choice
    start: str = "keys"       # the game number and the start: keys, "1", joystick
    sound: bool = True
    too_big_first: bool = False  # type a game number over 65535 first (refused)
    refusals: bool = False    # keys that must be refused at South's prompts, first
    rules: str = ""           # a rules code chosen on the options screen first ("": Bit #93)
    options_by: str = "keys"  # ... by keys or the joystick
    joker_keys: bool = False  # the joker's question's keys checked first (prompt_checks)
    asked: str = ""           # a question South must answer in it (its action's class)


SCENARIOS = (
    Scenario(0, 0, STOP, ram="zeros", rules_first=True, refusals=True),
    Scenario(23, 1, "T", south="pass", max_prompts=12, ram="random:23", start="1",
             too_big_first=True),
    # by joystick: two digits (right ends one), the 0 dialled the long way (10 ups, round
    # past 9, where a 10 would show as ':')
    Scenario(20, 2, "P", ram="random:15", fuzz=3, start="joystick"),
    Scenario(WIN_GAME, 4, "T", south="ref", speed="FAST"),    # whole effects in pauses
    Scenario(65535, 3, STOP, max_prompts=8, speed="FAST", sound=False),
    # the standard options' questions (c64/asks.oph): defend alone? at FAST (sounds and
    # pauses), a farmer's hand in South's first hand, by joystick
    Scenario(5, 5, "T", speed="FAST", fuzz=2, rules="STD V1", asked="DefendAction"),
    Scenario(404, 404, "T", start="joystick", rules="STD H1", options_by="joystick",
             asked="RedealAction"),
    # ... and no ace no face no trump: South holds only 9s and 10s, none of the upcard's
    # suit, in game 20716's first hand (1 first hand in about 7,000); 8 prompts, RESTORE
    Scenario(20716, 9, STOP, max_prompts=8, rules="STD N1", asked="RedealAction"),
    # rules chosen on the options screen (tools/frontend/options_screen.py), every prompt
    # and event checked under them; the second is kept across RUN/STOP + RESTORE and RUN
    Scenario(44, 7, "T", rules="WEB"),
    Scenario(31, 6, STOP, max_prompts=10, rules="STD T5 C1 A0 L1 DS FM JB P2213",
             options_by="joystick"),
    # cutthroat (c64/threeseats.oph): three seats, three scores and trick counts, who
    # scored, South dealing and discarding, the sheet's EACH and YOU WIN / YOU LOSE
    Scenario(18, 18, "T", rules="STD A0 Y3"),
    # ... and a march (game 18 has none): West takes all five in the second hand, MARCH!
    # and its sound; 10 prompts, then RESTORE
    Scenario(6, 6, STOP, max_prompts=10, rules="STD A0 Y3"),
    # the 32-card deck and the joker (c64/jokerask.oph): South deals the joker in the
    # first hand and names its suit; the 7s and 8s in the hands, the sort's ten trumps
    Scenario(13, 8, "T", fuzz=2, rules="STD K32 X1", asked="JokerSuitAction"),
    # the same question up to South's next prompt, at FAST (its pause): the '>' on spades
    # though RAM held $FF, the cursor both ways, L and joystick up, the answer by its key (S)
    Scenario(13, JOKER_BY_KEY, STOP, max_prompts=1, ram="ones", speed="FAST",
             rules="STD K32 X1", joker_keys=True),
)
DEMO_GAME, DEMO_END_FRAMES = 1157, 150          # 18 hands, one passed out; the result shows 3 s


def _passing(game: GameState, rng: random.Random):
    legal = game.legal_actions()
    passes = [a for a in legal if isinstance(a, BidAction) and a.call == "pass"]
    return passes[0] if passes else rng.choice(legal)


def _reference(game: GameState, rng: random.Random):
    return RefPlayer().decide(game.view(0))


CHOOSERS = {"random": None, "pass": _passing, "ref": _reference}


def demo_problems(prg: Path | str | None) -> str | None:
    """D on the title: four computer players play a game identical to pyengine's, every
    event drawn as it should be; the result and the score sheet stay DEMO_END_FRAMES
    frames with the keys line of the computer's turn, and the next game begins."""
    fe = Frontend(prg, record_events=True)
    fe.boot()
    want = from_game(play_game(BIT93, DEMO_GAME, [RefPlayer() for _ in range(4)])).events
    fe.start(DEMO_GAME, demo=True, stop_after=len(want) + 1)
    events = fe.events[:len(want)]
    diff = first_difference(events, want)
    if diff:
        return f"demo game {DEMO_GAME}: the 6502 differs from pyengine at {diff}"
    problem = event_problems(DEMO_GAME, events, fe.drawn, south_human=False) \
        or sound_problems(fe, events, south_human=False)
    if problem:
        return f"demo: {problem}"
    last = len(want) - 1
    if last not in fe.drawn:                 # (drawn: the next game reported its first card)
        return f"demo: no next game after game {DEMO_GAME}:\n{fe.screen().text()}"
    screen = fe.drawn[last]
    if fe.pauses[last] != DEMO_END_FRAMES:
        return f"demo: the result showed {fe.pauses[last]} frames, want {DEMO_END_FRAMES}"
    problems = game_over_problems(screen, events, DEMO_GAME, KEYS_WAITING)
    if problems:
        return "demo: the game-over screen: " + "; ".join(problems) + f"\n{screen.text()}"
    try:
        check_sheet(screen, events)
    except FrontendError as exc:
        return f"demo: {exc}"
    return None


def options_visit(fe: Frontend) -> None:
    """O on the title: Bit #93's rows (fixed, in black) and code; right to BID EUCHRE,
    which shows no rows, its note and its code; right again to BIT 93 and RETURN: the
    title, Bit #93's game again."""
    view = open_options(fe, "keys")
    if view.preset != "bit93" or view_rules(view) != BIT93 or view.code != "BIT93" \
            or view.editable or view.value_colours != {FIXED_COLOUR}:
        raise Verdict(f"the options screen at power-on is not Bit #93's, fixed:\n"
                      f"{fe.screen().text()}")
    for _ in range(3):
        view = read_options(fe.key(RIGHT))
    if view.preset != "bid6" or view.code != "BID6" or BID6_NOTE not in view.note \
            or view.values:
        raise Verdict(f"three rights: not BID EUCHRE with its note and no rows:\n"
                      f"{fe.screen().text()}")
    view = read_options(fe.key(RIGHT))
    screen = fe.key(RETURN)
    if view.preset != "bit93" or prompt(screen).kind != "title" \
            or title_code(screen) != "BIT93":
        raise Verdict(f"BIT 93 and RETURN did not go back to Bit #93's title:\n"
                      f"{screen.text()}")


def _after_game(fe: Frontend, s: Scenario, played: PlayedGame, title_sp: int) -> None:
    if s.max_prompts is not None:
        if s.speed == "NO WAIT":
            restore_problems(fe)
        else:
            space_held(fe)
            stop_in_pause(fe, title_sp)
        return
    check_game_over(played)
    if s.end_key == "T":
        back_to_title(fe)
        return
    before = len(fe.events)
    screen = fe.key(s.end_key)
    if s.end_key == STOP:
        stack_kept(fe, title_sp, "RUN/STOP at the game's end")   # (it returns normally)
        if prompt(screen).kind != "title":
            raise Verdict(f"RUN/STOP at the game-over screen did not go to the title:\n"
                          f"{screen.text()}")
        return
    new = fe.events[before:]
    scores = [e["total"] for e in new if e["ev"] == "score"]
    if prompt(screen).kind not in ("bid1", "bid2", "discard", "play") or not new \
            or new[0]["ev"] != "first_dealer" \
            or status(screen).total != (tuple(scores[-1]) if scores else (0, 0)):
        raise Verdict(f"P at the game-over screen did not start a new game:\n"
                      f"{screen.text()}")
    engine_state(status(screen).game, new)      # it deals what pyengine deals for it
    screen = fe.key(STOP)
    if prompt(screen).kind != "title":
        raise Verdict(f"RUN/STOP in the new game did not go to the title:\n{screen.text()}")


def run_checks(prg: Path | str | None = None) -> None:
    """Every check; raises at the first failure."""
    run_scenarios(prg, SCENARIOS)
    bid6_game(prg)
    settings_kept(prg)
    options_in_budget(prg)
    partners_off(prg)
    levels_round(prg)
    options_round(prg)
    bid6_stop(prg)
    joker_suit_keys(prg)
    two_way_keys(prg)
    bid_keys_wait(prg)
    round1_no_alone(prg)
    stop_in_last_trick(prg)
    problem = demo_problems(prg)
    if problem:
        raise Verdict(problem)


def run_scenarios(prg: Path | str | None, scenarios: tuple[Scenario, ...]) -> None:
    """The games and screens of ``scenarios`` (SCENARIOS, or some of them: the mutation
    judges run a file's own first, tools/mutation/judges.py)."""
    for s in scenarios:
        fe = Frontend(prg, record_events=True, ram=s.ram)
        fe.boot()
        title_sp = fe.c64.mpu.sp             # the stack while the title waits for a key
        problem = title_problems(fe)
        if problem:
            raise Verdict(f"{problem} (power-on RAM {s.ram})")
        if s.rules_first:
            rules_pages(fe)
            menu_wraps(fe)
            options_visit(fe)
        if s.rules:
            choose_rules(fe, rules_from_code(s.rules), s.options_by)
        if s.too_big_first:
            too_big(fe)
        played = play(fe, s.game, random.Random(s.seed), max_prompts=s.max_prompts,
                      choose=CHOOSERS[s.south], speed=s.speed, fuzz=s.fuzz, start=s.start,
                      sound=s.sound,
                      on_prompt=refusals(s.game) if s.refusals
                      else joker_keys if s.joker_keys else None)
        if s.asked and s.asked not in {type(a).__name__ for a in played.choices}:
            raise Verdict(f"game {s.game} under {s.rules}: South was never asked for a "
                          f"{s.asked} ({len(played.choices)} choices)")
        if s.max_prompts is None:
            check_identity(played)
        for problem in (event_problems(s.game, played.events, fe.drawn, not s.fuzz,
                                       rules=fe.rules),
                        sound_problems(fe, played.events) if s.sound else silence(fe),
                        pause_problems(fe, played.events, s.speed)):
            if problem:
                raise Verdict(f"{problem} (game {s.game} at {s.speed}, RAM {s.ram})")
        _after_game(fe, s, played, title_sp)


# Bid Euchre's game and the driver's seed: South the stuck dealer in hand 6 (West, North
# and East all pass: about 1 deal in 100,000 under the computer's bids, hand 6 of game 60947
# the first found from game 0 up), South's low bids refused as a bidder and as the dealer,
# a total below zero, South naming each of the six contracts
BID6_GAME, BID6_SEED = 60947, 6
BID6_REACHES = ("dealer must bid", "a low bid refused", "a total below zero", "declare")


def bid6_game(prg: Path | str | None) -> None:
    """A whole game of Bid Euchre by keys at FAST, BID EUCHRE chosen on the options
    screen, the screen judged at every South prompt (tools/frontend/bid6_play.py), the
    cursor round both ends of the bids and contracts, the game pyengine's with South's
    choices, then each event's message and pause."""
    from .bid6_play import event_problems as bid6_event_problems
    from .bid6_play import game_over_problem as bid6_game_over
    from .bid6_play import play_bid6_by_keys
    from .checkpoints import engine_events, south_actions

    try:
        fe, choices, seen = play_bid6_by_keys(BID6_GAME, random.Random(BID6_SEED), prg,
                                              speed="FAST")
    except FrontendError as exc:
        raise Verdict(f"bid6 game {BID6_GAME}: {exc}") from None
    missed = [what for what in BID6_REACHES if what not in seen]
    if missed:
        raise Verdict(f"bid6 game {BID6_GAME}: South's game never reached {missed}")
    if south_actions(fe.events) != choices:
        raise Verdict(f"bid6 game {BID6_GAME}: South's keys made {south_actions(fe.events)}")
    diff = first_difference(fe.events, engine_events(BID6_GAME, choices, BID6))
    if diff:
        raise Verdict(f"bid6 game {BID6_GAME}: the 6502 differs from pyengine at {diff}")
    problem = bid6_event_problems(fe, "FAST") \
        or bid6_game_over(fe.screen(), fe.events, BID6_GAME)
    if problem:
        raise Verdict(f"bid6 game {BID6_GAME}: {problem}")


def bid6_stop(prg: Path | str | None) -> None:
    """RUN/STOP at a Bid Euchre bid (the judge's Bid Euchre game answers every prompt)
    quits to the title, the stack as the title left it."""
    fe = Frontend(prg, record_events=True)
    fe.boot()
    title_sp = fe.c64.mpu.sp
    choose_rules(fe, BID6, "keys")
    screen = fe.start(BID6_GAME)
    if prompt(screen).kind != "auction":
        raise Verdict(f"bid6 game {BID6_GAME}: South's first prompt is not a bid:\n"
                      f"{screen.text()}")
    screen = fe.key(STOP)
    if prompt(screen).kind != "title":
        raise Verdict(f"RUN/STOP at a Bid Euchre bid did not go to the title:\n"
                      f"{screen.text()}")
    stack_kept(fe, title_sp, "RUN/STOP at a Bid Euchre bid")


def judge_prg(prg: Path) -> str | None:
    """None if ``prg`` passes every check, else the first failure (a short reason)."""
    try:
        run_checks(prg)
    except (Verdict, HarnessError) as exc:
        return str(exc)[:2000]
    except Exception as exc:               # a broken program may break the driver itself
        return f"{type(exc).__name__}: {exc}"[:2000]
    return None


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    prg = Path(args[0]) if args else None
    start = time.perf_counter()
    verdict = judge_prg(prg)
    took = time.perf_counter() - start
    print(f"caught ({took:.0f} s): {verdict}" if verdict else f"passes every check "
          f"({took:.0f} s)")
    return 1 if verdict else 0


if __name__ == "__main__":
    sys.exit(main())
