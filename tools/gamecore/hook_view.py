"""What the core's state must hold whenever it calls a hook, checked from its own events.

The front end draws the table from the core's variables at each hook call
(asm/game.oph: "hook_event ... and the state in asm/state.oph"; c64/hooks.oph
reads dealer, upcard, hands[], hand_len[], bid_round, maker, zp_trump, zp_alone,
sitting_out, trick_cards/seats/count, zp_led, tricks_won, points, total,
game_winner, dec_kind, dec_forced, zp_mask). Equal event streams do not show a
core that keeps one of them wrong, so :class:`HookView` follows the game from the
6502's own events and, at each hook call, compares those variables with what the
events so far imply (and, at a decision, the legal cards with pyengine's rule).
A difference raises CoreError naming the variable.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pyengine.core.cards import (
    CONTRACT_LETTERS,
    EXT,
    EXT_CARDS,
    JOKER,
    SUITS,
    Card,
    parse_card,
    suit_of,
)
from pyengine.core.rules import BIT93, DealerDiscard, Rules

SEAT_NONE = 0xFF
SUIT_NONE = 0xFF
HAND_SLOTS = 6
DECK = 24
EXT_ROW0, EXT_STRIDE = 96, 33  # an ext game's zp_trump24 (asm/deck32.oph set_trump_rules)
JOKER_SUIT_CODE = 4             # up_suit before the joker is named (card_suit of the joker)


def trump_row(rules: Rules, trump: int) -> int:
    """zp_trump24 for ``trump``: its row of the core's card tables (asm/tables.oph)."""
    if rules.deck != DECK or rules.joker:
        return EXT_ROW0 + trump * EXT_STRIDE
    return trump * DECK


CARD_NONE = 0xFF


def _code(name: str | None) -> int:
    return CARD_NONE if name is None else int(parse_card(name))


def effective_suit(card: Card, contract: int) -> int:
    """The suit a card follows under a contract (a trump suit, or Bid Euchre's no-trump;
    pyengine's EXT: every deck, the joker is trump)."""
    return EXT.effective_suit[contract][card]


def legal_mask(hand: list[Card], contract: int, led: int | None) -> int:
    """Bit i set when hand[i] may be played: any card when leading or void, else the
    cards that follow the suit led (pyengine cards.legal_plays, under any contract)."""
    follow = [led is not None and effective_suit(c, contract) == led for c in hand]
    if not any(follow):
        return (1 << len(hand)) - 1
    return sum(1 << i for i, f in enumerate(follow) if f)


