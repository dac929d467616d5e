# Euchre 64. Every target bootstraps .venv by itself: a fresh machine needs only
# Python 3.11 and make.
#   make        build build/euchre.prg (+ .map .lst .vs .d64)
#   make play   play Euchre in the shell
#   make test   run every test (what CI runs)

PYTHON ?= python3
VENV   := .venv
VPY    := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp

ASM_SOURCES := $(wildcard asm/*.oph c64/*.oph c64/*.txt)
PRG := build/euchre.prg

.PHONY: all build play test lint exhaustive bench shots strength clean distclean vice-setup mutants

all: build

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install --quiet --disable-pip-version-check -e '.[test]'
	touch $(STAMP)

build: $(PRG)

$(PRG): $(ASM_SOURCES) tools/build.py tools/charset.py $(STAMP)
	$(VPY) -m tools.build

play: $(STAMP)
	$(VENV)/bin/euchre play

lint: $(STAMP)
	$(VPY) -m ruff check pyengine tools tests

test: build lint vice-setup
	$(VPY) -m pytest -q

# Real VICE x64sc for tests/test_vice.py: Debian's chromium + pinned npm packages (../shared/vice)
vice-setup:
	bash ../shared/vice/setup.sh

# Whole input spaces that take too long for CI (see docs/harness.md).
exhaustive: build
	$(VPY) -m pytest -q -m slow

# Mutation testing (docs/mutants.md): MUTANTS="--folder asm --sample 300 --seed 15" etc.
MUTANTS ?= --sample 300 --seed 15 --out build/mutants.json
mutants: build
	nice -n 10 $(VPY) -m tools.mutants $(MUTANTS)

bench: build
	$(VENV)/bin/euchre bench

# Measure playing strength (ref, pimc, random in duplicate matches) and rewrite
# docs/strength.md's results section; about an hour of one core.
strength: $(STAMP)
	$(VPY) -m pyengine.measure.strength

# Refresh the screenshots in docs/ that the README shows (title, bidding, a
# trick, game over, and an animated GIF of a hand).
shots: build
	$(VPY) -m tools.shots

clean:
	rm -rf build

distclean: clean
	rm -rf $(VENV)
