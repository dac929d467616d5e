"""The computer player for every rule set (``VariantPlayer``).

Where a game is Bit #93's shape - four players, the 24-card deck, no joker, an
upcard - and the decision is one Bit #93 has (bid, discard, play), it asks the
reference player (:mod:`pyengine.players.player`), so bit93, web and standard play the
tuned 6502 strategy. Everything else is decided here, with the same habits
written for any deck and contract (it need not fit a 6502):

* strength: :func:`strength` counts trumps (the joker highest), side aces and
  voids; cutthroat makers face two opponents, so they need more.
* new deal on request: take it, unless a farmer's hand holds a card of the
  upcard's suit (docs/design.md gives the throw-in rates).
* joker upcard (dealer): name the suit in which his hand is strongest.
* defend alone: with ``DEFEND_ALONE_MIN`` strength in the makers' trump.
* Bid Euchre: :func:`expected_tricks` for each of the six contracts; bid the
  best one's estimate plus the partner's share, when it reaches 3; declare it.
* play: lead the boss trump when my side made it (the best trump not yet played
  nor out of this game's deck, if I hold it), else a winner (an ace, or
  the nine in no-trump low), else a low card; follow by winning as cheaply as
  possible unless my partner already wins, else throw the least valuable card.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from pyengine.core.bid6 import MAX_BID, MIN_BID
from pyengine.core.cards import (
    ACE,
    EXT,
    EXT_CARDS,
    JOKER,
    KING,
    NINE,
    NO_TRUMP_HIGH,
    NO_TRUMP_LOW,
    QUEEN,
    TEN,
    Card,
    deck_codes,
    is_suit_contract,
    rank_of,
)
from pyengine.core.events import BID, NAME, ORDER, PASS
from pyengine.core.game import (
    Action,
    BidAction,
    DeclareAction,
    DefendAction,
    DiscardAction,
    JokerSuitAction,
    Phase,
    PlayAction,
    RedealAction,
    SeatView,
)
from pyengine.core.rules import Rules
from pyengine.players.player import RefPlayer

TRUMP_POINTS = (2, 2, 2, 3, 4, 5, 6, 7)    # coarse trump rank 0-7 (9/8/7 10 Q K A L R joker)
OFF_ACE_POINTS = 2
VOID_POINTS = 1
ORDER_MIN = 11
ALONE_MIN = 19
CUTTHROAT_EXTRA = 4                         # two opponents, no partner
DEFEND_ALONE_MIN = 16
FARMERS_KEEP_UPCARD_SUIT = 1               # keep a farmer's hand with this many of its suit
PARTNER_SHARE = 1.2                         # tricks a partner is worth in Bid Euchre


def classic(r: Rules) -> bool:
    """Bit #93's shape, which the reference player plays: four players, 24 cards,
    no joker, an upcard."""
    return r.players == 4 and r.deck == 24 and not r.joker and not r.bid6


def strength(hand: tuple[Card, ...] | list[Card], trump: int) -> int:
    """The reference player's strength of a hand for a contract."""
    ranks, eff = EXT.trump_rank[trump], EXT.effective_suit[trump]
    total, trumps, held = 0, 0, 0
    for c in hand:
        if ranks[c] >= 0:
            total += TRUMP_POINTS[ranks[c]]
            trumps += 1
        else:
            held |= 1 << eff[c]
            total += OFF_ACE_POINTS if rank_of(c) == ACE else 0
    if trumps >= 2:
        total += sum(VOID_POINTS for s in range(4) if s != trump and not held & (1 << s))
    return total


# Bid Euchre's trick estimate in twentieths of a trick (integers, so the 6502 computes
# the same numbers: asm/bid6_ai.oph). TRICK = one trick.
TRICK = 20
TRUMP_TRICKS = (7, 7, 9, 12, 16, 18, 20, 20)   # by coarse trump rank: 0.35 ... 1.0
SIDE_ACE_TRICKS = 14                          # 0.7
SIDE_KING_TRICKS = 5                          # 0.25, with another card of its suit
NT_TOP_TRICKS = 18                            # the ace (high) or the nine (low): 0.9
NT_SECOND_TRICKS = (4, 10)                    # the king / ten, alone or with another
NT_THIRD_TRICKS = 4                           # the queen (high) with two others
NT_THIRD_LENGTH = 3
PARTNER_SHARE_20 = 24                         # 1.2 tricks a partner is worth


