"""The 6502's game against pyengine's: the engine's view of it, checked at prompts and at the end.

pyengine replays the events the 6502 reports (:func:`engine_state`), plays the game
again with South's decisions (:func:`engine_events`), and says what differs between
the screen and its state (:func:`check_screen`), the transcripts
(:func:`check_identity`) and the game-over score sheet (:func:`check_game_over`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pyengine.core.actions import BID6_ACTIONS
from pyengine.core.cards import CONTRACT_LETTERS, SUITS, Suit, card_name, parse_card
from pyengine.core.game import (
    BidAction,
    DeclareAction,
    DefendAction,
    DiscardAction,
    GameState,
    JokerSuitAction,
    PlayAction,
    RedealAction,
)
from pyengine.core.options import options_of
from pyengine.core.rules import BIT93, Rules
from pyengine.players.player import RefPlayer
from pyengine.players.runner import play_game
from pyengine.players.varplayer import VariantPlayer
from pyengine.records.replay import ReplayError, replay
from pyengine.records.transcript import Transcript, from_game

from .gameover_screen import bid6_sheet_rows, game_over_problems, is_bid6, sheet_rows
from .screen_read import (
    BACKS_COL,
    BACKS_ROW,
    BG_BACK,
    COL_GREY,
    NAME_COL,
    NAME_ROW,
    SEAT_WORDS,
    TRICK_COL,
    TRICK_ROW,
    UPCARD_COL,
    UPCARD_ROW,
    FrontendError,
    Screen,
    display_order,
    keys_game_over,
    south_hand,
    status,
)
from .sheet_read import (
    SHEET_MAX,
    SheetRow,
    bid6_sheet,
    score_sheet,
)

# ---- the engine's view of the 6502's game ---------------------------------------------

def engine_state(seed: int, events: list[dict], rules: Rules = BIT93) -> GameState:
    """pyengine's state after replaying the 6502's events (each must be accepted)."""
    game = None
    try:
        for step in replay(Transcript(rules.name, seed, list(events), options_of(rules))):
            game = step.game
    except ReplayError as exc:
        if not str(exc).startswith("transcript ends before the game is over"):
            raise FrontendError(f"game {seed}: pyengine rejects the 6502's events: {exc}") \
                from None
    if game is None:
        raise FrontendError(f"game {seed}: no event to replay yet")
    return game


def as_action(choice: tuple):
    """A Request-style tuple (('pass',), ('order', suit, alone), ...) as an engine action."""
    if choice[0] == "pass":
        return BidAction("pass")
    if choice[0] in ("order", "name"):
        return BidAction(choice[0], choice[1], choice[2])
    if choice[0] == "discard":
        return DiscardAction(choice[1])
    if choice[0] in ("keep", "redeal"):
        return RedealAction(choice[0] == "redeal")
    if choice[0] in ("partner", "alone"):
        return DefendAction(choice[0] == "alone")
    if choice[0] == "joker":
        return JokerSuitAction(Suit(choice[1]))
    return PlayAction(choice[1])


def south_actions(events: list[dict]) -> list:
    """South's decisions in a transcript, as engine actions."""
    out = []
    for e in events:
        if e.get("seat") != 0 or e["ev"] not in ("bid", "discard", "play", "redeal",
                                                 "defend", "declare", "joker_suit"):
            continue
        if e["ev"] == "declare":                     # Bid Euchre's contract
            out.append(DeclareAction(CONTRACT_LETTERS.index(e["trump"])))
        elif e["ev"] == "bid" and "tricks" in e:     # Bid Euchre's bid of tricks
            out.append(BID6_ACTIONS[e["tricks"]])
        elif e["ev"] == "joker_suit":
            out.append(JokerSuitAction(Suit(e["suit"])))
        elif e["ev"] == "redeal":
            out.append(RedealAction(e["call"] == "redeal"))
        elif e["ev"] == "defend":
            out.append(DefendAction(e["alone"]))
        elif e["ev"] == "bid":
            out.append(BidAction(e["call"], None if e["suit"] is None
                                 else SUITS.index(e["suit"]), e["alone"]))
        elif e["ev"] == "discard":
            out.append(DiscardAction(parse_card(e["card"])))
        else:
            out.append(PlayAction(parse_card(e["card"])))
    return out


