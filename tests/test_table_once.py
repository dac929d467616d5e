"""Each thing the table says, said once (issue 45, item 6): the hint box's title was
said twice ("Hint" and "Hint: pass ..."), a card autoplay played was told in the story
and again on the message row (and again before the next prompt), and the result of the
game three times at its end (the story, the message row, the score sheet's title). Each
test failed before its fix."""

from __future__ import annotations

from pyengine.core.rules import preset
from pyengine.play.loop import GameLoop
from pyengine.play.table import TableApp
from pyengine.players.varplayer import VariantPlayer

from .test_table import STYLE, key_of, run, screen

AUTOPLAY = "(only legal card: "


def test_the_hint_box_says_hint_once():
    async def go():
        loop = GameLoop.new(preset("bit93"), 93, autoplay_forced=True)
        app = TableApp(loop, speed="instant", style=STYLE)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("t")
            while len(app.screen_stack) < 2:                 # the box, once it has thought
                await pilot.pause(0.05)
            await pilot.pause()
            lines = screen(app)
            text = "\n".join(lines)
            assert "search player" in text, text
            assert text.count("Hint") == 1, text
    run(go())


def test_each_autoplayed_card_is_told_once_and_the_result_once():
    seen_forced = 0

    async def go():
        nonlocal seen_forced
        loop = GameLoop.new(preset("bit93"), 93, autoplay_forced=True)
        app = TableApp(loop, speed="instant", style=STYLE)
        computer = VariantPlayer()
        async with app.run_test(size=(80, 24)) as pilot:
            while not loop.is_over():
                assert app.deciding()
                lines = screen(app)
                said = [line for line in lines if AUTOPLAY in line]
                cards = [line[line.index(AUTOPLAY):].split(",")[0] for line in said]
                assert len(cards) == len(set(cards)), lines         # no card told twice
                seen_forced += len(cards)
                for k in key_of(app, computer.decide(loop.view())):
                    await pilot.press(k)
            await pilot.pause(0.2)
            while len(app.screen_stack) < 2:                     # the final score sheet
                await pilot.pause(0.05)
            with_sheet = "\n".join(screen(app))
            assert with_sheet.count("Game over") == 1, with_sheet   # its title
            await pilot.press("space")
            await pilot.pause(0.2)
    run(go())
    assert seen_forced > 0                    # the game had cards that played themselves


def test_the_table_under_the_final_sheet_says_the_result_once():
    async def go():
        loop = GameLoop.new(preset("bit93"), 93, autoplay_forced=True)
        app = TableApp(loop, speed="instant", style=STYLE)
        computer = VariantPlayer()
        async with app.run_test(size=(80, 24)) as pilot:
            while not loop.is_over():
                for k in key_of(app, computer.decide(loop.view())):
                    await pilot.press(k)
            await pilot.pause(0.2)
            scene = app.scene()                      # the table as drawn, sheet or not
            words = [*scene.story, scene.message]
            assert sum(w.startswith("Game over") for w in words) == 1, words
    run(go())
