"""Issue 44: the front-end judge's three holes, each closed by a check that fails a mutant.

"Of six non-equivalent mutants sampled from c64/options.oph, bid6_fe.oph, jokerask.oph
and threeseats.oph, the project's own judge caught three. The three it missed, each a
real hole: Bid Euchre's "ALL PASSED: THE DEALER MUST BID" message can be garbage ...; a
saved 32-card setting can be thrown away at start-up after RUN/STOP + RESTORE and RUN
...; after a Bid Euchre score, the status row can show the contract instead of the bids."

Each mutant is made by tools/mutation (one instruction changed, found by its site, so a
rebuild that moves the code keeps the test), and the judge's part that must catch it
(tools/frontend/judge.py bid6_game, tools/frontend/settings_checks.py) is run alone:
the whole judge runs on the real build in tests/test_frontend_check.py. Before issue 44
the judge passed all of them.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from tools.frontend.judge import bid6_game
from tools.frontend.settings_checks import settings_kept
from tools.frontend.verdict import Verdict
from tools.machine.faults import HarnessError
from tools.mutation.mutants import all_mutants, select, write_mutant

PRG = Path(os.environ.get("EUCHRE_PRG", "build/euchre.prg"))

HOLES: list[tuple[str, Callable[[Path], None], str]] = [
    # South the stuck dealer: the message's text one byte on ("LL PASSED: ...") ...
    ("b6_why_not+2:imm+1", bid6_game, "was not refused with 'ALL PASSED: THE DEALER MUST BID'"),
    # ... or from another page: garbage, written over the program
    ("b6_why_not+3:imm+1", bid6_game, "write into the program's code"),
    # the 32-card deck told from power-on RAM as if it were out of range
    ("settings_valid/_field+11:imm+1", settings_kept, "did not keep STD T100"),
    # after the score, row 1 left on the contract
    ("bid6_on_score/_sound+12:imm+1", bid6_game, "row 1 'BID "),
]


@pytest.fixture(scope="module")
def mutants():
    return {m.key: m for m in select(all_mutants(PRG), [key for key, _, _ in HOLES])}


@pytest.mark.parametrize(("key", "check", "reason"), HOLES, ids=[k for k, _, _ in HOLES])
def test_the_judge_catches_the_mutant_it_missed(tmp_path, mutants, key, check, reason):
    prg = write_mutant(PRG, mutants[key], tmp_path / "mutant.prg")
    with pytest.raises((Verdict, HarnessError), match=re.escape(reason)):
        check(prg)


@pytest.mark.parametrize("check", [bid6_game, settings_kept])
def test_the_real_build_passes_the_new_checks(check):
    check(PRG)
