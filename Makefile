# pairkit: the two set-up commands are `make demo` and `make test` (see README.md).
SHELL := /bin/bash
VENV  ?= .venv
PY    := $(VENV)/bin/python
export VIRTUAL_ENV := $(abspath $(VENV))
export PATH := $(abspath $(VENV))/bin:$(PATH)
CARGO_JOBS ?= 2
# Cargo profile of the Rust tests and clippy: `ci` (Cargo.toml) is release at opt-level 1, without LTO, with
# 16 codegen units, fast to build; the shipped module (`make build`) and `cargo bench` keep `release`.
CARGO_TEST_PROFILE ?= ci

.PHONY: demo test test-fast build native venv venv-demo tools pnr-tools ctgrind peers lint fmt fmt-check ruff mypy stubtest clippy rust-test py-test bench bench-rust hw-report hw-core-all params vectors asm clean fuzz interop-vectors bench-peers-native mcl-lib mcl-interop

demo: native  ## install the demo's extras only, build, then pair and check every parameter set (README: measured cost)
	@echo "== 3/3 pairkit demo: one random pairing per parameter set, checked against the spec, PARI/GP or py_ecc and bilinearity (about a minute)"
	$(VENV)/bin/pairkit list
	$(VENV)/bin/pairkit demo

test: build lint stubtest rust-test ctgrind py-test  ## every test (Rust lints and tests, then Python); no GPU needed

# the pinned versions: pyproject.toml's extras (scripts/pins.py prints them; tests/test_pins.py). `make demo`
# installs DEMO_EXTRAS only (maturin, the run-time dependencies, the oracles); `make venv` (make test) all of
# DEV_EXTRAS. pip prints one line per package it fetches (no -q), cargo one per crate it compiles.
DEMO_EXTRAS := build oracle
DEV_EXTRAS := $(DEMO_EXTRAS) dev test dse hw ray

$(VENV)/.stamp-demo: pyproject.toml scripts/pins.py
	@command -v cargo >/dev/null || { echo "cargo (Rust stable) is required: https://rustup.rs"; exit 1; }
	@python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' || { echo "Python >= 3.11 is required (the pinned numpy, ray and cypari2 wheels need it): python3 is $$(python3 -V 2>&1)"; exit 1; }
	@echo "== 1/3 the venv $(VENV) and the demo's pinned packages (extras: $(DEMO_EXTRAS))"
	python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	python3 scripts/pins.py $(DEMO_EXTRAS) > $(VENV)/requirements-demo.txt
	$(PY) -m pip install --progress-bar off --only-binary cypari2 -r $(VENV)/requirements-demo.txt
	touch $@

$(VENV)/.stamp: $(VENV)/.stamp-demo
	python3 scripts/pins.py $(DEV_EXTRAS) > $(VENV)/requirements.txt
	$(PY) -m pip install -q --only-binary cypari2 -r $(VENV)/requirements.txt
	touch $@

venv-demo: $(VENV)/.stamp-demo

venv: $(VENV)/.stamp

native: venv-demo  ## the Rust core as the native module pairkit._native (release), into the venv
	@echo "== 2/3 the release build of the Rust core (cargo prints each crate; the last, pairkit-core, takes most of the time)"
	CARGO_BUILD_JOBS=$(CARGO_JOBS) $(VENV)/bin/maturin develop --release

build: venv native  ## every pinned package (make venv), then the native module

lint: fmt-check ruff mypy clippy  ## every static gate: rustfmt, ruff (with complexity <= 15), mypy (untyped bodies too), clippy (the first three: .pre-commit-config.yaml)

fmt-check:  ## the Rust sources are exactly as `cargo fmt` (rustfmt's defaults) writes them
	@cargo fmt --version >/dev/null 2>&1 || rustup component add rustfmt
	cargo fmt --all --check

ruff:  ## Python lint and format check (pyproject.toml [tool.ruff]: pyflakes, pycodestyle with E501, bugbear, mccabe <= 15, isort; ruff format)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

fmt:  ## rewrite the Python sources as `ruff format` and ruff's import sorting want them
	$(VENV)/bin/ruff check --select I --fix .
	$(VENV)/bin/ruff format .

mypy:  ## type check of the whole Python package, bodies of unannotated functions too (pyproject.toml [tool.mypy]; the stub _native.pyi included)
	$(PY) -m mypy

