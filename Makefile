# pirc: `make demo` runs the whole pipeline on the bundled samples, `make test` runs the tests.
# Both create .venv and install what they need first, so on a fresh machine they are all the set-up:
# `make demo` installs pirc and NVRTC only, `make test` adds the test tools.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
DEMO_STAMP := $(VENV)/.demo-stamp
TEST_STAMP := $(VENV)/.test-stamp
OUT    ?= out

.PHONY: all setup demo test bench clean corpus docs help

all: test

help:
	@echo "make setup   create .venv and install pirc (editable) with its test tools"
	@echo "make demo    run the pipeline on samples/ (set-up included: pirc and NVRTC, no test tools)"
	@echo "make test    run the test suite (set-up included)"
	@echo "make bench   run every benchmark in bench/ and print one summary table"
	@echo "make corpus  regenerate tests/corpus with PaddlePaddle (needs paddlepaddle==3.3.1)"
	@echo "make docs    write every command's --help into docs/commands.md"
	@echo "make clean   remove out/ and the files README.md's examples write"

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

# what the demo runs: pirc and NVRTC for the samples' .cu files (no test tools: no JAX, Ray, SciPy)
$(DEMO_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[cuda]'
	@touch $@

# the test suite's tools on top (pytest, xdist, filecheck, hypothesis, build, Ray, JAX)
$(TEST_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[test,cuda]'
	@touch $@

setup: $(TEST_STAMP)

demo: $(DEMO_STAMP)
	$(MAKE) -C samples PIRC_BIN=$(abspath $(BIN)) OUT=$(abspath $(OUT))

# one pytest worker per core (pytest-xdist); a test file stays on one worker (its fixtures, a Ray head)
TEST_JOBS ?= auto

test: $(TEST_STAMP)
	$(BIN)/python -m pytest -n $(TEST_JOBS) --dist loadfile

bench: $(TEST_STAMP)
	$(BIN)/python bench/all.py

# every command's --help as one page (tests/cli/test_helpdoc.py keeps it current)
docs: $(DEMO_STAMP)
	$(BIN)/python -m pirc.cli.helpdoc docs/commands.md
	$(BIN)/python tests/test_layers.py docs/layers.md

corpus:
	$(PYTHON) tests/corpus/generate.py
	$(PYTHON) tests/corpus/generate_alias.py

# what README.md's examples write in the repository root (also in .gitignore; tests/cli/test_readme.py checks both)
README_OUTPUTS := dump fused.pir groups.dot host.pir k.ast k.c k.cu k.cuda.ast k.so k2.c lenet.pir mlp.fused.pir mlp.opt.pir out.npz prog.params.npz prog.pir prog.pkg steps.log x.npy

clean:
	rm -rf $(OUT) .pytest_cache $(README_OUTPUTS)
