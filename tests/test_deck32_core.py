"""The 32-card deck and the joker on the 6502 (asm/deck32.oph, issue 25).

The core's side of these rules, apart from any computer player: the shuffle over
pyengine's deck codes, the ext rows of the card tables (the 7s and 8s under the 9s,
the joker above the right bower), the upcard joker named by the dealer, the farmer's
hand with 7s and 8s. Four random seats (the harness's fumbling chooser, illegal answers
included) play each game on both engines, so every rule decision is the core's and
every choice is the same draw in both. Each check is seen to fail: the build is patched
the way a wrong port would be and the same games must find the difference.
"""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from pyengine.core.cards import EXT, EXT_CARDS, JOKER, Card, deck_codes, rank_of, suit_of
from pyengine.core.rng import Rng
from pyengine.players.player import RandomPlayer
from pyengine.players.runner import play_game
from pyengine.records.transcript import from_game
from tools.gamecore.core import Core, FumblingChooser, Request
from tools.gamecore.hook_view import trump_row
from tools.gamecore.rules_block import from_cli
from tools.machine.harness import HarnessError
from tools.program.c64map import Symbols

PRG = Path("build/euchre.prg")
EXT_ROW0, EXT_ROWS = 96, 4 * 33
SEAT_SEED = 4                            # seat s of game n draws from n * 4 + s
DECKS = (("deck=32",), ("joker=true",), ("deck=32", "joker=true"))
FARMERS = ("deck=32", "joker=true", "farmers_hand=true", "no_ace_no_face_no_trump=true")


def random_table_mismatch(core: Core, seed: int, options: tuple[str, ...]) -> str | None:
    """Game ``seed`` with four random seats on the 6502 and in pyengine: None if every
    event is the same, else the first difference (or the 6502's fault)."""
    rules = from_cli("standard", options)
    choosers = [FumblingChooser(seed * SEAT_SEED + s) for s in range(4)]
    py = from_game(play_game(rules, seed, [RandomPlayer(seed * SEAT_SEED + s)
                                           for s in range(4)])).events
    try:
        events = core.play(seed, human_seats=0b1111, rules=rules,
                           chooser=lambda req: choosers[req.seat](req)).events
    except HarnessError as exc:
        events = (core.last_game.events if core.last_game else []) + [{"fault": str(exc)}]
    for i in range(max(len(events), len(py))):
        a = events[i] if i < len(events) else None
        b = py[i] if i < len(py) else None
        if a != b:
            return f"game {seed} event {i}: 6502 {a}, pyengine {b}"
    return None


def first_mismatch(prg: Path, options: tuple[str, ...], seeds) -> str | None:
    core = Core(prg)
    for seed in seeds:
        found = random_table_mismatch(core, seed, options)
        if found:
            return found
    return None


# ---- the tables and the shuffle ----------------------------------------------------------

def test_the_ext_rows_are_pyengines_ext_tables():
    c64 = Core(PRG).c64
    for table, ext in (("eff_suit_tab", "eff_suit_ext"), ("power_tab", "power_ext")):
        assert c64.address(ext) == c64.address(table) + EXT_ROW0, ext
    eff = c64.read_label("eff_suit_ext", EXT_ROWS)
    power = c64.read_label("power_ext", EXT_ROWS)
    for trump in range(4):
        for card in range(EXT_CARDS):
            at = trump * 33 + card
            follows = EXT.effective_suit[trump][card]
            assert eff[at] == follows, (trump, card)
            assert power[at] == EXT.power[trump][follows][card], (trump, card)
    suits, ranks = c64.read_label("card_suit", EXT_CARDS), c64.read_label("card_rank", EXT_CARDS)
    assert list(suits) == [int(suit_of(Card(c))) for c in range(EXT_CARDS)]
    assert list(ranks) == [rank_of(Card(c)) & 0xFF for c in range(EXT_CARDS)]


@pytest.mark.parametrize("deck, joker", [(24, False), (24, True), (32, False), (32, True)])
def test_the_shuffle_is_pyengines_for_every_deck(deck, joker):
    core = Core(PRG)
    c64 = core.c64
    codes = deck_codes(deck, joker)
    c64.poke("rules_deck", deck)
    c64.poke("rules_joker", int(joker))
    c64.call("deck32_setup")
    assert c64.peek("deck_last") == len(codes) - 1
    assert c64.peek("ext_game") == int(deck != 24 or joker)
    for seed in range(0, 4000, 97):
        c64.poke("game_seed", [seed & 0xFF, seed >> 8])
        c64.call("rng_seed")
        c64.call("shuffle")
        c64.call("shuffle")                         # the generator runs on: a second deal
        rng = Rng.from_seed(seed)
        rng.shuffled_deck(len(codes))
        want = [int(codes[k]) for k in rng.shuffled_deck(len(codes))]
        assert list(c64.read_label("deck", len(codes))) == want, seed
        state = c64.read_label("rng_state", 4)
        assert int.from_bytes(state, "little") == rng.state, seed


@pytest.mark.parametrize("ext", [0, 1])
def test_set_trump_rules_picks_the_row(ext):
    c64 = Core(PRG).c64
    rules = from_cli("standard", ("joker=true",) if ext else ())
    c64.poke("ext_game", ext)
    for trump in range(4):
        c64.call("set_trump_rules", a=trump)
        assert (c64.peek("zp_trump"), c64.peek("zp_trump24")) == (trump, trump_row(rules, trump))


def test_the_joker_question_is_answered_in_pyengines_order():
    req = Request("joker", 0, (), 0, 0, int(JOKER), False)
    assert req.legal() == [("joker", s) for s in range(4)]
    assert [req.answer(c) for c in req.legal()] == [0, 1, 2, 3]


