"""RFC 9380 hash-to-curve for BLS12-381 (spec/hash_to_curve.py, h2c_constants.py).

Vectors: RFC 9380 Appendix K.1 (expand_message_xmd, SHA-256, DST QUUX-V01-CS02-with-expander-SHA256-128;
also in cfrg/draft-irtf-cfrg-hash-to-curve poc/vectors/expand_message_xmd_SHA256_38.json),
Appendix J.9.1 (BLS12381G1_XMD:SHA-256_SSWU_RO_) and J.10.1 (BLS12381G2_XMD:SHA-256_SSWU_RO_), with
DST QUUX-V01-CS02-with-<suite>; the same values are in py_ecc's, zkcrypto bls12_381's and gnark's tests.
"""

import pytest

from pairkit.spec.prime import h2c_constants as C
from pairkit.spec.prime import hash_to_curve as h
from pairkit.spec.prime import params as pp

DST_XMD = b"QUUX-V01-CS02-with-expander-SHA256-128"
XMD_VECTORS = [  # (msg, len_in_bytes, uniform_bytes)
    (b"", 0x20, "68a985b87eb6b46952128911f2a4412bbc302a9d759667f87f7a21d803f07235"),
    (b"abc", 0x20, "d8ccab23b5985ccea865c6c97b6e5b8350e794e603b4b97902f53a8a0d605615"),
    (b"abcdef0123456789", 0x20, "eff31487c770a893cfb36f912fbfcbff40d5661771ca4b2cb4eafe524333f5c1"),
    (
        b"",
        0x80,
        "af84c27ccfd45d41914fdff5df25293e221afc53d8ad2ac06d5e3e29485dadbee0d121587713a3e0dd4d5e69e93eb7cd"
        "4f5df4cd103e188cf60cb02edc3edf18eda8576c412b18ffb658e3dd6ec849469b979d444cf7b26911a08e63cf31f9dcc5"
        "41708d3491184472c2c29bb749d4286b004ceb5ee6b9a7fa5b646c993f0ced",
    ),
    (
        b"abc",
        0x80,
        "abba86a6129e366fc877aab32fc4ffc70120d8996c88aee2fe4b32d6c7b6437a647e6c3163d40b76a73cf6a5674ef1d8"
        "90f95b664ee0afa5359a5c4e07985635bbecbac65d747d3d2da7ec2b8221b17b0ca9dc8a1ac1c07ea6a1e60583e2cb0005"
        "8e77b7b72a298425cd1b941ad4ec65e8afc50303a22c0f99b0509b4c895f40",
    ),
]

DST_G1 = b"QUUX-V01-CS02-with-BLS12381G1_XMD:SHA-256_SSWU_RO_"
G1_VECTORS = [  # RFC 9380 J.9.1: (msg, P.x, P.y)
    (
        b"",
        0x052926ADD2207B76CA4FA57A8734416C8DC95E24501772C814278700EED6D1E4E8CF62D9C09DB0FAC349612B759E79A1,
        0x08BA738453BFED09CB546DBB0783DBB3A5F1F566ED67BB6BE0E8C67E2E81A4CC68EE29813BB7994998F3EAE0C9C6A265,
    ),
    (
        b"abc",
        0x03567BC5EF9C690C2AB2ECDF6A96EF1C139CC0B2F284DCA0A9A7943388A49A3AEE664BA5379A7655D3C68900BE2F6903,
        0x0B9C15F3FE6E5CF4211F346271D7B01C8F3B28BE689C8429C85B67AF215533311F0B8DFAAA154FA6B88176C229F2885D,
    ),
    (
        b"abcdef0123456789",
        0x11E0B079DEA29A68F0383EE94FED1B940995272407E3BB916BBF268C263DDD57A6A27200A784CBC248E84F357CE82D98,
        0x03A87AE2CAF14E8EE52E51FA2ED8EEFE80F02457004BA4D486D6AA1F517C0889501DC7413753F9599B099EBCBBD2D709,
    ),
]

DST_G2 = b"QUUX-V01-CS02-with-BLS12381G2_XMD:SHA-256_SSWU_RO_"
G2_VECTORS = [  # RFC 9380 J.10.1: (msg, P.x = x0 + x1 I, P.y = y0 + y1 I)
    (
        b"",
        (
            0x0141EBFBDCA40EB85B87142E130AB689C673CF60F1A3E98D69335266F30D9B8D4AC44C1038E9DCDD5393FAF5C41FB78A,
            0x05CB8437535E20ECFFAEF7752BADDF98034139C38452458BAEEFAB379BA13DFF5BF5DD71B72418717047F5B0F37DA03D,
        ),
        (
            0x0503921D7F6A12805E72940B963C0CF3471C7B2A524950CA195D11062EE75EC076DAF2D4BC358C4B190C0C98064FDD92,
            0x12424AC32561493F3FE3C260708A12B7C620E7BE00099A974E259DDC7D1F6395C3C811CDD19F1E8DBF3E9ECFDCBAB8D6,
        ),
    ),
    (
        b"abc",
        (
            0x02C2D18E033B960562AAE3CAB37A27CE00D80CCD5BA4B7FE0E7A210245129DBEC7780CCC7954725F4168AFF2787776E6,
            0x139CDDBCCDC5E91B9623EFD38C49F81A6F83F175E80B06FC374DE9EB4B41DFE4CA3A230ED250FBE3A2ACF73A41177FD8,
        ),
        (
            0x1787327B68159716A37440985269CF584BCB1E621D3A7202BE6EA05C4CFE244AEB197642555A0645FB87BF7466B2BA48,
            0x00AA65DAE3C8D732D10ECD2C50F8A1BAF3001578F71C694E03866E9F3D49AC1E1CE70DD94A733534F106D4CEC0EDDD16,
        ),
    ),
]


