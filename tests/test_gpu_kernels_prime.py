"""The prime-set GPU kernels (bn254, bls12-381; kernels/fp.cuh, fp_tower.cuh, ate.cuh, batch_prime.cu)
executed on the host (g++ behind kernels/host_shim.h, every __global__ looped over its grid) against
the Rust core, byte for byte: F_p operations on random and edge values, the Miller loop and the final
exponentiation stage by stage, and the fused pairing on edge batch sizes, canonical or not. A
host-executed pairing costs a few milliseconds (docs/GPU.md), so the batches stay small."""

import random

import pytest

from pairkit import _native, api, sets
from pairkit.errors import GpuUnsupportedError, PairkitError
from pairkit.gpu import prime_source
from pairkit.gpu.host import PrimeHostKernels
from pairkit.spec.prime import params as spec_params

SETS = prime_source.PRIME_SETS
ALGS = tuple(prime_source.PRIME_ALGS)


@pytest.fixture(scope="module")
def kernels():
    cache: dict = {}

    def get(set_id, alg="optimal-ate", block=32, fp_mul=prime_source.DEFAULT_FP_MUL):
        if (set_id, alg, block, fp_mul) not in cache:
            cache[set_id, alg, block, fp_mul] = PrimeHostKernels(set_id, alg, block, fp_mul)
        return cache[set_id, alg, block, fp_mul]

    return get


def points(set_id, n, seed):
    return _native.random_points(set_id, n, seed, False, 1), _native.random_points(set_id, n, seed + 1, False, 2)


def columns(set_id, Ps, Qs):
    """The kernels' 6 input coordinates (one list per coordinate) of the decoded points."""
    rows = []
    for P, Q in zip(Ps, Qs):
        (xp, yp), (xq, yq) = api.decode_point(set_id, P, group=1), api.decode_point(set_id, Q, group=2)
        rows.append([xp, yp, xq[0], xq[1], yq[0], yq[1]])
    return [list(c) for c in zip(*rows)]


def gt_columns(set_id, gts):
    return [list(c) for c in zip(*(api.split_gt(set_id, g) for g in gts))]


