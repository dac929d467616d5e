"""``euchre play``: the shell game, driven through its real prompts.

A human game is driven by :class:`ScriptedHuman`, a stdin whose ``readline``
keeps a shadow copy of the game (the engine with RefPlayers at seats 1-3, as
the shell has) and answers as South from what the shell printed: the cards are
picked by the numbers or names the player sees in the ``your hand:`` line.
Because the shadow applies exactly the answers the shell must accept, the
shell's transcript must equal the shadow's events at the end.
"""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from pyengine.cli import cli
from pyengine.core.cards import SUITS, card_name, parse_card, suit_of
from pyengine.core.events import NAME, ORDER, PASS
from pyengine.core.game import (
    Action,
    BidAction,
    GameState,
    Phase,
    partner_of,
)
from pyengine.core.rules import BIT93
from pyengine.play.shell import (
    EXIT_EOF,
    EXIT_INTERRUPT,
    EXIT_OK,
    EXIT_USAGE,
    AnswerError,
    parse_bid,
    run_shell_game,
)
from pyengine.players.player import RefPlayer
from pyengine.players.runner import play_game
from pyengine.records.transcript import from_game, read

ANSI = "\x1b["
HAND_LINE = re.compile(r"your hand: ((?:\d:\S+\s*)+)$", re.M)

Hook = Callable[[GameState, Action, "ScriptedHuman"], list[str]]


