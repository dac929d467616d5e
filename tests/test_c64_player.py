"""The C64 game as a player meets it (issue 30): where the cursor starts, what the table
shows once, the words each screen says, the sound, screens that read at a glance.

Every test drives build/euchre.prg under the harness with tools.frontend.Frontend (human
key timing) and judges it by the screen, colour RAM and SID writes, against pyengine where
the game is concerned. EUCHRE_PRG=path runs them on another build.
"""

from __future__ import annotations

import os
from pathlib import Path

from pyengine.core.cards import card_name
from pyengine.players.player import RefPlayer
from tools.frontend import (
    UPCARD_COL,
    UPCARD_ROW,
    Frontend,
    display_order,
    engine_state,
    prompt,
    south_hand,
)

PRG = Path(os.environ.get("EUCHRE_PRG", "build/euchre.prg"))


def fresh() -> Frontend:
    fe = Frontend(PRG)
    fe.boot()
    return fe


def test_the_dealers_discard_starts_on_the_card_the_computer_would_put_away():
    """Game 1375, hand 1, South deals; O at the first bid: the cursor was on J♥ (trumps
    sort first), so RETURN or fire threw away the best card; and the upcard was drawn twice,
    in the middle and as South's sixth card."""
    fe = fresh()
    screen = fe.start(1375)
    assert prompt(screen).kind == "bid1", screen.text()
    screen = fe.key("O")
    assert prompt(screen).kind == "discard", screen.text()
    game = engine_state(1375, fe.events)
    want = RefPlayer().decide(game.view(0)).card
    at = next(h for h in south_hand(screen) if h.selected)
    shown = display_order(game.hands[0], game.trump)
    assert at.card == want, (f"the cursor is on {card_name(at.card)}, the computer would "
                             f"discard {card_name(want)}; hand {[card_name(c) for c in shown]}")
    assert at.slot != 0 and len(south_hand(screen)) == 6
    assert screen.card_at(UPCARD_ROW, UPCARD_COL) is None, screen.text()
    assert "UPCARD" not in screen.text(), screen.text()
    fe.key("RETURN")                           # RETURN puts that card away
    assert [e for e in fe.events if e["ev"] == "discard"][-1]["card"] == card_name(want)
