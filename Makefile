# pirc: `make demo` runs the whole pipeline on the bundled samples, `make test` runs the tests.
# Both create .venv and install what they need first, so on a fresh machine they are all the set-up.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
OUT    ?= out

.PHONY: all setup demo test bench clean corpus help

all: test

help:
	@echo "make setup   create .venv and install pirc (editable) with its test tools"
	@echo "make demo    run the pipeline on samples/ (set-up included)"
	@echo "make test    run the test suite (set-up included)"
	@echo "make bench   run every benchmark in bench/ and print one summary table"
	@echo "make corpus  regenerate tests/corpus with PaddlePaddle (needs paddlepaddle==3.3.1)"
	@echo "make clean   remove out/ and the files README.md's examples write"

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test,cuda]'
	@touch $(STAMP)

setup: $(STAMP)

demo: $(STAMP)
	$(MAKE) -C samples PIRC_BIN=$(abspath $(BIN)) OUT=$(abspath $(OUT))

# one pytest worker per core (pytest-xdist); a test file stays on one worker (its fixtures, a Ray head)
TEST_JOBS ?= auto

test: $(STAMP)
	$(BIN)/python -m pytest -n $(TEST_JOBS) --dist loadfile

bench: $(STAMP)
	$(BIN)/python bench/all.py

corpus:
	$(PYTHON) tests/corpus/generate.py
	$(PYTHON) tests/corpus/generate_alias.py

# what README.md's examples write in the repository root (also in .gitignore; tests/cli/test_readme.py checks both)
README_OUTPUTS := fused.pir groups.dot host.pir k.ast k.c k.cu k.cuda.ast k.so k2.c lenet.pir mlp.fused.pir mlp.opt.pir out.npz prog.params.npz prog.pir prog.pkg steps.log x.npy

clean:
	rm -rf $(OUT) .pytest_cache $(README_OUTPUTS)
