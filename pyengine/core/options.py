"""Options: a preset's rule switches changed by name, ``--option NAME=VALUE``.

Every field of :class:`~pyengine.core.rules.Rules` but ``name`` is an option. The
transcript's ``options`` object records the fields in which a game's rules
differ from its preset (so a plain ``bit93`` game records ``{}``), and
:func:`rules_from` rebuilds the rules from the preset and that object.
"""

from __future__ import annotations

import dataclasses
from enum import Enum
from typing import Any

from pyengine.core.combinations import BID6_UNUSED, PARTNER_SWITCHES
from pyengine.core.rules import PRESETS, Bidding, Rules, RulesError, UnknownRules, preset

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

OPTION_NAMES: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(Rules)
                                      if f.name != "name")
_TYPES = {f.name: f.type for f in dataclasses.fields(Rules)}
_DEFAULTS = {f.name: f.default for f in dataclasses.fields(Rules)}
_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


class OptionError(ValueError):
    """An option that cannot be read or applied; one line naming the option."""


def _kind(name: str) -> type:
    return type(_DEFAULTS[name])


def plain(value: object) -> object:
    """The JSON form of an option value."""
    return value.value if isinstance(value, Enum) else value


def parse_value(name: str, value: Any) -> object:
    """Read ``value`` (text from the command line, or JSON) as option ``name``'s type."""
    if name not in _DEFAULTS or name == "name":
        known = ", ".join(OPTION_NAMES)
        raise OptionError(f"unknown option {name!r} (known: {known})")
    kind = _kind(name)
    text = str(value).strip().lower()
    if kind is bool:
        if isinstance(value, bool):
            return value
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
        raise OptionError(f"option {name}={value}: expected true or false")
    if kind is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        try:
            return int(text)
        except ValueError:
            raise OptionError(f"option {name}={value}: expected a whole number") from None
    choices = [m.value for m in kind]   # an enum
    if text in choices:
        return kind(text)
    raise OptionError(f"option {name}={value}: expected one of {', '.join(choices)}")


def parse_assignment(text: str) -> tuple[str, object]:
    """``NAME=VALUE`` -> (name, typed value)."""
    if "=" not in text:
        raise OptionError(f"option {text!r}: write NAME=VALUE, e.g. stick_the_dealer=false")
    name, _, value = text.partition("=")
    name = name.strip().replace("-", "_")
    return name, parse_value(name, value)


def apply_options(base: Rules, options: dict[str, Any]) -> Rules:
    """``base`` with ``options`` set. players=3 also turns off the partnership
    switches the options do not set themselves (cutthroat has no partners)."""
    typed = {name: parse_value(name, value) for name, value in options.items()}
    bidding = typed.get("bidding", base.bidding)
    if bidding is Bidding.SIX_CARD_BID:
        for name in typed:
            if name in BID6_UNUSED:
                raise OptionError(f"option {name} does not apply to six-card Bid Euchre: "
                                  f"{BID6_UNUSED[name]}")
    if typed.get("players") == 3:
        for name in PARTNER_SWITCHES:
            typed.setdefault(name, False)
    try:
        return dataclasses.replace(base, **typed)
    except RulesError as exc:
        raise OptionError(str(exc)) from None


def rules_from(preset_name: str, options: dict[str, Any] | None = None) -> Rules:
    """A preset with options; raises UnknownRules or OptionError with one clear line."""
    base = preset(preset_name)
    return apply_options(base, options or {}) if options else base


def options_of(rules: Rules) -> dict[str, object]:
    """The transcript's ``options``: fields where ``rules`` differ from their preset."""
    base = PRESETS.get(rules.name, Rules())
    return {name: plain(getattr(rules, name)) for name in OPTION_NAMES
            if getattr(rules, name) != getattr(base, name)}


__all__ = ["DECISIONS", "DESCRIPTIONS", "OPTION_NAMES", "OptionError", "UnknownRules",
           "apply_options",
           "options_of", "parse_assignment", "parse_value", "plain", "rules_from"]
