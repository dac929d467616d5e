"""The score sheet and the last trick as text lines (80 columns), for either mode.

:func:`sheet_lines` shows the rows of :mod:`pyengine.play.scoresheet` in a table:
hand, dealer, trump (or Bid Euchre's contract and bid), makers (and alone, or
a lone defender), tricks, points and the score after the hand, by team - by
player in three-handed cutthroat. :func:`last_trick_lines` says who played what
to the last completed trick and who took it.
"""

from __future__ import annotations

from pyengine.core.cards import Card
from pyengine.core.rules import Rules
from pyengine.play.scoresheet import PASSED_OUT, HandRow
from pyengine.play.textview import Style, seat_name, team_label, trick_text, visible_len

_HEAD = ("Hand", "Dealer", "Trump", "Made by", "Tricks", "Points", "Score")


def _by_team(values: tuple[int, ...], order: list[int], sep: str) -> str:
    return sep.join(str(values[t]) for t in order)


def _order(rules: Rules, human: int | None) -> list[int]:
    """The teams (players) in the order the columns show them: the human's first."""
    if rules.players == 3:
        return [0, 1, 2]
    first = 0 if human is None else human % 2
    return [first, 1 - first]


def _trump(row: HandRow, style: Style) -> str:
    if row.trump is None:
        return ""
    word = style.contract_word(row.trump)
    return word if row.bid is None else f"{word} bid {row.bid}"


def _made_by(row: HandRow, human: int | None) -> str:
    if row.maker is None:
        return ""
    who = seat_name(row.maker, human)
    if row.alone:
        who += " alone"
    if row.defended_alone:
        who += " (lone def.)"
    return who


def sheet_lines(rows: list[HandRow], rules: Rules, style: Style,
                human: int | None) -> list[str]:
    """The score sheet: a header, the order of the teams, one line per deal."""
    order = _order(rules, human)
    names = [team_label(t, human, rules.players) for t in order]
    negative = any(p < 0 for r in rows for p in (*r.points, *r.total))
    sep = "/" if negative else "-"              # Bid Euchre's scores go below zero
    cells = [_HEAD]
    for r in rows:
        if r.outcome == "played":
            cells.append((str(r.hand), seat_name(r.dealer, human), _trump(r, style),
                          _made_by(r, human), _by_team(r.tricks, order, sep),
                          _by_team(r.points, order, sep), _by_team(r.total, order, sep)))
        else:
            what = "all passed" if r.outcome == PASSED_OUT else "thrown in"
            cells.append((str(r.hand), seat_name(r.dealer, human), what, "", "", "",
                          _by_team(r.total, order, sep)))
    widths = [max(visible_len(c[i]) for c in cells) for i in range(len(_HEAD))]
    lines = [f"Score sheet (tricks, points and score in the order {' / '.join(names)}):"]
    for c in cells:
        parts = [c[0].rjust(widths[0])]
        parts += [_pad(c[i], widths[i]) for i in range(1, len(c))]
        lines.append("  " + "  ".join(parts).rstrip())
    return lines


def _pad(text: str, width: int) -> str:
    return text + " " * (width - visible_len(text))


def last_trick_lines(trick: list[tuple[int, Card]] | None, winner: int | None,
                     style: Style, human: int | None) -> list[str]:
    """``l``: the last completed trick, or why there is none."""
    if not trick or winner is None:
        return ["  No trick has been played yet."]
    took = "you" if winner == human else seat_name(winner, human)
    return [f"  Last trick: {trick_text(trick, style, human)}; {took} took it."]
