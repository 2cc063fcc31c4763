"""Hashing to G1 and G2 of BLS12-381: RFC 9380, suites BLS12381G1_XMD:SHA-256_SSWU_RO_ and
BLS12381G2_XMD:SHA-256_SSWU_RO_ (section 8.8).

  hash_to_curve(msg) (section 3):  u0, u1 = hash_to_field(msg, 2)
                                   R = map_to_curve(u0) + map_to_curve(u1);  P = clear_cofactor(R)
  expand_message_xmd (section 5.3.1) with SHA-256 (b = 32, s = 64 bytes), DSTs longer than 255
      bytes hashed first (section 5.3.3);
  hash_to_field (section 5.2): L = ceil((ceil(log2 p) + k)/8) = 64 bytes per F_p coordinate, k = 128;
  map_to_curve = iso_map o map_to_curve_simple_swu on E' (sections 6.6.2 and 6.6.3), the isogeny
      of degree 11 (G1, Appendix E.2) or 3 (G2, Appendix E.3), constants in h2c_constants.py;
  clear_cofactor: G1 by h_eff = 1 - u (section 8.8.1); G2 by the psi-based method of Budroni-
      Pintore (eprint 2017/419), RFC 9380 Appendix G.3, equal to [h_eff] with the h_eff of 8.8.2.
The straight-line SSWU of section 6.6.2 is used (not the constant-time optimised one of F.2):
readability over speed; the outputs are the same.
"""

from __future__ import annotations

import hashlib

from pairkit.errors import EncodingError
from pairkit.spec.prime import h2c_constants as C
from pairkit.spec.prime.params import BLS12_381, groups, tower

SET_ID = "bls12-381"
SUITE_G1 = b"BLS12381G1_XMD:SHA-256_SSWU_RO_"
SUITE_G2 = b"BLS12381G2_XMD:SHA-256_SSWU_RO_"
_L = 64  # bytes per field coordinate (section 8.8: L = 64 for both suites)