# ---- whole games: four random seats --------------------------------------------------------

GAMES = 12


@pytest.mark.parametrize("options", DECKS + (FARMERS,), ids=" ".join)
def test_random_tables_agree_with_pyengine(options):
    core = Core(PRG)
    for seed in range(GAMES):
        assert random_table_mismatch(core, seed, options) is None


def test_the_random_tables_reach_the_new_cards_rules():
    """What the games above must have played, from the 6502's own events."""
    core, seen = Core(PRG), Counter()
    for options in DECKS + (FARMERS,):
        rules = from_cli("standard", options)
        for seed in range(GAMES):
            seats = [FumblingChooser(seed * SEAT_SEED + s) for s in range(4)]
            game = core.play(seed, human_seats=0b1111, rules=rules,
                             chooser=lambda req, seats=seats: seats[req.seat](req))
            trick: list[tuple[int, str]] = []
            for e in game.events:
                if e["ev"] == "joker_suit":
                    seen["joker named"] += 1
                elif e["ev"] == "deal" and e["upcard"][0] in "78":
                    seen["a 7 or 8 turned up"] += 1
                elif e["ev"] == "play":
                    trick.append((e["seat"], e["card"]))
                elif e["ev"] == "trick":
                    won = dict(trick)[e["winner"]]
                    if won[0] in "78":
                        seen["a 7 or 8 wins a trick"] += 1
                    if trick[0][1] == "XX":
                        seen["joker led"] += 1
                    elif won == "XX":
                        seen["joker wins, not led"] += 1
                    trick = []
                elif e["ev"] == "redeal" and e["reason"] == "farmers_hand":
                    seen["farmer's hand"] += 1
    assert min(seen[k] for k in ("joker named", "a 7 or 8 turned up", "a 7 or 8 wins a trick",
                                  "joker led", "joker wins, not led", "farmer's hand")) > 0, seen


# ---- wrong ports ----------------------------------------------------------------------------

def patched(tmp_path: Path, label: str, pattern: bytes, at: int, value: int) -> Path:
    """The build with byte ``at`` of the first ``pattern`` after ``label`` set to ``value``."""
    data = bytearray(PRG.read_bytes())
    symbols = Symbols.from_map(PRG.with_suffix(".map"))
    load = data[0] | data[1] << 8
    start = symbols.address(label) - load + 2
    found = data.find(pattern, start, start + 160)
    assert found >= 0, f"{pattern.hex()} not found in {label}"
    data[found + at] = value
    out = tmp_path / "broken.prg"
    out.write_bytes(bytes(data))
    shutil.copy(PRG.with_suffix(".map"), out.with_suffix(".map"))
    return out


def in_table(tmp_path: Path, label: str, offsets: list[int], value: int) -> Path:
    """The build with the bytes of table ``label`` at ``offsets`` set to ``value``."""
    data = bytearray(PRG.read_bytes())
    symbols = Symbols.from_map(PRG.with_suffix(".map"))
    start = symbols.address(label) - (data[0] | data[1] << 8) + 2
    for k in offsets:
        data[start + k] = value
    out = tmp_path / "broken.prg"
    out.write_bytes(bytes(data))
    shutil.copy(PRG.with_suffix(".map"), out.with_suffix(".map"))
    return out


ROWS = range(4)
# (what is broken, how, options, games)
MUTANTS = [
    ("the 32-card deck dealt as 24 cards", ("deck32_setup", bytes([0xE0, 32]), 1, 33),
     ("deck=32",), range(2)),
    ("a 7 of clubs where the joker goes", ("shuffle", bytes([0xA9, 32]), 1, 31),
     ("joker=true",), range(2)),
    ("the classic rows with the joker", ("set_trump_rules", bytes([0x69, 96]), 1, 0),
     ("joker=true",), range(3)),
    ("an upcard joker not named", ("joker_upcard", bytes([0xC9, 32]), 1, 33),
     ("joker=true",), range(GAMES)),
    # pinned: 25 and 136, a fumbling dealer answers 4 to the joker question
    ("a dealer's answer 4 to the joker taken", ("joker_upcard", bytes([0xC9, 4]), 1, 5),
     ("joker=true",), (25, 136)),
    ("7s and 8s not a farmer's cards", ("redeal_reason", bytes([0x69, 2]), 1, 0),
     FARMERS, range(GAMES)),
    ("the joker not above the right bower", ("power_ext", [t * 33 + 32 for t in ROWS], 27),
     ("joker=true",), range(GAMES)),
    ("the joker follows its own suit", ("eff_suit_ext", [t * 33 + 32 for t in ROWS], 4),
     ("joker=true",), range(GAMES)),
    ("the 7s above the 8s", ("power_ext", [t * 33 + 24 + 2 * s for t in ROWS
                                           for s in range(4) if s != t], 3),
     ("deck=32",), range(GAMES)),
]


@pytest.mark.parametrize("mutant", MUTANTS, ids=[m[0] for m in MUTANTS])
def test_a_wrong_port_is_caught(tmp_path, mutant):
    _, how, options, seeds = mutant
    broken = in_table(tmp_path, *how) if isinstance(how[1], list) else patched(tmp_path, *how)
    assert first_mismatch(broken, options, seeds) is not None, \
        "the cross-check did not see the broken build"


def test_the_mutants_games_agree_unbroken():
    """The mutants' games on the build as it is (their baseline)."""
    for _, _, options, seeds in MUTANTS:
        assert first_mismatch(PRG, options, seeds) is None
