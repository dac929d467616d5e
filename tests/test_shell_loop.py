"""The line mode over the shared GameLoop (issue 12): u undo, l last trick, g score
sheet, --speed, --autoplay, --resume and the saved unfinished game.

A game is driven by :class:`tests.scripted.Scripted`; the shell's transcript must
equal the scripted player's shadow game at the end.
"""

from __future__ import annotations

import io
import json
import os
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from pyengine.cli import cli
from pyengine.core.events import Deal
from pyengine.core.game import DiscardAction, PlayAction
from pyengine.core.options import rules_from
from pyengine.core.rules import preset
from pyengine.play.loop import GameLoop
from pyengine.play.shell import EXIT_EOF, EXIT_OK, EXIT_USAGE, run_shell_game
from pyengine.records.transcript import read

from .scripted import ASCII, Scripted, answer_text, play

# --- undo -----------------------------------------------------------------------


def _undo_plan(at: int, log: dict):
    """At the ``at``-th choice answer legal[0], at the next prompt type u, then
    answer legal[-1] (the straight game answers legal[-1] there)."""
    def plan(p: Scripted) -> list[str] | None:
        legal = p.shadow.legal()
        if "undone" not in log and p.answers >= at and len(legal) > 1:
            log["undone"] = "tried"
            log["before"] = (p.shadow.view(), legal)
            p.shadow.decide(legal[0])
            p.answers += 1
            return [answer_text(legal[0])]
        if log.get("undone") == "tried":
            log["undone"] = "taken back"
            p.shadow.undo()
            assert (p.shadow.view(), p.shadow.legal()) == log["before"]
            alt = log["before"][1][-1]
            p.shadow.decide(alt)
            return ["u", answer_text(alt)]
        return None
    return plan


def _straight_plan(at: int, log: dict):
    def plan(p: Scripted) -> list[str] | None:
        legal = p.shadow.legal()
        if "done" not in log and p.answers >= at and len(legal) > 1:
            log["done"] = True
            p.shadow.decide(legal[-1])
            p.answers += 1
            return [answer_text(legal[-1])]
        return None
    return plan


@pytest.mark.parametrize("rules_name,at", [("bit93", 2), ("bit93", 7), ("bid6", 1),
                                           ("web", 5)])
def test_u_takes_back_a_choice_and_the_transcript_has_nothing_of_it(tmp_path, rules_name,
                                                                      at):
    rules = preset(rules_name)
    log: dict = {}
    undone = Scripted(rules, 4, _undo_plan(at, log))
    code, text = play(undone, rules_name, 4, transcript=tmp_path / "u.json")
    assert code == EXIT_OK and log["undone"] == "taken back"
    assert "Taken back: your last choice" in text
    slog: dict = {}
    straight = Scripted(rules, 4, _straight_plan(at, slog))
    code, _ = play(straight, rules_name, 4, transcript=tmp_path / "s.json")
    assert code == EXIT_OK
    assert read(tmp_path / "u.json").events == read(tmp_path / "s.json").events
    assert read(tmp_path / "u.json").events == undone.caught_up().transcript().events


def test_the_partial_transcript_is_rewritten_after_an_undo(tmp_path):
    path = tmp_path / "t.json"
    partial = tmp_path / "t.json.partial"
    seen: dict = {}
    log: dict = {}
    inner = _undo_plan(3, log)

    def plan(p: Scripted) -> list[str] | None:
        if log.get("undone") == "taken back" and "checked" not in seen:
            seen["checked"] = True                       # the prompt after the undo
            on_disk = json.loads(partial.read_text())["events"]
            assert on_disk == p.shadow.transcript().events
        return inner(p)

    code, _ = play(Scripted(preset("bit93"), 9, plan, stop_after=12), "bit93", 9,
                   transcript=path)
    assert code == EXIT_EOF and seen.get("checked")


def test_u_with_nothing_to_take_back_says_so():
    code, text = play(Scripted(preset("bit93"), 1, lambda p: ["u", "q"]), "bit93", 1)
    assert "Nothing to take back: you have made no choice yet." in text
    assert code == EXIT_OK


# --- the last trick, the score sheet ---------------------------------------------


def test_l_shows_the_last_trick_as_the_loop_has_it():
    shown: list = []

    def plan(p: Scripted) -> list[str] | None:
        trick, winner = p.shadow.last_trick(), p.shadow.last_trick_winner()
        shown.append((trick, winner))
        return ["l", p.choose()]

    code, text = play(Scripted(preset("bit93"), 6, plan, stop_after=14), "bit93", 6)
    lines = [ln for ln in text.splitlines() if "trick has been played" in ln
             or ln.startswith("  Last trick:")]
    assert len(lines) == len(shown)
    names = {0: "You", 1: "West", 2: "North", 3: "East"}
    for line, (trick, winner) in zip(lines, shown, strict=True):
        if trick is None:
            assert line == "  No trick has been played yet."
        else:
            cards = ", ".join(f"{names[s]} {ASCII.card(c)}" for s, c in trick)
            took = "you" if winner == 0 else names[winner]
            assert line == f"  Last trick: {cards}; {took} took it."
    assert any(t is not None for t, _ in shown)


