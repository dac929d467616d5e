"""Decoding the game core's ``hook_event`` calls into ``euchre-transcript/1`` events."""

from __future__ import annotations

from pyengine.core.cards import CONTRACT_LETTERS, SUITS
from pyengine.core.rules import BIT93, Rules

from ..machine.harness import C64
from .protocol import (
    BID_ALONE,
    BID_PASS,
    BID_SUIT_MASK,
    CONTRACTS,
    EV_AUCTION,
    EV_BID,
    EV_DEAL,
    EV_DECLARE,
    EV_DEFEND,
    EV_DISCARD,
    EV_FD_CARD,
    EV_FIRST_DEALER,
    EV_GAME_OVER,
    EV_JOKER,
    EV_PASSED_OUT,
    EV_PLAY,
    EV_REDEAL,
    EV_SCORE,
    EV_TRICK,
    MAX_BID,
    MIN_BID,
    REASON_NANFNT,
    REDEAL_ASK,
    REDEAL_REASONS,
    CoreError,
    caller_of,
    card_name,
    read_hand,
    signed,
)


class EventDecoder:
    """Turns the core's ``hook_event`` calls into ``euchre-transcript/1`` events.

    Call :meth:`decode` with the PC at ``hook_event`` (a trap, replacing the hook
    or observing it with ``rts=False``): A is the event code, X and Y its
    arguments (also in zp_ev, zp_ev_x, zp_ev_y, where the front end reads them:
    checked), and the rest is read from the 6502's state. The first-dealer cards
    arrive one event each and are gathered until the ``first_dealer`` event; the
    transcript names no seats for them, so each must be dealt to the seat its place
    says (0,1,2,3,0,...), else a CoreError.
    """

    def __init__(self, rules: Rules = BIT93) -> None:
        self.fd_cards: list[int] = []
        self.players = rules.players      # seats dealt and first-dealer cards' seats
        self.sides = rules.teams          # entries of tricks, points and totals

    def reset(self, rules: Rules = BIT93) -> None:
        self.fd_cards = []
        self.players, self.sides = rules.players, rules.teams

    def decode(self, c64: C64) -> dict | None:
        """The event of this hook_event call, or None (a first-dealer card, kept)."""
        mpu = c64.mpu
        code, x, y = mpu.a, mpu.x, mpu.y

        def read(label: str, n: int = 1) -> bytes:
            return c64.read_label(label, n)

        held = tuple(c64.peek(label) for label in ("zp_ev", "zp_ev_x", "zp_ev_y"))
        if held != (code, x, y):        # the front end's hook reads them, not A, X, Y
            raise CoreError(f"hook_event with A, X, Y = {code}, {x}, {y} but zp_ev, zp_ev_x, "
                            f"zp_ev_y = {', '.join(map(str, held))} (from "
                            f"{c64.describe(caller_of(c64))})")

        if code == EV_FD_CARD:
            expected = len(self.fd_cards) % self.players
            if x != expected:       # the transcript has no seats: they must be 0,1,2,(3,)0,...
                raise CoreError(f"first-dealer card {len(self.fd_cards) + 1} "
                                f"({card_name(y)}) dealt face up to seat {x}, "
                                f"not seat {expected} (from {c64.describe(caller_of(c64))})")
            self.fd_cards.append(y)
            return None
        if code == EV_FIRST_DEALER:
            cards = [card_name(c) for c in self.fd_cards]
            self.fd_cards = []
            return {"ev": "first_dealer", "cards": cards, "dealer": x}
        bid6 = bool(read("rules_bidding")[0])
        if code == EV_DEAL:
            return {"ev": "deal", "hand": read("hand_no")[0], "dealer": read("dealer")[0],
                    "hands": [[card_name(c) for c in read_hand(c64, s)]
                              for s in range(self.players)],
                    "upcard": None if bid6 else card_name(read("upcard")[0])}
        if code == EV_AUCTION and (y == 0 or MIN_BID <= y <= MAX_BID):
            out = {"ev": "bid", "seat": x, "round": 1, "call": "bid" if y else "pass",
                   "suit": None, "alone": False}
            return out | ({"tricks": y} if y else {})
        if code == EV_DECLARE and y < CONTRACTS:
            return {"ev": "declare", "seat": x, "trump": CONTRACT_LETTERS[y]}
        if code in (EV_AUCTION, EV_DECLARE):
            raise CoreError(f"{'EV_AUCTION' if code == EV_AUCTION else 'EV_DECLARE'} with "
                            f"Y = {y}, which no answer gives (from "
                            f"{c64.describe(caller_of(c64))})")
        if code == EV_BID:
            rnd = read("bid_round")[0]
            if y == BID_PASS:
                call, suit, alone = "pass", None, False
            else:
                call = "order" if rnd == 1 else "name"
                suit, alone = SUITS[y & BID_SUIT_MASK], bool(y & BID_ALONE)
            return {"ev": "bid", "seat": x, "round": rnd, "call": call, "suit": suit,
                    "alone": alone}
        if code == EV_DISCARD:
            return {"ev": "discard", "seat": x, "card": card_name(y)}
        if code == EV_PASSED_OUT:
            return {"ev": "passed_out"}
        if code == EV_PLAY:
            return {"ev": "play", "seat": x, "card": card_name(y)}
        if code == EV_TRICK:
            return {"ev": "trick", "winner": x}
        # only Bid Euchre's points and totals go below zero; elsewhere they are unsigned
        # (a cutthroat tie past the target can run two totals past 127: score_three)
        value = signed if bid6 else int
        if code == EV_SCORE:
            n = self.sides
            out = {"ev": "score", "makers": x, "tricks": list(read("tricks_won", n)),
                   "points": [value(b) for b in read("points", n)],
                   "total": [value(b) for b in read("total", n)]}
            return out | ({"bid": read("bid6_high")[0]} if bid6 else {})
        if code == EV_GAME_OVER:
            return {"ev": "game_over", "winner": x,
                    "total": [value(b) for b in read("total", self.sides)]}
        if code == EV_REDEAL and y & ~(REDEAL_ASK | REASON_NANFNT) == 0:
            return {"ev": "redeal", "seat": x, "call": "redeal" if y & REDEAL_ASK else "keep",
                    "reason": REDEAL_REASONS[y & REASON_NANFNT]}
        if code == EV_DEFEND and y in (0, 1):
            return {"ev": "defend", "seat": x, "alone": bool(y)}
        if code == EV_JOKER and y < len(SUITS):
            return {"ev": "joker_suit", "seat": x, "suit": SUITS[y]}
        if code in (EV_REDEAL, EV_DEFEND, EV_JOKER):
            name = {EV_REDEAL: "EV_REDEAL", EV_DEFEND: "EV_DEFEND", EV_JOKER: "EV_JOKER"}[code]
            raise CoreError(f"{name} with Y = {y}, "
                            f"which no answer gives (from {c64.describe(caller_of(c64))})")
        raise CoreError(f"hook_event called with unknown event code {code} "
                        f"(from {c64.describe(caller_of(c64))})")
