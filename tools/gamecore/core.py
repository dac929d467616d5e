"""Run the 6502 game core of ``build/euchre.prg`` under the harness.

The harness traps the core's two platform hooks (``hook_event``,
``hook_decide``, see asm/game.oph) on the very ``.prg`` a user loads, records
every event, answers human seats' decisions, and converts the event stream
into ``euchre-transcript/1`` - so the 6502's game can be judged by
``euchre replay`` and compared with ``pyengine`` event by event.

Everything here reads the 6502's own memory; nothing is taken from pyengine
except the card notation.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from py65.devices.mpu6502 import MPU

from pyengine.core.cards import EXT_CARDS, SUITS
from pyengine.core.cards import card_name as _engine_card_name
from pyengine.core.options import options_of
from pyengine.core.rules import BIT93, Rules

from ..machine.harness import C64, HarnessError
from ..program.c64map import SymbolError, Symbols
from .hook_view import HookView
from .rules_block import encode, unplayable

EV_FD_CARD, EV_FIRST_DEALER, EV_DEAL, EV_BID, EV_DISCARD = 1, 2, 3, 4, 5
EV_PASSED_OUT, EV_PLAY, EV_TRICK, EV_SCORE, EV_GAME_OVER = 6, 7, 8, 9, 10
EV_REDEAL, EV_DEFEND = 11, 12           # asm/defend_redeal.oph
EV_JOKER = 13                           # asm/deck32.oph
DEC_BID, DEC_DISCARD, DEC_PLAY, DEC_REDEAL, DEC_DEFEND = 1, 2, 3, 4, 5
DEC_JOKER = 6                           # asm/deck32.oph: the dealer names an upcard joker's suit
DEC_NAMES = {DEC_BID: "bid", DEC_DISCARD: "discard", DEC_PLAY: "play",
             DEC_REDEAL: "redeal", DEC_DEFEND: "defend", DEC_JOKER: "joker"}
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
GAME_CYCLE_BUDGET = 10_000_000        # a long game is ~1 M cycles; past this it has hung
BUDGET_TARGET_STEP = 5                # beyond Bit #93's target: one budget per 5 points


def game_cycle_budget(rules: Rules) -> int:
    """Cycles after which a game under ``rules`` has hung (a game to 100 takes ~8 M)."""
    if rules.target <= BIT93.target:
        return GAME_CYCLE_BUDGET
    return GAME_CYCLE_BUDGET * -(-rules.target // BUDGET_TARGET_STEP)


class CoreError(HarnessError):
    """The 6502 core did something the harness cannot turn into a transcript."""


@dataclass(frozen=True)
class Request:
    """A decision hook_decide asks for, as the 6502 states it."""

    kind: str                  # "bid", "discard", "play", "redeal", "defend" or "joker"
    seat: int
    hand: tuple[int, ...]      # the seat's cards, in its slot order
    mask: int                  # legal slots (discard, play)
    bid_round: int
    upcard: int
    forced_alone: bool
    stuck: bool = False            # stick the dealer: the dealer may not pass in round 2
    alone_allowed: bool = True     # the rules let a maker go alone by choice
    up_suit: int | None = None     # the suit the upcard proposes (up_suit; an upcard
                                   # joker's: named), None = the upcard's own (code // 6)

    def legal(self) -> list[tuple]:
        """The legal choices in pyengine's canonical order (GameState.legal_actions)."""
        if self.kind in TWO_WAY:
            return list(TWO_WAY[self.kind])
        if self.kind == "joker":
            return list(JOKER_CHOICES)
        if self.kind == "bid":
            up = self.upcard // 6 if self.up_suit is None else self.up_suit
            choices = (False, True) if self.alone_allowed else (False,)
            if self.bid_round == 1:
                alone = (True,) if self.forced_alone else choices
                return [("pass",)] + [("order", up, a) for a in alone]
            return [("pass",)] * (not self.stuck) + [("name", s, a) for s in range(4)
                                                     if s != up for a in choices]
        cards = sorted(c for i, c in enumerate(self.hand) if self.mask >> i & 1)
        return [(self.kind, c) for c in cards]

    def answer(self, choice: tuple) -> int:
        """The byte hook_decide returns for a choice from legal()."""
        if self.kind in TWO_WAY:
            return TWO_WAY[self.kind].index(choice)
        if self.kind == "joker":
            return choice[1]
        if self.kind == "bid":
            if choice[0] == "pass":
                return BID_PASS
            return BID_MAKE | (BID_ALONE if choice[2] else 0) | choice[1]
        return self.hand.index(choice[1])


Chooser = Callable[[Request], int]
CORE_CARD_CODES = EXT_CARDS             # 0-23, the 32-card deck's 7s and 8s, the joker


