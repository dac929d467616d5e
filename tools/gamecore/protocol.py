"""The game core's hook protocol as the harness reads it (asm/game.oph): the event and
decision codes, the bid codes, and the 6502's cards, hands and signed bytes read from
its memory."""

from __future__ import annotations

from pyengine.core.cards import EXT_CARDS, SUITS
from pyengine.core.cards import card_name as _engine_card_name

from ..machine.harness import C64, HarnessError

EV_FD_CARD, EV_FIRST_DEALER, EV_DEAL, EV_BID, EV_DISCARD = 1, 2, 3, 4, 5
EV_PASSED_OUT, EV_PLAY, EV_TRICK, EV_SCORE, EV_GAME_OVER = 6, 7, 8, 9, 10
EV_REDEAL, EV_DEFEND = 11, 12           # asm/defend_redeal.oph
EV_JOKER = 13                           # asm/deck32.oph
EV_AUCTION, EV_DECLARE = 14, 15         # asm/bid6.oph
DEC_BID, DEC_DISCARD, DEC_PLAY, DEC_REDEAL, DEC_DEFEND = 1, 2, 3, 4, 5
DEC_JOKER = 6                           # asm/deck32.oph: the dealer names an upcard joker's suit
DEC_AUCTION, DEC_DECLARE = 7, 8         # asm/bid6.oph
DEC_NAMES = {DEC_BID: "bid", DEC_DISCARD: "discard", DEC_PLAY: "play",
             DEC_REDEAL: "redeal", DEC_DEFEND: "defend", DEC_JOKER: "joker",
             DEC_AUCTION: "auction", DEC_DECLARE: "declare"}
MIN_BID, MAX_BID, CONTRACTS = 3, 6, 6   # Bid Euchre (pyengine bid6)
# the joker's choices in pyengine's order (JOKER_ACTIONS: the suits), answered 0-3
JOKER_CHOICES = tuple(("joker", s) for s in range(len(SUITS)))
# the two-way decisions: their choices in pyengine's order (REDEAL_ACTIONS,
# DEFEND_ACTIONS), answered 0 and 1
TWO_WAY = {"redeal": (("keep",), ("redeal",)), "defend": (("partner",), ("alone",))}
REDEAL_ASK, REASON_NANFNT = 0x01, 0x02  # EV_REDEAL's Y
REDEAL_REASONS = {0: "farmers_hand", REASON_NANFNT: "no_ace_no_face_no_trump"}
DEC_CODES = {name: code for code, name in DEC_NAMES.items()}
BID_PASS, BID_MAKE, BID_ALONE, BID_SUIT_MASK = 0x00, 0x80, 0x40, 0x03
HAND_MAX = 6


class CoreError(HarnessError):
    """The 6502 core did something the harness cannot turn into a transcript."""


CORE_CARD_CODES = EXT_CARDS             # 0-23, the 32-card deck's 7s and 8s, the joker


def signed(byte: int) -> int:
    """A signed byte's value (Bid Euchre's points and totals go below zero)."""
    return byte - 256 if byte & 0x80 else byte


def card_name(code: int) -> str:
    """Contract notation of a 6502 card code; a code no card has is reported, not named."""
    if not 0 <= code < CORE_CARD_CODES:
        return f"?{code:02X}"
    return _engine_card_name(code)


def read_hand(c64: C64, seat: int) -> tuple[int, ...]:
    """A seat's cards (6502 card codes) in its slot order, from hands[] and hand_len[]."""
    if not 0 <= seat < 4:
        raise CoreError(f"a decision or hand for seat {seat}, which no seat is")
    n = c64.read_label("hand_len", 4)[seat]
    if n > HAND_MAX:
        raise CoreError(f"seat {seat} holds {n} cards (hand_len), more than {HAND_MAX}")
    return tuple(c64.read_label("hands", 24)[seat * HAND_MAX: seat * HAND_MAX + n])


def caller_of(c64: C64) -> int:
    """The address of the JSR that called the routine the PC has just entered."""
    mpu = c64.mpu
    lo = mpu.memory[0x100 + ((mpu.sp + 1) & 0xFF)]
    hi = mpu.memory[0x100 + ((mpu.sp + 2) & 0xFF)]
    return ((hi << 8 | lo) - 2) & 0xFFFF
