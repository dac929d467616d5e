"""Issue 44's cursor case under the harness: "Once, in WEB game 40, hand 2, three RIGHT
presses about a second apart and RETURN played 9 of spades instead of the jack of hearts
under the cursor; it did not come back in a rerun."

Looped (tools/vice/cursor_case.py, the same loop real VICE runs in tests/test_vice_cursor.py):
the card played was always the card under the cursor once the screen had settled; but a
CRSR held 14 frames or more was repeated by the KERNAL (16 jiffies), so a press went a
card further, the step coming as the key was let go, while the hand was drawn again - a
look then showed the card left behind. A game now turns the KERNAL's repeat off
(c64/turns.oph keys_game): a press is one step however long it is held.
"""

from __future__ import annotations

import pytest

from tools.vice.cursor_case import PRESSES, harness_trials

HOLDS_LONG = [14, 18, 22, 26, 30]        # frames: the KERNAL repeats a cursor key from 14
HOLDS_SHORT = [2, 6, 10]


@pytest.mark.parametrize("seed", [40, 41])
def test_three_rights_held_long_move_three_cards_and_return_plays_that_card(seed):
    trials = list(harness_trials(seed, HOLDS_LONG, limit=20))
    assert len(trials) == 20
    for t in trials:
        assert t.steps == PRESSES % t.cards, t
        assert t.seen == t.after, t                       # nothing moves after the look
        assert t.played in (None, t.under), t             # None: the card was illegal
    assert sum(t.played is not None for t in trials) >= 10


def test_three_rights_tapped_move_three_cards():
    for t in harness_trials(40, HOLDS_SHORT, limit=9):
        assert t.steps == PRESSES % t.cards and t.played in (None, t.under), t


def test_the_title_s_cursor_keys_repeat_again_after_a_game():
    """Held cursor keys still repeat on the title's screens (the options screen's
    TARGET stepped through 1-100 by a held CRSR): the game's setting is undone."""
    from pathlib import Path

    from tools.frontend.driver import STOP, Frontend

    fe = Frontend(Path("build/euchre.prg"))
    fe.boot()
    assert fe.c64.peek(0x028A) == 0x00                      # RPTFLG: cursor keys repeat
    fe.start(40)
    assert fe.c64.peek(0x028A) == 0x40                      # none during the game
    fe.key(STOP)
    assert fe.c64.peek(0x028A) == 0x00
