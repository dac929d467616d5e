"""Rule switches and their named presets.

Every rule choice the engine makes is a field of :class:`Rules`, so a variant
is a different value, never a different code path hidden in the engine. The
``bit93`` preset is the game of Bit #93 (April 1988) exactly as docs/design.md
decides it; later presets change these switches.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, fields
from enum import Enum, StrEnum
from functools import cached_property
from typing import Any

from pyengine.core.combinations import BID6_FIXED, BID6_UNUSED, MAX_TARGET, PARTNER_SWITCHES


class FirstDealer(StrEnum):
    """How the first dealer is chosen."""
    BLACK_JACK = "black_jack"   # deal face up until a black jack appears
    RANDOM = "random"


class DealerDiscard(StrEnum):
    """What the dealer may discard after picking up."""
    SAME_SUIT = "same_suit"     # Bit #93: must discard a trump if he holds one
    ANY = "any"


class FirstLead(StrEnum):
    """Who leads the first trick."""
    MAKER_LEFT = "maker_left"   # Bit #93: the player to the left of the maker
    DEALER_LEFT = "dealer_left"


class Bidding(StrEnum):
    """How trump is made: the upcard's rounds or Bid Euchre's auction."""
    UPCARD = "upcard"           # Euchre: order up the upcard, then name a suit
    SIX_CARD_BID = "six_card_bid"   # Bid Euchre, six cards each ("Racehorse"): see bid6.py


class RulesError(ValueError):
    """A combination of rule switches that cannot be played; the message names the option."""


# --- which switches go together (their tables are in combinations.py) -------------

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


@dataclass(frozen=True)
class Rules:
    """One complete set of rule decisions."""

    name: str = "bit93"
    first_dealer: FirstDealer = FirstDealer.BLACK_JACK
    stick_the_dealer: bool = False      # False: four passes twice = hand not played
    canadian_rule: bool = True          # dealer's partner who orders up must go alone
    alone_allowed: bool = True          # the maker may choose to go alone
    dealer_discard: DealerDiscard = DealerDiscard.SAME_SUIT
    first_lead: FirstLead = FirstLead.MAKER_LEFT
    target: int = 10
    points_made: int = 1                # makers take 3 or 4 tricks (alone or not)
    points_march: int = 2               # makers take all 5 tricks together
    points_lone_march: int = 4          # a lone maker takes all 5 tricks
    points_euchre: int = 2              # defenders, when makers take fewer than 3
    # Switches the later seeds add; the defaults are Bit #93's (none of them).
    bidding: Bidding = Bidding.UPCARD
    players: int = 4                    # 3: cutthroat, each for himself
    deck: int = 24                      # 32: with 7s and 8s
    joker: bool = False                 # the benny: the highest trump
    canadian_loner: bool = False        # an order-up loner: his left leads first
    defend_alone: bool = False          # a defender may go alone against the makers
    points_defend_alone: int = 4        # a lone defender who euchres the makers
    farmers_hand: bool = False          # three 9s/10s: may ask for a new deal
    no_ace_no_face_no_trump: bool = False   # may ask for a new deal

    def __post_init__(self) -> None:
        self.validate()

    @cached_property
    def bid6(self) -> bool:
        """True for six-card Bid Euchre."""
        return self.bidding is Bidding.SIX_CARD_BID

    @cached_property
    def teams(self) -> int:
        """Scoring sides: two partnerships, or each of three cutthroat players."""
        return 3 if self.players == 3 else 2

    @cached_property
    def hand_size(self) -> int:
        """Cards dealt to each seat."""
        return 6 if self.bid6 else 5

    def validate(self) -> None:
        """Raise RulesError naming the option when the switches cannot go together."""
        found = problems(self)
        if found:
            raise RulesError(found[0])

    def hand_points(self, makers: int, maker_tricks: int, alone: bool) -> tuple[int, int]:
        """Points (team 0, team 1) for a played hand: the scoring table."""
        if maker_tricks >= 3:
            if maker_tricks == 5:
                pts = self.points_lone_march if alone else self.points_march
            else:
                pts = self.points_made
            gain_team = makers
        else:
            pts = self.points_euchre
            gain_team = 1 - makers
        return (pts, 0) if gain_team == 0 else (0, pts)

    def with_options(self, **options: Any) -> Rules:
        """These rules with ``options`` changed, as ``euchre play -o NAME=VALUE`` changes
        them: values may be Python values or their text (``players=3``,
        ``first_dealer="random"``), and ``players=3`` also turns off the partnership
        switches (``alone_allowed``, ``canadian_rule``...) not given. OptionError
        names an option that is unknown, mistyped or cannot go with the others."""
        return apply_options(self, options)

    def describe(self) -> dict[str, object]:
        """Every rule field as plain data (for JSON and ``euchre rules``)."""
        return {f.name: _plain(getattr(self, f.name)) for f in fields(self)}


def _plain(value: object) -> object:
    return value.value if isinstance(value, Enum) else value


BIT93 = Rules()

# cardgames.io's Euchre (seed 000): "Il mazziere iniziale viene scelto a caso",
# stick the dealer, only the maker may go alone, no Canadian rule.
WEB = Rules(name="web", first_dealer=FirstDealer.RANDOM, stick_the_dealer=True,
            canadian_rule=False, dealer_discard=DealerDiscard.ANY,
            first_lead=FirstLead.DEALER_LEFT)

# The modern site (seed 003): the same game by default, with options on top.
STANDARD = Rules(name="standard", first_dealer=FirstDealer.RANDOM, stick_the_dealer=True,
                 canadian_rule=False, dealer_discard=DealerDiscard.ANY,
                 first_lead=FirstLead.DEALER_LEFT)

# Six-card Bid Euchre (seed 004): the upcard switches are off, since it has none.
BID6 = Rules(name="bid6", first_dealer=FirstDealer.RANDOM, bidding=Bidding.SIX_CARD_BID,
             canadian_rule=False, alone_allowed=False, dealer_discard=DealerDiscard.ANY,
             first_lead=FirstLead.DEALER_LEFT, target=32)

PRESETS: dict[str, Rules] = {"bit93": BIT93, "web": WEB, "standard": STANDARD, "bid6": BID6}

PRESET_NOTES: dict[str, str] = {
    "bit93": "Bit #93 (1988), the C64 game: black-jack first dealer, Canadian rule, "
             "no stick-the-dealer",
    "web": "cardgames.io's Knock Euchre: random first dealer, stick the dealer, "
           "the maker alone, first lead from the dealer's left",
    "standard": "the modern site's Euchre: as web, with options (redeal, Canadian loner, "
                "defend alone, farmer's hand, 32 cards, joker, three players, target)",
    "bid6": "six-card Bid Euchre (Racehorse): bids 3-6, trump or no-trump high/low, "
            "a point a trick, game to 32",
}


class UnknownRules(ValueError):
    """A preset name that does not exist."""
    pass


def preset(name: str, **options: Any) -> Rules:
    """The preset called ``name``, with ``options`` changed as
    :meth:`Rules.with_options` changes them (``preset("standard", players=3)``);
    UnknownRules lists the names of the presets."""
    try:
        base = PRESETS[name]
    except KeyError:
        known = ", ".join(sorted(PRESETS))
        raise UnknownRules(f"unknown rules preset {name!r} (known: {known})") from None
    return apply_options(base, options) if options else base


# --- options: a rule switch changed by name (``--option NAME=VALUE``) ------------

OPTION_NAMES: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(Rules)
                                      if f.name != "name")
_TYPES = {f.name: f.type for f in dataclasses.fields(Rules)}
_DEFAULTS = {f.name: f.default for f in dataclasses.fields(Rules)}
_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


class OptionError(ValueError):
    """An option that cannot be read or applied; one line naming the option."""


def _kind(name: str) -> Any:
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


def options_of(rules: Rules) -> dict[str, object]:
    """The transcript's ``options``: fields where ``rules`` differ from their preset."""
    base = PRESETS.get(rules.name, Rules())
    return {name: plain(getattr(rules, name)) for name in OPTION_NAMES
            if getattr(rules, name) != getattr(base, name)}


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
        return dataclasses.replace(base, **typed)  # type: ignore[arg-type]
    except RulesError as exc:
        raise OptionError(str(exc)) from None
