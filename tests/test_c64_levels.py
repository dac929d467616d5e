"""The C64's opponent levels (issue 42): EASY, NORMAL and HARD on the 6502, and their
twins c64easy / c64hard in pyengine (asm/levels.oph, asm/sample.oph, asm/search.oph;
pyengine/players/c64levels.py; docs/design.md "The C64's opponent levels")."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from pyengine.cli import cli as shell_cli
from pyengine.core.cards import EFFECTIVE_SUIT
from pyengine.core.game import GameState, Phase
from pyengine.core.options import OptionError
from pyengine.core.rules import BIT93, PRESETS, apply_options
from pyengine.core.rulescode import code_level, rules_code, rules_from_code
from pyengine.measure.arena import make_player
from pyengine.players import c64levels as lv
from pyengine.players.runner import play_game
from pyengine.players.varplayer import VariantPlayer
from pyengine.records.transcript import from_game
from tests.patching import at_label, patched
from tools.commands.cli import cli
from tools.gamecore.core import Core
from tools.gamecore.crosscheck import compare_game
from tools.machine.harness import REAL_FRAME_CYCLES

PRG = Path("build/euchre.prg")
ONE_SECOND = 900_000            # cycles: 50 PAL frames of the game's own time
STD_DEFEND = apply_options(PRESETS["standard"], {"defend_alone": True})
EXT = apply_options(PRESETS["standard"], {"deck": 32, "joker": True})
THREE = apply_options(PRESETS["standard"], {"players": 3, "alone_allowed": False})


# --- pyengine ---------------------------------------------------------------------------

def _hard_views(seeds: range, rules=BIT93):
    """The views of HARD's searched decisions in c64hard's own games."""
    for seed in seeds:
        g = GameState.new(rules, seed)
        player = lv.C64HardPlayer()
        while not g.over:
            v = g.view(g.turn)
            if lv.hard_searches(v):
                yield v
            g.apply(player.decide(v))


def test_the_search_is_exact_minimax_in_every_sampled_world() -> None:
    """The pruned search (bounds, equivalent cards, the order, the last trick played out)
    gives plain minimax's value for each card of each world: the 6502 mirrors it node for
    node, so this is what makes both machines play the best card and not a near one."""
    worlds = 0
    for v in _hard_views(range(6)):
        k, rng = lv.knowledge(v), lv.decision_rng(v)
        search = lv.Search(k)
        for _ in range(lv.HARD_WORLDS):
            hands = lv.sample_world(k, rng)
            search.world(hands)
            search.nodes = 0                          # no budget here
            for c in lv.legal_cards(v):
                assert search.root(c) - 1 == lv.solve(k, hands, c)
            worlds += 1
    print(f"\n  {worlds:,} sampled worlds, every legal card: pruned search == minimax")
    assert worlds > 500


def test_a_sampled_world_keeps_to_what_the_seat_knows() -> None:
    """Every other seat gets as many cards as it holds, none of them a card played or
    mine, and the dealer the upcard he picked up; a seat gets no card of a suit it has
    shown out of, but in the rare world where no try of SAMPLE_TRIES could keep to it."""
    checked = broken = 0
    for v in _hard_views(range(4)):
        k, rng = lv.knowledge(v), lv.decision_rng(v)
        eff = EFFECTIVE_SUIT[k.trump]
        for _ in range(4):
            hands = lv.sample_world(k, rng)
            assert hands[v.seat] == sorted(v.hand)
            dealt = [c for s, h in enumerate(hands) if s != v.seat for c in h]
            assert len(dealt) == len(set(dealt)) and set(dealt) <= set(k.pool) | {k.upcard}
            assert not set(dealt) & (set(v.hand) | set(v.played))
            for s in range(4):
                assert len(hands[s]) == (k.held[s] if s != v.seat else len(v.hand))
            if k.fixed is not None:
                assert k.upcard in hands[k.fixed]
            checked += 1
            broken += any(k.voids[s] >> eff[c] & 1 for s in range(4) if s != v.seat
                          for c in hands[s])
    assert checked > 100 and broken < checked // 20


def test_easy_slips_on_about_a_quarter_of_its_cards_from_the_decision_generator() -> None:
    easy, normal = lv.C64EasyPlayer(), VariantPlayer()
    cards = slips = 0
    for seed in range(30):
        g = GameState.new(BIT93, seed)
        while not g.over:
            v = g.view(g.turn)
            mine = easy.decide(v)
            if v.phase is Phase.PLAY and len(v.legal) > 1:
                cards += 1
                slips += mine != normal.decide(v)
            else:
                assert mine == normal.decide(v)          # bids, discards, forced cards
            g.apply(mine)
    assert cards > 400
    assert 0.10 < slips / cards < 0.26       # a quarter slip; some slips hit NORMAL's card


@pytest.mark.parametrize("level", ["c64easy", "c64hard"])
def test_a_level_changes_no_deal(level) -> None:
    """The decision's generator is not the deal's: game N deals the same cards at every
    level (so the game number on the title means the same game of cards)."""
    for seed in (3, 4):
        deals = {name: [e for e in from_game(play_game(BIT93, seed, [p] * 4)).events
                        if e["ev"] == "deal"]
                 for name, p in (("normal", VariantPlayer()),
                                 (level, lv.c64_player(level[3:])))}
        n = min(len(d) for d in deals.values())
        assert n >= 5 and deals["normal"][:n] == deals[level][:n]


@pytest.mark.parametrize("rules", [PRESETS["bid6"], EXT, THREE], ids=["bid6", "ext", "three"])
def test_hard_plays_normal_where_the_search_does_not_model_the_game(rules) -> None:
    normal = from_game(play_game(rules, 7, [VariantPlayer()] * rules.players)).events
    hard = from_game(play_game(rules, 7, [lv.C64HardPlayer()] * rules.players)).events
    assert hard == normal


def test_hard_differs_from_normal_where_it_searches() -> None:
    hard, normal = lv.C64HardPlayer(), VariantPlayer()
    differ = sum(hard.decide(v) != normal.decide(v) for v in _hard_views(range(10)))
    assert differ >= 5


def test_the_rules_code_names_the_level() -> None:
    assert rules_code(PRESETS["web"], "hard") == "WEB O2"
    assert rules_code(BIT93, "easy") == "BIT93 O0"
    assert rules_code(BIT93) == "BIT93"                       # NORMAL: no token, as before
    assert code_level("STD T11 O2") == "hard" and code_level("STD T11") is None
    assert rules_from_code("STD T11 O0") == rules_from_code("STD T11")
    for bad, why in (("WEB O7", "expected O0"), ("WEB O2 O0", "given twice")):
        with pytest.raises(OptionError, match=why):
            code_level(bad)


def test_the_shell_plays_a_codes_level_and_the_arena_knows_the_players() -> None:
    runner = CliRunner()
    args = ["play", "--auto", "--plain", "--speed", "instant", "--seed", "11"]
    by_code = runner.invoke(shell_cli, args + ["--rules", "BIT93 O2"])
    by_name = runner.invoke(shell_cli, args + ["--opponents", "c64hard"])
    normal = runner.invoke(shell_cli, args)
    assert by_code.exit_code == by_name.exit_code == 0
    assert by_code.output == by_name.output != normal.output
    bad = runner.invoke(shell_cli, args + ["--rules", "BIT93 O9"])
    assert bad.exit_code == 2 and "expected O0 (easy)" in bad.output
    assert isinstance(make_player("c64hard"), lv.C64HardPlayer)
    assert isinstance(make_player("c64easy"), lv.C64EasyPlayer)


# --- the 6502 ---------------------------------------------------------------------------

LEVEL_RUNS = [
    ("easy", BIT93, range(0, 4)), ("easy", PRESETS["web"], range(10, 13)),
    ("easy", PRESETS["bid6"], range(20, 23)), ("easy", EXT, range(30, 33)),
    ("easy", THREE, range(40, 42)),
    ("hard", BIT93, range(0, 4)), ("hard", PRESETS["web"], range(10, 12)),
    ("hard", STD_DEFEND, range(50, 52)), ("hard", PRESETS["bid6"], range(20, 21)),
]


@pytest.fixture(scope="module")
def core() -> Core:
    return Core(PRG)


@pytest.mark.parametrize("level,rules,seeds", LEVEL_RUNS,
                         ids=[f"{lvl}-{r.name}{i}" for i, (lvl, r, _) in enumerate(LEVEL_RUNS)])
@pytest.mark.parametrize("human", [False, True], ids=["computers", "random-human"])
def test_each_level_on_the_6502_is_its_pyengine_twin(core, level, rules, seeds, human,
                                                    capsys) -> None:
    events = 0
    worst = 0
    for seed in seeds:
        mismatch, figures = compare_game(core, seed, human, rules, level)
        assert mismatch is None, mismatch.report()
        events += figures.events
        worst = max([worst] + [v.worst() for v in figures.decisions.values() if v])
    with capsys.disabled():
        print(f"\n  {level} {rules.name}: {len(seeds)} games, {events:,} events identical; "
              f"worst decision {worst:,} cycles")
    assert worst < (ONE_SECOND if level == "hard" else REAL_FRAME_CYCLES)


def _hard_snapshots(core: Core, seeds: range) -> list[bytes]:
    """RAM at each HARD search's start (hard_play) in the 6502's games."""
    snaps: list[bytes] = []
    c64 = core.c64
    c64.trap("hard_play", lambda m: snaps.append(bytes(m.mem)), rts=False)
    try:
        for seed in seeds:
            core.play(seed, level="hard")
    finally:
        c64.trap("hard_play", None)
    return snaps


def _hidden_swaps(c64, snap: bytes):
    """Two cards of one suit swapped between two other seats that play: the hands
    change, everything the deciding seat may know stays (the counts, the voids shown,
    the upcard the dealer picked up)."""
    sym = c64.address
    mem = snap
    me, trump24 = mem[sym("zp_seat")], mem[sym("zp_trump24")]
    eff = [mem[sym("eff_suit_tab") + trump24 + c] for c in range(24)]
    out = {mem[sym("sitting_out")], mem[sym("defender_out")]}
    base, lens = sym("hands"), sym("hand_len")
    seats = [s for s in range(4) if s != me and s not in out]
    up = mem[sym("upcard")]
    for a in seats:
        for b in seats:
            if a >= b:
                continue
            for i in range(mem[lens + a]):
                for j in range(mem[lens + b]):
                    ca, cb = mem[base + 6 * a + i], mem[base + 6 * b + j]
                    if eff[ca] == eff[cb] and up not in (ca, cb):
                        yield (base + 6 * a + i, cb), (base + 6 * b + j, ca)


def decisions_ignore_hidden_cards(core: Core, seeds: range, limit: int = 20
                                  ) -> tuple[int, int]:
    """(searches tried with hidden cards swapped, those whose card changed), over the
    first ``limit`` searches of the games that have a swap to try."""
    c64 = core.c64
    tried = changed = 0
    snaps = [snap for snap in _hard_snapshots(core, seeds)
             if any(True for _ in _hidden_swaps(c64, snap))][:limit]
    for snap in snaps:
        swaps = list(_hidden_swaps(c64, snap))[:2]
        if not swaps:
            continue
        c64.mem[:] = snap
        first = c64.call("hard_play", max_cycles=2_000_000).a
        for (pa, va), (pb, vb) in swaps:
            c64.mem[:] = snap
            c64.poke(pa, va)
            c64.poke(pb, vb)
            tried += 1
            changed += c64.call("hard_play", max_cycles=2_000_000).a != first
    return tried, changed


def test_hard_never_reads_a_hidden_card(core) -> None:
    """The same search with two hidden cards swapped between two other seats plays the
    same card: what HARD plays depends on its own hand and public facts only."""
    tried, changed = decisions_ignore_hidden_cards(core, range(2))
    print(f"\n  {tried} searches replayed with hidden cards swapped: {changed} changed")
    assert tried >= 30 and changed == 0


def _cheat(tmp_path: Path) -> Path:
    """HARD's worlds dealt from the real hands: sample_world's `lda lv_deck, y` (after
    `sta lv_taken, y`) made `lda hands, y`."""
    def pattern(symbols):
        return (at_label(0x99, "lv_taken")(symbols) + at_label(0xB9, "lv_deck")(symbols))

    def value(symbols):
        address = symbols.address("hands")
        return bytes([0xB9, address & 0xFF, address >> 8])
    return patched(tmp_path, "sample_world", pattern, 3, value, window=400)


def test_a_cheating_hard_is_caught(tmp_path) -> None:
    """A mutant that reads the other seats' cards: the cross-check finds its first
    difference from the honest twin, and the swap test sees its card change."""
    cheat = Core(_cheat(tmp_path))
    mismatch = None
    for seed in range(6):
        mismatch, _ = compare_game(cheat, seed, False, BIT93, "hard")
        if mismatch:
            break
    assert mismatch is not None
    # (four games: since HARD bids by the learned model, game 0's first searches hold
    # no swap the cheat's card depends on)
    tried, changed = decisions_ignore_hidden_cards(cheat, range(4), limit=40)
    assert changed > 0


def test_the_commands_take_the_shells_spelling() -> None:
    runner = CliRunner()
    r = runner.invoke(cli, ["crosscheck", "--games", "1", "--jobs", "1", "--opponents", "hard"])
    assert r.exit_code == 0 and "opponents hard" in r.output and "all identical" in r.output
    r = runner.invoke(cli, ["crosscheck", "--games", "1", "--jobs", "1", "--rules", "WEB O0"])
    assert r.exit_code == 0 and "opponents easy" in r.output
    r = runner.invoke(cli, ["budget", "--games", "2", "--opponents", "hard"])
    assert r.exit_code == 0 and "worst computer decision of this sample" in r.output
    r = runner.invoke(cli, ["c64", "--auto", "--seed", "5", "--opponents", "easy"])
    assert r.exit_code == 0 and "6502 game 5" in r.output
    r = runner.invoke(cli, ["c64", "--auto", "--seed", "5", "--rules", "BIT93 O5"])
    assert r.exit_code == 2 and "expected O0" in r.output
    r = runner.invoke(cli, ["c64", "--seed", "5", "--opponents", "hard", "--ascii"], input="")
    assert r.exit_code == 0 and "RULES BIT93 O2" in r.output     # set by the options keys


def test_the_table_says_thinking_while_hard_searches() -> None:
    """hook_think (asm/levels.oph calls it as a search begins and ends): "THINKING" on
    row 22, the blank row under South's hand, then the row blank again."""
    from tools.machine.harness import C64
    from tools.machine.screen import render_text

    c64 = C64.from_build()
    c64.boot()
    c64.call("hook_think", a=1)
    row = render_text(c64.mem).splitlines()[22]
    assert row.strip() == "THINKING" and row.index("THINKING") == 16
    c64.call("hook_think", a=0)
    assert render_text(c64.mem).splitlines()[22].strip() == ""


