"""The line mode over the shared GameLoop (issue 12): u undo, l last trick, --speed,
--autoplay, the score sheet, --resume, the running record and the choice of mode.

A game is driven by :class:`Scripted`, a stdin that keeps its own shadow
:class:`GameLoop` (the computer players decide from their view alone, so the
shadow follows the shell's game exactly) and answers each prompt in the words a
player types; the shell's transcript must equal the shadow's at the end.
"""

from __future__ import annotations

import io
import json
import os
import re
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

import pytest
from click.testing import CliRunner

from pyengine.cli import cli
from pyengine.core.cards import CONTRACT_LETTERS, SUITS, card_name
from pyengine.core.events import BID, NAME, ORDER, PASS, Deal
from pyengine.core.game import (
    Action,
    BidAction,
    DeclareAction,
    DefendAction,
    DiscardAction,
    JokerSuitAction,
    PlayAction,
    RedealAction,
)
from pyengine.core.options import rules_from
from pyengine.core.rules import preset
from pyengine.play.loop import GameLoop
from pyengine.play.modes import Mode, PlayArgs, choose_mode, run_play
from pyengine.play.shell import EXIT_EOF, EXIT_OK, EXIT_USAGE, run_shell_game
from pyengine.play.stats import load_stats
from pyengine.play.textview import Style
from pyengine.players.player import RandomPlayer
from pyengine.records.transcript import read

ASCII = Style(symbols=False, colour=False)

# --- a scripted player --------------------------------------------------------


def answer_text(a: Action) -> str:
    """What a player types for ``a`` at the shell's prompt."""
    if isinstance(a, (PlayAction, DiscardAction)):
        return card_name(a.card)
    if isinstance(a, BidAction):
        if a.call == PASS:
            return "p"
        if a.call == BID:
            return str(a.tricks)
        if a.call == ORDER:
            return "o a" if a.alone else "o"
        assert a.call == NAME
        return SUITS[a.suit].lower() + ("a" if a.alone else "")
    if isinstance(a, DeclareAction):
        return {4: "hi", 5: "lo"}.get(a.trump, CONTRACT_LETTERS[a.trump].lower())
    if isinstance(a, JokerSuitAction):
        return SUITS[a.suit].lower()
    if isinstance(a, RedealAction):
        return "r" if a.redeal else "k"
    assert isinstance(a, DefendAction)
    return "a" if a.alone else "p"


Plan = Callable[["Scripted"], list[str] | None]


class Scripted:
    """stdin for the shell: answers as South from a shadow of the game.

    ``plan(self)`` may return the lines to send at this prompt (and change the
    shadow to match); None: a choice of ``self.player``. ``stop_after`` answers
    ends the input (EOF), or sends ``q`` with ``quit``."""

    def __init__(self, rules, seed: int, plan: Plan | None = None, chooser: int = 1,
                 stop_after: int | None = None, quit: bool = False,
                 autoplay: bool = False, shadow: GameLoop | None = None,
                 player=None) -> None:
        self.shadow = shadow or GameLoop.new(rules, seed, autoplay_forced=autoplay)
        self.player = player or RandomPlayer(chooser)
        self.sent: list[str] = []
        self.plan = plan
        self.pending: list[str] = []
        self.prompts = 0
        self.answers = 0
        self.stop_after = stop_after
        self.quit = quit

    def isatty(self) -> bool:
        return False

    def choose(self) -> str:
        action = self.player.decide(self.shadow.view())
        self.shadow.decide(action)
        self.answers += 1
        return answer_text(action)

    def caught_up(self) -> GameLoop:
        """The shadow, moved on to the human's next decision (or the end), as the
        shell's game is when it asks or stops."""
        s = self.shadow
        while not s.needs_human() and not s.is_over():
            s.step()
        return s

    def readline(self) -> str:
        if not self.pending:
            s = self.caught_up()
            if s.is_over():
                return ""
            self.prompts += 1
            if self.stop_after is not None and self.answers >= self.stop_after:
                return "q\n" if self.quit else ""
            lines = self.plan(self) if self.plan else None
            self.pending = lines if lines is not None else [self.choose()]
        self.sent.append(self.pending.pop(0))
        return self.sent[-1] + "\n"


