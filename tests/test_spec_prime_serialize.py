"""Encodings (spec/serialize_prime.py): ZCash format vs py_ecc, EIP-196/197, typea, GT; bad input."""

import pytest

from pairkit.errors import EncodingError, NotInSubgroupError, NotOnCurveError, PointAtInfinityError
from pairkit.spec.prime import params as pp
from pairkit.spec.prime import serialize as sp

BLS_G1_GEN_COMPRESSED = (  # the well-known compressed BLS12-381 generator (ZCash / IETF BLS signatures)
    "97f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb"
)


def _rand(sid, group, rng):
    G = pp.groups(sid)
    E, gen = (G.E1, G.G1) if group == 1 else (G.E2, G.G2)
    return E.mul(rng.randrange(1, G.r), gen)


def test_bls_generator_bytes():
    G = pp.groups("bls12-381")
    assert sp.bls_encode(G.G1, 1).hex() == BLS_G1_GEN_COMPRESSED
    unc = sp.bls_encode(G.G1, 1, compressed=False)
    assert unc[:48].hex() == "17" + BLS_G1_GEN_COMPRESSED[2:] and len(unc) == 96
    assert sp.bls_encode(None, 1) == b"\xc0" + bytes(47)
    assert sp.bls_encode(None, 2, compressed=False) == b"\x40" + bytes(191)


@pytest.mark.parametrize("group", [1, 2])
def test_bls_vs_py_ecc(group, rng):
    import py_ecc  # noqa: F401  (a pinned test dependency, never skipped)
    from py_ecc.bls.point_compression import compress_G1, compress_G2, decompress_G1, decompress_G2
    from py_ecc.optimized_bls12_381 import G1, G2, multiply, normalize

    G = pp.groups("bls12-381")
    for _ in range(3):
        k = rng.randrange(1, G.r)
        P = (G.E1 if group == 1 else G.E2).mul(k, G.G1 if group == 1 else G.G2)
        if group == 1:
            ref = compress_G1(multiply(G1, k)).to_bytes(48, "big")
        else:
            z1, z2 = compress_G2(multiply(G2, k))
            ref = z1.to_bytes(48, "big") + z2.to_bytes(48, "big")
        enc = sp.bls_encode(P, group)
        assert enc == ref
        assert sp.bls_decode(enc, group) == P
        assert sp.bls_decode(sp.bls_encode(P, group, compressed=False), group) == P
        back = (
            decompress_G1(int.from_bytes(enc, "big"))
            if group == 1
            else decompress_G2((int.from_bytes(enc[:48], "big"), int.from_bytes(enc[48:], "big")))
        )
        x, _ = normalize(back)
        assert (int(x) if group == 1 else tuple(int(c) for c in x.coeffs)) == (
            P[0].a if group == 1 else (P[0].a, P[0].b)
        )
    for comp in (True, False):
        assert sp.bls_decode(sp.bls_encode(None, group, comp), group) is None


@pytest.mark.parametrize("group", [1, 2])
def test_bls_bad_input(group, rng, off_subgroup):
    n = 48 * group
    P = _rand("bls12-381", group, rng)
    enc = bytearray(sp.bls_encode(P, group))
    with pytest.raises(EncodingError):
        sp.bls_decode(bytes(enc[:-1]), group)  # wrong length
    bad = bytearray(enc)
    bad[0] &= 0x7F  # compressed length without the C flag
    with pytest.raises(EncodingError):
        sp.bls_decode(bytes(bad), group)
    unc = bytearray(sp.bls_encode(P, group, compressed=False))
    unc[0] |= 0x20  # S flag in the uncompressed format
    with pytest.raises(EncodingError):
        sp.bls_decode(bytes(unc), group)
    inf = bytearray(sp.bls_encode(None, group))
    inf[-1] = 1  # infinity with a non-zero bit
    with pytest.raises(EncodingError):
        sp.bls_decode(bytes(inf), group)
    inf = bytearray(sp.bls_encode(None, group))
    inf[0] |= 0x20  # infinity with the sign flag
    with pytest.raises(EncodingError):
        sp.bls_decode(bytes(inf), group)
    with pytest.raises(PointAtInfinityError):
        sp.bls_decode(sp.bls_encode(None, group), group, allow_infinity=False)
    # x >= p (non-canonical)
    p_bytes = bytearray(pp.BLS12_381.p.to_bytes(48, "big"))
    p_bytes[0] |= 0x80
    big = bytes(p_bytes) + bytes(n - 48) if group == 1 else bytes(p_bytes) + bytes(48)
    with pytest.raises(EncodingError):
        sp.bls_decode(big, group)
    # off the curve (uncompressed, y + 1) and not in the subgroup
    T = pp.tower("bls12-381")
    one = T.fp(1) if group == 1 else T.fp2_one()
    off = sp.bls_encode((P[0], P[1] + one), group, compressed=False)
    with pytest.raises(NotOnCurveError):
        sp.bls_decode(off, group)
    R = off_subgroup("bls12-381", group, rng)
    with pytest.raises(NotInSubgroupError):
        sp.bls_decode(sp.bls_encode(R, group), group)
    assert sp.bls_decode(sp.bls_encode(R, group), group, subgroup_check=False) == R
    # an x with no point: NotOnCurve from the compressed form
    E = pp.groups("bls12-381").E1 if group == 1 else pp.groups("bls12-381").E2
    x = T.fp(1) if group == 1 else T.fp2(1, 1)
    while E.lift_x(x) is not None:
        x = x + one
    with pytest.raises(NotOnCurveError):
        sp.bls_decode(sp.bls_encode((x, one), group), group)


