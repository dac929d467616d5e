"""The full-screen table (pyengine.play.table), headless through Textual's pilot:
keys in, the rendered screen out.

Every preset (and the variants that draw differently: three players, the joker,
the 32-card deck, defending alone) plays a whole game at speed instant, the
human choosing as the computer player would, by the keys a player would press;
after every key the rendered 80x24 screen is checked: nothing overlaps, wraps or
is cut (the status lines, the seats, every card of the hand, the keys line).
Then: illegal picks refused with the reason, undo, resume, quit, the pop-ups,
the pace (a key hurries), a terminal below 80x24, the keystrokes of a Bit #93
hand against its decisions, and the README's screenshot.

Cost: about 51 s on this 2-core machine under a load of about 7 (`pytest --durations=0`);
the whole games are most of it (4-5 s each).
"""

from __future__ import annotations

import asyncio
import io

import pytest
from rich.console import Console
from textual import events

from pyengine.core.cards import JOKER, NO_TRUMP_HIGH, NO_TRUMP_LOW, is_red, suit_of
from pyengine.core.events import BID, NAME, PASS
from pyengine.core.game import (
    SEAT_NAMES,
    BidAction,
    DeclareAction,
    DefendAction,
    JokerSuitAction,
    Phase,
    PlayAction,
    RedealAction,
)
from pyengine.core.options import rules_from
from pyengine.core.rules import preset
from pyengine.play import table as table_mod
from pyengine.play import table_shot
from pyengine.play.loop import GameLoop, actions_of_human
from pyengine.play.table import TableApp, TableResult, table_fits
from pyengine.play.table_keys import KeyReader, choices, hand_order
from pyengine.play.textview import Style
from pyengine.players.varplayer import VariantPlayer

STYLE = Style(symbols=True, colour=True)
PLAIN = Style(symbols=True, colour=False)
GAMES = [("bit93", {}), ("web", {}), ("standard", {}), ("bid6", {}),
         ("standard", {"players": 3}), ("standard", {"joker": True}),
         ("standard", {"deck": 32, "joker": True, "defend_alone": True,
                       "farmers_hand": True, "canadian_loner": True})]
GAME_IDS = ["bit93", "web", "standard", "bid6", "cutthroat", "joker", "everything"]
KEY_NAMES = {"+": "plus", "-": "minus", "?": "question_mark"}


def screen(app: TableApp) -> list[str]:
    """The screen as the terminal would show it: the compositor's full render (what
    App.export_screenshot draws), as text lines."""
    console = Console(width=app.size.width, height=app.size.height, file=io.StringIO(),
                      record=True, legacy_windows=False)
    console.print(app.screen._compositor.render_update(
        full=True, screen_stack=app._background_screens, simplify=True))
    return console.export_text().rstrip("\n").split("\n")


def check_table(app: TableApp) -> None:
    """At 80x24 nothing overlaps, wraps or is cut off."""
    lines = screen(app)
    plain = Style(symbols=app.style.symbols, colour=False)
    assert len(lines) == 24, lines
    assert all(len(line) <= 80 for line in lines), lines
    assert lines[0].startswith("Hand "), lines
    assert f"(game: {app.loop.game.rules.target})" in lines[0], lines
    rule = {"-"} if app.style.ascii else {"\u2500"}
    assert set(lines[2]) == rule and set(lines[15]) == rule, lines
    assert lines[23].startswith("u take back") and lines[23].rstrip().endswith("q quit"), lines
    v = app.loop.view()
    if app.deciding():
        row = lines[13]
        for card in hand_order(v):                  # every card whole, in order
            face = plain.card(card)
            assert face in row, (face, lines)
            row = row[row.index(face) + len(face):]
        assert lines[14].split() == [str(i) for i in range(1, len(v.hand) + 1)], lines
    me = app.loop.seat
    for seat in range(v.players):
        if seat == me:
            continue
        name = SEAT_NAMES[seat]
        where = {2: lines[3], 1: lines[6], 3: lines[6]}[seat]
        assert name in where, (name, lines)