stubtest: build  ## python/pairkit/_native.pyi agrees with the built module (mypy.stubtest)
	MYPYPATH=python $(PY) -m mypy.stubtest pairkit._native

clippy:  ## clippy on the Rust crates, warnings as errors
	@cargo clippy --version >/dev/null 2>&1 || rustup component add clippy
	cargo clippy -p pairkit-core -p pairkit-py --all-targets --profile $(CARGO_TEST_PROFILE) -j$(CARGO_JOBS) -- -D warnings

rust-test:
	cargo test -p pairkit-core --profile $(CARGO_TEST_PROFILE) -j$(CARGO_JOBS)

# Verilator (the hardware kit's fast simulator; it builds its models with g++ and make) from Debian:
# the hw tests fail, never skip, without it.
tools:
	@command -v verilator >/dev/null && command -v g++ >/dev/null && command -v make >/dev/null && command -v valgrind >/dev/null || { \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq verilator g++ make valgrind >/dev/null; }

# PNR_SRC: a nextpnr source tree or bare git directory holding the pinned commit (default: a clone);
# PAIRKIT_TOOLS_CACHE: where the binary goes (default ~/.cache/pairkit/pnr); docs/HW.md "Native place and route"
pnr-tools: venv  ## native nextpnr-ecp5 (the pinned commit, the wheel's ECP5 chip databases) into the tools cache; `hw ... report` then uses it
	PAIRKIT_PYTHON=$(abspath $(PY)) scripts/build_pnr_tools.sh $(PNR_SRC)

ctgrind: tools  ## the constant-time functions under Valgrind memcheck, secrets marked undefined (examples/ctgrind.rs)
	CARGO_BUILD_JOBS=$(CARGO_JOBS) scripts/ctgrind.sh ct

py-test: tools  ## the whole Python suite; --durations prints where its time goes
	$(PY) -m pytest -q --durations=25

test-fast:  ## the inner loop (< 3 min): the Rust core's unit tests, then the Python tests not marked slow, against the module `make build` made
	cargo test -p pairkit-core --profile $(CARGO_TEST_PROFILE) -j$(CARGO_JOBS) --lib
	$(PY) -m pytest -q -m "not slow" --durations=10

peers: venv  ## the benchmark-only peer libraries (pyproject extra "peers"; never runtime dependencies)
	$(PY) -m pip install -q --only-binary :all: $$(python3 scripts/pins.py peers)

bench: build peers  ## regenerate BENCHMARKS.md (pairkit beside the papers and the peer libraries)
	$(VENV)/bin/pairkit bench --peers --markdown BENCHMARKS.md

hw-core-all: build tools  ## every named core, paper-size ones included: interpreted, its design built for gen (Amaranth) and the sampled gen through Yosys (CI runs the toys and a sample; about an hour here)
	PAIRKIT_ALL_CORES=1 $(PY) -m pytest -q tests/test_hw_core.py tests/test_hw_core_verilog.py

hw-report: build tools  ## regenerate HARDWARE.md: the seeds' units (simulate, synthesize, place and route) and the pairing cores (long; cached in hw-report-cache/)
	$(VENV)/bin/python -m pairkit.cli proc report --pnr -d 2
	$(VENV)/bin/python -m pairkit.cli proc report --pnr -d 3
	$(VENV)/bin/python -m pairkit.cli proc report --reduction montgomery --array 2
	$(VENV)/bin/python -m pairkit.cli proc report --reduction montgomery --array 2 --own-roms
	$(VENV)/bin/python -m pairkit.cli proc report --reduction montgomery --array 4
	$(VENV)/bin/python -m pairkit.cli hw report
	$(VENV)/bin/python -m pairkit.cli hw core report

FUZZ_EXAMPLES ?= 50000
FUZZ_FILES = tests/test_fuzz.py tests/test_bls.py tests/test_ibe.py tests/test_peks.py
fuzz: build  ## the nightly fuzzing: every fuzz property (pytest -m fuzz in FUZZ_FILES: decoders, verifiers, parsers) at FUZZ_EXAMPLES/1000 times its CI budget (50,000 cases for each of tests/test_fuzz.py)
	PAIRKIT_FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) $(PY) -m pytest -q -m fuzz $(FUZZ_FILES)

