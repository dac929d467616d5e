"""The 6502's computer player for the other shapes (asm/varai.oph) decides as pyengine's
VariantPlayer, position by position (tools/gamecore/varai_check.py), under Bid Euchre,
the 32-card deck, the joker, three players and their combinations - before any whole
6502 game of those shapes exists. The last tests break the program (a threshold off by
one, no-trump low ordered as high, ...) and check that the fuzz run notices.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

import pytest

from pyengine.core.cards import EXT_CARDS, HEARTS, Card, Suit, card_name, parse_card
from pyengine.core.game import GameState, Phase, PlayAction
from pyengine.core.rules import BID6, BIT93, STANDARD, Rules
from pyengine.core.seatview import SeatView
from pyengine.players import varplayer
from pyengine.players.runner import play_game
from pyengine.players.varplayer import VariantPlayer, strength
from pyengine.records.transcript import from_game
from tools.gamecore.core import Core
from tools.gamecore.varai_check import RULE_SETS, VarCore, check_rules
from tools.machine.harness import C64
from tools.program.build import build

GAMES = 12                      # per rule set: ~1,200 decisions each
SEED = 93
FRAME_CYCLES = 19_656           # one PAL frame (docs/performance.md)
OP_LDX_IMM, OP_STA_ZP = 0xA2, 0x85
OP_LDA_IMM, OP_LDA_ABS, OP_NOP = 0xA9, 0xAD, 0xEA
CARD_NONE = 0xFF


@pytest.fixture(scope="module")
def prg():
    return build()


@pytest.fixture(scope="module")
def core(prg) -> VarCore:
    return VarCore(C64.from_build())


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_the_6502_decides_as_variant_player(core, name):
    rep = check_rules(core, RULE_SETS[name], GAMES, SEED)
    print(f"{name}: {rep.line()}")
    assert rep.ok, f"{rep.line()}\nfirst difference: {rep.first}"
    assert rep.cases.get("lead", 0) > 50 and rep.cases.get("follow", 0) > 150
    if not RULE_SETS[name].bid6:
        assert rep.cases.get("bid", 0) > 100 and rep.cases.get("discard", 0) > 0
    if RULE_SETS[name].joker:
        assert rep.cases.get("joker", 0) > 100
    worst = max(c for c, _ in rep.worst.values())
    assert worst < FRAME_CYCLES, rep.line()


def test_classic_rules_still_ask_the_reference_player(core):
    """rules_classic: Bit #93's shape keeps asm/ai.oph (whose answers differ from
    VariantPlayer's on many positions: the cross-check of whole games guards them)."""
    c64 = core.c64
    for rules, classic in ((BIT93, 1), (STANDARD, 1), (BIT93.with_options(deck=32), 0),
                           (BIT93.with_options(joker=True), 0), (BID6, 0),
                           (STANDARD.with_options(players=3), 0)):
        core.set_rules(rules)
        assert c64.peek("rules_classic") == classic, rules


# ---- the fuzz run sees a broken player ----------------------------------------------------
Pattern = bytes | Callable[[C64], bytes]


def _patch_after(c64: C64, label: str, old: Pattern, new: Pattern, within: int = 400) -> None:
    """Replace the first ``old`` at or after ``label`` (within ``within`` bytes; a
    callable is given the machine, for addresses from its map)."""
    old = old(c64) if callable(old) else old
    new = new(c64) if callable(new) else new
    start = c64.address(label)
    where = bytes(c64.mem[start:start + within]).find(old)
    assert where >= 0, f"{old.hex()} not found after {label}"
    c64.poke(start + where, new)


def _ldx(value: int) -> bytes:
    return bytes([OP_LDX_IMM, value])


def _sta_zp(label: str, off: int = 0) -> Callable[[C64], bytes]:
    """STA to a zero-page label (+ off), its address from the build's map."""
    return lambda c64: bytes([OP_STA_ZP, c64.address(label) + off])


def _lda_abs(label: str) -> Callable[[C64], bytes]:
    """LDA from an absolute label, its address from the build's map."""
    return lambda c64: bytes([OP_LDA_ABS]) + c64.address(label).to_bytes(2, "little")