def expected_tricks_20(hand: tuple[Card, ...], contract: int) -> int:
    """The tricks ``hand`` takes by itself under ``contract``, in twentieths of a trick
    (integers only: the reference the 6502 follows)."""
    eff = EXT.effective_suit[contract]
    counts = [0] * 5
    for c in hand:
        counts[eff[c]] += 1
    total = 0
    suit_contract = is_suit_contract(contract)
    top, second, third = ((ACE, KING, QUEEN) if contract == NO_TRUMP_HIGH
                          else (NINE, TEN, None))
    for c in hand:
        r, n = rank_of(c), counts[eff[c]]
        if suit_contract:
            tr = EXT.trump_rank[contract][c]
            if tr >= 0:
                total += TRUMP_TRICKS[tr]
            elif r == ACE:
                total += SIDE_ACE_TRICKS
            elif r == KING and n >= 2:
                total += SIDE_KING_TRICKS
        elif r == top:
            total += NT_TOP_TRICKS
        elif r == second:
            total += NT_SECOND_TRICKS[n >= 2]
        elif r == third and n >= NT_THIRD_LENGTH:
            total += NT_THIRD_TRICKS
    return total


def expected_tricks(hand: tuple[Card, ...], contract: int) -> float:
    """:func:`expected_tricks_20` in tricks."""
    return expected_tricks_20(hand, contract) / TRICK


def expected_tricks_float(hand: tuple[Card, ...], contract: int) -> float:
    """The first estimate, in floats (the arena measures the integer one against it:
    docs/design.md)."""
    eff = EXT.effective_suit[contract]
    counts = [0] * 5
    for c in hand:
        counts[eff[c]] += 1
    total = 0.0
    for c in hand:
        r = rank_of(c)
        if is_suit_contract(contract):
            tr = EXT.trump_rank[contract][c]
            if tr >= 0:
                total += (0.35, 0.35, 0.45, 0.6, 0.8, 0.9, 1.0, 1.0)[tr]
            elif r == ACE:
                total += 0.7
            elif r == KING and counts[eff[c]] >= 2:
                total += 0.25
        elif contract == NO_TRUMP_HIGH:
            total += {ACE: 0.9, KING: 0.5 if counts[eff[c]] >= 2 else 0.2,
                      QUEEN: 0.2 if counts[eff[c]] >= 3 else 0}.get(r, 0)
        else:
            total += {NINE: 0.9, TEN: 0.5 if counts[eff[c]] >= 2 else 0.2}.get(r, 0)
    return total


def best_contract_20(hand: tuple[Card, ...]) -> tuple[int, int]:
    """The contract with the most expected tricks (the lowest number on a tie), and
    that number in twentieths."""
    best, most = 0, -1
    for t in range(6):
        e = expected_tricks_20(hand, t)
        if e > most:
            best, most = t, e
    return best, most


def best_contract(hand: tuple[Card, ...]) -> tuple[int, float]:
    """The contract with the most expected tricks, and that number."""
    t, e = best_contract_20(hand)
    return t, e / TRICK


def best_contract_float(hand: tuple[Card, ...]) -> tuple[int, float]:
    """:func:`best_contract` with the float estimate."""
    return max(((t, expected_tricks_float(hand, t)) for t in range(6)),
               key=lambda te: (te[1], -te[0]))


@cache
def _out_of_deck(deck: int, joker: bool) -> frozenset[Card]:
    """The card codes a game with this deck and joker option never deals."""
    return frozenset(range(EXT_CARDS)) - frozenset(deck_codes(deck, joker))


def _worth(card: Card, trump: int) -> int:
    """Throw-away order: side cards by how well they win, trumps above."""
    tr = EXT.trump_rank[trump][card] if is_suit_contract(trump) else -1
    if tr >= 0:
        return 20 + tr
    return EXT.power[trump][EXT.effective_suit[trump][card]][card]


