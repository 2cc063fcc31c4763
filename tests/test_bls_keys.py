"""Validated BLS public keys (``bls.PublicKey``, the native ``BlsPublicKey``) and the one-call native
verifiers: the key objects verify exactly as their bytes do in every ciphersuite,
FastAggregateVerify / AggregateVerify over them agree with the bytes paths, typed errors for bad
keys, and cross-checks with py_ecc's IETF implementation and blspy (when installed)."""

from __future__ import annotations

import pytest
from py_ecc.bls import G2ProofOfPossession
from py_ecc.bls.point_compression import compress_G2
from py_ecc.optimized_bls12_381 import FQ2

from pairkit import _native
from pairkit.errors import (
    ArgumentTypeError,
    EncodingError,
    InvalidArgumentError,
    NotInSubgroupError,
    NotOnCurveError,
    PointAtInfinityError,
)
from pairkit.protocols import bls

ALL = [bls.MinPkBasic, bls.MinPkAug, bls.MinPkPop, bls.MinSigBasic, bls.MinSigAug, bls.MinSigPop]
P = 0x1A0111EA397FE69A4B1BA7B6434BACD764774B84F38512BF6730D2A0F6B0F6241EABFFFEB153FFFFB9FEFFFFFFFFAAAB
SKS = [0x1234567 + 7919 * i for i in range(4)]

# (0, 2) lies on y^2 = x^3 + 4 and has order 3: on the curve, outside G1
G1_OFF = b"\x80" + bytes(47)
# the order-13 point G2_wrong_order of ethereum/bls12-381-tests main.py (also in tests/test_bls.py)
_G2_WRONG = (
    (
        3922397287649913227621058437622997108794641953057758105879357683864299671651819357275859520733535654147680406731276,
        3741137028670202333708729730342450399205516524855163427388600406129033394826520864962370018146369072778910602014330,
    ),
    (
        2318861511113254089730073927932992301121994664766687670497054556026428871746827995944986621318870599424754598753423,
        1139817624251523735913718360323397122746649955859850938514186251456988186435865415993431523202408255536265404879025,
    ),
)


def _g2_off() -> bytes:
    (x0, x1), (y0, y1) = _G2_WRONG
    z1, z2 = compress_G2((FQ2([x0, x1]), FQ2([y0, y1]), FQ2([1, 0])))
    return z1.to_bytes(48, "big") + z2.to_bytes(48, "big")