def key_of(app: TableApp, action) -> list[str]:
    """The keys a player presses for ``action``: a card's number, a bid's letters."""
    v = app.loop.view()
    if v.phase in (Phase.PLAY, Phase.DISCARD):
        return [str(hand_order(v).index(action.card) + 1)]
    for ch in choices(v, app.loop.legal(), STYLE):
        if ch.action == action:
            return [KEY_NAMES.get(k, k) for k in ch.key]
    raise AssertionError(f"no key for {action}")


def run(coro):
    return asyncio.run(coro)


async def play_out(app: TableApp, pilot, check: bool = True, most: int = 2000,
                   hands: int | None = None) -> dict[int, int]:
    """Decide as the computer player would, by keys, until the game is over (or
    ``hands`` more hands have been dealt); the keys pressed per hand number."""
    computer = VariantPlayer()
    keys: dict[int, int] = {}
    last = None if hands is None else app.loop.game.hand_no + hands
    for _ in range(most):
        if app.loop.is_over() or (last is not None and app.loop.game.hand_no >= last):
            break
        assert app.deciding()
        hand = app.loop.game.hand_no
        for k in key_of(app, computer.decide(app.loop.view())):
            await pilot.press(k)
            keys[hand] = keys.get(hand, 0) + 1
        if check and not app.loop.is_over():
            check_table(app)
    return keys


# --- fitting -------------------------------------------------------------------

def test_table_fits_80x24_or_more():
    assert table_fits(80, 24) and table_fits(200, 60)
    assert not table_fits(79, 24) and not table_fits(80, 23) and not table_fits(40, 100)


def test_too_small_says_so_and_comes_back():
    async def go():
        loop = GameLoop.new(preset("bit93"), 93, autoplay_forced=True)
        app = TableApp(loop, speed="instant", style=STYLE)
        async with app.run_test(size=(70, 20)) as pilot:
            text = "\n".join(screen(app))
            assert "The terminal is 70x20: the table needs 80x24" in text
            await pilot.press("o")                   # no move is made on a blank table
            assert loop.game.bids == [] or all(b.seat != 0 for b in loop.game.bids)
            await pilot.resize_terminal(80, 24)
            await pilot.pause()
            check_table(app)
    run(go())


def test_larger_terminal_gets_the_whole_table():
    # issue 27 item 14: the table was an 80x24 box in the middle of any terminal
    async def go():
        loop = GameLoop.new(preset("bit93"), 93, autoplay_forced=True)
        app = TableApp(loop, speed="instant", style=STYLE)
        async with app.run_test(size=(100, 28)):
            lines = screen(app)
            assert len(lines) == 28 and lines[0].startswith("Hand 1 "), lines
            assert lines[27].startswith("u take back"), lines
            assert set(lines[2]) == {"\u2500"} and len(lines[2]) == 100, lines
            assert lines[6].endswith("East (pass)"), lines          # at the right edge
    run(go())


# --- whole games ---------------------------------------------------------------

@pytest.mark.parametrize("name,options,style", [(n, o, STYLE) for n, o in GAMES]
                         + [("bit93", {}, Style(symbols=False, colour=False))],
                         ids=GAME_IDS + ["bit93-ascii"])
def test_whole_game_by_keys(name, options, style):
    async def go():
        rules = rules_from(name, options)
        loop = GameLoop.new(rules, 11, autoplay_forced=True)
        app = TableApp(loop, speed="instant", style=style)
        async with app.run_test(size=(80, 24)) as pilot:
            check_table(app)
            await play_out(app, pilot)
            assert loop.is_over()
            await pilot.pause()
            lines = screen(app)
            sheet = "\n".join(lines)
            assert "Game over" in sheet and "Dealer" in sheet and "Trump" in sheet
            first = loop.score_sheet()[0]
            dealer = "You" if first.dealer == 0 else SEAT_NAMES[first.dealer]
            assert f"   1  {dealer:<6} " in sheet, sheet
            assert all(len(line) <= 80 and "..." not in line for line in lines), sheet
            for _ in range(3):                            # a burst, as a terminal sends it:
                app.post_message(events.Key("enter", "\r"))  # the first key closes the
            await pilot.pause()                           # sheet and the table, no harm
        result = app.return_value
        assert isinstance(result, TableResult) and result.finished and not result.quit
        assert result.loop is loop
    run(go())


