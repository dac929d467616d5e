"""The reference player's discard (rule 3 of :mod:`pyengine.players.player`), in a module
of its own so that the learned bidding (:mod:`pyengine.players.bidmodel`), which player.py
imports, can ask it too without importing player.py back."""

from __future__ import annotations

from pyengine.core.cards import EFFECTIVE_SUIT, TRUMP_RANK, Card, rank_of
from pyengine.core.game import DISCARD_ACTIONS, DiscardAction, SeatView

TRUMP_WORTH_BASE = 10                  # throw-away order: side cards 0-5, trumps 10-16


def ref_discard(v: SeatView) -> DiscardAction:
    """Rule 3: the lowest keep value goes (trumps 20 + rank, side cards 2 x rank + 2
    unless a singleton), so when only trumps may go, the lowest trump. The 6502
    (asm/ai.oph ``ai_discard``) has the same one rule."""
    trump = v.trump
    assert trump is not None, "a discard is asked once trump is made"
    ranks = TRUMP_RANK[trump]
    cards = sorted(a.card for a in v.legal if isinstance(a, DiscardAction))
    eff = EFFECTIVE_SUIT[trump]
    counts = [0, 0, 0, 0]
    for c in v.hand:
        counts[eff[c]] += 1

    def keep(c: Card) -> tuple[int, int]:
        if ranks[c] >= 0:
            return (TRUMP_WORTH_BASE * 2 + ranks[c], c)
        return (2 * rank_of(c) + (2 if counts[eff[c]] > 1 else 0), c)

    return DISCARD_ACTIONS[min(cards, key=keep)]
