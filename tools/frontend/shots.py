"""Screenshots of the real program, rendered from emulated memory.

``shot()`` is ``euchre shot``: a demo game (all four seats computer, key D on the
title), the game number typed, speed NO WAIT, stopped when EVENT events of the
transcript have happened and are drawn. ``python -m tools.frontend.shots`` (``make
shots``) refreshes the pictures in docs/: the title, the options screen, cutthroat's
table, South's bid, a trick in play, the end of a game, and an animated GIF of a whole
hand.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

from ..machine.screen import render_image, save_png
from .driver import DEFAULT_PRG, RIGHT, Frontend, FrontendError, big_word, prompt, south_hand

DOCS = Path("docs")
SCALE = 2
HAND_SEED = 1988            # the game whose first hand is the GIF
HUMAN_SEED = 93             # South's prompts in the bidding and trick pictures
GAME_OVER_SEED = 4711


class ShotError(FrontendError):
    """A picture that cannot be taken (e.g. an event number the game does not reach)."""


def demo_at(prg: Path | str, seed: int, at: int) -> Frontend:
    """A demo game stopped with ``at`` events drawn (the next one not yet)."""
    if at < 1:
        raise ShotError(f"--at {at}: events count from 1")
    fe = Frontend(prg)
    fe.boot()
    _stop_at_next_game(fe)                    # a demo plays on: one game is all
    fe.start(seed, speed="NO WAIT", demo=True, stop_after=at)
    ends = [i + 1 for i, e in enumerate(fe.events) if e["ev"] == "game_over"]
    if ends and ends[0] < at:
        raise ShotError(f"--at {at}: game {seed} has only {ends[0]} events (1-{ends[0]})")
    return fe


def _stop_at_next_game(fe: Frontend) -> list[int]:
    """Stop the run when the demo starts its second game (sheet_clear is called at
    each game's start), the first game's end still on screen. Returns the list the
    starts are counted in."""
    games: list[int] = []

    def game_starts(c64) -> None:
        games.append(c64.cycles)
        if len(games) == 2:
            c64.stop()

    fe.c64.trap("sheet_clear", game_starts, rts=False)
    return games


def shot(prg: Path | str, seed: int, at: int, out: Path | str, scale: int = SCALE) -> dict:
    """Write the screen of demo game ``seed`` after event ``at`` to ``out``; return it."""
    fe = demo_at(prg, seed, at)
    save_png(fe.c64.mem, out, scale=scale)
    return fe.events[at - 1]


def _human_until(fe: Frontend, seed: int, want, rng: random.Random) -> None:
    """Play South (first legal card / pass) until ``want(screen)`` holds at a prompt."""
    fe.start(seed, speed="NO WAIT")
    for _ in range(400):
        screen = fe.screen()
        p = prompt(screen)
        if want(screen, p):
            return
        if p.kind == "game_over":
            break
        if p.kind in ("bid1", "bid2"):
            fe.key("P")
        elif p.kind in ("play", "discard"):
            hand = south_hand(screen)
            before = len(fe.events)
            for h in rng.sample(hand, len(hand)):       # a legal one is taken
                fe.key(str(h.slot + 1))
                if len(fe.events) != before:
                    break
        else:
            break
    raise ShotError(f"game {seed}: the wanted screen never came")


def _mid_trick(screen, p) -> bool:
    if p.kind != "play":
        return False
    shown = sum(screen.bg(r, c) == 1 for r, c in ((10, 9), (6, 18), (10, 27)))
    return shown >= 2 and len(south_hand(screen)) >= 4


def refresh(prg: Path | str = DEFAULT_PRG, docs: Path = DOCS, out=print) -> list[Path]:
    docs.mkdir(exist_ok=True)
    written = []
    fe = Frontend(prg)
    fe.boot()
    written.append(save_png(fe.c64.mem, docs / "title.png", scale=SCALE))
    written.append(options_png(prg, docs / "options.png"))
    written.append(cutthroat_png(prg, docs / "cutthroat.png"))
    rng = random.Random(HUMAN_SEED)
    _human_until(fe, HUMAN_SEED, lambda s, p: p.kind == "bid1", rng)
    written.append(save_png(fe.c64.mem, docs / "bidding.png", scale=SCALE))
    fe = Frontend(prg)
    fe.boot()
    _human_until(fe, HUMAN_SEED, _mid_trick, rng)
    written.append(save_png(fe.c64.mem, docs / "trick.png", scale=SCALE))
    fe = Frontend(prg)
    fe.boot()
    games = _stop_at_next_game(fe)
    fe.start(GAME_OVER_SEED, speed="NO WAIT", demo=True)   # (a demo plays on by itself)
    if len(games) != 2 or big_word(fe.screen()) is None:
        raise ShotError(f"demo game {GAME_OVER_SEED} did not reach the end")
    written.append(save_png(fe.c64.mem, docs / "game_over.png", scale=SCALE))
    written.append(hand_gif(prg, HAND_SEED, docs / "hand.gif"))
    for path in written:
        out(f"wrote {path}")
    return written


def options_png(prg: Path | str, path: Path) -> Path:
    """The options screen: STANDARD, the target (its second line, under PLAYERS)
    moved to 11, DEFEND ALONE on and worth 4, the '>' on it."""
    from .options_screen import CRSR_DOWN, ROWS, open_options

    fe = Frontend(prg)
    fe.boot()
    open_options(fe)
    for key in (RIGHT, RIGHT, CRSR_DOWN, CRSR_DOWN, RIGHT):
        fe.key(key)
    defend = [option for _, option, _ in ROWS].index("defend_alone") + 1
    for key in [CRSR_DOWN] * (defend - 2) + [RIGHT] * 4:
        fe.key(key)
    return save_png(fe.c64.mem, path, scale=SCALE)


CUTTHROAT_SEED, CUTTHROAT_EVENTS = 1988, 69     # North's card on West's, hand 3


def cutthroat_png(prg: Path | str, path: Path) -> Path:
    """Cutthroat's table (STD A0 Y3 chosen on the options screen): a demo game
    stopped in a trick - three seats, three scores, three trick counts."""
    from pyengine.core.rulescode import rules_from_code

    from .options_screen import choose_rules

    fe = Frontend(prg)
    fe.boot()
    choose_rules(fe, rules_from_code("STD A0 Y3"), "keys")
    fe.start(CUTTHROAT_SEED, speed="NO WAIT", demo=True, stop_after=CUTTHROAT_EVENTS)
    return save_png(fe.c64.mem, path, scale=SCALE)


def hand_gif(prg: Path | str, seed: int, path: Path, scale: int = 1) -> Path:
    """Every event of the first played hand of demo game ``seed``, one frame each."""
    fe = Frontend(prg)
    fe.boot()
    fe.start(seed, speed="NO WAIT", demo=True, stop_after=1)
    frames, durations = [], []
    count = 1
    while True:
        ev = fe.events[count - 1]
        frames.append(render_image(fe.c64.mem, scale=scale))
        durations.append({"first_dealer": 1500, "deal": 1500, "trick": 1200,
                          "score": 2500}.get(ev["ev"], 700))
        if ev["ev"] in ("score", "game_over"):
            break
        count += 1
        fe.run_to_event(count)
        if len(fe.events) < count:
            raise ShotError(f"demo game {seed} ended before a hand was scored")
    frames[0].save(path, save_all=True, append_images=frames[1:], duration=durations,
                   loop=0, optimize=True)
    return path


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.frontend.shots", description=__doc__.split(
        "\n\n")[0])
    ap.add_argument("--prg", type=Path, default=DEFAULT_PRG)
    ap.add_argument("--docs", type=Path, default=DOCS)
    args = ap.parse_args(argv)
    try:
        refresh(args.prg, args.docs)
    except FrontendError as exc:
        print(exc, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
