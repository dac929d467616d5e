"""The README's screenshot of the table, rendered by the program itself.

``python -m pyengine.play.table_shot --screenshot docs/table.svg`` (``make shots``)
plays Bit #93's game 21 headless at 80x24 through Textual's pilot (South taking
the first legal choice each time) to South's first card with two cards or more
on the table, and saves Textual's SVG screenshot of it.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

from pyengine.core.game import Phase
from pyengine.core.rules import Rules
from pyengine.play.loop import GameLoop
from pyengine.play.table import TableApp
from pyengine.play.table_scene import COLS, ROWS
from pyengine.play.textview import Style


async def screenshot(rules: Rules, seed: int, path: Path, plays: int) -> str:
    """Play ``plays`` of South's card decisions (the first legal choice each time),
    stop at the next one with two cards or more on the table, and save the SVG
    screenshot."""
    loop = GameLoop.new(rules, seed, autoplay_forced=True)
    app = TableApp(loop, speed="instant", hints=True, style=Style(symbols=True, colour=True))
    async with app.run_test(size=(COLS, ROWS)) as pilot:
        done = 0
        while not loop.is_over():
            v = loop.view()
            if v.phase is Phase.PLAY and done >= plays and len(v.trick) >= 2:
                break
            await pilot.press("enter")
            done += v.phase is Phase.PLAY
        app.title = f"Euchre 64: euchre play --rules {rules.name} --seed {seed}"
        svg = app.export_screenshot()
    path.write_text(svg, encoding="utf-8")
    return svg


def main(argv: list[str] | None = None) -> int:
    """``python -m pyengine.play.table_shot --screenshot FILE [--seed N] [--rules NAME]``."""
    from pyengine.core.rules import preset
    parser = argparse.ArgumentParser(prog="python -m pyengine.play.table_shot",
                                     description="Render the table's SVG screenshot.")
    parser.add_argument("--screenshot", type=Path, required=True)
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--rules", default="bit93")
    parser.add_argument("--plays", type=int, default=0)
    args = parser.parse_args(argv)
    try:
        rules = preset(args.rules)
        GameLoop.new(rules, args.seed)                 # a bad game number says so here
        asyncio.run(screenshot(rules, args.seed, args.screenshot, args.plays))
    except (ValueError, OSError) as exc:               # UnknownRules, SeedError, the file
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"wrote {args.screenshot}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
