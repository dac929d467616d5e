"""What the table says (issue 27, item 12), each a reproduction that failed first:

* a key pressed while the last hand's moves were still being paced out showed the
  final score sheet over a header with the score and tricks before the last hand
  (and a second sheet came when the moves had been shown);
* the story was empty at the first prompt when you bid first (the deal was never
  told);
* ``u`` said "Taken back" twice (story and message);
* the previous hand's autoplay message prefixed the next hand's bid prompt;
* autoplay was worded three ways (line mode's, the story's, the message's).
"""

from __future__ import annotations

import io

from pyengine.core.game import Phase
from pyengine.core.rules import preset
from pyengine.play.loop import GameLoop
from pyengine.play.shell import run_shell_game
from pyengine.play.table import TableApp
from pyengine.players.varplayer import VariantPlayer

from .test_table import STYLE, key_of, play_out, run, screen

AUTOPLAY = "(only legal card: "
OTHER_WORDINGS = ("Autoplay played", "Your only legal card", "your only legal card:")
STORY_ROWS = slice(16, 21)
MESSAGE_ROW = 21


def test_a_key_during_the_last_moves_shows_the_final_header_and_one_sheet():
    async def go():
        loop = GameLoop.new(preset("bit93"), 93, autoplay_forced=True)
        app = TableApp(loop, speed="instant", style=STYLE)
        async with app.run_test(size=(80, 24)) as pilot:
            await play_out(app, pilot, check=False, hands=11)    # to the last hand
            app.delay = 0.3                                  # its moves paced out
            computer = VariantPlayer()
            while not loop.is_over():
                while not (app.deciding() or loop.is_over()):
                    await pilot.pause(0.05)
                if not loop.is_over():
                    for k in key_of(app, computer.decide(loop.view())):
                        await pilot.press(k)
            assert app.queue, "the last moves should still be on their way"
            await pilot.press("space")                       # any key, at once
            await pilot.pause(0.05)
            top = screen(app)[:2]
            assert top[0].startswith("Hand 12 ") and "score: us 10, them 8" in top[0], top
            assert "tricks: us 4, them 1" in top[1], top
            assert "Game over" in "\n".join(screen(app))
            await pilot.pause(1.5)                           # the pacing would be over
            assert len(app.screen_stack) == 2, app.screen_stack       # one sheet only
            await pilot.press("space")
            await pilot.pause(0.2)
        assert app.return_value is not None and app.return_value.finished
    run(go())


def test_the_story_tells_the_deal_when_you_bid_first():
    async def go():
        loop = GameLoop.new(preset("bit93"), 5, autoplay_forced=True)
        app = TableApp(loop, speed="instant", style=STYLE)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert app.deciding() and loop.game.actions == []       # you bid first
            story = screen(app)[STORY_ROWS]
            assert any("deals first" in line for line in story), story
            assert any("Hand 1" in line for line in story), story
    run(go())


def test_take_back_is_said_once():
    async def go():
        loop = GameLoop.new(preset("bit93"), 93, autoplay_forced=True)
        app = TableApp(loop, speed="instant", style=STYLE)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("p")
            await pilot.press("u")
            await pilot.pause()
            lines = screen(app)
            assert sum(line.count("Taken back") for line in lines) == 1, lines
            assert "Round 1" in lines[MESSAGE_ROW], lines             # the prompt is back
    run(go())


def test_autoplay_is_one_wording_and_stays_in_its_hand():
    seen: list[str] = []

    async def go():
        loop = GameLoop.new(preset("bit93"), 93, autoplay_forced=True)
        app = TableApp(loop, speed="instant", style=STYLE)
        computer = VariantPlayer()
        async with app.run_test(size=(80, 24)) as pilot:
            while not loop.is_over():
                assert app.deciding()
                lines = screen(app)
                seen.extend(lines)
                if loop.view().phase in (Phase.BID1, Phase.BID2):
                    row = lines[MESSAGE_ROW]                                # a new hand
                    assert not [w for w in (AUTOPLAY, "Autoplay", "only card") if w in row], row
                for k in key_of(app, computer.decide(loop.view())):
                    await pilot.press(k)
    run(go())
    text = "\n".join(seen)
    assert AUTOPLAY in text                       # the last card of a hand plays itself
    assert not [w for w in OTHER_WORDINGS if w in text], text
    out = io.StringIO()
    run_shell_game(93, False, None, False, "bit93", stdin=io.StringIO("p\n" * 30 + "q\n"),
                   stdout=out, autoplay=True, speed="instant")
    assert f"  {AUTOPLAY}" in out.getvalue()      # line mode says it the same way


def test_the_card_about_to_play_itself_is_worded_as_autoplay():
    # "Your only card plays itself..." was a third wording, shown while it waited
    loop = GameLoop.new(preset("bit93"), 93, autoplay_forced=True)
    computer = VariantPlayer()
    while loop.forced_action() is None or loop.pending():
        if loop.needs_human():
            loop.decide(computer.decide(loop.view()))
        else:
            loop.step()
    app = TableApp(loop, speed="instant", style=STYLE)
    card = app.plain.card(loop.forced_action().card)
    said = app._to_move()
    assert said == f"(only legal card: {card}, played for you)", said
