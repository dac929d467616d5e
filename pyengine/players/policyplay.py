"""A contract played out by one fixed card-play policy that sees only its own cards.

The search player values a bid by solving each sampled world open-hand: every seat
plays as if it saw every card, so a call is valued by lines no player could find
(strategy fusion), and PIMC calls hands a player who cannot see the others' should pass.
:func:`policy_tricks` values a contract in a world instead by playing the hand out with
the reference player's card play (``normal``, :class:`~pyengine.players.varplayer.
VariantPlayer`) at every seat: one policy per information set, the same in every world,
so the average over the worlds is the value of the call to a side that plays it without
seeing the hidden cards (``pimc``'s ``bidplay`` option, :mod:`pyengine.players.pimc`).
"""

from __future__ import annotations

from pyengine.core.cards import Card, Suit
from pyengine.core.events import NAME, ORDER, Bid, Score
from pyengine.core.game import GameState, Phase
from pyengine.core.liveview import table_view
from pyengine.core.rng import Rng
from pyengine.core.rules import FirstLead, Rules
from pyengine.players.solver import active_order
from pyengine.players.varplayer import VariantPlayer

_POLICY = VariantPlayer()


def start_of_play(rules: Rules, hands: list[list[Card]], dealer: int, upcard: Card, rnd: int,
                  trump: Suit, maker: int, alone: bool, discard: Card | None) -> GameState:
    """A game at the first lead of this contract (the dealer's discard made, ``hands``
    the hands of the auction)."""
    out = (maker + 2) % 4 if alone else None
    hs = [list(h) for h in hands]
    if rnd == 1 and dealer != out:
        six = hs[dealer] + [upcard]
        assert discard is not None
        six.remove(discard)
        hs[dealer] = six
    if out is not None:
        hs[out] = []
    if rules.canadian_loner and alone and rnd == 1:
        first = maker
    else:
        first = maker if rules.first_lead is FirstLead.MAKER_LEFT else dealer
    g = GameState(rules=rules, seed=0, rng=Rng.from_seed(0))
    g.total = [0] * rules.teams
    g.dealer, g.hands, g.upcard = dealer, hs, upcard
    g.trump, g.maker, g.alone, g.sitting_out = trump, maker, alone, out
    g.made_round = rnd
    g.discarded = discard if rnd == 1 and dealer != out else None
    g.bids = [Bid(maker, rnd, ORDER if rnd == 1 else NAME, trump, alone)]
    g.tricks_won = [0] * rules.teams
    g.phase = Phase.PLAY
    g.turn = active_order((first + 1) % 4, () if out is None else (out,))[0]
    return g


def policy_tricks(rules: Rules, hands: list[list[Card]], dealer: int, upcard: Card, rnd: int,
                  trump: Suit, maker: int, alone: bool, discard: Card | None) -> int:
    """The makers' tricks when every seat plays the reference player's cards."""
    g = start_of_play(rules, hands, dealer, upcard, rnd, trump, maker, alone, discard)
    hand_no = g.hand_no
    while g.phase is Phase.PLAY and g.hand_no == hand_no:
        g.apply(_POLICY.decide(table_view(g, g.turn)))
    score = next(e for e in reversed(g.events) if isinstance(e, Score))
    return score.tricks[maker & 1]
