"""A record through the engine: every call and card judged under its ruleset.

:func:`walk` recovers each deal's hands (:mod:`.recover`), starts a
:class:`~pyengine.core.game.GameState` with those deals, the record's first dealer and
its initial score, and applies the record's decisions one by one: the calls from the
dealer's left, a lone defence, the dealer's discard, the cards in the order they fell.
It yields each decision *before* applying it (the game is then as the seat saw it:
:mod:`.analyze` reads the seat's view there), so a consumer sees every position.

A fault - a call out of turn or out of place, a revoke, a card twice, an impossible
discard, a deal after the game was over, a dealer out of turn - raises
:class:`~.recover.Fault` naming the deal (its index in the record) and the trick. A
record that stops early (a deal cut short, a game not over) is read as far as it goes:
:attr:`Outcome.partial` says where it stops.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from pyengine.core.actions import (
    PASS_ACTION,
    Action,
    DefendAction,
    DiscardAction,
    IllegalAction,
    PlayAction,
    RedealAction,
    bid_action,
)
from pyengine.core.events import NAME, ORDER
from pyengine.core.game import GameState
from pyengine.core.phase import Phase
from pyengine.records.egn.cardtext import suit_of_letter
from pyengine.records.egn.model import Deal, Record
from pyengine.records.egn.recover import PASS, ROUND1_CALLS, Fault, Recovered, recover
from pyengine.records.egn.rules_map import Mapped, rules_of

CALL, DEFEND, DISCARD, PLAY, REDEAL = "call", "defend", "discard", "play", "redeal"


@dataclass(frozen=True)
class Decision:
    """One decision of the record, about to be applied to ``game``."""
    deal: int                    # index of the deal in the record
    kind: str                    # CALL, DEFEND, DISCARD or PLAY
    index: int                   # the call's index in ``calls``, or the play's across tricks
    trick: int | None            # 0-based, for a play
    seat: int
    action: Action
    game: GameState              # the live game, before the action (do not change it)
    recovered: Recovered


@dataclass
class Outcome:
    """What the record came to: the final game, and where a partial record stops."""
    game: GameState | None = None
    mapped: Mapped | None = None
    recovered: list[Recovered] = field(default_factory=list)
    partial: str | None = None
    deals_read: int = 0


def seat_word(record: Record, seat: int) -> str:
    """``seat 2 (Chach)``."""
    name = record.players[seat] if seat < len(record.players) else ""
    return f"seat {seat} ({name})" if name else f"seat {seat}"


def _call_action(deal: Deal, k: int, call: str, game: GameState, rec: Recovered) -> Action:
    if call == PASS:
        return PASS_ACTION
    alone = rec.contract.alone
    if game.phase is Phase.BID1 and call in ROUND1_CALLS:
        return bid_action(ORDER, game.up_suit, alone)
    if game.phase is Phase.BID2 and len(call) == 1 and call in "shdc":
        return bid_action(NAME, suit_of_letter(call), alone)   # type: ignore[arg-type]
    raise Fault(deal.index, None, f"call {k} ({call}): not a call in round "
                f"{1 if game.phase is Phase.BID1 else 2}")


def _recover_all(record: Record, mapped: Mapped, out: Outcome) -> None:
    for deal in record.deals:
        rec = recover(deal, mapped.rules, mapped.loner_left_leads)
        out.recovered.append(rec)
        if not rec.complete:
            break


def walk(record: Record, out: Outcome | None = None,
         mapped: Mapped | None = None) -> Iterator[Decision]:
    """Yield every decision of ``record`` before applying it (module docstring); fill
    ``out`` as it goes. ``mapped``: the rules to judge by (default: the ruleset's).
    RulesetError or Fault when the record cannot be judged."""
    out = out if out is not None else Outcome()
    mapped = mapped or rules_of(record.ruleset)
    out.mapped = mapped
    rules = mapped.rules
    if not record.deals:
        out.partial = "the record has no deals"
        return
    _recover_all(record, mapped, out)
    deals = tuple((tuple(tuple(h) for h in r.hands), r.upcard) for r in out.recovered)
    start = tuple(record.initial_score) + (0,) * (rules.teams - len(record.initial_score))
    game = GameState.new(rules, 0, deals=deals, first=((), record.deals[0].dealer),
                         total=start[:rules.teams])
    out.game = game
    for i, (deal, rec) in enumerate(zip(record.deals, out.recovered, strict=False)):
        if game.over:
            raise Fault(i, None, "a deal after the game was over (score "
                        f"{'-'.join(map(str, game.total))})")
        if game.dealer != deal.dealer:
            raise Fault(i, None, f"the dealer is seat {deal.dealer}, but the deal passes to "
                        f"seat {game.dealer}")
        yield from _deal(record, deal, rec, game)
        out.deals_read = i + 1
        if not rec.complete:
            out.partial = _where_stopped(record, deal, rec, game)
            return
    final = record.final_score
    if final is not None and game.over and list(final) != game.total[:len(final)]:
        raise Fault(len(record.deals) - 1, None, f"finalScore is {'-'.join(map(str, final))}"
                    f" but the play scores {'-'.join(map(str, game.total))}")
    left = len(record.deals) - len(out.recovered)
    if left:
        out.partial = f"{left} deals after it not read"
    elif not game.over:
        out.partial = (f"the record ends after deal {len(record.deals) - 1} before the game "
                       f"is over (to {rules.target})")


def _where_stopped(record: Record, deal: Deal, rec: Recovered, game: GameState) -> str:
    after = len(record.deals) - deal.index - 1
    rest = f"; the {after} deal{'s' if after > 1 else ''} after it not read" if after else ""
    if rec.contract.maker is None:
        return f"the record stops in deal {deal.index} during the bidding{rest}"
    done = len(rec.winners)
    return (f"the record stops in deal {deal.index} after {done} trick{'s' * (done != 1)} "
            f"({seat_word(record, game.turn)} to play){rest}")


def _deal(record: Record, deal: Deal, rec: Recovered, game: GameState) -> Iterator[Decision]:
    hand_no = game.hand_no
    while game.phase is Phase.REDEAL:           # a poor hand kept: EGN records no new deal
        keep = RedealAction(False)
        yield Decision(deal.index, REDEAL, 0, None, game.turn, keep, game, rec)
        _apply(game, keep, deal.index, None, f"{seat_word(record, game.turn)} keeps")
    calls = deal.bidding.calls if deal.bidding else ()
    for k, call in enumerate(calls):
        if game.hand_no != hand_no or game.phase not in (Phase.BID1, Phase.BID2):
            raise Fault(deal.index, None, f"call {k} ({call}): the bidding is over")
        action = _call_action(deal, k, call, game, rec)
        yield Decision(deal.index, CALL, k, None, game.turn, action, game, rec)
        _apply(game, action, deal.index, None, f"call {k} ({call}) by "
               f"{seat_word(record, game.turn)}")
    if game.hand_no != hand_no or game.over:
        if deal.play and deal.play.tricks:
            raise Fault(deal.index, 0, "cards are played but every call was a pass")
        return                                  # passed out: the next deal follows
    if not rec.complete and rec.contract.maker is None:
        return
    recorded_discard = deal.bidding is not None and deal.bidding.discard is not None
    defence = deal.bidding is not None and deal.bidding.defence_said
    if not (rec.complete or rec.cards or recorded_discard or defence):
        return                  # the record stops after the making call: nothing more known
    while game.phase is Phase.DEFEND:
        alone = game.turn == (deal.bidding.alone_defender if deal.bidding else None)
        action = DefendAction(alone)
        yield Decision(deal.index, DEFEND, 0, None, game.turn, action, game, rec)
        _apply(game, action, deal.index, None, f"{seat_word(record, game.turn)} defends")
    if game.phase is Phase.DISCARD and not (rec.complete or rec.cards or recorded_discard):
        return                  # the record stops before the dealer's discard
    if game.phase is Phase.DISCARD:
        assert rec.discard is not None
        action = DiscardAction(rec.discard)
        yield Decision(deal.index, DISCARD, 0, None, game.turn, action, game, rec)
        _apply(game, action, deal.index, None, f"{seat_word(record, game.turn)} discards")
    n = 0
    for t, (seats, cards) in enumerate(zip(rec.seats, rec.cards, strict=True)):
        for seat, card in zip(seats, cards, strict=True):
            if game.turn != seat or game.phase is not Phase.PLAY:
                raise Fault(deal.index, t, f"seat {seat} plays, but it is seat {game.turn}'s "
                            f"turn to {game.phase.value}")
            action = PlayAction(card)
            yield Decision(deal.index, PLAY, n, t, seat, action, game, rec)
            from pyengine.records.egn.cardtext import card_text

            _apply(game, action, deal.index, t, f"{seat_word(record, seat)} plays "
                   f"{card_text(card)}")
            n += 1
    if rec.complete and game.hand_no == hand_no and not game.over:
        raise Fault(deal.index, None, "the deal ends before the hand is over")


def _apply(game: GameState, action: Action, deal: int, trick: int | None, what: str) -> None:
    try:
        game.apply(action)
    except IllegalAction as exc:
        raise Fault(deal, trick, f"{what}: {exc}") from None


def judge(record: Record, mapped: Mapped | None = None) -> Outcome:
    """Judge the whole record (every decision applied); Fault or RulesetError if it is
    faulty or needs rules the project does not play."""
    out = Outcome()
    for _ in walk(record, out, mapped):
        pass
    return out