@pytest.mark.parametrize("fp_mul", ["call", "ptx"])
@pytest.mark.parametrize("set_id", SETS)
def test_fp_ops_equal_the_cpu_engine(kernels, set_id, fp_mul):
    """add, mul, sqr, inv against the Rust core's F_p (`field_op`), sub and neg against integers, on
    random values and the edges 0, 1, p - 1 in every combination; for the portable product and the
    PTX carry chains (kernels/fp.cuh PK_FP_MUL_PTX, its instruction sequence emulated on the host)."""
    p = spec_params.SETS[set_id].p
    nb = (p.bit_length() + 7) // 8
    rng = random.Random(5)
    edges = [0, 1, p - 1, 2, p - 2, (p - 1) // 2, 2**32 - 1, 2**32]
    a = [x for x in edges for _ in edges] + [rng.randrange(p) for _ in range(40)]
    b = [y for _ in edges for y in edges] + [rng.randrange(p) for _ in range(40)]
    k = kernels(set_id, fp_mul=fp_mul)

    def native(op, x, y):
        try:
            return int.from_bytes(_native.field_op(set_id, op, x.to_bytes(nb, "big"), y.to_bytes(nb, "big")), "big")
        except PairkitError as err:
            assert x == 0 and "division by zero" in str(err)
            return 0  # the kernel's inverse of 0 is 0 (Fp::inv_or_zero)

    for op in ("add", "mul", "sqr", "inv"):
        got = k.fp_op(op, a, b)
        want = [native(op, x, y) for x, y in zip(a, b)]
        bad = [i for i in range(len(a)) if got[i] != want[i]]
        assert not bad, f"{set_id} {op} differs at {bad[:5]}"
    assert k.fp_op("sub", a, b) == [(x - y) % p for x, y in zip(a, b)]
    assert k.fp_op("neg", a, b) == [-x % p for x in a]


@pytest.mark.parametrize("set_id", SETS)
def test_prelude_constants(set_id):
    """The generated constants against their definitions: R^2, -p^{-1}, the loop and exponent digits,
    the window widths of the Rust core (ate_params.rs tests: bls12-381 |u| takes plain NAF, bn254 a
    wider window), gamma_j^6 = xi^{j(p-1)}."""
    k = prime_source.constants(set_id)
    p, nl = k["p"], k["nl"]
    assert nl == {"bn254": 8, "bls12-381": 12}[set_id]
    assert (k["pinv"] * p) % 2**32 == 2**32 - 1
    for e in (k["loop"], abs(k["u"]), k["h"]):
        for w in range(2, 7):
            assert sum(d << i for i, d in enumerate(prime_source.wnaf(e, w))) == e
    uw = prime_source.best_window(abs(k["u"]))
    assert uw == 2 if set_id == "bls12-381" else uw > 2
    T = spec_params.tower(set_id)
    for j, g in enumerate(k["gamma"], start=1):
        assert T.fp2(*g) ** 6 == T.xi ** (j * (p - 1))
    text = prime_source.prelude(set_id, "optimal-ate")
    assert f"#define PK_NL {nl}" in text and "#define PK_P_WORDS {" in text


@pytest.mark.parametrize("alg", ALGS)
@pytest.mark.parametrize("set_id", SETS)
def test_stages_equal_rust_miller_loop_and_final_exponentiation(kernels, set_id, alg):
    """pk_miller equals Engine.miller_loop (the Rust Miller value, not only the pairing: the same
    projective line scalings), pk_final_exp of it equals Engine.final_exponentiation, and the
    canonical map equals pair(..., canonical=True)."""
    n = 2
    Ps, Qs = points(set_id, n, 21)
    e, k = _native.Engine(set_id, alg), kernels(set_id, alg)
    ml, st = k.launch("miller", columns(set_id, Ps, Qs))
    want_ml = [e.miller_loop(P, Q) for P, Q in zip(Ps, Qs)]
    assert [k.gt_bytes(m) for m in ml] == want_ml and not st.any()
    fe, st = k.launch("final_exp", gt_columns(set_id, want_ml), 0)
    assert [k.gt_bytes(f) for f in fe] == [e.final_exponentiation(f) for f in want_ml] and not st.any()
    canon, _ = k.launch("final_exp", gt_columns(set_id, want_ml), 1)
    assert [k.gt_bytes(f) for f in canon] == [e.pair(P, Q, True) for P, Q in zip(Ps, Qs)]


@pytest.mark.parametrize("n,block", [(1, 32), (2, 1), (33, 32)])
@pytest.mark.parametrize("set_id", SETS)
def test_pair_equals_the_cpu_engine_on_edge_batch_sizes(kernels, set_id, n, block):
    """pk_pair over batches of 1, 2 and 33 (one past a block of 32), with the generators, P = -P's
    partner and repeated rows mixed in, canonical and not, equal to api.pair_batch (CPU engine)."""
    Ps, Qs = points(set_id, n, 40 + n)
    g1, g2 = api.generator(set_id, 1), api.generator(set_id, 2)
    if n >= 2:
        Ps[0], Qs[0] = g1, g2
        Ps[-1], Qs[-1] = Ps[1], Qs[1]  # a repeated row
    if n >= 3:
        Ps[2] = api.point_mul(set_id, g1, sets.get(set_id).r - 1)  # -G1
    k, cols = kernels(set_id, block=block), columns(set_id, Ps, Qs)
    for canonical in (False, True):
        want = api.pair_batch(set_id, Ps, Qs, canonical=canonical)
        got, st = k.launch("pair", cols, int(canonical))
        assert not st.any()
        bad = [i for i in range(n) if k.gt_bytes(got[i]) != bytes(want[i])]
        assert not bad, f"{set_id} n={n} canonical={canonical}: differs at {bad}"


@pytest.mark.parametrize("set_id", SETS)
def test_zero_miller_value_sets_the_status(kernels, set_id):
    """A zero Miller value (impossible for valid points): the Rust core raises its division by zero, the
    kernel returns 0 with status 1; a non-zero neighbour in the same batch is unaffected."""
    e, k = _native.Engine(set_id, "optimal-ate"), kernels(set_id)
    zero = bytes(len(api.gt_one(set_id)))
    with pytest.raises(PairkitError, match="division by zero"):
        e.final_exponentiation(zero)
    one = api.gt_one(set_id)
    out, st = k.launch("final_exp", gt_columns(set_id, [zero, one]), 0)
    assert list(st) == [1, 0]
    assert k.gt_bytes(out[0]) == zero and k.gt_bytes(out[1]) == e.final_exponentiation(one) == one


OTHER_FP_MUL = [v for v in prime_source.FP_MUL_VARIANTS if v != prime_source.DEFAULT_FP_MUL]


@pytest.mark.parametrize("fp_mul", OTHER_FP_MUL)
@pytest.mark.parametrize("set_id", SETS)
def test_the_other_product_variant_equals_the_cpu_engine(kernels, set_id, fp_mul):
    """The F_p product variant the default does not use (kernels/fp.cuh PK_FP_MUL_CALL): the same
    pairings, the same operation counts."""
    Ps, Qs = points(set_id, 2, 81)
    k, ref = kernels(set_id, fp_mul=fp_mul), kernels(set_id)
    k.counts(), ref.counts()
    got, st = k.launch("pair", columns(set_id, Ps, Qs), 1)
    assert [k.gt_bytes(g) for g in got] == [bytes(r) for r in api.pair_batch(set_id, Ps, Qs, canonical=True)]
    ref.launch("pair", columns(set_id, Ps, Qs), 1)
    assert k.counts() == ref.counts() and not st.any()


def test_unsupported_set_or_algorithm_is_a_typed_error():
    with pytest.raises(GpuUnsupportedError):
        prime_source.check("typea-512", "tate")
    with pytest.raises(GpuUnsupportedError):
        prime_source.check("bn254", "eta-t")
    with pytest.raises(GpuUnsupportedError, match="unknown F_p product variant"):
        prime_source.prelude("bn254", "optimal-ate", "asm")


@pytest.mark.parametrize("set_id", SETS)
def test_operation_counts_do_not_depend_on_the_inputs(kernels, set_id):
    """The kernels branch on public data only (the loop's digits, the exponents): a batch of 3 pairings
    costs exactly 3 times the F_p operations of one, whatever the points; pk_fp_op's product is 4
    Montgomery products (2 into Montgomery form, the product, 1 out)."""
    k = kernels(set_id)
    Ps, Qs = points(set_id, 3, 91)
    k.counts()
    k.launch("pair", columns(set_id, Ps[:1], Qs[:1]))
    one = k.counts()
    k.launch("pair", columns(set_id, Ps, Qs))
    three = k.counts()
    assert one["mul"] > 10_000 and one["inv"] == 1
    assert three == {kind: 3 * v for kind, v in one.items()}
    k.fp_op("mul", [3, 4], [5, 6])
    assert k.counts()["mul"] == 8
