"""Boneh-Franklin identity-based encryption (docs/PROTOCOLS.md).

Two instantiations:

* **RFC 5091** (``pairkit.protocols.ibe_rfc5091``, re-exported here as ``rfc5091``): BasicIdent and the
  RFC's BF (FullIdent) on its type-1 curve y^2 = x^3 + 1, pure Python, checked against the RFC's test data.
* **bls12-381** (this module): FullIdent of Boneh-Franklin (CRYPTO 2001, section 4.2) in the
  asymmetric setting over the native pairing. Master secret s in [1, r); P_pub = [s]g1 in G1
  (48 bytes compressed); identities hash to G2 (RFC 9380 ``BLS12381G2_XMD:SHA-256_SSWU_RO_`` under
  the DST ``ID_DST``); the private key of an identity is d_id = [s]H1(id) in G2 (96 bytes). To encrypt m
  to id: sigma random (32 bytes), r = H3(sigma, m) in [1, r), U = [r]g1, V = sigma xor H2(e([r]P_pub, H1(id))),
  W = m xor H4(sigma); the ciphertext is U || V || W (48 + 32 + |m| bytes). Decryption recomputes
  sigma = V xor H2(e(U, d_id)), m, r and checks U == [r]g1 (the Fujisaki-Okamoto transform): a ciphertext
  that fails raises DecryptionError -- a wrong identity's key, a modified byte, a different message.
  H2 = SHA-256, H3 = SHA-512 reduced mod (r - 1), plus one, H4 = SHAKE-256, each with its own
  domain-separation prefix.

Refusals: only bls12-381 (``set_id``; any other set is InsecureParameterError unless
``allow_insecure=True``, then NotSupportedError: no other set has the hash to G2).

NOT CONSTANT-TIME. Extraction multiplies H1(id) by the master secret with the native scalar
multiplication (a fixed-window ladder over masked table selects, written to be constant-time and
checked for secret independence by `make ctgrind`, Valgrind memcheck); the master secret is a
Python int on its way there (variable-time conversions), and the hashing to scalars is variable-time
big-integer code. Keys are bytes objects and cannot be zeroized.
"""

from __future__ import annotations

import hashlib
import secrets

from pairkit import api
from pairkit import argcheck as A
from pairkit.errors import DecryptionError, EncodingError, InvalidArgumentError
from pairkit.protocols import ibe_rfc5091 as rfc5091  # noqa: F401  (the RFC 5091 type-1 instantiation)
from pairkit.protocols.policy import check_native_set, scalar32, subgroup_point

SET = "bls12-381"
R = 0x73EDA753299D7D483339D80809A1D80553BDA402FFFE5BFEFFFFFFFF00000001
G1_LEN, G2_LEN = 48, 96
SIGMA_LEN = 32
#: the DST of H1 (identities to G2)
ID_DST = b"PAIRKIT-BF-IBE-V01-BLS12381G2_XMD:SHA-256_SSWU_RO_"
_H2, _H3, _H4 = b"PAIRKIT-BF-IBE-V01-H2", b"PAIRKIT-BF-IBE-V01-H3", b"PAIRKIT-BF-IBE-V01-H4"
#: the shortest ciphertext (an empty message)
MIN_CIPHERTEXT = G1_LEN + SIGMA_LEN


def _set(set_id, allow_insecure) -> str:
    return check_native_set("Boneh-Franklin IBE", set_id, allow_insecure)


def _h2(gt: bytes) -> bytes:
    return hashlib.sha256(_H2 + gt).digest()


def _h3(sigma: bytes, m: bytes) -> int:
    d = hashlib.sha512(_H3 + sigma + len(m).to_bytes(8, "big") + m).digest()
    return int.from_bytes(d, "big") % (R - 1) + 1


def _h4(sigma: bytes, n: int) -> bytes:
    return hashlib.shake_256(_H4 + sigma).digest(n)


