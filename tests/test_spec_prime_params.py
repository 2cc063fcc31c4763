"""Parameters of typea-512, bn254, bls12-381 (spec/params_prime.py): every constant derived or checked."""

import random
import subprocess
import sys
from pathlib import Path

import pytest

from pairkit.spec.prime import params as pp

ROOT = Path(__file__).resolve().parents[1]


def _is_probable_prime(n: int) -> bool:
    rng = random.Random(n)
    if n < 4:
        return n in (2, 3)
    d, s = n - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    for _ in range(32):
        x = pow(rng.randrange(2, n - 1), d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


@pytest.mark.parametrize("sid", list(pp.SETS))
def test_primes_and_embedding_degree(sid):
    S = pp.SETS[sid]
    assert _is_probable_prime(S.p) and _is_probable_prime(S.r)
    assert S.p % 4 == 3
    k = next(j for j in range(1, 25) if pow(S.p, j, S.r) == 1)
    assert k == S.k


def test_family_polynomials():
    bn, bls = pp.BN254, pp.BLS12_381
    assert bn.p == pp.bn_p(bn.u) and bn.r == pp.bn_r(bn.u)
    assert bn.p == 21888242871839275222246405745257275088696311157297823662689037894645226208583
    assert bn.p + 1 - (6 * bn.u**2 + 1) == bn.h1 * bn.r  # #E = p + 1 - t
    assert bls.p == pp.bls12_p(bls.u) and bls.r == pp.bls12_r(bls.u)
    assert bls.p.bit_length() == 381 and bls.r.bit_length() == 255
    assert bls.p + 1 - (bls.u + 1) == bls.h1 * bls.r
    assert bls.h1 == 0x396C8C005555E1568C00AAAB0000AAAB
    A = pp.TYPEA_512
    assert A.r == 2**159 + 2**107 + 1 and A.p + 1 == A.h1 * A.r and A.p.bit_length() == 512


def test_twist_coefficients():
    for S in (pp.BN254, pp.BLS12_381):
        T = pp.tower(S.id)
        b2, xi = T.fp2(*S.b2), T.fp2(*S.xi)
        assert b2 == (T.fp2(S.b) / xi if S.twist == "D" else T.fp2(S.b) * xi)


@pytest.mark.parametrize("sid", list(pp.SETS))
def test_generators_and_group_orders(sid, rng):
    S, G = pp.SETS[sid], pp.groups(sid)
    assert G.E1.is_on_curve(G.G1) and G.E1.mul(S.r, G.G1) is None
    T = G.T
    # a random point of E(F_p) is killed by h1 r = #E(F_p)
    R = None
    while R is None:
        R = G.E1.lift_x(T.fp(rng.randrange(S.p)))
    assert G.E1.mul(S.h1 * S.r, R) is None
    if S.g2 is not None:
        assert G.E2.is_on_curve(G.G2) and G.E2.mul(S.r, G.G2) is None
        R = None
        while R is None:
            R = G.E2.lift_x(T.fp2(rng.randrange(S.p), rng.randrange(S.p)))
        assert G.E2.mul(S.h2 * S.r, R) is None


def test_typea_generator_rederived():
    assert pp.typea_generator() == pp.TYPEA_512.g1


def test_generators_match_py_ecc():
    import py_ecc  # noqa: F401  (a pinned test dependency, never skipped)
    from py_ecc import bls12_381 as bls
    from py_ecc import bn128 as bn

    for S, mod in ((pp.BN254, bn), (pp.BLS12_381, bls)):
        assert (int(mod.G1[0]), int(mod.G1[1])) == S.g1
        gx, gy = mod.G2
        assert (tuple(int(c) for c in gx.coeffs), tuple(int(c) for c in gy.coeffs)) == S.g2
        assert mod.curve_order == S.r and mod.field_modulus == S.p


def test_pari_script():
    """gen/derive_params_prime.py: PARI's ellcard of E and of the twist, orders, degrees."""
    import cypari2  # noqa: F401

    out = subprocess.run(
        [sys.executable, str(ROOT / "gen" / "derive_params_prime.py")], capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "FAIL" not in out.stdout and out.stdout.count(" ok") >= 20
