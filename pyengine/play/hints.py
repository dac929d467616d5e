"""Hints for the shell game: what the search player would do, and how it rates each choice.

``t`` (a tip) or ``hint`` at a prompt asks the ``hard`` level's search
(:class:`~pyengine.players.pimc.PimcPlayer` at
:func:`~pyengine.players.levels.hard_config`: its worlds with the native solver, a
budget in work, so the same position always gets the same hint) to rate every legal
choice from the human seat's view - never from the hidden cards. Neither is an answer to
any prompt (``h`` names hearts, so it is not a hint key). Hints exist where
pimc models the rules (:func:`pyengine.players.pimc.supports`: four players, 24
cards, no joker, no defending alone, no Bid Euchre), and for its decisions
(bids, discard, play); elsewhere the hint is the computer player's
(:class:`~pyengine.players.varplayer.VariantPlayer`) choice, without ratings, and
``?`` says so.

The value of a choice is the average, over the sampled deals, of the hand's
points for your side minus the opponents', each deal solved open-hand, plus
a small tie-break per trick your side takes; where the search player bids with a
caution (:func:`pyengine.players.pimc.caution_for`), a call's value is less that
caution, and the hint says so.
"""

from __future__ import annotations

from pyengine.core.events import ORDER
from pyengine.core.game import Action, BidAction, DiscardAction, Phase, PlayAction, SeatView
from pyengine.play.helptext import HINT_WORDS
from pyengine.play.textview import Style
from pyengine.players.levels import hard_config
from pyengine.players.pimc import PimcConfig, PimcPlayer, supports
from pyengine.players.varplayer import VariantPlayer


def is_hint_request(answer: str, view: SeatView) -> bool:
    """``t`` or ``hint``: keys no answer uses (``h`` names hearts), at any prompt."""
    return answer.strip().lower() in HINT_WORDS


def action_text(a: Action, style: Style, view: SeatView | None = None) -> str:
    """A choice in the prompt's words: the dealer picks up what the others order up."""
    if isinstance(a, PlayAction):
        return f"play {style.card(a.card)}"
    if isinstance(a, DiscardAction):
        return f"discard {style.card(a.card)}"
    if isinstance(a, BidAction) and a.call == ORDER and view is not None \
            and view.seat == view.dealer:
        return "pick up" + (" alone" if a.alone else "")
    return str(a)


def hint_lines(view: SeatView, style: Style, config: PimcConfig | None = None) -> list[str]:
    """The lines ``t`` prints: the suggestion, then every legal choice with its expected
    points (``config``: the search's setting, the ``hard`` level's by default)."""
    if len(view.legal) == 1:
        return [f"  Hint: {action_text(view.legal[0], style, view)} (the only legal choice)."]
    if not supports(view.rules) or view.phase not in (Phase.BID1, Phase.BID2, Phase.DISCARD,
                                                      Phase.PLAY):
        choice = VariantPlayer().decide(view)
        return [f"  Hint: {action_text(choice, style, view)} (what the computer player would "
                "do; the search player does not model this rule set or decision, so there "
                "are no ratings)."]
    if len(view.legal) == 1:
        return [f"  Hint: {action_text(view.legal[0], style, view)} (the only legal choice)."]
    player = PimcPlayer(config if config is not None else hard_config())
    ratings = player.rate(view)
    best = ratings[0]
    lines = [f"  Hint: {action_text(best.action, style, view)} "
             f"(search player, {best.worlds} sampled deals; value = points for your side "
             "minus theirs):"]
    for r in ratings:
        lines.append(f"    {action_text(r.action, style, view):<22} {r.value:+.2f}")
    if view.phase in (Phase.BID1, Phase.BID2):
        caution = player.call_caution(view, view.round)
        if caution > 0:
            lines.append(f"    (each call is rated {caution:.2f} below its search value: from "
                         "this seat such calls have promised more than they gave)")
    return lines
