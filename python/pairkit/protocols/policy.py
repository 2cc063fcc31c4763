"""The refusal policy shared by the encryption protocols: which parameter sets a
protocol runs on, and the error that says why not.

The native protocols (Boneh-Franklin FullIdent, PEKS) need the RFC 9380 hash to G1/G2, which pairkit
implements for bls12-381 only. Every set the catalogue labels anything but ``secure`` (the
small-characteristic sets, typea-512, bn254 at ~100 bits) is refused with InsecureParameterError;
``allow_insecure=True`` lifts that refusal, after which a set without the hash to curve is
NotSupportedError (no insecure set has it today: the flag exists so that the refusal is a
decision, not an accident, and so that a future set with a hash is reached the same way)."""

from __future__ import annotations

from pairkit import api, sets
from pairkit import argcheck as A
from pairkit.errors import EncodingError, InsecureParameterError, InvalidArgumentError, NotSupportedError, PairkitError

NATIVE_SETS = ("bls12-381",)


def check_native_set(protocol: str, set_id, allow_insecure) -> str:
    """``set_id`` if ``protocol`` may run on it, else the typed error (UnknownSetError first)."""
    set_id = A.text("the set id", set_id)
    allow_insecure = A.flag("allow_insecure", allow_insecure)
    p = sets.get(set_id)  # UnknownSetError for an unknown id
    lab = sets.label(p)
    if lab != "secure" and not allow_insecure:
        raise InsecureParameterError(
            f"{protocol} refuses {set_id}: it is {lab} ({p.security}); pass "
            f"{InsecureParameterError.OVERRIDE} to override (tests and experiments only)"
        )
    if set_id not in NATIVE_SETS:
        raise NotSupportedError(
            f"{protocol} needs an RFC 9380 hash to G1/G2, which pairkit implements for "
            f"{', '.join(NATIVE_SETS)} only, not for {set_id}"
        )
    return set_id


# bls12-381 encodings shared by the native protocols (IBE FullIdent, PEKS)
R = 0x73EDA753299D7D483339D80809A1D80553BDA402FFFE5BFEFFFFFFFF00000001
G1_LEN, G2_LEN = 48, 96


def scalar32(value, what: str) -> bytes:
    """A secret scalar: 32 bytes, an integer in [1, r) big-endian (InvalidArgumentError otherwise)."""
    k = A.data(what, value)
    if len(k) != 32 or not 1 <= int.from_bytes(k, "big") < R:
        raise InvalidArgumentError(f"{what} is 32 bytes, an integer in [1, r) big-endian")
    return k


def subgroup_point(data, what: str, group: int) -> bytes:
    """A canonical compressed bls12-381 point of G1 (``group`` 1) or G2 (2) in the prime-order subgroup,
    not the identity: the bytes, or EncodingError/the decoder's typed error naming ``what``."""
    n = G1_LEN if group == 1 else G2_LEN
    data = A.data(what, data)
    if len(data) != n:
        raise EncodingError(f"{what}: a compressed G{group} point is {n} bytes, got {len(data)}")
    try:
        xy = api.decode_point(NATIVE_SETS[0], data, check_subgroup=True, group=group)
    except PairkitError as e:
        raise type(e)(f"{what}: {e}") from None
    if xy is None:
        raise EncodingError(f"{what} is the point at infinity")
    return data
