"""The table uses the room it has (issue 27, item 14), each a reproduction that
failed first: at 120x40 the table was an 80x24 box whose story kept 5 lines; in a
game of computers only (``--auto``) the four hands were never shown face up."""

from __future__ import annotations

import re

import pytest

from pyengine.core.options import rules_from
from pyengine.core.rules import preset
from pyengine.play.loop import GameLoop
from pyengine.play.table import TableApp
from pyengine.play.table_scene import Scene, draw
from pyengine.play.textview import Style
from pyengine.players.varplayer import VariantPlayer

from .test_table import GAME_IDS, GAMES, STYLE, key_of, run, screen

PLAIN = Style(symbols=True, colour=False)
FACE = "(?:10|[9JQKA])[\u2660\u2665\u2666\u2663]"


def test_at_120x40_the_table_fills_the_terminal_and_the_story_gets_the_rows():
    async def go():
        loop = GameLoop.new(preset("bit93"), 1, autoplay_forced=True)
        app = TableApp(loop, speed="instant", style=STYLE)
        computer = VariantPlayer()
        async with app.run_test(size=(120, 40)) as pilot:
            while loop.game.hand_no < 3:                 # two hands told: a long story
                for k in key_of(app, computer.decide(loop.view())):
                    await pilot.press(k)
            lines = screen(app)
            assert len(lines) == 40 and all(len(line) <= 120 for line in lines), lines
            assert lines[0].startswith("Hand 3 ") and lines[39].startswith("u take back")
            assert len(lines[2]) == 120 and set(lines[2]) == {"\u2500"}, lines[2]
            story = [line for line in lines[16:37] if line.strip()]
            assert len(story) == 21, lines                 # rows 16-36: the story's
            told = [line.strip() for line in app.story]
            assert [line.strip() for line in story] == told[-21:]
            assert lines[37].strip() and lines[38].strip()  # the message, the choices
    run(go())


def test_auto_shows_every_hand_face_up():
    async def go():
        loop = GameLoop.new(preset("bit93"), 93, human=None)
        app = TableApp(loop, speed="normal", style=STYLE)
        async with app.run_test(size=(80, 24)) as pilot:
            app.delay = 0.05
            await pilot.pause(0.5)
            app.delay = 60.0                             # hold the table still
            await pilot.pause(0.2)
            lines = screen(app)
            assert "\u2593" not in "\n".join(lines), lines      # no card backs
            for row in (4, 7):                   # North; West and East: faces
                assert re.search(FACE, lines[row]), lines
            sh = app.shown
            on_table = {card for _, card in sh.trick}
            for seat, row in ((1, 7), (2, 4), (3, 7)):
                cards = [c for c in sh.hands[seat] if c not in on_table]
                assert cards, (seat, lines)
                for card in cards:
                    assert PLAIN.card(card) in lines[row], (seat, PLAIN.card(card), lines)
            if app.timer is not None:
                app.timer.stop()
            app.exit(None)
    run(go())


@pytest.mark.parametrize("name,options", GAMES, ids=GAME_IDS)
@pytest.mark.parametrize("size", [(80, 24), (132, 43)])
def test_an_auto_game_with_open_hands_is_drawn_at_every_move(name, options, size):
    """Every state of a game of computers only is drawn face up without a piece
    overlapping another or leaving the screen (LayoutError otherwise)."""
    loop = GameLoop.new(rules_from(name, options), 7, human=None)
    moves = 0
    while not loop.is_over() and moves < 400:
        batch = loop.step()
        moves += 1
        v = loop.view()
        hands = {s: list(loop.view(s).hand) for s in range(v.players) if s != 0}
        lines = draw(Scene(view=v, human=None, hand_no=loop.game.hand_no, style=STYLE,
                           trick=list(v.trick), tricks_won=tuple(v.tricks_won),
                           total=tuple(v.total), story=[str(b.event) for b in batch],
                           width=size[0], height=size[1], open_hands=hands))
        assert len(lines) == size[1] and all(line.cell_len == size[0] for line in lines)
