"""BLS signatures on bls12-381 (draft-irtf-cfrg-bls-signature-05), over the native primitives.

Both variants of the draft (section 4.2): **min-pk** (public keys in G1, 48-byte compressed;
signatures in G2, 96 bytes) and **min-sig** (the reverse), each with the three schemes of
section 3: **basic** (``NUL``: AggregateVerify requires distinct messages), **message
augmentation** (``AUG``: every message is prefixed by the signer's public key) and **proof of
possession** (``POP``: PopProve / PopVerify and FastAggregateVerify). Points are the ZCash/IETF
compressed serialization (the flags in the top three bits of the first byte), hashing is RFC 9380
``BLS12381G{1,2}_XMD:SHA-256_SSWU_RO_`` (both from the Rust core: ``api.hash_to_point``).

    >>> s = ciphersuite("min-pk", "pop")
    >>> sk = s.keygen(bytes(range(32)))
    >>> pk = s.sk_to_pk(sk)
    >>> s.verify(pk, b"msg", s.sign(sk, b"msg"))
    True

Every verification is one multi-pairing product tested against the identity of GT:
e(PK, H(m)) * e(-g1, sig) = 1 (min-pk; min-sig: e(H(m), PK) * e(sig, -g2) = 1), and
AggregateVerify is n + 1 pairs sharing one Miller loop and one final exponentiation.
``batch_verify`` checks many independent (pk, message, signature) triples with random 64-bit
coefficients in one multi-pairing of n + 1 pairs per chunk of ``BATCH_CHUNK`` triples, each chunk
with its own coefficients (``find_invalid`` locates bad triples by bisection).

Verdicts and errors (the draft's INVALID): a verifier returns ``False`` for any public key or
signature that does not decode, is not canonical, is the identity (keys), lies outside the
order-r subgroup, and for an empty list of keys; arguments of the wrong type, mismatched list
lengths and secret keys outside [1, r) raise a :class:`pairkit.errors.InvalidArgumentError`
subclass; ``aggregate`` of nothing or of an undecodable signature raises (the draft's INVALID has
no value to return). Only bls12-381 is offered: the draft defines no other ciphersuite, and the
catalogue's other sets are refused with InsecureParameterError (small characteristic and typea-512:
insecure; bn254: ~100 bits).

SECRETS — NOT CONSTANT-TIME. Signing is not a constant-time operation today, and nothing here
should be read as claiming it is: the secret key is a Python int (KeyGen's reduction mod r, the
range checks and the conversion to bytes run in variable-time big-integer code, and the key cannot
be zeroized); only the native scalar multiplication is checked for secret independence
(`make ctgrind`: Valgrind memcheck, crates/pairkit-core/examples/ctgrind.rs). Do not use these keys
where an attacker can time the signer.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import cast

import numpy as np

from pairkit import api, sets
from pairkit import argcheck as A
from pairkit.errors import (
    ArgumentTypeError,
    EncodingError,
    InsecureParameterError,
    InvalidArgumentError,
    LimitExceededError,
    NotSupportedError,
    PairkitError,
)
from pairkit.gpu import prime_batch  # the gpu engine's batch test (CuPy itself is imported only when used)

SET = "bls12-381"
#: A public key that passed KeyValidate, held natively as its decoded point
#: (``api.BlsPublicKey``; make one with :meth:`Ciphersuite.public_key`). The verifiers accept
#: it wherever they accept key bytes and then skip the decoding and the subgroup check.
PublicKey = api.BlsPublicKey
#: A signature that decoded to a point of the order-r subgroup, held natively (``api.BlsSignature``; make one
#: with :meth:`Ciphersuite.signature`). The verifiers accept it wherever they accept signature bytes and then
#: skip its decoding and subgroup check: a signature verified many times (against many keys, or again) is
#: validated once.
Signature = api.BlsSignature
#: the order r of G1, G2 and GT
R = 0x73EDA753299D7D483339D80809A1D80553BDA402FFFE5BFEFFFFFFFF00000001
#: compressed encoding lengths of G1 / G2 points
G1_LEN, G2_LEN = 48, 96
VARIANTS = ("min-pk", "min-sig")
SCHEMES = ("basic", "aug", "pop")
_SCHEME_TAG = {"basic": "NUL", "aug": "AUG", "pop": "POP"}
#: KeyGen's output length L = ceil(3 * ceil(log2(r)) / 16) (draft-05 section 2.3)
_KEYGEN_L = 48
#: the smallest random coefficient size batch_verify accepts (bits)
MIN_BATCH_BITS = 64
#: the largest batch one multi-pairing takes (argcheck.MAX_POINTS pairs)
MAX_BATCH = A.MAX_POINTS - 1
#: triples per native call of batch_verify (~0.6 s on 2 cores, min-pk), so that Ctrl-C is seen
#: between calls; the extra pair and final exponentiation per chunk did not show: 8,192 triples
#: took 4.63-4.73 s in chunks of 1,024 against 4.70-4.86 s in one call (2026-11-28, 2 cores)
BATCH_CHUNK = 1024
#: threads hashing the messages of a gpu batch (api.hash_to_point releases the GIL)
HASH_THREADS = os.cpu_count() or 1


def _h2c_suite(group: int) -> str:
    return f"BLS12381G{group}_XMD:SHA-256_SSWU_RO_"


@dataclass(frozen=True)
class _Consts:
    gen: tuple[bytes, bytes]  # generators of G1, G2 (uncompressed)
    neg_gen: tuple[bytes, bytes]  # their negations
    gt_one: bytes


_CONSTS: _Consts | None = None


def _consts() -> _Consts:
    global _CONSTS
    if _CONSTS is None:
        g = (api.generator(SET, 1), api.generator(SET, 2))
        ng = (api.point_mul(SET, g[0], R - 1, group=1), api.point_mul(SET, g[1], R - 1, group=2))
        _CONSTS = _Consts(g, ng, api.gt_one(SET))
    return _CONSTS


def _refuse_set(set_id) -> None:
    """Only bls12-381: the draft's ciphersuites exist for no other curve; insecure sets say why."""
    set_id = A.text("the set id", set_id)
    if set_id == SET:
        return
    p = sets.get(set_id)  # UnknownSetError for an unknown id
    lab = sets.label(p)
    if lab != "secure":
        raise InsecureParameterError(
            f"BLS signatures refuse {set_id}: it is {lab} ({p.security}); the "
            f"draft-irtf-cfrg-bls-signature-05 ciphersuites are defined on {SET} only"
        )
    raise NotSupportedError(
        f"BLS signatures are defined on {SET} only (draft-irtf-cfrg-bls-signature-05), not on {set_id}"
    )