class ScriptedPlayer:
    """Seat 0 replaying a list of decisions (what South did on the C64)."""

    def __init__(self, actions: list) -> None:
        self._actions = list(actions)

    def decide(self, view):
        if not self._actions:
            raise FrontendError("pyengine asks South for more decisions than the C64 made")
        action = self._actions.pop(0)
        if action not in view.legal:
            raise FrontendError(f"South's {action} is not legal in pyengine here")
        return action


def engine_events(seed: int, actions: list, rules: Rules = BIT93) -> list[dict]:
    """pyengine's game: seat 0 replays ``actions``, seats 1-3 RefPlayer() (under other
    rules than Bit #93's, the shell's VariantPlayer(), the 6502's player there)."""
    computer = RefPlayer if rules == BIT93 else VariantPlayer
    players = [ScriptedPlayer(actions), computer(), computer(), computer()]
    return from_game(play_game(rules, seed, players)).events


def first_difference(a: list[dict], b: list[dict]) -> str | None:
    for i in range(max(len(a), len(b))):
        x = a[i] if i < len(a) else None
        y = b[i] if i < len(b) else None
        if x != y:
            return f"event {i}:\n  6502:     {x}\n  pyengine: {y}"
    return None


# ---- checkpoints: the screen against the engine ----------------------------------------

def check_screen(screen: Screen, game: GameState, seed: int) -> list[str]:
    """What differs between the table on screen and pyengine's state (empty: nothing)."""
    problems = []
    st = status(screen)
    if st.game != seed:
        problems.append(f"game number {st.game}, engine {seed}")
    if st.total != tuple(game.total):
        problems.append(f"score {st.total}, engine {game.total}")
    hand = [h.card for h in south_hand(screen)]
    want_hand = display_order(game.hands[0], game.trump)
    if hand != want_hand:
        problems.append(f"South's hand {[card_name(c) for c in hand]}, engine "
                        f"{[card_name(c) for c in want_hand]} (display order)")
    if game.trump is None:
        if st.trump is not None:
            problems.append(f"row 1 shows trump {SUITS[st.trump]} before anyone made it")
    else:
        if (st.trump, st.maker, st.alone) != (game.trump, game.maker, game.alone):
            problems.append(f"row 1 trump/maker/alone {st.trump}/{st.maker}/{st.alone}, "
                            f"engine {game.trump}/{game.maker}/{game.alone}")
        if st.tricks != tuple(game.tricks_won):
            problems.append(f"tricks {st.tricks}, engine {game.tricks_won}")
    for seat in range(game.rules.players):
        name = screen.row(NAME_ROW[seat])[NAME_COL[seat]:NAME_COL[seat] + 7].rstrip()
        want = SEAT_WORDS[seat] + (" D" if seat == game.dealer else "")
        if name != want:
            problems.append(f"seat {seat} name shows {name!r}, want {want!r}")
    for seat in range(1, game.rules.players):
        r, c = BACKS_ROW[seat], BACKS_COL[seat]
        if seat in (game.sitting_out, game.defender_out):
            if screen.row(r)[c:c + 3] != "OUT":
                problems.append(f"seat {seat} sits out but shows {screen.row(r)[c:c + 5]!r}")
            continue
        backs = sum(screen.bg(r, c + i) == BG_BACK for i in range(5))
        if backs != len(game.hands[seat]):
            problems.append(f"seat {seat} shows {backs} backs, holds {len(game.hands[seat])}")
    if game.phase.value == "play":
        on_table = dict(game.trick)
        for seat in range(4):
            shown = screen.card_at(TRICK_ROW[seat], TRICK_COL[seat])
            if shown != on_table.get(seat):
                problems.append(f"trick: seat {seat} shows {shown}, engine {on_table.get(seat)}")
    if game.phase.value == "bid1":
        up = screen.card_at(UPCARD_ROW, UPCARD_COL)
        if up != game.upcard:
            problems.append(f"upcard {up}, engine {game.upcard}")
    if game.phase.value == "discard" and screen.card_at(UPCARD_ROW, UPCARD_COL) is not None:
        problems.append("the discard: the upcard is in the middle and in South's hand")
    if game.phase.value == "bid2":
        label = screen.row(UPCARD_ROW - 1)[14:25]
        up = screen.card_at(UPCARD_ROW, UPCARD_COL, dim=True) \
            if screen.colour(UPCARD_ROW, UPCARD_COL) == COL_GREY else None
        if label != "TURNED DOWN" or up != game.upcard:
            problems.append(f"round 2: the upcard is not shown turned down (label {label!r}, "
                            f"card {up}, engine {game.upcard} in grey)")
    return problems


