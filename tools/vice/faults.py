"""Faults 1-3 of issue 10, watched in real VICE with a person's key timing.

    python -m tools.vice.faults [--seed 92]

At NORMAL speed (25 frames per computer card):

1. South answers each prompt by its own key (card number, P/O/A, suit letter) held 2-12
   frames; the frames from the key-down to South's next prompt are compared with the pauses
   pyengine's events between them should take (tools/frontend/driver-style pace units x 25).
2. SPACE held 5 s from a South prompt: which South prompts are answered, and how, while it is
   held (row 23 and South's hand, sampled).
3. RUN/STOP pressed (6 frames) during the computer's turn: does the game go to the title?
4. (issue 30) Drumming keys from a play prompt while the computer plays (game 0, the
   presses of tests/test_human_keys.py DRUMMING, then 10 s more): does a drummed key
   answer South's next prompt?

Prints what it saw; tests/test_vice_probes.py runs the same probes (shorter) and requires none of
the three faults.
"""

from __future__ import annotations

import argparse
import json
import random
import sys

from pyengine.core.game import BidAction

from ..frontend.driver import STOP, prompt, south_hand
from ..frontend.play import _bid_tuple
from ..machine.keyboard import DRUMMING, more_drumming
from .engine_side import EngineGame, position_problems
from .judge import PRG, JudgeError, Player, dom_key, start_game
from .run import running

NORMAL = 25           # frames per pace unit at NORMAL speed (c64/hooks.oph pace_frames)


def pace_units(ev) -> int:
    name = ev.ev
    if name == "bid":
        return 1 if ev.call == "pass" else 3
    if name == "play":
        return 0 if ev.seat == 0 else 1
    return {"first_dealer": 4, "deal": 2, "discard": 1, "passed_out": 4, "trick": 3,
            "score": 6}.get(name, 0)


def direct_key(action, game, screen) -> str:
    if isinstance(action, BidAction):
        if action.call == "pass":
            return "P"
        if game.bid_round == 1:
            return "A" if action.alone else "O"
        return "SHDC"[action.suit]            # (alone in round 2 is not chosen here)
    slot = next(h.slot for h in south_hand(screen) if h.card == action.card)
    return str(slot + 1)


def _choose(eng: EngineGame, rng: random.Random):
    legal = [a for a in eng.game.legal_actions()
             if not (isinstance(a, BidAction) and a.alone and eng.game.bid_round == 2)]
    return rng.choice(legal)


FAULT1_HOLDS = (2, 4, 6, 8, 10, 12)
FAULT3_CASES = ((5, 6), (20, 2), (20, 6), (40, 6), (70, 4), (70, 10))   # (frames after, hold)


def fault1(seed: int, presses: int = 14, out=print) -> list[tuple[int, int, int]]:
    """(hold, frames from South's key-down to the next prompt, frames of pauses) per press."""
    out(f"fault 1: game {seed} at NORMAL, South's own key held H frames; frames from the "
        f"key-down to South's next prompt vs pyengine's pauses ({NORMAL} frames a unit)")
    rng, rows = random.Random(1), []
    with running(PRG) as v:
        pl = Player(v, random.Random(1), lambda s: None)
        start_game(pl, seed, "NORMAL")
        eng = EngineGame(seed)
        for i in range(presses):
            game = eng.game
            screen = pl.wait_for("at South's prompt", lambda s, g=game: position_problems(
                s, g, seed), stale_frames=400)
            action = _choose(eng, rng)
            before = len(game.events)
            hold = FAULT1_HOLDS[i % len(FAULT1_HOLDS)]
            f0 = v.frame()
            pl.press(direct_key(action, game, screen), hold=hold)
            eng.south(action)
            if eng.game.over:
                break
            evs = eng.game.events[before:]
            want = sum(pace_units(e) for e in evs) * NORMAL
            g2 = eng.game
            pl.wait_for("at South's next prompt", lambda s, g=g2: position_problems(s, g, seed),
                        stale_frames=400)
            took = v.frame() - f0
            rows.append((hold, took, want))
            names = " ".join(e.ev for e in evs)
            out(f"  hold {hold:2d}: {took:4d} frames, pauses {want:4d} ({names}); "
                f"{max(0, want - took)} frames of pause skipped")
    return rows


PROMPT_QUIET_FRAMES = 25 + 5   # c64/input.oph PROMPT_QUIET, and a margin