def _g1_not_on_curve() -> bytes:
    """The compressed encoding of the smallest x with x^3 + 4 a non-square mod p."""
    x = 1
    while pow(x**3 + 4, (P - 1) // 2, P) == 1:
        x += 1
    return (x | (1 << 383)).to_bytes(48, "big")


@pytest.mark.parametrize("s", ALL, ids=lambda s: f"{s.variant}-{s.scheme}")
def test_key_objects_verify_as_their_bytes(s):
    pkb = s.sk_to_pk(SKS[0])
    key = s.public_key(pkb)
    assert key.to_bytes() == pkb == bytes(key) and key.min_pk == (s.variant == "min-pk")
    assert key == s.public_key(pkb) and hash(key) == hash(s.public_key(pkb))
    assert len(key.to_bytes(compressed=False)) == 2 * s.pk_len and s.key_validate(key)
    sig = s.sign(SKS[0], b"msg")
    assert s.verify(key, b"msg", sig) and s.verify(pkb, b"msg", sig)
    assert not s.verify(key, b"other", sig) and not s.verify(pkb, b"other", sig)
    assert not s.verify(key, b"msg", sig[:-1]) and not s.verify(key, b"msg", bytes(len(sig)))
    # AggregateVerify over distinct messages, keys as objects and as bytes
    pks = [s.sk_to_pk(k) for k in SKS[:3]]
    msgs = [b"m%d" % i for i in range(3)]
    agg = s.aggregate([s.sign(k, m) for k, m in zip(SKS, msgs)])
    keys = [s.public_key(p) for p in pks]
    assert s.aggregate_verify(keys, msgs, agg) and s.aggregate_verify(pks, msgs, agg)
    assert not s.aggregate_verify(keys, msgs[::-1], agg) and not s.aggregate_verify(pks, msgs[::-1], agg)
    if s.scheme == "pop":
        proof = s.pop_prove(SKS[0])
        assert s.pop_verify(key, proof) and s.pop_verify(pkb, proof)
        one = s.aggregate([s.sign(k, b"same") for k in SKS])
        all_keys = [s.public_key(s.sk_to_pk(k)) for k in SKS]
        assert s.fast_aggregate_verify(all_keys, b"same", one)
        assert s.fast_aggregate_verify([k.to_bytes() for k in all_keys], b"same", one)
        assert not s.fast_aggregate_verify(all_keys[:3], b"same", one)
        assert not s.fast_aggregate_verify(all_keys, b"else", one)
        assert not s.fast_aggregate_verify(all_keys, b"same", one[:-1])
        assert not s.fast_aggregate_verify([], b"same", one)


def test_bad_keys_raise_typed_errors():
    s = bls.MinPkPop
    pk = s.sk_to_pk(SKS[0])
    with pytest.raises(EncodingError):
        s.public_key(pk[:-1])
    with pytest.raises(EncodingError):
        s.public_key(pk + b"\x00")
    with pytest.raises(EncodingError):
        s.public_key(bytes([pk[0] & 0x7F]) + pk[1:])  # compression flag cleared at 48 bytes
    with pytest.raises(NotOnCurveError):
        s.public_key(_g1_not_on_curve())
    with pytest.raises(NotInSubgroupError):
        s.public_key(G1_OFF)
    with pytest.raises(PointAtInfinityError):
        s.public_key(b"\xc0" + bytes(47))
    with pytest.raises(ArgumentTypeError):
        s.public_key("ab" * 24)
    with pytest.raises(ArgumentTypeError):
        s.public_key(12)
    with pytest.raises(NotInSubgroupError):
        bls.MinSigPop.public_key(_g2_off())
    with pytest.raises(PointAtInfinityError):
        bls.MinSigPop.public_key(b"\xc0" + bytes(95))
    # a key of the other variant: an error, not a verdict
    other = bls.MinSigPop.public_key(bls.MinSigPop.sk_to_pk(SKS[0]))
    sig = s.sign(SKS[0], b"m")
    for call in (
        lambda: s.verify(other, b"m", sig),
        lambda: s.fast_aggregate_verify([other], b"m", sig),
        lambda: s.aggregate_verify([other], [b"m"], sig),
        lambda: s.pop_verify(other, sig),
    ):
        with pytest.raises(InvalidArgumentError):
            call()
    with pytest.raises(InvalidArgumentError):
        _native.bls_fast_aggregate_verify(True, [other], b"m", sig, s.dst)
    # keys and bytes mixed in one list
    with pytest.raises(ArgumentTypeError):
        s.fast_aggregate_verify([s.public_key(pk), pk], b"m", sig)
    # the bytes verifiers keep their verdicts for the same bad keys
    assert not s.verify(G1_OFF, b"m", sig) and not s.verify(b"\xc0" + bytes(47), b"m", sig)


def test_native_verify_arguments():
    s = bls.MinPkBasic
    pk, sig = s.sk_to_pk(SKS[1]), s.sign(SKS[1], b"m")
    assert _native.bls_verify(True, pk, b"m", sig, s.dst)
    assert not _native.bls_verify(False, pk, b"m", sig, s.dst)  # the wrong variant decodes nothing
    with pytest.raises(EncodingError):
        _native.bls_verify(True, pk, b"m", sig, b"")  # RFC 9380: a DST is never empty


def test_fast_aggregate_keys_cross_py_ecc():
    # py_ecc signs (its IETF POP ciphersuite); pairkit verifies over its validated key objects
    s = bls.MinPkPop
    sigs = [G2ProofOfPossession.Sign(k, b"py_ecc") for k in SKS[:2]]
    agg = G2ProofOfPossession.Aggregate(sigs)
    keys = [s.public_key(G2ProofOfPossession.SkToPk(k)) for k in SKS[:2]]
    assert s.fast_aggregate_verify(keys, b"py_ecc", agg)
    assert s.verify(keys[0], b"py_ecc", sigs[0])


def test_cross_blspy():
    blspy = pytest.importorskip("blspy")
    s = bls.MinPkPop
    msg = b"blspy"
    pks = [s.sk_to_pk(k) for k in SKS]
    agg = s.aggregate([s.sign(k, msg) for k in SKS])
    bpk = [blspy.G1Element.from_bytes(p) for p in pks]
    assert blspy.PopSchemeMPL.fast_aggregate_verify(bpk, msg, blspy.G2Element.from_bytes(agg))
    # and blspy's signatures under pairkit's key objects
    bsk = blspy.PopSchemeMPL.key_gen(bytes(range(32)))
    bsig = bytes(blspy.PopSchemeMPL.sign(bsk, msg))
    key = s.public_key(bytes(bsk.get_g1()))
    assert s.verify(key, msg, bsig) and s.fast_aggregate_verify([key], msg, bsig)
    assert bls.MinPkBasic.verify(key, msg, bytes(blspy.BasicSchemeMPL.sign(bsk, msg)))


def test_bench_protocols_checks_and_section():
    """The bench's input checks raise a pairkit error (not an assert, which -O drops); the section
    says when the machine was shared, and why a goal is missed where one is."""
    import os

    from pairkit.errors import PairkitError
    from pairkit.reports import bench_protocols as BP

    with pytest.raises(PairkitError, match="nothing was timed"):
        BP._require(False, "a bad input")
    BP._require(True, "a good input")
    a, b = BP._interleaved_us(lambda: None, lambda: sum(range(100)), 5)
    assert a > 0 and b > 0
    row = {
        "key": "verify",
        "what": "Verify",
        "pairkit_us": 2.0,
        "peer": "blspy",
        "peer_us": 1.0,
        "goal": "<= 1.0x blst",
    }
    busy = BP.markdown({"machine": "m", "date": "d", "load": 4.0 * (os.cpu_count() or 1), "rows": [row]}, "cmd")
    idle = BP.markdown({"machine": "m", "date": "d", "load": 0.0, "load_end": 0.0, "rows": [row]}, "cmd")
    assert "shared with other jobs" in busy and "shared with other jobs" not in idle
    assert "| Verify | 2.0 | blspy | 1.0 | <= 1.0x blst | 2.00x: missed |" in idle
    # a missed goal carries its analysis; a met one does not
    assert "- Verify missed:" in idle and "PEKS missed" not in idle
    met = BP.markdown({"machine": "m", "date": "d", "load": 0.0, "rows": [dict(row, pairkit_us=0.5)]}, "cmd")
    assert "Verify missed" not in met
    # the analysis is chosen by the row's key, not by its label, and its figures are the row's own
    peks = {
        "key": "peks",
        "what": "Verify-like label",
        "pairkit_us": 2.0,
        "peer": "pair_batch",
        "peer_us": 2.0,
        "goal": ">= 1.5x",
        "speedup_goal": 1.5,
        "split": {"pair_us": 400.0, "miller_us": 150.0, "final_exp_us": 240.0},
    }
    text = BP.markdown({"machine": "m", "date": "d", "load": 0.0, "rows": [peks]}, "cmd")
    assert "- PEKS missed:" in text and "Verify missed" not in text
    assert "400 µs, of which the final exponentiation 240 µs (60%)" in text and "at most 1.67x" in text
    assert "at most" not in BP.markdown(
        {"machine": "m", "date": "d", "load": 0.0, "rows": [{k: v for k, v in peks.items() if k != "split"}]}, "cmd"
    )
