"""Public-key encryption with keyword search (Boneh, Di Crescenzo, Ostrovsky, Persiano, EUROCRYPT
2004, section 3.1) on bls12-381, over the native pairing.

The asymmetric form of the scheme: the secret key is alpha in [1, r), the public key h = [alpha]g1 in
G1 (48 bytes). Keywords hash to G2 (H1: RFC 9380 ``BLS12381G2_XMD:SHA-256_SSWU_RO_`` under
``KEYWORD_DST``).

* ``encrypt(pk, W)``: r random, A = [r]g1, B = H2(e([r]h, H1(W))); the searchable ciphertext is A || B
  (48 + 32 bytes; H2 = SHA-256 with a domain-separation prefix).
* ``trapdoor(sk, W)``: T_W = [alpha]H1(W) in G2 (96 bytes).
* ``test(T_W, S)``: H2(e(A, T_W)) == B, which holds for the keyword of T_W since
  e(A, T_W) = e(g1, H1(W))^(r alpha) = e([r]h, H1(W)).

``search(T_W, ciphertexts)`` tests one trapdoor against N ciphertexts through
``api.pair_fixed(..., fixed_is_p=False)``: T_W is the fixed G2 argument whose Miller-loop line
coefficients are computed once, and the N pairings run on the batch engine's threads (chunks of
``CHUNK``). A ciphertext that does not decode (wrong length, not canonical, off the curve, outside the
subgroup, the identity) is a ``False`` verdict, never an error: a chunk the engine refuses has its points
decoded one by one and the undecodable ones left out.

Refusals: only bls12-381 (any other set: InsecureParameterError unless ``allow_insecure=True``, then
NotSupportedError). NOT CONSTANT-TIME: see ibe.py (the same native scalar multiplication, never
checked under ctgrind; the secret key is a Python int on its way there).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Callable, Sequence

from pairkit import api
from pairkit import argcheck as A
from pairkit.errors import PairkitError
from pairkit.protocols.policy import check_native_set, scalar32, subgroup_point

SET = "bls12-381"
R = 0x73EDA753299D7D483339D80809A1D80553BDA402FFFE5BFEFFFFFFFF00000001
G1_LEN, G2_LEN, TAG_LEN = 48, 96, 32
CIPHERTEXT_LEN = G1_LEN + TAG_LEN
KEYWORD_DST = b"PAIRKIT-PEKS-V01-BLS12381G2_XMD:SHA-256_SSWU_RO_"
_H2 = b"PAIRKIT-PEKS-V01-H2"
#: ciphertexts per pair_fixed call in search (progress granularity; the engine parallelizes inside)
CHUNK = 4096


def check_set(set_id, allow_insecure) -> str:
    """``set_id`` if PEKS may run on it (policy.check_native_set: allow_insecure for the weak sets)."""
    return check_native_set("PEKS", set_id, allow_insecure)


def _h2(gt: bytes) -> bytes:
    return hashlib.sha256(_H2 + gt).digest()


def _sk(sk) -> bytes:
    return scalar32(sk, "the secret key")


def _pk(pk) -> bytes:
    return subgroup_point(pk, "the public key", 1)


def check_trapdoor(td) -> bytes:
    """The trapdoor as bytes, checked to be a G2 subgroup point (bls12-381 encoding)."""
    return subgroup_point(td, "the trapdoor", 2)


def keygen(set_id: str = SET, allow_insecure: bool = False) -> tuple[bytes, bytes]:
    """A new key pair: (secret key alpha, 32 bytes; public key [alpha]g1, 48 bytes)."""
    check_set(set_id, allow_insecure)
    sk = (1 + secrets.randbelow(R - 1)).to_bytes(32, "big")
    return sk, public_key(sk)


def public_key(sk) -> bytes:
    return api.point_mul(SET, api.generator(SET, 1), _sk(sk), compressed=True)


def keyword_point(keyword) -> bytes:
    """H1(W) in G2 (uncompressed, as the native calls take it)."""
    return api.hash_to_point(SET, A.data("the keyword", keyword), KEYWORD_DST, group=2)


def encrypt(pk, keyword, set_id: str = SET, allow_insecure: bool = False) -> bytes:
    """PEKS(pk, W) = A || B, 80 bytes."""
    check_set(set_id, allow_insecure)
    pk = _pk(pk)
    return _encrypt_with(pk, keyword_point(keyword))


def _encrypt_with(pk: bytes, hw: bytes, r: bytes | None = None) -> bytes:
    r = (1 + secrets.randbelow(R - 1)).to_bytes(32, "big") if r is None else r
    a = api.point_mul(SET, api.generator(SET, 1), r, compressed=True)
    return a + _h2(api.pair(SET, api.point_mul(SET, pk, r), hw))


#: the most worker threads :func:`encrypt_many` accepts (0: one per core)
MAX_THREADS = 256


def encrypt_many(
    pk,
    keywords: Sequence[bytes],
    set_id: str = SET,
    allow_insecure: bool = False,
    progress: Callable[[int], None] | None = None,
    threads: int = 0,
) -> list[bytes]:
    """PEKS of every keyword (H1 computed once per distinct keyword; the pairings of a chunk through
    pair_batch, the scalar multiplications on ``threads`` threads -- the native calls release the GIL;
    0: one per core). ``progress(k)`` is called after every k ciphertexts."""
    import os
    from concurrent.futures import ThreadPoolExecutor

    import numpy as np

    check_set(set_id, allow_insecure)
    pk = _pk(pk)
    kws = A.data_list("keywords", keywords)
    threads = A.ranged("threads", threads, 0, MAX_THREADS)
    cache: dict[bytes, bytes] = {}
    g1 = api.generator(SET, 1)
    out: list[bytes] = []
    workers = threads or (os.cpu_count() or 1)

    def muls(r: bytes) -> tuple[bytes, bytes]:
        return api.point_mul(SET, g1, r, compressed=True), api.point_mul(SET, pk, r)

    with ThreadPoolExecutor(max_workers=workers) as pool:
        for lo in range(0, len(kws), CHUNK):
            chunk = kws[lo : lo + CHUNK]
            hws = []
            for w in chunk:
                if w not in cache:
                    cache[w] = keyword_point(w)
                hws.append(cache[w])
            rs = [(1 + secrets.randbelow(R - 1)).to_bytes(32, "big") for _ in chunk]
            pairs = list(pool.map(muls, rs, chunksize=64))
            gts = api.pair_batch(SET, [rp for _, rp in pairs], hws)
            out.extend(a + _h2(bytes(gt)) for (a, _), gt in zip(pairs, np.asarray(gts)))
            if progress is not None:
                progress(len(chunk))
    return out


def trapdoor(sk, keyword, set_id: str = SET, allow_insecure: bool = False) -> bytes:
    """T_W = [alpha]H1(W), 96 bytes compressed. NOT constant-time."""
    check_set(set_id, allow_insecure)
    return api.point_mul(SET, keyword_point(keyword), _sk(sk), group=2, compressed=True)


def test(trapdoor_, ciphertext, set_id: str = SET, allow_insecure: bool = False) -> bool:
    """Whether ``ciphertext`` encrypts the keyword of ``trapdoor_`` (False for a malformed ciphertext;
    a malformed trapdoor raises)."""
    check_set(set_id, allow_insecure)
    return search(trapdoor_, [A.data("the ciphertext", ciphertext)])[0]


def search(
    trapdoor_,
    ciphertexts: Sequence[bytes],
    set_id: str = SET,
    allow_insecure: bool = False,
    progress: Callable[[int], None] | None = None,
) -> list[bool]:
    """test(T_W, S) for every S, in order, by pair_fixed with T_W fixed (preprocessed once)."""
    check_set(set_id, allow_insecure)
    td = check_trapdoor(trapdoor_)
    cts = A.data_list("ciphertexts", ciphertexts)
    out: list[bool] = []
    for lo in range(0, len(cts), CHUNK):
        chunk = cts[lo : lo + CHUNK]
        out.extend(_search_chunk(td, chunk))
        if progress is not None:
            progress(len(chunk))
    return out


def _decodes(a: bytes) -> bool:
    try:
        return api.decode_point(SET, a, check_subgroup=True, group=1) is not None
    except PairkitError:
        return False


def _search_chunk(td: bytes, chunk: list[bytes]) -> list[bool]:
    ok = [len(c) == CIPHERTEXT_LEN and not c[0] & 0x40 for c in chunk]  # 0x40: the identity / malformed
    idx = [i for i, good in enumerate(ok) if good]
    verdict = [False] * len(chunk)
    if not idx:
        return verdict
    try:
        gts = api.pair_fixed(SET, td, [chunk[i][:G1_LEN] for i in idx], fixed_is_p=False)
    except PairkitError:
        # some A does not decode: keep the ones that do (the others' verdict is False), pair those
        idx = [i for i in idx if _decodes(chunk[i][:G1_LEN])]
        gts = api.pair_fixed(SET, td, [chunk[i][:G1_LEN] for i in idx], fixed_is_p=False) if idx else []
    for i, gt in zip(idx, gts):
        verdict[i] = hmac.compare_digest(_h2(gt), chunk[i][G1_LEN:])
    return verdict
