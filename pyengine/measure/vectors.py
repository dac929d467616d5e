"""Test vectors: versioned JSON files the 6502 port is checked against.

Every file is one object ``{"format": "euchre-vectors/1", "kind": KIND,
"rules": "bit93", "generator": {...}, "cases": [...]}``; the schema of each
kind is in docs/vectors.md. Whole spaces are written where they are small
(effective suit, card power, hand score); sampled ones (tricks, hands) use a
seeded generator so the same command writes the same files.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

from pyengine.core.cards import ALL_CARDS, SUITS, card_name, effective_suit, legal_mask, power
from pyengine.core.cards import trick_winner_index as winner_index
from pyengine.core.deal import deal_hand, first_dealer
from pyengine.core.game import BidAction, DiscardAction, SeatView
from pyengine.core.rng import Rng
from pyengine.core.rules import BIT93, Rules
from pyengine.players.player import RandomPlayer, RefPlayer
from pyengine.players.runner import play_game
from pyengine.records.transcript import from_game

FORMAT = "euchre-vectors/1"
HUMAN_RANDOM_SEED_OFFSET = 1_000_003


def _file(kind: str, rules: Rules, generator: dict, cases: list) -> dict:
    return {"format": FORMAT, "kind": kind, "rules": rules.name, "generator": generator,
            "cases": cases}


def effective_suit_cases() -> list[dict]:
    """Test vectors: every card's effective suit under every trump."""
    return [{"card": card_name(c), "trump": SUITS[t], "suit": SUITS[effective_suit(c, t)]}
            for t in range(4) for c in ALL_CARDS]


def card_power_cases() -> list[dict]:
    """Test vectors: every card's power for every trump and led suit."""
    return [{"card": card_name(c), "trump": SUITS[t], "led": SUITS[led],
             "power": power(c, t, led)}
            for t in range(4) for led in range(4) for c in ALL_CARDS]


def trick_winner_cases(rng: random.Random, n: int) -> list[dict]:
    """Test vectors: ``n`` random tricks and their winners."""
    cases = []
    for i in range(n):
        size = 3 if i % 4 == 3 else 4
        cards = rng.sample(ALL_CARDS, size)
        t = rng.randrange(4)
        cases.append({"cards": [card_name(c) for c in cards], "trump": SUITS[t],
                      "winner": winner_index(cards, t)})
    return cases


def legal_mask_cases(rng: random.Random, n: int) -> list[dict]:
    """Test vectors: ``n`` random hands and their legal plays."""
    cases = []
    for i in range(n):
        hand = rng.sample(ALL_CARDS, 1 + i % 5)
        t = rng.randrange(4)
        led = None if i % 5 == 0 else rng.randrange(4)
        cases.append({"hand": [card_name(c) for c in hand], "trump": SUITS[t],
                      "led": None if led is None else SUITS[led],
                      "mask": legal_mask(hand, t, led)})
    return cases


def hand_score_cases(rules: Rules) -> list[dict]:
    """Test vectors: the points of every hand result."""
    return [{"makers": m, "maker_tricks": k, "alone": a,
             "points": list(rules.hand_points(m, k, a))}
            for m in (0, 1) for k in range(6) for a in (False, True)]


def rng_cases(seeds: list[int]) -> list[dict]:
    """Test vectors: the generator's bytes and deals for some seeds."""
    cases = []
    for s in seeds:
        r = Rng.from_seed(s)
        state_after_warmup = r.state
        first_bytes = [r.next_byte() for _ in range(32)]
        r = Rng.from_seed(s)
        shown, dealer = first_dealer(r)
        dealt = deal_hand(r, dealer)
        cases.append({
            "seed": s, "state_after_warmup": state_after_warmup, "bytes": first_bytes,
            "first_dealer": {"cards": [card_name(c) for c in shown], "dealer": dealer},
            "first_deal": {"hands": [[card_name(c) for c in h] for h in dealt.hands],
                           "upcard": card_name(dealt.upcard)},
        })
    return cases


def _view_json(v: SeatView) -> dict:
    return {
        "seat": v.seat, "phase": v.phase.value, "hand": [card_name(c) for c in v.hand],
        "dealer": v.dealer, "upcard": card_name(v.upcard), "round": v.round,
        "trump": None if v.trump is None else SUITS[v.trump], "maker": v.maker,
        "alone": v.alone, "trick": [[s, card_name(c)] for s, c in v.trick],
        "played": [card_name(c) for c in v.played], "total": list(v.total),
        "legal": [str(a) for a in v.legal],
    }


def _decision_json(a) -> dict:
    if isinstance(a, BidAction):
        return {"call": a.call, "suit": None if a.suit is None else SUITS[a.suit],
                "alone": a.alone}
    key = "discard" if isinstance(a, DiscardAction) else "play"
    return {key: card_name(a.card)}


