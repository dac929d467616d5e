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

from pyengine.core.options import options_of
from pyengine.core.rules import BIT93, Rules
from pyengine.players.c64levels import DEFAULT_C64_LEVEL, LEVEL_BYTE

from ..machine.harness import C64, HarnessError
from ..program.c64map import SymbolError, Symbols
from .decoder import EventDecoder
from .hook_view import HookView
from .protocol import (
    BID_ALONE,
    BID_MAKE,
    BID_PASS,
    CONTRACTS,
    DEC_CODES,
    DEC_NAMES,
    EV_DEAL,
    HAND_MAX,
    JOKER_CHOICES,
    MAX_BID,
    MIN_BID,
    TWO_WAY,
    CoreError,
    read_hand,
)
from .rules_block import encode, unplayable

GAME_CYCLE_BUDGET = 10_000_000        # a long game is ~1 M cycles; past this it has hung
BUDGET_TARGET_STEP = 5                # beyond Bit #93's target: one budget per 5 points


HARD_GAME_FACTOR = 20                 # HARD: up to ~60 searches of up to 900,000 cycles


def game_cycle_budget(rules: Rules, level: str = DEFAULT_C64_LEVEL) -> int:
    """Cycles after which a game under ``rules`` has hung (a game to 100 takes ~8 M;
    HARD's searches take up to a second each)."""
    factor = HARD_GAME_FACTOR if level == "hard" else 1
    if rules.target <= BIT93.target:
        return GAME_CYCLE_BUDGET * factor
    return GAME_CYCLE_BUDGET * factor * -(-rules.target // BUDGET_TARGET_STEP)



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
    stuck: bool = False            # the dealer may not pass: stick the dealer (round 2),
                                   # Bid Euchre when everybody passed
    alone_allowed: bool = True     # the rules let a maker go alone by choice
    high: int = 0                  # Bid Euchre: the high bid so far (0: nobody bid)
    dealer_to_bid: bool = False    # Bid Euchre: the dealer bids (he may match)
    up_suit: int | None = None     # the suit the upcard proposes (up_suit; an upcard
                                   # joker's: named), None = the upcard's own (code // 6)

    def legal(self) -> list[tuple]:
        """The legal choices in pyengine's canonical order (GameState.legal_actions)."""
        if self.kind in TWO_WAY:
            return list(TWO_WAY[self.kind])
        if self.kind == "auction":                  # pyengine bid6.legal_bids
            if self.dealer_to_bid:
                if not self.high:
                    return [("bid", n) for n in range(MIN_BID, MAX_BID + 1)]
                return [("pass",)] + [("bid", n) for n in range(self.high, MAX_BID + 1)]
            low = max(MIN_BID, self.high + 1)
            return [("pass",)] + [("bid", n) for n in range(low, MAX_BID + 1)]
        if self.kind == "declare":
            return [("declare", t) for t in range(CONTRACTS)]
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
        if self.kind in ("auction", "declare"):
            return 0 if choice[0] == "pass" else choice[1]
        if self.kind == "joker":
            return choice[1]
        if self.kind == "bid":
            if choice[0] == "pass":
                return BID_PASS
            return BID_MAKE | (BID_ALONE if choice[2] else 0) | choice[1]
        return self.hand.index(choice[1])


Chooser = Callable[[Request], int]
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
    elif req.kind == "auction":                       # asm/bid6.oph bid6_answer_ok
        kinds = [[1, 2, MAX_BID + 1], list(range(MAX_BID + 2, 256)),      # no such bid
                 list(range(MIN_BID, MAX_BID + 1)),                       # too low
                 [0]]                                                     # the dealer's pass
    elif req.kind == "declare":
        kinds = [[CONTRACTS], list(range(CONTRACTS + 1, 256))]
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
        self._thinking = False                  # hook_think said a search began
        c64 = self.c64
        for label in ("core_game", "hook_event", "hook_decide", "ai_bid", "ai_discard",
                      "ai_play", "deal_hand", "game_seed", "human_seats"):
            c64.address(label)          # a clear error now if the .prg lacks one
        c64.trap("hook_event", self._on_event)
        c64.trap("hook_decide", self._on_decide)
        c64.trap("hook_think", self._on_think)      # HARD's search begins / ends
        for kind in DEC_NAMES.values():
            c64.trap(f"ai_{kind}", self._ai_entry(kind), rts=False)
        c64.trap("bm_bid", self._ai_entry("bid"), rts=False)    # the learned model's bids
        c64.trap("var_decide", self._var_entry, rts=False)  # the other shapes' player
        c64.trap("deal_hand", self._on_deal_start, rts=False)
        c64.trap("bid6_deal", self._on_deal_start, rts=False)

    # --- running ------------------------------------------------------------

    def play(self, seed: int, human_seats: int = 0, chooser: Chooser | None = None,
             rules: Rules = BIT93, level: str = DEFAULT_C64_LEVEL) -> CoreGame:
        """Play game ``seed`` under ``rules`` (written to the core's rules block first:
        asm/rules.oph), the computer at the opponents' ``level`` (easy, normal, hard:
        the core's opp_level, asm/levels.oph); ValueError for rules the core does not
        play yet."""
        if human_seats and chooser is None:
            raise ValueError("human seats need a chooser")
        problems = unplayable(rules)
        if problems:
            raise ValueError(problems[0])
        c64 = self.c64
        self._game = self.last_game = CoreGame(seed, rules=rules)
        self._chooser = chooser
        self._decoder.reset(rules)
        self._view = HookView(CoreError, rules=rules)
        self._clobber_rng = random.Random(seed)
        self._thinking = False
        c64.poke("game_seed", [seed & 0xFF, seed >> 8])
        c64.poke("human_seats", human_seats)
        for label, byte in encode(rules).items():
            c64.poke(label, byte)
        c64.poke("opp_level", LEVEL_BYTE[level])
        result = c64.call("core_game", max_cycles=game_cycle_budget(rules, level))
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

    def _on_think(self, c64: C64) -> None:
        """hook_think: A = 1 as a search begins, 0 as it ends, by turns (the front end's
        sign would otherwise stay on or never show); the registers scrambled after, as a
        real hook may leave them."""
        want = 0 if self._thinking else 1
        if c64.mpu.a != want:
            raise CoreError(f"hook_think called with A = {c64.mpu.a}, not {want} "
                            f"({'a search under way' if self._thinking else 'no search'})")
        self._thinking = not self._thinking
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
                      stuck=(kind == "bid" and bool(self._read("rules_stick")[0])
                             and bid_round == 2 or kind == "auction"
                             and not self._read("bid6_high")[0])
                      and mpu.x == self._read("dealer")[0],
                      alone_allowed=bool(self._read("rules_alone")[0]),
                      high=self._read("bid6_high")[0],
                      dealer_to_bid=mpu.x == self._read("dealer")[0],
                      up_suit=self._read("up_suit")[0])
        answer = self._chooser(req)
        self._clobber(c64, keep_a=True)
        c64.set_result(a=answer)
