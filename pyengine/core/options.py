"""Options: a preset's rule switches changed by name, ``--option NAME=VALUE``.

Every field of :class:`~pyengine.core.rules.Rules` but ``name`` is an option. The
transcript's ``options`` object records the fields in which a game's rules
differ from its preset (so a plain ``bit93`` game records ``{}``), and
:func:`rules_from` rebuilds the rules from the preset and that object.
"""

from __future__ import annotations

from typing import Any

from pyengine.core.rules import (
    OPTION_NAMES,
    PRESETS,
    OptionError,
    Rules,
    UnknownRules,
    apply_options,
    options_of,
    parse_value,
    plain,
    preset,
)

DESCRIPTIONS: dict[str, str] = {
    "first_dealer": "how the first dealer is chosen: black_jack (deal face up until a "
                    "black jack) or random",
    "stick_the_dealer": "all pass twice: the dealer must name trump (false: the hand is "
                        "not played, the next dealer deals)",
    "canadian_rule": "the dealer's partner who orders up must go alone",
    "alone_allowed": "the player who makes trump may go alone",
    "dealer_discard": "the dealer's discard after picking up: same_suit (a trump if he has "
                      "another) or any",
    "first_lead": "who leads the first trick: maker_left or dealer_left (skipping a player "
                  "who sits out)",
    "target": "points that win the game",
    "points_made": "makers who take 3 or 4 tricks",
    "points_march": "makers who take all 5 tricks together",
    "points_lone_march": "a lone maker who takes all 5 tricks",
    "points_euchre": "defenders (each, in cutthroat) when the makers take fewer than 3",
    "bidding": "upcard (Euchre) or six_card_bid (Bid Euchre, Racehorse)",
    "players": "4 (two partnerships) or 3 (cutthroat, each for himself)",
    "deck": "24 cards (9-A) or 32 (7-A)",
    "joker": "add the joker (benny), the highest trump; an upcard joker: the dealer names "
             "its suit",
    "canadian_loner": "a player who orders the dealer up and goes alone: the player to his "
                      "left leads",
    "defend_alone": "a defender may go alone; he scores points_defend_alone for a euchre",
    "points_defend_alone": "a lone defender who euchres the makers",
    "farmers_hand": "a player dealt no card above 10 (only 9s and 10s, 7s and 8s too "
                    "with 32 cards) may ask for a new deal",
    "no_ace_no_face_no_trump": "a player dealt no ace, no J/Q/K and no card of the upcard's "
                               "suit may ask for a new deal",
}

# Choices where a seed is silent, said by ``euchre rules`` (and docs/design.md).
DECISIONS: tuple[str, ...] = (
    "cutthroat (players=3): when two players reach the target in the same hand, the "
    "higher total wins; with equal totals (e.g. 10-10-6) another hand is dealt, until "
    "one total is higher (the three-player rules do not say).",
    "farmer's hand: a hand with no card above 10 - every card a 9 or a 10 (7s and 8s "
    "too with 32 cards), the standard rules' \"very poor hand\"; the computer asks for a new "
    "deal with it only when it also holds no card of the upcard's suit (about 2% of "
    "deals are thrown in with 32 cards, almost none with 24).",
    "six-card Bid Euchre: first_lead, dealer_discard and the points_* options do not "
    "apply (the high bidder leads, there is no upcard, a side scores a point a trick) "
    "and are refused.",
    "every game of computers only (euchre play --auto, arena, vectors) stops after "
    "2,000 deals, won by neither side; option sets under which no hand scores are "
    "refused, and the target is at most 100.",
)

def parse_assignment(text: str) -> tuple[str, object]:
    """``NAME=VALUE`` -> (name, typed value)."""
    if "=" not in text:
        raise OptionError(f"option {text!r}: write NAME=VALUE, e.g. stick_the_dealer=false")
    name, _, value = text.partition("=")
    name = name.strip().replace("-", "_")
    return name, parse_value(name, value)


def rules_from(preset_name: str, options: dict[str, Any] | None = None) -> Rules:
    """A preset with options; raises UnknownRules or OptionError with one clear line.
    ``preset_name`` may also be a C64 rules code (``"STD T11 C1"``,
    pyengine.core.rulescode); ``options`` then change its rules further."""
    if preset_name not in PRESETS:
        from pyengine.core.rulescode import looks_like_code, rules_from_code

        if looks_like_code(preset_name):
            base = rules_from_code(preset_name)
            return apply_options(base, options) if options else base
    base = preset(preset_name)
    return apply_options(base, options or {}) if options else base


__all__ = ["DECISIONS", "DESCRIPTIONS", "OPTION_NAMES", "OptionError", "UnknownRules",
           "apply_options",
           "options_of", "parse_assignment", "parse_value", "plain", "rules_from"]
