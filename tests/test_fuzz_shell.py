"""Fuzzing ``euchre play``'s input: whatever is typed, no traceback and nothing lost.

Each game gets a random stream of lines - answers that may be right, raw bytes
that are not UTF-8, Unicode digits, huge lines, escape sequences and control
characters - through a strict UTF-8 stdin, and ends (EOF) after a random number
of lines, so the input ends at every kind of prompt. Every preset is played, and
the variants' own prompts (the joker's suit, a new deal, defending alone, Bid
Euchre's bid and declaration). After each game: the exit code is 0 (quit or
finished) or 1 (input ended), and the transcript on disk is one the schema and
the rules accept event by event (an unfinished game simply ends early).

CI plays :data:`CI_GAMES` games; ``make exhaustive`` (``-m slow``) plays
:data:`SLOW_GAMES`. The test prints what it tried.
"""

from __future__ import annotations

import io
import json
import os
import random
import re
import signal
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from pyengine.play.shell import run_shell_game
from pyengine.records.replay import ReplayError, judge
from pyengine.records.transcript import read

from .helpers import report
from .ptyrun import read_until_prompt

CI_GAMES = 80
SLOW_GAMES = 2000
RULES = [("bit93", ()), ("web", ()), ("standard", ()), ("bid6", ()),
         ("standard", ("joker=true", "defend_alone=true")),
         ("standard", ("farmers_hand=true", "no_ace_no_face_no_trump=true")),
         ("standard", ("players=3",)), ("standard", ("deck=32",))]
ANSWERS = ["p", "o", "a", "oa", "s", "d", "c", "sa", "da", "ca", "1", "2", "3", "4", "5", "6",
           "hi", "lo", "r", "k", "?", "pass", "order", "alone", "9s", "js", "10h", "ad"]
# "h" and "hint" are left out: they start a one-second search, and the hint has its own
# tests; "q" would end most games at once.
DIGITS = "²³¹①②⑨⒈⒏٣۵१１߂৩"
ESCAPES = ["\x1b[31m", "\x1b[2J", "\x1b]0;x\x07", "\x00", "\x7f", "\x08\x08", "\r", "\t",
           "\x1b", "\u202e", "\ufeff", "\u200b"]
PROMPTS = {"Round 1": "bid round 1", "Round 2": "bid round 2", "Discard": "discard",
           "Your lead": "lead", "Your card": "follow", "Your bid": "bid6 bid",
           "Declare": "bid6 declare", "The joker": "joker suit", "Your hand may": "redeal",
           "Defend": "defend alone"}


def fuzz_line(rng: random.Random, kinds: Counter) -> bytes:
    r = rng.random()
    if r < 0.55:
        kinds["answer"] += 1
        return rng.choice(ANSWERS).encode()
    if r < 0.65:
        kinds["raw bytes"] += 1
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 12))).replace(b"\n", b"")
    if r < 0.75:
        kinds["unicode digits"] += 1
        return "".join(rng.choice(DIGITS) for _ in range(rng.randrange(1, 4))).encode()
    if r < 0.8:
        kinds["huge line"] += 1
        return rng.choice([b"9", b"x", "\u00e9".encode(), b"p "]) * rng.choice(
            [4000, 5000, 70_000])
    if r < 0.9:
        kinds["escapes"] += 1
        return (rng.choice(ESCAPES) + rng.choice(ANSWERS) + rng.choice(ESCAPES)).encode()
    kinds["digits"] += 1
    return str(rng.choice([0, 7, 99, 10**30, -1])).encode()


def last_prompt(text: str) -> str:
    for line in reversed(text.splitlines()):
        for start, kind in PROMPTS.items():
            if line.startswith(start):
                return kind
    return "before any prompt"


def play_fuzzed(game: int, tmp_path: Path, kinds: Counter, eof_at: Counter) -> None:
    rng = random.Random(game)
    rules, options = RULES[game % len(RULES)]
    lines = [fuzz_line(rng, kinds) for _ in range(rng.choice([0, 3, 20, 60, 200, 400]))]
    data = b"\n".join(lines) + (b"\n" if lines and rng.random() < 0.8 else b"")
    stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", errors="strict")
    out = io.StringIO()
    path = tmp_path / f"g{game}.json"
    code = run_shell_game(rng.randrange(0x10000), False, path, True, rules, stdin=stdin,
                          stdout=out, options=options)
    text = out.getvalue()
    assert code in (0, 1), (game, code, text[-1500:])
    assert "Traceback" not in text
    if "Input ended during hand" in text:    # exit 0, as q (issue 45): the words say it
        eof_at[last_prompt(text)] += 1
    t = read(path)                      # the schema, exact types
    try:
        judge(t)
    except ReplayError as exc:          # only an unfinished game, never a rejected event
        assert re.search(r"ends (early|before the game is over)", str(exc)), (game, exc)