@pytest.fixture(autouse=True)
def _utf8_terminal_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """The shell reads NO_COLOR, TERM and the locale (pyengine.terminal): these tests
    describe a UTF-8 terminal whatever the environment that runs them."""
    for name in ("NO_COLOR", "LC_ALL", "LC_CTYPE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.setenv("TERM", "xterm")


def engine_game(seed: int) -> GameState:
    return play_game(BIT93, seed, [RefPlayer()] * 4)


def final_score(text: str) -> tuple[int, int]:
    m = re.search(r"Final score: North-South (\d+), East-West (\d+)", text)
    assert m, text[-2000:]
    return int(m.group(1)), int(m.group(2))


class ScriptedHuman:
    """A stdin that plays South: a seeded random legal choice at every decision.

    ``hook(shadow, action, self)`` may return extra lines to send *before* the
    real answer (garbage, illegal cards, ...); ``stop_after`` answers ends the
    input (EOF) or sends ``stop_with`` instead.
    """

    def __init__(self, seed: int, out: io.StringIO, chooser: int = 0,
                 hook: Hook | None = None, stop_after: int | None = None,
                 stop_with: str = "") -> None:
        self.shadow = GameState.new(BIT93, seed)
        self.ref = RefPlayer()
        self.rng = random.Random(chooser)
        self.out = out
        self.hook = hook
        self.pending: list[str] = []
        self.answers = 0
        self.stop_after = stop_after
        self.stop_with = stop_with
        self.phases_seen: set[Phase] = set()

    def isatty(self) -> bool:
        return False

    def _advance(self) -> None:
        g = self.shadow
        while not g.over and g.turn != 0:
            g.apply(self.ref.decide(g.view(g.turn)))

    def shown_hand(self) -> list[tuple[int, str]]:
        """(number, label) as the last 'your hand:' line printed them."""
        lines = HAND_LINE.findall(self.out.getvalue())
        assert lines, "no hand shown before the prompt"
        return [(int(n), lab) for n, lab in re.findall(r"(\d):(\S+)", lines[-1])]

    def number_of(self, card: int) -> int:
        for n, label in self.shown_hand():
            if parse_card(label) == card:
                return n
        raise AssertionError(f"{card_name(card)} not in the shown hand {self.shown_hand()}")

    def text_for(self, action: Action) -> str:
        r = self.rng.random()
        if isinstance(action, BidAction):
            if action.call == PASS:
                return self.rng.choice(["p", "pass", "P"])
            if action.call == ORDER:
                if action.alone:
                    return self.rng.choice(["a", "oa", "o a", "alone"])
                return self.rng.choice(["o", "order", "O"])
            letter = SUITS[action.suit]
            letter = letter.lower() if r < 0.5 else letter
            if action.alone:
                return self.rng.choice([letter + "a", "a " + letter, letter + " alone"])
            return letter
        card = action.card
        if r < 0.4:
            return str(self.number_of(card))
        name = card_name(card)
        if r < 0.6:
            return name.lower()
        if r < 0.8 and name[0] == "T":
            return "10" + name[1].lower()
        return name

    def readline(self) -> str:
        if self.pending:
            return self.pending.pop(0)
        if self.stop_after is not None and self.answers >= self.stop_after:
            return self.stop_with
        self._advance()
        g = self.shadow
        assert not g.over, "the shell asked for an answer after game over"
        self.phases_seen.add(g.phase)
        action = self.rng.choice(g.legal_actions())
        lines = self.hook(g, action, self) if self.hook else []
        lines.append(self.text_for(action))
        g.apply(action)
        self.answers += 1
        self.pending = [t + "\n" for t in lines[1:]]
        return lines[0] + "\n"


def run_human(seed: int, tmp_path: Path | None = None, **kw) -> tuple[int, str, ScriptedHuman]:
    out = io.StringIO()
    human = ScriptedHuman(seed, out, **kw)
    transcript = tmp_path / "game.json" if tmp_path else None
    code = run_shell_game(seed=seed, auto=False, transcript=transcript, ascii_only=True,
                          rules_name="bit93", stdin=human, stdout=out)
    return code, out.getvalue(), human


def run_auto(seed: int, ascii_only: bool = True, transcript: Path | None = None) -> tuple[int, str]:
    out = io.StringIO()
    code = run_shell_game(seed=seed, auto=True, transcript=transcript, ascii_only=ascii_only,
                          rules_name="bit93", stdin=io.StringIO(""), stdout=out)
    return code, out.getvalue()


# --- auto play ---------------------------------------------------------------

@pytest.mark.parametrize("seed", [0, 1, 4711, 65535])
def test_auto_game_prints_the_engines_final_score(seed):
    code, text = run_auto(seed)
    g = engine_game(seed)
    assert code == EXIT_OK
    assert final_score(text) == tuple(g.total)
    assert "Game over" in text


def test_auto_through_click_command_matches_engine():
    result = CliRunner().invoke(cli, ["play", "--auto", "--seed", "321"])
    assert result.exit_code == 0, result.output
    assert final_score(result.output) == tuple(engine_game(321).total)


def test_auto_prints_every_trick_and_hand_score():
    code, text = run_auto(99)
    g = engine_game(99)
    evs = [e.to_json()["ev"] for e in g.events]
    assert text.count("Trick ") == evs.count("trick")
    assert text.count("Hand over:") == evs.count("score")
    assert text.count("All passed twice: hand not played, the deal moves left.") == \
        evs.count("passed_out")


def test_no_seed_picks_a_game_number_that_replays_the_same_game():
    out = io.StringIO()
    code = run_shell_game(None, True, None, True, "bit93", stdin=io.StringIO(""), stdout=out)
    first, rest = out.getvalue().split("\n", 1)
    m = re.fullmatch(r"Game number (\d+) - replay it with: euchre play --seed (\d+)", first)
    assert code == EXIT_OK and m and m.group(1) == m.group(2)
    seed = int(m.group(1))
    assert 0 <= seed <= 65535
    _, again = run_auto(seed)
    assert again.split("\n", 1)[1] == rest


def test_first_dealer_deal_is_shown():
    _, text = run_auto(4711)
    fd = engine_game(4711).events[0]
    shown = ", ".join(f"{('South', 'West', 'North', 'East')[i % 4]} {card_name(c)}"
                      .replace("T", "10") for i, c in enumerate(fd.cards))
    assert shown in text
    assert "until a black jack" in text


# --- a human at seat 0 -----------------------------------------------------------

@pytest.mark.parametrize("seed,chooser", [(4711, 1), (7, 2), (2024, 3), (31337, 4)])
def test_random_legal_answers_play_to_game_over_and_match_the_engine(seed, chooser, tmp_path):
    code, text, human = run_human(seed, tmp_path, chooser=chooser)
    assert code == EXIT_OK, text[-2000:]
    g = human.shadow
    human._advance()
    assert g.over
    assert final_score(text) == tuple(g.total)
    t = read(tmp_path / "game.json")
    assert t.events == from_game(g).events
    assert "Traceback" not in text


GARBAGE = ["xyz", "99", "ZZ", "", "   ", "0", "-1", "1 2", "JX", "h h", "pa"]


def test_garbage_gets_a_reason_and_the_same_prompt_again(tmp_path):
    def garbage(g, action, human):
        return [human.rng.choice(GARBAGE) for _ in range(2)]

    code, text, human = run_human(4711, tmp_path, chooser=5, hook=garbage)
    assert code == EXIT_OK
    assert {Phase.BID1, Phase.PLAY} <= human.phases_seen
    lines = text.split("\n")
    checked = 0
    for i, line in enumerate(lines):
        for bad in GARBAGE:
            m = re.match(r"(.*(?:\? |\]: ))" + re.escape(bad) + "$", line)
            if m and ("Round" in line or "or name]" in line):
                prompt = m.group(1)
                reason = lines[i + 1]
                assert reason.startswith("  ") or reason.startswith("Type your choice"), \
                    (line, reason)
                after = i + 2
                while lines[after].startswith("    "):     # the reason, wrapped at 80 columns
                    after += 1
                assert lines[after].startswith(prompt), (line, lines[after])
                checked += 1
                break
    assert checked == 2 * human.answers
    human._advance()                    # the computers' moves after South's last answer
    t = read(tmp_path / "game.json")
    assert t.events == from_game(human.shadow).events


def test_a_card_that_does_not_follow_suit_gets_must_follow():
    seen = []

    def revoke(g, action, human):
        if g.phase is Phase.PLAY and g.trick:
            legal = {a.card for a in g.legal_actions()}
            wrong = [c for c in g.hands[0] if c not in legal]
            if wrong:
                seen.append(card_name(wrong[0]))
                return [card_name(wrong[0])]
        return []

    code, text, _ = run_human(4711, chooser=6, hook=revoke)
    assert code == EXIT_OK
    assert seen, "no chance to revoke in this game: pick another seed"
    assert text.count("  must follow ") == len(seen)


def test_a_card_not_in_hand_is_refused():
    def foreign(g, action, human):
        if g.phase is Phase.PLAY:
            held = set(g.hands[0])
            other = next(c for c in range(24) if c not in held)
            return [card_name(other)]
        return []

    code, text, _ = run_human(7, chooser=1, hook=foreign, stop_after=3, stop_with="q\n")
    assert "you do not hold" in text


def test_turned_down_suit_cannot_be_named_in_round_2():
    tried = []

    def name_upcard_suit(g, action, human):
        if g.phase is Phase.BID2:
            tried.append(1)
            return [SUITS[suit_of(g.upcard)].lower()]
        return []

    for seed in range(40):
        code, text, _ = run_human(seed, chooser=seed, hook=name_upcard_suit, stop_after=8,
                                  stop_with="q\n")
        if tried:
            assert "was turned down and cannot be named" in text
            return
    pytest.fail("no round-2 decision for South in 40 seeds")


def test_canadian_rule_prompt_and_reason():
    """Seed: the dealer's partner who orders up must go alone (docs/design.md, Bit #93 rule 3)."""
    hits = []

    def order_plain(g, action, human):
        if g.phase is Phase.BID1 and g.dealer == partner_of(0):
            hits.append(1)
            return ["o"]
        return []

    for seed in range(60):
        code, text, _ = run_human(seed, chooser=seed, hook=order_plain, stop_after=6,
                                  stop_with="q\n")
        if hits:
            assert "Canadian rule: as the dealer's partner you may order up only if you go alone" \
                in text
            assert "Canadian rule: the dealer's partner who orders up must go alone" in text
            prompt = [ln for ln in text.split("\n") if ln.startswith("Round 1")
                      and "[a] order up alone" in ln and "[o]" not in ln]
            assert prompt
            return
    pytest.fail("South never bid as the dealer's partner in 60 seeds")


def test_other_seats_discards_stay_face_down():
    for seed in range(30):
        code, text, human = run_human(seed, chooser=seed)
        g = human.shadow
        discards = [e for e in g.events if type(e).__name__ == "Discard" and e.seat != 0]
        if discards:
            assert "discard a card face down" in text
            for d in discards:
                who = ("South", "West", "North", "East")[d.seat]
                assert f"{who}: discard {card_name(d.card)}" not in text
            return
    pytest.fail("no computer discard in 30 games")


def test_help_then_the_same_prompt():
    out = io.StringIO()
    code = run_shell_game(4711, False, None, True, "bit93", stdin=io.StringIO("?\nq\n"),
                          stdout=out)
    text = out.getvalue()
    assert code == EXIT_OK
    for words in ("right bower", "left bower", "Canadian rule", "no stick-the-dealer",
                  "euchred", "JD"):
        assert words in text
    prompts = [ln for ln in text.split("\n") if ln.startswith("Round 1")]
    assert len(prompts) == 2 and prompts[0][:-1] == prompts[1][:-1]


# --- ways out ------------------------------------------------------------------

def test_eof_mid_game_ends_cleanly_with_the_score_so_far(tmp_path):
    code, text, human = run_human(4711, tmp_path, chooser=2, stop_after=12)
    assert code == EXIT_EOF
    assert "Input ended during hand" in text
    assert "Score so far: North-South" in text
    assert "Traceback" not in text
    t = read(tmp_path / "game.json")
    assert "unfinished" in text
    human._advance()   # the shell ran the computer seats up to South's next turn
    assert t.events == from_game(human.shadow).events


def test_empty_input_is_eof_not_a_crash():
    out = io.StringIO()
    code = run_shell_game(3, False, None, True, "bit93", stdin=io.StringIO(""), stdout=out)
    assert code == EXIT_EOF
    assert "Score so far: North-South 0, East-West 0" in out.getvalue()


def test_q_quits_with_the_score_so_far(tmp_path):
    code, text, human = run_human(4711, tmp_path, chooser=2, stop_after=20, stop_with="q\n")
    assert code == EXIT_OK
    m = re.search(r"You quit during hand (\d+)\. Score so far: North-South (\d+), "
                  r"East-West (\d+)", text)
    assert m
    assert int(m.group(1)) == human.shadow.hand_no
    assert (int(m.group(2)), int(m.group(3))) == tuple(human.shadow.total)
    assert read(tmp_path / "game.json").events[-1]["ev"] != "game_over"


def test_ctrl_c_ends_cleanly_with_exit_130(tmp_path):
    class Interrupting(io.StringIO):
        def readline(self, *a):
            raise KeyboardInterrupt

    out = io.StringIO()
    path = tmp_path / "t.json"
    code = run_shell_game(5, False, path, True, "bit93", stdin=Interrupting(), stdout=out)
    assert code == EXIT_INTERRUPT
    assert "Interrupted during hand 1. Score so far" in out.getvalue()
    assert read(path).events[0]["ev"] == "first_dealer"


def test_closed_output_pipe_stops_quietly():
    class Broken(io.StringIO):
        def write(self, s):
            raise BrokenPipeError

    assert run_shell_game(5, True, None, True, "bit93", stdin=io.StringIO(""),
                          stdout=Broken()) == 1


# --- transcript and options ---------------------------------------------------------

def test_transcript_is_readable_and_equals_the_engines_events(tmp_path):
    path = tmp_path / "auto.json"
    code, text = run_auto(4711, transcript=path)
    assert code == EXIT_OK
    t = read(path)
    assert t.seed == 4711 and t.rules == "bit93"
    assert t.events == from_game(engine_game(4711)).events
    assert f"Transcript written to {path}." in text


def test_transcript_through_click(tmp_path):
    path = tmp_path / "c.json"
    result = CliRunner().invoke(cli, ["play", "--auto", "--seed", "12", "--transcript",
                                      str(path)])
    assert result.exit_code == 0
    assert read(path).events == from_game(engine_game(12)).events


def test_unwritable_transcript_path_is_refused_before_the_game(tmp_path):
    out = io.StringIO()
    bad = tmp_path / "no" / "such" / "dir" / "t.json"
    code = run_shell_game(1, True, bad, True, "bit93", stdin=io.StringIO(""), stdout=out)
    assert code == EXIT_USAGE
    assert out.getvalue() == ""
    result = CliRunner().invoke(cli, ["play", "--auto", "--seed", "1", "--transcript", str(bad)])
    assert result.exit_code == EXIT_USAGE
    assert "cannot write" in result.output
    assert "Traceback" not in result.output


def test_transcript_check_leaves_no_file_behind_when_play_stops_early(tmp_path):
    path = tmp_path / "t.json"
    run_shell_game(1, False, path, True, "bit93", stdin=io.StringIO("q\n"), stdout=io.StringIO())
    assert read(path).events  # written at the end, with what there is


def test_unknown_rules_preset_exits_2_with_its_message():
    result = CliRunner().invoke(cli, ["play", "--rules", "nosuch", "--auto", "--seed", "1"])
    assert result.exit_code == 2
    assert "unknown rules preset 'nosuch'" in result.output


def test_ascii_output_is_plain_ascii_without_escapes():
    _, text = run_auto(4711, ascii_only=True)
    code, human_text, _ = run_human(4711, chooser=3)
    for t in (text, human_text):
        assert ANSI not in t
        assert t.isascii()


def test_ascii_through_click():
    result = CliRunner().invoke(cli, ["play", "--auto", "--seed", "8", "--ascii"])
    assert result.exit_code == 0
    assert result.output.isascii() and ANSI not in result.output


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_terminal_gets_suit_symbols_and_red_colour():
    out = Tty()
    run_shell_game(4711, True, None, False, "bit93", stdin=io.StringIO(""), stdout=out,
                   speed="instant")
    text = out.getvalue()
    assert "\x1b[31m" in text and "\u2665" in text and "\u2660" in text


def test_ascii_on_a_terminal_has_no_colour():
    out = Tty()
    run_shell_game(4711, True, None, True, "bit93", stdin=io.StringIO(""), stdout=out,
                   speed="instant")
    assert ANSI not in out.getvalue() and out.getvalue().isascii()


def test_pipe_gets_symbols_without_colour():
    _, text = run_auto(4711, ascii_only=False)
    assert "\u2665" in text and ANSI not in text


# --- reading bids -----------------------------------------------------------------

def _round2_game() -> GameState:
    for seed in range(200):
        g = GameState.new(BIT93, seed)
        while g.phase is Phase.BID1:
            g.apply(BidAction(PASS))
        if g.phase is Phase.BID2 and suit_of(g.upcard) != 1:
            return g
    raise AssertionError("no round 2 found")


@pytest.mark.parametrize("text", ["ha", "ah", "h a", "a h", "H A", "hearts alone", "HA"])
def test_round2_alone_forms(text):
    g = _round2_game()
    assert parse_bid(text, g) == BidAction(NAME, 1, True)


@pytest.mark.parametrize("text,reason", [
    ("a", "name the suit too"),
    ("p h", "pass is a whole answer"),
    ("xyz", "is not a bid"),
    ("h d", "one suit only"),
    ("o", "round 2: the upcard is turned down"),
])
def test_round2_bad_bids(text, reason):
    g = _round2_game()
    with pytest.raises(AnswerError, match=reason):
        parse_bid(text, g)


def test_round1_naming_another_suit_is_explained():
    g = GameState.new(BIT93, 4711)
    other = SUITS[(suit_of(g.upcard) + 1) % 4].lower()
    with pytest.raises(AnswerError, match="round 1: you may only order up"):
        parse_bid(other, g)


def test_round1_upcard_suit_letter_means_order_up():
    g = GameState.new(BIT93, 4711)
    if g.must_go_alone(g.turn):
        pytest.skip("the first bidder is the dealer's partner")
    assert parse_bid(SUITS[suit_of(g.upcard)].lower(), g) == BidAction(ORDER, suit_of(g.upcard))


def test_dealer_prompt_says_pick_up(tmp_path):
    for seed in range(40):
        g = GameState.new(BIT93, seed)
        if g.dealer == 0:
            out = io.StringIO()
            run_shell_game(seed, False, None, True, "bit93", stdin=io.StringIO("p\n" * 3 + "q\n"),
                           stdout=out)
            assert "[o] pick up" in out.getvalue()
            return
    pytest.fail("South never deals first in 40 seeds")


def test_played_discard_is_shown_to_south_and_card_choice_accepts_numbers():
    for seed in range(80):
        code, text, human = run_human(seed, chooser=seed)
        mine = [e for e in human.shadow.events if type(e).__name__ == "Discard" and e.seat == 0]
        if mine:
            label = card_name(mine[0].card).replace("T", "10")
            assert f"You: discard {label} (face down)" in text
            assert "Discard a card face down [1-6 or name]" in text
            return
    pytest.fail("South never discarded in 80 games")
