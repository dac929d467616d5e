"""The C64's opponent levels, decision for decision the 6502's: ``c64easy`` and ``c64hard``.

The C64 plays at three levels (the options screen's OPPONENTS line, the rules code's
``O0``/``O2``, the core's ``opp_level`` byte): NORMAL is the computer player the C64
always had (:class:`~pyengine.players.varplayer.VariantPlayer`); EASY and HARD start from
NORMAL's choice and change the card play (asm/levels.oph, asm/sample.oph,
asm/search.oph), and HARD its bids (asm/bidmodel.oph). docs/design.md "The C64's
opponent levels" is the contract; in short:

* **The decision generator.** A card-play decision of EASY or HARD with two legal cards
  or more draws its random numbers from the game's generator (pyengine/core/rng.py,
  asm/rng.oph) started afresh for that decision, never from the stream that deals: its
  key is ``hi = sum(card + 1 for my cards) & 255``, ``lo = (sum(card + 1 for the cards
  played this hand) + 64 * seat) & 255``, and the state is that of game number
  ``hi * 256 + lo`` (:func:`decision_rng`). So a level changes no deal (a game number
  deals the same cards at every level, and a transcript replays from its seed and
  actions), the same position gets the same choice, and both machines draw alike.
* **EASY**: with two legal cards or more, ``below(4)``; on 0 it slips: the card
  ``below(n)`` of its ``n`` legal cards in code order; else NORMAL's card.
* **Bids**: each level bids as its :data:`LEVEL_BIDMODEL` entry says (asm/levels.oph's
  ``lvl_bid_model``): EASY and NORMAL with the reference player's thresholds, HARD with
  the learned model (:mod:`pyengine.players.bidmodel`, asm/bidmodel.oph) in the Bit #93
  shape; elsewhere every level bids as VariantPlayer.
* **HARD**: in the Bit #93 shape (four players, 24 cards, no joker, an upcard: every
  other rule set plays NORMAL), once the seat holds at most :data:`HARD_CARDS` cards
  and has a choice, it samples :data:`HARD_WORLDS` deals of the unseen cards
  (:func:`sample_world`) and solves each open-handed (:func:`solve`) for each legal
  card; each world adds ``16 * (points + 128) + tricks`` (the hand's signed points for
  its side and its side's tricks at the hand's end) to the card's total; the best
  total plays, NORMAL's card if it is among the best, else the lowest code.

Everything is read from the seat's :class:`~pyengine.core.game.SeatView`: a player that
gets nothing else cannot read a hidden card.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pyengine.core.cards import EFFECTIVE_SUIT, POWER, Card
from pyengine.core.game import Action, Phase, PlayAction, SeatView
from pyengine.core.rng import Rng
from pyengine.players.bidmodel import LEARNED
from pyengine.players.memory import made_round, next_active, out_seats, void_suits
from pyengine.players.player import RefPlayer
from pyengine.players.varplayer import VariantPlayer, classic

EASY_ODDS = 4              # below(4) == 0: a slip, a quarter of the choices
HARD_CARDS = 3             # HARD searches once the seat holds this many cards or fewer
HARD_WORLDS = 8            # sampled deals a decision at most
NODE_CAP = 900             # search nodes a decision at most: the time it may take
ROOT_LOW, ROOT_HIGH = 0, 7  # the root's window, outside every value (tricks + 1: 1-6)
SAMPLE_TRIES = 4           # shuffles a world may take to respect the voids shown
SIDE_BIAS = 128            # points + this: never negative (points are 0-100)
POINTS_SHIFT = 16          # a point outweighs any number of tricks (at most 5)
DECK = 24                  # the Bit #93 shape's cards, codes 0-23
TRICKS = 5
SEATS = 4


# Each level's bids in Bit #93's shape, asm/levels.oph's lvl_bid_model byte for byte:
# "" the reference player's hand-tuned thresholds (BIDS_THRESHOLDS), LEARNED the learned
# model (BIDS_LEARNED, asm/bidmodel.oph). A level changes its bids here and there.
LEVEL_BIDMODEL = {"easy": "", "normal": "", "hard": LEARNED}


def level_base(level: str) -> VariantPlayer:
    """The player a level starts from: VariantPlayer, whose reference player (Bit #93's
    shape) bids as :data:`LEVEL_BIDMODEL` says for ``level``."""
    return VariantPlayer(_ref=RefPlayer(bidmodel=LEVEL_BIDMODEL[level]))


def decision_rng(view: SeatView) -> Rng:
    """The generator of one decision (module docstring; asm/levels.oph lvl_rng)."""
    hi = sum(c + 1 for c in view.hand) & 0xFF
    lo = (sum(c + 1 for c in view.played) + 64 * view.seat) & 0xFF
    return Rng.from_seed(hi << 8 | lo)


def legal_cards(view: SeatView) -> list[Card]:
    """The legal cards in code order (the order EASY's slip and HARD's totals use)."""
    return sorted(a.card for a in view.legal if isinstance(a, PlayAction))


@dataclass
class C64EasyPlayer:
    """The C64's EASY (module docstring)."""

    name: str = "c64easy"
    _normal: VariantPlayer = field(default_factory=lambda: level_base("easy"))

    def decide(self, view: SeatView) -> Action:
        """NORMAL's choice, or in the card play, on a slip drawn from the game's RNG, the
        legal card the slip names (docs/design.md, "The C64's opponent levels")."""
        choice = self._normal.decide(view)
        if view.phase is not Phase.PLAY or len(view.legal) < 2:
            return choice
        rng = decision_rng(view)
        if rng.below(EASY_ODDS) != 0:
            return choice
        cards = legal_cards(view)
        return PlayAction(cards[rng.below(len(cards))])