@dataclass
class VariantPlayer:
    """The reference player extended to every rule set of the seeds."""
    name: str = "variant"
    _ref: RefPlayer = field(default_factory=RefPlayer)
    float_estimate: bool = False    # Bid Euchre with the first (float) trick estimate
    old_lead: bool = False          # the first boss lead, which stopped at trumps out of
                                    # the deck (the joker first): measured against it

    def decide(self, v: SeatView) -> Action:
        """The variant player's action for this view."""
        if classic(v.rules) and v.phase in (Phase.BID1, Phase.BID2, Phase.DISCARD, Phase.PLAY):
            return self._ref.decide(v)
        handler = {
            Phase.BID1: self._bid, Phase.BID2: self._bid, Phase.DISCARD: self._discard,
            Phase.PLAY: self._play, Phase.JOKER: self._joker, Phase.REDEAL: self._redeal,
            Phase.DEFEND: self._defend, Phase.AUCTION: self._auction,
            Phase.DECLARE: self._declare,
        }[v.phase]
        action = handler(v)
        return action if action in v.legal else v.legal[0]

    # --- Euchre decisions -----------------------------------------------------

    def _bid(self, v: SeatView) -> Action:
        need = ORDER_MIN + (CUTTHROAT_EXTRA if v.players == 3 else 0)
        if v.round == 1:
            trump = v.up_suit
            st = strength(v.hand, trump)
            up = TRUMP_POINTS[max(EXT.trump_rank[trump][v.upcard], 0)]
            if v.seat == v.dealer:
                st += up
            elif v.partner(v.seat) != v.dealer:
                st -= up // 2
            call, suit = ORDER, trump
        else:
            suit = max((s for s in range(4) if s != v.up_suit),
                       key=lambda s: (strength(v.hand, s), -s))
            st, call = strength(v.hand, suit), NAME
        forced_alone = not any(a.call == call and not a.alone for a in v.legal)
        if st < (ALONE_MIN if forced_alone else need) and BidAction(PASS) in v.legal:
            return BidAction(PASS)
        alone = st >= ALONE_MIN or forced_alone
        want = BidAction(call, suit, alone)
        return want if want in v.legal else BidAction(call, suit, not alone)

    def _discard(self, v: SeatView) -> Action:
        cards = sorted(a.card for a in v.legal)
        return DiscardAction(min(cards, key=lambda c: (_worth(c, v.trump), c)))

    def _joker(self, v: SeatView) -> Action:
        return JokerSuitAction(max(range(4), key=lambda s: (strength(v.hand + (JOKER,), s), -s)))

    def _redeal(self, v: SeatView) -> Action:
        """Ask only with a really bad hand: a farmer's hand that holds a card of the
        upcard's suit may still help a partner who orders it up, so keep it."""
        eff = EXT.effective_suit[v.up_suit]
        of_upcard = sum(c == JOKER or eff[c] == v.up_suit for c in v.hand)
        return RedealAction(of_upcard < FARMERS_KEEP_UPCARD_SUIT)

    def _defend(self, v: SeatView) -> Action:
        return DefendAction(strength(v.hand, v.trump) >= DEFEND_ALONE_MIN)

    # --- Bid Euchre -------------------------------------------------------------

    def _auction(self, v: SeatView) -> Action:
        want = self._want(v.hand)
        bids = sorted(a.tricks for a in v.legal if a.call == BID)
        if BidAction(PASS) in v.legal and (want < MIN_BID or not bids or want < bids[0]):
            return BidAction(PASS)
        return BidAction(BID, None, False, bids[0] if want < bids[0] else want)

    def _want(self, hand: tuple[Card, ...]) -> int:
        """The tricks to bid: the best contract's estimate plus the partner's share."""
        if self.float_estimate:
            return min(MAX_BID, int(best_contract_float(hand)[1] + PARTNER_SHARE))
        return min(MAX_BID, (best_contract_20(hand)[1] + PARTNER_SHARE_20) // TRICK)

    def _declare(self, v: SeatView) -> Action:
        if self.float_estimate:
            return DeclareAction(best_contract_float(v.hand)[0])
        return DeclareAction(best_contract_20(v.hand)[0])

    # --- play --------------------------------------------------------------------

    def _play(self, v: SeatView) -> Action:
        trump = v.trump
        legal = sorted(a.card for a in v.legal)
        if not v.trick:
            return PlayAction(self._lead(v, legal))
        led = EXT.effective_suit[trump][v.trick[0][1]]
        table = EXT.power[trump][led]
        win_seat, win_card = max(v.trick, key=lambda sc: table[sc[1]])
        if win_seat == v.partner(v.seat):
            return PlayAction(min(legal, key=lambda c: (_worth(c, trump), c)))
        winners = [c for c in legal if table[c] > table[win_card]]
        if winners:
            return PlayAction(min(winners, key=lambda c: (table[c], c)))
        return PlayAction(min(legal, key=lambda c: (_worth(c, trump), c)))

    def _lead(self, v: SeatView, legal: list[Card]) -> Card:
        trump = v.trump
        if is_suit_contract(trump):
            if v.maker is not None and v.team(v.maker) == v.team(v.seat):
                boss = self._boss(v, legal)
                if boss is not None:
                    return boss
            side = [c for c in legal if EXT.trump_rank[trump][c] < 0]
            tops = [c for c in side if rank_of(c) == ACE]
        else:
            side = legal
            top = NINE if trump == NO_TRUMP_LOW else ACE
            tops = [c for c in side if rank_of(c) == top]
        if tops:
            return tops[0]
        pool = side or legal
        return min(pool, key=lambda c: (_worth(c, trump), c))

    def _boss(self, v: SeatView, legal: list[Card]) -> Card | None:
        """The best trump still out if I hold it, else None. Gone are the cards played
        and those not in this game's deck (the joker without the joker option, the 7s
        and 8s of a 24-card game): EXT.trump_order holds all ten trumps of a suit."""
        gone = set(v.played)
        if not self.old_lead:
            gone |= _out_of_deck(v.rules.deck, v.rules.joker)
        for c in EXT.trump_order[v.trump]:
            if c in legal:
                return c
            if c not in gone:
                return None
        return None


def computer_player(rules: object = None) -> VariantPlayer:
    """The computer player for any rule set (the reference player where it applies)."""
    return VariantPlayer()
