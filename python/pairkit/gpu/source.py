"""The CUDA C++ source of one (set, algorithm) kernel module, assembled from kernels/*.cuh.

The prelude (``PK_M``, ``PK_W``, the tap X-macro, sqrt(x), b, delta, the algorithm) is derived
from the catalogue, so each polynomial's reduction and square root is specialised at compile
time without hand-typed constants. The same text is compiled by NVRTC for the GPU
(:mod:`pairkit.gpu.engine`, :mod:`pairkit.gpu.nvrtc`) and, behind ``kernels/host_shim.h``, by
g++ for the host-executed check (:mod:`pairkit.gpu.host`).
"""

from __future__ import annotations

from pathlib import Path
from typing import cast

from pairkit import sets
from pairkit.errors import GpuUnsupportedError
from pairkit.spec.binary.gf2m import GF2m

# The sets and algorithms the GPU engine compiles (binary fields first): the sets whose
# registry entry has `gpu = n` (gen/params/ss2.toml), in that order. eta-t needs b = 0 (seed 003
# Alg. 1); eta-alg2 (seed 000 Alg. 2) takes b = 0 and b = 1.
GPU_SETS = sets.gpu_sets()
GPU_ALGS = {"eta-t": 1, "eta-alg2": 2}

# Device sources in dependency order; the kernels do not #include each other.
DEVICE_FILES = ("gf2m.cuh", "gf2m_ext.cuh", "curve.cuh", "eta_t.cuh", "eta_alg2.cuh", "layout.cuh", "batch.cu")
ENTRY_POINTS = ("pk_miller", "pk_final_exp", "pk_pair", "pk_validate", "pk_rows_to_words", "pk_words_to_rows")
# The device subgroup tests (kernels/curve.cuh, PK_SUBGROUP), named as in the Rust core's
# engine/binary.rs `SubgroupTest`.
SUBGROUP_TESTS = {"trivial": 0, "frobenius-trace": 1}
WORD_BITS = 32
KERNEL_DIR = Path(__file__).parent / "kernels"
# A square root through a sparse sqrt(x) costs about 1.5 squarings, a dense one a comb
# multiplication (~4 squarings); only the choice of route in pk_sqr_n / pk_sqrt_n depends on it,
# never a result.
SQRT_COST_PCT = {True: 150, False: 400}
SPARSE_SQRT_TERMS = 12
# Variants of the comb product (kernels/gf2m.cuh, "Memory"): where its window table lives and
# whether its word loop is unrolled (the product then indexed by constants, in registers). Every
# variant computes the same bytes (tests/test_gpu_kernels.py runs each host-executed); which is
# fastest is a GPU measurement (scripts/gpu_variants.py, docs/gpu-runs/LOG.md).
COMB_VARIANTS = {"local": (0, 0), "local-unrolled": (0, 1), "shared": (1, 0), "shared-unrolled": (1, 1)}
DEFAULT_COMB = "local"
# The (comb variant, threads per block) the engine uses per (set, algorithm): the fastest variant
# equal to the CPU engine in scripts/gpu_variants.py's sweep on an H200 on 2026-11-26 (docs/gpu-runs/LOG.md,
# "Comb variants"; docs/gpu-runs/2026-11-26-h200/variants.json; ss2-1223 from a second H200 call,
# docs/gpu-runs/2026-11-26-h200-1223/; ss2-239's block 256 from docs/gpu-runs/2026-11-26-h200-blocks/,
# where ss2-283 gained 0.1 % at 256, within the noise, and keeps 64). Pairs not listed use DEFAULT_COMB and
# engine.BLOCK.
TUNED: dict[tuple[str, str], tuple[str, int]] = {
    ("ss2-283", "eta-t"): ("shared-unrolled", 64),
    ("ss2-239", "eta-alg2"): ("shared-unrolled", 256),
    ("ss2-1223", "eta-t"): ("shared-unrolled", 64),
}
# What a launch of a "shared" variant needs per thread: the 16 (W + 1)-word table.
COMB_TABLE_WORDS = 16


def param(set_id: str) -> sets.BinarySet:
    """The catalogue entry of ``set_id``, typed as the binary set it is wherever the gpu engine reads it:
    after `check` (GPU_SETS are binary, gen/params/ss2.toml) or behind a membership test."""
    return cast(sets.BinarySet, sets.get(set_id))


def supported() -> str:
    return ", ".join(f"{s} ({', '.join(a for a in GPU_ALGS if a != 'eta-t' or param(s).b == 0)})" for s in GPU_SETS)


