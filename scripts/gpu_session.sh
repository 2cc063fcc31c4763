#!/usr/bin/env bash
# One command for a GPU session (docs/GPU.md) on this workplace's device machine (`run` of the device
# tool: H100/H200, no network, Python 3.12 with CuPy (cupy-cuda13x), numpy, typer, rich, pytest and
# hypothesis already installed -- see the device tool's KINDS.md). It needs the native module
# built here and carried: run it as
#
#   device run --carry python/pairkit/_native.abi3.so --command 'bash scripts/gpu_session.sh'
#
# and fetch $OUT: versions.txt, variants.json (scripts/gpu_variants.py: every comb variant and block
# size, checked equal to the CPU engine), bench-<set>.json (`pairkit bench --engine gpu`'s report per
# set, with the fastest variant) and gpu-tests.txt (the GPU tests, the device ones included). Everything is also printed.
# PART=prime runs only the prime sets (bn254, bls12-381; issue 40): scripts/gpu_prime_bench.py
# (bench-prime-<set>.json, prime-bench.log; PRIME_BATCH pairs per set; PRIME_FP_MUL=call,inline to
# measure both F_p product variants, each a compile of a minute or more) and their tests; PART=binary
# only the binary sets; the default both. PART=issue40 measures everything issue 40 asks, in this order:
# ss2-1223's comb variants and its bench (bench-ss2-1223.json; ISSUE40_1223 = BATCH:variants), bn254 and
# bls12-381 fused pairings and multi_pair at PRIME_BATCH pairs (bench-prime-<set>.json), min-pk BLS batch
# verification of BLS_BATCH messages on both engines (bench-bls.json), renders BENCHMARKS.md's GPU
# section from them and the kept run's ss2-283 / ss2-239 rows (`pairkit bench --engine gpu --from
# $KEPT_RUN --from $OUT` into $OUT/BENCHMARKS.md, a copy of the checkout's), then the prime device
# tests. The exact command: docs/GPU.md.
# On a machine with network, `pip install -e '.[gpu,test]'` then the same commands do the same.
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/pairkit-gpu-out}
PY=${PY:-python3}
BATCH=${BATCH:-262144}
PRIME_BATCH=${PRIME_BATCH:-32768}
PART=${PART:-all}
BLS_BATCH=${BLS_BATCH:-100000}
mkdir -p "$OUT"
export PYTHONPATH="$PWD/python${PYTHONPATH:+:$PYTHONPATH}"

{
  date -u
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv 2>&1
  "$PY" -c 'import sys, numpy, cupy; print(sys.version); print("numpy", numpy.__version__, "cupy", cupy.__version__,
"devices", cupy.cuda.runtime.getDeviceCount(), "runtime", cupy.cuda.runtime.runtimeGetVersion())' 2>&1
  "$PY" -c 'import pairkit._native as n; print("native module ok:", len(n.sets()), "sets")' 2>&1
} | tee "$OUT/versions.txt"

# 1. The comb variants side by side (kernels/gf2m.cuh, "Memory"), each checked equal to the CPU
# engine, then `pairkit bench --engine gpu`'s report per set with the fastest (bench-<set>.json).
bench_rc=0
BIN_TESTS="tests/test_gpu_kernels.py tests/test_gpu_validate.py tests/test_gpu_engine.py \
  tests/test_gpu_engine_fake_device.py tests/test_gpu_nvrtc.py tests/test_cli_gpu.py"
PRIME_TESTS="tests/test_gpu_engine_prime.py tests/test_gpu_kernels_prime.py tests/test_gpu_engine_prime_fake_device.py \
  tests/test_gpu_validate_prime.py"
if [ "${BENCH:-1}" = 0 ]; then  # tests only (a second device call: CuPy's kernel cache keeps the modules)
  PART="skip-bench-$PART"