# --- HARD: what the seat knows, the sampled worlds, the open-hand solution -------------

@dataclass(frozen=True)
class Knowledge:
    """All HARD reads of a position (the 6502's lvl_know copies the same facts)."""

    seat: int
    hand: tuple[Card, ...]
    trump: int
    out: tuple[int, ...]                       # seats sitting this hand out
    trick: tuple[tuple[int, Card], ...]        # the current trick so far
    held: tuple[int, ...]                      # cards each seat holds (0: sits out)
    voids: tuple[int, ...]                     # bit per effective suit shown out of
    pool: tuple[Card, ...]                     # unseen cards, code order
    fixed: int | None                          # a seat known to hold the upcard
    upcard: Card | None
    my_tricks: int                             # my side's tricks so far
    values: tuple[int, ...]                    # a world's value by my side's final tricks
    size: int                                  # cards to a trick
    left: int                                  # tricks left, this one included (my cards)


def side_values(view: SeatView) -> tuple[int, ...]:
    """``16 * (points + 128) + t`` for my side ending the hand with ``t`` = 0..5 tricks
    (asm/cards.oph hand_points' table, signed for my side)."""
    r = view.rules
    maker = view.maker
    assert maker is not None
    mine = view.team(view.seat) == view.team(maker)
    out: list[int] = []
    for t in range(TRICKS + 1):
        m = t if mine else TRICKS - t
        if m == TRICKS:
            pts, makers = (r.points_lone_march if view.alone else r.points_march), True
        elif m >= 3:
            pts, makers = r.points_made, True
        else:
            pts = r.points_defend_alone if view.defender_out is not None else r.points_euchre
            makers = False
        signed = pts if makers == mine else -pts
        out.append(POINTS_SHIFT * (signed + SIDE_BIAS) + t)
    return tuple(out)


def knowledge(view: SeatView) -> Knowledge:
    """What the seat knows of the hand, as HARD uses it (module docstring)."""
    me, trump = view.seat, view.trump
    assert trump is not None and 0 <= trump < 4
    out = out_seats(view)
    played_now = {s for s, _ in view.trick}
    n = len(view.hand)
    held = tuple(0 if s in out else (n - 1 if s in played_now else n) for s in range(SEATS))
    voids = tuple(void_suits(view))
    up = view.upcard
    fixed = None
    if (up is not None and made_round(view) == 1 and up not in view.played
            and view.dealer != me and view.dealer not in out
            and not voids[view.dealer] >> EFFECTIVE_SUIT[trump][up] & 1):
        fixed = view.dealer
    gone = set(view.hand) | set(view.played)
    if up is not None:
        gone.add(up)               # turned down, held by the dealer, or discarded
    pool = tuple(Card(c) for c in range(DECK) if c not in gone)
    assert view.maker is not None
    return Knowledge(me, tuple(sorted(view.hand)), trump, out, tuple(view.trick), held, voids,
                     pool, fixed, up, view.tricks_won[view.team(me)], side_values(view),
                     SEATS - len(out), n)


