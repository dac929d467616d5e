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
the judge passed all of them; the later ones are the holes of this round's fresh sample
of the variant files' mutants (docs/mutants.md).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from tools.frontend.judge import (
    bid6_game,
    bid6_stop,
    levels_round,
    options_in_budget,
    options_round,
    partners_off,
)
from tools.frontend.prompt_checks import (
    bid_keys_wait,
    joker_suit_keys,
    round1_no_alone,
    two_way_keys,
)
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
    # the survivors of this round's fresh sample (docs/mutants.md), each a hole closed:
    # a key that means nothing at a bid became bid 7
    ("b6_key_answer/_no+1:nop", bid6_game, "a key that means nothing there"),
    # the bid prompt's message from one byte on ("OUR BID: ...")
    ("b6_prompt+3:imm+1", bid6_game, "the message line 'OUR BID"),
    # a store POKEd with preset 4 (checksum resealed) taken at RUN
    ("settings_valid+10:imm+1", settings_kept, "settings_preset = 4 POKEd"),
    # C never named the joker's suit clubs
    ("decide_joker/_key+6:imm-1", joker_suit_keys, "C at the joker's question"),
    # L at the two-way question showed nothing; Y answered 2 (asked again); the old keys
    # line stayed while the keys were not quiet
    ("decide_two_way/_last+0:nop", two_way_keys, "the last trick shown by L"),
    ("decide_two_way/_key+12:imm+1", two_way_keys, "Y at the new-deal question"),
    ("decide_two_way+5:nop", two_way_keys, "the keys line shows while RETURN is still held"),
    # the joker's question without the wait for quiet keys; RUN/STOP ignored there
    ("decide_joker+8:nop", joker_suit_keys, "the keys line shows while RETURN is still held"),
    ("decide_joker/_key+1:imm-1", joker_suit_keys, "RUN/STOP at the joker's question"),
    # the kept rules code never kept: the title's redraw over 2 frames
    ("code_build/_same+0:nop", options_in_budget, "over 2 frames"),
    # the survivors of the second fresh sample (seed 4401), each a hole closed:
    # joystick left (and CRSR left) no longer turned the two-way question's answer
    ("decide_two_way/_input+1:imm+1", two_way_keys, "left at the new-deal question"),
    # the four points' check counted 2 (TOKEN_POINTS), not 4: a code differing from
    # WEB's only in the third or fourth point ("STD P1243") lost its P
    ("code_build/_token+8:nop", settings_kept, "STD P1243"),
    # the survivor of the third fresh sample (seed 4402): PLAYERS 3 turned only the last
    # partner switch (DEFEND ALONE) off, ALONE ALLOWED stayed on
    ("no_partners/_switch+7:nop", partners_off, "ALONE ALLOWED True, want False"),
    # the survivors of the fourth (seed 4403): RUN/STOP ignored at a Bid Euchre bid;
    # OPPONENTS right from EASY or NORMAL went to HARD; its code not redrawn
    ("bid6_decide/_key+1:nop", bid6_stop, "RUN/STOP at a Bid Euchre bid"),
    ("options_screen/_level+3:flip", levels_round, "on OPPONENTS: the line"),
    ("options_screen/_level+12:nop", levels_round, "on OPPONENTS: the line"),
    # STANDARD's values drawn black (fixed) after a change, as a fixed preset's
    ("value_colour+1:nop", settings_kept, "the values are not all white"),
    # the survivor of the fifth (seed 4404): a fixed preset's values light grey, not black
    ("value_colour+0:imm-1", settings_kept, "not black"),
    # the survivor of the sixth (seed 4405): every answer to the new-deal question told
    # as a new deal ("SOUTH ASKS FOR A NEW DEAL" after N)
    ("on_redeal+2:nop", two_way_keys, "N at the new-deal question: the message line"),
    # the survivors of the seventh (seed 4406): the pauses of a kept hand and of a new
    # deal's message were never timed (the judge's redeal games ran at NO WAIT)
    ("on_redeal+8:nop", two_way_keys, "N at the new-deal question: its message stayed"),
    ("on_redeal/_ask+5:imm-1", two_way_keys, "Y at the new-deal question: its message stayed"),
    # a Bid Euchre bid's sound another effect: Bid Euchre's sounds were not judged
    ("on_auction/_bid+6:nop", bid6_game, "want the make effect's"),
    ("on_declare+11:imm+1", bid6_game, "want the make effect's"),
    # the contract keys searched from one past their table: a C= graphics key (which one
    # is the byte past the table, so it moves with the memory layout: $A7, C= + M, until
    # asm/bidmodel.oph came, $B9 since) names a contract, refused with a buzz
    ("b6_key_answer/_contract+0:imm+1", bid6_game, "(a C= graphics key) at the declare"),
    # the survivors of the ninth (seed 4408): Bid Euchre's choices left on row 21 after
    # South's answer (row 22 cleared); OPPONENTS POKEd out of range taken at RUN
    ("bid6_decide/_try+3:imm+1", bid6_game, "want it blank"),
    ("settings_valid+18:addr-1", settings_kept, "settings_level = 3 POKEd"),
    # the survivor of the tenth (seed 4409): an option's step right compared with the
    # row before's highest value (TARGET right from 10 went round to 1)
    ("option_step+12:addr-1", options_round, "right on TARGET from 10"),
    # the '>' moved onto an option row drawn in colour RAM's page byte's colour, not white
    ("draw_opt_cursor/_at+3:nop", settings_kept, "not white"),
    # the survivor of the eleventh (seed 4410): the note row not cleared between presets,
    # STANDARD's shorter note left with WEB's end ("... TODAY.ONS.")
    ("draw_opt_preset+4:nop", settings_kept, "not standard's note"),
    # the survivor of the twelfth (seed 4411): the round-1 refusal offered A ALONE where
    # no loner may be
    # PLAYERS 3 with one switch on counted none: ALONE ALLOWED turned off, its row not redrawn
    ("no_partners+4:imm-1", partners_off, "PLAYERS 4 to 3 under STD:"),
    # the survivor of the thirteenth (seed 4412): a fixed preset's '>' went down into
    # STANDARD's option rows
    ("opt_rows_here+3:nop", levels_round, "CRSR down under BIT 93"),
    # the survivor of the fourteenth (seed 4413): RUN/STOP did nothing on the options
    # screen (the judge left it by RETURN or fire)
    ("options_screen/_wait+19:nop", levels_round, "RUN/STOP on the options screen"),
    ("decide_bid/_wrong_round+6:nop", round1_no_alone, "did not say 'ROUND 1: O ORDER, P PASS'"),
]


@pytest.fixture(scope="module")
def mutants():
    return {m.key: m for m in select(all_mutants(PRG), [key for key, _, _ in HOLES])}


@pytest.mark.parametrize(("key", "check", "reason"), HOLES, ids=[k for k, _, _ in HOLES])
def test_the_judge_catches_the_mutant_it_missed(tmp_path, mutants, key, check, reason):
    prg = write_mutant(PRG, mutants[key], tmp_path / "mutant.prg")
    with pytest.raises((Verdict, HarnessError), match=re.escape(reason)):
        check(prg)


@pytest.mark.parametrize("check", [bid6_game, settings_kept, joker_suit_keys, two_way_keys,
                                   bid_keys_wait, options_in_budget, partners_off,
                                   levels_round, bid6_stop, options_round, round1_no_alone])
def test_the_real_build_passes_the_new_checks(check):
    check(PRG)