class _Recorder:
    """Wraps the reference player and keeps (view, decision) pairs."""

    def __init__(self, keep: Callable[[], bool]) -> None:
        self.player = RefPlayer()
        self.cases: list[dict] = []
        self.keep = keep
        self.name = "ref"

    def decide(self, view: SeatView):
        a = self.player.decide(view)
        if self.keep():
            self.cases.append({"view": _view_json(view), "decision": _decision_json(a)})
        return a


def write_vectors(out: Path, games: int = 100, seed: int = 1, rules: Rules = BIT93,
                  progress: Callable[[int], None] | None = None) -> list[Path]:
    """Write every vector file into ``out``; return the paths written.

    ``progress(n)`` is told of each ``n`` games played (two per game number)."""
    out.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    gen = {"seed": seed, "games": games}
    seeds = [rng.randrange(0x10000) for _ in range(games)]
    auto, human = [], []
    pick = random.Random(seed + 1)
    recorder = _Recorder(keep=lambda: pick.random() < 0.02)
    for i, s in enumerate(seeds):
        auto.append(from_game(play_game(rules, s, [recorder] * 4)).to_json())
        players = [RandomPlayer(s + HUMAN_RANDOM_SEED_OFFSET * (i + 1)), RefPlayer(),
                   RefPlayer(), RefPlayer()]
        human.append(from_game(play_game(rules, s, players)).to_json())
        if progress:
            progress(2)
    files = {
        "effective_suit": effective_suit_cases(),
        "card_power": card_power_cases(),
        "trick_winner": trick_winner_cases(rng, 2000),
        "legal_mask": legal_mask_cases(rng, 2000),
        "hand_score": hand_score_cases(rules),
        "rng_deal": rng_cases([0, 1, 2, 1234, 0x5EED, 0xFFFF] + seeds[:10]),
        "games_auto": auto,
        "games_human_random": human,
        "decisions": recorder.cases,
    }
    written = []
    for kind, cases in files.items():
        path = out / f"{kind}.json"
        path.write_text(json.dumps(_file(kind, rules, gen, cases), indent=1) + "\n")
        written.append(path)
    return written


# --- every preset and option (the variants; the 6502 port plays bit93 only) ----

VARIANTS: tuple[tuple[str, str, dict], ...] = (
    ("web", "web", {}),
    ("standard", "standard", {}),
    ("bid6", "bid6", {}),
    ("standard-redeal", "standard", {"stick_the_dealer": False}),
    ("standard-canadian-loner", "standard", {"canadian_loner": True}),
    ("standard-defend-alone", "standard", {"defend_alone": True}),
    ("standard-farmers-hand", "standard", {"farmers_hand": True}),
    ("standard-no-ace-no-face-no-trump", "standard", {"no_ace_no_face_no_trump": True}),
    ("standard-target-5", "standard", {"target": 5}),
    ("standard-deck-32", "standard", {"deck": 32}),
    ("standard-joker", "standard", {"joker": True}),
    ("standard-cutthroat", "standard", {"players": 3}),
    ("standard-everything", "standard", {"deck": 32, "joker": True, "canadian_loner": True,
                                         "defend_alone": True, "farmers_hand": True,
                                         "no_ace_no_face_no_trump": True}),
)


def write_variant_vectors(out: Path, games: int = 20, seed: int = 1,
                          progress: Callable[[int], None] | None = None) -> list[Path]:
    """One file per variant in ``out``: ``{"kind": "variant_games", "rules", "options",
    "cases": {"games_auto": [...], "games_human_random": [...]}}`` (docs/vectors.md)."""
    from pyengine.core.options import rules_from
    from pyengine.players.varplayer import VariantPlayer

    out.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    seeds = [rng.randrange(0x10000) for _ in range(games)]
    written = []
    for label, name, options in VARIANTS:
        rules = rules_from(name, options)
        computer = [VariantPlayer() for _ in range(rules.players)]
        auto = [from_game(play_game(rules, s, computer)).to_json() for s in seeds]
        if progress:
            progress(len(seeds))
        human = [from_game(play_game(rules, s, [RandomPlayer(s + HUMAN_RANDOM_SEED_OFFSET
                                                             * (i + 1)), *computer[1:]]))
                 .to_json() for i, s in enumerate(seeds)]
        if progress:
            progress(len(seeds))
        body = {"format": FORMAT, "kind": "variant_games", "rules": name,
                "options": from_game(play_game(rules, 0, computer)).options,
                "generator": {"seed": seed, "games": games},
                "cases": {"games_auto": auto, "games_human_random": human}}
        path = out / f"{label}.json"
        path.write_text(json.dumps(body, indent=1) + "\n")
        written.append(path)
    return written
