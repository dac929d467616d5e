"""Hints for the shell game: what the search player would do, and how it rates each choice.

``h`` (or ``hint``) at a prompt asks :class:`~pyengine.pimc.PimcPlayer`, with
its default setting (about a second), to rate every legal choice from the
human seat's view - never from the hidden cards. Where ``h`` is itself an
answer (naming hearts in round 2, the joker's suit, Bid Euchre's
declaration) only ``hint`` asks for a hint.

The value of a choice is the average, over the sampled deals, of the hand's
points for your side minus the opponents', each deal solved open-hand, plus
a small tie-break per trick your side takes.
"""

from __future__ import annotations

from .game import Action, BidAction, DiscardAction, Phase, PlayAction, SeatView
from .pimc import DEFAULT, PimcConfig, PimcPlayer, supports
from .textview import Style

HINT_WORDS = ("h", "hint")
HINT_HELP = "  h (or hint) a hint: what the search player would do, with its rating of each choice"
_H_ANSWERS = (Phase.JOKER, Phase.DECLARE)


def is_hint_request(answer: str, view: SeatView) -> bool:
    low = answer.strip().lower()
    if low == "hint":
        return True
    if low != "h":
        return False
    if view.phase is Phase.BID2:              # h names hearts, if hearts may be named
        return not any(isinstance(a, BidAction) and a.suit == 1 for a in view.legal)
    return view.phase not in _H_ANSWERS


def action_text(a: Action, style: Style) -> str:
    if isinstance(a, PlayAction):
        return f"play {style.card(a.card)}"
    if isinstance(a, DiscardAction):
        return f"discard {style.card(a.card)}"
    if isinstance(a, BidAction):
        return str(a)
    return str(a)


def hint_lines(view: SeatView, style: Style, config: PimcConfig = DEFAULT) -> list[str]:
    """The lines ``h`` prints: the suggestion, then every legal choice with its value."""
    if not supports(view.rules) or view.phase not in (Phase.BID1, Phase.BID2, Phase.DISCARD,
                                                      Phase.PLAY):
        return ["  No hint here: the search player does not model this rule set or decision."]
    if len(view.legal) == 1:
        return [f"  Hint: {action_text(view.legal[0], style)} (the only legal choice)."]
    ratings = PimcPlayer(config).rate(view)
    best = ratings[0]
    lines = [f"  Hint: {action_text(best.action, style)} "
             f"(search player, {best.worlds} sampled deals; value = points for your side "
             "minus theirs):"]
    for r in ratings:
        lines.append(f"    {action_text(r.action, style):<22} {r.value:+.2f}")
    return lines