def test_bit93_keystrokes_per_hand():
    """A hand takes at most its non-forced decisions plus one key per decision."""
    async def go():
        loop = GameLoop.new(preset("bit93"), 93, autoplay_forced=True)
        app = TableApp(loop, speed="instant", style=STYLE)
        async with app.run_test(size=(80, 24)) as pilot:
            keys = await play_out(app, pilot, check=False)
        counts = loop.decision_counts()
        assert len(counts) >= 5
        for c in counts:
            pressed = keys.get(c.hand, 0)
            assert pressed <= c.choices + c.decisions, (c, pressed)
            assert pressed >= c.choices, (c, pressed)       # forced cards cost no key
        assert sum(c.forced for c in counts) > 0            # autoplay did play some
        # one key a choice; a second only to name trump alone in round 2 ("a", suit)
        lone_names = sum(1 for a in actions_of_human(loop)
                         if isinstance(a, BidAction) and a.call == NAME and a.alone)
        assert sum(keys.values()) == sum(c.choices for c in counts) + lone_names
    run(go())


# --- illegal picks ---------------------------------------------------------------

def _to_follow(loop: GameLoop) -> PlayAction | None:
    """Advance the loop (as the computer would decide) to a play where South holds
    a card that may not be played; that card."""
    computer = VariantPlayer()
    while not loop.is_over():
        if loop.needs_human():
            v = loop.view()
            if v.phase is Phase.PLAY:
                bad = [PlayAction(c) for c in v.hand if PlayAction(c) not in v.legal]
                if bad:
                    return bad[0]
            loop.decide(computer.decide(v))
        else:
            loop.step()
    return None


PRESETS = ["bit93", "web", "standard", "bid6"]


@pytest.mark.parametrize("name,by", [(p, "number") for p in PRESETS]
                         + [("bit93", "arrows"), ("bit93", "name")])
def test_illegal_card_refused_with_reason(name, by):
    async def go():
        loop = GameLoop.new(preset(name), 5, autoplay_forced=True)
        bad = _to_follow(loop)
        assert bad is not None
        app = TableApp(loop, speed="instant", style=STYLE)
        async with app.run_test(size=(80, 24)) as pilot:
            before = len(loop.game.actions)
            order = hand_order(loop.view())
            at = order.index(bad.card)
            if by == "number":
                await pilot.press(str(at + 1))
            elif by == "arrows":
                await pilot.press(*(["right"] * ((at - app.cursor) % len(order))), "enter")
            else:
                face = PLAIN.card(bad.card)
                rank = {"10": "0"}.get(face[:-1], face[:-1].lower())
                await pilot.press(rank, "shdc"["\u2660\u2665\u2666\u2663".index(face[-1])])
            text = "\n".join(screen(app))
            assert "Not allowed: must follow" in text, text
            assert len(loop.game.actions) == before and app.deciding()
            check_table(app)
    run(go())


def test_illegal_cards_are_dimmed():
    """Textual renders dim text as a faded colour: a card that may not be played has
    another colour than the playable cards of its colour (all red here)."""
    def red_position() -> tuple[GameLoop, PlayAction]:
        """The first game where South holds an illegal red card and two legal ones
        (which game it is depends on how the computers play)."""
        for number in range(5, 200):
            loop = GameLoop.new(preset("bit93"), number, autoplay_forced=True)
            bad = _to_follow(loop)
            while bad is not None:
                legal = {a.card for a in loop.legal()}
                if is_red(suit_of(bad.card)) and sum(is_red(suit_of(c)) for c in legal) >= 2:
                    return loop, bad
                loop.decide(VariantPlayer().decide(loop.view()))
                bad = _to_follow(loop)
        raise AssertionError("no game with an illegal red card and two legal ones")

    async def go():
        loop, bad = red_position()
        app = TableApp(loop, speed="instant", style=STYLE)
        async with app.run_test(size=(80, 24)):
            colour = {}
            for seg in app.screen._compositor.render_strips()[13]:
                for card in loop.view().hand:
                    if PLAIN.card(card) == seg.text:
                        colour[card] = seg.style.color
            assert set(colour) == set(loop.view().hand)
            legal = {a.card for a in loop.legal()}
            red = [c for c in colour if is_red(suit_of(c))]
            assert bad.card in red and len(legal & set(red)) >= 2
            assert len({colour[c] for c in red if c in legal}) == 1
            assert colour[bad.card] != colour[next(c for c in red if c in legal)]
    run(go())