# -- section 5.3.1 -----------------------------------------------------------------------------
def expand_message_xmd(msg: bytes, dst: bytes, len_in_bytes: int) -> bytes:
    b_in_bytes, s_in_bytes = 32, 64  # SHA-256
    if len(dst) > 255:
        dst = hashlib.sha256(b"H2C-OVERSIZE-DST-" + dst).digest()  # section 5.3.3
    ell = -(-len_in_bytes // b_in_bytes)
    if ell > 255 or len_in_bytes > 65535:
        raise EncodingError("expand_message_xmd: len_in_bytes too large")
    dst_prime = dst + bytes([len(dst)])
    z_pad = bytes(s_in_bytes)
    l_i_b_str = len_in_bytes.to_bytes(2, "big")
    msg_prime = z_pad + msg + l_i_b_str + b"\x00" + dst_prime
    b0 = hashlib.sha256(msg_prime).digest()
    b = [hashlib.sha256(b0 + b"\x01" + dst_prime).digest()]
    for i in range(2, ell + 1):
        prev = bytes(x ^ y for x, y in zip(b0, b[-1]))
        b.append(hashlib.sha256(prev + bytes([i]) + dst_prime).digest())
    return b"".join(b)[:len_in_bytes]


# -- section 5.2 -------------------------------------------------------------------------------
def hash_to_field(msg: bytes, count: int, dst: bytes, m: int):
    """count elements of F_{p^m} (m = 1: Fp, m = 2: Fp2 = (e0, e1))."""
    T, p = tower(SET_ID), BLS12_381.p
    uniform = expand_message_xmd(msg, dst, count * m * _L)
    out = []
    for i in range(count):
        e = [int.from_bytes(uniform[_L * (j + i * m) : _L * (j + i * m + 1)], "big") % p for j in range(m)]
        out.append(T.fp(e[0]) if m == 1 else T.fp2(e[0], e[1]))
    return out


# -- section 6.6.2: simplified SWU on E': y^2 = x^3 + A x + B (A B != 0) ---------------------------
def map_to_curve_simple_swu(u, A, B, Z):
    tv1 = Z.square() * u.square().square() + Z * u.square()
    if tv1.is_zero():  # exceptional case (u = 0 and the like)
        x1 = B / (Z * A)
    else:
        x1 = (-B / A) * (tv1.inverse() + _one(u))
    gx1 = x1.square() * x1 + A * x1 + B
    x2 = Z * u.square() * x1
    gx2 = x2.square() * x2 + A * x2 + B
    if gx1.is_square():
        x, y = x1, gx1.sqrt()
    else:
        x, y = x2, gx2.sqrt()
    if u.sgn0() != y.sgn0():
        y = -y
    return (x, y)


def _one(u):
    """1 in the field of u (Fp or Fp2)."""
    return u.T.fp2_one() if hasattr(u, "b") else u.T.fp(1)


# -- section 6.6.3: the isogeny map E' -> E ------------------------------------------------------
def _horner(coeffs, x):
    acc = None
    for c in reversed(coeffs):
        acc = c if acc is None else acc * x + c
    return acc


def iso_map(P, xnum, xden, ynum, yden):
    if P is None:
        return None
    x, y = P
    xd, yd = _horner(xden, x), _horner(yden, x)
    if xd.is_zero() or yd.is_zero():
        return None  # a point of the kernel: maps to the identity
    return (_horner(xnum, x) / xd, y * _horner(ynum, x) / yd)


def _g1_consts():
    T = tower(SET_ID)
    f = [T.fp(c) for c in (C.G1_A, C.G1_B, C.G1_Z)]
    maps = [[T.fp(c) for c in lst] for lst in (C.G1_XNUM, C.G1_XDEN, C.G1_YNUM, C.G1_YDEN)]
    return f, maps


def _g2_consts():
    T = tower(SET_ID)
    f = [T.fp2(*c) for c in (C.G2_A, C.G2_B, C.G2_Z)]
    maps = [[T.fp2(*c) for c in lst] for lst in (C.G2_XNUM, C.G2_XDEN, C.G2_YNUM, C.G2_YDEN)]
    return f, maps


def map_to_curve_g1(u):
    (A, B, Z), maps = _g1_consts()
    return iso_map(map_to_curve_simple_swu(u, A, B, Z), *maps)


def map_to_curve_g2(u):
    (A, B, Z), maps = _g2_consts()
    return iso_map(map_to_curve_simple_swu(u, A, B, Z), *maps)


# -- clear_cofactor ----------------------------------------------------------------------------
def clear_cofactor_g1(P):
    return groups(SET_ID).E1.mul(C.G1_H_EFF, P)


def clear_cofactor_g2(P):
    """RFC 9380 Appendix G.3 (Budroni-Pintore): [h_eff] P with two psi maps and two [u] products."""
    G = groups(SET_ID)
    E, c1 = G.E2, BLS12_381.u  # c1 = -0xd201000000010000
    t1 = E.mul(c1, P)
    t2 = G.psi(P)
    t3 = G.psi(G.psi(E.double(P)))
    t3 = E.sub(t3, t2)
    t2 = E.add(t1, t2)
    t2 = E.mul(c1, t2)
    t3 = E.add(t3, t2)
    t3 = E.sub(t3, t1)
    return E.sub(t3, P)


# -- section 3 ---------------------------------------------------------------------------------
def hash_to_g1(msg: bytes, dst: bytes):
    u0, u1 = hash_to_field(msg, 2, dst, 1)
    R = groups(SET_ID).E1.add(map_to_curve_g1(u0), map_to_curve_g1(u1))
    return clear_cofactor_g1(R)


def hash_to_g2(msg: bytes, dst: bytes):
    u0, u1 = hash_to_field(msg, 2, dst, 2)
    R = groups(SET_ID).E2.add(map_to_curve_g2(u0), map_to_curve_g2(u1))
    return clear_cofactor_g2(R)