def card_name(code: int) -> str:
    """Contract notation of a 6502 card code; a code no card has is reported, not named."""
    if not 0 <= code < CORE_CARD_CODES:
        return f"?{code:02X}"
    return _engine_card_name(code)


def random_chooser(seed: int) -> Chooser:
    """Uniform among the legal choices, from random.Random(seed): the same stream
    pyengine's RandomPlayer(seed) draws from, so both engines get the same human."""
    rng = random.Random(seed)

    def choose(req: Request) -> int:
        return req.answer(rng.choice(req.legal()))

    return choose


BID_STRAY_BITS = 0x3C                 # bits no bid code uses (asm/game.oph)
FUMBLE_RATE = 0.3                     # share of decisions that get an illegal answer first


def illegal_answers(req: Request) -> list[list[int]]:
    """Bytes hook_decide could return that the core must refuse, by kind of mistake
    (one list per test of asm/game.oph's bid_is_legal or decide; empty ones left out)."""
    legal = {req.answer(c) for c in req.legal()}
    if req.kind in TWO_WAY or req.kind == "joker":   # the first past the choices; the rest
        n = len(req.legal())
        kinds = [[n], list(range(n + 1, 256))]
    elif req.kind == "bid":
        clean = [c for c in range(256) if not c & BID_STRAY_BITS]
        made = [c for c in clean if c & BID_MAKE]
        kinds = [[c for c in range(256) if c & BID_STRAY_BITS],           # stray bits
                 [c for c in clean if c and not c & BID_MAKE],            # no "make"
                 [c for c in made if req.forced_alone and not c & BID_ALONE],  # Canadian
                 [c for c in made if c & BID_ALONE or not req.forced_alone],   # suit/round
                 [BID_PASS] if req.stuck else []]                             # stuck
    else:
        kinds = [list(range(HAND_MAX, 256)),                              # no such slot
                 list(range(HAND_MAX))]                                   # not a legal card
    return [k for k in ([c for c in k if c not in legal] for k in kinds) if k]


@dataclass
class FumblingChooser:
    """:func:`random_chooser`'s choices (the same stream, so pyengine's RandomPlayer
    agrees), but before some of them an illegal answer from a generator of its own,
    which the core must refuse by asking again (asm/game.oph: "An illegal answer is
    not taken: the core asks again"). A core that asks again after a legal answer,
    or not after an illegal one, raises CoreError."""

    seed: int
    rate: float = FUMBLE_RATE

    def __post_init__(self) -> None:
        self._choose = random_chooser(self.seed)
        self._rng = random.Random(self.seed ^ 0xF0F0F)
        self._last: Request | None = None
        self._last_legal = True

    def __call__(self, req: Request) -> int:
        if self._last is not None:
            again = req == self._last
            if again and self._last_legal:
                raise CoreError(f"seat {req.seat}'s legal {req.kind} was refused: the core "
                                "asked again")
            if not again and not self._last_legal:
                raise CoreError(f"seat {self._last.seat}'s illegal {self._last.kind} answer "
                                "was taken: the core did not ask again")
        self._last = req
        if req.stuck and self._last_legal:
            self._last_legal = False    # a stuck dealer always tries to pass first (the
            return BID_PASS             # core must refuse it); no draw: Bit #93 unchanged
        wrong = illegal_answers(req)
        if (not self._last_legal or wrong == []) or self._rng.random() >= self.rate:
            self._last_legal = True
            return self._choose(req)
        self._last_legal = False
        return self._rng.choice(self._rng.choice(wrong))


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

    def __init__(self) -> None:
        self.fd_cards: list[int] = []

    def reset(self) -> None:
        self.fd_cards = []

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
            expected = len(self.fd_cards) % 4
            if x != expected:       # the transcript has no seats: they must be 0,1,2,3,0,...
                raise CoreError(f"first-dealer card {len(self.fd_cards) + 1} "
                                f"({card_name(y)}) dealt face up to seat {x}, "
                                f"not seat {expected} (from {c64.describe(caller_of(c64))})")
            self.fd_cards.append(y)
            return None
        if code == EV_FIRST_DEALER:
            cards = [card_name(c) for c in self.fd_cards]
            self.fd_cards = []
            return {"ev": "first_dealer", "cards": cards, "dealer": x}
        if code == EV_DEAL:
            return {"ev": "deal", "hand": read("hand_no")[0], "dealer": read("dealer")[0],
                    "hands": [[card_name(c) for c in read_hand(c64, s)] for s in range(4)],
                    "upcard": card_name(read("upcard")[0])}
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
        if code == EV_SCORE:
            return {"ev": "score", "makers": x, "tricks": list(read("tricks_won", 2)),
                    "points": list(read("points", 2)), "total": list(read("total", 2))}
        if code == EV_GAME_OVER:
            return {"ev": "game_over", "winner": x, "total": list(read("total", 2))}
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