def _to_bid(name: str, wanted) -> GameLoop:
    """A game of preset ``name`` at South's bid where ``wanted(view)`` holds (South
    passes until then, the others play as the computer does)."""
    computer = VariantPlayer()
    for seed in range(1, 100):
        loop = GameLoop.new(preset(name), seed, autoplay_forced=True)
        while not loop.is_over():
            if not loop.needs_human():
                loop.step()
                continue
            v = loop.view()
            bidding = v.phase in (Phase.BID1, Phase.BID2, Phase.AUCTION)
            if bidding and wanted(v):
                return loop
            loop.decide(BidAction(PASS) if bidding and BidAction(PASS) in v.legal
                        else computer.decide(v))
    raise AssertionError(f"no {name} game reaches the bid wanted")


ILLEGAL_BIDS = {
    # Bit #93's Canadian rule: the dealer's partner may not order up with his partner
    "bit93": (lambda v: v.phase is Phase.BID1 and v.dealer == 2, ["o"], "Canadian rule"),
    # round 2: the turned-down suit cannot be named
    "web": (lambda v: v.phase is Phase.BID2, None, "cannot be named"),
    # the same, alone (a, then the suit)
    "standard": (lambda v: v.phase is Phase.BID2, "a", "cannot be named"),
    # Bid Euchre: a bid must beat the high bid
    "bid6": (lambda v: v.phase is Phase.AUCTION and v.contract is not None
             and v.contract >= 4 and v.dealer != 0, ["3"], "must be higher"),
}


@pytest.mark.parametrize("name", PRESETS)
def test_illegal_bid_refused_with_reason(name):
    async def go():
        wanted, keys, reason = ILLEGAL_BIDS[name]
        loop = _to_bid(name, wanted)
        if keys in (None, "a"):                        # the upcard's suit, by its letter
            keys = [k for k in (keys, "shdc"[loop.view().up_suit]) if k]
        before = len(loop.game.actions)
        app = TableApp(loop, speed="instant", style=STYLE)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press(*keys)
            text = "\n".join(screen(app))
            assert "Not allowed: " in text and reason in text, text
            assert len(loop.game.actions) == before and app.deciding()
            check_table(app)
    run(go())


# --- undo, resume, quit ------------------------------------------------------------

@pytest.mark.parametrize("name", PRESETS)
def test_undo_takes_back_the_last_decision(name):
    async def go():
        loop = GameLoop.new(preset(name), 93, autoplay_forced=True)
        app = TableApp(loop, speed="instant", style=STYLE)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("u")
            assert "Nothing to take back" in "\n".join(screen(app))
            view = loop.view()
            await pilot.press("p")                    # pass (round 1, or the auction)
            assert loop.view() != view
            await pilot.press("u")
            assert loop.view() == view and app.deciding()
            assert "Taken back" in "\n".join(screen(app))
            check_table(app)
            fresh = GameLoop.new(preset(name), 93)
            while not fresh.needs_human():
                fresh.step()
            assert loop.transcript().to_json() == fresh.transcript().to_json()
            assert not any(e.get("seat") == 0 for e in loop.transcript().to_json()["events"]
                           if e["ev"] == "bid")          # the undone pass is not recorded
    run(go())