def play(stdin: Scripted, rules_name: str = "bit93", seed: int = 1, **kw) -> tuple[int, str]:
    out = io.StringIO()
    options = kw.pop("options", ())
    code = run_shell_game(seed, False, kw.pop("transcript", None), True, rules_name,
                          stdin=stdin, stdout=out, options=options, **kw)
    return code, out.getvalue()


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
    save = tmp_path / "data" / "unfinished.json"
    code, text = play(Scripted(preset("bit93"), 8, stop_after=4), "bit93", 8, save_path=save)
    assert code == EXIT_EOF
    assert f"go on with it later: euchre play --resume {save}" in text
    assert GameLoop.resume(save).game.seed == 8
    blocked = tmp_path / "file"
    blocked.write_text("")
    code, text = play(Scripted(preset("bit93"), 8, stop_after=4), "bit93", 8,
                      save_path=blocked / "unfinished.json")
    assert code == EXIT_EOF and "could not be saved to" in text


@pytest.mark.parametrize("kind", ["finished", "corrupt", "missing", "directory", "version"])
def test_resume_of_a_bad_file_is_one_line_and_exit_2(tmp_path, kind):
    path = tmp_path / "t.json"
    if kind == "finished":
        run_shell_game(3, True, path, True, "web", stdin=io.StringIO(""),
                       stdout=io.StringIO())
    elif kind == "corrupt":
        path.write_text('{"format": "euchre-transcript/1", "events": [')
    elif kind == "directory":
        path.mkdir()
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


# --- the running record ------------------------------------------------------------


def test_a_finished_human_game_is_added_to_the_record(tmp_path):
    path = tmp_path / "euchre64" / "stats.json"
    games = []
    for seed in (1, 2):
        s = Scripted(preset("bit93"), seed)
        code, text = play(s, "bit93", seed, stats_path=path)
        assert code == EXIT_OK
        games.append(s.caught_up().game)
        assert "Your record: " in text
    st = load_stats(path)
    assert st.games == 2
    assert st.won == sum(g.winner == 0 for g in games) and st.won + st.lost == 2
    assert st.points_for == sum(g.total[0] for g in games)
    assert st.points_against == sum(g.total[1] for g in games)
    assert st.by_rules == {"bit93": {"games": 2, "won": st.won}}
    play(Scripted(preset("bit93"), 3, stop_after=3), "bit93", 3, stats_path=path)
    run_shell_game(4, True, None, True, "bit93", stdin=io.StringIO(""),
                   stdout=io.StringIO(), stats_path=path)
    assert load_stats(path).games == 2                 # unfinished and --auto games: not


def test_a_corrupt_record_is_set_aside_and_a_bad_folder_loses_no_game(tmp_path):
    path = tmp_path / "stats.json"
    path.write_text("{not json")
    code, text = play(Scripted(preset("bit93"), 1), "bit93", 1, stats_path=path)
    assert code == EXIT_OK
    assert f"not valid JSON): set aside as {path}.corrupt" in text
    assert (tmp_path / "stats.json.corrupt").read_text() == "{not json"
    assert load_stats(path).games == 1
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    t = tmp_path / "t.json"
    code, text = play(Scripted(preset("bit93"), 1), "bit93", 1,
                      stats_path=blocked / "stats.json", transcript=t)
    assert code == EXIT_OK
    assert "Note: your record was not updated: " in text and "(Not a directory)" in text
    assert read(t).events[-1]["ev"] == "game_over"


def test_a_full_disk_leaves_the_old_record(tmp_path, monkeypatch):
    path = tmp_path / "stats.json"
    play(Scripted(preset("bit93"), 1), "bit93", 1, stats_path=path)
    before = path.read_text()

    def full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    code, text = play(Scripted(preset("bit93"), 2), "bit93", 2, stats_path=path)
    assert code == EXIT_OK and "No space left on device" in text
    assert path.read_text() == before
    assert [p.name for p in tmp_path.iterdir()] == ["stats.json"]   # no temporary left