def sample_world(k: Knowledge, rng: Rng) -> list[list[Card]]:
    """One deal of the unseen cards to the other seats (asm/sample.oph sample_world).

    Up to SAMPLE_TRIES times: shuffle the pool (Fisher-Yates from the top, as the deal),
    then each other seat that plays, from my left on, takes the first cards of the
    shuffled pool not yet taken and not of a suit it has shown out of; the seat known to
    hold the upcard holds it and takes one card fewer. A try that leaves a seat short is
    thrown away; the last try takes the cards without looking at the voids."""
    hands: list[list[Card]] = [[] for _ in range(SEATS)]
    hands[k.seat] = list(k.hand)
    eff = EFFECTIVE_SUIT[k.trump]
    for attempt in range(SAMPLE_TRIES + 1):
        deck = list(k.pool)
        for i in range(len(deck) - 1, 0, -1):
            j = rng.below(i + 1)
            deck[i], deck[j] = deck[j], deck[i]
        taken = [False] * len(deck)
        ok = True
        s = next_active(k.seat, k.out)
        while s != k.seat:
            hand: list[Card] = []
            need = k.held[s]
            if s == k.fixed:
                assert k.upcard is not None
                hand.append(k.upcard)
                need -= 1
            strict = attempt < SAMPLE_TRIES
            for i, c in enumerate(deck):
                if need == 0:
                    break
                if taken[i] or (strict and k.voids[s] >> eff[c] & 1):
                    continue
                taken[i] = True
                hand.append(c)
                need -= 1
            if need:
                ok = False
                break
            hands[s] = hand
            s = next_active(s, k.out)
        if ok:
            return hands
    raise AssertionError("the last try ignores the voids: it always fills every hand")


def solve(k: Knowledge, hands: list[list[Card]], card: Card) -> int:
    """My side's tricks at the hand's end if I play ``card`` and then everyone plays
    the open-hand best: plain minimax, the reference :class:`Search` is checked against
    (tests/test_c64_levels.py)."""
    eff = EFFECTIVE_SUIT[k.trump]
    power = POWER[k.trump]
    size = SEATS - len(k.out)
    me_team = k.seat & 1
    h = [list(x) for x in hands]
    h[k.seat].remove(card)
    trick = list(k.trick) + [(k.seat, card)]

    def value(trick: list[tuple[int, Card]], seat: int, tricks: int) -> int:
        if len(trick) == size:
            led = eff[trick[0][1]]
            winner = max(trick, key=lambda sc: power[led][sc[1]])[0]
            tricks += (winner & 1) == me_team
            if not h[winner]:
                return tricks
            return value([], winner, tricks)
        cards = h[seat]
        if trick:
            led = eff[trick[0][1]]
            follow = [c for c in cards if eff[c] == led]
            moves = follow or list(cards)
        else:
            moves = list(cards)
        nxt = next_active(seat, k.out)
        results = []
        for c in moves:
            cards.remove(c)
            results.append(value(trick + [(seat, c)], nxt, tricks))
            cards.append(c)
        return max(results) if (seat & 1) == me_team else min(results)

    return value(trick, next_active(k.seat, k.out), k.my_tricks)


class SearchAborted(Exception):
    """The decision's node budget is spent (:data:`NODE_CAP`): no more worlds."""


@dataclass
class _Ply:
    seat: int
    tpos: int
    led: int
    wseat: int
    wpow: int
    tricks: int
    left: int
    alpha: int
    beta: int


