"""Card-play variants of the reference player, for the arena's A/B tests only.

``ref``'s card play is the 6502's (:func:`pyengine.players.player.ref_play`); a change to
it can only be judged before it is ported, so these variants exist to be screened
(``euchre arena --sprt --team-a ref:second_low=1 --baseline ref``, docs/strength.md)
and are never the default: the game, the shell and the 6502 play ``ref`` as it is.
Each switch changes one situation and leaves every other decision to ``ref``:

* ``lead_trump``: the maker's partner, on lead, leads trump when he holds one (his
  boss trump if he holds it, else his lowest): "lead trump to the partner who made it".
* ``second_low``: second to play after an opponent's lead, following suit, where
  ``ref`` would win with a card that is not the boss of the suit (a card still unseen
  beats it): play the least valuable card instead, leaving the trick to the partner
  who plays last ("second hand low").
* ``short_throw``: throwing off (void in the suit led, not winning the trick) while
  holding a trump: throw the lowest side card of my shortest side suit, not an ace,
  so that the suit becomes void to trump later; ``ref`` throws the lowest rank.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from pyengine.core.cards import EFFECTIVE_SUIT, POWER, TRUMP_RANK, Card, rank_of
from pyengine.core.game import PLAY_ACTIONS, Action, Phase, PlayAction, SeatView
from pyengine.players.memory import BEATERS, gone_cards, held_mask
from pyengine.players.player import RefPlayer, _lowest_worth, ref_play

ACE_RANK = 5                    # rank_of's ace (9 T J Q K A = 0-5)


@dataclass(frozen=True)
class PlayTweaks:
    """Which card-play changes are on (0 off, 1 on); all off is ``ref``'s play."""
    lead_trump: int = 0
    second_low: int = 0
    short_throw: int = 0


TWEAK_NAMES = tuple(f.name for f in fields(PlayTweaks))


def _unseen(v: SeatView) -> int:
    """A bit per card another seat may still hold."""
    return ~held_mask(gone_cards(v), v.hand)


def tweaked_play(v: SeatView, t: PlayTweaks) -> Action:
    """The card the switched-on tweaks choose where they apply, else ``ref``'s."""
    trump = v.trump
    if trump is None:                   # (no card is played before trump is made)
        return ref_play(v)
    legal = sorted(a.card for a in v.legal if isinstance(a, PlayAction))
    trick = v.trick
    ranks, eff = TRUMP_RANK[trump], EFFECTIVE_SUIT[trump]
    if not trick:
        if (t.lead_trump and v.maker is not None and v.maker != v.seat
                and (v.maker & 1) == (v.seat & 1)):
            trumps = [c for c in legal if ranks[c] >= 0]
            if trumps:
                unseen = _unseen(v)
                boss = [c for c in trumps if not BEATERS[trump][c] & unseen]
                pick = max(boss, key=ranks.__getitem__) if boss else min(
                    trumps, key=ranks.__getitem__)
                return PLAY_ACTIONS[pick]
        return ref_play(v)
    led = eff[trick[0][1]]
    table = POWER[trump][led]
    win_seat, best = trick[0][0], table[trick[0][1]]
    for s, c in trick:
        if table[c] > best:
            win_seat, best = s, table[c]
    partner_wins = win_seat == (v.seat + 2) % 4
    winners = [c for c in legal if table[c] > best]
    following = eff[legal[0]] == led
    if (t.second_low and len(trick) == 1 and v.sitting_out is None and following
            and winners and not partner_wins):
        cheapest = min(winners, key=table.__getitem__)
        if BEATERS[trump][cheapest] & _unseen(v):
            return PLAY_ACTIONS[_lowest_worth(legal, trump)]
    if t.short_throw and not following and (partner_wins or not winners):
        counts = [0, 0, 0, 0]
        for c in v.hand:
            counts[eff[c]] += 1
        if counts[trump]:
            side = [c for c in legal if ranks[c] < 0 and rank_of(c) != ACE_RANK]
            if side:
                throw: Card = min(side, key=lambda c: (counts[eff[c]], rank_of(c), c))
                return PLAY_ACTIONS[throw]
    return ref_play(v)


@dataclass
class TweakedRefPlayer(RefPlayer):
    """``ref`` with some :class:`PlayTweaks` switched on (the arena's ``ref:second_low=1``)."""

    play: PlayTweaks = PlayTweaks()

    def decide(self, view: SeatView) -> Action:
        """As ``ref``, except the card play where a switched-on tweak applies."""
        if view.phase is Phase.PLAY and len(view.legal) > 1:
            return tweaked_play(view, self.play)
        return super().decide(view)