SHEET_ROW = re.compile(r"^ +(\d+)  (\S+) ", re.M)


@pytest.mark.parametrize("rules_name,options", [("bit93", ()), ("bid6", ()),
                                                ("standard", ("players=3",)),
                                                ("standard", ("joker=true",))])
def test_the_score_sheet_ends_a_finished_game_one_row_a_deal(rules_name, options):
    rules = rules_from(rules_name, dict(o.split("=") for o in options))
    s = Scripted(rules, 12)
    code, text = play(s, rules_name, 12, options=options)
    assert code == EXIT_OK and s.caught_up().is_over()
    sheet = text[text.index("Score sheet"):]
    rows = SHEET_ROW.findall(sheet)
    deals = [e for e in s.shadow.game.events if isinstance(e, Deal)]
    assert [int(h) for h, _ in rows] == [d.hand for d in deals]
    names = {0: "You", 1: "West", 2: "North", 3: "East"}
    assert [d for _, d in rows] == [names[d.dealer] for d in deals]
    sep = "/" if rules.bid6 else "-"
    us = (0, 1, 2) if rules.players == 3 else (0, 1)
    final = sep.join(str(s.shadow.game.total[t]) for t in us)
    assert sheet.rstrip().splitlines()[-1].endswith(final)
    assert max(len(ln) for ln in sheet.splitlines()) <= 80


# --- pace and autoplay ---------------------------------------------------------------


def test_speed_pauses_before_each_computer_move_and_instant_never():
    for speed, wait in (("normal", 0.5), ("slow", 1.0), ("fast", 0.16)):
        slept: list[float] = []
        s = Scripted(preset("bit93"), 3, stop_after=10)
        play(s, "bit93", 3, speed=speed, sleep=slept.append)
        g = s.shadow.game
        computer = sum(1 for seat in _turns(s.shadow) if seat != 0)
        assert slept == [wait] * computer and computer > 10
        assert len(g.actions) > computer
    slept = []
    auto = Scripted(preset("bit93"), 3, stop_after=10, autoplay=True)
    play(auto, "bit93", 3, speed="fast", autoplay=True, sleep=slept.append)
    computer = sum(1 for seat in _turns(auto.shadow) if seat != 0)
    assert slept == [0.16] * computer                   # a forced card of yours: no pause
    assert len(_forced_cards(auto.shadow)) > 0
    slept = []
    play(Scripted(preset("bit93"), 3, stop_after=10), "bit93", 3, speed="instant",
         sleep=slept.append)
    assert slept == []
    slept = []
    play(Scripted(preset("bit93"), 3, stop_after=10), "bit93", 3, sleep=slept.append)
    assert slept == []                                   # not a terminal: instant


def _turns(loop: GameLoop) -> list[int]:
    from pyengine.core.game import GameState
    g = GameState.new(loop.game.rules, loop.game.seed)
    out = []
    for a in loop.game.actions:
        out.append(g.turn)
        g.apply(a)
    return out


def test_auto_on_a_terminal_is_paced_at_normal_speed():
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    slept: list[float] = []
    code = run_shell_game(2, True, None, True, "bit93", stdin=io.StringIO(""), stdout=Tty(),
                          sleep=slept.append)
    assert code == EXIT_OK
    ref = GameLoop.new(preset("bit93"), 2, human=None)
    while not ref.is_over():
        ref.step()
    assert slept == [0.5] * len(ref.game.actions)


def test_autoplay_plays_the_only_legal_card_and_says_so():
    rules = preset("bit93")
    s = Scripted(rules, 5, autoplay=True, player=Middle())
    code, text = play(s, "bit93", 5, autoplay=True)
    assert code == EXIT_OK
    forced = re.findall(r"^  \(only legal card: (\S+), played for you\)$", text, re.M)
    plain = Scripted(rules, 5, player=Middle())
    code, plain_text = play(plain, "bit93", 5)
    assert plain.caught_up().game.events == s.caught_up().game.events   # the same game
    card_forced = _forced_cards(plain.shadow)
    assert forced == card_forced and forced
    assert s.prompts == plain.prompts - len(forced)
    assert "only legal card" not in plain_text


