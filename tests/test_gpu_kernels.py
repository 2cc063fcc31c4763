"""The GPU kernels executed on the host (g++ behind kernels/host_shim.h, every __global__ looped
over its grid) against the Rust core, byte for byte: the correctness proof available without a
GPU. Stages (Miller loop, final exponentiation) and the fused pairing, canonical or not, on
random batches whose sizes straddle the block size, plus edge batches."""

import numpy as np
import pytest

from pairkit import _native
from pairkit.errors import PairkitError
from pairkit.gpu import decode, layout, source
from pairkit.gpu.host import HostKernels

# (set, algorithm, random batch size): ss2-1223 costs ~15 ms per host-executed pairing.
CASES = [
    ("ss2-283", "eta-t", 37),
    ("ss2-1223", "eta-t", 5),
    ("ss2-239", "eta-alg2", 37),
    ("ss2-283", "eta-alg2", 9),
    ("ss2-1223", "eta-alg2", 2),
]


@pytest.fixture(scope="module")
def kernels():
    cache = {}

    def get(set_id, alg, block=32, comb=source.DEFAULT_COMB):
        if (set_id, alg, block, comb) not in cache:
            cache[set_id, alg, block, comb] = HostKernels(set_id, alg, block, comb)
        return cache[set_id, alg, block, comb]

    return get


def batch(set_id, n, seed):
    pts = _native.random_points(set_id, n, seed, False, 1)
    return np.frombuffer(b"".join(pts), dtype=np.uint8).reshape(n, -1).copy()


def coords(set_id, P, Q):
    return [*decode.decode(set_id, "P", P), *decode.decode(set_id, "Q", Q)]


def split4(a):
    k = a.shape[1] // 4
    return [np.ascontiguousarray(a[:, i * k : (i + 1) * k]) for i in range(4)]


@pytest.mark.parametrize("set_id,alg,n", CASES)
def test_pair_equals_rust_byte_for_byte(kernels, set_id, alg, n):
    P, Q = batch(set_id, n, 11), batch(set_id, n, 12)
    k, c = kernels(set_id, alg), coords(set_id, P, Q)
    for canonical in (False, True):
        want = _native.Engine(set_id, alg).pair_batch(P, Q, canonical)
        got = k.pair_coords(c, canonical)
        bad = [i for i in range(n) if not (got[i] == want[i]).all()]
        assert not bad, f"{set_id}/{alg} canonical={canonical}: GPU kernel differs at {bad}"


@pytest.mark.parametrize("set_id,alg,n", CASES)
def test_stages_equal_rust_miller_loop_and_final_exponentiation(kernels, set_id, alg, n):
    n = min(n, 6)
    P, Q = batch(set_id, n, 21), batch(set_id, n, 22)
    k = kernels(set_id, alg)
    ml = k.pair_coords(coords(set_id, P, Q), stage="miller")
    want_ml = [_native.Engine(set_id, alg).miller_loop(bytes(P[i]), bytes(Q[i])) for i in range(n)]
    assert [bytes(r) for r in ml] == want_ml
    fe = k.pair_coords(split4(ml), stage="final_exp")
    assert [bytes(r) for r in fe] == [_native.Engine(set_id, alg).final_exponentiation(f) for f in want_ml]
    canon = k.pair_coords(split4(ml), stage="final_exp", canonical=True)
    assert (canon == _native.Engine(set_id, alg).pair_batch(P, Q, True)).all()


@pytest.mark.parametrize("comb", [c for c in source.COMB_VARIANTS if c != source.DEFAULT_COMB])
@pytest.mark.parametrize(
    "set_id,alg,n,block", [("ss2-283", "eta-t", 9, 4), ("ss2-239", "eta-alg2", 7, 3), ("ss2-1223", "eta-t", 2, 2)]
)
def test_every_comb_variant_equals_rust(kernels, comb, set_id, alg, n, block):
    """The comb's other variants (table in shared memory, interleaved by thread; the word loop
    unrolled) give the same bytes; blocks of several threads exercise the strided indexing of the
    interleaved table (threads run one after another here: the device tests run them together)."""
    P, Q = batch(set_id, n, 31), batch(set_id, n, 32)
    got = kernels(set_id, alg, block, comb).pair_coords(coords(set_id, P, Q))
    assert (got == _native.Engine(set_id, alg).pair_batch(P, Q, False)).all()
    assert f"#define PK_COMB_SHARED {source.COMB_VARIANTS[comb][0]}" in source.prelude(set_id, alg, comb)


