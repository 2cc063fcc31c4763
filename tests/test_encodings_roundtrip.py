"""Every set reads back its own encodings (on ss3-5, where a field element is one byte,
the compressed 0x02 || x was read as x || y, so `pair` silently answered for a different point).

Toy sets: every point (both y of every x, and the point at infinity) round-trips through its
compressed and uncompressed encodings in the spec and through the public API, and the Rust
encoder writes the spec's bytes. The spec's compressed decode costs a square root per x, so on the
toys with more than WALK_LIMIT abscissas (ss2-17, ss3-11, ss3-13) a seeded sample of WALK_LIMIT
of them is walked here; the Rust test `toy_sets_round_trip_every_point_in_both_encodings`
(crates/pairkit-core/tests/pairing_char3.rs) walks every point of the ss3 toys at the engine.
Other sets: random points of every group, compressed and not, decode to the same coordinates and
pair to the same value.
"""

import random

import pytest

from pairkit import api, sets
from pairkit.sets import Family
from pairkit.spec import pairing_for

TOYS = [s.id for s in sets.all_sets() if s.role == "toy"]
OTHERS = [s.id for s in sets.all_sets() if s.role != "toy"]
WALK_LIMIT = 1 << 13


def _abscissas(sid: str, F):
    """Every x of the toy field (as spec elements), or a seeded sample of WALK_LIMIT of them."""
    size = 3**F.m if sid.startswith("ss3") else 2**F.m
    xs = range(size) if size <= WALK_LIMIT else sorted(random.Random(sid).sample(range(size), WALK_LIMIT))
    return [F.from_int(x) for x in xs] if sid.startswith("ss3") else list(xs)


def _ints(S, sid, P):
    return tuple(S.F.to_int(c) for c in P) if sid.startswith("ss3") else tuple(P)


def test_every_toy_set_is_covered():
    fams = {sets.get(s).family for s in TOYS}
    assert fams == {Family.BINARY, Family.CHAR3} and "ss3-5" in TOYS and len(TOYS) >= 8


@pytest.mark.slow
@pytest.mark.parametrize("sid", TOYS)
def test_toy_points_round_trip_in_both_encodings(sid):
    S = pairing_for(sid)
    C = S.curve
    inf_u, inf_c = C.encode(None), C.encode(None, compressed=True)
    assert len(inf_u) != len(inf_c), "the two forms must never share a length"
    for e in (inf_u, inf_c):
        assert C.decode(e, allow_infinity=True) is None
        assert api.decode_point(sid, e, check_subgroup=False) is None
    seen, xs = 0, _abscissas(sid, S.F)
    for x in xs:
        pts = {C.lift_x(x, sign) for sign in (0, 1)} - {None}
        for P in pts:
            u, c = C.encode(P), C.encode(P, compressed=True)
            assert (len(u), len(c)) == (len(inf_u), len(inf_c))
            assert C.decode(u) == P and C.decode(c) == P, (u.hex(), c.hex())
            want = _ints(S, sid, P)
            assert api.decode_point(sid, u, check_subgroup=False) == want, u.hex()
            assert api.decode_point(sid, c, check_subgroup=False) == want, c.hex()
            assert api.point_mul(sid, u, 1, compressed=True) == c  # Rust writes the spec's bytes
            assert api.point_mul(sid, c, 1) == u
            seen += 1
    assert seen > len(xs) // 2  # about half the abscissas carry two points


@pytest.mark.parametrize("sid", TOYS)
def test_toy_pair_on_compressed_points_equals_uncompressed(sid):
    """The symptom of the old misread compressed encoding, on points of order r: same pairing whatever the encoding."""
    u = api.random_points(sid, 4, seed=20)
    c = api.random_points(sid, 4, seed=20, compressed=True)
    for i in range(3):
        want = api.pair(sid, u[i], u[i + 1], canonical=True)
        assert api.pair(sid, c[i], c[i + 1], canonical=True) == want
        assert api.pair(sid, u[i], c[i + 1], canonical=True) == want


@pytest.mark.parametrize("sid", OTHERS)
def test_random_points_round_trip_in_both_encodings(sid):
    groups = (1, 2) if api.asymmetric(sid) else (1,)
    pts = {}
    for g in groups:
        u = api.random_points(sid, 3, seed=21, group=g)
        c = api.random_points(sid, 3, seed=21, compressed=True, group=g)
        for a, b in zip(u, c):
            assert api.decode_point(sid, a, group=g) == api.decode_point(sid, b, group=g)
            assert api.point_mul(sid, b, 1, group=g) == a
            assert api.point_mul(sid, a, 1, group=g, compressed=True) == b
        pts[g] = (u, c)
    (u1, c1), (u2, c2) = pts[1], pts[groups[-1]]
    assert api.pair(sid, c1[0], c2[1]) == api.pair(sid, u1[0], u2[1])
