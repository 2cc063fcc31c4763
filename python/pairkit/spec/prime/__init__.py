"""pairkit.spec.prime: the large-characteristic family: typea-512 (seed 002), bn254, bls12-381.

fp.py        GF(p) on Python ints
tower.py     F_{p^2}, F_{p^6}, F_{p^12} and F_{q^2}
curve.py     short Weierstrass curves over GF(p) and F_{p^2} (G1, G2)
params.py    the sets' parameters (BN/BLS primes from u; re-checked by gen/derive_params_prime.py with PARI/GP)
ate.py       the optimal ate pairing (bn254, bls12-381): optimal-ate (the peers' value), optimal-ate-reduced
typea.py     the Tate pairing of typea-512 (seed 002 Alg. 1, distortion (x, y) -> (-x, iy))
serialize.py the encodings users have; hash_to_curve.py, h2c_constants.py RFC 9380 for BLS12-381
trace.py     symbolic execution recording every GF(p) operation
"""
