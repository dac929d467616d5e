"""Which rule switches go together: every refusal names the option at fault.

:meth:`Rules.validate` calls :func:`problems` when a :class:`~pyengine.rules.Rules`
value is made, so a rule set the engine cannot play never exists.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .rules import Rules

BID6_FIXED = (
    # (option, value Bid Euchre needs, why) - seed 004: "Nessuna si applica: Bid Euchre
    # usa sempre il mazzo da 24 carte senza jolly, non ha carta girata e si gioca fino a 32."
    ("deck", 24, "six-card Bid Euchre always uses the 24-card deck"),
    ("joker", False, "six-card Bid Euchre has no joker"),
    ("players", 4, "six-card Bid Euchre is for four players in two partnerships"),
    ("target", 32, "six-card Bid Euchre is always played to 32"),
    ("alone_allowed", False, "six-card Bid Euchre has no lone bids"),
    ("canadian_rule", False, "six-card Bid Euchre has no upcard to order up"),
    ("canadian_loner", False, "six-card Bid Euchre has no upcard to order up"),
    ("stick_the_dealer", False, "six-card Bid Euchre's dealer must bid 3 if all others "
                                "pass; there is no second round to stick him in"),
    ("defend_alone", False, "six-card Bid Euchre has no lone hands"),
    ("farmers_hand", False, "six-card Bid Euchre deals every card: no new deals on request"),
    ("no_ace_no_face_no_trump", False, "six-card Bid Euchre deals every card: no new "
                                       "deals on request"),
)

# Options six-card Bid Euchre has no use for: the high bidder leads, nobody picks up
# a card, and a hand scores a point a trick (seed 004: "Ogni squadra segna un punto
# per presa"). Setting one with bid6 is refused (options.apply_options) and
# ``euchre rules`` shows them as "-" there.
BID6_UNUSED = {
    "first_lead": "the high bidder leads the first trick",
    "dealer_discard": "there is no upcard to pick up, so no discard",
    "points_made": "each side scores a point a trick",
    "points_march": "each side scores a point a trick",
    "points_lone_march": "each side scores a point a trick",
    "points_euchre": "makers who fail lose their bid",
    "points_defend_alone": "there are no lone hands",
}

PARTNER_SWITCHES = ("alone_allowed", "canadian_rule", "canadian_loner", "defend_alone")

# The largest target a person plays to: a game to 10 takes about 15 deals, one
# to 100 a few hundred, within the hand limit of automatic games (runner.MAX_HANDS).
MAX_TARGET = 100


def _show(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(getattr(value, "value", value))


def problems(r: Rules) -> list[str]:
    """Every reason ``r`` cannot be played, most basic first (empty: fine)."""
    out: list[str] = []
    if r.players not in (3, 4):
        out.append(f"option players={r.players}: Euchre is played by 4 (partners) or 3 "
                   "(cutthroat)")
    if r.deck not in (24, 32):
        out.append(f"option deck={r.deck}: the deck has 24 cards (9-A) or 32 (7-A)")
    if r.target < 1:
        out.append(f"option target={r.target}: the target score must be at least 1")
    if r.target > MAX_TARGET:
        out.append(f"option target={r.target}: the target can be at most {MAX_TARGET} "
                   "(a game to 10 takes about 15 deals)")
    for name in ("points_made", "points_march", "points_lone_march", "points_euchre",
                 "points_defend_alone"):
        if getattr(r, name) < 0:
            out.append(f"option {name}={getattr(r, name)}: points cannot be negative")
    if not r.bid6 and not _can_score(r):
        out.append("options points_made=0, points_march=0, points_euchre=0: no hand could "
                   "ever score a point, so the game could never end")
    if r.bid6:
        for name, need, why in BID6_FIXED:
            if getattr(r, name) != need:
                out.append(f"option {name}={_show(getattr(r, name))} cannot be used with "
                           f"bidding=six_card_bid: {why}")
    if r.players == 3:
        for name in PARTNER_SWITCHES:
            if getattr(r, name):
                out.append(f"option {name}=true cannot be used with players=3: "
                           "three-handed cutthroat has no partners")
    return out


def _can_score(r: Rules) -> bool:
    """Some hand of an upcard game scores a point (else no game under ``r`` can end)."""
    lone = r.alone_allowed or r.canadian_rule
    return bool(r.points_made or r.points_march or r.points_euchre
                or (lone and r.points_lone_march)
                or (r.defend_alone and r.points_defend_alone))
