"""The cross-check CI runs: which games, with which seat 0, under which power-on RAM.

tests/test_crosscheck.py runs this plan, and the mutation tool's asm/ judge
(tools/mutation/judges.py) runs the very same plan on each mutant, so a mutant it
reports killed is one CI's cross-check kills.

* 100 all-computer games from game 0 and 100 with a random human in seat 0 from
  game 1000, on one machine each (RAM as VICE powers it on), as before;
* games pinned because they reach what those 200 never do: a passed-out hand
  (four passes twice; about one game in 200 has one), in both modes;
* a few games of each mode on a fresh machine under each other power-on pattern
  (all $00, all $FF, two random fills), so a read of memory the program never
  wrote changes the game;
* other rules (issue 25, tools/gamecore/rules_block.py): ``web`` (:data:`WEB_GAMES` games a
  mode) and a matrix that turns each option the core plays away from its preset
  at least once (:data:`MATRIX`, :data:`MATRIX_GAMES` games a mode each, plus games
  pinned because they reach the option's rare path: a lone defender, a new deal),
  cutthroat (players=3) among them; ``bid6`` (:data:`BID6_GAMES` games a mode, and
  pinned games: :data:`BID6_PATHS`).

:data:`PATHS` and :data:`RULE_PATHS` name the rare paths the plan must reach;
tests/test_crosscheck.py checks, from the 6502's own events, that it does.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from pyengine.core.cards import EXT, JOKER_NAME, SUITS, Card
from pyengine.core.rules import BIT93, Rules

from .core import Core
from .crosscheck import Figures, Mismatch, compare_game
from .rules_block import from_cli

CI_GAMES = 100                               # per mode on VICE's RAM
COMPUTER_START, HUMAN_START = 0, 1000
PASSED_OUT_COMPUTER = (238, 415, 654)        # games with a passed-out hand (pyengine says)
PASSED_OUT_HUMAN = (103, 174, 357)
OTHER_RAM = ("zeros", "ones", "random:1", "random:2")
OTHER_RAM_GAMES = 5                          # per mode and pattern, a fresh machine each
WEB_GAMES = 30                               # web, per mode
BID6_GAMES = 20                              # bid6, per mode (games to 32: ~10 hands)
# bid6's pinned games (pyengine says): 618, a computer bids 6; 1020, a computer dealer
# forced to bid when all passed; 2057, the random human's
BID6_PINNED_COMPUTER = (618,)
BID6_PINNED_HUMAN = (1020, 2057)
MATRIX_GAMES = 4                             # each option of the matrix, per mode
# (--rules, -o ..., pinned games per mode (computer, human) that reach its rare path)
MATRIX: tuple[tuple[str, tuple[str, ...], tuple[int, ...], tuple[int, ...]], ...] = (
    ("standard", ("target=5", "points_made=2", "points_march=3", "points_lone_march=5",
                  "points_euchre=1"), (), ()),
    ("standard", ("canadian_loner=true",), (), ()),
    ("standard", ("alone_allowed=false",), (), ()),
    ("standard", ("canadian_rule=true",), (), ()),
    ("standard", ("stick_the_dealer=false",), (2014,), ()),     # 2014: a passed-out hand
    ("standard", ("dealer_discard=same_suit", "first_lead=maker_left",
                  "first_dealer=black_jack"), (), ()),
    ("bit93", ("dealer_discard=any", "target=15"), (), ()),
    # the decisions asm/defend_redeal.oph adds; pinned: 8 and 1, a lone defender who
    # euchres; 9, a loner against a lone defender (two sit out); 7, the dealer's partner
    # defends alone in round 1 (the dealer does not pick up); 32/79 and 325/404, a
    # farmer's hand kept and thrown in (79 in computer mode: seat 0 keeps one, which
    # a wrong read of hand_len for seat 0 missed; 5087, a computer who throws a farmer's
    # hand in after a compare left the carry set: docs/mutants.md's run of
    # asm/defend_redeal.oph found ai_redeal's CLC unguarded); 325 and 783/864,
    # no ace, no face, no trump
    ("standard", ("defend_alone=true", "points_defend_alone=3"), (8,), (1, 7, 9)),
    ("standard", ("farmers_hand=true",), (32, 79, 325, 5087), (79, 404)),
    ("standard", ("no_ace_no_face_no_trump=true",), (325,), (783, 864)),
    ("standard", ("farmers_hand=true", "no_ace_no_face_no_trump=true"), (325,), ()),
    # cutthroat (asm/cutthroat.oph): pinned 12 and 6, two totals past the target, the
    # higher one winning / equal, so another hand is dealt (1000-1003 have both); then
    # with the black jack's first dealer (cards past the third wrap round the table),
    # passed-out hands and a farmer's hand: 9 and 1079 thrown in, 1196 kept by the human
    ("standard", ("players=3",), (12, 6), ()),
    ("standard", ("players=3", "stick_the_dealer=false", "first_dealer=black_jack",
                  "farmers_hand=true"), (9,), (1079, 1196)),
    # the 32-card deck and the joker (asm/deck32.oph); pinned: 1006 and 1044, the human
    # dealer names an upcard joker's suit; 1007/1010, a farmer's hand of the 32-card deck
    # kept and thrown in by the human
    ("standard", ("deck=32",), (), ()),
    ("standard", ("joker=true",), (), (1006,)),
    ("standard", ("deck=32", "joker=true"), (), (1044,)),
    ("standard", ("deck=32", "farmers_hand=true"), (), (1007, 1010)),
)


@dataclass(frozen=True)
class Run:
    """Games played one after another on one machine (``fresh``: a new machine each)."""

    name: str
    human: bool
    seeds: tuple[int, ...]
    ram: str = "vice"
    fresh: bool = False
    rules: Rules = BIT93


def rules_runs() -> list[Run]:
    """web, then the option matrix: each in both modes."""
    runs = []
    cases = [("web", (), (), (2017,))] + list(MATRIX)     # 2017: the human dealer stuck
    cases.append(("bid6", (), BID6_PINNED_COMPUTER, BID6_PINNED_HUMAN))
    for name, options, pinned_computer, pinned_human in cases:
        rules = from_cli(name, options)
        words = " ".join((name, *(f"-o {o}" for o in options)))
        n = (BID6_GAMES if rules.bid6 else WEB_GAMES) if not options else MATRIX_GAMES
        runs.append(Run(f"computer, {words}", False,
                        tuple(range(COMPUTER_START, COMPUTER_START + n)) + pinned_computer,
                        rules=rules))
        runs.append(Run(f"random human, {words}", True,
                        tuple(range(HUMAN_START, HUMAN_START + n)) + pinned_human,
                        rules=rules))
    return runs


def ci_runs() -> list[Run]:
    """The runs, the short ones first (a mutant is judged until its first mismatch)."""
    runs = [Run("computer, passed-out hands", False, PASSED_OUT_COMPUTER),
            Run("random human, passed-out hands", True, PASSED_OUT_HUMAN)]
    for ram in OTHER_RAM:
        runs.append(Run(f"computer, RAM {ram}", False,
                        tuple(range(COMPUTER_START, COMPUTER_START + OTHER_RAM_GAMES)),
                        ram, fresh=True))
        runs.append(Run(f"random human, RAM {ram}", True,
                        tuple(range(HUMAN_START, HUMAN_START + OTHER_RAM_GAMES)),
                        ram, fresh=True))
    return runs + rules_runs() + [
        Run("computer", False, tuple(range(COMPUTER_START, COMPUTER_START + CI_GAMES))),
        Run("random human", True, tuple(range(HUMAN_START, HUMAN_START + CI_GAMES)))]


def default_rules_problem(prg: Path) -> str | None:
    """The core's Bit #93 default, rules_bit93 (the front end's start-up copies the same
    rules_bit93_tab through options_apply, c64/settings.oph; no game the harness plays
    runs it: it pokes the block itself): on a machine whose block holds web's rules,
    rules_bit93 must put back exactly Bit #93's. None: it does."""
    from pyengine.core.rules import WEB

    from .rules_block import FIELDS, encode

    c64 = Core(prg, ram="ones").c64
    for label, byte in encode(WEB).items():
        c64.poke(label, byte)
    c64.call("rules_bit93", max_cycles=10_000)
    got = {label: c64.peek(label) for label, _ in FIELDS}
    wrong = [f"{label}={got[label]} (Bit #93: {want})"
             for label, want in encode(BIT93).items() if got[label] != want]
    return f"rules_bit93 leaves {', '.join(wrong)}" if wrong else None


