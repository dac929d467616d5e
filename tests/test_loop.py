"""The shared game loop (pyengine.play.loop): against the runner's own games, undo,
resume, forced cards, the last trick, the score sheet, the decision counts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyengine.core.events import Play, Score, Trick
from pyengine.core.game import DiscardAction, GameState, IllegalAction, PlayAction
from pyengine.core.options import rules_from
from pyengine.core.rules import preset
from pyengine.measure.vectors import VARIANTS
from pyengine.play.loop import GameLoop, ResumeError, actions_of_human
from pyengine.play.scoresheet import PASSED_OUT, PLAYED, REDEALT
from pyengine.players.player import RandomPlayer
from pyengine.players.runner import play_game
from pyengine.players.varplayer import VariantPlayer

RULE_SETS = [("bit93", "bit93", {})] + [v for v in VARIANTS]
IDS = [label for label, _, _ in RULE_SETS]


def _drive(loop: GameLoop, human, until: int | None = None) -> list:
    """Run the loop, the human deciding with ``human``; stop before his decision
    number ``until`` (counted from 0). Returns the delivered LoopEvents."""
    out: list = []
    made = 0
    while not loop.is_over():
        if loop.needs_human():
            if until is not None and made == until:
                return out
            out += loop.decide(human.decide(loop.view()))
            made += 1
        else:
            out += loop.step()
    out += loop.step()
    return out


@pytest.mark.parametrize("label,name,options", RULE_SETS, ids=IDS)
def test_a_loop_game_is_the_runners_game(label, name, options):
    """With a computer player behind the human seat, the loop plays the very game the
    runner plays (same events), and every event is delivered once, in order."""
    rules = rules_from(name, options)
    for seed in (3, 11):
        want = play_game(rules, seed, [RandomPlayer(seed)]
                         + [VariantPlayer() for _ in range(rules.players - 1)])
        loop = GameLoop.new(rules, seed)
        delivered = _drive(loop, RandomPlayer(seed))
        assert loop.game.events == want.events
        assert [d.event for d in delivered] == want.events
        assert loop.step() == [] and loop.is_over()


def test_auto_plays_every_seat():
    rules = preset("web")
    loop = GameLoop.new(rules, 5, human=None)
    assert not loop.needs_human() and loop.legal() == []
    while not loop.is_over():
        assert loop.step() or loop.is_over()
    assert loop.game.events == play_game(rules, 5, [VariantPlayer()] * 4).events


def test_decide_refuses_an_illegal_action_with_the_rules_reason():
    loop = GameLoop.new(preset("bit93"), 7)
    while not loop.needs_human():
        loop.step()
    legal = loop.legal()
    assert legal and loop.why_illegal(legal[0]) is None
    bad = next(a for a in [PlayAction(c) for c in range(24)] if a not in legal)
    reason = loop.why_illegal(bad)
    assert reason
    with pytest.raises(IllegalAction, match="."):
        loop.decide(bad)
    assert loop.legal() == legal                       # nothing changed


def test_no_decision_when_it_is_not_the_humans_turn():
    loop = GameLoop.new(preset("web"), 2)
    loop.step()                                        # the opening events
    while loop.needs_human():
        loop.decide(loop.legal()[0])
    if not loop.is_over():
        assert loop.legal() == []
        assert loop.why_illegal(PlayAction(0)) == "it is not your turn"


def _snapshot(loop: GameLoop):
    v = loop.view()
    return (v, tuple(loop.legal()), list(loop.game.events), list(loop.game.actions))


@pytest.mark.parametrize("label,name,options", RULE_SETS[:4] + [RULE_SETS[-2]],
                         ids=IDS[:4] + [IDS[-2]])
def test_undo_restores_the_state_and_the_rest_is_a_game_without_the_move(label, name,
                                                                         options):
    rules = rules_from(name, options)
    seed = 21
    tried = 0
    for k in (0, 3, 9, 10):
        # the straight game: the human's k-th decision is the last legal choice
        straight = GameLoop.new(rules, seed)
        _drive(straight, RandomPlayer(1), until=k)
        if straight.is_over() or len(straight.legal()) == 1:
            continue                                   # (a forced card is no choice)
        before = _snapshot(straight)
        alt = straight.legal()[-1]
        straight.decide(alt)
        _drive(straight, RandomPlayer(2))
        # the same game, the human first tries legal[0], looks around, takes it back
        undone = GameLoop.new(rules, seed)
        _drive(undone, RandomPlayer(1), until=k)
        undone.decide(undone.legal()[0])
        for _ in range(5):
            if undone.needs_human() or undone.is_over():
                break
            undone.step()
        gen = undone.generation
        assert undone.can_undo()
        undone.undo()
        assert undone.generation == gen + 1
        assert _snapshot(undone) == before
        assert undone.step() == []                     # the human must decide again
        undone.decide(alt)
        _drive(undone, RandomPlayer(2))
        assert undone.game.events == straight.game.events
        assert undone.transcript() == straight.transcript()
        tried += 1
    assert tried >= 2


def test_undo_skips_forced_cards_and_stops_at_the_start():
    rules = preset("bit93")
    loop = GameLoop.new(rules, 4)
    assert not loop.can_undo()
    with pytest.raises(IllegalAction, match="nothing to take back"):
        loop.undo()
    choices = 0
    while not loop.is_over() and choices < 30:
        if loop.needs_human():
            choices += len(loop.legal()) > 1
            loop.decide(loop.legal()[0])
        else:
            loop.step()
    n = 0
    while loop.can_undo():
        loop.undo()
        n += 1
        if loop.needs_human():
            assert len(loop.legal()) > 1               # never back at a forced prompt
    assert n == choices
    # back at the first choice: only computer moves and forced cards before it
    humans = actions_of_human(loop)
    assert all(len(a) == 1 for a in _legal_counts(loop, humans))


def _legal_counts(loop: GameLoop, humans):
    g = GameState.new(loop.game.rules, loop.game.seed)
    out = []
    for a in loop.game.actions:
        if g.turn == loop.human:
            out.append(g.legal_actions())
        g.apply(a)
    return out


def test_autoplay_plays_only_the_forced_cards_and_says_so():
    rules = preset("bit93")
    for seed in range(6):
        plain = GameLoop.new(rules, seed)
        forced_plays = []
        while not plain.is_over():
            if plain.needs_human():
                legal = plain.legal()
                if len(legal) == 1 and isinstance(legal[0], (PlayAction, DiscardAction)):
                    forced_plays.append(legal[0].card)
                plain.decide(legal[0])
            else:
                plain.step()
        auto = GameLoop.new(rules, seed, autoplay_forced=True)
        flagged = []
        while not auto.is_over():
            if auto.needs_human():
                assert len(auto.legal()) > 1 or not isinstance(auto.legal()[0],
                                                                (PlayAction, DiscardAction))
                auto.decide(auto.legal()[0])
            else:
                flagged += [e.event for e in auto.step() if e.forced]
        assert auto.game.events == plain.game.events
        assert [(e.seat, e.card) for e in flagged] == [(0, c) for c in forced_plays]
        if seed == 0:
            assert forced_plays, "a game with no forced card tests nothing"


def test_decision_counts_count_the_humans_choices_and_forced_ones():
    rules = preset("bit93")
    loop = GameLoop.new(rules, 8)
    per_hand: dict[int, list[int]] = {}
    while not loop.is_over():
        if loop.needs_human():
            c = per_hand.setdefault(loop.game.hand_no, [0, 0])
            c[0] += 1
            c[1] += len(loop.legal()) == 1
            loop.decide(loop.legal()[-1])
        else:
            loop.step()
    counts = loop.decision_counts()
    assert [c.hand for c in counts] == list(range(1, loop.game.hand_no + 1))
    assert {c.hand: [c.decisions, c.forced] for c in counts if c.decisions} == per_hand
    assert sum(c.forced for c in counts) > 0
    assert all(c.choices == c.decisions - c.forced for c in counts)
    assert GameLoop.new(rules, 8, human=None).decision_counts() == []


@pytest.mark.parametrize("label,name,options", RULE_SETS, ids=IDS)
def test_last_trick_and_score_sheet_follow_the_game(label, name, options):
    """Checked against the engine's own state just before each trick and each score."""
    rules = rules_from(name, options)
    loop = GameLoop.new(rules, 13)
    assert loop.last_trick() is None and loop.last_trick_winner() is None
    human = RandomPlayer(13)
    expected_rows = []
    unplayed = 0
    while not loop.is_over():
        g = loop.game
        before = (list(g.trick), g.hand_no, g.dealer, g.trump, g.maker, g.alone,
                  g.defender_out is not None, g.contract)
        evs = (loop.decide(human.decide(loop.view())) if loop.needs_human()
               else loop.step())
        events = [e.event for e in evs]
        for i, ev in enumerate(events):
            if isinstance(ev, Trick) and isinstance(events[i - 1], Play):
                play = events[i - 1]
                assert loop.last_trick() == before[0] + [(play.seat, play.card)]
                assert loop.last_trick_winner() == ev.winner
            if isinstance(ev, Score):
                expected_rows.append((before[1:], ev))
        unplayed += sum(e.ev in ("passed_out",) or (e.ev == "redeal" and e.call == "redeal")
                        for e in events)
    rows = loop.score_sheet()
    played = [r for r in rows if r.outcome == PLAYED]
    assert len(played) == len(expected_rows)
    assert len(rows) == len(played) + unplayed == loop.game.hand_no
    assert [r.hand for r in rows] == list(range(1, loop.game.hand_no + 1))
    for row, ((hand, dealer, trump, maker, alone, lone_defence, contract), ev) in zip(
            played, expected_rows, strict=True):
        assert (row.hand, row.dealer, row.trump, row.maker, row.alone) == \
            (hand, dealer, trump, maker, alone)
        assert row.defended_alone == lone_defence
        assert row.bid == contract
        assert row.makers == loop.game.team(maker)
        assert (row.tricks, row.points, row.total) == (ev.tricks, ev.points, ev.total)
    assert rows[-1].total == tuple(loop.game.total)
    for r in rows:
        if r.outcome in (PASSED_OUT, REDEALT):
            assert r.trump is None and r.points == ()