def fuzz(games: int, tmp_path: Path, capsys) -> Counter:
    kinds: Counter = Counter()
    eof_at: Counter = Counter()
    for game in range(games):
        play_fuzzed(game, tmp_path, kinds, eof_at)
    lines = ", ".join(f"{n:,} {k}" for k, n in kinds.items())
    ends = ", ".join(f"{k} {n}" for k, n in sorted(eof_at.items()))
    report(capsys, f"shell fuzz: {games} games over {len(RULES)} rule sets, "
                   f"{sum(kinds.values()):,} lines ({lines}); input ended at: {ends}; "
                   "0 tracebacks, every transcript accepted event by event")
    return eof_at


def test_fuzzed_shell_input_never_crashes_and_keeps_the_game(tmp_path, capsys):
    eof_at = fuzz(CI_GAMES, tmp_path, capsys)
    assert {"bid round 1", "bid round 2", "lead", "follow"} <= set(eof_at), eof_at


@pytest.mark.slow
def test_fuzzed_shell_input_many_games(tmp_path, capsys):
    eof_at = fuzz(SLOW_GAMES, tmp_path, capsys)
    assert set(PROMPTS.values()) <= set(eof_at), eof_at


# --- two processes and signals (issue 27) ------------------------------------------------

TWO_ROUNDS = 10
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT)
EXIT_CODES = {0, 1, 2} | {128 + s for s in STOP_SIGNALS}


def _euchre(*args: str, env: dict, cwd: Path) -> subprocess.Popen:
    return subprocess.Popen([str(Path(sys.executable).with_name("euchre")), "play",
                             "--plain", "--ascii", *args], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=cwd)


def _events(path: Path) -> int:
    return len(json.loads(path.read_text())["events"]) if path.exists() else 0


def _kept_at(out: str) -> Path | None:
    found = re.findall(r"(?:Transcript written to|--resume) (\S+?)(?: \(|\.?$)", out, re.M)
    return Path(found[-1]) if found else None


def two_at_once(round_no: int, tmp_path: Path, seen: Counter) -> None:
    """Game A runs; a second process resumes its file, starts a game over its name, or
    a signal comes; A ends. No traceback, codes known, A keeps every event it had."""
    rng = random.Random(1000 + round_no)
    home = tmp_path / f"r{round_no}"
    home.mkdir()
    env = dict(os.environ, XDG_DATA_HOME=str(home / "data"))
    named = rng.random() < 0.5
    seed = str(rng.randrange(0x10000))
    a = _euchre("--seed", seed, *(["--transcript", "live.json"] if named else []), env=env,
                cwd=home)
    procs = [a]
    try:
        read_until_prompt(a, 60, until_exit=True)
        for _ in range(rng.randrange(3)):
            a.stdin.write(rng.choice([b"p\n", b"1\n", b"o\n", b"?\n"]))
            a.stdin.flush()
            read_until_prompt(a, 60, until_exit=True)
        partials = ([home / "live.json.partial"] if named
                    else list((home / "data" / "euchre64" / "unfinished").glob("*.partial")))
        assert len(partials) == 1, partials
        had = _events(partials[0])
        what = rng.choice(["resume", "take-name", "signal"])
        seen[what] += 1
        if what == "signal":
            sig = rng.choice(STOP_SIGNALS)
            a.send_signal(sig)
        else:
            args = (["--resume", str(partials[0])] if what == "resume"
                    else ["--seed", "1", "--transcript", "live.json", "--force"])
            b = _euchre(*args, env=env, cwd=home)
            procs.append(b)
            out, err = b.communicate(b"p\np\nq\n", timeout=60)
            assert b"Traceback" not in err, err.decode()
            assert b.returncode == 2 and b"by another euchre" in err, (b.returncode, err)
            assert len(err.decode().strip().splitlines()) == 1, err
        out, err = a.communicate(b"q\n", timeout=60)
        text = out.decode()
        assert "Traceback" not in err.decode() and a.returncode in EXIT_CODES, (
            a.returncode, err.decode()[-1500:])
        kept = _kept_at(text)
        assert kept is not None, text[-500:]
        kept = kept if kept.is_absolute() else home / kept
        assert _events(kept) >= had, (what, had, kept)     # A lost nothing it played
        t = read(kept)
        assert str(t.seed) == seed
        for f in home.rglob("*.json*"):                     # no file on disk is torn
            json.loads(f.read_text())
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
            p.wait(10)


def test_two_processes_and_signals_never_lose_a_game(tmp_path, capsys):
    seen: Counter = Counter()
    for round_no in range(TWO_ROUNDS):
        two_at_once(round_no, tmp_path, seen)
    report(capsys, f"shell fuzz, two at once: {TWO_ROUNDS} rounds ({dict(seen)}), "
                   "no traceback, every second process refused in one line, no game lost")
