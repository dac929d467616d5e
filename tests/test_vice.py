"""Real VICE x64sc as a judge (issue 10, part 5): whole games played by a person's keys.

Each game runs build/euchre.prg in real VICE (../shared/vice: x64sc as WebAssembly in headless
Chromium; `make vice-setup` installs it) and is played only through the keyboard, every key held
2-12 frames (tools/vice/judge.py). At every South prompt the screen (screen RAM + colour RAM read
from VICE) must show pyengine's position, at the end pyengine's result; then the same keys with
the same hold times go into the harness, which must show the same screens cell for cell and
play the same game as pyengine. One game is loaded from the .d64 with LOAD"EUCHRE",8,1 and RUN,
one autostarted from the .prg. The fault probes and the PAL frame's cycles are in
tests/test_vice_probes.py (a file of their own, so that `make test`'s two workers, which share
out whole files, run them beside these games). Missing setup is a failure with the reason,
never a skip.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tools.frontend.driver import Frontend, Screen
from tools.program.c64map import Symbols
from tools.vice import judge as vj
from tools.vice.run import setup_problem

# game number, seed of South's choices, seed of the key timings, loaded from, speed.
# Both games have every kind of South prompt (round 1 and 2 bids, alone, discard, plays).
GAMES = {
    "prg": (92, 1, 1, False, "NO WAIT"),
    "d64": (475, 1, 2, True, "FAST"),
}
_played: dict[str, vj.ViceGame] = {}


@pytest.fixture(scope="module", autouse=True)
def vice_ready() -> None:
    problem = setup_problem()
    if problem:
        pytest.fail(f"real VICE is not set up: {problem}", pytrace=False)
    if not vj.PRG.exists() or not vj.D64.exists():
        pytest.fail(f"{vj.PRG} / {vj.D64} missing: run `make build`", pytrace=False)


def _game(name: str) -> vj.ViceGame:
    if name not in _played:
        seed, choices, hands, d64, speed = GAMES[name]
        _played[name] = vj.play_in_vice(seed, choices, hands, d64=d64, speed=speed)
    return _played[name]


@pytest.mark.parametrize("name", list(GAMES))
def test_whole_game_in_vice_is_pyengine_and_the_harness(name: str, capsys) -> None:
    t0 = time.time()
    failure = None
    try:
        g = _game(name)
        compared = vj.replay_in_harness(g)
    except vj.JudgeError as exc:
        failure = str(exc)
    if failure:
        pytest.fail(failure, pytrace=False)
    assert len(g.checkpoints) == len(g.choices) + 1       # every South prompt + the end
    assert {c.kind for c in g.checkpoints} >= {"bid1", "bid2", "discard", "play", "game_over"}
    assert compared == len(g.checkpoints)
    holds = [p.hold for p in g.presses]
    assert min(holds) <= 3 and max(holds) >= 10, holds     # short and long presses both
    with capsys.disabled():
        print(f"\n  VICE: {vj.describe(g)}; harness: {compared} screens equal "
              f"(hold= {'used' if vj.harness_key_takes_hold() else 'not in this harness'}); "
              f"{time.time() - t0:.0f} s")


def test_a_screen_that_differs_from_vice_is_caught() -> None:
    """The harness comparison can fail: one cell of one of VICE's screens changed."""
    g = _game("prg")
    c = g.checkpoints[len(g.checkpoints) // 2]
    codes = list(c.screen.codes)
    codes[18 * 40 + 9] ^= 0x01                              # a cell of South's hand
    tampered = vj.Checkpoint(c.presses, c.kind, Screen(tuple(codes), c.screen.colours))
    bad = vj.ViceGame(g.seed, g.speed, g.media, g.presses,
                      [tampered if x is c else x for x in g.checkpoints], g.choices)
    with pytest.raises(vj.JudgeError, match="VICE and the harness differ"):
        vj.replay_in_harness(bad)


def test_a_wrong_card_picture_is_caught_in_vice(tmp_path: Path) -> None:
    """The VICE judge can fail: the king drawn as a queen (one byte of rank_glyph) in the
    program VICE runs; the first South prompt's hand (or upcard) is not pyengine's."""
    symbols = Symbols.from_map(vj.PRG.with_suffix(".map"))
    data = bytearray(vj.PRG.read_bytes())
    load = data[0] | data[1] << 8
    glyphs = symbols.address("rank_glyph")
    queen = Frontend(vj.PRG).c64.peek(glyphs + 3)
    data[glyphs + 4 - load + 2] = queen
    broken = tmp_path / "broken.prg"
    broken.write_bytes(bytes(data))
    # the first game number whose South holds a king at the first prompt (card % 6 == 4)
    seed = next(s for s in range(100) if any(c % 6 == 4 for c in vj.EngineGame(s).game.hands[0]))
    with pytest.raises(vj.JudgeError, match="South's hand .*K"):
        vj.play_in_vice(seed, 1, 1, prg=broken)
