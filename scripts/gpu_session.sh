#!/usr/bin/env bash
# One command for a GPU session (issue 7) on this workplace's device machine (`run` of the device
# tool: H100/H200, no network, Python 3.12 with CuPy (cupy-cuda13x), numpy, typer, rich, pytest and
# hypothesis already installed -- see /work/.library/device/KINDS.md). It needs the native module
# built here and carried: run it as
#
#   device run --carry python/pairkit/_native.abi3.so --command 'bash scripts/gpu_session.sh'
#
# and fetch $OUT: versions.txt, gpu-tests.txt (every GPU test, the device ones included),
# bench-<set>.json (one `pairkit bench --engine gpu --json` per set), sweep.json and BENCHMARKS.md
# (this repository's, with its GPU section regenerated from those reports). Everything is also printed.
# On a machine with network, `pip install -e '.[gpu,test]'` then the same commands do the same.
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/pairkit-gpu-out}
PY=${PY:-python3}
BATCH=${BATCH:-1048576}
mkdir -p "$OUT"
export PYTHONPATH="$PWD/python${PYTHONPATH:+:$PYTHONPATH}"

{
  date -u
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv 2>&1
  "$PY" -c 'import sys, numpy, cupy; print(sys.version); print("numpy", numpy.__version__, "cupy", cupy.__version__,
"devices", cupy.cuda.runtime.getDeviceCount(), "runtime", cupy.cuda.runtime.runtimeGetVersion())' 2>&1
  "$PY" -c 'import pairkit._native as n; print("native module ok:", len(n.sets()), "sets")' 2>&1
} | tee "$OUT/versions.txt"

# The GPU tests: on a device none of them may skip except the NVRTC-wheel ones (the CUDA 12.9
# NVRTC pinned for CI is not on the device; CuPy compiles the kernels with the device's own).
"$PY" -m pytest -q -rs -p no:cacheprovider tests/test_gpu_kernels.py tests/test_gpu_validate.py \
  tests/test_gpu_engine.py tests/test_gpu_engine_fake_device.py tests/test_gpu_nvrtc.py \
  tests/test_cli_gpu.py 2>&1 | tee "$OUT/gpu-tests.txt"
tests_rc=${PIPESTATUS[0]}

# One report per set (a 2^20 batch of every set in one process outran the device tool's 10-minute
# limit on 2026-11-25: ss2-1223 runs ~1,300 pairings/s), then merged into the GPU section of this
# (device-side copy of the) repository's BENCHMARKS.md; copy $OUT's bench-*.json into
# docs/gpu-runs/<date>-<device>/ and rerun scripts/gpu_bench_md.py here to regenerate it.
bench_rc=0
for sb in ${SETS:-ss2-283:$BATCH ss2-239:262144 ss2-1223:131072}; do
  s=${sb%%:*}; b=${sb#*:}
  timeout "${SET_TIMEOUT:-240}" "$PY" -m pairkit.cli bench --engine gpu --set "$s" --batch "$b" --json \
    > "$OUT/bench-$s.json" 2>> "$OUT/errors.txt" || bench_rc=1
  cat "$OUT/bench-$s.json"
done
"$PY" scripts/gpu_bench_md.py "$OUT"/bench-*.json --markdown BENCHMARKS.md || bench_rc=1
cp BENCHMARKS.md "$OUT/BENCHMARKS.md"
# The block-size sweep and each kernel's registers and local memory (docs/GPU.md, "Measured").
timeout 200 "$PY" scripts/gpu_sweep.py --set ss2-283:262144 --set ss2-239:262144 --set ss2-1223:8192 \
  --blocks 32,64,128,256 --repeats 1 > "$OUT/sweep.json" 2>> "$OUT/errors.txt"; cat "$OUT/errors.txt"
echo "gpu tests rc=$tests_rc, bench rc=$bench_rc; results in $OUT"
exit $(( tests_rc != 0 || bench_rc != 0 ))