def test_bn254_eip196_197(rng, off_subgroup):
    G, S = pp.groups("bn254"), pp.BN254
    assert sp.bn_encode(G.G1, 1) == (1).to_bytes(32, "big") + (2).to_bytes(32, "big")
    enc2 = sp.bn_encode(G.G2, 2)
    # EIP-197: the imaginary part first
    assert enc2[:32] == S.g2[0][1].to_bytes(32, "big") and enc2[32:64] == S.g2[0][0].to_bytes(32, "big")
    assert enc2[64:96] == S.g2[1][1].to_bytes(32, "big")
    for group in (1, 2):
        P = _rand("bn254", group, rng)
        assert sp.bn_decode(sp.bn_encode(P, group), group) == P
        assert sp.bn_decode(bytes(64 * group), group) is None
        with pytest.raises(EncodingError):
            sp.bn_decode(bytes(64 * group - 1), group)
        with pytest.raises(EncodingError):  # coordinate = p
            sp.bn_decode(S.p.to_bytes(32, "big") + bytes(64 * group - 32), group)
    with pytest.raises(NotOnCurveError):
        sp.bn_decode((1).to_bytes(32, "big") + (3).to_bytes(32, "big"), 1)
    R = off_subgroup("bn254", 2, rng)
    with pytest.raises(NotInSubgroupError):
        sp.bn_decode(sp.bn_encode(R, 2), 2)


def test_typea_encoding(rng):
    S, T = pp.TYPEA_512, pp.tower("typea-512")
    P = _rand("typea-512", 1, rng)
    enc = sp.typea_encode(P)
    assert len(enc) == 128 and sp.typea_decode(enc) == P
    assert sp.typea_decode(sp.typea_encode(None)) is None
    with pytest.raises(NotInSubgroupError):  # (0, 0) has order 2
        sp.typea_decode(bytes(128))
    with pytest.raises(EncodingError):
        sp.typea_decode(S.p.to_bytes(64, "big") + bytes(64))
    with pytest.raises(EncodingError):
        sp.typea_decode(enc + b"\x00")
    with pytest.raises(NotOnCurveError):
        sp.typea_decode(sp.typea_encode((P[0], P[1] + T.fp(1))))


@pytest.mark.parametrize("sid", list(pp.SETS))
def test_gt_encoding(sid, rng):
    from pairkit.spec.prime import ate as pa
    from pairkit.spec.prime import typea as pt

    G = pp.groups(sid)
    if sid == "typea-512":
        e = pt.pair(G.G1, G.G1)
        n = 128
    else:
        e = pa.final_exponentiation(sid, pa.miller_loop(sid, G.G1, G.G2))
        n = 12 * ((pp.SETS[sid].p.bit_length() + 7) // 8)
    enc = sp.gt_encode(sid, e)
    assert len(enc) == n and sp.gt_decode(sid, enc) == e
    bad = (1).to_bytes(n // (2 if sid == "typea-512" else 12), "big")
    bad = bad + bad[:-1] + b"\x02" + enc[2 * len(bad) :]  # an element outside mu_r
    with pytest.raises(NotInSubgroupError):
        sp.gt_decode(sid, bad)
    with pytest.raises(EncodingError):
        sp.gt_decode(sid, enc[:-1])