@pytest.mark.parametrize("name", PRESETS)
def test_resume_an_unfinished_game(tmp_path, name):
    async def go():
        first = GameLoop.new(preset(name), 4, autoplay_forced=True)
        computer = VariantPlayer()
        for _ in range(7):
            while not first.needs_human():
                first.step()
            first.decide(computer.decide(first.view()))
        path = tmp_path / "game.json"
        first.transcript().write(path)
        loop = GameLoop.resume(path, autoplay_forced=True)
        app = TableApp(loop, speed="instant", style=STYLE)
        async with app.run_test(size=(80, 24)) as pilot:
            check_table(app)
            assert loop.game.events[:len(first.game.events)] == first.game.events
            assert loop.game.hand_no >= first.game.hand_no
            assert f"Hand {loop.game.hand_no} " in screen(app)[0]
            start = loop.game.hand_no
            await play_out(app, pilot, hands=1)            # to the next deal
            assert loop.game.hand_no > start or loop.is_over()
            assert loop.game.events[:len(first.game.events)] == first.game.events
    run(go())


@pytest.mark.parametrize("name,answer,quits", [(p, "y", True) for p in PRESETS]
                         + [("bid6", "n", False)])
def test_quit_asks_first(name, answer, quits):
    async def go():
        loop = GameLoop.new(preset(name), 8, autoplay_forced=True)
        app = TableApp(loop, speed="instant", style=STYLE)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("q")
            assert "Quit the game?" in "\n".join(screen(app))
            await pilot.press(answer)
            await pilot.pause()
            if not quits:
                assert app.is_running and app.deciding()
                check_table(app)
        if quits:
            result = app.return_value
            assert result.quit and not result.finished and result.loop is loop
    run(go())


def test_record_follows_every_move_and_undo():
    """run_table's record hook (the CLI's partial transcript) sees every move."""
    async def go():
        seen: list[int] = []
        loop = GameLoop.new(preset("bit93"), 93, autoplay_forced=True)

        def record(lp: GameLoop) -> str | None:
            seen.append(len(lp.game.actions))
            return "disk full" if len(seen) == 1 else None

        app = TableApp(loop, speed="instant", style=STYLE, record=record)
        async with app.run_test(size=(80, 24)) as pilot:
            before = len(loop.game.actions)
            assert seen and seen[-1] == before
            assert "Transcript: disk full" in "\n".join(screen(app))
            await pilot.press("p")
            assert seen[-1] == len(loop.game.actions) > before
            await pilot.press("u")
            assert seen[-1] == before == len(loop.game.actions)
    run(go())


def test_an_enter_typed_ahead_counts():
    """An Enter typed before the terminal is raw arrives as a line feed (ctrl+j)."""
    async def go():
        loop = GameLoop.new(preset("bit93"), 93, autoplay_forced=True)
        app = TableApp(loop, speed="instant", style=STYLE)
        async with app.run_test(size=(80, 24)) as pilot:
            assert app.cursor == 0 and loop.legal()[0] == BidAction(PASS)
            await pilot.press("ctrl+j")
            assert any(b.seat == 0 and b.call == PASS for b in loop.game.bids)
    run(go())


def test_ctrl_c_leaves_at_once():
    async def go():
        loop = GameLoop.new(preset("bit93"), 93, autoplay_forced=True)
        app = TableApp(loop, speed="instant", style=STYLE)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("ctrl+c")
        result = app.return_value
        assert result.quit and result.stopped == table_mod.INTERRUPTED
    run(go())


# --- pop-ups, pace, the look of the variants ------------------------------------------