@dataclass
class HookView:
    """The state the events so far imply; :meth:`event` and :meth:`decide` check it."""

    error: type[Exception]
    rules: Rules = BIT93          # the rules the core was given (its rules block)
    dealer: int | None = None
    upcard: int | None = None
    up_suit: int | None = None    # the suit the upcard proposes (a joker's: once named)
    hands: list[list[int]] = field(default_factory=lambda: [[] for _ in range(4)])
    bids: int = 0                 # bid events this hand: four per round
    trump: int | None = None
    maker: int | None = None
    alone: bool = False
    defender_out: int | None = None   # a lone defender's partner (option defend_alone)
    trick: list[tuple[int, int]] = field(default_factory=list)
    tricks: list[int] = field(default_factory=list)   # by side: team, or seat in cutthroat
    total: list[int] = field(default_factory=list)
    high: int = 0                 # Bid Euchre: the high bid so far (0: nobody bid)
    high_bidder: int | None = None

    def __post_init__(self) -> None:
        self.tricks = self.tricks or [0] * self.rules.teams
        self.total = self.total or [0] * self.rules.teams

    def _side(self, seat: int) -> int:
        return seat if self.rules.players == 3 else seat & 1

    def _expect(self, c64, label: str, want, n: int = 0, where: str = "") -> None:
        got = list(c64.read_label(label, n)) if n else c64.peek(label)
        if got != want:
            raise self.error(f"at {where}: {label} is {got}, but the events so far say {want}")

    def _hands(self, c64, where: str, picked_up: int | None = None) -> None:
        """Each seat's cards (in any slot order); ``picked_up``: the dealer also holds
        the upcard (his discard decision)."""
        lens = list(c64.read_label("hand_len", 4))
        cards = c64.read_label("hands", 4 * HAND_SLOTS)
        for seat in range(4):
            held = sorted(cards[seat * HAND_SLOTS: seat * HAND_SLOTS + lens[seat]])
            want = self.hands[seat] + ([self.upcard] if seat == picked_up else [])
            if held != sorted(want):
                raise self.error(f"at {where}: seat {seat} holds {held} in hands[]/hand_len[], "
                                 f"but the events so far say {sorted(want)}")

    def _contract(self, c64, where: str) -> None:
        """The trump, maker and lone hand once made."""
        if self.maker is None or self.trump is None:
            raise self.error(f"at {where}: no bid has made trump yet")
        self._expect(c64, "zp_trump", self.trump, where=where)
        if self.rules.bid6:             # the ext_ primitives' row (asm/ext_cards.oph)
            self._expect(c64, "zp_ct33", self.trump * EXT_CARDS, where=where)
        else:
            self._expect(c64, "zp_trump24", trump_row(self.rules, self.trump), where=where)
        self._expect(c64, "maker", self.maker, where=where)
        self._expect(c64, "zp_alone", int(self.alone), where=where)
        self._expect(c64, "sitting_out", (self.maker ^ 2) if self.alone else SEAT_NONE,
                     where=where)
        self._expect(c64, "defender_out",
                     SEAT_NONE if self.defender_out is None else self.defender_out,
                     where=where)

    def _table(self, c64, where: str) -> None:
        """The cards on the table and the suit led (trump is made)."""
        n = len(self.trick)
        self._expect(c64, "trick_count", n, where=where)
        if n:
            self._expect(c64, "trick_cards", [c for _, c in self.trick], n, where)
            self._expect(c64, "trick_seats", [s for s, _ in self.trick], n, where)
            led = effective_suit(Card(self.trick[0][1]), self.trump)
            self._expect(c64, "zp_led", led, where=where)

    def event(self, c64, ev: dict) -> None:
        """Check the state at this hook_event call (``ev`` as decoded), then follow it."""
        kind = ev["ev"]
        where = f"the {kind} event (hand {c64.peek('hand_no')})"
        if kind == "deal":
            self.dealer, self.upcard = ev["dealer"], _code(ev["upcard"])
            self.up_suit = (None if ev["upcard"] is None        # (Bid Euchre: no upcard)
                            else int(suit_of(Card(self.upcard))))   # (the joker: 4 until named)
            self.hands = [[_code(c) for c in h] for h in ev["hands"]]
            self.hands += [[] for _ in range(4 - len(self.hands))]   # cutthroat: no seat 3
            self.bids, self.trump, self.maker, self.alone = 0, None, None, False
            self.defender_out = None
            self.high, self.high_bidder = 0, None
            self.trick, self.tricks = [], [0] * self.rules.teams
            # asm/game.oph: "a fresh hand before EV_DEAL: its hook must not see the last
            # hand's loner or bidding round or tricks"
            self._expect(c64, "sitting_out", SEAT_NONE, where=where)
            self._expect(c64, "defender_out", SEAT_NONE, where=where)
            self._expect(c64, "zp_alone", 0, where=where)
            self._expect(c64, "tricks_won", self.tricks, self.rules.teams, where)
        if kind == "first_dealer":
            self._expect(c64, "dealer", ev["dealer"], where=where)
        if self.dealer is None:          # the first-dealer cards: nothing dealt yet
            return
        if kind == "score":
            self.total = list(ev["total"])
        self._expect(c64, "dealer", self.dealer, where=where)
        self._expect(c64, "upcard", self.upcard, where=where)
        self._expect(c64, "total", [t & 0xFF for t in self.total], self.rules.teams, where)
        if kind == "joker_suit":
            if self.upcard != JOKER or ev["seat"] != self.dealer or self.bids:
                raise self.error(f"at {where}: a joker_suit event, but the upcard is "
                                 f"{self.upcard} and the dealer {self.dealer}")
            self.up_suit = SUITS.index(ev["suit"])
        if kind in ("joker_suit", "redeal", "bid") and not self.rules.bid6:
            self._expect(c64, "up_suit", self.up_suit, where=where)
        if kind == "bid" and self.rules.bid6:
            self.bids += 1
            if ev["call"] != "pass":
                self.high, self.high_bidder = ev["tricks"], ev["seat"]
            self._expect(c64, "bid6_high", self.high, where=where)
        elif kind == "declare":
            self.trump, self.maker = CONTRACT_LETTERS.index(ev["trump"]), ev["seat"]
        elif kind == "bid":
            self.bids += 1
            if ev["call"] != "pass":
                self.trump, self.maker = SUITS.index(ev["suit"]), ev["seat"]
                self.alone = ev["alone"]
        elif kind == "defend" and ev["alone"]:
            self.defender_out = ev["seat"] ^ 2
        elif kind == "discard":
            self.hands[ev["seat"]].append(self.upcard)
            self.hands[ev["seat"]].remove(_code(ev["card"]))
        elif kind == "play":
            self.hands[ev["seat"]].remove(_code(ev["card"]))
            self.trick.append((ev["seat"], _code(ev["card"])))
        elif kind == "trick":
            self.tricks[self._side(ev["winner"])] += 1
        elif kind == "score":
            self._expect(c64, "maker", self.maker, where=where)
            if self.rules.bid6:
                self._expect(c64, "bid6_high", ev["bid"], where=where)
        elif kind == "game_over":
            self._expect(c64, "game_winner", ev["winner"], where=where)
        if kind in ("bid", "passed_out"):
            self._expect(c64, "bid_round", self.bid_round, where=where)
        self._hands(c64, where)
        if self.maker is not None and kind in ("bid", "defend", "discard", "play", "trick",
                                                "declare"):
            self._contract(c64, where)
        if kind in ("play", "trick"):
            self._table(c64, where)
            self._expect(c64, "tricks_won", self.tricks, self.rules.teams, where)
        if kind == "trick":
            self.trick = []

    @property
    def bid_round(self) -> int:
        """The round of the last bid event's bid."""
        return 1 if self.bids <= self.rules.players else 2

    def decide(self, c64, kind_code: int, kind: str, seat: int, hand: tuple[int, ...],
               mask: int) -> None:
        """Check the state when ``seat`` is asked for its ``kind`` decision (by
        hook_decide or the computer player): ``hand`` in slot order, ``mask`` zp_mask."""
        where = f"seat {seat}'s {kind} decision (hand {c64.peek('hand_no')})"
        if self.dealer is None:
            raise self.error(f"at {where}: no hand has been dealt")
        self._expect(c64, "dec_kind", kind_code, where=where)
        self._expect(c64, "zp_seat", seat, where=where)
        self._hands(c64, where, self.dealer if kind == "discard" else None)
        if kind in ("redeal", "joker", "bid"):
            self._expect(c64, "up_suit", self.up_suit, where=where)
        if kind == "joker":                          # the dealer, before anything else
            if seat != self.dealer or self.upcard != JOKER or self.up_suit != JOKER_SUIT_CODE:
                raise self.error(f"at {where}: the joker question for seat {seat}, but the "
                                 f"dealer is {self.dealer} and the upcard {self.upcard}")
            return
        if kind == "redeal":                         # before any bid: no contract yet
            if self.bids:
                raise self.error(f"at {where}: a new deal asked for after {self.bids} bids")
            return
        if kind == "auction":
            self._expect(c64, "bid6_high", self.high, where=where)
            return
        if kind == "declare":
            self._expect(c64, "bid6_high", self.high, where=where)
            self._expect(c64, "high_bidder", self.high_bidder, where=where)
            if seat != self.high_bidder:
                raise self.error(f"at {where}: seat {self.high_bidder} bid highest")
            return
        if kind == "bid":
            round_now = 1 if self.bids < self.rules.players else 2   # the bid to come's
            forced = int(self.rules.canadian_rule and round_now == 1
                         and seat == self.dealer ^ 2)
            self._expect(c64, "bid_round", round_now, where=where)
            self._expect(c64, "dec_forced", forced, where=where)
            return
        self._contract(c64, where)
        assert self.trump is not None                # (checked by _contract)
        if kind == "defend":
            return
        if kind == "discard":
            others = [c for c in hand if c != self.upcard]
            trumps = [c for c in others if effective_suit(Card(c), self.trump) == self.trump]
            legal = (set(hand) if self.rules.dealer_discard is DealerDiscard.ANY
                     else set(trumps or others))
            want = sum(1 << i for i, c in enumerate(hand) if c in legal)
        else:
            self._table(c64, where)
            led = effective_suit(Card(self.trick[0][1]), self.trump) if self.trick else None
            want = legal_mask([Card(c) for c in hand], self.trump, led)
        if mask != want:
            raise self.error(f"at {where}: zp_mask is ${mask:02X} for the hand {list(hand)}, "
                             f"but the rules say ${want:02X}")
        if kind == "play" and not self.trick:
            self._expect(c64, "zp_led", SUIT_NONE, where=where)
