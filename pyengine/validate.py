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

PARTNER_SWITCHES = ("alone_allowed", "canadian_rule", "canadian_loner", "defend_alone")


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
    for name in ("points_made", "points_march", "points_lone_march", "points_euchre",
                 "points_defend_alone"):
        if getattr(r, name) < 0:
            out.append(f"option {name}={getattr(r, name)}: points cannot be negative")
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