# --- the options screen's OPPONENTS line --------------------------------------------------

def test_opponents_is_on_the_options_screen_under_every_preset_and_in_the_code() -> None:
    from tests.test_options_screen import booted
    from tools.frontend.options_screen import LEVEL_CURSOR, open_options, read_options

    fe = booted()
    open_options(fe, "keys")
    from tools.frontend.options_screen import CRSR_UP, RIGHT
    view = read_options(fe.key(CRSR_UP))              # up from the preset: OPPONENTS
    assert view.cursor == LEVEL_CURSOR and view.level == "normal" and view.code == "BIT93"
    seen = []
    for _ in range(3):
        view = read_options(fe.key(RIGHT))
        seen.append((view.level, view.code))
    assert seen == [("hard", "BIT93 O2"), ("easy", "BIT93 O0"), ("normal", "BIT93")]
    for preset, code in (("web", "WEB O0"), ("standard", "STD O0"), ("bid6", "BID6 O0")):
        from tools.frontend.options_screen import CRSR_DOWN, LEFT
        fe.key(LEFT)                                  # (on OPPONENTS: NORMAL -> EASY)
        read_options(fe.key(CRSR_DOWN))               # round to the preset
        view = read_options(fe.key(RIGHT))
        assert view.preset == preset
        view = read_options(fe.key(CRSR_UP))
        assert view.cursor == LEVEL_CURSOR and view.level == "easy" and view.code == code
        view = read_options(fe.key(RIGHT))            # back to NORMAL for the next
        assert view.level == "normal"