@dataclass
class PlayedGame:
    seed: int
    events: list[dict]
    prompts: int = 0
    fuzz_keys: int = 0
    buzzes: int = 0
    checkpoints: int = 0
    final: Screen | None = None
    choices: list = field(default_factory=list)      # what the driver chose, as actions
    rules: Rules = BIT93


def engine_last_trick(events: list[dict]) -> tuple[dict[int, int], int] | None:
    """The last trick taken in a transcript so far: ({seat: card}, winner), or None."""
    ends = [i for i, e in enumerate(events) if e["ev"] == "trick"]
    if not ends:
        return None
    end = start = ends[-1]
    while start > 0 and events[start - 1]["ev"] == "play":   # a trick's plays precede it
        start -= 1
    plays = events[start:end]
    return {e["seat"]: parse_card(e["card"]) for e in plays}, events[end]["winner"]


def check_identity(played: PlayedGame) -> None:
    """The 6502's transcript equals pyengine's game with South's choices replayed."""
    events = played.events
    if not events or events[-1]["ev"] != "game_over":
        raise FrontendError(f"game {played.seed}: the transcript does not end in game_over")
    done = south_actions(events)
    if played.choices and done != played.choices:
        raise FrontendError(f"game {played.seed}: South chose {played.choices}, the 6502 "
                            f"recorded {done}")
    diff = first_difference(events, engine_events(played.seed, done, played.rules))
    if diff:
        raise FrontendError(f"game {played.seed}: the 6502 differs from pyengine at {diff}")


def engine_sheet(events: list[dict]) -> list[SheetRow]:
    """The score sheet a game's events make: one row per hand dealt, in order."""
    return sheet_rows(events)


def check_sheet(screen: Screen, events: list[dict]) -> None:
    """The game-over screen's score sheet: the last SHEET_MAX hands of the game, each as
    the events say, numbered."""
    if is_bid6(events):                    # Bid Euchre's columns (c64/sheet_bid6.oph)
        want6, got6 = bid6_sheet_rows(events)[-SHEET_MAX:], bid6_sheet(screen)
        if got6 != want6:
            raise FrontendError(f"the score sheet shows {got6}, want {want6}:\n"
                                f"{screen.text()}")
        return
    shown = engine_sheet(events)[-SHEET_MAX:]
    got = score_sheet(screen)
    if got != shown:
        raise FrontendError(f"the score sheet shows {got}, want {shown}:\n{screen.text()}")


def check_game_over(played: PlayedGame) -> None:
    """The last screen, cell for cell (tools/frontend/gameover_screen.py): WE WIN / THEY WIN
    in big letters as the transcript says, the final score on row 0, the score sheet of the
    game's hands, and the keys line offering to replay this game number."""
    screen = played.final
    assert screen is not None
    seed = status(screen).game
    problems = game_over_problems(screen, played.events, seed,
                                  keys_game_over(seed))
    if problems:
        raise FrontendError(f"game {played.seed}: the game-over screen: "
                            + "; ".join(problems) + f"\n{screen.text()}")
    check_sheet(screen, played.events)
