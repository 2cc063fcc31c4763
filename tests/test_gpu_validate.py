"""The device-side validation kernel (pk_validate: kernels/curve.cuh's curve equation and
order-r subgroup test) executed on the host (g++ behind kernels/host_shim.h) against the Rust
core's `decode_point(..., check_subgroup=True)`, element by element: valid random points pass,
points on the curve outside the subgroup (a valid point plus a point of order 5 of E_0(F_2))
get code 3, points off the curve code 2, for P (bits 0-7) and Q (bits 8-15) separately."""

import numpy as np
import pytest

from pairkit import _native
from pairkit.errors import NotInSubgroupError, NotOnCurveError, PairkitError
from pairkit.gpu import layout, source
from pairkit.gpu.host import HostKernels
from pairkit.spec import pairing_for

ALGS = {"ss2-283": "eta-t", "ss2-1223": "eta-t", "ss2-239": "eta-alg2"}
# E_0(F_2) = {O, (0,0), (0,1), (1,0), (1,1)}: the four finite points have order 5 (#E_0(F_2) = 5).
ORDER_5 = [(0, 0), (0, 1), (1, 0), (1, 1)]
CODES = {None: 0, NotOnCurveError: 2, NotInSubgroupError: 3}


@pytest.fixture(scope="module")
def kernels():
    cache = {}

    def get(set_id, block=32):
        if (set_id, block) not in cache:
            cache[set_id, block] = HostKernels(set_id, ALGS[set_id], block)
        return cache[set_id, block]

    return get


def rows_of(set_id, n, seed):
    return [bytes(r) for r in _native.random_points(set_id, n, seed, False, 1)]


def cpu_code(set_id, row):
    try:
        _native.decode_point(set_id, row, True, 1)
    except PairkitError as e:
        return CODES[type(e)]
    return 0


def validate(k, set_id, P, Q):
    """pk_validate over rows P[i], Q[i] (uncompressed encodings): (P codes, Q codes)."""
    nb = _native.sizes(set_id)[0]
    A = np.frombuffer(b"".join(P), np.uint8).reshape(len(P), -1)
    B = np.frombuffer(b"".join(Q), np.uint8).reshape(len(Q), -1)
    coords = [np.ascontiguousarray(a) for a in (A[:, :nb], A[:, nb:], B[:, :nb], B[:, nb:])]
    _, status = k.launch("validate", layout.pack(coords, k.m), len(P))
    assert not (status >> 16).any()
    return list(status & 0xFF), list(status >> 8)


def off_subgroup(set_id, row, t):
    """row + t for a point t of order 5: on the curve, outside the order-r subgroup."""
    S = pairing_for(set_id)
    R = S.curve.add(S.curve.decode(row), t)
    return S.curve.encode(R)


def off_curve(row):
    """y + x^0 flipped to y + 2: y^2 + y changes, x does not (y + 1 would give -P, still on the curve)."""
    return row[:-1] + bytes([row[-1] ^ 2])


@pytest.mark.parametrize("set_id,n", [("ss2-283", 37), ("ss2-239", 37), ("ss2-1223", 3)])
def test_valid_points_pass(kernels, set_id, n):
    P, Q = rows_of(set_id, n, 71), rows_of(set_id, n, 72)
    P[0] = _native.generator(set_id, 1)
    for block in (32, 7):
        assert validate(kernels(set_id, block), set_id, P, Q) == ([0] * n, [0] * n)


@pytest.mark.parametrize("set_id", ["ss2-283", "ss2-1223"])
def test_points_with_a_5_torsion_component_are_not_in_the_subgroup(kernels, set_id):
    good = rows_of(set_id, 2, 73)
    S = pairing_for(set_id)
    if set_id == "ss2-1223":  # ~25 ms per host-executed point: a handful
        bad = [off_subgroup(set_id, good[0], ORDER_5[0]), S.curve.encode(ORDER_5[3])]
    else:
        bad = [off_subgroup(set_id, g, t) for g in good for t in ORDER_5] + [S.curve.encode(t) for t in ORDER_5]
    assert {cpu_code(set_id, r) for r in bad} == {3}
    P = bad + good
    Q = good[:1] * len(bad) + bad[: len(good)]
    assert validate(kernels(set_id), set_id, P, Q) == (
        [3] * len(bad) + [0] * len(good),
        [0] * len(bad) + [3] * len(good),
    )


