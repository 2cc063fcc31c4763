"""Hierarchical BLS12-381 secret keys: EIP-2333 (the key tree) and EIP-2334 (its paths).

EIP-2333 ("BLS12-381 Key Generation", https://eips.ethereum.org/EIPS/eip-2333, the version of
17 September 2020 that follows the BLS draft's version-4 KeyGen) derives a tree of secret keys from
one seed: the root is ``derive_master_SK(seed) = HKDF_mod_r(seed)`` and the child ``index`` of a
node is ``derive_child_SK(parent_SK, index) = HKDF_mod_r(parent_SK_to_lamport_PK(parent_SK, index))``,
where the compressed Lamport public key is SHA-256 over the SHA-256 of the 2 x 255 chunks of two
HKDF outputs (the parent key and its bitwise negation, salted by the index). The EIP's
``HKDF_mod_r`` is draft-irtf-cfrg-bls-signature-05's KeyGen with the default (version-4) salt and
empty key_info (the EIP's Rationale says so), so this module calls :func:`pairkit.protocols.bls.keygen`.

EIP-2334 ("BLS12-381 Deterministic Account Hierarchy", https://eips.ethereum.org/EIPS/eip-2334)
names the keys by paths ``m / purpose / coin_type / account / use [/ ...]``: at least four levels
below the master ``m``, the purpose 12381; Ethereum's validator keys are ``m/12381/3600/i/0``
(withdrawal) and ``m/12381/3600/i/0/0`` (signing). Every EIP-2333 key is hardened, so a ``'`` is
invalid.

    >>> sk = derive_path(bytes(range(32)), "m/12381/3600/0/0/0")
    >>> 1 <= sk < bls.R
    True

Errors: a path that does not parse or is not EIP-2334-shaped raises
:class:`pairkit.errors.KeyPathError` (before any hashing); a seed shorter than 32 bytes, a parent key
outside [1, r) or an index outside [0, 2^32) raise InvalidArgumentError (LimitExceededError above the
range); a str or int where bytes are meant ArgumentTypeError. NOT constant-time (Python ints and
hashlib; see pairkit.protocols.bls).
"""

from __future__ import annotations

import hashlib
import hmac

from pairkit import argcheck as A
from pairkit.errors import InvalidArgumentError, KeyPathError
from pairkit.protocols import bls

#: EIP-2333: K = 32, the SHA-256 digest size; a Lamport secret key is 255 chunks of K bytes (L = 255 K,
#: HKDF-Expand's longest output)
K = 32
LAMPORT_CHUNKS = 255
#: EIP-2334: the purpose of every path (the curve's name)
PURPOSE = 12381
#: EIP-2334: Ethereum's coin type for BLS12-381 keys (3600 = 60^2)
ETH2_COIN_TYPE = 3600
#: EIP-2334: levels below m that a path must have (purpose, coin_type, account, use)
MIN_DEPTH = 4
#: this module's limit on a path's depth (each level costs two 8,160-byte HKDF outputs, ~1,000 hashes)
MAX_DEPTH = 255
#: child indices are 0 <= index < 2^32
INDEX_LIMIT = 1 << 32


def ikm_to_lamport_sk(ikm, salt) -> list[bytes]:
    """EIP-2333 ``IKM_to_lamport_SK``: HKDF-Expand(HKDF-Extract(salt, IKM), "", 255 K) split into 255
    chunks of 32 bytes (RFC 5869 with SHA-256)."""
    ikm = A.data("IKM", ikm)
    salt = A.data("the salt", salt)
    prk = hmac.new(salt, ikm, hashlib.sha256).digest()  # HKDF-Extract
    okm = bls.hkdf_expand(prk, b"", K * LAMPORT_CHUNKS)
    return [okm[i : i + K] for i in range(0, len(okm), K)]


def _sk(what: str, sk) -> int:
    k = A.integer(what, sk)
    if not 1 <= k < bls.R:
        raise InvalidArgumentError(f"{what} must be a secret key, an integer in [1, r)")
    return k


def _index(index) -> int:
    i = A.integer("the child index", index)
    if not 0 <= i < INDEX_LIMIT:
        raise InvalidArgumentError(f"the child index must be in [0, 2^32), got {i}")
    return i


