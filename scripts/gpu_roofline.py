"""docs/GPU.md's operation counts and ceilings: GF(2^m) operations per pairing counted by the
host-executed kernels (the PK_COUNT instrumentation of kernels/gf2m.cuh), times a per-operation
model of 32-bit instructions read off the kernel source, against the H100's integer and L1
throughput; then the same for the device-side validation (pk_validate: curve equation and
subgroup test) per point, relative to a pairing. Prints markdown. Usage:
python scripts/gpu_roofline.py"""

from __future__ import annotations

import numpy as np

from pairkit import _native, sets
from pairkit.gpu import decode, layout, source
from pairkit.gpu.host import HostKernels

# H100 SXM5 (assumptions, see docs/GPU.md): 132 SMs, 64 INT32/logic/shift results per clock per SM,
# 128 bytes per clock per SM from L1 (32 words for a coalesced warp access), 1.98 GHz max boost.
SMS, INT_PER_CLK, L1_WORDS_PER_CLK, CLOCK_HZ = 132, 64, 32, 1.98e9
CASES = [("ss2-283", "eta-t"), ("ss2-1223", "eta-t"), ("ss2-239", "eta-alg2")]
GOALS = {"ss2-283": 1_000_000, "ss2-1223": 100_000}


def model(m: int, taps: tuple, sparse_terms: int | None) -> dict:
    """(32-bit ALU instructions, local-memory word loads) per GF(2^m) operation of gf2m.cuh."""
    w, mw, t = source.words(m), m // 32, len(taps)
    red = (2 * w - 1 - mw) * (1 + t) * 4 + (1 + t) * 4  # pk_reduce: 2 shifts + 2 xors per term and word
    mul_wide = 14 * (w + 1) + 8 * w * (2 + (w + 1)) + 7 * 2 * w  # table, comb (nibble + row xor), 4-bit shifts
    loads = 8 * w * (w + 1)  # one table word per row xor (the table is in local memory)
    spread = 9
    ops = {"mul": (mul_wide + red, loads), "sqr": (2 * w * spread + red, 0), "add": (w, 0), "inv": (0, 0)}
    gather = 2 * w * spread + 2 * w
    if sparse_terms is not None:
        ops["sqrt"] = (gather + sparse_terms * w * 3 + red, 0)
    else:
        ops["sqrt"] = (gather + mul_wide + red + w, loads)
    return ops


def counts(set_id: str, alg: str) -> dict:
    n = 1
    P = np.frombuffer(_native.random_points(set_id, n, 1, False, 1)[0], np.uint8)[None, :]
    Q = np.frombuffer(_native.random_points(set_id, n, 2, False, 1)[0], np.uint8)[None, :]
    k = HostKernels(set_id, alg)
    c = [*decode.decode(set_id, "P", P), *decode.decode(set_id, "Q", Q)]
    k.counts()
    k.pair_coords(c, stage="miller")
    ml = k.counts()
    k.pair_coords(c)
    pair = k.counts()
    k.launch("validate", layout.pack(c, k.m), n)  # P and Q: two valid points
    return {"miller": ml, "pair": pair, "validate_point": {op: v // 2 for op, v in k.counts().items()}}


def cost(c: dict, mod: dict) -> tuple[float, float]:
    """(ALU instructions, L1 word loads) of the operation counts c under the model mod."""
    return sum(c[k] * mod[k][0] for k in mod), sum(c[k] * mod[k][1] for k in mod)


def main() -> None:
    rows = []
    print(
        "| set | algorithm | W | mul | sqr | sqrt | inv | add | ALU instr. / pairing | L1 word loads / pairing "
        "| ALU ceiling /s | L1 ceiling /s | goal /s |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for set_id, alg in CASES:
        p = sets.get(set_id)
        pre = source.prelude(set_id, alg)
        sparse = pre.count(" X(", pre.index("PK_SQRTX_SHIFTS")) if "PK_SQRTX_SHIFTS" in pre else None
        mod = model(p.m, tuple(p.taps), sparse)
        cs = counts(set_id, alg)
        c = cs["pair"]
        alu, ld = cost(c, mod)
        rows.append(
            (
                set_id,
                p.m,
                source.subgroup_test(set_id),
                cs["validate_point"],
                cost(cs["validate_point"], mod),
                (alu, ld),
            )
        )
        alu_cap = SMS * INT_PER_CLK * CLOCK_HZ / alu
        l1_cap = SMS * L1_WORDS_PER_CLK * CLOCK_HZ / ld
        goal = f"{GOALS[set_id]:,}" if set_id in GOALS else ""
        print(
            f"| {set_id} | {alg} | {source.words(p.m)} | {c['mul']:,} | {c['sqr']:,} | {c['sqrt']:,} | {c['inv']} | "
            f"{c['add']:,} | {alu:,.0f} | {ld:,.0f} | {alu_cap:,.0f} | {l1_cap:,.0f} | {goal} |"
        )
    print()
    print(
        "| set | subgroup test | mul | sqr | add | ALU instr. / point | L1 word loads / point "
        "| 2 points vs a pairing (ALU) | validated pairing: ALU ceiling /s | L1 ceiling /s |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for set_id, _m, test, v, (alu, ld), (pair_alu, pair_ld) in rows:
        both_alu = SMS * INT_PER_CLK * CLOCK_HZ / (pair_alu + 2 * alu)
        both_l1 = SMS * L1_WORDS_PER_CLK * CLOCK_HZ / (pair_ld + 2 * ld)
        print(
            f"| {set_id} | {test} | {v['mul']:,} | {v['sqr']:,} | {v['add']:,} | {alu:,.0f} | {ld:,.0f} | "
            f"{2 * alu / pair_alu:.1%} | {both_alu:,.0f} | {both_l1:,.0f} |"
        )


if __name__ == "__main__":
    main()