def test_popups_last_trick_sheet_help_hint():
    async def go():
        loop = GameLoop.new(preset("bit93"), 93, autoplay_forced=True)
        app = TableApp(loop, speed="instant", style=STYLE)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("question_mark")
            lines = screen(app)
            assert "Keys and rules" in "\n".join(lines)
            assert "Canadian rule" in "\n".join(lines)             # the rules in force
            assert all(len(line) <= 80 and "..." not in line for line in lines)
            await pilot.press("space")
            await pilot.press("l")
            assert "No trick has been played yet" in "\n".join(screen(app))
            await pilot.press("space")
            await pilot.press("t")
            await pilot.pause()
            text = "\n".join(screen(app))
            assert "search player" in text, text
            assert [line.strip("│ ") for line in screen(app)].count("Hint") == 1, text  # title
            await pilot.press("space")
            computer = VariantPlayer()
            while loop.last_trick() is None:
                for k in key_of(app, computer.decide(loop.view())):
                    await pilot.press(k)
            await pilot.press("l")
            text = "\n".join(screen(app))
            seat, card = loop.last_trick()[0]
            assert "The last trick" in text and PLAIN.card(card) in text and "took it" in text
            await pilot.press("space")
            await pilot.press("g")
            assert "The score sheet" in "\n".join(screen(app))
            await pilot.press("space")
            check_table(app)
    run(go())


def test_a_key_hurries_the_computer():
    async def go():
        loop = GameLoop.new(preset("bit93"), 93, autoplay_forced=True)
        app = TableApp(loop, speed="slow", style=STYLE)
        app.delay = 3600.0                      # no timer fires during the test
        async with app.run_test(size=(80, 24)) as pilot:
            assert not app.deciding() and loop.pending() == 0 and app.queue is not None
            await pilot.press("space")
            assert app.deciding()
            check_table(app)
    run(go())


def test_timers_pace_the_moves_to_the_decision():
    """At speed fast the moves come by timer, one at a time, until South decides
    (waits up to a minute; asserts nothing about how long it took)."""
    async def go():
        loop = GameLoop.new(preset("bit93"), 93, autoplay_forced=True)
        app = TableApp(loop, speed="fast", style=STYLE)
        seen = set()
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(600):
                if app.deciding():
                    break
                seen.add(len(app.story))
                await pilot.pause(0.1)
            assert app.deciding()
            assert len(seen) >= 2                      # the story grew step by step
            check_table(app)
    run(go())


def test_auto_game_is_watched_not_played():
    async def go():
        loop = GameLoop.new(preset("bit93"), 93, human=None)
        app = TableApp(loop, speed="instant", style=STYLE)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert loop.is_over()
            await pilot.press("space")
        assert app.return_value.finished
    run(go())


def test_joker_and_three_players_drawn():
    """Cutthroat has no East; the joker shows by name when it is the upcard or held."""
    async def go():
        rules = rules_from("standard", {"players": 3, "joker": True})
        for seed in range(1, 400):
            loop = GameLoop.new(rules, seed, autoplay_forced=True)
            while not loop.needs_human():
                loop.step()
            if JOKER in loop.view().hand:
                break
        app = TableApp(loop, speed="instant", style=STYLE)
        async with app.run_test(size=(80, 24)):
            lines = screen(app)
            check_table(app)
            assert "East" not in "\n".join(lines[:15])
            assert "Joker" in lines[13]
    run(go())


@pytest.mark.parametrize("phase,chars,expect", [
    (Phase.BID2, "h", BidAction(NAME, 1, False)),
    (Phase.BID2, "ah", BidAction(NAME, 1, True)),
    (Phase.BID2, "H", BidAction(NAME, 1, True)),
    (Phase.BID2, "p", BidAction(PASS)),
    (Phase.AUCTION, "4", BidAction(BID, None, False, 4)),
    (Phase.DECLARE, "+", DeclareAction(NO_TRUMP_HIGH)),
    (Phase.DECLARE, "-", DeclareAction(NO_TRUMP_LOW)),
    (Phase.DECLARE, "c", DeclareAction(3)),
    (Phase.JOKER, "d", JokerSuitAction(2)),
    (Phase.REDEAL, "r", RedealAction(True)),
    (Phase.DEFEND, "a", DefendAction(True)),
])
def test_bid_keys(phase, chars, expect):
    view = GameLoop.new(preset("bit93"), 93).view()
    view.phase = phase
    reader = KeyReader()
    got = [reader.read(c, view)[0] for c in chars]
    assert got[:-1] == [None] * (len(chars) - 1) and got[-1] == expect


