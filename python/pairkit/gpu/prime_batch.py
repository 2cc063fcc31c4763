"""Products of pairings on the device for bn254 / bls12-381: ``api.multi_pair(..., engine="gpu")`` and
BLS batch verification (``protocols.bls.Ciphersuite.batch_verify(..., engine="gpu")``, min-pk).

multi_pair: the host checks of the encodings (decode.PrimeBatch), then per chunk pk_validate, one
Miller loop per pair (pk_miller) and the chunk's product by a tree of pk_fp12_prod launches, the
chunks' products multiplied the same way, one final exponentiation (pk_final_exp). The product of
the per-pair Miller values is the Rust core's multi-Miller-loop value itself (the shared squarings
square the product; the lines multiply in; the closing conjugation and Frobenius lines are
multiplicative), so after the final exponentiation the bytes are the CPU engine's.

BLS batch verification (min-pk, the test of protocols/bls.py ``_batch``): prod e(c_i pk_i, H(m_i)) *
e(-g1, sum c_i sig_i) == 1. The host decompresses the keys and signatures (the Rust decoder without
the subgroup test) and hashes the messages (before this call, in bls.py); the device validates
every key (G1) and signature (G2) (pk_validate), computes [c_i] pk_i and [c_i] sig_i
(pk_bls_scale), sums the [c_i] sig_i (pk_g2_sum tree) and runs the n + 1 Miller loops, their
product and one final exponentiation as multi_pair does.
"""

from __future__ import annotations

from typing import cast

import numpy as np

from pairkit.errors import PairkitError
from pairkit.gpu import decode, engine, prime_source

BLS_SET = "bls12-381"
check = prime_source.check  # GpuUnsupportedError unless the prime kernels serve (set, algorithm)
is_prime_set = prime_source.is_prime_set


def _gt_one(nl: int) -> np.ndarray:
    """The identity of GT in the CPU engine's encoding: 12 coordinates of 4 nl bytes, the first 1."""
    one = np.zeros(prime_source.GT_COORDS * 4 * nl, np.uint8)
    one[4 * nl - 1] = 1
    return one


def _product_and_final_exp(k: engine.PrimeGpuKernels, prods: np.ndarray, canonical: bool) -> np.ndarray:
    """The chunks' products (m, 12 nb) -> the final exponentiation of their product, (12 nb,) uint8."""
    d = k.cp.asarray(k.words(prods))
    d = k.reduce("fp12_prod", d, prods.shape[0])
    f = k.rows(d[: prime_source.GT_COORDS * k.nl].get(), 1, prime_source.GT_COORDS)
    return k.run(f, "final_exp", canonical)[0]


def multi_pair(
    set_id: str, P: np.ndarray, Q: np.ndarray, alg: str, canonical: bool = False, max_chunk: int = engine.MAX_CHUNK
) -> bytes:
    """prod_i e(P[i], Q[i]) on the device: the same bytes and errors as the CPU engine's multi_pair
    (the empty product is 1; a bad point raises its typed error naming the lowest bad index, P
    before Q at the same index)."""
    k = engine.PrimeGpuKernels(set_id, alg)  # GpuUnavailableError before the host checks
    pb = engine.prime_batch(set_id, P, Q)
    rows = pb.rows
    cut = pb.first_host_bad()
    if cut is not None:
        k.run(rows[: cut + 1], "validate", max_chunk=max_chunk, check=pb)
        raise cast(PairkitError, pb.first_error(cut, np.zeros(1, dtype=np.uint32)))  # not reached: the run raises
    if rows.shape[0] == 0:
        return _gt_one(k.nl).tobytes()
    prods = k.run(rows, "miller", max_chunk=max_chunk, check=pb, product=True)
    return _product_and_final_exp(k, prods, canonical).tobytes()


def _fp2_inv(a: tuple[int, int], p: int) -> tuple[int, int]:
    d = pow((a[0] * a[0] + a[1] * a[1]) % p, p - 2, p)
    return a[0] * d % p, -a[1] * d % p


def _fp2_mul(a: tuple[int, int], b: tuple[int, int], p: int) -> tuple[int, int]:
    return (a[0] * b[0] - a[1] * b[1]) % p, (a[0] * b[1] + a[1] * b[0]) % p