@dataclass
class CoreGame:
    """One game played by the 6502 core."""

    seed: int
    events: list[dict] = field(default_factory=list)
    decision_cycles: dict[str, list[int]] = field(default_factory=dict)
    deal_cycles: list[int] = field(default_factory=list)
    total_cycles: int = 0
    rules: Rules = BIT93

    def transcript(self) -> dict:
        return {"format": "euchre-transcript/1", "rules": self.rules.name,
                "options": options_of(self.rules), "seed": self.seed, "events": self.events}


def open_program(prg: Path | str, map_path: Path | str | None,
                 error: type[HarnessError], ram: str = "vice", cpu: str | None = None) -> C64:
    """A C64 with ``prg`` loaded and its label map (beside it unless given).

    Every file is checked before the program runs, and a problem raises ``error``
    with one line a user can act on: a missing or unreadable file, a map that is
    not UTF-8 or a ``.vs`` that is not ASCII, a file that is not this program (it
    does not load where the map's ``basic_start`` says, e.g. a PNG or a program
    for $C000) and a program shorter than its map's ``code_end`` (truncated).
    ``ram`` is the power-on RAM pattern (tools/machine/harness.py's power_on_ram); ``cpu``
    the 6502 core, "fast" or "py65" (tools/machine/cpu.py; by default the fast one if built).
    """
    prg = Path(prg)
    if not prg.is_file():
        raise error(f"{prg}: no such program (run `make` to build it)")
    map_path = Path(map_path) if map_path else prg.with_suffix(".map")
    if not map_path.is_file():
        raise error(f"{map_path}: the label map is missing (it is built beside the .prg)")
    try:
        symbols = Symbols.from_map(map_path)
    except SymbolError as exc:
        raise error(str(exc)) from None
    try:
        start, end = symbols.address("basic_start"), symbols.address("code_end")
    except SymbolError as exc:
        raise error(f"{exc}: not the map of Euchre 64") from None
    try:
        head = prg.read_bytes()
    except OSError as exc:
        raise error(f"cannot read {prg}: {exc.strerror}") from None
    load = head[0] | head[1] << 8 if len(head) >= 2 else None
    if load != start:
        where = "is shorter than a load address" if load is None else f"loads at ${load:04X}"
        raise error(f"{prg} {where}: not this program (Euchre 64 loads at ${start:04X}; "
                    "is it a .prg at all?)")
    if load + len(head) - 2 < end:
        raise error(f"{prg} is truncated: {len(head):,} bytes end at ${load + len(head) - 2:04X}, "
                    f"but its map says the code runs to ${end:04X}")
    try:
        return C64(prg, map_path, ram=ram, cpu=cpu)
    except SymbolError as exc:
        raise error(str(exc)) from None


