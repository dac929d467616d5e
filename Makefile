# Euchre 64. Every target bootstraps .venv by itself: a fresh machine needs only
# Python 3.11 and make.
#   make        build build/euchre.prg (+ .map .lst .vs .d64)
#   make play   play Euchre in the shell (ARGS='--seed 5' passes options to euchre play)
#   make test   run every test (what CI runs)

PYTHON ?= python3
VENV   := .venv
VPY    := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp

ASM_SOURCES := $(wildcard asm/*.oph c64/*.oph c64/*.txt)
PRG := build/euchre.prg

.PHONY: all build play test lint exhaustive bench shots strength clean distclean vice-setup mutants

all: build

$(STAMP): pyproject.toml setup.py tools/machine/fast6502.c pyengine/players/_solver.c
	$(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install --quiet --disable-pip-version-check -e '.[test]'
	touch $(STAMP)

build: $(PRG)

$(PRG): $(ASM_SOURCES) tools/program/build.py tools/program/charset.py $(STAMP)
	$(VPY) -m tools.program.build

play: $(STAMP)
	$(VENV)/bin/euchre play $(ARGS)

lint: $(STAMP)
	$(VPY) -m ruff check pyengine tools tests
	$(VPY) -m mypy

# make test: each step says what it runs and, when it ends, its wall time; pytest runs on
# WORKERS processes (pytest-xdist; one per CPU nproc shows: xdist's own "auto" counts
# physical cores, one on a 2-vCPU machine that shares a core; WORKERS=1 runs one) and
# lists its 25 slowest tests. --dist loadfile: a module's tests share module-scoped
# fixtures and caches (the cross-check plan, real VICE's games), so one worker runs them
# all. About 15 minutes from a clean clone on a free 2-core machine (docs/harness.md,
# "CI"); the load printed at the start and the end explains a slower run.
WORKERS ?= $(shell nproc 2>/dev/null || echo 2)
PYTEST_CI := $(VPY) -m pytest -q -n $(WORKERS) --dist loadfile --durations=25
T0 := $(shell date +%s)
# $(call timed,STEP,COMMAND): print the step, run it, print its wall time (and its failure)
timed = @printf '\n== %s: %s\n' '$(1)' '$(2)'; t0=$$(date +%s); $(2); rc=$$?; \
	printf '== %s: %d s%s\n' '$(1)' $$(( $$(date +%s) - t0 )) "$$([ $$rc = 0 ] || echo ", failed ($$rc)")"; \
	exit $$rc

test:
	@echo "== make test: build, lint (ruff, mypy), VICE setup, pytest on $(WORKERS) workers;" \
	      "about 15 min from a clean clone on a free 2-core machine (docs/harness.md); $$(uptime | sed 's/.*load/load/')"
	$(call timed,build,$(MAKE) --no-print-directory build)
	$(call timed,lint,$(MAKE) --no-print-directory lint)
	$(call timed,vice setup,$(MAKE) --no-print-directory vice-setup)
	$(call timed,pytest,$(PYTEST_CI))
	@echo "== make test: passed in $$(( $$(date +%s) - $(T0) )) s; $$(uptime | sed 's/.*load/load/')"

# Real VICE x64sc for tests/test_vice*.py: Debian's chromium + pinned npm packages (../shared/vice
# beside the project; VICE_DIR elsewhere, as tools/vice/run.py reads it)
VICE_DIR ?= ../shared/vice
vice-setup:
	bash $(VICE_DIR)/setup.sh

# Whole input spaces that take too long for CI (see docs/harness.md).
exhaustive: build
	$(VPY) -m pytest -q -m slow

# Mutation testing (docs/mutants.md): MUTANTS="--folder asm --sample 300 --seed 15" etc.
MUTANTS ?= --sample 300 --seed 15 --out build/mutants.json
mutants: build
	nice -n 10 $(VPY) -m tools.mutation.run $(MUTANTS)

bench: build
	$(VENV)/bin/euchre bench

# Measure playing strength: every matchup of issue 16 (random, ref, pimc at 16/40/48/100
# worlds, OpenSpiel's IS-MCTS at 2,000 simulations), the audit and the chart, and
# rewrite docs/strength.md's measured section with the CPU each part took (about
# 3 hours of CPU, docs/strength.md "Rerun it"). The IS-MCTS parts are played when
# open_spiel is installed (the test extra has it) and skipped with a note otherwise;
# ISMCTS=1 requires them, ISMCTS=0 skips them. JOBS=N sets the processes (default 2);
# SCHEDULER=tcp://host:8786 plays the matches on a Dask cluster instead (docs/strength.md).
strength: $(STAMP)
	$(VPY) -m pyengine.measure.strength strength$(if $(filter 1,$(ISMCTS)), --ismcts)$(if $(filter 0,$(ISMCTS)), --no-ismcts)$(if $(JOBS), --jobs $(JOBS))$(if $(SCHEDULER), --scheduler $(SCHEDULER))

# Refresh the screenshots in docs/ that the README shows (title, bidding, a
# trick, game over, and an animated GIF of a hand), and the shell's full-screen table.
shots: build
	$(VPY) -m tools.frontend.shots
	$(VPY) -m pyengine.play.table_shot --screenshot docs/table.svg

clean:
	rm -rf build

distclean: clean
	rm -rf $(VENV)
