"""The cursor case of issue 44, looped in real VICE and in the harness.

Reported once from real VICE: "WEB game 40, hand 2, three RIGHT presses about a second
apart and RETURN played 9 of spades instead of the jack of hearts under the cursor; it
did not come back in a rerun." Here the same presses are made at South's card prompts,
many times: CRSR RIGHT three times, each held ``hold`` frames then let go ``gap`` frames
(a second is 50), then the screen is read (where the '>' card is now), then RETURN. Each
trial records how far the cursor went (three presses should move it three cards, round
the hand), the card under it before RETURN and the card that left South's hand after.
A trial is *wrong* when the card played is not the one under the cursor, or the cursor
went other than three steps.

In VICE the presses are made inside the page, counted in the core's frames
(``Vice.presses``), so a hold is exact to a frame; in the harness by the keyboard matrix
(:meth:`tools.machine.inputs.Inputs.hold`). Bids are passed (P; a suit if South must
name one), discards are the first card, so a game goes on to many card prompts.

``python -m tools.vice.cursor_case --seed 40 --holds 2,6,10,14,18,22,26,30 --vice``
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from pyengine.core.cards import Card, card_name
from pyengine.core.rules import WEB, Rules

from ..frontend.driver import RETURN, RIGHT, Frontend, FrontendError, Screen, prompt
from ..frontend.options_screen import choose_rules
from ..frontend.screen_read import south_hand

PRG = Path(__file__).resolve().parents[2] / "build" / "euchre.prg"
PRESSES = 3
DRAWING = -1                    # Trial.seen: the hand was being drawn at that moment
SECOND = 50                     # PAL frames
CARD_KINDS = ("play",)
ANSWER_KEYS = {"bid1": ("P",), "bid2": ("P", "S", "H", "D", "C"), "discard": ("1",),
               "redeal": ("N",), "defend": ("N",), "joker": ("S",)}


@dataclass(frozen=True)
class Trial:
    """One RIGHT x3 + RETURN at a card prompt."""

    where: str                  # "vice" or "harness"
    hold: int                   # frames each RIGHT was asked to be held
    held: tuple[int, ...]       # frames each was held (VICE: as the core counted them)
    cards: int                  # cards in South's hand
    start: int                  # the cursor's screen position before the presses
    seen: int | None            # ... as the screen shows it the moment the third is let go
    after: int | None           # ... a moment later (the screen read before RETURN)
    under: str                  # the card under the cursor then
    played: str | None          # the card that left South's hand (None: refused)

    @property
    def steps(self) -> int | None:
        return None if self.after is None else (self.after - self.start) % self.cards

    @property
    def wrong(self) -> bool:
        return (self.played is not None and self.played != self.under) or \
            self.steps != PRESSES % self.cards


def _seen(screen: Screen) -> int | None:
    """Where the cursor is on a screen looked at any moment: DRAWING when the hand is
    being drawn then (a card half drawn)."""
    try:
        return _cursor(screen)[0]
    except FrontendError:
        return DRAWING


def _cursor(screen: Screen) -> tuple[int | None, list[str]]:
    hand = south_hand(screen)
    at = next((h.slot for h in hand if h.selected), None)
    return at, [card_name(Card(h.card)) for h in hand]


# ---- the harness -----------------------------------------------------------------------

def harness_trials(seed: int, holds: list[int], rules: Rules = WEB, gap: int = SECOND,
                   prg: Path = PRG, limit: int = 40) -> Iterator[Trial]:
    """Trials at every card prompt of game ``seed`` (and the games after it), holds in
    turn, until ``limit`` trials."""
    fe = Frontend(prg)
    fe.boot()
    choose_rules(fe, rules, "keys")
    fe.start(seed)
    n = 0
    while n < limit:
        screen = fe.screen()
        kind = prompt(screen).kind
        if kind == "game_over":
            fe.key("P")
            continue
        if kind not in CARD_KINDS:
            _answer_other(lambda k: fe.key(k), lambda: fe.screen(), kind)
            continue
        hold = holds[n % len(holds)]
        start, cards = _cursor(screen)
        for i in range(PRESSES):
            fe.c64.hold(RIGHT, hold)
            fe.c64.run_frames(hold + (gap if i < PRESSES - 1 else 0))
        seen = _seen(fe.screen())
        after, _ = _cursor(fe.run())
        under = cards[after] if after is not None else "?"
        fe.key(RETURN)
        played = _played(cards, fe.screen())
        yield Trial("harness", hold, (hold,) * PRESSES, len(cards), start or 0, seen, after,
                    under, played)
        n += 1
        if played is None:                   # refused: a legal card by its number
            for d in range(1, len(cards) + 1):
                if _cursor(fe.key(str(d)))[1] != cards:
                    break


def _played(before: list[str], screen: Screen) -> str | None:
    """The card that left South's hand between ``before`` and ``screen`` (None: the
    same hand is still asked for a card: refused)."""
    kind = prompt(screen).kind
    _, now = _cursor(screen)
    if kind == "play" and now == before:
        return None
    if len(before) == 1:
        return before[0]
    gone = [c for c in before if c not in now]
    return gone[0] if len(gone) == 1 else f"?{gone}"


def _answer_other(press: Callable[[str], object], screen: Callable[[], Screen],
                  kind: str | None) -> None:
    """Any prompt but a card: the first of its keys the program takes."""
    keys = ANSWER_KEYS.get(kind or "", ())
    if not keys:
        raise FrontendError(f"no answer for a {kind} prompt:\n{screen().text()}")
    before = screen()
    for k in keys:
        press(k)
        if screen() != before and prompt(screen()).kind != kind or kind == "discard":
            return
    press(keys[0])


# ---- real VICE ---------------------------------------------------------------------------

def vice_trials(seed: int, holds: list[int], rules: Rules = WEB, gap: int = SECOND,
                prg: Path = PRG, limit: int = 8, warp: bool = True,
                log: Callable[[str], None] = lambda s: None) -> list[Trial]:
    """The same trials in real VICE (one run: ``limit`` trials, warp on while they are
    made, so a run stays within about a minute)."""
    from .options import choose_in_vice
    from .person import Player
    from .run import running

    out: list[Trial] = []
    with running(prg) as v:
        pl = Player(v, random.Random(seed), log)
        choose_in_vice(pl, rules, "keys")
        from .judge import start_game
        start_game(pl, seed, "NO WAIT")
        if warp:
            v.warp(True)
        while len(out) < limit:
            screen = pl.wait_for("at a prompt", lambda s: [] if prompt(s).kind in (
                *CARD_KINDS, *ANSWER_KEYS, "game_over") else ["no prompt"], 60,
                stale_frames=None)
            kind = prompt(screen).kind
            if kind == "game_over":
                break
            if kind not in CARD_KINDS:
                _vice_other(pl, kind)
                continue
            hold = holds[len(out) % len(holds)]
            start, cards = _cursor(screen)
            got = v.presses([("ArrowRight", hold, gap)] * (PRESSES - 1)
                            + [("ArrowRight", hold, 0)])
            seen = _seen(pl.screen())                  # a look the moment it is let go
            v.wait(10)
            after_screen = pl.wait_for("still", lambda s: [], 10, stale_frames=None)
            after, _ = _cursor(after_screen)
            under = cards[after] if after is not None else "?"
            v.presses([("Enter", 4, 4)])
            nxt = pl.wait_for("after RETURN", lambda s, b=after_screen: [] if s != b
                              else ["unchanged"], 30, stale_frames=60)
            if prompt(nxt).kind == "play" and _cursor(nxt)[1] == cards:   # refused
                played = None
            else:
                nxt = pl.wait_for("at the next prompt", lambda s: [] if prompt(s).kind in (
                    *CARD_KINDS, *ANSWER_KEYS, "game_over") else ["no prompt"], 60,
                    stale_frames=None)
                played = _played(cards, nxt)
            t = Trial("vice", hold, tuple(u - d for _, d, u in got), len(cards), start or 0,
                      seen, after, under, played)
            log(f"  {t}")
            out.append(t)
            if played is None:               # refused: a legal card by its number
                for d in range(1, len(cards) + 1):
                    pl.press(str(d), record=False)
                    s = pl.wait_for("after a number", lambda x: [], 10, stale_frames=None)
                    if _cursor(s)[1] != cards:
                        break
    return out


def _vice_other(pl, kind: str) -> None:
    keys = ANSWER_KEYS[kind]
    before = pl.screen()
    for k in keys:
        pl.press(k, record=False)
        s = pl.wait_for("after a key", lambda x, b=before: [] if x != b else ["unchanged"],
                        20, stale_frames=40) if kind != "discard" else pl.screen()
        if prompt(s).kind != kind or kind == "discard":
            return


# ---- the report ---------------------------------------------------------------------------

def summary(trials: list[Trial]) -> list[str]:
    """Per hold: trials, how far the cursor went, wrong trials."""
    lines = []
    for hold in sorted({t.hold for t in trials}):
        ts = [t for t in trials if t.hold == hold]
        steps = sorted({t.steps for t in ts if t.steps is not None})
        wrong = [t for t in ts if t.wrong]
        stale = sum(t.seen != t.after for t in ts)
        lines.append(f"  hold {hold:2d}: {len(ts):3d} trials, cursor steps {steps}, "
                     f"moved after the look {stale}, "
                     f"card played = card under the cursor: "
                     f"{sum(t.played == t.under for t in ts)}, refused (illegal) "
                     f"{sum(t.played is None for t in ts)}, wrong {len(wrong)}")
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=40)
    ap.add_argument("--holds", default="2,6,10,14,18,22,26,30")
    ap.add_argument("--gap", type=int, default=SECOND)
    ap.add_argument("--limit", type=int, default=8)
    ap.add_argument("--vice", action="store_true", help="in real VICE (else the harness)")
    ap.add_argument("--prg", type=Path, default=PRG, help="another build (its .map beside)")
    ap.add_argument("--quiet", action="store_true", help="the summary only")
    args = ap.parse_args(argv)
    holds = [int(h) for h in args.holds.split(",")]
    t0 = time.time()
    if args.vice:
        trials = vice_trials(args.seed, holds, gap=args.gap, prg=args.prg, limit=args.limit,
                             log=(lambda s: None) if args.quiet else print)
    else:
        trials = list(harness_trials(args.seed, holds, gap=args.gap, prg=args.prg,
                                     limit=args.limit))
    print(f"{'VICE' if args.vice else 'harness'}: game {args.seed}, {len(trials)} trials, "
          f"{time.time() - t0:.0f} s")
    print("\n".join(summary(trials)))
    for t in trials:
        if t.wrong or not args.quiet:
            print(f"  {'WRONG ' if t.wrong else ''}{t}")
    return 1 if any(t.wrong for t in trials) else 0


if __name__ == "__main__":
    sys.exit(main())