def _i2osp(x: int, n: int) -> bytes:
    return x.to_bytes(n, "big")


def _hkdf_expand(prk: bytes, info: bytes, length: int) -> bytes:
    """RFC 5869 HKDF-Expand with SHA-256."""
    out, t, i = b"", b"", 1
    while len(out) < length:
        t = hmac.new(prk, t + info + bytes([i]), hashlib.sha256).digest()
        out += t
        i += 1
    return out[:length]


#: RFC 5869 HKDF-Expand with SHA-256 (``length`` <= 255 * 32), public for the EIP-2333 key tree (bls_eip2333.py)
hkdf_expand = _hkdf_expand


#: KeyGen's default salt: H("BLS-SIG-KEYGEN-SALT-"), the value draft-05 section 2.3 names as
#: compatible with version 4 (and with py_ecc, blst and the Ethereum clients); the bare ASCII string
#: ``KEYGEN_SALT_PRE_V4`` gives the KeyGen of versions 0-3.
KEYGEN_SALT = hashlib.sha256(b"BLS-SIG-KEYGEN-SALT-").digest()
KEYGEN_SALT_PRE_V4 = b"BLS-SIG-KEYGEN-SALT-"


def keygen(ikm, key_info=b"", salt=KEYGEN_SALT) -> int:
    """KeyGen(IKM) of draft-05 section 2.3: SK = OS2IP(HKDF-Expand(HKDF-Extract(salt, IKM || 0x00),
    key_info || I2OSP(L, 2), L)) mod r with SHA-256, the salt re-hashed while SK is zero. IKM must
    be at least 32 bytes (InvalidArgumentError otherwise); ``key_info`` derives independent keys
    from one IKM; ``salt`` defaults to KEYGEN_SALT (see there). The same for every ciphersuite
    (the secret key is an integer in [1, r))."""
    ikm = A.data("IKM", ikm)
    key_info = A.data("key_info", key_info)
    salt = A.data("the salt", salt)
    if len(ikm) < 32:
        raise InvalidArgumentError(f"KeyGen needs IKM of at least 32 bytes, got {len(ikm)}")
    while True:
        prk = hmac.new(salt, ikm + _i2osp(0, 1), hashlib.sha256).digest()  # HKDF-Extract
        okm = _hkdf_expand(prk, key_info + _i2osp(_KEYGEN_L, 2), _KEYGEN_L)
        sk = int.from_bytes(okm, "big") % R
        if sk != 0:
            return sk
        salt = hashlib.sha256(salt).digest()


def _sk_bytes(sk) -> bytes:
    """A secret key (an int in [1, r)) as 32 big-endian bytes: a fixed length for the native scalar
    multiplication (a trimmed length would reveal the key's bit length)."""
    k = A.integer("the secret key", sk)
    if not 1 <= k < R:
        raise InvalidArgumentError("the secret key must be an integer in [1, r)")
    return k.to_bytes(32, "big")


