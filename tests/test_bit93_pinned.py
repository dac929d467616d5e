"""The bit93 preset is frozen: the 6502 port is checked against it event by event.

The digests below were produced by the engine *before* any other rule set was
added (commit b8ff9ac), and re-pinned twice since, on purpose: when the reference
player's bidding thresholds were tuned in the arena (issue 7), and when it gained
card memory, a scored lead and seat- and score-aware bidding (issue 16) - each time
together with the same change in asm/ai.oph and the full-game cross-check green. They pin the RNG
stream, every deal, every event and every reference-player decision of bit93,
and the bytes of its test vectors. If one of these fails, a change meant for
another preset leaked into bit93 - or ref changed without the 6502.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from pyengine.core.rules import BIT93, preset
from pyengine.measure.vectors import write_vectors
from pyengine.players.player import RandomPlayer, RefPlayer
from pyengine.players.runner import play_game
from pyengine.records.transcript import from_game

SEEDS = range(50)
AUTO = "2c9409794923e04b9914cc645c72f5ba415b69abbc2cb708bde7a7c017d3769d"
HUMAN_RANDOM = "f3e9b7b04e293712b91c01de86efae97050ee83d87af33cdc7b1f54b93ccc9b6"
ALL_RANDOM = "88e8b1053e3ebad9bb27cb34550a67aa1d632021d2e6f62c0fb02cf420f87eab"
VECTORS = "774090043f8afdcd4ac40cfa8e96a12a6d6a7d5189c27724cb61f20800cc476a"


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