def check(set_id: str, alg: str) -> None:
    """Raise UnknownAlgorithmError unless the GPU engine has kernels for (set_id, alg)."""
    p = param(set_id)
    if set_id not in GPU_SETS or alg not in GPU_ALGS or (alg == "eta-t" and p.b != 0):
        raise GpuUnsupportedError(f"the gpu engine has no kernel for {set_id} / {alg}; supported: {supported()}")
    subgroup_test(set_id)


def subgroup_test(set_id: str) -> str:
    """The order-r subgroup test the device runs for set_id, chosen by the rule of the Rust core
    (crates/pairkit-core/src/engine/binary.rs, `BinaryEngine::new`): "trivial" for cofactor 1,
    "frobenius-trace" for b = 0, cofactor 5, r != 5 and 5 not dividing m; the third test there
    (r P = O by scalar multiplication) has no kernel, so such a set raises GpuUnsupportedError."""
    p = param(set_id)
    if p.cofactor == 1:
        return "trivial"
    if p.b == 0 and p.cofactor == 5 and p.r != 5 and p.m % 5 != 0:
        return "frobenius-trace"
    raise GpuUnsupportedError(
        f"{set_id}: no device subgroup test for cofactor {p.cofactor} (b = {p.b}, m = {p.m}); "
        "the gpu engine has the trivial and the Frobenius-trace tests only"
    )


def words(m: int) -> int:
    return (m + WORD_BITS - 1) // WORD_BITS


def check_comb(comb: str) -> None:
    if comb not in COMB_VARIANTS:
        raise GpuUnsupportedError(f"unknown comb variant {comb!r}; known: {', '.join(COMB_VARIANTS)}")


def shared_bytes_per_thread(set_id: str, comb: str) -> int:
    """Dynamic shared memory a thread of a `comb` kernel needs (0 unless the table is shared)."""
    check_comb(comb)
    return 4 * COMB_TABLE_WORDS * (words(param(set_id).m) + 1) if COMB_VARIANTS[comb][0] else 0


def prelude(set_id: str, alg: str, comb: str = DEFAULT_COMB) -> str:
    """The #defines for one (set, algorithm, comb variant)."""
    check(set_id, alg)
    check_comb(comb)
    p = param(set_id)
    m, taps = p.m, tuple(p.taps)
    if m - max(taps) < WORD_BITS or max(taps) + WORD_BITS >= m:
        raise GpuUnsupportedError(f"{set_id}: the word reduction needs m - max(taps) >= 32")
    sx = GF2m(m, taps).sqrt_x
    terms = [i for i in range(m) if sx >> i & 1]
    sparse = len(terms) <= SPARSE_SQRT_TERMS
    w = words(m)
    lines = [
        f"// generated by pairkit.gpu.source for {set_id} / {alg}: f = {p.poly}; comb {comb}",
        f"#define PK_M {m}",
        f"#define PK_W {w}",
        f"#define PK_B {p.b}",
        f"#define PK_DELTA ({p.delta})",
        f"#define PK_ALG {GPU_ALGS[alg]}",
        f"#define PK_SUBGROUP {SUBGROUP_TESTS[subgroup_test(set_id)]}",
        f"#define PK_SQRT_COST_PCT {SQRT_COST_PCT[sparse]}",
        f"#define PK_COMB_SHARED {COMB_VARIANTS[comb][0]}",
        f"#define PK_COMB_UNROLL {COMB_VARIANTS[comb][1]}",
        "#define PK_FOR_TAPS(X) " + " ".join(f"X({t})" for t in taps),
    ]
    if sparse:  # sqrt(x) = sum x^s: a few shifted xors
        lines.append("#define PK_SQRTX_SHIFTS(X) " + " ".join(f"X({t})" for t in terms))
    else:
        ws = ", ".join(f"0x{(sx >> (WORD_BITS * j)) & 0xFFFFFFFF:08x}u" for j in range(w))
        lines.append(f"#define PK_SQRTX_WORDS {{{ws}}}")
    return "\n".join(lines) + "\n"


def _read(name: str) -> str:
    return (KERNEL_DIR / name).read_text()


def device_source(set_id: str, alg: str, comb: str = DEFAULT_COMB) -> str:
    """What NVRTC compiles: prelude + the device files."""
    return prelude(set_id, alg, comb) + "".join(f"// ---- {f}\n" + _read(f) for f in DEVICE_FILES)


def host_source(set_id: str, alg: str, comb: str = DEFAULT_COMB) -> str:
    """What g++ compiles: the host shim, the very device source, and the host launch loop."""
    return (
        _read("host_shim.h") + device_source(set_id, alg, comb) + "// ---- host_entry.cpp\n" + _read("host_entry.cpp")
    )
