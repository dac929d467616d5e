"""What a C64 player misses (issue 10, part 4), end to end through keys and the screen.

Every test drives build/euchre.prg under the harness with tools.frontend.Frontend
(human key timing: keys held for frames, the KERNAL's buffer and repeat) and
judges it by screen and colour memory, against pyengine where the game is
concerned. EUCHRE_PRG=path runs them on another build.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

from pyengine.cards import parse_card
from tools.frontend import (
    Frontend,
    check_identity,
    display_order,
    engine_state,
    play,
    south_hand,
    status,
)

PRG = Path(os.environ.get("EUCHRE_PRG", "build/euchre.prg"))


def fresh() -> Frontend:
    fe = Frontend(PRG)
    fe.boot()
    return fe


def cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


# ---- South's hand sorted (display order only) -----------------------------------------------

def test_display_order_puts_both_bowers_first_then_the_suits_black_red_black_red():
    # trump hearts: right bower JH, left bower JD, then AH; then ♠ ♣ ♦ from the ace down
    hand = cards("9S JD KC AH JH 9D")
    assert display_order(hand, 1) == cards("JH JD AH 9S KC 9D")
    # no trump yet: ♠ ♥ ♣ ♦, each from the ace down, the jacks in their own suits
    assert display_order(hand, None) == cards("9S AH JH KC JD 9D")


def test_south_hand_is_shown_sorted_and_keys_follow_the_screen():
    """At every South prompt of whole games the screen shows the engine's hand in display
    order (check_screen); the card keys and the cursor pick screen positions, and each
    answer must give exactly the engine action the driver chose (play). Here we also
    count the prompts where the screen order differs from the dealt order, so the sort
    is really exercised, both before and after trump is known."""
    differs = {"bid": 0, "card": 0}

    def on_prompt(fe: Frontend, p) -> None:
        screen = fe.screen()
        game = engine_state(status(screen).game, fe.events)
        shown = [h.card for h in south_hand(screen)]
        assert shown == display_order(game.hands[0], game.trump)
        if shown != list(game.hands[0]):
            differs["card" if p.kind in ("play", "discard") else "bid"] += 1

    fe = fresh()
    for seed in (11, 12):
        played = play(fe, seed, random.Random(seed), on_prompt=on_prompt)
        check_identity(played)
        fe.key("T")
    assert differs["bid"] > 0 and differs["card"] > 0, differs