@dataclass
class Search:
    """asm/search.oph node for node: alpha-beta (fail-hard) over the tricks left, values
    my side's final tricks + 1, the root's window 0..7; a seat's cards tried by suit then
    power, highest first, skipping a card equivalent to the one tried before it (one
    suit, nothing of another seat unplayed nor the trick's winner between them); the
    bounds (tricks so far, every trick left) cut first; the last trick is played out.
    Every node counts against the decision's :data:`NODE_CAP`, as on the 6502."""

    k: Knowledge
    nodes: int = 0

    def world(self, hands: list[list[Card]]) -> None:
        """Lay out a sampled world (asm/sample.oph w_add: slots in the order dealt)."""
        eff = EFFECTIVE_SUIT[self.k.trump]
        power = POWER[self.k.trump][self.k.trump]   # trump's row: every card's power
        plain_power = POWER[self.k.trump]
        self.card = [list(h) for h in hands]
        self.eff = [[eff[c] for c in h] for h in hands]
        # power_tab: a trump's trump power, another card's as if its own suit were led
        self.pow = [[power[c] if eff[c] == self.k.trump else plain_power[eff[c]][c]
                     for c in h] for h in hands]
        self.order = [sorted(range(len(h)), key=lambda i: -self._key(s, i))
                      for s, h in enumerate(hands)]
        self.used = [[False] * len(h) for h in hands]

    def _key(self, seat: int, i: int) -> int:
        """w_key: effective suit * 16 + power (the search's order, highest first)."""
        return self.eff[seat][i] * 16 + self.pow[seat][i]

    def root(self, card: Card) -> int:
        """My side's final tricks + 1 if I play ``card`` (search_world's sr_move at ply 0)."""
        k = self.k
        led = wseat = wpow = 0
        if k.trick:
            led = EFFECTIVE_SUIT[k.trump][k.trick[0][1]]
            best = max(k.trick, key=lambda sc: POWER[k.trump][led][sc[1]])
            wseat, wpow = best[0], POWER[k.trump][led][best[1]]
        ply = _Ply(k.seat, len(k.trick), led, wseat, wpow, k.my_tricks, k.left,
                   ROOT_LOW, ROOT_HIGH)
        return self.move(ply, self.card[k.seat].index(card))

    def node(self, p: _Ply) -> int:
        """Alpha-beta at ply ``p`` (search.oph's sr_node): my side's final tricks + 1,
        within the window; SearchAborted past :data:`NODE_CAP` nodes."""
        self.nodes += 1
        if self.nodes > NODE_CAP:
            raise SearchAborted
        low = p.tricks + 1
        if low >= p.beta:
            return p.beta
        if low + p.left <= p.alpha:
            return p.alpha
        if p.left == 1:
            return self.last(p)
        s = p.seat
        legal = [i for i in range(len(self.card[s])) if not self.used[s][i]]
        if p.tpos:
            follow = [i for i in legal if self.eff[s][i] == p.led]
            legal = follow or legal
        mine = (s & 1) == (self.k.seat & 1)
        prev: int | None = None
        for i in self.order[s]:
            if i not in legal:
                continue
            if prev is not None and self.eff[s][prev] == self.eff[s][i] \
                    and not self.blocked(p, prev, i):
                continue
            prev = i
            v = self.move(p, i)
            if mine:
                if v > p.alpha:
                    p.alpha = v
                    if p.alpha >= p.beta:
                        return p.alpha
            elif v < p.beta:
                p.beta = v
                if p.beta <= p.alpha:
                    return p.beta
        return p.alpha if mine else p.beta

    def blocked(self, p: _Ply, prev: int, i: int) -> bool:
        """Is card ``i`` of the seat to play not equivalent to ``prev`` (the card tried
        before it in the same suit): does a card still out, or the trick's winner, lie
        between them? Equivalent cards are searched once."""
        s = p.seat
        hi, lo, suit = self.pow[s][prev], self.pow[s][i], self.eff[s][i]
        if p.tpos and suit in (self.k.trump, p.led) and lo < p.wpow < hi:
            return True
        return any(not self.used[t][j] and self.eff[t][j] == suit
                   and lo < self.pow[t][j] < hi
                   for t in range(SEATS) if t != s for j in range(len(self.card[t])))

    def move(self, p: _Ply, i: int) -> int:
        """The value of the seat to play playing its card ``i`` at ply ``p`` (sr_move)."""
        k, s = self.k, p.seat
        self.used[s][i] = True
        e, pw = self.eff[s][i], self.pow[s][i]
        c = _Ply(s, p.tpos, p.led, p.wseat, p.wpow, p.tricks, p.left, p.alpha, p.beta)
        if p.tpos == 0:
            c.led, c.wseat, c.wpow = e, s, pw
        elif (e == k.trump or e == p.led) and pw >= p.wpow:
            c.wseat, c.wpow = s, pw
        if p.tpos + 1 == k.size:
            c.tpos, c.seat = 0, c.wseat
            if (c.wseat & 1) == (k.seat & 1):
                c.tricks += 1
            c.left -= 1
            v = c.tricks + 1 if c.left == 0 else self.node(c)
        else:
            c.tpos, c.seat = p.tpos + 1, next_active(s, k.out)
            v = self.node(c)
        self.used[s][i] = False
        return v

    def last(self, p: _Ply) -> int:
        """The last trick played out (one card a hand left, no choice): final tricks + 1."""
        k = self.k
        led, wseat, wpow, s = p.led, p.wseat, p.wpow, p.seat
        for pos in range(p.tpos, k.size):
            i = next(j for j in range(len(self.card[s])) if not self.used[s][j])
            e, pw = self.eff[s][i], self.pow[s][i]
            if pos == 0:
                led, wseat, wpow = e, s, pw
            elif (e == k.trump or e == led) and pw >= wpow:
                wseat, wpow = s, pw
            s = next_active(s, k.out)
        return p.tricks + 1 + ((wseat & 1) == (k.seat & 1))


