"""The CUDA C++ source of one prime-set kernel module (bn254, bls12-381; optimal ate), assembled from
kernels/fp.cuh, fp_tower.cuh, ate.cuh and batch_prime.cu.

Every constant of the prelude is derived here from the spec's parameters (``spec.prime.params``, read
from data/prime.json, which gen/params/prime.toml generates), never typed in: p in PK_NL 32-bit words,
R = 2^(32 PK_NL) and R^2 mod p, -p^{-1} mod 2^32, p - 2, the non-residue xi, 3b' of the twist, the
Frobenius constants gamma_j / delta_j / eps_j of the spec's tower (eprint 2010/354 Sec. 3.2, as the
Rust core's fp6.rs `frob_consts` derives them), the signed digits of the Miller loop and of the final
exponentiation's exponents (width-w NAF with the window of the Rust core's ate_params.rs
`best_window`), and c^{-1} mod r for the map to the reduced pairing. The same text is compiled by
NVRTC for the GPU and, behind kernels/host_shim.h, by g++ for the host-executed check
(:mod:`pairkit.gpu.host`, tests/test_gpu_kernels_prime.py).
"""

from __future__ import annotations

from pathlib import Path

from pairkit.errors import GpuUnsupportedError
from pairkit.spec.prime import ate as spec_ate
from pairkit.spec.prime import params as spec_params

# The prime sets with kernels, and their algorithms (the Rust core's ate_final_exp.rs Variant ids).
PRIME_SETS = ("bn254", "bls12-381")
PRIME_ALGS = {"optimal-ate": 0, "optimal-ate-reduced": 1}
DEVICE_FILES = ("fp.cuh", "fp_tower.cuh", "ate.cuh", "curve_prime.cuh", "batch_prime.cu")
ENTRY_POINTS = (
    "pk_miller",
    "pk_final_exp",
    "pk_pair",
    "pk_fp_op",
    "pk_validate",
    "pk_fp12_prod",
    "pk_g2_sum",
    "pk_bls_scale",
)
# The entry points by stage: (host_entry_prime.cpp's stage code, input coordinates, output
# coordinates, whether the output has ceil(n / arg) instances -- a tree level -- instead of n).
KERNELS = {
    "miller": (0, 6, 12, False),
    "final_exp": (1, 12, 12, False),
    "pair": (2, 6, 12, False),
    "validate": (3, 6, 0, False),
    "fp_op": (4, 2, 1, False),
    "fp12_prod": (5, 12, 12, True),
    "g2_sum": (6, 6, 6, True),
    "bls_scale": (7, 7, 8, False),
}


