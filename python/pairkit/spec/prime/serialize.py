"""Encodings of G1, G2, GT points for typea-512, bn254 and bls12-381 (the formats users already have).

bls12-381: the ZCash format (zkcrypto/pairing "serialization" notes; draft-irtf-cfrg-pairing-friendly-
  curves-11 Appendix C; IETF BLS signatures draft section 2.6): big-endian coordinates, F_{p^2}
  elements as c1 || c0 (imaginary part first), three flag bits in the top of the first byte:
    0x80 C: compressed;  0x40 I: the point at infinity (all other bits zero);
    0x20 S: (compressed only) y is the lexicographically largest of {y, -y}: for F_p, y > (p-1)/2; for
            F_{p^2}, compare c1 first and c0 only when c1 = 0.
  G1: 48 bytes compressed, 96 uncompressed; G2: 96 compressed, 192 uncompressed.
bn254: EIP-196 (G1: x || y, 32 bytes each, big-endian, (0, 0) = O) and EIP-197 (G2: 128 bytes
  x_im || x_re || y_im || y_re, i.e. "a i + b" encoded as a || b; all zero = O).  Coordinates >= p are
  rejected (EIP-196 "invalid input"), as are points off the curve and (EIP-197) G2 points outside
  the order-r subgroup.
typea-512: x || y, 64 bytes each big-endian (PBC's element_to_bytes for Type A points); the point at
  infinity is 128 bytes of 0xFF (never a valid coordinate; (0, 0) is a curve point of order 2).
GT: F_{q^2} as a || b (a + b i, 64 bytes each) for typea; F_{p^12} as its 12 F_p coordinates in the
  tower order of spec.prime.tower.Fp12.coeffs() (c0.c0.re, c0.c0.im, c0.c1.re, ..., c1.c2.im), each big-endian
  of the field size (32 / 48 bytes).  Decoding checks canonical coordinates and membership in the
  order-r subgroup of the multiplicative group.

Decoding raises pairkit.errors: EncodingError (length, flags, coordinate >= p), NotOnCurveError,
NotInSubgroupError, PointAtInfinityError (when ``allow_infinity`` is false).
"""

from __future__ import annotations

from pairkit.errors import EncodingError, NotInSubgroupError, NotOnCurveError, PointAtInfinityError
from pairkit.spec.prime.params import SETS, groups, tower

_FLAG_C, _FLAG_I, _FLAG_S = 0x80, 0x40, 0x20


def _nbytes(set_id: str) -> int:
    return (SETS[set_id].p.bit_length() + 7) // 8


def _int(data: bytes, p: int) -> int:
    v = int.from_bytes(data, "big")
    if v >= p:
        raise EncodingError("field element not canonical (>= p)")
    return v


def _check_len(data: bytes, n: int, what: str):
    if not isinstance(data, (bytes, bytearray)) or len(data) != n:
        raise EncodingError(
            f"{what}: expected {n} bytes, got {len(data) if hasattr(data, '__len__') else type(data).__name__}"
        )


def _finish(G, P, group: int, allow_infinity: bool, subgroup_check: bool):
    if P is None:
        if not allow_infinity:
            raise PointAtInfinityError(f"G{group} point is the point at infinity")
        return None
    if subgroup_check:
        return G.check_g1(P) if group == 1 else G.check_g2(P)
    if not (G.E1 if group == 1 else G.E2).is_on_curve(P):
        raise NotOnCurveError(f"G{group} point is not on the curve")
    return P


# -- bls12-381: ZCash format --------------------------------------------------------------------
def _lex_largest_fp(y: int, p: int) -> bool:
    return y > (p - 1) // 2


def _lex_largest_fp2(y, p: int) -> bool:
    return _lex_largest_fp(y.b, p) if y.b != 0 else _lex_largest_fp(y.a, p)


def bls_encode(P, group: int, compressed: bool = True) -> bytes:
    S = SETS["bls12-381"]
    n = 48 * group
    if P is None:
        out = bytearray(n if compressed else 2 * n)
        out[0] = (_FLAG_C if compressed else 0) | _FLAG_I
        return bytes(out)
    x, y = P
    if group == 1:
        xb = x.a.to_bytes(48, "big")
        yb = y.a.to_bytes(48, "big")
        largest = _lex_largest_fp(y.a, S.p)
    else:
        xb = x.b.to_bytes(48, "big") + x.a.to_bytes(48, "big")
        yb = y.b.to_bytes(48, "big") + y.a.to_bytes(48, "big")
        largest = _lex_largest_fp2(y, S.p)
    if compressed:
        out = bytearray(xb)
        out[0] |= _FLAG_C | (_FLAG_S if largest else 0)
        return bytes(out)
    return xb + yb