def test_the_points_of_order_5_are_off_the_b1_curve(kernels):
    # ss2-239 has b = 1 and cofactor 1: E_1(F_2) = {O}, so there is no point to fail the subgroup
    # test (PK_SUBGROUP = 0); the order-5 points of E_0 are simply off E_1.
    S = pairing_for("ss2-239")
    rows = [S.curve.encode(t) for t in ORDER_5]
    assert [cpu_code("ss2-239", r) for r in rows] == [2] * 4
    assert validate(kernels("ss2-239"), "ss2-239", rows, rows_of("ss2-239", 4, 74)) == ([2] * 4, [0] * 4)
    assert "#define PK_SUBGROUP 0" in source.prelude("ss2-239", "eta-alg2")


@pytest.mark.parametrize("set_id", ["ss2-283", "ss2-239", "ss2-1223"])
def test_a_mixed_batch_agrees_with_the_rust_decoder_element_by_element(kernels, set_id):
    rng = np.random.default_rng(75)
    few = set_id == "ss2-1223"
    good = rows_of(set_id, 2 if few else 12, 76)
    mixed = good + [off_curve(r) for r in good[: 1 if few else 6]]
    if set_id != "ss2-239":
        mixed += [off_subgroup(set_id, r, ORDER_5[i % 4]) for i, r in enumerate(good[: 1 if few else 6])]
    mixed = [mixed[i] for i in rng.permutation(len(mixed))]
    want = [cpu_code(set_id, r) for r in mixed]
    assert set(want) == ({0, 2} if set_id == "ss2-239" else {0, 2, 3})
    assert validate(kernels(set_id), set_id, mixed, mixed[::-1]) == (want, want[::-1])


def test_unsupported_subgroup_tests_are_refused():
    from pairkit.errors import GpuUnsupportedError

    assert [source.subgroup_test(s) for s in source.GPU_SETS] == ["frobenius-trace", "frobenius-trace", "trivial"]
    assert source.subgroup_test("ss2-283b1") == "trivial"  # b = 1, cofactor 1
    # ss2-13 (b = 1, cofactor 53) needs r P = O in the Rust core, which has no kernel
    with pytest.raises(GpuUnsupportedError, match="ss2-13: no device subgroup test for cofactor 53"):
        source.subgroup_test("ss2-13")


@pytest.mark.parametrize("set_id", ["ss2-283", "ss2-1223"])
def test_operation_counts_of_the_validation_kernel(kernels, set_id):
    """Per valid point, from the algorithms (not from the kernel): the curve equation 1M + 2S;
    Tr(P) over the bits of m (ss_binary.rs `frob_trace_proj`): floor(log2 m) general additions
    (12M + 2S), HW(m) - 1 mixed ones (9M + 2S), and Frobenius maps of 3 coordinates through
    m - 1 squarings in all (the chain's n add up to m - 1). For P in the subgroup the last step
    (a mixed addition, m being odd) is P + sigma(Phi_{m-1}) = O: it stops after its first 2M,
    on the B = 0, A != 0 branch."""
    m = kernels(set_id).m
    k = kernels(set_id)
    P = rows_of(set_id, 1, 77)
    k.counts()
    validate(k, set_id, P, P)
    adds, mixed = m.bit_length() - 1, bin(m).count("1") - 1
    per_point = {
        "mul": 1 + 12 * adds + 9 * (mixed - 1) + 2,
        "sqr": 2 + 2 * (adds + mixed - 1) + 3 * (m - 1),
        "sqrt": 0,
        "inv": 0,
    }
    c = k.counts()
    assert {op: c[op] for op in per_point} == {op: 2 * v for op, v in per_point.items()}