def games_of(prg: Path, run: Run) -> Iterator[tuple[Core, int]]:
    """(the machine to play it on, game number) for each game of ``run``."""
    core = None
    for seed in run.seeds:
        if core is None or run.fresh:
            core = Core(prg, ram=run.ram)
        yield core, seed


@dataclass
class RunResult:
    """What one run found: its first mismatch, the 6502's cycle figures, and the
    decision paths the 6502's own events reached (see paths_of)."""

    mismatch: Mismatch | None = None
    figures: Figures = field(default_factory=Figures)
    paths: set[str] = field(default_factory=set)


def check_run(prg: Path, run: Run) -> RunResult:
    """Cross-check one run; stop at its first mismatch."""
    result = RunResult()
    for core, seed in games_of(prg, run):
        mismatch, figures = compare_game(core, seed, run.human, run.rules)
        result.figures.add(figures)
        if core.last_game is not None:
            result.paths |= paths_of(core.last_game.events, run.human, run.rules)
        if mismatch:
            result.mismatch = mismatch
            break
    return result


def check_plan(prg: Path, runs: list[Run] | None = None,
               on_run: Callable[[Run, RunResult], None] | None = None
               ) -> tuple[Run, Mismatch] | None:
    """Every run of the plan in turn, stopping at the first mismatch of any."""
    for run in ci_runs() if runs is None else runs:
        result = check_run(prg, run)
        if on_run:
            on_run(run, result)
        if result.mismatch:
            return run, result.mismatch
    return None