def out_count(stage: str, n: int, arg: int) -> int:
    """Instances a launch of ``stage`` over n inputs writes (a tree level: ceil(n / fan-in))."""
    return -(-n // max(1, arg)) if KERNELS[stage][3] else n


# pk_fp_op's operations (kernels/batch_prime.cu PK_FPOP_*).
FP_OPS = {"add": 0, "sub": 1, "mul": 2, "sqr": 3, "inv": 4, "neg": 5}
FAMILIES = {"bn": 1, "bls12": 2}
# Where the F_p product lives (kernels/fp.cuh PK_FP_MUL_CALL): inlined into every caller, or one
# out-of-line function. Every variant computes the same bytes; which runs faster is a GPU
# measurement not made yet. The default is "call" for its compile time: NVRTC 12.9 with ptxas for
# sm_90 took 53-112 s for bls12-381 against 266 s inlined, and 58 s for bn254 against 83 s, on
# the loaded 2-core development machine (docs/GPU.md); a device session pays it once per module.
# "ptx": the out-of-line product as 32-bit PTX carry chains (kernels/fp.cuh PK_FP_MUL_PTX; on the host,
# the same instruction sequence over an emulated carry flag). Value: (PK_FP_MUL_CALL, PK_FP_MUL_PTX).
FP_MUL_VARIANTS = {"inline": (0, 0), "call": (1, 0), "ptx": (1, 1)}
DEFAULT_FP_MUL = "call"
WORD_BITS = 32
KERNEL_DIR = Path(__file__).parent / "kernels"
# Coordinates per instance: P (x, y), Q (x.c0, x.c1, y.c0, y.c1) in; a GT element (12) out.
IN_COORDS = 6
GT_COORDS = 12


def is_prime_set(set_id: str) -> bool:
    return set_id in PRIME_SETS


def check(set_id: str, alg: str) -> None:
    """GpuUnsupportedError unless the prime kernels serve (set_id, alg)."""
    if set_id not in PRIME_SETS or alg not in PRIME_ALGS:
        raise GpuUnsupportedError(
            f"the gpu engine has no prime kernel for {set_id} / {alg}; supported: "
            + ", ".join(f"{s} ({', '.join(PRIME_ALGS)})" for s in PRIME_SETS)
        )


def limbs(set_id: str) -> int:
    """PK_NL: 32-bit words per F_p element (8 for bn254, 12 for bls12-381)."""
    return (spec_params.SETS[set_id].p.bit_length() + WORD_BITS - 1) // WORD_BITS


def wnaf(e: int, w: int) -> list[int]:
    """The width-w NAF of e > 0, least significant digit first (Hankerson, Menezes, Vanstone, Guide to
    ECC, Alg. 3.35; the Rust core's ate_params.rs `wnaf`)."""
    digits = []
    while e:
        d = 0
        if e & 1:
            d = e % (1 << w)
            if d >= 1 << (w - 1):
                d -= 1 << w
            e -= d
        digits.append(d)
        e >>= 1
    return digits


def best_window(e: int) -> int:
    """The width in 2..6 with the fewest products (2^{w-2} - 1 table products, one squaring for w > 2,
    one product per non-zero digit but the first): ate_params.rs `best_window`, the same tie rule."""
    best, best_cost = 2, None
    for w in range(2, 7):
        nz = sum(1 for d in wnaf(e, w) if d)
        cost = (1 << (w - 2)) - 1 + (w > 2) + nz - 1
        if best_cost is None or cost < best_cost:
            best, best_cost = w, cost
    return best


def _words(x: int, n: int) -> list[int]:
    return [(x >> (WORD_BITS * j)) & 0xFFFFFFFF for j in range(n)]


def _array(values: list[int]) -> str:
    return "{" + ", ".join(f"0x{v:08x}u" for v in values) + "}"


def _digits(d: list[int]) -> str:
    return "{" + ", ".join(str(x) for x in d) + "}"


def constants(set_id: str) -> dict:
    """The numbers of the prelude as Python ints (the tests recompute some of them independently)."""
    S = spec_params.SETS[set_id]
    p, nl = S.p, limbs(set_id)
    R = 1 << (WORD_BITS * nl)
    mont = lambda x: x * R % p  # noqa: E731
    T = spec_params.tower(set_id)
    gamma = [(int(g.a), int(g.b)) for g in T.gamma[1:6]]
    delta = [(a * a + b * b) % p for a, b in gamma]  # gamma_j conj(gamma_j) is in F_p
    eps = [((a * d) % p, (b * d) % p) for (a, b), d in zip(gamma, delta)]
    u = S.u if S.u is not None else 0
    loop = 6 * u + 2 if S.family == "bn" else abs(u)
    h = (abs(u) + 1 if u < 0 else u - 1) ** 2 // 3
    b2 = S.b2 if S.b2 is not None else (0, 0)
    c = spec_ate.interop_power(set_id)
    G = spec_params.groups(set_id)
    # G2's subgroup test psi(Q) == [k] Q (curve_prime.cuh): k = u (bls12), 6u^2 (bn)
    g2_k = u if S.family == "bls12" else 6 * u * u
    return {
        "p": p,
        "nl": nl,
        "R": R,
        "mont": mont,
        "pinv": (-pow(p, -1, 1 << WORD_BITS)) % (1 << WORD_BITS),
        "xi": S.xi,
        "three_b": (3 * b2[0] % p, 3 * b2[1] % p),
        "gamma": gamma,
        "delta": delta,
        "eps": eps,
        "loop": loop,
        "u": u,
        "h": h,
        "canon_exp": pow(c, -1, S.r),
        "family": S.family,
        "twist": S.twist,
        "b": S.b,
        "beta": G.beta or 0,
        "psi": [(int(G.psi_cx.a), int(G.psi_cx.b)), (int(G.psi_cy.a), int(G.psi_cy.b))],
        "g2_k": g2_k,
        "h1": S.h1,
    }


def check_fp_mul(fp_mul: str) -> None:
    if fp_mul not in FP_MUL_VARIANTS:
        raise GpuUnsupportedError(f"unknown F_p product variant {fp_mul!r}; known: {', '.join(FP_MUL_VARIANTS)}")


def prelude(set_id: str, alg: str, fp_mul: str = DEFAULT_FP_MUL) -> str:
    """The #defines of one (set, algorithm, F_p product variant)."""
    check(set_id, alg)
    check_fp_mul(fp_mul)
    k = constants(set_id)
    p, nl, mont = k["p"], k["nl"], k["mont"]
    if _words(p, nl)[-1] >= (1 << 31) - 1:
        raise GpuUnsupportedError(f"{set_id}: the no-carry Montgomery product needs a spare top bit in p")
    uw, hw = best_window(abs(k["u"])), best_window(k["h"])
    u_naf, h_naf = wnaf(abs(k["u"]), uw), wnaf(k["h"], hw)
    variant = PRIME_ALGS[alg]
    table = 1 << (max(uw, hw if k["family"] == "bls12" and variant == 1 else 2) - 2)
    canon_nw = (k["canon_exp"].bit_length() + WORD_BITS - 1) // WORD_BITS
    if k["family"] == "bls12" and k["u"] > 0:
        raise GpuUnsupportedError(f"{set_id}: the G1 subgroup test of curve_prime.cuh assumes u < 0")
    # G2's scalar as signed digits (top digit 1): its NAF where that has fewer non-zero digits (bn254's
    # 6u^2: 40 against 70 one bits), else its bits (bls12-381's |u|: 6 either way, the NAF one longer)
    g2_k = abs(k["g2_k"])
    g2_naf = wnaf(g2_k, 2)
    if sum(1 for d in g2_naf if d) >= bin(g2_k).count("1"):
        g2_naf = [int(b) for b in reversed(bin(g2_k)[2:])]
    lines = [
        f"// generated by pairkit.gpu.prime_source for {set_id} / {alg}: p {p.bit_length()} bits, {nl} words; "
        f"fp_mul {fp_mul}",
        f"#define PK_NL {nl}",
        f"#define PK_FP_MUL_CALL {FP_MUL_VARIANTS[fp_mul][0]}",
        f"#define PK_FP_MUL_PTX {FP_MUL_VARIANTS[fp_mul][1]}",
        f"#define PK_FAMILY {FAMILIES[k['family']]}",
        f"#define PK_TWIST_M {int(k['twist'] == 'M')}",
        f"#define PK_U_NEG {int(k['u'] < 0)}",
        f"#define PK_VARIANT {variant}",
        f"#define PK_XI0 {k['xi'][0]}u",
        f"#define PK_XI1 {k['xi'][1]}u",
        f"#define PK_PINV 0x{k['pinv']:08x}u",
        f"#define PK_P_WORDS {_array(_words(p, nl))}",
        f"#define PK_ONE_WORDS {_array(_words(mont(1), nl))}",
        f"#define PK_R2_WORDS {_array(_words(k['R'] * k['R'] % p, nl))}",
        f"#define PK_PM2_WORDS {_array(_words(p - 2, nl))}",
        f"#define PK_THREE_B_WORDS {_array([w for c in k['three_b'] for w in _words(mont(c), nl)])}",
        f"#define PK_GAMMA_WORDS {_array([w for g in k['gamma'] for c in g for w in _words(mont(c), nl)])}",
        f"#define PK_DELTA_WORDS {_array([w for d in k['delta'] for w in _words(mont(d), nl)])}",
        f"#define PK_EPS_WORDS {_array([w for g in k['eps'] for c in g for w in _words(mont(c), nl)])}",
        f"#define PK_LOOP_LEN {len(wnaf(k['loop'], 2))}",
        f"#define PK_LOOP_NAF {_digits(wnaf(k['loop'], 2))}",
        f"#define PK_U_W {uw}",
        f"#define PK_U_LEN {len(u_naf)}",
        f"#define PK_U_NAF {_digits(u_naf)}",
        f"#define PK_H_W {hw}",
        f"#define PK_H_LEN {len(h_naf)}",
        f"#define PK_H_NAF {_digits(h_naf)}",
        f"#define PK_WNAF_TABLE {table}",
        f"#define PK_CANON_NW {canon_nw}",
        f"#define PK_CANON_EXP_WORDS {_array(_words(k['canon_exp'], canon_nw))}",
        f"#define PK_G1_B3 {3 * k['b']}u",
        f"#define PK_BETA_WORDS {_array(_words(mont(k['beta']), nl))}",
        f"#define PK_PSI_WORDS {_array([w for g in k['psi'] for c in g for w in _words(mont(c), nl)])}",
        f"#define PK_U_ABS_WORDS {_array(_words(abs(k['u']), 2))}",
        f"#define PK_G2_K_LEN {len(g2_naf)}",
        f"#define PK_G2_K_NAF {_digits(g2_naf)}",
        f"#define PK_G2_K_NEG {int(k['g2_k'] < 0)}",
    ]
    return "\n".join(lines) + "\n"


def _read(name: str) -> str:
    return (KERNEL_DIR / name).read_text()


def device_source(set_id: str, alg: str, fp_mul: str = DEFAULT_FP_MUL) -> str:
    """What NVRTC compiles: prelude + the device files."""
    return prelude(set_id, alg, fp_mul) + "".join(f"// ---- {f}\n" + _read(f) for f in DEVICE_FILES)


def host_source(set_id: str, alg: str, fp_mul: str = DEFAULT_FP_MUL) -> str:
    """What g++ compiles: the host shim, the very device source, and the host launch loop."""
    return (
        _read("host_shim.h")
        + device_source(set_id, alg, fp_mul)
        + "// ---- host_entry_prime.cpp\n"
        + _read("host_entry_prime.cpp")
    )