def _xor(a: bytes, b: bytes) -> bytes:
    return (int.from_bytes(a, "big") ^ int.from_bytes(b, "big")).to_bytes(len(a), "big") if a else b""


def _master(msk) -> bytes:
    return scalar32(msk, "the master secret")


def _g1(data, what: str) -> bytes:
    return subgroup_point(data, what, 1)


def _g2(data, what: str) -> bytes:
    return subgroup_point(data, what, 2)


def setup(set_id: str = SET, allow_insecure: bool = False) -> tuple[bytes, bytes]:
    """A new master secret (32 bytes) and the public parameter P_pub = [s]g1 (48 bytes)."""
    _set(set_id, allow_insecure)
    s = 1 + secrets.randbelow(R - 1)
    msk = s.to_bytes(32, "big")
    return msk, public_from_master(msk)


def public_from_master(msk) -> bytes:
    """P_pub = [s]g1, compressed."""
    return api.point_mul(SET, api.generator(SET, 1), _master(msk), compressed=True)


def identity_point(identity) -> bytes:
    """H1(id) in G2, compressed (the identity's public key)."""
    return api.hash_to_point(SET, A.data("the identity", identity), ID_DST, group=2, compressed=True)


def extract(msk, identity, set_id: str = SET, allow_insecure: bool = False) -> bytes:
    """The private key d_id = [s]H1(id) of ``identity`` (96 bytes compressed). NOT constant-time."""
    _set(set_id, allow_insecure)
    k = _master(msk)
    return api.point_mul(
        SET, api.hash_to_point(SET, A.data("the identity", identity), ID_DST, group=2), k, group=2, compressed=True
    )


def encrypt(
    public, identity, message, set_id: str = SET, allow_insecure: bool = False, sigma: bytes | None = None
) -> bytes:
    """FullIdent encryption of ``message`` to ``identity`` under P_pub (``sigma`` fixes the random
    value: tests only). Returns U || V || W."""
    _set(set_id, allow_insecure)
    ppub = _g1(public, "the public parameter P_pub")
    m = A.data("the message", message)
    q_id = api.hash_to_point(SET, A.data("the identity", identity), ID_DST, group=2)
    sigma = secrets.token_bytes(SIGMA_LEN) if sigma is None else A.data("sigma", sigma)
    if len(sigma) != SIGMA_LEN:
        raise InvalidArgumentError(f"sigma is {SIGMA_LEN} bytes")
    r = _h3(sigma, m).to_bytes(32, "big")
    U = api.point_mul(SET, api.generator(SET, 1), r, compressed=True)
    g = api.pair(SET, api.point_mul(SET, ppub, r), q_id)  # e(P_pub, Q_id)^r
    return U + _xor(sigma, _h2(g)) + _xor(m, _h4(sigma, len(m)))


def decrypt(private_key, ciphertext, set_id: str = SET, allow_insecure: bool = False) -> bytes:
    """FullIdent decryption: the message, or DecryptionError when the FO check fails (a key of another
    identity or master, a modified ciphertext); EncodingError / NotInSubgroupError / NotOnCurveError
    for a malformed U or key."""
    _set(set_id, allow_insecure)
    d = _g2(private_key, "the private key")
    c = A.data("the ciphertext", ciphertext)
    if len(c) < MIN_CIPHERTEXT:
        raise EncodingError(f"a ciphertext is at least {MIN_CIPHERTEXT} bytes (U, V), got {len(c)}")
    U = _g1(c[:G1_LEN], "U")
    V, W = c[G1_LEN:MIN_CIPHERTEXT], c[MIN_CIPHERTEXT:]
    sigma = _xor(V, _h2(api.pair(SET, U, d)))
    m = _xor(W, _h4(sigma, len(W)))
    if api.point_mul(SET, api.generator(SET, 1), _h3(sigma, m).to_bytes(32, "big"), compressed=True) != U:
        raise DecryptionError("the ciphertext does not decrypt under this private key (FO check failed)")
    return m