bench-rust:  ## criterion micro-benchmarks
	cargo bench -p pairkit-core -j$(CARGO_JOBS)

params: venv  ## the registry of parameter sets from gen/params/*.toml: catalogues (PARI/GP) and registries, Rust and Python
	$(PY) gen/derive_params.py
	$(PY) gen/derive_params3.py
	$(PY) gen/emit_params.py
	$(PY) gen/derive_params_prime.py

asm:  ## regenerate the generated x86-64 assembly of the GF(p) backend (checked by tests/test_generated_asm.py)
	python3 gen/x86_64_gen.py > crates/pairkit-core/src/field/fp/x86_64_asm.rs
	python3 gen/x86_64_fp2_gen.py > crates/pairkit-core/src/field/fp/x86_64_fp2_asm.rs
	python3 gen/x86_64_tower_gen.py > crates/pairkit-core/src/field/fp/x86_64_tower_asm.rs

vectors: build  ## regenerate test-vectors/ from the executable spec
	$(PY) scripts/gen_vectors.py
	$(PY) scripts/gen_vectors_prime.py
	$(PY) scripts/gen_vectors_curve_prime.py
	$(PY) scripts/gen_vectors_pairing_prime.py

# crates/pairkit-peers: a workspace of its own (blst, arkworks, zkcrypto from crates.io, pinned in its
# Cargo.toml and Cargo.lock), never built by `make test`; the tests read the vectors it writes.
interop-vectors:  ## regenerate test-vectors/interop/ from the peer libraries natively (blst, arkworks, zkcrypto)
	cd crates/pairkit-peers && CARGO_BUILD_JOBS=$(CARGO_JOBS) cargo run --release --locked

# herumi/mcl for bn254: the pymcl 1.0.2 wheel (cp311 manylinux2014 x86_64, sha256 pinned) holds mcl
# statically with its C API exported; crates/pairkit-peers/src/mcl.rs loads it without Python.
MCL_WHL_SHA256 := dd0ed8b29e692f198bb00a1bfd199a5c6a09806199deea4b4109d537c3f94a2f
MCL_DIR := crates/pairkit-peers/target/mcl
MCL_LIB := $(MCL_DIR)/pymcl/_pymcl.cpython-311-x86_64-linux-gnu.so

$(MCL_LIB):
	$(PY) -m pip download --no-deps --only-binary=:all: --python-version 3.11 --implementation cp \
		--abi cp311 --platform manylinux2014_x86_64 pymcl==1.0.2 -d $(MCL_DIR)
	echo "$(MCL_WHL_SHA256)  $(MCL_DIR)/pymcl-1.0.2-cp311-cp311-manylinux_2_17_x86_64.manylinux2014_x86_64.whl" | sha256sum -c
	$(PY) -m zipfile -e $(MCL_DIR)/pymcl-1.0.2-cp311-cp311-manylinux_2_17_x86_64.manylinux2014_x86_64.whl $(MCL_DIR)

mcl-lib: $(MCL_LIB)  ## fetch the pymcl 1.0.2 wheel (herumi/mcl's C API) for the native bn254 mcl peer

mcl-interop: $(MCL_LIB)  ## mcl's bn254 pairing against pairkit's default and test-vectors/interop/bn254.json
	cd crates/pairkit-peers && PAIRKIT_MCL_LIB=$(abspath $(MCL_LIB)) PAIRKIT_MCL_REQUIRED=1 \
		CARGO_BUILD_JOBS=$(CARGO_JOBS) cargo test --release --locked --test mcl_interop

bench-peers-native: $(MCL_LIB)  ## pairkit's bn254 / bls12-381 pairing beside blst, arkworks and mcl natively, one criterion run; prints a markdown table
	cd crates/pairkit-peers && PAIRKIT_MCL_LIB=$(abspath $(MCL_LIB)) CARGO_BUILD_JOBS=$(CARGO_JOBS) cargo bench --locked --bench peers
	python3 scripts/peers_table.py

bench-goals: build  ## the CPU goals table in BENCHMARKS.md from one run: the validation and native peers benches, then `pairkit bench --goals`
	OUT=target/goals-out PY=$(PY) bash scripts/cpu_goals.sh

clean:
	rm -rf $(VENV) target crates/pairkit-peers/target