def test_card_keys_by_number_and_name():
    view = GameLoop.new(preset("bit93"), 93).view()
    view.phase = Phase.PLAY
    order = hand_order(view)
    reader = KeyReader()
    assert reader.read("2", view)[0] == PlayAction(order[1])
    for card in order:
        name = PLAIN.card(card)
        rank = {"10": "0"}.get(name[:-1], name[:-1].lower())
        assert reader.read(rank, view)[0] is None
        assert reader.read("shdc"["\u2660\u2665\u2666\u2663".index(name[-1])],
                           view)[0] == PlayAction(card)
    action, note = reader.read(str(len(order) + 1), view)      # no such card
    assert action is None and "pick a card" in note


def test_screenshot_is_rendered_by_the_program(tmp_path):
    out = tmp_path / "table.svg"
    assert table_shot.main(["--screenshot", str(out), "--seed", "93"]) == 0
    svg = out.read_text(encoding="utf-8")
    assert svg.startswith("<svg") and "North" in svg and "take&#160;back" in svg


def test_the_real_command_on_a_real_terminal(tmp_path):
    """euchre play in a pseudo-terminal of 80x24 draws the table (not line mode), q y
    quits, and the CLI writes the transcript as in line mode. Reads wait up to 60 s
    for the text they look for; nothing is asserted about time."""
    import fcntl
    import os
    import pty
    import select
    import signal
    import struct
    import sys
    import termios
    import time

    transcript = tmp_path / "g.json"
    pid, fd = pty.fork()
    if pid == 0:                                                 # the child: the game
        os.environ.update({"TERM": "xterm-256color", "LANG": "C.UTF-8"})
        os.execv(sys.executable, [sys.executable, "-m", "tools.commands.cli", "play",
                                  "--seed", "93", "--speed", "instant", "--transcript",
                                  str(transcript)])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    seen = b""

    def read(until: str, seconds: float = 60) -> bool:
        nonlocal seen
        end = time.time() + seconds
        while time.time() < end and until not in seen.decode(errors="replace"):
            if select.select([fd], [], [], 0.1)[0]:
                try:
                    seen += os.read(fd, 65536)
                except OSError:
                    break
        return until in seen.decode(errors="replace")

    try:
        assert read("pick up"), seen[-2000:]                   # South deals: round 1
        assert read("take back"), seen[-2000:]                 # the keys line
        assert b"\x1b[?1049h" in seen                          # full screen: the table
        os.write(fd, b"q")
        assert read("Quit the game?"), seen[-2000:]
        os.write(fd, b"y")
        assert read("You quit"), seen[-2000:]
        _, status = os.waitpid(pid, 0)
        pid = 0
        assert os.waitstatus_to_exitcode(status) == 0
        assert transcript.exists()
    finally:
        if pid:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        os.close(fd)


def test_random_keys_in_bursts_do_no_harm():
    """60 keys, some in bursts as a terminal sends them, under the rules with the
    most questions: the table never fails, and stays whole whenever South decides."""
    import random

    keys = list("pPoaAshdcSHDCrk+-0123456789jqkaTxulg?n ") + [
        "left", "right", "up", "down", "enter", "escape", "tab"]
    rules = rules_from("standard", {"deck": 32, "joker": True, "defend_alone": True,
                                    "farmers_hand": True, "canadian_loner": True})

    async def go():
        rng = random.Random(12)
        loop = GameLoop.new(rules, 3, autoplay_forced=True)
        app = TableApp(loop, speed="instant", style=STYLE)
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(60):
                if not app.is_running:
                    break
                if rng.random() < 0.2:
                    for k in rng.choices(keys, k=rng.randint(2, 6)):
                        app.post_message(events.Key(k, k if len(k) == 1 else None))
                    await pilot.pause()
                else:
                    await pilot.press(rng.choice(keys))
                if app.is_running and len(app.screen_stack) == 1 and app.deciding():
                    check_table(app)
        assert app.return_code in (None, 0)
        assert len(loop.game.actions) > 5
    run(go())
