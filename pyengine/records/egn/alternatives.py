"""Alternative lines judged: a record's what-ifs played out on the deal's own hands.

An alternative line branches at a step of its deal - the calls and then the cards,
counted from 0 (EGN's ``branchIndex``) - and gives the phases that follow instead: a
bidding phase's calls from that step on, a play phase's cards from that step on (its
first trick holds the rest of the trick the branch falls in). The line is played on the
game as it stood at the branch, with the hands recovered from the main line, so every
call and card of it is judged as the main line's are; its verdict is one line: it
follows the rules and what the hand scores, where it stops, or the first fault.
"""

from __future__ import annotations

from pyengine.core.actions import (
    PASS_ACTION,
    Action,
    DefendAction,
    DiscardAction,
    IllegalAction,
    PlayAction,
    bid_action,
)
from pyengine.core.events import NAME, ORDER, PassedOut, Score
from pyengine.core.game import GameState
from pyengine.core.phase import Phase
from pyengine.records.egn.cardtext import EgnCardError, read_card, suit_of_letter
from pyengine.records.egn.judge import CALL, PLAY, Outcome, walk
from pyengine.records.egn.model import Alternative, Record
from pyengine.records.egn.recover import PASS, ROUND1_CALLS, Fault, Recovered
from pyengine.records.egn.rules_map import Mapped, RulesetError


class _Stop(Exception):
    """The line cannot go on; the message says why."""


def verdicts(record: Record, mapped: Mapped | None = None) -> dict[tuple[int, int], str]:
    """(deal index, line index) -> the line's verdict, for every alternative line of the
    deals the main line reaches."""
    wanted: dict[tuple[int, int], list[tuple[int, Alternative]]] = {}
    for deal in record.deals:
        for i, alt in enumerate(deal.alternatives):
            wanted.setdefault((deal.index, alt.branch), []).append((i, alt))
    out: dict[tuple[int, int], str] = {}
    if not wanted:
        return out
    calls_of = {d.index: len(d.bidding.calls) if d.bidding else 0 for d in record.deals}
    try:
        for d in walk(record, Outcome(), mapped):
            if d.kind not in (CALL, PLAY):
                continue
            step = d.index if d.kind == CALL else calls_of[d.deal] + d.index
            for i, alt in wanted.pop((d.deal, step), []):
                out[d.deal, i] = _judge(alt, d.game.clone(), d.recovered, d.kind)
    except (Fault, RulesetError):
        pass                                    # the main line's fault is said elsewhere
    for (deal_no, _), lines in wanted.items():
        for i, _alt in lines:
            out[deal_no, i] = "not judged: the main line does not reach its branch"
    return out


def _judge(alt: Alternative, game: GameState, rec: Recovered, at: str) -> str:
    hand = game.hand_no
    try:
        if alt.bidding is not None:
            if at != CALL:
                raise _Stop("calls given where the main line plays cards")
            _calls(alt, game, rec)
        elif at == CALL:
            raise _Stop("the branch is in the calls but the line gives no calls")
        if game.hand_no == hand and not game.over:
            _prepare_play(alt, game, rec)
        if alt.play is not None and game.hand_no == hand and not game.over:
            n = 0
            for trick in alt.play.tricks:
                for text in trick:
                    try:
                        card = read_card(text, game.trump)
                    except EgnCardError as exc:
                        raise _Stop(str(exc)) from None
                    if game.phase is not Phase.PLAY:
                        raise _Stop(f"{text}: the hand is over")
                    seat = game.turn
                    if card not in game.hands[seat] and any(s == seat for s, _ in rec.guessed):
                        return (f"not judged: card {n} ({text}) by seat {seat}, whose whole "
                                "hand the main line does not show")
                    _apply(game, PlayAction(card), f"card {n} ({text}) by seat {seat}")
                    n += 1
    except _Stop as stop:
        return f"does not follow the rules: {stop}"
    return _result(game, hand)


def _calls(alt: Alternative, game: GameState, rec: Recovered) -> None:
    assert alt.bidding is not None
    for k, call in enumerate(alt.bidding.calls):
        if game.phase not in (Phase.BID1, Phase.BID2):
            raise _Stop(f"call {k} ({call}): the bidding is over")
        action: Action
        if call == PASS:
            action = PASS_ACTION
        elif game.phase is Phase.BID1 and call in ROUND1_CALLS:
            action = bid_action(ORDER, game.up_suit, alt.bidding.alone or call == "Alone")
        elif game.phase is Phase.BID2 and len(call) == 1 and call in "shdc":
            action = bid_action(NAME, suit_of_letter(call), alt.bidding.alone)  # type: ignore[arg-type]
        else:
            raise _Stop(f"call {k} ({call}) is not a call now")
        _apply(game, action, f"call {k} ({call}) by seat {game.turn}")


def _prepare_play(alt: Alternative, game: GameState, rec: Recovered) -> None:
    """A lone defence and the dealer's discard, when the line leads to them."""
    defender = alt.bidding.alone_defender if alt.bidding else None
    while game.phase is Phase.DEFEND:
        _apply(game, DefendAction(game.turn == defender), f"seat {game.turn} defends")
    if game.phase is Phase.DISCARD:
        text = alt.bidding.discard if alt.bidding else None
        legal = [a for a in game.legal_actions() if isinstance(a, DiscardAction)]
        if text is not None:
            try:
                card = read_card(text, game.trump)
            except EgnCardError as exc:
                raise _Stop(str(exc)) from None
            _apply(game, DiscardAction(card), f"the discard {text}")
        elif rec.discard is not None and DiscardAction(rec.discard) in legal:
            _apply(game, DiscardAction(rec.discard), "the main line's discard")
        else:
            raise _Stop("the dealer picks up, but the line records no discard")


def _apply(game: GameState, action: Action, what: str) -> None:
    try:
        game.apply(action)
    except IllegalAction as exc:
        raise _Stop(f"{what}: {exc}") from None


def _result(game: GameState, hand: int) -> str:
    new = game.events[_start_of_hand(game, hand):]
    scored = [e for e in new if isinstance(e, Score)]
    if scored:
        last = scored[0]
        return (f"follows the rules: tricks {last.tricks[0]}-{last.tricks[1]}, points "
                f"{last.points[0]}-{last.points[1]} (players 0+2 first)")
    if any(isinstance(e, PassedOut) for e in new):
        return "follows the rules: every call passes, the deal is thrown in"
    done = game.tricks_played
    where = ("in the calls" if game.phase in (Phase.BID1, Phase.BID2)
             else f"after {done} trick{'s' * (done != 1)}")
    return f"follows the rules as far as it goes (it stops {where})"


def _start_of_hand(game: GameState, hand: int) -> int:
    """The index of the event that dealt hand ``hand``."""
    from pyengine.core.events import Deal

    deals = [i for i, e in enumerate(game.events) if isinstance(e, Deal)]
    return deals[hand - 1]


__all__ = ["verdicts"]