def _lda_imm_nop(value: int) -> bytes:
    """LDA #value and a NOP: the three bytes of an LDA absolute."""
    return bytes([OP_LDA_IMM, value, OP_NOP])


MUTANTS = {
    # (what is broken, the rule set that must notice, the patch)
    "order threshold off by one": ("standard -o deck=32", "var_bid", _ldx(11), _ldx(12)),
    "cutthroat extra off by one": ("standard -o players=3", "var_bid", _ldx(15), _ldx(14)),
    "the forced loner orders at 18": ("bit93 -o joker=true", "var_bid", _ldx(19), _ldx(18)),
    "no-trump low led by the ace": ("bid6", "var_lead", _ldx(2), _ldx(7)),
    "the joker stored one byte off": ("standard -o joker=true", "var_joker",
                                      _sta_zp("zp_ai_c2"), _sta_zp("zp_ai_c2", 1)),
    "the joker worth 6 points": ("standard -o joker=true", "var_trump_points",
                                 bytes([5, 6, 7]), bytes([5, 6, 6])),
    "the boss walk stopped by an absent joker": ("bid6", "var_lead",
                                                 _lda_abs("rules_joker"), _lda_imm_nop(1)),
    "the joker gone though dealt": ("standard -o joker=true", "var_lead",
                                    _lda_abs("rules_joker"), _lda_imm_nop(0)),
}


@pytest.mark.parametrize("mutant", list(MUTANTS))
def test_the_fuzz_run_sees_a_broken_player(prg, mutant):
    name, label, old, new = MUTANTS[mutant]
    c64 = C64.from_build()
    _patch_after(c64, label, old, new)
    rep = check_rules(VarCore(c64), RULE_SETS[name], GAMES, SEED)
    assert not rep.ok, f"{mutant}: {rep.line()}"


def test_the_fuzz_run_sees_no_trump_low_ordered_as_high(prg):
    """ext_power_tab's no-trump-low row replaced by no-trump high's."""
    c64 = C64.from_build()
    table = c64.address("ext_power_tab")
    c64.poke(table + 5 * 33, c64.read_label(table + 4 * 33, 33))
    rep = check_rules(VarCore(c64), BID6, GAMES, SEED)
    assert not rep.ok, rep.line()


def test_var_strength_is_variant_players_strength(core):
    """var_strength (asm/deck32.oph's ai_defend calls it): every suit, 2,000 random hands
    of the 33 codes, five or six cards, in any slot."""
    rng = random.Random(SEED)
    c64 = core.c64
    bad = []
    for _ in range(2_000):
        seat, trump = rng.randrange(4), rng.randrange(4)
        hand = rng.sample(range(EXT_CARDS), rng.choice((5, 6)))
        c64.poke("hands", [CARD_NONE] * 24)
        c64.poke(c64.address("hands") + seat * 6, hand)
        c64.poke(c64.address("hand_len") + seat, len(hand))
        c64.poke("zp_seat", seat)
        c64.poke("zp_trump", trump)
        got = c64.call("var_strength").a
        want = strength([Card(c) for c in hand], trump)
        if got != want:
            bad.append(f"{[str(Card(c)) for c in hand]} trump {trump}: {got}, pyengine {want}")
    assert bad == []


# ---- whole games: the variant player in Bit #93's flow ----------------------------------
WHOLE_GAMES = 6


def _rules_never_classic(core: Core) -> None:
    """Patch rules_shape so rules_classic stays 0: decide asks asm/varai.oph in every
    game (its INX is the only way to 1)."""
    _patch_after(core.c64, "rules_shape", bytes([0xE8]), bytes([0xEA]), within=30)


@pytest.mark.parametrize("rules", [BIT93, STANDARD.with_options(defend_alone=True,
                                                                 farmers_hand=True)],
                         ids=["bit93", "standard+defend+farmers"])
