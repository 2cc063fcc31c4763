#!/usr/bin/env bash
# The CPU goals table (BENCHMARKS.md, `pairkit bench --goals`) from one run on one machine: the
# validation bench and the native peers bench first, then the Python-side measurements, which read
# their outputs. Here (cargo builds the benches):
#
#   bash scripts/cpu_goals.sh            # or: make bench-goals
#
# On the device tool's idle host (no cargo there), carrying the native module and the two bench
# binaries built here (docs/cpu-runs/README.md says how they are packed):
#
#   VALIDATION_BIN=... PEERS_BIN=... MCL_LIB=... bash scripts/cpu_goals.sh
#
# $OUT then holds cpu.txt (lscpu, load), validation.txt (the `validation-summary` lines),
# criterion/ (the peers bench's estimates), peers.txt, goals.json and BENCHMARKS.md (the goals
# section replaced, the rest kept).
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/pairkit-goals-out}
PY=${PY:-python3}
mkdir -p "$OUT/criterion"
OUT=$(cd "$OUT" && pwd)  # absolute: the peers bench runs from crates/pairkit-peers
export PYTHONPATH="$PWD/python${PYTHONPATH:+:$PYTHONPATH}"
{ date -u; lscpu; uptime; } > "$OUT/cpu.txt" 2>&1

# 1. validation with / without (crates/pairkit-core/benches/validation.rs; a filter matching no
# criterion benchmark leaves only its summary lines)
if [ -n "${VALIDATION_BIN:-}" ]; then
  timeout "${VALIDATION_TIMEOUT:-300}" "$VALIDATION_BIN" --bench summary-only > "$OUT/validation.txt" 2>&1
else
  timeout "${VALIDATION_TIMEOUT:-1800}" cargo bench -q -p pairkit-core --bench validation -- summary-only \
    > "$OUT/validation.txt" 2>&1
fi
echo "validation rc=$?"

# 2. pairkit, blst, arkworks and mcl natively, one criterion binary (crates/pairkit-peers)
PEERS_ARGS=(--warm-up-time "${PEERS_WARMUP:-2}" --measurement-time "${PEERS_TIME:-5}")
if [ -n "${PEERS_BIN:-}" ]; then
  CRITERION_HOME="$OUT/criterion" PAIRKIT_MCL_LIB="${MCL_LIB:-${PAIRKIT_MCL_LIB:-}}" \
    timeout "${PEERS_TIMEOUT:-300}" "$PEERS_BIN" --bench "${PEERS_ARGS[@]}" > "$OUT/peers.txt" 2>&1
else
  make -s mcl-lib > "$OUT/peers.txt" 2>&1  # herumi/mcl's C API from the sha256-pinned pymcl wheel
  (cd crates/pairkit-peers && CRITERION_HOME="$OUT/criterion" \
    PAIRKIT_MCL_LIB="$PWD/target/mcl/pymcl/_pymcl.cpython-311-x86_64-linux-gnu.so" \
    timeout "${PEERS_TIMEOUT:-3600}" cargo bench -q --locked --bench peers -- "${PEERS_ARGS[@]}") >> "$OUT/peers.txt" 2>&1
fi
echo "peers rc=$?"

# 3. the rest in this process, then the table (BENCHMARKS.md's goals section only)
timeout "${GOALS_TIMEOUT:-600}" "$PY" -m pairkit bench --goals --validation "$OUT/validation.txt" \
  --peers-criterion "$OUT/criterion" --markdown BENCHMARKS.md --json > "$OUT/goals.json" 2> "$OUT/goals.err"
rc=$?
cp BENCHMARKS.md "$OUT/BENCHMARKS.md"
echo "goals rc=$rc; results in $OUT"
tail -5 "$OUT/goals.err"
exit $rc