def fault2(seed: int, out=print) -> tuple[list[tuple[int, str, int]], list[str]]:
    """SPACE held 250 frames from South's first prompt (a bid): the samples (frame, row 23,
    South's cards) and what is wrong afterwards (empty: SPACE answered that one prompt, by
    the choice under the '>', and VICE waits at pyengine's next South prompt)."""
    out(f"fault 2: game {seed} at NORMAL; SPACE held 5 s (250 frames) from South's first "
        f"prompt on; row 23 and South's cards sampled every ~5 frames while it is held")
    with running(PRG) as v:
        pl = Player(v, random.Random(2), lambda s: None)
        start_game(pl, seed, "NORMAL")
        eng = EngineGame(seed)
        screen = pl.wait_for("at South's prompt", lambda s: position_problems(
            s, eng.game, seed), stale_frames=400)
        p = prompt(screen)
        if not p.kind.startswith("bid") or p.selected is None:
            raise JudgeError(f"game {seed}: South's first prompt is not a bid with a '>'")
        want = next(a for a in eng.game.legal_actions()
                    if _bid_tuple(a, eng.game.bid_round) == p.choices[p.selected])
        v.cmd(op="down", key="Space")
        f0, seen = v.frame(), []
        try:
            while v.frame() - f0 < 250:
                s = pl.screen()
                item = (s.row(23).strip(), len(south_hand(s)))
                if not seen or seen[-1][1:] != item:
                    seen.append((v.frame() - f0, *item))
                v.wait(5)
        finally:
            v.cmd(op="up", key="Space")
        for f, msg, n in seen:
            out(f"  frame {f:3d}: South holds {n} cards, row 23 {msg!r}")
        eng.south(want)
        # a prompt takes keys (and shows its keys line) only once the keys have been
        # quiet for PROMPT_QUIET frames (c64/input.oph, docs/frontend.md): wait past that
        v.wait(10 + PROMPT_QUIET_FRAMES)
        problems = position_problems(pl.screen(), eng.game, seed)
        out(f"  SPACE answered the first prompt with {want}; then: "
            + ("; ".join(problems) if problems else "pyengine's next South prompt, waiting"))
    return seen, problems


def fault3(seed: int, cases=FAULT3_CASES, out=print) -> list[tuple[int, int, str, str]]:
    """RUN/STOP during the computer's turn: (frames after South's key, hold, row 24 then,
    outcome: 'title' or 'dropped') per case."""
    out(f"fault 3: game {seed} at NORMAL; RUN/STOP held H frames D frames after South's first "
        f"key, during the computer's turn")
    rows = []
    with running(PRG) as v:
        pl = Player(v, random.Random(3), lambda s: None)
        for delay, hold in cases:
            start_game(pl, seed, "NORMAL")
            eng = EngineGame(seed)
            screen = pl.wait_for("at South's prompt", lambda s, e=eng: position_problems(
                s, e.game, seed), stale_frames=400)
            action = _choose(eng, random.Random(3))
            pl.press(direct_key(action, eng.game, screen), hold=4)
            v.wait(delay)
            during = pl.screen()
            pl.press(STOP, hold=hold)
            eng.south(action)
            s = pl.wait_for("at the title or South's next prompt", lambda s, e=eng: [] if prompt(
                s).kind == "title" or not position_problems(s, e.game, seed) else ["no"],
                stale_frames=400)
            if prompt(s).kind != "title":
                v.wait(100)
                s = pl.screen()
            outcome = "title" if prompt(s).kind == "title" else "dropped"
            if outcome == "dropped":
                pl.press(STOP, hold=4)
                pl.wait_for("at the title", lambda x: [] if prompt(x).kind == "title"
                            else ["not the title"])
            rows.append((delay, hold, during.row(24).strip(), outcome))
            out(f"  RUN/STOP {hold:2d} frames at +{delay:3d}: row 24 then "
                f"{during.row(24).strip()!r}; "
                + ("the title" if outcome == "title" else "still playing 100 frames after "
                   "South's next prompt: RUN/STOP dropped"))
    return rows