def test_the_variant_player_plays_whole_games_as_pyengine(prg, monkeypatch, rules):
    """With rules_classic held at 0, the 6502 plays whole games of the shape the core
    plays today with asm/varai.oph's decisions, and pyengine - VariantPlayer told that
    no rule set is classic - plays the same games event for event. It is the flow's
    proof for the other shapes before their flows exist; the decisions' cycles come
    from the harness's var_decide trap."""
    monkeypatch.setattr(varplayer, "classic", lambda r: False)
    core = Core()
    _rules_never_classic(core)
    kinds: dict[str, int] = {}
    for seed in range(WHOLE_GAMES):
        game = core.play(seed, rules=rules)
        py = from_game(play_game(rules, seed, [VariantPlayer() for _ in range(4)])).events
        assert game.events == py, f"game {seed}: the 6502 and pyengine differ"
        for kind, cycles in game.decision_cycles.items():
            kinds[kind] = kinds.get(kind, 0) + len(cycles)
            assert max(cycles) < FRAME_CYCLES, kind
    assert kinds.get("bid", 0) > 50 and kinds.get("play", 0) > 200, kinds


def test_whole_games_see_the_reference_player_is_not_the_variant_one(prg, monkeypatch):
    """The same 6502 games without the patch (asm/ai.oph decides) are not those of
    VariantPlayer told nothing is classic: the test above can fail."""
    monkeypatch.setattr(varplayer, "classic", lambda r: False)
    core = Core()
    differ = 0
    for seed in range(WHOLE_GAMES):
        events = core.play(seed, rules=BIT93).events
        py = from_game(play_game(BIT93, seed, [VariantPlayer() for _ in range(4)])).events
        differ += events != py
    assert differ > 0


# ---- the makers lead the boss trump: cards out of the deck count as gone ----------------
def _lead_view(rules: Rules, hand: str, played: str, trump: int, maker: int = 0) -> SeatView:
    """Seat 0 to lead the first card of a trick under ``rules``: ``hand`` and ``played``
    written as card names; a real lead position of a VariantPlayer game, changed."""
    g = GameState.new(rules, SEED)
    player = VariantPlayer()
    while not (g.phase == Phase.PLAY and not g.view(g.to_move).trick):
        g.apply(player.decide(g.view(g.to_move)))        # type: ignore[arg-type]
    cards = tuple(parse_card(c) for c in hand.split())
    return dataclasses.replace(
        g.view(g.to_move), seat=0, hand=cards, trump=Suit(trump), maker=maker,  # type: ignore[arg-type]
        trick=(), played=tuple(parse_card(c) for c in played.split()),
        legal=tuple(PlayAction(c) for c in cards))


BOSS_LEADS = {
    # (rules, seat 0's hand, the cards played, trump, maker, the card to lead)
    "bid6: the right bower, no joker in the deck": (BID6, "JH AS 9C TD", "", HEARTS, 2, "JH"),
    "32 cards: the left bower once the right is played": (
        STANDARD.with_options(deck=32), "JD AS 7C", "JH 9S QS TS", HEARTS, 0, "JD"),
    "cutthroat: the right bower, the maker alone": (
        STANDARD.with_options(players=3), "JH AS 9C", "", HEARTS, 0, "JH"),
    "the joker still out: no boss, the side ace": (
        STANDARD.with_options(joker=True), "JH AS 9C", "", HEARTS, 0, "AS"),
    "the joker played: the right bower": (
        STANDARD.with_options(joker=True), "JH AS 9C", "XX 9S QS", HEARTS, 0, "JH"),
}


@pytest.mark.parametrize("case", list(BOSS_LEADS))
def test_the_makers_lead_the_boss_trump(core, case):
    """VariantPlayer._lead and var_lead walk the trumps from the top past the cards gone:
    played, or never dealt in this game (the joker without the joker option, the 7s and
    8s of 24 cards). Walked as if every game had the joker, the makers never led the
    boss in a game without it (the first three cases, which the old code failed)."""
    rules, hand, played, trump, maker, want = BOSS_LEADS[case]
    v = _lead_view(rules, hand, played, trump, maker)
    assert VariantPlayer().decide(v) == PlayAction(parse_card(want))
    core.set_rules(rules)
    got, slots, _ = core.decide(v, "play", random.Random(SEED))
    assert card_name(slots[got]) == want


def test_old_lead_keeps_the_first_walk_for_the_arena():
    """variant:old_lead=1 (the arena's measure of the change) stops at the absent joker."""
    v = _lead_view(BID6, "JH AS 9C TD", "", HEARTS, 2)
    assert VariantPlayer(old_lead=True).decide(v) == PlayAction(parse_card("AS"))