fi
if [ "$PART" = issue40 ] && [ "${ISSUE40_1223:-}" != none ]; then
  # ss2-1223 only (ISSUE40_1223=none skips it, e.g. in a rerun of the prime part) (issue 40, item 3): its comb variants, each checked equal to the CPU engine, and the bench
  # of the fastest (gpu_variants.py --bench runs 1/8 of --bench-batch for ss2-1223)
  timeout "${ISSUE40_1223_TIMEOUT:-150}" "$PY" scripts/gpu_variants.py --set "ss2-1223:${ISSUE40_1223:-16384:shared-unrolled,shared}" \
    --blocks 64 --repeats 2 --out "$OUT/variants-1223.json" --bench "$OUT" --bench-batch "${BATCH}" 2>&1 \
    | tee "$OUT/variants-1223.log" || bench_rc=1
  ls "$OUT"/bench-ss2-1223.json >/dev/null 2>&1 || bench_rc=1
elif [ "$PART" != prime ] && [ "$PART" != issue40 ] && [ "${PART#skip-bench-}" = "$PART" ]; then
  timeout "${VARIANTS_TIMEOUT:-330}" "$PY" scripts/gpu_variants.py --set ss2-283:131072 --set ss2-239:131072 \
    --set ss2-1223:4096:local,shared --blocks 32,64,128,256 --repeats 2 --out "$OUT/variants.json" \
    --bench "$OUT" --bench-batch "${BATCH}" 2>&1 | tee "$OUT/variants.log" || bench_rc=1
  # (The GPU section of BENCHMARKS.md is regenerated from these reports where they are kept:
  #  python scripts/gpu_bench_md.py docs/gpu-runs/<date>-<device>/bench-*.json --markdown BENCHMARKS.md)
  ls "$OUT"/bench-ss2-*.json >/dev/null 2>&1 || bench_rc=1
fi
# 1b. The prime sets (kernels/batch_prime.cu): compile time, Miller / final exp / fused rates per block
# size, registers, end to end, host validation, the CPU engine, equality on the whole batch.
if [ "$PART" != binary ] && [ "${PART#skip-bench-}" = "$PART" ]; then
  timeout "${PRIME_TIMEOUT:-300}" "$PY" scripts/gpu_prime_bench.py --set "bn254:$PRIME_BATCH" \
    --set "bls12-381:$PRIME_BATCH" --fp-mul "${PRIME_FP_MUL:-call}" --repeats 2 --out "$OUT" \
    $([ "$PART" = issue40 ] && echo "--bls $BLS_BATCH") 2>&1 | tee "$OUT/prime-bench.log"
  [ "${PIPESTATUS[0]}" = 0 ] || bench_rc=1
fi
if [ "$PART" = issue40 ]; then  # BENCHMARKS.md with its GPU section from the kept reports and the ones above
  cp BENCHMARKS.md "$OUT/BENCHMARKS.md"
  "$PY" -m pairkit bench --engine gpu --from "${KEPT_RUN:-docs/gpu-runs/2026-11-26-h100}" --from "$OUT" \
    --markdown "$OUT/BENCHMARKS.md" 2>&1 | tee "$OUT/render.log"
  [ "${PIPESTATUS[0]}" = 0 ] || bench_rc=1
fi
case "${PART#skip-bench-}" in
  prime) DEFAULT_TESTS="$PRIME_TESTS" ;;
  issue40) DEFAULT_TESTS="tests/test_gpu_engine_prime.py" ;;
  binary) DEFAULT_TESTS="$BIN_TESTS" ;;
  *) DEFAULT_TESTS="$BIN_TESTS $PRIME_TESTS" ;;
esac

# 2. The GPU tests: on a device none of them may skip except the NVRTC-wheel ones (the CUDA 12.9
# NVRTC pinned for CI is not on the device; CuPy compiles the kernels with the device's own).
# TESTS narrows them to the device tests when device time is short (CI runs the host-executed ones).
# TESTS=none skips them (a first device call that only measures; BENCH=0 in a second runs them).
tests_rc=0
if [ "${TESTS:-}" != none ]; then
  timeout "${TESTS_TIMEOUT:-400}" "$PY" -m pytest -q -rs -p no:cacheprovider ${TESTS:-$DEFAULT_TESTS} 2>&1 \
    | tee "$OUT/gpu-tests.txt"
  tests_rc=${PIPESTATUS[0]}
fi
echo "gpu tests rc=$tests_rc, bench rc=$bench_rc; results in $OUT"
exit $(( tests_rc != 0 || bench_rc != 0 ))
