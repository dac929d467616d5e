"""The bit93 preset is frozen: the 6502 port is checked against it event by event.

The digests below were produced by the engine *before* any other rule set was
added (commit b8ff9ac). They pin the RNG stream, every deal, every event and
every reference-player decision of bit93, and the bytes of its test vectors.
If one of these fails, a change meant for another preset leaked into bit93.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from pyengine.player import RandomPlayer, RefPlayer
from pyengine.rules import BIT93, preset
from pyengine.runner import play_game
from pyengine.transcript import from_game
from pyengine.vectors import write_vectors

SEEDS = range(50)
AUTO = "2957c258cd5d5eba1b48e520b9720a651987f7bd73c1e8483cced63e6bf72823"
HUMAN_RANDOM = "0e68649b0a8d441c44bc96cd4149cd65a3433794c2c24923b048066c063240d6"
ALL_RANDOM = "88e8b1053e3ebad9bb27cb34550a67aa1d632021d2e6f62c0fb02cf420f87eab"
VECTORS = "6e5503b6ddd9de4d12240986987afa82fef88a3c1fe853ab01c1f8861e77e5ce"


def _digest(objs: list[dict]) -> str:
    m = hashlib.sha256()
    for o in objs:
        m.update(json.dumps(o, sort_keys=True).encode())
        m.update(b"\n")
    return m.hexdigest()


def test_bit93_preset_is_the_default_rules_value():
    assert preset("bit93") == BIT93


def test_bit93_ref_games_unchanged():
    games = [from_game(play_game(BIT93, s, [RefPlayer()] * 4)).to_json() for s in SEEDS]
    assert _digest(games) == AUTO


def test_bit93_games_with_a_random_south_unchanged():
    games = [from_game(play_game(BIT93, s, [RandomPlayer(s), RefPlayer(), RefPlayer(),
                                            RefPlayer()])).to_json() for s in SEEDS]
    assert _digest(games) == HUMAN_RANDOM


def test_bit93_all_random_games_unchanged():
    games = [from_game(play_game(BIT93, s, [RandomPlayer(s * 4 + i) for i in range(4)]))
             .to_json() for s in SEEDS]
    assert _digest(games) == ALL_RANDOM


def test_bit93_vector_files_unchanged(tmp_path: Path):
    write_vectors(tmp_path, games=4, seed=7)
    m = hashlib.sha256()
    for p in sorted(tmp_path.glob("*.json")):
        m.update(p.name.encode())
        m.update(p.read_bytes())
    assert m.hexdigest() == VECTORS
