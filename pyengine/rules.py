"""Rule switches and their named presets.

Every rule choice the engine makes is a field of :class:`Rules`, so a variant
is a different value, never a different code path hidden in the engine. The
``bit93`` preset is the game of Bit #93 (April 1988) exactly as DESIGN.md
decides it; later presets change these switches.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Enum, StrEnum


class FirstDealer(StrEnum):
    BLACK_JACK = "black_jack"   # deal face up until a black jack appears
    RANDOM = "random"


class DealerDiscard(StrEnum):
    SAME_SUIT = "same_suit"     # Bit #93: must discard a trump if he holds one
    ANY = "any"


class FirstLead(StrEnum):
    MAKER_LEFT = "maker_left"   # Bit #93: the player to the left of the maker
    DEALER_LEFT = "dealer_left"


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

    def describe(self) -> dict[str, object]:
        return {f.name: _plain(getattr(self, f.name)) for f in fields(self)}


def _plain(value: object) -> object:
    return value.value if isinstance(value, Enum) else value


BIT93 = Rules()

PRESETS: dict[str, Rules] = {"bit93": BIT93}


class UnknownRules(ValueError):
    pass


def preset(name: str) -> Rules:
    try:
        return PRESETS[name]
    except KeyError:
        known = ", ".join(sorted(PRESETS))
        raise UnknownRules(f"unknown rules preset {name!r} (known: {known})") from None
