"""Printing a replayed transcript hand by hand (used by ``euchre replay``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .game import SEAT_NAMES
from .replay import Step


@dataclass
class HandPrinter:
    """Called with each accepted step; prints one compact line per event group."""

    echo: Callable[[str], None]
    _trick: list[str] = field(default_factory=list)

    def __call__(self, step: Step) -> None:
        e = step.event
        ev = e["ev"]
        if ev == "first_dealer":
            self.echo(f"First dealer: {' '.join(e['cards'])} -> {SEAT_NAMES[e['dealer']]}")
        elif ev == "deal":
            hands = "  ".join(f"{SEAT_NAMES[s][0]}: {' '.join(h)}"
                              for s, h in enumerate(e["hands"]))
            self.echo(f"\nHand {e['hand']}, dealer {SEAT_NAMES[e['dealer']]}, "
                      f"upcard {e['upcard']}\n  {hands}")
        elif ev == "bid" and e["call"] != "pass":
            alone = " alone" if e["alone"] else ""
            self.echo(f"  {SEAT_NAMES[e['seat']]} {e['call']}s {e['suit']}{alone} "
                      f"(round {e['round']})")
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
            self.echo(f"  tricks {e['tricks'][0]}-{e['tricks'][1]}, points "
                      f"{e['points'][0]}-{e['points'][1]}, score {e['total'][0]}-{e['total'][1]}")
        elif ev == "game_over":
            self.echo(f"\nGame over: team {e['winner']} "
                      f"({'South/North' if e['winner'] == 0 else 'West/East'}) wins "
                      f"{e['total'][0]}-{e['total'][1]}")
