"""A judged record in words, deal by deal (``euchre replay FILE.egn``)."""

from __future__ import annotations

from pyengine.core.cards import CONTRACT_WORDS
from pyengine.core.events import (
    PASS,
    Bid,
    Deal,
    Defend,
    Discard,
    GameOver,
    PassedOut,
    Play,
    Score,
    Trick,
)
from pyengine.records.egn.cardtext import card_text
from pyengine.records.egn.judge import Outcome
from pyengine.records.egn.model import Record


def _name(record: Record, seat: int) -> str:
    name = record.players[seat] if seat < len(record.players) else ""
    return f"{name} ({seat})" if name else f"seat {seat}"


def _bid(record: Record, b: Bid) -> str:
    who = _name(record, b.seat)
    if b.call == PASS:
        return f"{who} passes"
    alone = " alone" if b.alone else ""
    if b.round == 1:
        return f"{who} orders up{alone}"
    return f"{who} names {CONTRACT_WORDS[b.suit]}{alone}"   # type: ignore[index]


def lines(record: Record, outcome: Outcome,
          alternatives: dict[tuple[int, int], str] | None = None) -> list[str]:
    """The record, deal by deal: calls, discard, tricks and winners, points, score, the
    players' notes and the alternative lines (with their verdicts, when given)."""
    alts = alternatives or {}
    game = outcome.game
    if game is None:
        return []
    out: list[str] = []
    deal_no = -1
    bids: list[str] = []
    trick: list[str] = []
    trick_no = 0
    teams = "0+2", "1+3"
    for e in game.events:
        if isinstance(e, Deal):
            if deal_no + 1 >= len(outcome.recovered):
                break                           # the seed's deal, after the record's last
            if deal_no >= 0:
                out += notes(record, deal_no, alts)
            deal_no += 1
            trick_no = 0
            bids = []
            up = "" if e.upcard is None else f", upcard {card_text(e.upcard)}"
            out.append(f"Deal {deal_no}: dealer {_name(record, e.dealer)}{up}")
        elif isinstance(e, Bid):
            bids.append(_bid(record, e))
            if e.call != PASS:
                out.append("  Calls: " + ", ".join(bids))
        elif isinstance(e, PassedOut):
            out.append("  Calls: " + ", ".join(bids))
            out.append("  Every call a pass: no one plays this deal")
        elif isinstance(e, Defend):
            if e.alone:
                out.append(f"  {_name(record, e.seat)} defends alone")
        elif isinstance(e, Discard):
            out.append(f"  {_name(record, e.seat)} discards {card_text(e.card)}")
        elif isinstance(e, Play):
            trick.append(f"{card_text(e.card)} {_name(record, e.seat)}")
        elif isinstance(e, Trick):
            trick_no += 1
            out.append(f"  Trick {trick_no}: {', '.join(trick)} -> {_name(record, e.winner)}")
            trick = []
        elif isinstance(e, Score):
            won = " and ".join(f"{p} to players {teams[t]}" for t, p in enumerate(e.points)
                               if p) or "no points"
            out.append(f"  Tricks {e.tricks[0]}-{e.tricks[1]}: {won}; score "
                       f"{'-'.join(map(str, e.total))}")
        elif isinstance(e, GameOver):
            out.append(f"  Game over: players {teams[e.winner]} win")
    if trick:
        out.append(f"  Trick {trick_no + 1} so far: {', '.join(trick)}")
    if deal_no >= 0:
        out += notes(record, deal_no, alts)
    return out


def notes(record: Record, index: int,
          alternatives: dict[tuple[int, int], str] | None = None) -> list[str]:
    """A deal's annotations (on calls, on plays) and its alternative lines, in words."""
    if index >= len(record.deals):
        return []
    deal = record.deals[index]
    out: list[str] = []
    for what, table in (("call", deal.bidding.notes if deal.bidding else {}),
                        ("play", deal.play.notes if deal.play else {})):
        for k in sorted(table):
            for text in table[k]:
                out.append(f"  Note on {what} {k}: {text}")
    for i, alt in enumerate(deal.alternatives):
        tricks = alt.play.tricks if alt.play else ()
        calls = alt.bidding.calls if alt.bidding else ()
        line = " | ".join(([" ".join(calls)] if calls else []) + [" ".join(t) for t in tricks])
        verdict = (alternatives or {}).get((index, i), "not judged")
        out.append(f"  Alternative line from step {alt.branch}: {line}")
        out.append(f"    {verdict}")
    return out


def final_line(outcome: Outcome) -> str:
    """``Final score: X-Y`` (X for the team of players 0 and 2)."""
    assert outcome.game is not None
    return "Final score: " + "-".join(str(x) for x in outcome.game.total)
