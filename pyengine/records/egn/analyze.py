"""Every decision of a record weighed by the ``hard`` player, in the seat that made it.

For each call, discard and card with a choice, the game is where the seat stood; the
``hard`` player (:func:`pyengine.players.levels.opponent`, whatever that level is)
gets that seat's :class:`~pyengine.core.seatview.SeatView` only - its own cards, the
table, the calls and cards so far, never a hidden hand - and values each legal choice
in expected points of the hand (points for the seat's side minus the other's). A
decision the record's player made is then as good as the best choice, or loses
``best - played`` points: :data:`MISTAKE` or more is marked ``[?]``, :data:`BLUNDER` or
more ``[??]`` (EGN's labels for a mistake and a blunder, docs/egn.md).

Not weighed: a decision with one legal choice, one made on a hand the record does not
show whole (a discard not recorded, a loner's partner, a deal cut short: :mod:`.recover`
guessed a card), and one the player does not value (it gives no per-choice values, or
the rules are ones its search does not model). A dealer whose discard the record does
not show plays on without it in his view (he knew it; the player is told less, never a
made-up card).
"""

from __future__ import annotations

import copy
import dataclasses
import json
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from pyengine.core.actions import Action, BidAction, DiscardAction, PlayAction
from pyengine.core.events import PASS
from pyengine.core.phase import Phase
from pyengine.core.seatview import SeatView
from pyengine.players.levels import opponent
from pyengine.players.player import Player
from pyengine.records.egn.cardtext import card_text
from pyengine.records.egn.judge import CALL, DISCARD, PLAY, Decision, Outcome, walk
from pyengine.records.egn.model import Record
from pyengine.records.egn.origin import origin_of
from pyengine.records.egn.rules_map import Mapped

MISTAKE = 0.3                # points of the hand lost: "[?]"
BLUNDER = 1.0                # "[??]"
LEVEL = "hard"
WEIGHED = (Phase.BID1, Phase.BID2, Phase.DISCARD, Phase.PLAY)
TAG = "hard:"                # the start of this program's annotations (after the label)


@dataclass(frozen=True)
class Choice:
    """A legal choice and its value (expected points of the hand for the seat's side)."""
    action: Action
    value: float


@dataclass(frozen=True)
class Verdict:
    """One decision weighed."""
    deal: int
    kind: str                    # CALL, DISCARD or PLAY
    index: int                   # the call's index, or the play's across the tricks
    trick: int | None
    seat: int
    played: Action
    choices: tuple[Choice, ...]  # best first

    @property
    def best(self) -> Choice:
        """The choice the player values most."""
        return self.choices[0]

    @property
    def played_value(self) -> float:
        """The value of what the record's player did."""
        return next(c.value for c in self.choices if c.action == self.played)

    @property
    def loss(self) -> float:
        """Points the record's choice gave away against the best (0: it was the best)."""
        return max(0.0, self.best.value - self.played_value)

    @property
    def label(self) -> str:
        """``[??]``, ``[?]`` or nothing."""
        if self.loss >= BLUNDER:
            return "[??]"
        return "[?]" if self.loss >= MISTAKE else ""


@dataclass
class Analysis:
    """Every decision weighed, and those that could not be, with why."""
    record: Record
    verdicts: list[Verdict] = field(default_factory=list)
    skipped: list[tuple[int, str, int, str]] = field(default_factory=list)
    outcome: Outcome = field(default_factory=Outcome)


def hard_player(worlds: int | None = None) -> Player:
    """The ``hard`` level's player; ``worlds``: another search budget (a smaller one for
    tests or a quick look), when the player has one (a ``config`` with ``worlds``). A
    safety cap in seconds (``time``), there for play at the table, is taken off: under
    load it would stop searches early, and an analysis must repeat exactly."""
    player = opponent(LEVEL)
    config = getattr(player, "config", None)
    if config is None or not dataclasses.is_dataclass(config):
        return player
    changes: dict[str, Any] = {}
    if worlds is not None and hasattr(config, "worlds"):
        changes["worlds"] = worlds
    if getattr(config, "time", 0):
        changes["time"] = 0.0
    if not changes:
        return player
    tuned = copy.copy(player)
    tuned.config = replace(config, **changes)  # type: ignore[attr-defined, type-var]
    return tuned


def choice_values(player: Player, view: SeatView) -> list[Choice] | None:
    """Every legal choice of ``view`` with the player's value, best first; None when the
    player gives no per-choice values (or does not model these rules)."""
    rate = getattr(player, "rate", None)
    if not callable(rate):
        return None
    models = getattr(player, "supports", None)       # the player's own word, if it has one
    if models is None:
        from pyengine.players import pimc

        models = getattr(pimc, "supports", None)
    if callable(models) and not models(view.rules):
        return None
    return [Choice(r.action, float(r.value)) for r in rate(view)]


def _guessed_hand(d: Decision) -> bool:
    hand = d.game.hands[d.seat]
    return any((d.seat, c) in d.recovered.guessed for c in hand) or (
        d.kind == DISCARD and (d.seat, d.recovered.discard) in d.recovered.guessed)


def count_decisions(record: Record) -> int:
    """How many calls and cards the record holds (a progress bar's total: ``tick`` is
    called once for each)."""
    n = 0
    for deal in record.deals:
        n += len(deal.bidding.calls) if deal.bidding else 0
        n += sum(len(t) for t in deal.play.tricks) if deal.play else 0
    return n