def test_euchre_stats_shows_resets_and_refuses_a_corrupt_record(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    runner = CliRunner()
    r = runner.invoke(cli, ["stats"])
    assert r.exit_code == 0 and "No finished games yet" in r.output
    path = tmp_path / "euchre64" / "stats.json"
    play(Scripted(preset("bit93"), 1), "bit93", 1, stats_path=path)
    won = load_stats(path).won
    r = runner.invoke(cli, ["stats"])
    assert r.exit_code == 0
    assert f"Games: 1 (won {won}, lost {1 - won}" in r.output and str(path) in r.output
    r = runner.invoke(cli, ["stats", "--reset"])
    assert r.exit_code == 0 and not path.exists()
    path.write_text("[1, 2]")
    r = runner.invoke(cli, ["stats"])
    assert r.exit_code == 1 and "not a euchre64-stats/1 record" in r.stderr
    assert "Traceback" not in r.output


def test_the_cli_records_a_finished_game_in_xdg_data_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    s = Scripted(preset("bit93"), 2)
    play(s, "bit93", 2)                                  # the answers of a whole game
    result = CliRunner().invoke(cli, ["play", "--seed", "2", "--ascii"],
                                input="".join(line + "\n" for line in s.sent))
    assert result.exit_code == 0, result.output
    assert load_stats(tmp_path / "euchre64" / "stats.json").games == 1


# --- table or line mode -----------------------------------------------------------


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def _fake_table(calls: list, quit_after: int | None = None, stopped: str = ""):
    def run_table(loop: GameLoop, *, speed: str, hints: bool, style) -> SimpleNamespace:
        calls.append((loop, speed, hints, style))
        made = 0
        while not loop.is_over():
            if loop.needs_human():
                if quit_after is not None and made == quit_after:
                    return SimpleNamespace(finished=False, quit=True, loop=loop, stopped="")
                loop.decide(loop.legal()[0])
                made += 1
            else:
                loop.step()
        return SimpleNamespace(finished=True, quit=False, loop=loop, stopped=stopped)

    return SimpleNamespace(run_table=run_table, table_fits=lambda c, r: c >= 80 and r >= 24)


def test_the_table_when_both_ends_are_terminals_of_80x24():
    table = _fake_table([])
    pick = lambda **kw: choose_mode(kw.get("plain", False), kw.get("i", _Tty()),  # noqa: E731
                                    kw.get("o", _Tty()), lambda: kw.get("size", (80, 24)),
                                    lambda: (table, None))
    assert pick().table is table and pick().note is None
    assert pick(size=(120, 50)).table is table
    small = pick(size=(79, 24))
    assert small.table is None and small.note.startswith("The terminal is 79x24; the table")
    assert pick(size=(80, 23)).table is None
    assert pick(plain=True) == Mode(None)
    assert pick(i=io.StringIO()) == Mode(None) and pick(o=io.StringIO()) == Mode(None)
    missing = choose_mode(False, _Tty(), _Tty(), lambda: (80, 24),
                          lambda: (None, "no full-screen table here (no textual): line mode"))
    assert missing == Mode(None, "no full-screen table here (no textual): line mode")


def _args(tmp_path: Path, **kw) -> PlayArgs:
    base = dict(seed=6, auto=False, transcript=tmp_path / "t.json", ascii_only=True,
                rules_name="bit93", options=(), force=False, speed=None, autoplay=None,
                resume=None, plain=False)
    base.update(kw)
    return PlayArgs(**base)


def test_a_table_game_writes_the_transcript_and_the_record(tmp_path, capsys):
    calls: list = []
    stats = tmp_path / "stats.json"
    code = run_play(_args(tmp_path), stats, tmp_path / "u.json", Mode(_fake_table(calls)))
    assert code == EXIT_OK
    loop, speed, hints, _ = calls[0]
    assert speed == "normal" and hints is True and loop.autoplay_forced   # table defaults
    assert read(tmp_path / "t.json").events == loop.transcript().events
    assert load_stats(stats).games == 1
    assert "Transcript written to" in capsys.readouterr().out


def test_a_table_game_quit_can_be_resumed_and_ctrl_c_is_130(tmp_path, capsys):
    code = run_play(_args(tmp_path, speed="fast", autoplay=False), None, None,
                    Mode(_fake_table([], quit_after=5)))
    out = capsys.readouterr().out
    assert code == EXIT_OK and "You quit during hand" in out
    assert f"euchre play --resume {tmp_path / 't.json'}" in out
    calls: list = []
    code = run_play(_args(tmp_path, transcript=None, resume=tmp_path / "t.json"), None, None,
                    Mode(_fake_table(calls, stopped="interrupted (Ctrl-C)")))
    assert code == 130 and calls[0][0].game.seed == 6


def test_a_small_terminal_plays_in_line_mode_and_says_why(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", Scripted(preset("bit93"), 6, stop_after=2))
    code = run_play(_args(tmp_path, transcript=None), None, None,
                    Mode(None, "The terminal is 60x20; the table needs 80x24 or more: "
                               "playing in line mode."))
    out = capsys.readouterr().out
    assert code == EXIT_EOF
    assert out.startswith("The terminal is 60x20; the table needs 80x24 or more: playing "
                          "in line mode.\nGame number 6\n")


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
