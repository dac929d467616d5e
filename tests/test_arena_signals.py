"""The arena's pool and signals (issue 27 items 7 and 9): Ctrl-C ends it at once, its
workers inherit none of the command's stop handlers or blocked signals, --jobs and
pimc's worlds are capped with a message. Every process here is bounded in time."""

from __future__ import annotations

import os
import re
import signal
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from pyengine.cli import cli
from pyengine.measure.arena import PlayerSpecError, make_player, usable_jobs

from .bounded import bounded
from .signs import Watched, done_of

EUCHRE = str(Path(sys.executable).with_name("euchre"))

def _as_a_shell_starts_it() -> None:
    """In the child: the signal dispositions and mask a user's shell gives a command
    (SIGINT at its default, nothing blocked), whatever the test process inherited or
    was left with by an earlier test."""
    import signal as _signal
    _signal.signal(_signal.SIGINT, _signal.SIG_DFL)
    _signal.pthread_sigmask(_signal.SIG_SETMASK, [])


@pytest.mark.parametrize("held", ["blocked", "handled"])
def test_the_pool_ends_whatever_signals_its_parent_holds(held):
    # make test hung 9.5 minutes in test_cpu_counts_the_pool_workers: a pool worker
    # had a SIGTERM handler (or the signal blocked: a game writing its transcript holds
    # it back), so the pool's terminate could not end it
    r = bounded(f"""
        import signal
        from pyengine.core.rules import BIT93
        from pyengine.measure.arena import run_matches
        from pyengine.records.safeio import shielded, stop_signals

        def raising(signum, frame):
            raise KeyboardInterrupt
        for s in (signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT):
            signal.signal(s, raising)            # a command's stop handlers
        with {"shielded" if held == "blocked" else "stop_signals"}():
            results, _ = run_matches(BIT93, "random", "random", 8, jobs=2)
        print(len(results))
    """)
    assert r.returncode == 0 and r.stdout.strip() == "8", r.stderr[-2000:]
    assert "Traceback" not in r.stderr, r.stderr[-2000:]


def _interrupt_arena(jobs: int, sig: int, group: bool) -> tuple[int, str, float, int]:
    """Start a 100,000-match arena; once its progress bar shows a match played (a sign,
    not a fixed wait: tests/signs.py), send ``sig`` (to its whole group if ``group``, as a
    terminal's Ctrl-C does): its exit code, its error output, how long it took to end
    after the signal, and the matches the bar had counted."""
    w = Watched([EUCHRE, "arena", "--matches", "100000", "--jobs", str(jobs),
                 "--team-a", "random", "--team-b", "random"],
                start_new_session=True, preexec_fn=_as_a_shell_starts_it)
    try:
        seen = int(w.wait_for(done_of("100000")).group(1))
        sent = time.monotonic()
        if group:
            os.killpg(w.proc.pid, sig)
        else:
            w.proc.send_signal(sig)
        code = w.finish()
        took = time.monotonic() - sent
    finally:
        w.close(lambda: os.killpg(w.proc.pid, signal.SIGKILL))
    return code, w.text(), took, seen


@pytest.mark.alone          # ends "at once" (10 s): not beside another worker's test
def test_ctrl_c_ends_a_long_arena_at_once():
    # euchre arena --matches 100000 --jobs 8 --team-a random --team-b random, then
    # Ctrl-C: it kept running; and the message said "interrupted after 0" matches
    # whenever the progress bar was not shown. The signal goes once the bar has counted
    # a match (it slept 3 s first, and tried again later, on a loaded machine).
    code, text, took, seen = _interrupt_arena(2, signal.SIGINT, group=True)
    assert code == 130 and "Traceback" not in text, text[-2000:]
    assert took < 10, took
    done = re.search(r"interrupted after ([\d,]+) of 100,000 matches", text)
    assert done, text
    assert int(done.group(1).replace(",", "")) >= seen > 0, (seen, text[-2000:])


def test_more_jobs_than_cores_are_capped_with_a_message():
    # --jobs 64 on two cores was accepted, at 150 MB a worker
    cores = len(os.sched_getaffinity(0))
    r = CliRunner().invoke(cli, ["arena", "--jobs", "64", "--matches", "2", "--team-a",
                                 "random", "--team-b", "random"])
    assert r.exit_code == 0, r.output
    assert f"--jobs 64 is more than the {cores} cores here: using {cores}" in r.stderr
    assert usable_jobs(cores) == (cores, None)
    assert usable_jobs(cores + 1)[0] == cores


@pytest.mark.parametrize("spec", ["pimc:worlds=99999999", "pimc:candidates=1000000"])
def test_pimc_worlds_are_capped_with_a_message(spec):
    # --team-a pimc:worlds=99999999 was accepted and grew without bound
    with pytest.raises(PlayerSpecError, match="is more than"):
        make_player(spec)
    r = CliRunner().invoke(cli, ["arena", "--team-a", spec, "--matches", "2"])
    assert r.exit_code == 2 and "is more than" in r.output, r.output
    assert make_player("pimc:worlds=1000").config.worlds == 1000


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGQUIT], ids=["SIGTERM", "SIGQUIT"])
def test_a_stop_signal_during_the_matches_exits_with_its_own_code(sig):
    # tests/test_cli_fuzz.py under two xdist workers: SIGQUIT landed while the arena
    # played its matches, and it said "interrupted" with exit 130 (Ctrl-C's), not 131
    code, text, _, _ = _interrupt_arena(1, sig, group=False)   # once it has played
    assert "interrupted after" in text and "Traceback" not in text, text[-2000:]
    assert code == 128 + sig, (code, text[-2000:])