# a drummer's presses, inside the page: each key down at its frame (from the first), held
# its frames, exact to a frame whatever the host's load
_DRUM_JS = """(async () => {
  const g = window.EJS_emulator.gameManager;
  const t = document.querySelector('#game canvas') || document;
  const ev = (type, p) => t.dispatchEvent(new KeyboardEvent(type, {code: p[1], key: p[2],
    keyCode: p[3], which: p[3], bubbles: true, cancelable: true}));
  const until = async (f) => { while (g.getFrameNum() < f)
    await new Promise(r => setTimeout(r, 1)); };
  const f0 = g.getFrameNum(), out = [];
  for (const p of %s) {
    await until(f0 + p[0]);
    ev('keydown', p);
    const down = g.getFrameNum();
    await until(down + p[4]);
    ev('keyup', p);
    out.push([down - f0, g.getFrameNum() - down]);
  }
  return out;
})()"""


def drum_script(rng: random.Random, frames: int) -> list[tuple[int, str, int]]:
    """The issue's drumming, then a drummer who goes on for ``frames`` more (presses 13-28
    frames apart, held 5-12): what tests/test_human_keys.py plays in the harness."""
    script = list(DRUMMING)
    return script + more_drumming(rng, script[-1][0], frames)


def fault4(seed: int = 0, frames: int = 500, out=print) -> tuple[list, list[str]]:
    """From South's first play prompt at NORMAL, the drumming script: (the presses as VICE
    had them: frame, hold), and what is wrong afterwards (empty: VICE waits at pyengine's
    next South prompt, the one drummed keys would have answered, and a deliberate press
    then answers it)."""
    out(f"fault 4: game {seed} at NORMAL; drumming from South's first play prompt on, "
        f"{frames} frames past the issue's script")
    keys = {"RETURN": 0x0D, "SPACE": 0x20}
    with running(PRG) as v:
        pl = Player(v, random.Random(4), lambda s: None)
        start_game(pl, seed, "NORMAL")
        eng = EngineGame(seed)
        while True:
            screen = pl.wait_for("at South's prompt", lambda s: position_problems(
                s, eng.game, seed), stale_frames=400)
            legal = eng.game.legal_actions()
            if eng.game.phase.value == "play":
                break
            action = next((a for a in legal if isinstance(a, BidAction) and a.call == "pass"),
                          None)
            if action is None:                 # the discard: the first legal card shown
                cards = {a.card for a in legal}
                card = next(h.card for h in south_hand(screen) if h.card in cards)
                action = next(a for a in legal if a.card == card)
            pl.press(direct_key(action, eng.game, screen))
            eng.south(action)
        cards = {a.card for a in legal}                 # RETURN: the card under the cursor
        at = next(h.card for h in south_hand(screen) if h.selected)
        script = drum_script(random.Random(30), frames)
        js = json.dumps([[f, *dom_key(keys.get(k, k)), hold] for f, k, hold in script])
        done = v.cmd(op="eval", js=_DRUM_JS % js)["value"]
        out(f"  {len(done)} presses, the last at +{done[-1][0]}, held "
            f"{min(h for _, h in done)}-{max(h for _, h in done)} frames")
        if at not in cards:
            out(f"  the cursor starts on {at}, not a legal card")
            return done, [f"the cursor starts on {at}, not a legal card"]
        eng.south(next(a for a in legal if a.card == at))
        problems: list[str] = []
        try:
            screen = pl.wait_for("at pyengine's next South prompt", lambda s: position_problems(
                s, eng.game, seed), stale_frames=200)
        except JudgeError as exc:
            problems.append(f"after the drumming: {exc}")
            out("  " + problems[-1].splitlines()[0])
            return done, problems
        legal = eng.game.legal_actions()
        action = legal[0] if eng.game.phase.value != "play" else next(
            a for a in legal if a.card in {h.card for h in south_hand(screen)})
        pl.press(direct_key(action, eng.game, screen))
        eng.south(action)
        try:
            pl.wait_for("answered by a deliberate press", lambda s: position_problems(
                s, eng.game, seed), stale_frames=400)
        except JudgeError as exc:
            problems.append(f"a deliberate press after the drumming: {exc}")
        out("  " + ("; ".join(problems) if problems else
                    "the drumming answered nothing; a press after it answered the prompt"))
    return done, problems


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.vice.faults")
    ap.add_argument("--seed", type=int, default=92)
    ap.add_argument("--only", type=int, choices=(1, 2, 3, 4))
    args = ap.parse_args(argv)
    try:
        for n, f in ((1, fault1), (2, fault2), (3, fault3), (4, fault4)):
            if args.only in (None, n):
                found = f(args.seed)
                if n == 4 and found[1]:
                    return 1
    except (JudgeError, RuntimeError) as exc:
        print(f"vice_faults: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
