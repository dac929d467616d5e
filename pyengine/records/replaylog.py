"""Printing a replayed transcript hand by hand (used by ``euchre replay``).

One compact line per event group, in the words of the game the transcript is
of: two partnerships or three cutthroat players, an upcard or Bid Euchre's
bids and declaration, and the variants' own events (the joker's suit, a new
deal on request, defending alone).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from pyengine.core.game import SEAT_NAMES
from pyengine.records.replay import Step

TEAM_SHORT = ("N-S", "E-W")
TEAM_LONG = ("North-South", "East-West")
REDEAL_REASONS = {"farmers_hand": "farmer's hand",
                  "no_ace_no_face_no_trump": "no ace, no face, no trump"}
CONTRACT_TEXT = {"high": "no-trump high", "low": "no-trump low"}


@dataclass
class HandPrinter:
    """Called with each accepted step; prints one compact line per event group."""

    echo: Callable[[str], None]
    players: int = 4
    _trick: list[str] = field(default_factory=list)

    def _sides(self, values: list[int], signed: bool = False) -> str:
        """``N-S 4, E-W 8`` (or by seat in cutthroat)."""
        names = [n[0] for n in SEAT_NAMES[:3]] if self.players == 3 else TEAM_SHORT
        return ", ".join(f"{n} {v:+d}" if signed else f"{n} {v}"
                         for n, v in zip(names, values, strict=False))

    def __call__(self, step: Step) -> None:
        e = step.event
        ev = e["ev"]
        if ev == "first_dealer":
            dealer = SEAT_NAMES[e["dealer"]]
            if e["cards"]:
                self.echo(f"First dealer: {' '.join(e['cards'])} -> {dealer}")
            else:
                self.echo(f"First dealer: {dealer} (chosen at random)")
        elif ev == "deal":
            self.players = len(e["hands"])
            seats = [f"{SEAT_NAMES[s][0]}: {' '.join(h)}" for s, h in enumerate(e["hands"])]
            rows = ["  ".join(seats)]
            if len(rows[0]) > 78:                  # six cards a seat: two seats a line
                rows = ["  ".join(seats[i:i + 2]) for i in range(0, len(seats), 2)]
            up = "" if e["upcard"] is None else f", upcard {e['upcard']}"
            self.echo(f"\nHand {e['hand']}, dealer {SEAT_NAMES[e['dealer']]}{up}")
            for row in rows:
                self.echo(f"  {row}")
        elif ev == "bid" and e["call"] != "pass":
            self.echo(f"  {SEAT_NAMES[e['seat']]} {self._bid(e)}")
        elif ev == "declare":
            trump = CONTRACT_TEXT.get(e["trump"], f"{e['trump']} trump")
            self.echo(f"  {SEAT_NAMES[e['seat']]} declares {trump}")
        elif ev == "joker_suit":
            self.echo(f"  {SEAT_NAMES[e['seat']]} names {e['suit']} for the joker upcard")
        elif ev == "redeal":
            what = "asks for a new deal" if e["call"] == "redeal" else "keeps the hand"
            why = REDEAL_REASONS.get(e["reason"], e["reason"])
            self.echo(f"  {SEAT_NAMES[e['seat']]} {what} ({why})")
        elif ev == "defend":
            how = "defends alone" if e["alone"] else "defends with partner"
            self.echo(f"  {SEAT_NAMES[e['seat']]} {how}")
        elif ev == "discard":
            self.echo(f"  {SEAT_NAMES[e['seat']]} discards {e['card']}")
        elif ev == "passed_out":
            self.echo("  all passed twice: hand not played")
        elif ev == "play":
            self._trick.append(f"{SEAT_NAMES[e['seat']][0]}:{e['card']}")
        elif ev == "trick":
            self.echo(f"  {' '.join(self._trick)} -> {SEAT_NAMES[e['winner']]}")
            self._trick = []
        elif ev == "score":
            bid = f", bid {e['bid']}" if e.get("bid") is not None else ""
            self.echo(f"  tricks {self._sides(e['tricks'])}{bid}; points "
                      f"{self._sides(e['points'], signed=True)}; score {self._sides(e['total'])}")
        elif ev == "game_over":
            self._game_over(e)

    def _bid(self, e: dict) -> str:
        alone = " alone" if e["alone"] else ""
        if e["call"] == "bid":
            return f"bids {e['tricks']}"
        verb = "orders up" if e["call"] == "order" else "names"
        return f"{verb} {e['suit']}{alone} (round {e['round']})"

    def _game_over(self, e: dict) -> None:
        total = "-".join(str(t) for t in e["total"])
        if self.players == 3:
            self.echo(f"\nGame over: {SEAT_NAMES[e['winner']]} wins {total}")
        else:
            self.echo(f"\nGame over: {TEAM_LONG[e['winner']]} win {total}")