@pytest.mark.parametrize("set_id,alg", [("ss2-283", "eta-t"), ("ss2-239", "eta-alg2")])
def test_edge_batches(kernels, set_id, alg):
    P, Q = batch(set_id, 3, 31), batch(set_id, 3, 32)
    gen = np.frombuffer(_native.generator(set_id, 1), dtype=np.uint8)[None, :]
    edge = {
        "size 1": (P[:1], Q[:1]),
        "repeated rows": (np.repeat(P[:1], 33, axis=0), np.repeat(Q[:1], 33, axis=0)),
        "P == Q": (P, P),
        "generator": (np.repeat(gen, 2, axis=0), np.concatenate([gen, Q[:1]])),
    }
    for block in (32, 7, 1):  # grid tails: 33 instances over blocks of 32, 7 and 1 threads
        k = kernels(set_id, alg, block)
        for name, (a, b) in edge.items():
            got = k.pair_coords(coords(set_id, a, b))
            assert (got == _native.Engine(set_id, alg).pair_batch(a, b, False)).all(), (name, block)


def test_repeated_rows_give_repeated_outputs(kernels):
    P, Q = batch("ss2-283", 1, 41), batch("ss2-283", 1, 42)
    got = kernels("ss2-283", "eta-t").pair_coords(coords("ss2-283", np.repeat(P, 40, 0), np.repeat(Q, 40, 0)))
    assert (got == got[0]).all() and bytes(got[0]) == _native.Engine("ss2-283", "eta-t").pair(
        bytes(P[0]), bytes(Q[0]), False
    )


def test_zero_miller_value_sets_the_status_word(kernels):
    # The Rust core raises DivisionByZero for f = 0; the kernel reports it per instance.
    k = kernels("ss2-283", "eta-t")
    with pytest.raises(PairkitError, match="division by zero"):
        _native.Engine("ss2-283", "eta-t").final_exponentiation(bytes(144))
    w = 4 * source.words(283)
    zero_and_one = np.zeros(2 * w, dtype=np.uint32)
    zero_and_one[1] = 1  # instance 1: f = 1 (word 0 of c0), instance 0: f = 0
    out, status = k.launch("final_exp", zero_and_one, 2)
    assert list(status) == [1, 0]
    one = layout.unpack(out, 283, 2)[1]
    assert bytes(one) == _native.Engine("ss2-283", "eta-t").final_exponentiation(_native.gt_one("ss2-283"))


def test_layout_round_trip():
    rng = np.random.default_rng(5)
    for m in (239, 283, 1223):
        nb, n = (m + 7) // 8, 45
        cs = []
        for _ in range(4):
            a = rng.integers(0, 256, size=(n, nb), dtype=np.uint8)
            a[:, 0] &= (1 << (m - 8 * (nb - 1))) - 1  # a field element: no bits at or above x^m
            cs.append(a)
        flat = layout.pack(cs, m)
        assert flat.size == 4 * source.words(m) * n
        # word j of coordinate c of instance i is at (c W + j) n + i, least significant word first
        w = source.words(m)
        v = int.from_bytes(bytes(cs[2][7]), "big")
        assert [int(flat[(2 * w + j) * n + 7]) for j in range(w)] == [(v >> (32 * j)) & 0xFFFFFFFF for j in range(w)]
        assert (layout.unpack(flat, m, n) == np.concatenate(cs, axis=1)).all()


def miller_counts(set_id, alg):
    """GF(2^m) operations of the Miller loop, derived from the algorithms (not from the kernels)."""
    m = {"ss2-283": 283, "ss2-1223": 1223, "ss2-239": 239}[set_id]
    it = (m + 1) // 2
    if alg == "eta-t":  # seed 003 Alg. 1: 1 M before the loop; per iteration 1 M + f*g (6 M), 2 sqrt; 2 S but the last
        return {"mul": 1 + 7 * it, "sqrt": 2 * it, "sqr": 2 * (it - 1), "inv": 0}
    # seed 000 Alg. 2: 2 S + 1 M before; per later iteration C^2 (4 S) and C*A (6 M), 4 S + 1 M
    # updates but the last; closing line 1 S + 6 M.
    return {"mul": 1 + 6 * (it - 1) + (it - 1) + 6, "sqrt": 0, "sqr": 2 + 4 * (it - 1) + 4 * (it - 1) + 1, "inv": 0}


@pytest.mark.parametrize("set_id,alg", [("ss2-283", "eta-t"), ("ss2-1223", "eta-t"), ("ss2-239", "eta-alg2")])
def test_operation_counts_of_the_miller_kernel(kernels, set_id, alg):
    k = kernels(set_id, alg)
    P, Q = batch(set_id, 1, 51), batch(set_id, 1, 52)
    c = coords(set_id, P, Q)
    k.counts()
    k.pair_coords(c, stage="miller")
    got = k.counts()
    assert {op: got[op] for op in ("mul", "sqrt", "sqr", "inv")} == miller_counts(set_id, alg)
    k.pair_coords(c)
    total = k.counts()
    assert total["inv"] == 1 and total["mul"] > got["mul"]