def test_opponents_are_kept_across_run_stop_restore_and_run_and_played() -> None:
    from tests.test_options_screen import booted, to_basic
    from tools.frontend.options_screen import choose_rules, table_code, title_code

    fe = booted()
    view = choose_rules(fe, PRESETS["web"], "keys", "hard")
    assert view.level == "hard" and view.code == "WEB O2"
    assert fe.c64.peek("opp_level") == lv.LEVEL_BYTE["hard"]
    to_basic(fe)
    fe.c64.basic_run()
    assert title_code(fe.screen()) == "WEB O2"
    assert fe.c64.peek("opp_level") == lv.LEVEL_BYTE["hard"]
    rows: list[str] = []                              # the table while HARD searches
    from tools.machine.screen import render_text
    fe.c64.trap("sample_world", lambda m: rows.append(render_text(m.mem).splitlines()[22]),
                rts=False)
    screen = fe.start(7, demo=True, stop_after=150)
    assert table_code(screen) == "WEB O2"
    assert rows and all(r.strip() == "THINKING" for r in rows)
    assert render_text(fe.c64.mem).splitlines()[22].strip() == ""


def test_a_level_out_of_range_in_the_store_gives_way_to_the_defaults() -> None:
    from tests.test_options_screen import booted, to_basic
    from tools.frontend.options_screen import choose_rules, title_code

    fe = booted()
    choose_rules(fe, PRESETS["web"], "keys", "easy")
    to_basic(fe)
    mem, sym = fe.c64.mem, fe.c64.symbols.address
    mem[sym("settings_level")] = 3                    # no such level, the sum made right
    mem[sym("settings_sum")] = (mem[sym("settings_sum")] + 3) & 0xFF
    fe.c64.basic_run()
    assert title_code(fe.screen()) == "BIT93" and fe.c64.peek("opp_level") == 1