def parent_sk_to_lamport_pk(parent_sk, index) -> bytes:
    """EIP-2333 ``parent_SK_to_lamport_PK``: the 32-byte compressed Lamport public key of the child
    ``index`` (salt I2OSP(index, 4); the Lamport keys of I2OSP(parent_SK, 32) and of its bit flip;
    SHA-256 of the concatenated SHA-256 of their 510 chunks)."""
    sk = _sk("the parent secret key", parent_sk)
    salt = _index(index).to_bytes(4, "big")
    ikm = sk.to_bytes(32, "big")
    not_ikm = bytes(b ^ 0xFF for b in ikm)
    chunks = ikm_to_lamport_sk(ikm, salt) + ikm_to_lamport_sk(not_ikm, salt)
    return hashlib.sha256(b"".join(hashlib.sha256(c).digest() for c in chunks)).digest()


def hkdf_mod_r(ikm, key_info=b"") -> int:
    """EIP-2333 ``HKDF_mod_r`` = draft-05 KeyGen with the version-4 salt (IKM >= 32 bytes)."""
    return bls.keygen(ikm, key_info, bls.KEYGEN_SALT)


def derive_master_sk(seed) -> int:
    """EIP-2333 ``derive_master_SK``: HKDF_mod_r(seed); the seed is at least 32 bytes (256 bits)."""
    seed = A.data("the seed", seed)
    if len(seed) < 32:
        raise InvalidArgumentError(f"EIP-2333 needs a seed of at least 32 bytes (256 bits), got {len(seed)}")
    return hkdf_mod_r(seed)


def derive_child_sk(parent_sk, index) -> int:
    """EIP-2333 ``derive_child_SK``: HKDF_mod_r(parent_SK_to_lamport_PK(parent_SK, index))."""
    return hkdf_mod_r(parent_sk_to_lamport_pk(parent_sk, index))


def _component(path: str, pos: int, part: str) -> int:
    where = f"key path {path[:80]!r}, level {pos}"
    if "'" in part or part.endswith("h") or part.endswith("H"):
        raise KeyPathError(f"{where}: {part!r} is hardened; EIP-2334 paths have no hardened marks (all are)")
    if not part or not (part.isascii() and part.isdigit()):
        raise KeyPathError(f"{where}: {part[:20]!r} is not a decimal index")
    if len(part) > 1 and part[0] == "0":
        raise KeyPathError(f"{where}: {part[:20]!r} has a leading zero (one spelling per key)")
    i = int(part)
    if i >= INDEX_LIMIT:
        raise KeyPathError(f"{where}: {part[:20]} is not below 2^32")
    return i


def parse_path(path) -> tuple[int, ...]:
    """The child indices of an EIP-2334 path ``m/12381/<coin_type>/<account>/<use>[/...]`` (spaces
    around ``/`` allowed, as the EIPs write it): KeyPathError unless it starts with ``m``, has
    MIN_DEPTH to MAX_DEPTH decimal indices below 2^32 (no sign, no leading zero, no ``'``) and the
    purpose is 12381."""
    path = A.text("the key path", path)
    if path.count("/") > MAX_DEPTH:
        raise KeyPathError(f"key path: more than {MAX_DEPTH} levels (this module's limit)")
    parts = [p.strip(" ") for p in path.split("/")]
    if parts[0] != "m":
        raise KeyPathError(f"key path {path[:80]!r}: must start with 'm' (the master key), as in m/12381/3600/0/0/0")
    indices = tuple(_component(path, pos, p) for pos, p in enumerate(parts[1:], 1))
    if len(indices) < MIN_DEPTH:
        raise KeyPathError(
            f"key path {path[:80]!r}: EIP-2334 needs at least {MIN_DEPTH} levels below m "
            f"(purpose/coin_type/account/use), got {len(indices)}"
        )
    if indices[0] != PURPOSE:
        raise KeyPathError(f"key path {path[:80]!r}: the purpose (level 1) must be {PURPOSE}, got {indices[0]}")
    return indices


def derive_path(seed, path) -> int:
    """The secret key at an EIP-2334 ``path`` of the EIP-2333 tree of ``seed``: the path is checked
    first, then derive_master_SK and one derive_child_SK per level."""
    indices = parse_path(path)
    sk = derive_master_sk(seed)
    for i in indices:
        sk = derive_child_sk(sk, i)
    return sk