class Core:
    """The 6502 core of one .prg, ready to play games."""

    def __init__(self, prg: Path | str | None = None,
                 map_path: Path | str | None = None, ram: str = "vice",
                 cpu: str | None = None) -> None:
        if prg is None:
            from ..program.resources import default_program

            prg = default_program()
        self.c64 = open_program(prg, map_path, CoreError, ram, cpu)
        self._game: CoreGame | None = None
        self.last_game: CoreGame | None = None      # also after a fault: the events so far
        self._chooser: Chooser | None = None
        self._decoder = EventDecoder()
        self._clobber_rng = random.Random(0)
        self._view = HookView(CoreError)
        self._ai_start: tuple[str, int] | None = None
        self._deal_start: int | None = None
        c64 = self.c64
        for label in ("core_game", "hook_event", "hook_decide", "ai_bid", "ai_discard",
                      "ai_play", "deal_hand", "game_seed", "human_seats"):
            c64.address(label)          # a clear error now if the .prg lacks one
        c64.trap("hook_event", self._on_event)
        c64.trap("hook_decide", self._on_decide)
        for kind in DEC_NAMES.values():
            c64.trap(f"ai_{kind}", self._ai_entry(kind), rts=False)
        c64.trap("var_decide", self._var_entry, rts=False)  # the other shapes' player
        c64.trap("deal_hand", self._on_deal_start, rts=False)

    # --- running ------------------------------------------------------------

    def play(self, seed: int, human_seats: int = 0, chooser: Chooser | None = None,
             rules: Rules = BIT93) -> CoreGame:
        """Play game ``seed`` under ``rules`` (written to the core's rules block first:
        asm/rules.oph); ValueError for rules the core does not play yet."""
        if human_seats and chooser is None:
            raise ValueError("human seats need a chooser")
        problems = unplayable(rules)
        if problems:
            raise ValueError(problems[0])
        c64 = self.c64
        self._game = self.last_game = CoreGame(seed, rules=rules)
        self._chooser = chooser
        self._decoder.reset()
        self._view = HookView(CoreError, rules=rules)
        self._clobber_rng = random.Random(seed)
        c64.poke("game_seed", [seed & 0xFF, seed >> 8])
        c64.poke("human_seats", human_seats)
        for label, byte in encode(rules).items():
            c64.poke(label, byte)
        result = c64.call("core_game", max_cycles=game_cycle_budget(rules))
        game = self._game
        game.total_cycles = result.cycles
        if not game.events or game.events[-1]["ev"] != "game_over":
            raise CoreError(f"seed {seed}: core_game returned without a game_over event")
        return game

    # --- hooks --------------------------------------------------------------

    def _ai_entry(self, kind: str):
        def on_entry(c64: C64) -> None:
            self._ai_start = (kind, c64.cycles - c64.stolen_cycles)
            seat = c64.peek("zp_seat")
            self._check_view(self._view.decide, c64, DEC_CODES[kind], kind, seat,
                             self._hand(seat), c64.peek("zp_mask"))
        return on_entry

    def _var_entry(self, c64: C64) -> None:
        """asm/varai.oph's var_decide (rules_classic 0): its decisions' cycles, by kind."""
        code = c64.peek("dec_kind")
        self._ai_start = (DEC_NAMES.get(code, f"kind {code}"), c64.cycles - c64.stolen_cycles)

    def _on_deal_start(self, c64: C64) -> None:
        self._deal_start = c64.cycles - c64.stolen_cycles

    def _read(self, label: str, n: int = 1) -> bytes:
        return self.c64.read_label(label, n)

    def _hand(self, seat: int) -> tuple[int, ...]:
        return read_hand(self.c64, seat)

    def _on_event(self, c64: C64) -> None:
        game = self._game
        assert game is not None
        code = c64.mpu.a
        own = c64.cycles - c64.stolen_cycles    # the program's own cycles: no IRQ, no DMA
        if self._ai_start is not None:
            kind, start = self._ai_start
            game.decision_cycles.setdefault(kind, []).append(own - start)
            self._ai_start = None
        if code == EV_DEAL and self._deal_start is not None:
            game.deal_cycles.append(own - self._deal_start)
            self._deal_start = None
        ev = self._decoder.decode(c64)
        if ev is not None:
            game.events.append(ev)
            self._check_view(self._view.event, c64, ev)
        self._clobber(c64, keep_a=False)

    def _check_view(self, check: Callable[..., None], *args: object) -> None:
        """A HookView check; events or cards no game has (a broken core) are a CoreError
        too, not a traceback."""
        try:
            check(*args)
        except (IndexError, KeyError, ValueError, TypeError) as exc:
            raise CoreError(f"the 6502's state or events make no game here: {exc!r} "
                            f"(at {self.c64.describe(self.c64.mpu.pc)})") from None

    def _clobber(self, c64: C64, keep_a: bool) -> None:
        """Leave what a hook may leave (asm/game.oph: "Hooks may clobber A, X, Y"): the
        registers and flags other than the answer, from a generator seeded by the
        game, so a core that counts on them being kept is caught, and reproducibly."""
        rng = self._clobber_rng
        mpu = c64.mpu
        flags = rng.getrandbits(8) & (MPU.CARRY | MPU.ZERO | MPU.OVERFLOW | MPU.NEGATIVE)
        mpu.p = (mpu.p & ~(MPU.CARRY | MPU.ZERO | MPU.OVERFLOW | MPU.NEGATIVE)) | flags
        mpu.x, mpu.y = rng.getrandbits(8), rng.getrandbits(8)
        if not keep_a:                  # (hook_decide's answer in A: set_result after)
            mpu.a = rng.getrandbits(8)

    def _on_decide(self, c64: C64) -> None:
        mpu = c64.mpu
        kind = DEC_NAMES.get(mpu.a)
        if kind is None:
            raise CoreError(f"hook_decide called with unknown kind {mpu.a}")
        if self._chooser is None:
            raise CoreError(f"hook_decide called for seat {mpu.x}, which is not human")
        self._check_view(self._view.decide, c64, mpu.a, kind, mpu.x, self._hand(mpu.x),
                         c64.peek("zp_mask"))
        bid_round = self._read("bid_round")[0]
        req = Request(kind=kind, seat=mpu.x, hand=self._hand(mpu.x),
                      mask=c64.peek("zp_mask"), bid_round=bid_round,
                      upcard=self._read("upcard")[0],
                      forced_alone=bool(self._read("dec_forced")[0]),
                      stuck=kind == "bid" and bool(self._read("rules_stick")[0])
                      and bid_round == 2 and mpu.x == self._read("dealer")[0],
                      alone_allowed=bool(self._read("rules_alone")[0]),
                      up_suit=self._read("up_suit")[0])
        answer = self._chooser(req)
        self._clobber(c64, keep_a=True)
        c64.set_result(a=answer)