def _g2_affine_row(words: np.ndarray, k: engine.PrimeGpuKernels) -> np.ndarray | None:
    """One projective G2 point (6 coordinates of device words, canonical) -> its affine row x.c0, x.c1,
    y.c0, y.c1 (4 nb bytes), or None for O (Z = 0)."""
    p = prime_source.constants(k.set_id)["p"]
    nb = 4 * k.nl
    row = k.rows(words, 1, 6)[0]
    c = [int.from_bytes(row[i * nb : (i + 1) * nb].tobytes(), "big") for i in range(6)]
    z = (c[4], c[5])
    if z == (0, 0):
        return None
    zi = _fp2_inv(z, p)
    x, y = _fp2_mul((c[0], c[1]), zi, p), _fp2_mul((c[2], c[3]), zi, p)
    return np.frombuffer(b"".join(v.to_bytes(nb, "big") for v in (*x, *y)), np.uint8)


def bls_batch_verify(
    pks: np.ndarray, hs: np.ndarray, sigs: np.ndarray, coeffs: list[int], neg_g1: bytes, alg: str = "optimal-ate"
) -> bool:
    """The min-pk batch test on the device: pks (n, 48 or 96) G1 keys, hs (n, 192) the messages'
    hashes to G2 (uncompressed, from the Rust core), sigs (n, 96 or 192) G2 signatures, coeffs the
    n non-zero coefficients (< 2^256), neg_g1 = -g1 uncompressed. False for a key that is the identity
    or does not decode, lies off the curve or outside G1; for a signature likewise (the identity
    signature is allowed and contributes nothing); True iff the pairing product is 1."""
    k = engine.PrimeGpuKernels(BLS_SET, alg)
    n, nb = pks.shape[0], 4 * k.nl
    if n == 0:
        return True
    if not (hs.shape[0] == sigs.shape[0] == len(coeffs) == n):
        raise PairkitError(
            f"bls batch: {n} keys, {hs.shape[0]} hashes, {sigs.shape[0]} signatures, {len(coeffs)} coefficients"
        )
    pk_rows, pk_bad = decode.prime_parse(BLS_SET, pks, 1)
    sig_rows, sig_bad = decode.prime_parse(BLS_SET, sigs, 2)
    h_rows, h_bad = decode.prime_parse(BLS_SET, hs, 2)
    if pk_bad.any() or h_bad.any():
        return False  # a key that does not decode or is the identity (KeyValidate fails)
    ident = np.zeros(n, dtype=bool)
    for i in np.flatnonzero(sig_bad):  # the identity signature is valid (and adds nothing); others are not
        if decode.prime_point_is_identity(BLS_SET, sigs[i].tobytes(), 2) is not True:
            return False
        ident[i] = True
    sig_rows[ident] = h_rows[ident]  # any valid G2 point in their place; their [c] sig is dropped below
    coeff_rows = np.zeros((n, nb), np.uint8)
    for j, c in enumerate(coeffs):
        coeff_rows[j] = np.frombuffer(int(c).to_bytes(nb, "big"), np.uint8)
    cp = k.cp
    d_in = cp.asarray(k.words(np.hstack([pk_rows, sig_rows, coeff_rows])))
    d_vst = k.apply("validate", d_in, n)[1]
    if d_vst[:n].get().any():
        return False  # a key or signature off its curve or outside its subgroup
    d_sc, d_st = k.apply("bls_scale", d_in, n)
    scaled = k.rows(d_sc[: 8 * k.nl * n].get(), n, 8)
    keep = ~d_st[:n].get().astype(bool)  # [c] pk = O (c a multiple of r): e(O, .) = 1
    proj = scaled[:, 2 * nb :][~ident]
    pairs = [np.hstack([scaled[keep, : 2 * nb], h_rows[keep]])]
    if proj.shape[0]:
        d_s = k.reduce("g2_sum", cp.asarray(k.words(np.ascontiguousarray(proj))), proj.shape[0])
        s = _g2_affine_row(d_s[: 6 * k.nl].get(), k)
        if s is not None:
            g = np.frombuffer(neg_g1, np.uint8)
            pairs.append(np.hstack([g, s])[None, :])
    rows = np.ascontiguousarray(np.vstack(pairs))
    if rows.shape[0] == 0:
        return True
    prods = k.run(rows, "miller", product=True)
    return bool((_product_and_final_exp(k, prods, False) == _gt_one(k.nl)).all())