def test_a_thinking_sign_left_on_is_caught(tmp_path) -> None:
    """hard_play's `lda #0` before its second hook_think made NOPs (A is then whatever
    lvl_rng_done left): the harness, which checks the hook's 1 and 0 by turns, stops
    the game (this mutant survived the mutants' first run, docs/mutants.md)."""
    from tools.gamecore.levels_check import problem

    def pattern(symbols):
        done, think = symbols.address("lvl_rng_done"), symbols.address("hook_think")
        return bytes([0x20, done & 0xFF, done >> 8, 0xA9, 0x00,
                      0x20, think & 0xFF, think >> 8])
    prg = patched(tmp_path, "hard_play", pattern, 3, bytes([0xEA, 0xEA]), window=200)
    why = problem(prg)
    assert why is not None and "hook_think called with A" in why


def test_a_world_whose_strict_tries_all_fall_short_is_judged(tmp_path) -> None:
    """sample_world's `dec lv_try` made `inc` (its strict tries then go on instead of
    the one that ignores the voids) survived the levels' judge, whose games never had a
    world fall short four times; Bit #93's game 1049 at HARD has one (WEB's 827 did
    before HARD bid by the learned model; docs/mutants.md)."""
    from tools.gamecore.levels_check import problem
    from tools.mutation.mutants import all_mutants, select, write_mutant

    (mutant,) = select(all_mutants(PRG), ["sample_world/_short+0:swap"])
    why = problem(write_mutant(PRG, mutant, tmp_path / "mutant.prg"))
    assert why is not None and why.startswith("hard bit93 game 1049")
