"""The 6502 core's rules block (asm/rules.oph, asm/state.oph) from pyengine's Rules.

One byte a field, each at its own label of the build's map, so the layout is the
assembler's and this module only names the values. :func:`encode` gives the bytes
of a :class:`~pyengine.core.rules.Rules`; :func:`unplayable` lists why the core of
this step cannot play one (the fields laid out in the block but not yet played:
they need new cards or an auction); :func:`from_cli` reads the shell's own
spelling, ``--rules NAME`` and ``-o NAME=VALUE``.
"""

from __future__ import annotations

from pyengine.core.options import OptionError, parse_assignment, rules_from
from pyengine.core.rules import (
    Bidding,
    DealerDiscard,
    FirstDealer,
    FirstLead,
    Rules,
    UnknownRules,
)

# (label, Rules field) in the block's order (asm/state.oph rules_block)
FIELDS: tuple[tuple[str, str], ...] = (
    ("rules_first_dealer", "first_dealer"),
    ("rules_stick", "stick_the_dealer"),
    ("rules_canadian", "canadian_rule"),
    ("rules_alone", "alone_allowed"),
    ("rules_discard", "dealer_discard"),
    ("rules_first_lead", "first_lead"),
    ("rules_target", "target"),
    ("rules_pts_made", "points_made"),
    ("rules_pts_march", "points_march"),
    ("rules_pts_lone", "points_lone_march"),
    ("rules_pts_euchre", "points_euchre"),
    ("rules_defend_alone", "defend_alone"),
    ("rules_pts_defend", "points_defend_alone"),
    ("rules_canadian_loner", "canadian_loner"),
    ("rules_farmers", "farmers_hand"),
    ("rules_nanfnt", "no_ace_no_face_no_trump"),
    ("rules_deck", "deck"),
    ("rules_joker", "joker"),
    ("rules_players", "players"),
    ("rules_bidding", "bidding"),
)

# asm/rules.oph's values of the enumerated fields
ENUMS: dict[object, int] = {
    FirstDealer.BLACK_JACK: 0, FirstDealer.RANDOM: 1,
    DealerDiscard.SAME_SUIT: 0, DealerDiscard.ANY: 1,
    FirstLead.MAKER_LEFT: 0, FirstLead.DEALER_LEFT: 1,
    Bidding.UPCARD: 0, Bidding.SIX_CARD_BID: 1,
}

# Fields the core plays only at the preset's value, with what the 6502 lacks for the
# others: none since issue 25 brought the deck, the joker, three players and Bid Euchre
# to the core. A new field of Rules waits here (refused with one line) until it does.
NOT_YET: dict[str, str] = {}
POINTS_MAX = 100     # a byte holds any total: the target (100 at most) - 1 + these
HANDS_MAX = 255      # hand_no is a byte; every hand scoring >= 1 point: < 2 x target hands
ZERO_POINT_TARGET_MAX = 20   # a hand may score nothing: targets up to here stay far below


def value(rules: Rules, field: str) -> int:
    """The block's byte for one field of ``rules``."""
    v = getattr(rules, field)
    if isinstance(v, bool):
        return int(v)
    if v in ENUMS:
        return ENUMS[v]
    return int(v)


def encode(rules: Rules) -> dict[str, int]:
    """The rules block as {label: byte}, in the block's order."""
    return {label: value(rules, field) for label, field in FIELDS}


def unplayable(rules: Rules) -> list[str]:
    """Why the 6502 core cannot play ``rules`` yet (empty: it can), one line each."""
    base = Rules()
    out = [f"option {field}: the C64 does not play {what} yet"
           for field, what in NOT_YET.items() if getattr(rules, field) != getattr(base, field)]
    points = ("points_made", "points_march", "points_lone_march", "points_euchre") + \
        (("points_defend_alone",) if rules.defend_alone else ())
    for name in points:
        if getattr(rules, name) > POINTS_MAX:
            out.append(f"option {name}={getattr(rules, name)}: the C64 counts at most "
                       f"{POINTS_MAX} points a hand")
    zero = [name for name in points if getattr(rules, name) == 0]
    if zero and rules.target > ZERO_POINT_TARGET_MAX:
        out.append(f"option {zero[0]}=0 with target={rules.target}: a game could pass "
                   f"{HANDS_MAX} hands, which the C64 counts in a byte (a target up to "
                   f"{ZERO_POINT_TARGET_MAX} is fine)")
    return out


class RulesChoiceError(ValueError):
    """A ``--rules``/``-o`` choice that is unknown, cannot be played, or not on the C64."""


def from_cli(rules_name: str, options: tuple[str, ...] = ()) -> Rules:
    """The rules ``euchre play --rules NAME -o ...`` would play, if the C64 plays them;
    else RulesChoiceError with one line."""
    try:
        chosen = dict(parse_assignment(o) for o in options)
        rules = rules_from(rules_name, chosen)
    except (UnknownRules, OptionError) as exc:
        raise RulesChoiceError(str(exc)) from None
    problems = unplayable(rules)
    if problems:
        raise RulesChoiceError(problems[0])
    return rules