# ---- the rare paths, judged from the 6502's own events -----------------------------------

def bid6_paths(events: list[dict], human: bool, target: int) -> set[str]:
    """The paths of Bid Euchre's rules one game reaches (asm/bid6.oph)."""
    got: set[str] = set()
    dealer, high, bids = 0, 0, 0
    for e in events:
        who = "human" if human and e.get("seat") == 0 else "computer"
        if e["ev"] == "deal":
            dealer, high, bids = e["dealer"], 0, 0
        elif e["ev"] == "bid":
            bids += 1
            if e["call"] == "pass":
                continue
            if e["seat"] == dealer and not high:
                got.add(f"{who} dealer forced to bid")
            elif e["seat"] == dealer and e["tricks"] == high:
                got.add(f"{who} dealer matches the high bid")
            if e["tricks"] == 6:
                got.add(f"{who} bids 6")
            high = e["tricks"]
        elif e["ev"] == "declare":
            got.add(f"{who} declares {e['trump'] if len(e['trump']) > 1 else 'a suit'}")
        elif e["ev"] == "score":
            makers = e["makers"]
            if e["points"][makers] < 0:
                got.add("makers set, losing the bid")
                if e["total"][makers] < 0:
                    got.add("a total below zero")
            if max(e["total"]) >= target and e is not events[-2]:
                got.add("a side past the target plays on (may_win)")
        elif e["ev"] == "game_over":
            last = events[-2]
            got.add("the defenders win by setting the bid" if e["winner"] != last["makers"]
                    else "the makers win by making the bid")
    return got


