"""Which rule switches go together: the tables behind every refusal.

:meth:`Rules.validate` (pyengine.core.rules) reads them when a ``Rules`` value is made,
so a rule set the engine cannot play never exists; the option parser and ``euchre rules``
read them too. This module imports nothing of the engine.
"""

from __future__ import annotations

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
