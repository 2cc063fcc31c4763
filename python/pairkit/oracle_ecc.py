"""The independent oracle for bn254 and bls12-381: py_ecc (the Ethereum reference implementation).

py_ecc is a test / demo dependency (pinned in pyproject.toml's ``test`` extra), never a
run-time one. Nothing here shares code with the spec or the Rust core: points go in as affine
integers, py_ecc computes ``pairing(Q, P)`` in its own F_{p^12} = F_p[w]/(w^12 - 2 xi0 w^6 +
xi0^2 + 1) (w^6 = xi = xi0 + i, xi0 = 9 for bn254, 1 for bls12-381), and the result is rewritten
in pairkit's tower coordinates (F_{p^12} = F_{p^6}[w]/(w^2 - v), F_{p^6} = F_{p^2}[v]/(v^3 - xi):
the coefficient of v^a w^b sits at tower index 3b + a, and w^j = v^(j div 2) w^(j mod 2)).

Relation (established by tests/test_spec_prime_pairing.py): pairkit's e(P, Q) equals py_ecc's
value for bn254 and its inverse for bls12-381 (py_ecc iterates over |u| without the conjugation
that the negative u requires; blst, zkcrypto/bls12_381 and the IETF draft conjugate). The inverse
of a unitary element is its conjugate: the w-odd half negated.
"""

from __future__ import annotations

from pairkit.extras import require

_XI0 = {"bn254": 9, "bls12-381": 1}


def _mod(set_id: str):
    if set_id == "bn254":
        return require("py_ecc.optimized_bn128", "the py_ecc oracle")
    if set_id == "bls12-381":
        return require("py_ecc.optimized_bls12_381", "the py_ecc oracle")
    raise ValueError(f"py_ecc has no {set_id}")


def pairing(set_id: str, P: tuple[int, int], Q: tuple[tuple[int, int], tuple[int, int]]) -> list[int]:
    """pairkit's optimal ate e(P, Q), computed by py_ecc, as 12 tower coordinates.

    P = (x, y) affine in G1; Q = ((x0, x1), (y0, y1)) affine in G2 (x = x0 + x1 i)."""
    m = _mod(set_id)
    FQ, FQ2 = m.FQ, m.FQ2
    Pp = (FQ(P[0]), FQ(P[1]), FQ(1))
    Qp = (FQ2(list(Q[0])), FQ2(list(Q[1])), FQ2([1, 0]))
    if not m.is_on_curve(Pp, m.b) or not m.is_on_curve(Qp, m.b2):
        raise ValueError("py_ecc: point not on the curve")
    f = [int(c) for c in m.pairing(Qp, Pp).coeffs]
    p, xi0 = m.field_modulus, _XI0[set_id]
    out = [0] * 12
    for j in range(6):  # f_j w^j + f_{j+6} w^{j+6} = (f_j + xi0 f_{j+6} + f_{j+6} i) w^j
        a, b = (f[j] + xi0 * f[j + 6]) % p, f[j + 6] % p
        k = 3 * (j % 2) + j // 2  # w^j = v^(j div 2) w^(j mod 2)
        out[2 * k], out[2 * k + 1] = a, b
    if set_id == "bls12-381":
        out = out[:6] + [(-c) % p for c in out[6:]]
    return out