@pytest.mark.parametrize("name", ["bit93", "bid6"])
def test_score_sheet_marks_euchres(name):
    rules = preset(name)
    made = euchred = 0
    for seed in range(6):
        loop = GameLoop.new(rules, seed, human=None)
        while not loop.is_over():
            loop.step()
        for r in loop.score_sheet():
            if r.outcome == PLAYED:
                need = 3 if r.bid is None else r.bid
                assert r.euchred == (r.tricks[r.makers] < need)
                euchred += r.euchred
                made += not r.euchred
    assert euchred and made, "both outcomes must occur, or the test checks nothing"


# --- resume -------------------------------------------------------------------

def _write_partial(tmp_path: Path, loop: GameLoop) -> Path:
    p = tmp_path / "game.json"
    loop.transcript().write(p)
    return p


@pytest.mark.parametrize("label,name,options", RULE_SETS[:5] + [RULE_SETS[-1]],
                         ids=IDS[:5] + [IDS[-1]])
def test_resume_continues_identically(tmp_path, label, name, options):
    rules = rules_from(name, options)
    seed = 17
    whole = GameLoop.new(rules, seed)
    _drive(whole, RandomPlayer(5))
    first = GameLoop.new(rules, seed)
    human = RandomPlayer(5)
    _drive(first, human, until=6)
    while first.pending() or not first.needs_human():   # also stop mid-way, after a step
        if not first.step():
            break
    path = _write_partial(tmp_path, first)
    resumed = GameLoop.resume(path)
    assert resumed.human == 0
    assert resumed.pending() == 0                      # the past is not delivered again
    assert resumed.view() == first.view()
    assert resumed.can_undo() == first.can_undo()
    _drive(resumed, human)                             # the same player object goes on
    assert resumed.game.events == whole.game.events