def hard_totals(view: SeatView) -> dict[Card, int]:
    """Each legal card's total over the sampled worlds (the decision's generator); a
    world the node budget cuts short adds nothing, and no world is sampled after it."""
    k = knowledge(view)
    rng = decision_rng(view)
    cards = legal_cards(view)
    totals = dict.fromkeys(cards, 0)
    search = Search(k)
    for _ in range(HARD_WORLDS):
        search.world(sample_world(k, rng))
        try:
            values = [search.root(c) - 1 for c in cards]
        except SearchAborted:
            break
        for c, t in zip(cards, values, strict=True):
            totals[c] += k.values[t]
    return totals


def hard_searches(view: SeatView) -> bool:
    """Whether HARD searches this decision (else it plays NORMAL's card)."""
    return (view.phase is Phase.PLAY and len(view.legal) >= 2 and classic(view.rules)
            and len(view.hand) <= HARD_CARDS)


@dataclass
class C64HardPlayer:
    """The C64's HARD (module docstring)."""

    name: str = "c64hard"
    _normal: VariantPlayer = field(default_factory=lambda: level_base("hard"))

    def decide(self, view: SeatView) -> Action:
        """NORMAL's choice (but bids by the learned model: :data:`LEVEL_BIDMODEL`), or
        in the card play from three cards on (in the shapes HARD
        searches) the card with the best total over the sampled worlds."""
        choice = self._normal.decide(view)
        if not hard_searches(view):
            return choice
        totals = hard_totals(view)
        best = max(totals.values())
        assert isinstance(choice, PlayAction)
        if totals[choice.card] == best:
            return choice
        return PlayAction(min(c for c, v in totals.items() if v == best))


# The shell's spelling of the C64's levels (euchre c64/crosscheck/budget --opponents L),
# the opp_level byte (asm/state.oph) and the rules code's O token (pyengine.core.rulescode)
C64_LEVELS = ("easy", "normal", "hard")
LEVEL_BYTE = {"easy": 0, "normal": 1, "hard": 2}
DEFAULT_C64_LEVEL = "normal"


def c64_player(level: str) -> C64EasyPlayer | VariantPlayer | C64HardPlayer:
    """pyengine's twin of the C64's computer at ``level`` (ValueError otherwise)."""
    if level == "easy":
        return C64EasyPlayer()
    if level == "normal":
        return level_base("normal")
    if level == "hard":
        return C64HardPlayer()
    raise ValueError(f"unknown C64 level {level!r} (levels: {', '.join(C64_LEVELS)})")


__all__ = ["C64EasyPlayer", "C64HardPlayer", "C64_LEVELS", "DEFAULT_C64_LEVEL", "HARD_CARDS",
           "HARD_WORLDS", "LEVEL_BIDMODEL", "LEVEL_BYTE", "Knowledge", "c64_player",
           "decision_rng", "hard_searches", "hard_totals", "knowledge", "level_base",
           "sample_world", "solve"]