class Ciphersuite:
    """One of the draft's six ciphersuites: ``variant`` min-pk | min-sig, ``scheme`` basic | aug | pop."""

    def __init__(self, variant: str = "min-pk", scheme: str = "basic", set_id: str = SET):
        _refuse_set(set_id)
        variant = A.text("the variant", variant)
        scheme = A.text("the scheme", scheme)
        if variant not in VARIANTS:
            raise InvalidArgumentError(f"unknown BLS variant {variant!r}; known: {', '.join(VARIANTS)}")
        if scheme not in SCHEMES:
            raise InvalidArgumentError(f"unknown BLS scheme {scheme!r}; known: {', '.join(SCHEMES)}")
        self.variant, self.scheme = variant, scheme
        self.pk_group, self.sig_group = (1, 2) if variant == "min-pk" else (2, 1)
        self.pk_len = G1_LEN if self.pk_group == 1 else G2_LEN
        self.sig_len = G1_LEN if self.sig_group == 1 else G2_LEN
        suite = _h2c_suite(self.sig_group)
        #: the ciphersuite id, also the DST of Sign/Verify (draft-05 section 4.2)
        self.id = f"BLS_SIG_{suite}{_SCHEME_TAG[scheme]}_"
        self.dst = self.id.encode()
        #: the DST of PopProve / PopVerify (pop scheme only)
        self.pop_dst = f"BLS_POP_{suite}POP_".encode() if scheme == "pop" else None

    def __repr__(self) -> str:
        return f"Ciphersuite({self.variant!r}, {self.scheme!r}) [{self.id}]"

    # ---- points -------------------------------------------------------------------------------

    def _valid_point(self, data: bytes, group: int, length: int) -> bool | None:
        """True/False: a valid encoding of a non-identity / the identity point of the subgroup;
        None: not a canonical compressed encoding of a subgroup point."""
        if len(data) != length:
            return None
        try:
            return api.decode_point(SET, data, check_subgroup=True, group=group) is not None
        except PairkitError:
            return None

    def key_validate(self, pk) -> bool:
        """KeyValidate (draft-05 section 2.5): decodes, is not the identity, lies in the subgroup."""
        if isinstance(pk, PublicKey):
            return pk.min_pk == (self.pk_group == 1)
        return self._valid_point(A.data("the public key", pk), self.pk_group, self.pk_len) is True

    def public_key(self, data) -> PublicKey:
        """KeyValidate of ``data`` (the compressed key, the draft's octets; other lengths are refused),
        kept as a :data:`PublicKey` holding the decoded point: verifying with it skips the
        decoding and the subgroup check (FastAggregateVerify over such keys only adds points).
        Errors: ArgumentTypeError for a non-bytes argument, EncodingError (length, flags,
        coordinate >= p), NotOnCurveError, NotInSubgroupError, PointAtInfinityError (the
        identity)."""
        data = A.data("the public key", data)
        if len(data) != self.pk_len:
            raise EncodingError(f"a compressed {self.variant} public key is {self.pk_len} bytes, got {len(data)}")
        return PublicKey(data, self.pk_group == 1)

    def signature(self, data) -> Signature:
        """The signature's decoding with the subgroup check (the draft's signature_subgroup_check), done once
        and kept as a :data:`Signature`: verifying with it skips both. The identity is a subgroup point and is
        accepted (the verifiers decide on it as from bytes). Errors: ArgumentTypeError for a non-bytes
        argument, EncodingError (a length other than the compressed one, flags, coordinate >= p),
        NotOnCurveError, NotInSubgroupError."""
        data = A.data("the signature", data)
        if len(data) != self.sig_len:
            raise EncodingError(f"a compressed {self.variant} signature is {self.sig_len} bytes, got {len(data)}")
        return api.BlsSignature(data, self.pk_group == 1)

    def _sig(self, signature) -> bytes | Signature:
        """A signature argument: a Signature of this variant (kept), or checked bytes."""
        if isinstance(signature, Signature):
            if signature.min_pk != (self.pk_group == 1):
                raise InvalidArgumentError(
                    f"a {'min-pk' if signature.min_pk else 'min-sig'} signature given to a {self.variant} ciphersuite"
                )
            return signature
        return A.data("the signature", signature)

    def _sig_len_ok(self, sig: bytes | Signature) -> bool:
        """A Signature was made from a compressed encoding of this variant; bytes must have its length."""
        return isinstance(sig, Signature) or len(sig) == self.sig_len

    def _validated_keys(self, kb: list[bytes]) -> list[PublicKey] | None:
        """KeyValidate of compressed key bytes, as PublicKey objects (to pass with a Signature to the native
        verifiers, which take validated keys then); None when one fails (the verdict is False)."""
        if any(len(k) != self.pk_len for k in kb):
            return None
        try:
            return [PublicKey(k, self.pk_group == 1) for k in kb]
        except PairkitError:
            return None

    def _key(self, pk) -> bytes | PublicKey:
        """A key argument: a PublicKey of this variant, or checked bytes."""
        if isinstance(pk, PublicKey):
            self._own_key(pk)
            return pk
        return A.data("the public key", pk)

    def _verify_one(self, key: bytes | PublicKey, msg: bytes, sig: bytes | Signature, dst: bytes) -> bool:
        """_core_verify of ``msg`` (the aug prefix added here) after the length checks of the
        compressed encodings (uncompressed keys and signatures are not the draft's octets); a
        :data:`PublicKey` or :data:`Signature` was made from a compressed encoding of this variant, so it is
        not encoded again."""
        if (not isinstance(key, PublicKey) and len(key) != self.pk_len) or not self._sig_len_ok(sig):
            return False
        return self._core_verify(key, msg, sig, dst)

    def _own_key(self, pk: PublicKey) -> None:
        if pk.min_pk != (self.pk_group == 1):
            raise InvalidArgumentError(
                f"a {'min-pk' if pk.min_pk else 'min-sig'} public key given to a {self.variant} ciphersuite"
            )

    def _key_list(self, pks) -> list[bytes] | list[PublicKey]:
        """A list of keys: all PublicKey objects (kept, variant checked) or all bytes."""
        if isinstance(pks, (list, tuple)) and pks and all(isinstance(k, PublicKey) for k in pks):
            for k in pks:
                self._own_key(k)
            return list(pks)
        return A.data_list("public keys", pks)

    def _sig_ok(self, sig: bytes) -> bool | None:
        return self._valid_point(sig, self.sig_group, self.sig_len)

    def _hash(self, msg: bytes, dst: bytes) -> bytes:
        return api.hash_to_point(SET, msg, dst, group=self.sig_group)

    def _shape_ok(self, pks: list[bytes], sig: bytes) -> bool | None:
        """The cheap checks before any arithmetic: every key has the compressed length and not
        the infinity flag (a key with it set is the identity or malformed: KeyValidate fails
        either way); the signature has the compressed length. Returns None when they fail, else
        whether the signature is a non-identity point candidate (False: a valid encoding of
        the identity, checked here; a malformed one with the infinity flag gives None)."""
        if len(sig) != self.sig_len or any(len(pk) != self.pk_len or pk[0] & 0x40 for pk in pks):
            return None
        if sig[0] & 0x40:
            return False if self._sig_ok(sig) is False else None
        return True

    def _product_is_one(self, pks: list[bytes], hs: list[bytes], sig: bytes, sig_nonzero: bool) -> bool:
        """prod e(pk_i, h_i) * e(-g, sig) == 1, each pair in (G1, G2) order, the pair of an
        identity signature left out (e(., O) = 1). The native multi-pairing decodes every point
        and checks it is on the curve, in the subgroup and not the identity: any failure there is
        the draft's INVALID, i.e. False."""
        c = _consts()
        neg = c.neg_gen[self.pk_group - 1]
        pairs = list(zip(pks, hs))
        if sig_nonzero:
            pairs.append((neg, sig))
        if self.pk_group == 1:
            P, Q = [a for a, _ in pairs], [b for _, b in pairs]
        else:
            P, Q = [b for _, b in pairs], [a for a, _ in pairs]
        try:
            return api.multi_pair(SET, P, Q) == c.gt_one
        except PairkitError:
            return False

    # ---- the core operations (draft-05 section 2) ---------------------------------------------

    def sk_to_pk(self, sk) -> bytes:
        """SkToPk: sk * g in the public-key group, compressed."""
        return api.point_mul(SET, _consts().gen[self.pk_group - 1], _sk_bytes(sk), group=self.pk_group, compressed=True)

    keygen = staticmethod(keygen)

    def _core_sign(self, sk, msg: bytes, dst: bytes) -> bytes:
        k = _sk_bytes(sk)
        return api.point_mul(SET, self._hash(msg, dst), k, group=self.sig_group, compressed=True)

    def _core_verify(self, pk: bytes | PublicKey, msg: bytes, sig: bytes | Signature, dst: bytes) -> bool:
        """CoreVerify in one native call (crates/pairkit-core src/protocols/bls_verify.rs):
        KeyValidate of the key (skipped for a PublicKey), the signature's decoding and subgroup
        check (skipped for a Signature), the hash, one two-pair multi-Miller loop and one final
        exponentiation. False for a malformed key or signature and for the identity signature, which
        no valid key verifies (e(PK, H(m)) != 1 for PK and H(m) of order r)."""
        if isinstance(sig, Signature) and not isinstance(pk, PublicKey):
            keys = self._validated_keys([pk])
            return keys is not None and api.bls_aggregate_verify(self.pk_group == 1, keys, [msg], sig, dst)
        if isinstance(pk, PublicKey):
            return api.bls_aggregate_verify(self.pk_group == 1, [pk], [msg], sig, dst)
        return api.bls_verify(self.pk_group == 1, pk, msg, cast(bytes, sig), dst)  # bytes: the branches above

    def _core_aggregate_verify(self, pks: list[bytes], msgs: list[bytes], sig: bytes, dst: bytes) -> bool:
        if not pks:
            return False  # draft: n >= 1, otherwise INVALID
        s = self._shape_ok(pks, sig)
        if s is None:
            return False
        return self._product_is_one(pks, [self._hash(m, dst) for m in msgs], sig, s)

    # ---- the scheme API (draft-05 section 3) --------------------------------------------------

    def _msg(self, pk: bytes, msg: bytes) -> bytes:
        return pk + msg if self.scheme == "aug" else msg

    def sign(self, sk, message) -> bytes:
        """Sign (aug: over SkToPk(sk) || message). NOT constant-time (see the module docstring)."""
        msg = A.data("the message", message)
        if self.scheme == "aug":
            msg = self.sk_to_pk(sk) + msg
        return self._core_sign(sk, msg, self.dst)

    def verify(self, pk, message, signature) -> bool:
        """Verify: True only for a valid signature of ``message`` under a valid key (key bytes
        or a :data:`PublicKey`; signature bytes or a :data:`Signature`)."""
        key = self._key(pk)
        msg = A.data("the message", message)
        sig = self._sig(signature)
        if self.scheme == "aug":
            msg = (key.to_bytes() if isinstance(key, PublicKey) else key) + msg
        return self._verify_one(key, msg, sig, self.dst)

    def aggregate(self, signatures) -> bytes:
        """Aggregate: the sum of n >= 1 signatures (each a canonical compressed point of the
        subgroup, the identity allowed); InvalidArgumentError for none, the decoder's error for a
        bad one (named by index)."""
        sigs = A.data_list("signatures", signatures)
        return _aggregate(sigs, self.sig_group, self.sig_len, "signature")

    def aggregate_verify(self, pks, messages, signature) -> bool:
        """AggregateVerify over n (pk_i, message_i): basic requires distinct messages (False
        otherwise), aug prefixes each message with its key, pop signs the messages as they are.
        The keys: all bytes, or all :data:`PublicKey` objects (then not decoded again); the signature:
        bytes or a :data:`Signature` (then not decoded or subgroup-checked again)."""
        keys = self._key_list(pks)
        msgs = A.data_list("messages", messages)
        sig = self._sig(signature)
        if len(keys) != len(msgs):
            raise InvalidArgumentError(f"AggregateVerify: {len(keys)} public keys but {len(msgs)} messages")
        if self.scheme == "basic" and len(set(msgs)) != len(msgs):
            return False
        if isinstance(sig, Signature) and keys and not isinstance(keys[0], PublicKey):
            validated = self._validated_keys(keys)
            if validated is None:
                return False
            keys = validated
        if keys and isinstance(keys[0], PublicKey):
            signed = [self._msg(k.to_bytes(), m) for k, m in zip(keys, msgs)] if self.scheme == "aug" else msgs
            return self._sig_len_ok(sig) and api.bls_aggregate_verify(self.pk_group == 1, keys, signed, sig, self.dst)
        kb = cast(list[bytes], keys)
        sb = cast(bytes, sig)  # a Signature went the native way above (or keys is empty)
        if isinstance(sig, Signature):
            return False  # no keys: INVALID (draft: n >= 1)
        return self._core_aggregate_verify(kb, [self._msg(pk, m) for pk, m in zip(kb, msgs)], sb, self.dst)

    # ---- proof of possession (draft-05 section 3.3) -------------------------------------------

    def _need_pop(self, what: str) -> None:
        if self.scheme != "pop":
            raise NotSupportedError(f"{what} belongs to the proof-of-possession scheme, not {self.scheme}")

    def pop_prove(self, sk) -> bytes:
        """PopProve: sk * H(SkToPk(sk)) under the BLS_POP_ DST. NOT constant-time."""
        self._need_pop("PopProve")
        return self._core_sign(sk, self.sk_to_pk(sk), cast(bytes, self.pop_dst))  # set: the pop scheme

    def pop_verify(self, pk, proof) -> bool:
        """PopVerify: the proof (bytes or a :data:`Signature`) of the key (bytes or a :data:`PublicKey`)."""
        self._need_pop("PopVerify")
        key = self._key(pk)
        kb = key.to_bytes() if isinstance(key, PublicKey) else key
        pf = proof if isinstance(proof, Signature) else A.data("the proof", proof)
        return self._verify_one(key, kb, self._sig(pf), cast(bytes, self.pop_dst))  # the pop scheme

    def fast_aggregate_verify(self, pks, message, signature) -> bool:
        """FastAggregateVerify: n >= 1 keys (each with a verified proof of possession) signed the
        same message; one pairing product of two pairs over the sum of the keys. The keys: all
        bytes (each decoded and subgroup-checked, on every core), or all :data:`PublicKey`
        objects (validated once, when made: the call only adds the points, natively, and runs
        one Verify). The signature: bytes or a :data:`Signature` (not checked again)."""
        self._need_pop("FastAggregateVerify")
        keys = self._key_list(pks)
        msg = A.data("the message", message)
        sig = self._sig(signature)
        if isinstance(sig, Signature) and keys and not isinstance(keys[0], PublicKey):
            validated = self._validated_keys(keys)
            if validated is None:
                return False
            keys = validated
        if keys and isinstance(keys[0], PublicKey):
            return self._sig_len_ok(sig) and api.bls_fast_aggregate_verify(self.pk_group == 1, keys, msg, sig, self.dst)
        if isinstance(sig, Signature):
            return False  # no keys
        kb = cast(list[bytes], keys)
        if not kb or any(len(pk) != self.pk_len or pk[0] & 0x40 for pk in kb):
            return False  # no keys, or one that is the identity (KeyValidate fails) or malformed
        try:
            agg = _aggregate(kb, self.pk_group, self.pk_len, "public key", compressed=False)
        except PairkitError:
            return False  # a key that does not decode or lies outside the subgroup
        if agg[0] & 0x40 or len(sig) != self.sig_len:
            return False  # the keys sum to the identity (KeyValidate of the sum fails)
        return api.bls_verify(self.pk_group == 1, agg, msg, sig, self.dst)

    # ---- batch verification -------------------------------------------------------------------

    def batch_verify(self, pks, messages, signatures, bits: int = MIN_BATCH_BITS, engine: str = "cpu") -> bool:
        """Whether every (pks[i], messages[i], signatures[i]) verifies, by one multi-pairing of
        n + 1 pairs per chunk of ``BATCH_CHUNK`` triples (True only if every chunk passes):
        prod e(c_i pk_i, H(m_i)) * e(-g1, sum c_i sig_i) = 1 (min-pk; min-sig puts
        c_i on H(m_i) in G1), the c_i uniform non-zero ``bits``-bit integers from ``secrets``.
        A batch with an invalid triple passes with probability at most 2^-(bits-1). Returns False
        for any undecodable key or signature, and for an empty batch (as AggregateVerify of n = 0: a
        verdict of True must rest on at least one signature).
        ``engine="gpu"`` (min-pk only; NotSupportedError for min-sig): the hashes on the host, then
        one batch test of the whole batch on the device (``_batch_gpu``)."""
        pks, msgs, sigs = self.batch_triples(pks, messages, signatures)
        bits = A.integer("bits", bits)
        if not MIN_BATCH_BITS <= bits <= 256:
            raise InvalidArgumentError(f"bits must be in [{MIN_BATCH_BITS}, 256], got {bits}")
        if A.text("the engine", engine) not in api.ENGINES:
            raise InvalidArgumentError(f"unknown engine {engine!r}; known: {', '.join(api.ENGINES)}")
        if not pks:
            return False
        if engine == "gpu":
            return self._batch_gpu(pks, msgs, sigs, bits)
        return self._batch(pks, msgs, sigs, bits)

    def _shape_verdict(self, pks: list[bytes], sigs: list[bytes], coeffs: list[int] | None) -> bool | None:
        """What the batch's shape already decides, before any arithmetic (both engines): True for no triple (a
        sub-batch of find_invalid's bisection; batch_verify refuses the empty batch itself), False for a key or
        signature of another length than this variant's, None to run the test. A coefficient list of another
        count than the triples is an InvalidArgumentError."""
        if not pks:
            return True
        if any(len(pk) != self.pk_len for pk in pks) or any(len(sg) != self.sig_len for sg in sigs):
            return False
        if coeffs is not None and len(coeffs) != len(pks):
            raise InvalidArgumentError(f"batch: {len(pks)} triples and {len(coeffs)} coefficients")
        return None

    def _batch_gpu(
        self, pks: list[bytes], msgs: list[bytes], sigs: list[bytes], bits: int, coeffs: list[int] | None = None
    ) -> bool:
        """The batch test of ``_batch`` (min-pk) with the device doing the rest (gpu/prime_batch.py
        ``bls_batch_verify``: validation of every key and signature, [c_i] pk_i, sum [c_i] sig_i, the
        n + 1 Miller loops, their product and one final exponentiation); the messages' hashes to G2
        stay on the host (the Rust core, GIL released, HASH_THREADS threads)."""
        if self.pk_group != 1:
            raise NotSupportedError("batch_verify on the gpu engine is implemented for min-pk only")
        decided = self._shape_verdict(pks, sigs, coeffs)
        if decided is not None:
            return decided
        cs = self._coefficients(len(pks), bits) if coeffs is None else coeffs
        signed = [self._msg(pk, m) for pk, m in zip(pks, msgs)]
        with ThreadPoolExecutor(max_workers=HASH_THREADS) as ex:
            hs = list(ex.map(lambda m: api.hash_to_point(SET, m, self.dst, group=2), signed, chunksize=256))

        def rows(items: list[bytes]) -> np.ndarray:
            return np.frombuffer(b"".join(items), np.uint8).reshape(len(items), -1)

        return prime_batch.bls_batch_verify(rows(pks), rows(hs), rows(sigs), cs, _consts().neg_gen[0])

    def find_invalid(self, pks, messages, signatures, bits: int = MIN_BATCH_BITS) -> list[int]:
        """The indices of the triples that do not verify, located by bisection over batch_verify
        (a few multi-pairings per bad triple; an all-good batch costs one)."""
        pks, msgs, sigs = self.batch_triples(pks, messages, signatures)
        bits = A.integer("bits", bits)
        if not MIN_BATCH_BITS <= bits <= 256:
            raise InvalidArgumentError(f"bits must be in [{MIN_BATCH_BITS}, 256], got {bits}")
        bad: list[int] = []

        def walk(lo: int, hi: int) -> None:
            if lo >= hi or self._batch(pks[lo:hi], msgs[lo:hi], sigs[lo:hi], bits):
                return
            if hi - lo == 1:
                bad.append(lo)
                return
            mid = (lo + hi) // 2
            walk(lo, mid)
            walk(mid, hi)

        walk(0, len(pks))
        return bad

    def batch_triples(self, pks, messages, signatures):
        """The batch's public keys, messages and signatures checked (bytes-like each, or PublicKey / Signature
        objects of this variant, taken as their compressed bytes; equal counts, at most MAX_BATCH) as three
        lists of bytes."""
        pks = A.data_list("public keys", self._as_bytes(pks, PublicKey, self._own_key))
        msgs = A.data_list("messages", messages)
        sigs = A.data_list("signatures", self._as_bytes(signatures, Signature, self._sig))
        if not len(pks) == len(msgs) == len(sigs):
            raise InvalidArgumentError(
                f"batch: {len(pks)} public keys, {len(msgs)} messages and "
                f"{len(sigs)} signatures (the counts must agree)"
            )
        if len(pks) > MAX_BATCH:
            raise LimitExceededError(f"a batch of {len(pks):,} exceeds the limit of {MAX_BATCH:,}")
        return pks, msgs, sigs

    @staticmethod
    def _as_bytes(xs, cls, own):
        """``xs`` with every ``cls`` object (variant checked by ``own``) replaced by its compressed bytes: the
        batch test hashes, scales and sums encodings (docs/PROTOCOLS.md: every verifier takes the objects)."""
        if not isinstance(xs, (list, tuple)):
            return xs
        out = []
        for x in xs:
            if isinstance(x, cls):
                own(x)
                x = x.to_bytes()
            out.append(x)
        return out

    @staticmethod
    def _coefficients(n: int, bits: int) -> list[int]:
        """n uniform non-zero ``bits``-bit integers from ``secrets`` (the batch's c_i)."""
        coeffs = []
        for _ in range(n):
            c = 0
            while c == 0:
                c = secrets.randbits(bits)
            coeffs.append(c)
        return coeffs

    def _batch(
        self,
        pks: list[bytes],
        msgs: list[bytes],
        sigs: list[bytes],
        bits: int,
        coeffs: list[int] | None = None,
        chunk: int | None = None,
    ) -> bool:
        """The batch test in the Rust core (``api.bls_batch_verify``, crates/pairkit-core
        src/protocols/bls_batch.rs: decoding, hashing, the short scalar multiplications and the
        Miller loops spread over the cores, one final exponentiation), one native call per
        ``chunk`` triples (default ``BATCH_CHUNK``) so that Python's signal handlers (Ctrl-C) run
        between calls. Each chunk is a batch test of its own with its own coefficients (fresh from
        ``secrets``, or its slice of ``coeffs``), and the verdict is their AND: a valid batch gives
        True, and an invalid triple makes its chunk pass with probability at most 2^-(bits-1), the
        bound of one batch."""
        decided = self._shape_verdict(pks, sigs, coeffs)
        if decided is not None:
            return decided
        size = BATCH_CHUNK if chunk is None else chunk
        for lo in range(0, len(pks), size):
            hi = min(len(pks), lo + size)
            cs = self._coefficients(hi - lo, bits) if coeffs is None else coeffs[lo:hi]
            if not api.bls_batch_verify(
                self.pk_group == 1,
                pks[lo:hi],
                [self._msg(pk, m) for pk, m in zip(pks[lo:hi], msgs[lo:hi])],
                sigs[lo:hi],
                self.dst,
                [c.to_bytes((c.bit_length() + 7) // 8, "big") for c in cs],
            ):
                return False
        return True

    def _batch_composed(
        self, pks: list[bytes], msgs: list[bytes], sigs: list[bytes], bits: int, coeffs: list[int] | None = None
    ) -> bool:
        """The same test composed from the api's point and pairing calls: the reference variant
        that tests/test_bls.py cross-checks ``_batch`` against (same coefficients, same verdict)."""
        if not pks:
            return True
        if any(len(pk) != self.pk_len or pk[0] & 0x40 for pk in pks) or any(len(sg) != self.sig_len for sg in sigs):
            return False
        coeffs = self._coefficients(len(pks), bits) if coeffs is None else coeffs
        g = self.sig_group
        try:
            # every native call below decodes its points with the subgroup check (PairkitError -> False)
            acc = None  # sum c_i sig_i
            for c, sig in zip(coeffs, sigs):
                if sig[0] & 0x40:  # the identity contributes nothing, if it is a valid encoding of it
                    if self._sig_ok(sig) is not False:
                        return False
                    continue
                t = api.point_mul(SET, sig, c, group=g)
                acc = t if acc is None else api.point_add(SET, acc, t, group=g)
            hs = [self._hash(self._msg(pk, m), self.dst) for pk, m in zip(pks, msgs)]
            cs = _consts()
            if self.pk_group == 1:  # c_i on the G1 member of each pair: pk_i (min-pk), H(m_i) (min-sig)
                P = [api.point_mul(SET, pk, c, group=1) for c, pk in zip(coeffs, pks)]
                Q = hs
            else:
                P = [api.point_mul(SET, h, c, group=1) for c, h in zip(coeffs, hs)]
                Q = pks
            if acc is not None and not acc[0] & 0x40:
                P, Q = (P + [cs.neg_gen[0]], Q + [acc]) if g == 2 else (P + [acc], Q + [cs.neg_gen[1]])
            return api.multi_pair(SET, P, Q) == cs.gt_one
        except PairkitError:
            return False


def _aggregate(points: list[bytes], group: int, length: int, what: str, compressed: bool = True) -> bytes:
    """The sum of n >= 1 compressed points of ``group`` (errors name the bad item), compressed or
    not (the uncompressed identity has the infinity flag 0x40 too)."""
    if not points:
        raise InvalidArgumentError(f"Aggregate needs at least one {what} (the draft's n >= 1)")
    for i, p in enumerate(points):
        if len(p) != length:
            raise EncodingError(
                f"{what} {i}: a compressed {'G1' if group == 1 else 'G2'} point is {length} bytes, got {len(p)}"
            )
    try:  # decoded (subgroup checks included) and summed in the Rust core, on every core
        return api.bls_sum_points(group, points, compressed)
    except PairkitError as e:
        i = getattr(e, "index", None) or 0
        inner = str(e).removeprefix(f"batch item {i}: ")
        raise type(e)(f"{what} {i}: {inner}") from None


_SUITES: dict[tuple[str, str], Ciphersuite] = {}


def ciphersuite(variant: str = "min-pk", scheme: str = "basic", set_id: str = SET) -> Ciphersuite:
    """The ciphersuite object (cached) for ``variant`` and ``scheme``."""
    _refuse_set(set_id)
    key = (variant, scheme)
    if not (isinstance(variant, str) and isinstance(scheme, str)):
        raise ArgumentTypeError("the variant and the scheme must be str")
    if key not in _SUITES:
        _SUITES[key] = Ciphersuite(variant, scheme)
    return _SUITES[key]


MinPkBasic = Ciphersuite("min-pk", "basic")
MinPkAug = Ciphersuite("min-pk", "aug")
MinPkPop = Ciphersuite("min-pk", "pop")
MinSigBasic = Ciphersuite("min-sig", "basic")
MinSigAug = Ciphersuite("min-sig", "aug")
MinSigPop = Ciphersuite("min-sig", "pop")
for _s in (MinPkBasic, MinPkAug, MinPkPop, MinSigBasic, MinSigAug, MinSigPop):
    _SUITES[(_s.variant, _s.scheme)] = _s