def paths_of(events: list[dict], human: bool, rules: Rules = BIT93) -> set[str]:
    """The decision paths one game's events reach (seat 0 is "human" if ``human``);
    under other rules than Bit #93's, prefixed with the rules' name and options."""
    got: set[str] = set()
    if rules.bid6:
        got = bid6_paths(events, human, rules.target)
        events = []
    dealer, upcard, loner, first = 0, None, None, False
    three = rules.players == 3
    loner_any = defended = False          # this hand: a lone maker; a lone defender
    made_round = 0
    hands: list[list[str]] = []
    trick: list[tuple[int, str]] = []
    trump = 0
    for e in events:
        who = "human" if human and e.get("seat") == 0 else "computer"
        if e["ev"] == "deal":
            dealer, upcard, loner, first = e["dealer"], e["upcard"], None, True
            loner_any = defended = False
            hands = e["hands"]
            if three and human and dealer == 0:
                got.add("human deals")
        elif e["ev"] == "first_dealer" and three and len(e["cards"]) > 3:
            got.add("the first dealer's cards go round the table")
        elif e["ev"] == "passed_out":
            got.add("passed out")
        elif e["ev"] == "discard":
            got.add(f"{who} discard")
            if e["card"] == upcard:
                got.add(f"{who} discards the upcard")
        elif e["ev"] == "bid" and e["call"] != "pass":
            trump = SUITS.index(e["suit"])
            got.add(f"{who} round {e['round']}{' alone' if e['alone'] else ''}")
            if e["round"] == 1 and e["seat"] == (dealer + 2) % 4 and not three:
                got.add(f"{who} Canadian rule")
            if e["round"] == 2 and e["seat"] == dealer:
                got.add(f"{who} dealer names in round 2")
            if e["alone"] and e["round"] == 1 and e["seat"] != dealer:
                loner = e["seat"]
            loner_any, made_round = e["alone"], e["round"]
        elif e["ev"] == "joker_suit":
            got.add(f"{who} names the joker's suit")
        elif e["ev"] == "trick":
            got |= new_cards_paths(trick, e["winner"], trump)
            trick = []
        if e["ev"] == "play":
            trick.append((e["seat"], e["card"]))
        if e["ev"] == "play" and first:
            first = False
            if loner is not None and (loner + 1) % 4 != (dealer + 1) % 4:
                got.add("an order-up loner's left leads" if e["seat"] == (loner + 1) % 4
                        else "the dealer's left leads against an order-up loner")
        elif e["ev"] == "redeal":
            got.add(f"{who} {'asks for a new deal' if e['call'] == 'redeal' else 'keeps'}: "
                    f"{e['reason']}")
            if any(c[0] in "78" for c in hands[e["seat"]]):
                got.add(f"{e['reason']} with a 7 or 8")
        elif e["ev"] == "defend" and e["alone"]:
            got.add(f"{who} defends alone" + (" against a loner" if loner_any else ""))
            defended = True
            if made_round == 1 and (e["seat"] + 2) % 4 == dealer:
                got.add("the dealer sits out for a lone defender")
        elif e["ev"] == "score" and defended and e["tricks"][e["makers"]] < 3:
            got.add("a lone defender euchres")
        elif e["ev"] == "score" and three:
            got |= _cutthroat_score(e, rules.target)
        elif e["ev"] == "game_over":
            if max(e["total"]) == rules.target:
                got.add(f"game over at exactly {rules.target}")
            else:
                got.add("game over past the target")
    if rules == BIT93:
        return got
    from pyengine.core.options import options_of

    tag = " ".join((rules.name, *(f"{k}={v}" for k, v in options_of(rules).items())))
    return {f"{tag}: {p}" for p in got}


def _cutthroat_score(e: dict, target: int) -> set[str]:
    """The paths of a three-seat score event: a euchre's points to both defenders,
    two totals past the target (the game ends at the higher one, or goes on)."""
    got = set()
    if sum(1 for seat, p in enumerate(e["points"]) if p and seat != e["makers"]) == 2:
        got.add("a euchre scores both defenders")
    over = sorted((t for t in e["total"] if t >= target), reverse=True)
    if len(over) >= 2:
        got.add("two totals past the target: " + ("equal, another hand" if over[0] == over[1]
                                                  else "the higher wins"))
    return got


def new_cards_paths(trick: list[tuple[int, str]], winner: int, trump: int) -> set[str]:
    """What a trick of the 32-card deck or the joker shows (asm/deck32.oph): a 7 or 8
    that wins it, the joker led, the joker trumping a side suit."""
    got: set[str] = set()
    won = dict(trick).get(winner, "")
    if won[:1] in ("7", "8"):
        got.add("a 7 or 8 wins a trick")
    if trick and trick[0][1] == JOKER_NAME:
        got.add("the joker led")
    elif won == JOKER_NAME and EXT.effective_suit[trump][Card(trick[0][1])] != trump:
        got.add("the joker trumps a side suit")
    return got