@pytest.mark.parametrize("msg,n,expected", XMD_VECTORS)
def test_expand_message_xmd_rfc9380_k1(msg, n, expected):
    assert h.expand_message_xmd(msg, DST_XMD, n).hex() == expected


@pytest.mark.parametrize("msg,x,y", G1_VECTORS)
def test_hash_to_g1_rfc9380_j91(msg, x, y):
    P = h.hash_to_g1(msg, DST_G1)
    assert (P[0].a, P[1].a) == (x, y)
    assert pp.groups("bls12-381").g1_in_subgroup(P)


@pytest.mark.parametrize("msg,x,y", G2_VECTORS)
def test_hash_to_g2_rfc9380_j101(msg, x, y):
    Q = h.hash_to_g2(msg, DST_G2)
    assert ((Q[0].a, Q[0].b), (Q[1].a, Q[1].b)) == (x, y)
    assert pp.groups("bls12-381").g2_in_subgroup(Q)


def test_isogenies_map_into_the_curve(rng):
    """The constants of h2c_constants: points of E' (G1: 11-isogenous, G2: 3-isogenous) map onto E."""
    G, T, p = pp.groups("bls12-381"), pp.tower("bls12-381"), pp.BLS12_381.p
    from pairkit.spec.prime.curve import Curve

    (A, B, _), maps1 = h._g1_consts()
    E1p = Curve(A, B, T.fp(0), T.fp(1))
    (A2, B2, _), maps2 = h._g2_consts()
    E2p = Curve(A2, B2, T.fp2_zero(), T.fp2_one())
    for _ in range(5):
        P = None
        while P is None:
            P = E1p.lift_x(T.fp(rng.randrange(p)))
        assert G.E1.is_on_curve(h.iso_map(P, *maps1))
        Q = None
        while Q is None:
            Q = E2p.lift_x(T.fp2(rng.randrange(p), rng.randrange(p)))
        assert G.E2.is_on_curve(h.iso_map(Q, *maps2))
    # the isogeny is a group homomorphism: iso(P + P') = iso(P) + iso(P')
    P2 = E1p.double(P)
    assert h.iso_map(E1p.add(P, P2), *maps1) == G.E1.add(h.iso_map(P, *maps1), h.iso_map(P2, *maps1))


def test_clear_cofactor_g2_is_h_eff(rng):
    G, T, p = pp.groups("bls12-381"), pp.tower("bls12-381"), pp.BLS12_381.p
    R = None
    while R is None:
        R = G.E2.lift_x(T.fp2(rng.randrange(p), rng.randrange(p)))
    assert h.clear_cofactor_g2(R) == G.E2.mul(C.G2_H_EFF, R)
    # h_eff of RFC 9380 section 8.8.2 is a multiple of h2 prime to r: the image lies in G2
    assert C.G2_H_EFF % pp.BLS12_381.h2 == 0 and (C.G2_H_EFF // pp.BLS12_381.h2) % pp.BLS12_381.r != 0
    assert C.G1_H_EFF == 1 - pp.BLS12_381.u


def test_hash_to_curve_vs_py_ecc():
    from hashlib import sha256

    import py_ecc  # noqa: F401  (a pinned test dependency, never skipped)
    from py_ecc.bls.hash_to_curve import hash_to_G1, hash_to_G2
    from py_ecc.optimized_bls12_381 import normalize

    msg, dst = b"pairkit", b"PAIRKIT-TEST-V01-CS01-with-BLS12381G2_XMD:SHA-256_SSWU_RO_"
    x, y = normalize(hash_to_G2(msg, dst, sha256))
    Q = h.hash_to_g2(msg, dst)
    assert (Q[0].a, Q[0].b, Q[1].a, Q[1].b) == tuple(int(c) for c in x.coeffs + y.coeffs)
    x, y = normalize(hash_to_G1(msg, dst, sha256))
    P = h.hash_to_g1(msg, dst)
    assert (P[0].a, P[1].a) == (int(x), int(y))


def test_long_dst_is_hashed():
    long_dst = b"X" * 300
    out = h.expand_message_xmd(b"m", long_dst, 32)
    import hashlib

    assert out == h.expand_message_xmd(b"m", hashlib.sha256(b"H2C-OVERSIZE-DST-" + long_dst).digest(), 32)
