import sys, tempfile
from pathlib import Path
from pyengine.core.rules import BIT93, PRESETS
from tools.gamecore.core import Core
from tools.gamecore.crosscheck import compare_game
from tools.mutation.mutants import all_mutants, select, write_mutant
PRG = Path("build/euchre.prg")
(m,) = select(all_mutants(PRG), ["sample_world/_short+0:swap"])
tmp = Path(tempfile.mkdtemp())
core = Core(write_mutant(PRG, m, tmp / "mutant.prg"))
name = sys.argv[1]; lo, hi = int(sys.argv[2]), int(sys.argv[3])
rules = PRESETS[name]
for seed in range(lo, hi):
    mm, _ = compare_game(core, seed, False, rules, "hard")
    if mm:
        print(name, seed, mm.report()[:200], flush=True)
        break
else:
    print(name, "none in", lo, hi, flush=True)
