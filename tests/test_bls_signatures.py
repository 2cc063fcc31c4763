"""Validated BLS signatures (``bls.Signature``, the native ``BlsSignature``): made once by
``Ciphersuite.signature`` (decoding and subgroup check), then reused by Verify, AggregateVerify,
FastAggregateVerify and PopVerify without being checked again -- counted through patched validators --
with the verdicts of their bytes in every ciphersuite, and typed errors for bad signatures."""

from __future__ import annotations

import pytest

from pairkit import api
from pairkit.errors import EncodingError, InvalidArgumentError, NotInSubgroupError
from pairkit.protocols import bls
from test_bls_keys import ALL, SKS, _g2_off

MSG = b"validated once"


@pytest.mark.parametrize("s", ALL, ids=lambda s: f"{s.variant}-{s.scheme}")
def test_signature_objects_verify_as_their_bytes(s):
    pkb = s.sk_to_pk(SKS[0])
    sigb = s.sign(SKS[0], MSG)
    sig = s.signature(sigb)
    assert bytes(sig) == sigb and sig.to_bytes() == sigb and sig == s.signature(sigb)
    key = s.public_key(pkb)
    for k in (pkb, key):
        assert s.verify(k, MSG, sig) is s.verify(k, MSG, sigb) is True
        assert s.verify(k, b"other", sig) is s.verify(k, b"other", sigb) is False
    other = s.sk_to_pk(SKS[1])
    assert s.verify(other, MSG, sig) is False
    assert s.verify(b"\x00" * s.pk_len, MSG, sig) is False  # a key that fails KeyValidate: a verdict


@pytest.mark.parametrize("s", ALL, ids=lambda s: f"{s.variant}-{s.scheme}")
def test_aggregate_verify_with_a_signature_object(s):
    msgs = [b"m%d" % i for i in range(3)]
    pks = [s.sk_to_pk(k) for k in SKS[:3]]
    agg = s.aggregate([s.sign(k, m) for k, m in zip(SKS, msgs)])
    sig = s.signature(agg)
    keys = [s.public_key(p) for p in pks]
    assert s.aggregate_verify(pks, msgs, sig) is s.aggregate_verify(keys, msgs, sig) is True
    assert s.aggregate_verify(pks, msgs, agg) is True
    assert s.aggregate_verify(keys, msgs[::-1], sig) is False
    assert s.aggregate_verify([], [], sig) is False


@pytest.mark.parametrize("s", [bls.MinPkPop, bls.MinSigPop], ids=lambda s: s.variant)
def test_fast_aggregate_and_pop_verify_with_signature_objects(s):
    pks = [s.sk_to_pk(k) for k in SKS]
    sig = s.signature(s.aggregate([s.sign(k, MSG) for k in SKS]))
    keys = [s.public_key(p) for p in pks]
    assert s.fast_aggregate_verify(keys, MSG, sig) is s.fast_aggregate_verify(pks, MSG, sig) is True
    assert s.fast_aggregate_verify(keys[1:], MSG, sig) is False
    assert s.fast_aggregate_verify([], MSG, sig) is False
    proof = s.signature(s.pop_prove(SKS[0]))
    assert s.pop_verify(pks[0], proof) is s.pop_verify(keys[0], proof) is True
    assert s.pop_verify(pks[1], proof) is False


def test_the_signature_is_validated_once_and_reused(monkeypatch):
    """The decoding and subgroup check of a Signature run once, when it is made: ten verifications
    with it call no validator again (counted through the patched validators: the constructor
    ``api.BlsSignature``, the bytes verifier ``api.bls_verify`` and ``api.decode_point``), and the native
    verifier receives the object itself, not bytes."""
    s = bls.MinPkPop
    key = s.public_key(s.sk_to_pk(SKS[0]))
    sigb = s.sign(SKS[0], MSG)
    calls = {"BlsSignature": 0, "bls_verify": 0, "decode_point": 0}
    seen = []

    def counting(name):
        real = getattr(api, name)

        def wrapper(*a, **k):
            calls[name] += 1
            return real(*a, **k)

        monkeypatch.setattr(api, name, wrapper)

    for name in calls:
        counting(name)
    real_agg = api.bls_aggregate_verify

    def agg(min_pk, pks, msgs, sig, dst):
        seen.append(sig)
        return real_agg(min_pk, pks, msgs, sig, dst)

    monkeypatch.setattr(api, "bls_aggregate_verify", agg)
    sig = s.signature(sigb)
    assert calls == {"BlsSignature": 1, "bls_verify": 0, "decode_point": 0}
    for _ in range(10):
        assert s.verify(key, MSG, sig) is True
    assert s.fast_aggregate_verify([key], MSG, sig) is True
    assert calls == {"BlsSignature": 1, "bls_verify": 0, "decode_point": 0}
    assert len(seen) == 10 and all(x is sig for x in seen)
    # the bytes path, by contrast, validates on every call (through the bytes verifier)
    for _ in range(3):
        assert s.verify(key.to_bytes(), MSG, sigb) is True
    assert calls["bls_verify"] == 3


def test_bad_signatures_are_typed_errors():
    s = bls.MinPkBasic
    with pytest.raises(EncodingError, match="96 bytes"):
        s.signature(b"\x00" * 48)
    with pytest.raises(NotInSubgroupError):
        s.signature(_g2_off())
    with pytest.raises(TypeError):
        s.signature("00" * 96)
    other = bls.MinSigBasic.signature(bls.MinSigBasic.sign(SKS[0], MSG))
    with pytest.raises(InvalidArgumentError, match="min-sig signature given to a min-pk"):
        s.verify(s.sk_to_pk(SKS[0]), MSG, other)
    # the identity is a subgroup point: accepted as a Signature, and no single key verifies it
    ident = s.signature(b"\xc0" + bytes(95))
    assert s.verify(s.sk_to_pk(SKS[0]), MSG, ident) is False
