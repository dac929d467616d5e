"""Real VICE x64sc (../shared/vice) plays a whole game at HARD, chosen by keys (issue 42,
item 6): O on the title, CRSR UP to the OPPONENTS line, CRSR RIGHT to HARD, RETURN, each
press held a person's 2-12 frames; then the game by keys to its game-over screen. The judge
reads the level from the program (the title's code BIT93 O2 and the settings byte, then the
core's opp_level) and plays pyengine's c64hard at the three computer seats: VICE's screen is
pyengine's at every South prompt and at the end, the harness's screen is VICE's at each, and
the events are those ``euchre play --rules "BIT93 O2"`` writes for the same answers. The
THINKING sign is read in VICE after every emulated frame of the game
(tools/vice/thinking.py): it shows while a HARD seat searches, for the decisions pyengine's
c64hard searches, each within a second. Missing setup is a failure with the reason, never
a skip (as tests/test_vice.py)."""

from __future__ import annotations

import time

import pytest

from pyengine.core.rules import BIT93
from tools.frontend.driver import RETURN, RIGHT
from tools.frontend.options_screen import CRSR_UP, table_code
from tools.vice import judge as vj
from tools.vice.engine_side import EngineGame, position_problems

from .test_vice_options import _judged, _shell_events
from .vice_ready import require_vice


@pytest.fixture(scope="module", autouse=True)
def vice_ready() -> None:
    require_vice()


# game 61 at HARD under Bit #93's rules, South's choices from random.Random(1), key timings
# from random.Random(3): among the shortest of games 1-300 (25 South decisions, 4 hands;
# tools/vice/engine_side.game_length) with every kind of Bit #93 prompt (both bidding
# rounds, the discard, the card play), 14 HARD searches, three of whose cards differ from
# NORMAL's, so a judge that took HARD for NORMAL fails it
HARD_GAME = (61, 1, 3)
HARD_CODE = "BIT93 O2"
ONE_SECOND = 50                 # PAL frames: issue 42's bound on a HARD decision
_played: dict[str, vj.ViceGame | str] = {}


def _hard_game() -> vj.ViceGame:
    """The game played once for the tests that read it (a failure is not played again)."""
    if "hard" not in _played:
        seed, choices, hands = HARD_GAME
        try:
            _played["hard"] = _judged(lambda: vj.play_in_vice(
                seed, choices, hands, level="hard", options_by="keys", watch_thinking=True))
        except pytest.fail.Exception as exc:
            _played["hard"] = str(exc)
    got = _played["hard"]
    if isinstance(got, str):
        pytest.fail(got, pytrace=False)
    return got


def _engine(level: str, choices: list) -> EngineGame:
    eng = EngineGame(HARD_GAME[0], BIT93, level)
    for action in choices:
        eng.south(action)
    return eng


def test_whole_hard_game_chosen_by_keys_in_vice_is_the_shells_c64hard_game(capsys) -> None:
    """OPPONENTS set to HARD on the options screen by keys, then a whole game by keys:
    judged at every South prompt and at the end against pyengine's c64hard, the harness's
    screens equal to VICE's, the transcript the shell's for ``--rules "BIT93 O2"``."""
    t0 = time.time()
    g = _hard_game()
    assert g.level == "hard" and g.rules == BIT93 and g.final is not None
    assert [p.key for p in g.presses[:4]] == ["O", CRSR_UP, RIGHT, RETURN]
    assert {c.kind for c in g.checkpoints} >= {"bid1", "bid2", "discard", "play", "game_over"}
    assert len(g.checkpoints) == len(g.choices) + 1
    assert all(table_code(c.screen) == HARD_CODE for c in g.checkpoints[:-1])
    assert _shell_events(HARD_CODE, g.seed, g.choices) == g.events
    assert _engine("hard", g.choices).game.events != _engine("normal", g.choices).game.events
    with capsys.disabled():
        print(f"\n  VICE: {vj.describe(g)}; harness and `euchre play --rules "
              f"'{HARD_CODE}'` equal; {time.time() - t0:.0f} s")


def test_vice_shows_thinking_while_a_hard_seat_searches_within_a_second(capsys) -> None:
    """Read in VICE after every frame of the game: the sign THINKING on row 22 is up for
    the decisions c64hard searches (hand, tricks done, cards on the table: the core's
    bytes while the sign is up), in their order, and never longer than a second."""
    g = _hard_game()
    watch = g.thinking
    assert watch is not None and watch.looked > 0
    searched = _engine("hard", g.choices).searched
    seen = [sp.decision for sp in watch.spans]
    assert seen, f"no THINKING seen in {watch.looked} frames read"
    rest = iter(searched)
    assert all(d in rest for d in seen), (seen, searched)    # in order, none extra
    longest = watch.longest()
    assert longest.frames <= ONE_SECOND, longest
    with capsys.disabled():
        print(f"\n  THINKING seen for {len(set(seen))} of c64hard's {len(searched)} searches "
              f"({watch.looked} frames read, {watch.missed} ran between two reads); the "
              f"longest {longest.frames} frames, decision {longest.decision}")


def test_a_judge_playing_normal_refuses_the_hard_game() -> None:
    """The level matters to the judge: VICE's screens of the HARD game, judged against a
    pyengine playing NORMAL at the computer seats, are refused once the games part (a
    HARD card NORMAL would not have played)."""
    g = _hard_game()
    hard, normal = EngineGame(g.seed, BIT93, "hard"), EngineGame(g.seed, BIT93, "normal")
    refused = None
    for i, (c, action) in enumerate(zip(g.checkpoints, g.choices, strict=False)):
        assert position_problems(c.screen, hard.game, g.seed, "hard") == []
        if position_problems(c.screen, normal.game, g.seed, "hard"):
            refused = i
            break
        hard.south(action)
        normal.south(action)
    assert refused is not None, "a NORMAL pyengine agreed with every screen of the HARD game"
    assert hard.game.events != normal.game.events       # refused where the games part


class _HarnessAtTheTitle:
    """What program_level reads of a player (the screen, VICE's RAM), from the harness."""

    def __init__(self, fe) -> None:
        self.fe = fe
        self.v = self

    def wait_for(self, what, ok, timeout_s=0.0):
        screen = self.fe.screen()
        assert ok(screen) == [], what
        return screen

    def mem(self) -> dict:
        return {"ram": bytes(self.fe.c64.mem[:0x10000])}


def test_the_judge_reads_the_level_from_the_title_and_the_settings_byte() -> None:
    """program_level: HARD from the title's BIT93 O2 and settings_level 2 (both read, as
    in VICE); a settings byte that disagrees with the title is refused, not believed."""
    from tests.test_options_screen import booted
    from tools.frontend.options_screen import choose_rules

    fe = booted()
    symbols = vj.program_symbols(vj.PRG)
    assert vj.program_level(_HarnessAtTheTitle(fe), symbols) == "normal"   # type: ignore[arg-type]
    choose_rules(fe, BIT93, "keys", "hard")
    assert vj.program_level(_HarnessAtTheTitle(fe), symbols) == "hard"     # type: ignore[arg-type]
    fe.c64.mem[symbols.address("settings_level")] = 1
    with pytest.raises(vj.JudgeError, match="BIT93 O2.*settings_level is 1"):
        vj.program_level(_HarnessAtTheTitle(fe), symbols)                  # type: ignore[arg-type]
