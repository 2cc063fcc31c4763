# pairkit: the two set-up commands are `make demo` and `make test` (see README.md).
SHELL := /bin/bash
VENV  ?= .venv
PY    := $(VENV)/bin/python
export VIRTUAL_ENV := $(abspath $(VENV))
export PATH := $(abspath $(VENV))/bin:$(PATH)
CARGO_JOBS ?= 2

.PHONY: demo test build venv rust-test py-test bench bench-rust params vectors clean

demo: build  ## install, build, then pair and check every parameter set
	$(VENV)/bin/pairkit list
	$(VENV)/bin/pairkit demo

test: build rust-test py-test  ## every test (Rust, then Python); no GPU needed

$(VENV)/.stamp: requirements-dev.txt
	@command -v cargo >/dev/null || { echo "cargo (Rust stable) is required: https://rustup.rs"; exit 1; }
	python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q --only-binary cypari2 -r requirements-dev.txt
	touch $@

venv: $(VENV)/.stamp

build: venv  ## the Rust core as the native module pairkit._native (release)
	CARGO_BUILD_JOBS=$(CARGO_JOBS) $(VENV)/bin/maturin develop --release -q

rust-test:
	cargo test -p pairkit-core --release -j$(CARGO_JOBS)

py-test:
	$(PY) -m pytest -q

bench: build  ## regenerate BENCHMARKS.md
	$(VENV)/bin/pairkit bench --markdown BENCHMARKS.md

bench-rust:  ## criterion micro-benchmarks
	cargo bench -p pairkit-core -j$(CARGO_JOBS)

params: venv  ## regenerate the parameter catalogues with PARI/GP
	$(PY) scripts/derive_params.py
	$(PY) scripts/derive_params3.py

vectors: build  ## regenerate test-vectors/ from the executable spec
	$(PY) scripts/gen_vectors.py

clean:
	rm -rf $(VENV) target