# under other rules (rules_runs): what each needs to have been played to be tested
RULE_PATHS = frozenset({
    "web: computer dealer names in round 2", "web: human dealer names in round 2",
    "web: human discards the upcard",
    "web: the dealer's left leads against an order-up loner",
    "standard canadian_loner=True: an order-up loner's left leads",
    "standard target=5 points_made=2 points_march=3 points_lone_march=5 points_euchre=1: "
    "game over past the target",
    "standard canadian_rule=True: computer Canadian rule",
    "standard canadian_rule=True: human Canadian rule",
    "standard stick_the_dealer=False: passed out",
    "standard defend_alone=True points_defend_alone=3: computer defends alone",
    "standard defend_alone=True points_defend_alone=3: human defends alone",
    "standard defend_alone=True points_defend_alone=3: human defends alone against a loner",
    "standard defend_alone=True points_defend_alone=3: a lone defender euchres",
    "standard defend_alone=True points_defend_alone=3: the dealer sits out for a lone "
    "defender",
    "standard farmers_hand=True: computer keeps: farmers_hand",
    "standard farmers_hand=True: computer asks for a new deal: farmers_hand",
    "standard farmers_hand=True: human keeps: farmers_hand",
    "standard farmers_hand=True: human asks for a new deal: farmers_hand",
    "standard no_ace_no_face_no_trump=True: computer asks for a new deal: "
    "no_ace_no_face_no_trump",
    "standard no_ace_no_face_no_trump=True: human keeps: no_ace_no_face_no_trump",
    "standard no_ace_no_face_no_trump=True: human asks for a new deal: "
    "no_ace_no_face_no_trump",
    "standard farmers_hand=True no_ace_no_face_no_trump=True: computer asks for a new "
    "deal: farmers_hand",
    *(f"standard alone_allowed=False players=3: {p}" for p in (
        "a euchre scores both defenders", "two totals past the target: the higher wins",
        "two totals past the target: equal, another hand", "human deals",
        "human dealer names in round 2", "human discard", "computer discard")),
    *("standard first_dealer=black_jack stick_the_dealer=False alone_allowed=False "
      f"players=3 farmers_hand=True: {p}" for p in (
          "the first dealer's cards go round the table", "passed out",
          "computer asks for a new deal: farmers_hand",
          "human asks for a new deal: farmers_hand", "human keeps: farmers_hand")),
    "standard deck=32: a 7 or 8 wins a trick",
    "standard joker=True: computer names the joker's suit",
    "standard joker=True: human names the joker's suit",
    "standard joker=True: the joker led",
    "standard joker=True: the joker trumps a side suit",
    "standard deck=32 joker=True: human names the joker's suit",
    "standard deck=32 joker=True: a 7 or 8 wins a trick",
    "standard deck=32 joker=True: the joker trumps a side suit",
    "standard deck=32 farmers_hand=True: farmers_hand with a 7 or 8",
    "standard deck=32 farmers_hand=True: computer asks for a new deal: farmers_hand",
    "standard deck=32 farmers_hand=True: human asks for a new deal: farmers_hand",
    "standard deck=32 farmers_hand=True: human keeps: farmers_hand",
})
BID6_PATHS = frozenset({
    "bid6: computer dealer forced to bid", "bid6: human dealer forced to bid",
    "bid6: computer dealer matches the high bid", "bid6: human dealer matches the high bid",
    "bid6: computer declares high", "bid6: computer declares low",
    "bid6: human declares high", "bid6: human declares low",
    "bid6: computer declares a suit", "bid6: human declares a suit",
    "bid6: computer bids 6", "bid6: human bids 6",
    "bid6: makers set, losing the bid", "bid6: a total below zero",
    "bid6: a side past the target plays on (may_win)",
    "bid6: the defenders win by setting the bid", "bid6: the makers win by making the bid",
})
RULE_PATHS = RULE_PATHS | BID6_PATHS
PATHS = frozenset({"passed out", "game over at exactly 10", "computer discard",
                   "computer round 1", "computer round 1 alone", "computer round 2",
                   "computer round 2 alone", "computer Canadian rule", "human discard",
                   "human round 1", "human round 1 alone", "human round 2",
                   "human round 2 alone", "human Canadian rule"})