def test_resume_keeps_the_undo_history(tmp_path):
    loop = GameLoop.new(preset("bit93"), 9)
    _drive(loop, RandomPlayer(2), until=8)
    resumed = GameLoop.resume(_write_partial(tmp_path, loop))
    while loop.can_undo():
        assert resumed.can_undo()
        loop.undo()
        resumed.undo()
        assert resumed.game.events == loop.game.events
    assert not resumed.can_undo()


def test_resume_refuses_a_finished_game(tmp_path):
    loop = GameLoop.new(preset("web"), 3, human=None)
    while not loop.is_over():
        loop.step()
    path = _write_partial(tmp_path, loop)
    with pytest.raises(ResumeError, match="that game is over .final score"):
        GameLoop.resume(path)


@pytest.mark.parametrize("content,match", [
    ("not json at all", "cannot resume"),
    ('{"format": "euchre-transcript/9", "rules": "bit93", "seed": 1, "events": []}',
     "euchre-transcript/9"),
    ("", "cannot resume"),
])
def test_resume_refuses_a_corrupt_file(tmp_path, content, match):
    p = tmp_path / "bad.json"
    p.write_text(content)
    with pytest.raises(ResumeError, match=match) as info:
        GameLoop.resume(p)
    assert "\n" not in str(info.value)


def test_resume_refuses_events_the_rules_reject(tmp_path):
    loop = GameLoop.new(preset("bit93"), 9)
    _drive(loop, RandomPlayer(2), until=4)
    obj = loop.transcript().to_json()
    plays = [i for i, e in enumerate(obj["events"]) if e["ev"] == "play"]
    obj["events"][plays[-1]]["card"] = "XX" if obj["events"][plays[-1]]["card"] != "XX" \
        else "9S"
    p = tmp_path / "t.json"
    p.write_text(json.dumps(obj))
    with pytest.raises(ResumeError, match="cannot resume"):
        GameLoop.resume(p)


def test_resume_refuses_what_is_not_a_file(tmp_path):
    with pytest.raises(ResumeError, match="cannot resume"):
        GameLoop.resume(tmp_path / "missing.json")
    with pytest.raises(ResumeError, match="cannot resume"):
        GameLoop.resume(tmp_path)


def test_a_refused_resume_shows_no_hidden_card(tmp_path):
    # issue 27 item 15: a changed deal was refused with the file's four hands and the
    # seed's four hands spelt out
    loop = GameLoop.new(preset("bit93"), 3)
    _drive(loop, RandomPlayer(2), until=4)
    obj = loop.transcript().to_json()
    deal = next(e for e in obj["events"] if e["ev"] == "deal")
    secret = [c for hand in deal["hands"][1:] for c in hand]
    deal["hands"][1][0], deal["hands"][2][0] = deal["hands"][2][0], deal["hands"][1][0]
    p = tmp_path / "t.json"
    p.write_text(json.dumps(obj))
    with pytest.raises(ResumeError) as info:
        GameLoop.resume(p)
    text = str(info.value)
    assert text.startswith(f"cannot resume {p}: event 1 (a deal) is not what"), text
    assert not [c for c in secret if c in text.split()
                or f"'{c}'" in text], text                 # not one of the other hands