class Middle:
    """A chooser that keeps no state: the middle legal choice (so skipping the forced
    cards changes nothing of the others)."""

    def decide(self, view):
        return view.legal[len(view.legal) // 2]


def _forced_cards(loop: GameLoop) -> list[str]:
    from pyengine.core.game import GameState
    g = GameState.new(loop.game.rules, loop.game.seed)
    out = []
    for a in loop.game.actions:
        legal = g.legal_actions()
        if g.turn == 0 and len(legal) == 1 and isinstance(a, (PlayAction, DiscardAction)):
            out.append(ASCII.card(a.card))
        g.apply(a)
    return out


# --- resume -------------------------------------------------------------------------


@pytest.mark.parametrize("rules_name", ["bit93", "bid6", "standard"])
def test_a_quit_game_resumed_goes_on_identically(tmp_path, rules_name):
    rules = preset(rules_name)
    whole = Scripted(rules, 8, chooser=3)
    _, whole_text = play(whole, rules_name, 8)
    path = tmp_path / "g.json"
    first = Scripted(rules, 8, chooser=3, stop_after=9, quit=True)
    code, text = play(first, rules_name, 8, transcript=path)
    assert code == EXIT_OK
    assert f"Go on with it later: euchre play --resume {path}" in text
    rest = Scripted(rules, 8, shadow=GameLoop.resume(path))
    rest.player = first.player                          # the same chooser goes on
    code, text = play(rest, rules_name, 8, resume=path)
    assert code == EXIT_OK
    assert text.startswith("Game number 8, resumed at hand ")
    story = [ln for ln in text.splitlines() if ln.startswith(("Trick ", "Hand over"))]
    assert story and set(story) <= set(whole_text.splitlines())   # told as in one go
    assert read(path).events == whole.caught_up().transcript().events
    assert not Path(str(path) + ".partial").exists()


def test_an_unfinished_game_without_a_transcript_is_saved_for_resume(tmp_path):
    store = tmp_path / "data" / "unfinished"
    code, text = play(Scripted(preset("bit93"), 8, stop_after=4), "bit93", 8, save_dir=store)
    assert code == EXIT_EOF
    [save] = store.iterdir()
    assert f"go on with it later: euchre play --resume {save}" in text
    assert GameLoop.resume(save).game.seed == 8
    blocked = tmp_path / "file"
    blocked.write_text("")
    code, text = play(Scripted(preset("bit93"), 8, stop_after=4), "bit93", 8,
                      save_dir=blocked / "unfinished")
    assert code == EXIT_EOF and "could not be saved to" in text


@pytest.mark.parametrize("kind", ["finished", "corrupt", "missing", "directory", "version",
                                  "fifo", "binary", "empty"])
def test_resume_of_a_bad_file_is_one_line_and_exit_2(tmp_path, kind):
    path = tmp_path / "t.json"
    if kind == "finished":
        run_shell_game(3, True, path, True, "web", stdin=io.StringIO(""),
                       stdout=io.StringIO())
    elif kind == "corrupt":
        path.write_text('{"format": "euchre-transcript/1", "events": [')
    elif kind == "directory":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)                                  # must not block
    elif kind == "binary":
        path.write_bytes(b"\xff\xfe\x00garbage")
    elif kind == "empty":
        path.write_text("")
    elif kind == "version":
        path.write_text('{"format": "euchre-transcript/0", "rules": "bit93", "seed": 1, '
                        '"events": []}')
    result = CliRunner().invoke(cli, ["play", "--resume", str(path)])
    assert result.exit_code == EXIT_USAGE
    assert result.stdout == ""
    err = result.stderr.strip()
    assert err.startswith(f"euchre play: cannot resume {path}: ") and "\n" not in err
    assert "Traceback" not in result.output
    if kind == "finished":
        assert "that game is over" in err


def test_resume_refuses_the_options_that_choose_a_game(tmp_path):
    result = CliRunner().invoke(cli, ["play", "--resume", str(tmp_path / "x"), "--seed", "3",
                                      "--rules", "web"])
    assert result.exit_code == EXIT_USAGE
    assert "drop --seed, --rules" in result.output




def test_g_shows_the_score_sheet_so_far_and_help_names_the_new_keys():
    sheets: list[int] = []

    def plan(p: Scripted) -> list[str] | None:
        sheets.append(len(p.shadow.score_sheet()))
        return ["g", p.choose()] if p.prompts in (1, 14) else None

    code, text = play(Scripted(preset("bit93"), 6, plan, stop_after=14, quit=True), "bit93",
                      6)
    assert code == EXIT_OK
    assert "  No hand is over yet: the score sheet is empty." in text
    assert sheets[13] >= 1
    sheet = text[text.index("Score sheet"):]
    assert len(SHEET_ROW.findall(sheet.split("\n\n")[0])) == sheets[13]
    code, text = play(Scripted(preset("bit93"), 6, lambda p: ["?", "q"]), "bit93", 6)
    assert "  u (or undo)       take back your last choice" in text
    assert "  l / g             the last trick / the score sheet so far" in text



def test_ctrl_c_during_a_pause_keeps_the_game_so_far(tmp_path):
    calls: list[float] = []

    def sleep(seconds: float) -> None:
        calls.append(seconds)
        if len(calls) == 7:
            raise KeyboardInterrupt

    path = tmp_path / "t.json"
    out = io.StringIO()
    code = run_shell_game(5, True, path, True, "bit93", stdin=io.StringIO(""), stdout=out,
                          speed="slow", sleep=sleep)
    assert code == 130 and len(calls) == 7
    assert "Interrupted during hand 1." in out.getvalue()
    events = read(path).events
    ref = GameLoop.new(rules_from("bit93", {}), 5, human=None)
    ref.step()                                        # the opening events: no move
    for _ in range(6):
        ref.step()
    assert events == ref.transcript().events          # six moves made, the seventh not