def bls_decode(data: bytes, group: int, allow_infinity: bool = True, subgroup_check: bool = True):
    """ZCash-format bytes -> point (None for O); the length selects compressed or not."""
    S, G, T = SETS["bls12-381"], groups("bls12-381"), tower("bls12-381")
    n = 48 * group
    if not isinstance(data, (bytes, bytearray)) or len(data) not in (n, 2 * n):
        _check_len(data, n, f"bls12-381 G{group}")
    flags = data[0] & 0xE0
    c, inf, s = bool(flags & _FLAG_C), bool(flags & _FLAG_I), bool(flags & _FLAG_S)
    if c != (len(data) == n):
        raise EncodingError("compression flag does not match the length")
    body = bytes([data[0] & 0x1F]) + bytes(data[1:])
    if inf:
        if s or any(body):
            raise EncodingError("infinity flag with non-zero bits")
        return _finish(G, None, group, allow_infinity, subgroup_check)
    if not c and s:
        raise EncodingError("sign flag set in the uncompressed format")

    def fe(chunk: bytes):
        if group == 1:
            return T.fp(_int(chunk, S.p))
        return T.fp2(_int(chunk[48:], S.p), _int(chunk[:48], S.p))  # c1 || c0

    x = fe(body[:n])
    E = G.E1 if group == 1 else G.E2
    if c:
        P = E.lift_x(x)
        if P is None:
            raise NotOnCurveError(f"no G{group} point with this x")
        y = P[1]
        largest = _lex_largest_fp(y.a, S.p) if group == 1 else _lex_largest_fp2(y, S.p)
        if largest != s:
            y = -y
        P = (x, y)
    else:
        P = (x, fe(body[n:]))
    return _finish(G, P, group, allow_infinity, subgroup_check)


# -- bn254: EIP-196 / EIP-197 ------------------------------------------------------------------
def bn_encode(P, group: int) -> bytes:
    if P is None:
        return bytes(64 * group)
    x, y = P
    if group == 1:
        return x.a.to_bytes(32, "big") + y.a.to_bytes(32, "big")
    return b"".join(v.to_bytes(32, "big") for v in (x.b, x.a, y.b, y.a))


def bn_decode(data: bytes, group: int, allow_infinity: bool = True, subgroup_check: bool = True):
    S, G, T = SETS["bn254"], groups("bn254"), tower("bn254")
    _check_len(data, 64 * group, f"bn254 G{group}")
    v = [_int(data[32 * k : 32 * k + 32], S.p) for k in range(2 * group)]
    if not any(v):
        return _finish(G, None, group, allow_infinity, subgroup_check)
    if group == 1:
        P = (T.fp(v[0]), T.fp(v[1]))
    else:
        P = (T.fp2(v[1], v[0]), T.fp2(v[3], v[2]))  # imaginary part first (EIP-197)
    return _finish(G, P, group, allow_infinity, subgroup_check)


# -- typea-512 -----------------------------------------------------------------------------------
def typea_encode(P) -> bytes:
    if P is None:
        return b"\xff" * 128
    return P[0].a.to_bytes(64, "big") + P[1].a.to_bytes(64, "big")


def typea_decode(data: bytes, allow_infinity: bool = True, subgroup_check: bool = True):
    S, G, T = SETS["typea-512"], groups("typea-512"), tower("typea-512")
    _check_len(data, 128, "typea-512 point")
    if data == b"\xff" * 128:
        return _finish(G, None, 1, allow_infinity, subgroup_check)
    P = (T.fp(_int(data[:64], S.p)), T.fp(_int(data[64:], S.p)))
    return _finish(G, P, 1, allow_infinity, subgroup_check)


# -- GT ------------------------------------------------------------------------------------------
def gt_encode(set_id: str, f) -> bytes:
    n = _nbytes(set_id)
    coeffs = [f.a, f.b] if set_id == "typea-512" else f.coeffs()
    return b"".join(c.to_bytes(n, "big") for c in coeffs)


def gt_decode(set_id: str, data: bytes, subgroup_check: bool = True):
    S, T, n = SETS[set_id], tower(set_id), _nbytes(set_id)
    k = 2 if set_id == "typea-512" else 12
    _check_len(data, k * n, f"{set_id} GT element")
    c = [_int(data[j * n : (j + 1) * n], S.p) for j in range(k)]
    f = T.fp2(*c) if k == 2 else T.fp12_from_ints(c)
    one = T.fp2_one() if k == 2 else T.fp12_one()
    if subgroup_check and f**S.r != one:
        raise NotInSubgroupError("GT element is not in the order-r subgroup of the multiplicative group")
    return f


# -- dispatch ------------------------------------------------------------------------------------
def encode_point(set_id: str, P, group: int = 1, compressed: bool = False) -> bytes:
    if set_id == "bls12-381":
        return bls_encode(P, group, compressed)
    if compressed:
        raise EncodingError(f"{set_id}: no compressed format")
    if set_id == "bn254":
        return bn_encode(P, group)
    return typea_encode(P)


def decode_point(set_id: str, data: bytes, group: int = 1, allow_infinity: bool = True, subgroup_check: bool = True):
    if set_id == "bls12-381":
        return bls_decode(data, group, allow_infinity, subgroup_check)
    if set_id == "bn254":
        return bn_decode(data, group, allow_infinity, subgroup_check)
    return typea_decode(data, allow_infinity, subgroup_check)