def analyze(record: Record, player: Player, deals: set[int] | None = None,
            tick: Callable[[], None] | None = None) -> Analysis:
    """Weigh every decision of ``record`` (of the ``deals`` given, default all);
    ``tick`` is called after each call and card. Fault/RulesetError as the judge raises."""
    result = Analysis(record)
    origin = origin_of(record)
    mapped = None if origin is None else Mapped(origin.rules, False)
    for d in walk(record, result.outcome, mapped):
        if (deals is None or d.deal in deals) and d.kind in (CALL, DISCARD, PLAY):
            _weigh(d, player, result)
        if tick and d.kind in (CALL, PLAY):
            tick()
    return result


def _weigh(d: Decision, player: Player, result: Analysis) -> None:
    game = d.game
    legal = game.legal_actions()
    where = (d.deal, d.kind, d.index)
    if len(legal) < 2 or game.phase not in WEIGHED:
        return
    if _guessed_hand(d):
        result.skipped.append((*where, "the record does not show this seat's whole hand"))
        return
    view = game.view(d.seat)          # what the seat knew, and nothing else
    if view.discarded is not None and (d.seat, view.discarded) in d.recovered.guessed:
        view.discarded = None         # a made-up discard: less than the dealer knew, not more
    choices = choice_values(player, view)
    if not choices:
        result.skipped.append((*where, f"the {LEVEL} player gives no values here"))
        return
    if d.action not in [c.action for c in choices]:
        result.skipped.append((*where, "the record's choice is not among the values"))
        return
    result.verdicts.append(Verdict(d.deal, d.kind, d.index, d.trick, d.seat, d.action,
                                   tuple(choices)))


# --- words ----------------------------------------------------------------------

def action_words(a: Action) -> str:
    """An action as a player says it: ``pass``, ``order up alone``, ``name clubs``,
    ``discard Ts``, ``Jc``."""
    if isinstance(a, PlayAction):
        return card_text(a.card)
    if isinstance(a, DiscardAction):
        return f"discard {card_text(a.card)}"
    if isinstance(a, BidAction) and a.call == PASS:
        return "pass"
    return str(a)


def _who(record: Record, seat: int) -> str:
    name = record.players[seat] if seat < len(record.players) else ""
    return f"{name} (seat {seat})" if name else f"seat {seat}"


def verdict_line(record: Record, v: Verdict) -> str:
    """One decision: where, who, what was done, what ``hard`` does, the points."""
    where = f"trick {v.trick + 1}" if v.trick is not None else (
        "discard" if v.kind == DISCARD else f"call {v.index}")
    return (f"{v.label or '   '} {where}: {_who(record, v.seat)} "
            f"{action_words(v.played)} ({v.played_value:+.2f}); {LEVEL}: "
            f"{action_words(v.best.action)} ({v.best.value:+.2f}), "
            f"{v.loss:.2f} points lost")


def report_lines(a: Analysis, shown: int = 3) -> list[str]:
    """A short report per deal, the biggest mistakes first, then the game's total."""
    out: list[str] = []
    by_deal: dict[int, list[Verdict]] = {}
    for v in a.verdicts:
        by_deal.setdefault(v.deal, []).append(v)
    for deal in sorted(by_deal):
        vs = sorted(by_deal[deal], key=lambda v: -v.loss)
        lost = sum(v.loss for v in vs)
        marked = [v for v in vs if v.label]
        out.append(f"Deal {deal}: {len(vs)} decisions weighed, {len(marked)} marked, "
                   f"{lost:.2f} points lost in all")
        for v in (marked or [v for v in vs if v.loss >= 0.01])[:shown]:
            out.append("  " + verdict_line(a.record, v))
    skipped = len(a.skipped)
    if skipped:
        out.append(f"Not weighed: {skipped} decisions (" + "; ".join(sorted(
            {why for *_, why in a.skipped})) + ")")
    seats: dict[int, float] = {}
    for v in a.verdicts:
        seats[v.seat] = seats.get(v.seat, 0.0) + v.loss
    if seats:
        out.append("Points lost by player: " + ", ".join(
            f"{_who(a.record, s)} {seats[s]:.2f}" for s in sorted(seats)))
    return out


def annotated(a: Analysis) -> dict:
    """The record's JSON with a ``[?]``/``[??]`` annotation beside each marked decision
    (beside the players' own, which are kept)."""
    raw: Any = json.loads(json.dumps(a.record.raw))
    for v in a.verdicts:
        if not v.label:
            continue
        deal = raw["deals"][v.deal]
        kind = "EUCHRE_BIDDING" if v.kind in (CALL, DISCARD) else "TRICK_PLAY"
        phase = next((p for p in deal["phases"] if p.get("type") == kind), None)
        if phase is None:
            continue
        key = "callAnnotations" if kind == "EUCHRE_BIDDING" else "playAnnotations"
        index = len(phase.get("calls", ())) - 1 if v.kind == DISCARD else v.index
        notes = phase.setdefault(key, {})
        text = (f"{v.label} {TAG} {action_words(v.best.action)} ({v.best.value:+.2f}) over "
                f"{action_words(v.played)} ({v.played_value:+.2f}), {v.loss:.2f} points")
        notes.setdefault(str(index), []).append(text)
    return raw
