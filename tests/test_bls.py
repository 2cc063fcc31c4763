"""BLS signatures (pairkit.protocols.bls, draft-irtf-cfrg-bls-signature-05): the Ethereum consensus
vectors (test-vectors/bls/), cross-checks against py_ecc's IETF implementation (min-pk), min-sig
against py_ecc's hash to G1 and its own round trips, refusals, batch verification, and bounded
hypothesis fuzzing of the decoders and verifiers (no wrong True, no untyped exception)."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from py_ecc.bls import G2Basic, G2MessageAugmentation, G2ProofOfPossession
from py_ecc.bls.hash_to_curve import hash_to_G1, hash_to_G2
from py_ecc.bls.point_compression import compress_G1, compress_G2
from py_ecc.optimized_bls12_381 import FQ, FQ2, multiply

from fuzzbudget import fuzz
from pairkit import api
from pairkit.errors import (
    ArgumentTypeError,
    EncodingError,
    InsecureParameterError,
    InvalidArgumentError,
    LimitExceededError,
    NotInSubgroupError,
    NotSupportedError,
    PairkitError,
    UnknownSetError,
)
from pairkit.protocols import bls

VEC = json.loads(
    (Path(__file__).resolve().parents[1] / "test-vectors" / "bls" / "eth_bls12381_tests_subset.json").read_text()
)
H = bytes.fromhex
G1_INF = b"\xc0" + bytes(47)
G2_INF = b"\xc0" + bytes(95)
P = 0x1A0111EA397FE69A4B1BA7B6434BACD764774B84F38512BF6730D2A0F6B0F6241EABFFFEB153FFFFB9FEFFFFFFFFAAAB
ALL = [bls.MinPkBasic, bls.MinPkAug, bls.MinPkPop, bls.MinSigBasic, bls.MinSigAug, bls.MinSigPop]
REF = {"basic": G2Basic, "aug": G2MessageAugmentation, "pop": G2ProofOfPossession}

# Points on the curve (G1) / the twist (G2) outside the order-r subgroup: the coordinates of
# G1_wrong_order and G2_wrong_order (order 13) in ethereum/bls12-381-tests main.py.
_G1_WRONG = (
    175120027539531016442854006573889751122153014990298010045047409866982914293422983043097473453160715743839524736495,
    3886161143382294459707944199964771025143673781268592314417728386394555910678469538674068117321209145872489588747338,
)
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


def _g1_off() -> bytes:
    z = compress_G1((FQ(_G1_WRONG[0]), FQ(_G1_WRONG[1]), FQ(1)))
    return z.to_bytes(48, "big")


def _g2_off() -> bytes:
    (x0, x1), (y0, y1) = _G2_WRONG
    z1, z2 = compress_G2((FQ2([x0, x1]), FQ2([y0, y1]), FQ2([1, 0])))
    return z1.to_bytes(48, "big") + z2.to_bytes(48, "big")


# ---- ciphersuites -------------------------------------------------------------------------------


def test_ciphersuite_ids():
    want = {
        ("min-pk", "basic"): "BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_NUL_",
        ("min-pk", "aug"): "BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_AUG_",
        ("min-pk", "pop"): "BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_",
        ("min-sig", "basic"): "BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_",
        ("min-sig", "aug"): "BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_AUG_",
        ("min-sig", "pop"): "BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_POP_",
    }
    for s in ALL:
        assert s.id == want[(s.variant, s.scheme)] and s.dst == s.id.encode()
        assert bls.ciphersuite(s.variant, s.scheme) is s
    assert bls.MinPkPop.pop_dst == b"BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_"
    assert bls.MinSigPop.pop_dst == b"BLS_POP_BLS12381G1_XMD:SHA-256_SSWU_RO_POP_"
    assert (bls.MinPkBasic.pk_len, bls.MinPkBasic.sig_len) == (48, 96)
    assert (bls.MinSigBasic.pk_len, bls.MinSigBasic.sig_len) == (96, 48)


def test_encodings_and_hash_are_the_drafts():
    # ZCash/IETF compressed generators (flags in the top three bits)
    g1 = api.point_mul("bls12-381", api.generator("bls12-381", 1), 1, compressed=True)
    assert g1.hex().startswith("97f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac58")
    assert bls.MinPkBasic.sk_to_pk(1) == g1
    assert G2Basic.SkToPk(1) == g1
    # hash_to_curve of the signature DSTs equals py_ecc's (RFC 9380 SSWU_RO_)
    for msg in (b"", b"abc"):
        h2 = api.hash_to_point("bls12-381", msg, bls.MinPkBasic.dst, group=2, compressed=True)
        z1, z2 = compress_G2(hash_to_G2(msg, bls.MinPkBasic.dst, hashlib.sha256))
        assert h2 == z1.to_bytes(48, "big") + z2.to_bytes(48, "big")
        h1 = api.hash_to_point("bls12-381", msg, bls.MinSigBasic.dst, group=1, compressed=True)
        assert h1 == compress_G1(hash_to_G1(msg, bls.MinSigBasic.dst, hashlib.sha256)).to_bytes(48, "big")


# ---- Ethereum consensus vectors (min-pk, POP) ----------------------------------------------------


def test_eth_sign_vectors():
    s = bls.MinPkPop
    for i, (sk, pk) in enumerate(zip(VEC["privkeys"], VEC["pubkeys"])):
        assert s.sk_to_pk(int(sk, 16)) == H(pk), i
    for c in VEC["sign"]:
        sk, msg, sig = int(c["privkey"], 16), H(c["message"]), H(c["signature"])
        assert s.sign(sk, msg) == sig
        pk = s.sk_to_pk(sk)
        assert s.verify(pk, msg, sig)
        assert not s.verify(pk, msg + b"\x00", sig)  # tampered message
        assert not bls.MinPkBasic.verify(pk, msg, sig)  # another ciphersuite's DST
        other = H(VEC["pubkeys"][(VEC["privkeys"].index(c["privkey"]) + 1) % 3])
        assert not s.verify(other, msg, sig)  # wrong public key


def test_eth_aggregate_vectors():
    s = bls.MinPkPop
    for c in VEC["aggregate"]:
        sigs = [H(x) for x in c["signatures"]]
        if c["output"] is None:
            with pytest.raises(InvalidArgumentError):
                s.aggregate(sigs)
        else:
            assert s.aggregate(sigs) == H(c["output"])
    for c in VEC["fast_aggregate_verify"]:
        got = s.fast_aggregate_verify([H(x) for x in c["pubkeys"]], H(c["message"]), H(c["signature"]))
        assert got is c["output"], c.get("name")
    for c in VEC["aggregate_verify"]:
        got = s.aggregate_verify([H(x) for x in c["pubkeys"]], [H(x) for x in c["messages"]], H(c["signature"]))
        assert got is c["output"], c["name"]
    for c in VEC["verify"]:
        assert s.verify(H(c["pubkey"]), H(c["message"]), H(c["signature"])) is c["output"]
    # tampered: an aggregate over one message does not verify another
    pks = [H(x) for x in VEC["pubkeys"]]
    agg0 = H(VEC["aggregate"][0]["output"])
    assert not s.fast_aggregate_verify(pks, H(VEC["messages"][1]), agg0)
    assert not s.fast_aggregate_verify(pks[:2], H(VEC["messages"][0]), agg0)  # a signer missing


# ---- py_ecc cross-checks (min-pk) ----------------------------------------------------------------


@pytest.mark.parametrize("scheme", ["basic", "aug", "pop"])
def test_cross_py_ecc(scheme):
    rnd = random.Random(18 + len(scheme))
    s, ref = bls.ciphersuite("min-pk", scheme), REF[scheme]
    ikms = [rnd.randbytes(32 + i) for i in range(3)]
    msgs = [rnd.randbytes(rnd.randrange(0, 80)) for _ in range(3)]
    sks = [s.keygen(ikm) for ikm in ikms]
    assert sks == [ref.KeyGen(ikm) for ikm in ikms]
    assert s.keygen(ikms[0], b"info") == ref.KeyGen(ikms[0], b"info") != sks[0]
    pks = [s.sk_to_pk(sk) for sk in sks]
    assert pks == [ref.SkToPk(sk) for sk in sks]
    sigs = [s.sign(sk, m) for sk, m in zip(sks, msgs)]
    assert sigs == [ref.Sign(sk, m) for sk, m in zip(sks, msgs)]
    assert ref.Verify(pks[0], msgs[0], sigs[0])  # py_ecc accepts pairkit's signature
    assert s.verify(pks[1], msgs[1], ref.Sign(sks[1], msgs[1]))  # and pairkit py_ecc's
    assert not s.verify(pks[1], msgs[0], sigs[1])
    agg = s.aggregate(sigs)
    assert agg == ref.Aggregate(sigs)
    assert s.aggregate_verify(pks, msgs, agg)
    assert not s.aggregate_verify(pks, msgs[::-1], agg)
    assert not s.aggregate_verify(pks[:2], msgs[:2], agg)
    if scheme == "pop":
        proofs = [s.pop_prove(sk) for sk in sks]
        assert proofs == [ref.PopProve(sk) for sk in sks]
        assert all(s.pop_verify(pk, pr) for pk, pr in zip(pks, proofs))
        assert not s.pop_verify(pks[0], proofs[1])
        same = [s.sign(sk, msgs[0]) for sk in sks]
        fagg = s.aggregate(same)
        assert s.fast_aggregate_verify(pks, msgs[0], fagg)
        assert ref.FastAggregateVerify(pks, msgs[0], fagg)
        assert not s.fast_aggregate_verify(pks, msgs[1], fagg)


def _neg_key(s, pk: bytes) -> bytes:
    """-PK, compressed (the sign bit of the encoding flipped: the same x, the other y)."""
    return bytes([pk[0] ^ 0x20]) + pk[1:]


def _edge_cases(s):
    """(name, call) of the edge cases of issue 37 item 2 for ciphersuite ``s``: each call takes the keys
    as bytes or as PublicKey objects (``obj``) and returns the verdict."""
    inf = G2_INF if s.pk_group == 1 else G1_INF
    m, pk = b"edge", s.sk_to_pk(7)
    npk = _neg_key(s, pk)
    pks2 = [s.sk_to_pk(3), s.sk_to_pk(5)]
    sig2 = s.aggregate([s.sign(3, m), s.sign(5, m)])

    def keys(ks, obj):
        return [s.public_key(k) for k in ks] if obj else ks

    cases = [
        ("[pk, -pk] one message, identity signature", lambda o: s.aggregate_verify(keys([pk, npk], o), [m, m], inf)),
        (
            "[pk, -pk] two messages, identity signature",
            lambda o: s.aggregate_verify(keys([pk, npk], o), [m, b"x"], inf),
        ),
        ("[pk] identity signature", lambda o: s.aggregate_verify(keys([pk], o), [m], inf)),
        ("Verify, identity signature", lambda o: s.verify(keys([pk], o)[0], m, inf)),
        ("duplicated messages, valid aggregate", lambda o: s.aggregate_verify(keys(pks2, o), [m, m], sig2)),
    ]
    if s.scheme == "pop":
        cases.append(
            ("FastAggregateVerify [pk, -pk], identity", lambda o: s.fast_aggregate_verify(keys([pk, npk], o), m, inf))
        )
    return cases, (pk, npk, pks2, sig2, inf, m)


# the draft's verdicts (draft-05 2.9 CoreAggregateVerify: the identity signature passes
# signature_subgroup_check; e(H(m), PK) e(H(m), -PK) = 1; basic refuses duplicated messages, aug
# prefixes each with its key; FastAggregateVerify's aggregate key [pk, -pk] is the identity, which
# CoreVerify's KeyValidate refuses)
EDGE_EXPECTED = {
    "basic": [False, False, False, False, False],
    "aug": [False, False, False, False, True],
    "pop": [True, False, False, False, True, False],
}


@pytest.mark.parametrize("s", ALL, ids=lambda s: f"{s.variant}-{s.scheme}")
def test_edge_cases_one_verdict_for_bytes_and_objects(s):
    """Issue 37 item 2: every verifier gives one verdict whether the keys are bytes or PublicKey
    objects (the objects' native path refused every identity signature, so pop AggregateVerify over
    [pk, -pk] on one message was False there and True through bytes), equal to the draft's."""
    cases, _ = _edge_cases(s)
    got = [(name, f(False), f(True)) for name, f in cases]
    assert [b for _, b, _ in got] == [o for _, _, o in got], got
    assert [b for _, b, _ in got] == EDGE_EXPECTED[s.scheme], got


@pytest.mark.parametrize("scheme", ["basic", "aug", "pop"])
def test_edge_cases_agree_with_py_ecc(scheme):
    """The same edge cases, min-pk, against py_ecc's IETF implementation (keys as bytes and objects)."""
    s, ref = bls.ciphersuite("min-pk", scheme), REF[scheme]
    cases, (pk, npk, pks2, sig2, inf, m) = _edge_cases(s)
    theirs = [
        ref.AggregateVerify([pk, npk], [m, m], inf),
        ref.AggregateVerify([pk, npk], [m, b"x"], inf),
        ref.AggregateVerify([pk], [m], inf),
        ref.Verify(pk, m, inf),
        ref.AggregateVerify(pks2, [m, m], sig2),
    ]
    if scheme == "pop":
        theirs.append(ref.FastAggregateVerify([pk, npk], m, inf))
    for obj in (False, True):
        assert [f(obj) for _, f in cases] == theirs, (obj, [name for name, _ in cases])


def test_basic_requires_distinct_messages():
    sks = [3, 5]
    m = b"same message"
    for s in (bls.MinPkBasic, bls.MinSigBasic):
        agg = s.aggregate([s.sign(k, m) for k in sks])
        assert s.aggregate_verify([s.sk_to_pk(k) for k in sks], [m, m], agg) is False
    for s in (bls.MinPkPop, bls.MinPkAug, bls.MinSigPop, bls.MinSigAug):  # allowed there
        agg = s.aggregate([s.sign(k, m) for k in sks])
        assert s.aggregate_verify([s.sk_to_pk(k) for k in sks], [m, m], agg) is True


# ---- min-sig -------------------------------------------------------------------------------------


@pytest.mark.parametrize("scheme", ["basic", "aug", "pop"])
def test_min_sig(scheme):
    rnd = random.Random(7)
    s = bls.ciphersuite("min-sig", scheme)
    sks = [s.keygen(rnd.randbytes(32)) for _ in range(3)]
    pks = [s.sk_to_pk(sk) for sk in sks]
    msgs = [b"m0", b"m1", b"m2"]
    sigs = [s.sign(sk, m) for sk, m in zip(sks, msgs)]
    assert all(len(pk) == 96 for pk in pks) and all(len(sg) == 48 for sg in sigs)
    # independent: the G2 public key is py_ecc's sk * g2; the signature is sk * hash_to_G1(m') from py_ecc
    from py_ecc.optimized_bls12_381 import G2 as PG2

    z1, z2 = compress_G2(multiply(PG2, sks[0]))
    assert pks[0] == z1.to_bytes(48, "big") + z2.to_bytes(48, "big")
    m0 = pks[0] + msgs[0] if scheme == "aug" else msgs[0]
    assert sigs[0] == compress_G1(multiply(hash_to_G1(m0, s.dst, hashlib.sha256), sks[0])).to_bytes(48, "big")
    assert all(s.verify(pk, m, sg) for pk, m, sg in zip(pks, msgs, sigs))
    assert not s.verify(pks[0], msgs[1], sigs[0])
    assert not s.verify(pks[1], msgs[0], sigs[0])
    assert not s.verify(pks[0], msgs[0], G1_INF)
    assert not s.verify(G2_INF, msgs[0], G1_INF)
    agg = s.aggregate(sigs)
    assert s.aggregate_verify(pks, msgs, agg)
    assert not s.aggregate_verify(pks, msgs[::-1], agg)
    if scheme == "pop":
        assert s.pop_verify(pks[1], s.pop_prove(sks[1]))
        assert not s.pop_verify(pks[1], s.pop_prove(sks[0]))
        fagg = s.aggregate([s.sign(sk, b"one") for sk in sks])
        assert s.fast_aggregate_verify(pks, b"one", fagg)
        assert not s.fast_aggregate_verify(pks, b"two", fagg)
        assert not s.fast_aggregate_verify(pks + [G2_INF], b"one", fagg)


# ---- refusals and bad input ----------------------------------------------------------------------


def test_refusals():
    with pytest.raises(InsecureParameterError):
        bls.ciphersuite("min-pk", "basic", set_id="ss2-283")
    with pytest.raises(InsecureParameterError):
        bls.Ciphersuite("min-pk", "basic", set_id="typea-512")
    with pytest.raises(InsecureParameterError, match="reduced"):  # ~100-bit: below the draft's 128
        bls.Ciphersuite("min-pk", "basic", set_id="bn254")
    with pytest.raises(UnknownSetError):
        bls.ciphersuite(set_id="bls12-377")
    with pytest.raises(InvalidArgumentError):
        bls.ciphersuite("min-pk", "nul")
    with pytest.raises(InvalidArgumentError):
        bls.ciphersuite("max-pk", "basic")
    with pytest.raises(ArgumentTypeError):
        bls.ciphersuite(1, "basic")
    for f in (
        lambda: bls.MinPkBasic.pop_prove(5),
        lambda: bls.MinPkAug.pop_verify(G1_INF, G2_INF),
        lambda: bls.MinSigBasic.fast_aggregate_verify([G2_INF], b"", G1_INF),
    ):
        with pytest.raises(NotSupportedError):
            f()


def test_keys_and_arguments():
    s = bls.MinPkBasic
    with pytest.raises(InvalidArgumentError):
        s.keygen(bytes(31))
    with pytest.raises(ArgumentTypeError):
        s.keygen("x" * 40)
    for bad in (0, bls.R, -1, bls.R + 5):
        with pytest.raises(InvalidArgumentError):
            s.sign(bad, b"m")
        with pytest.raises(InvalidArgumentError):
            s.sk_to_pk(bad)
    for bad in (1.0, "5", True, None):
        with pytest.raises(ArgumentTypeError):
            s.sign(bad, b"m")
    pk, sig = s.sk_to_pk(9), s.sign(9, b"m")
    with pytest.raises(ArgumentTypeError):
        s.verify(pk, "m", sig)
    with pytest.raises(ArgumentTypeError):
        s.verify(pk.hex(), b"m", sig)
    with pytest.raises(ArgumentTypeError):
        s.verify(pk, b"m", 5)
    with pytest.raises(InvalidArgumentError):
        s.aggregate_verify([pk], [b"m", b"n"], sig)
    with pytest.raises(InvalidArgumentError):
        s.aggregate([])
    assert s.aggregate_verify([], [], G2_INF) is False
    assert bls.MinPkPop.fast_aggregate_verify([], b"m", sig) is False
    # bytearray / memoryview are bytes-like
    assert s.verify(bytearray(pk), memoryview(b"m"), bytearray(sig))


def test_invalid_points_give_false():
    s = bls.MinPkPop
    sk = 11
    pk, sig = s.sk_to_pk(sk), s.sign(sk, b"m")
    g1_off, g2_off = _g1_off(), _g2_off()
    assert api.decode_point("bls12-381", g1_off, check_subgroup=False, group=1) is not None
    with pytest.raises(NotInSubgroupError):
        api.decode_point("bls12-381", g1_off, group=1)
    with pytest.raises(NotInSubgroupError):
        api.decode_point("bls12-381", g2_off, group=2)
    assert not s.key_validate(g1_off) and not s.key_validate(G1_INF)
    assert s.key_validate(pk)
    assert not s.verify(g1_off, b"m", sig)
    assert not s.verify(pk, b"m", g2_off)
    assert not s.verify(G1_INF, b"m", G2_INF)
    assert not s.verify(pk, b"m", G2_INF)
    with pytest.raises(NotInSubgroupError):
        s.aggregate([sig, g2_off])
    with pytest.raises(EncodingError):
        s.aggregate([sig, sig[:-1]])
    assert s.aggregate([G2_INF]) == G2_INF
    assert s.aggregate([sig, G2_INF]) == sig
    # non-canonical and malformed encodings of the key
    x = api.decode_point("bls12-381", pk)[0]
    bad = [
        pk[:-1],
        pk + b"\x00",
        bytes(48),  # lengths; no compression flag
        bytes([pk[0] & 0x7F]) + pk[1:],  # c_flag cleared
        bytes([0x80]) + P.to_bytes(48, "big")[1:],  # x = p
        bytes([0x80 | (pk[0] & 0x20)]) + (x + P).to_bytes(48, "big")[1:],  # x + p
        b"\xe0" + bytes(47),  # infinity with a_flag
        b"\xc0" + bytes(46) + b"\x01",  # infinity with x != 0
        b"\x40" + bytes(47),  # infinity without c_flag
        api.point_mul("bls12-381", pk, 1, compressed=False),  # uncompressed (96 bytes)
    ]
    for b in bad:
        assert not s.key_validate(b), b.hex()
        assert not s.verify(b, b"m", sig), b.hex()
    neg = bytes([sig[0] ^ 0x20]) + sig[1:]  # -sig
    assert not s.verify(pk, b"m", neg)


# ---- batch verification --------------------------------------------------------------------------


@pytest.mark.parametrize("suite", [bls.MinPkBasic, bls.MinPkAug, bls.MinSigPop])
def test_batch_verify(suite):
    rnd = random.Random(3)
    n = 8
    sks = [rnd.randrange(1, bls.R) for _ in range(n)]
    pks = [suite.sk_to_pk(k) for k in sks]
    msgs = [rnd.randbytes(16) for _ in range(n)]
    msgs[3] = msgs[2]  # repeated messages are fine in a batch of independent signatures
    sigs = [suite.sign(k, m) for k, m in zip(sks, msgs)]
    assert suite.batch_verify(pks, msgs, sigs)
    assert suite.find_invalid(pks, msgs, sigs) == []
    bad = list(sigs)
    bad[5] = suite.sign(sks[5], b"another message")
    assert not suite.batch_verify(pks, msgs, bad)
    assert suite.find_invalid(pks, msgs, bad) == [5]
    # two signatures swapped: each wrong, their sum unchanged
    sw = list(sigs)
    sw[0], sw[1] = sw[1], sw[0]
    assert not suite.batch_verify(pks, msgs, sw)
    assert suite.find_invalid(pks, msgs, sw) == [0, 1]
    inf = G2_INF if suite.sig_len == 96 else G1_INF
    assert not suite.batch_verify(pks, msgs, sigs[:-1] + [inf])
    assert not suite.batch_verify(pks, msgs, sigs[:-1] + [sigs[-1][:-1]])
    assert not suite.batch_verify([], [], [])  # no signature: invalid, as AggregateVerify of n = 0 (issue 37)
    assert suite.find_invalid([], [], []) == []
    assert suite.batch_verify(pks, msgs, sigs, bits=128)
    # the key and signature objects every other verifier takes (they were refused: "must be bytes-like")
    keys = [suite.public_key(k) for k in pks]
    sobj = [suite.signature(x) for x in sigs]
    assert suite.batch_verify(keys, msgs, sobj) and suite.batch_verify(keys, msgs, sigs)
    assert not suite.batch_verify(keys, msgs, sw) and suite.find_invalid(keys, msgs, [sobj[1], sobj[0], *sobj[2:]]) == [
        0,
        1,
    ]
    with pytest.raises(InvalidArgumentError):
        suite.batch_verify(pks, msgs[:-1], sigs)
    with pytest.raises(InvalidArgumentError):
        suite.batch_verify(pks, msgs, sigs, bits=32)


@pytest.mark.parametrize("suite", [bls.MinPkBasic, bls.MinPkAug, bls.MinSigBasic, bls.MinSigAug])
def test_native_batch_equals_the_composed_reference(suite):
    """The Rust kernel (_native.bls_batch_verify) and the test composed from api calls give the
    same verdict with the same coefficients, on valid batches and on each kind of bad triple."""
    rnd = random.Random(11)
    n = 6
    sks = [rnd.randrange(1, bls.R) for _ in range(n)]
    pks = [suite.sk_to_pk(k) for k in sks]
    msgs = [rnd.randbytes(12) for _ in range(n)]
    sigs = [suite.sign(k, m) for k, m in zip(sks, msgs)]
    inf_sig = G2_INF if suite.sig_len == 96 else G1_INF
    inf_pk = G1_INF if suite.pk_len == 48 else G2_INF
    other = suite.sign(sks[0], b"other")
    cases = {
        "valid": (pks, msgs, sigs),
        "wrong signature": (pks, msgs, sigs[:2] + [other] + sigs[3:]),
        "swapped": (pks, msgs, [sigs[1], sigs[0]] + sigs[2:]),
        "identity signature": (pks, msgs, sigs[:-1] + [inf_sig]),
        "identity key": ([inf_pk] + pks[1:], msgs, sigs),
        "key off the curve": ([bytes([pks[0][0]]) + bytes(len(pks[0]) - 2) + b"\x07"] + pks[1:], msgs, sigs),
        "wrong message": (pks, msgs[:4] + [b"x"] + msgs[5:], sigs),
    }
    for name, (p, m, sg) in cases.items():
        for bits in (64, 128):
            cs = suite._coefficients(n, bits)
            native = suite._batch(list(p), list(m), list(sg), bits, cs)
            composed = suite._batch_composed(list(p), list(m), list(sg), bits, cs)
            assert native is composed, (name, bits)
            assert native is (name == "valid"), name
    with pytest.raises(InvalidArgumentError):  # a zero coefficient is refused, never used
        suite._batch(pks, msgs, sigs, 64, [0] + [1] * (n - 1))
    with pytest.raises(InvalidArgumentError):  # more than 32 bytes
        suite._batch(pks, msgs, sigs, 64, [1 << 260] + [1] * (n - 1))


@pytest.mark.parametrize("suite", [bls.MinPkBasic, bls.MinSigAug])
def test_batch_in_chunks_equals_one_call(suite, monkeypatch):
    """batch_verify makes one native call per BATCH_CHUNK triples (so Ctrl-C is seen between them)
    and gives the verdict of one call over the whole batch with the same coefficients: True on a
    valid batch, False with a bad signature in the last chunk (after two chunks that pass)."""
    rnd = random.Random(12)
    n = 10  # chunks of 4: 4 + 4 + 2
    sks = [rnd.randrange(1, bls.R) for _ in range(n)]
    pks = [suite.sk_to_pk(k) for k in sks]
    msgs = [rnd.randbytes(9) for _ in range(n)]
    sigs = [suite.sign(k, m) for k, m in zip(sks, msgs)]
    bad = sigs[:-1] + [suite.sign(sks[0], b"not this message")]
    calls: list[int] = []
    native = api.bls_batch_verify

    def spy(min_pk, p, *rest):
        calls.append(len(p))
        return native(min_pk, p, *rest)

    monkeypatch.setattr(api, "bls_batch_verify", spy)
    for sg, want in ((sigs, True), (bad, False)):
        cs = suite._coefficients(n, 64)
        calls.clear()
        assert suite._batch(pks, msgs, sg, 64, cs, chunk=n) is want
        assert calls == [n]
        calls.clear()
        assert suite._batch(pks, msgs, sg, 64, cs, chunk=4) is want
        assert calls == [4, 4, 2]
    monkeypatch.setattr(bls, "BATCH_CHUNK", 4)
    calls.clear()
    assert suite.batch_verify(pks, msgs, sigs) is True
    assert calls == [4, 4, 2]
    calls.clear()
    assert suite.batch_verify(pks, msgs, bad) is False
    assert calls == [4, 4, 2]
    with pytest.raises(InvalidArgumentError):  # coefficients must match the triples one for one
        suite._batch(pks, msgs, sigs, 64, [1] * (n + 1), chunk=4)


def test_batch_limit(monkeypatch):
    monkeypatch.setattr(bls, "MAX_BATCH", 4)
    s = bls.MinPkBasic
    n = 5
    with pytest.raises(LimitExceededError):
        s.batch_verify([b""] * n, [b""] * n, [b""] * n)


# ---- fuzz: no wrong True, no untyped exception ---------------------------------------------------

_S = bls.MinPkPop
_SK = 0x1234567
_PK = _S.sk_to_pk(_SK)
_MSG = b"fuzz"
_SIG = _S.sign(_SK, _MSG)


def _with_x(base: bytes, flags: int, k: int) -> bytes:
    """``base`` with its first 48-byte word's three flag bits set to ``flags`` and its 381-bit
    field element replaced by x + k p (mod 2^381): non-canonical spellings of the same x."""
    x = int.from_bytes(base[:48], "big") & ((1 << 381) - 1)
    x = (x + k * P) & ((1 << 381) - 1)
    return ((flags << 381) | x).to_bytes(48, "big") + base[48:]


def _mutate(base: bytes):
    return st.one_of(
        st.binary(min_size=len(base), max_size=len(base)),
        st.tuples(st.integers(0, len(base) - 1), st.integers(1, 255)).map(
            lambda t: base[: t[0]] + bytes([base[t[0]] ^ t[1]]) + base[t[0] + 1 :]
        ),
        st.tuples(st.integers(0, 7), st.integers(0, 8)).map(lambda t: _with_x(base, *t)),
        st.binary(max_size=len(base) + 2),
    )


@fuzz(150)
@given(_mutate(_PK))
def test_fuzz_public_keys(data):
    got = _S.key_validate(data)
    assert got is G2ProofOfPossession.KeyValidate(data) if len(data) == 48 else got is False
    v = _S.verify(data, _MSG, _SIG)
    assert v is (data == _PK)


@fuzz(60)
@given(_mutate(_SIG))
def test_fuzz_signatures(data):
    assert _S.verify(_PK, _MSG, data) is (data == _SIG)
    try:
        agg = _S.aggregate([data])
    except PairkitError:
        return
    assert agg == data  # only canonical encodings decode, so one signature aggregates to itself
    assert _S.aggregate_verify([_PK], [_MSG], data) is (data == _SIG)
    assert _S.batch_verify([_PK], [_MSG], [data]) is (data == _SIG)


@fuzz(150)
@given(st.lists(_mutate(_PK), min_size=1, max_size=3), st.binary(max_size=40))
def test_fuzz_aggregate_verifiers(pks, msg):
    # the only accepting inputs are the honest ones, which the fuzzer does not produce
    assert _S.fast_aggregate_verify(pks, msg, _SIG) is (pks == [_PK] and msg == _MSG)
    assert _S.aggregate_verify(pks, [msg] * len(pks), _SIG) is (pks == [_PK] and msg == _MSG)


@fuzz(60)
@given(_mutate(_S.sign(_SK, b"x")[:48]))
def test_fuzz_min_sig(data):
    s = bls.MinSigBasic
    pk, sig = s.sk_to_pk(_SK), s.sign(_SK, _MSG)
    assert s.verify(pk, _MSG, data) is (data == sig)
    assert s.key_validate(data) is False  # a 48-byte string is never a min-sig public key


# ---- the command line ----------------------------------------------------------------------------


def _cli(*args, input_text=None):
    import subprocess
    import sys

    return subprocess.run(
        [sys.executable, "-m", "pairkit.cli", "bls", *args],
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
        input=input_text,
    )


def test_cli_round_trip(tmp_path):
    ikm = "11" * 32
    p = _cli("keygen", "--ikm", ikm, "--scheme", "pop", "--json")
    assert p.returncode == 0, p.stderr
    k = json.loads(p.stdout)
    sk = int(k["sk"], 16)
    assert sk == G2ProofOfPossession.KeyGen(H(ikm)) and H(k["pk"]) == G2ProofOfPossession.SkToPk(sk)
    assert H(k["pop"]) == G2ProofOfPossession.PopProve(sk)
    p = _cli("sign", "--sk", k["sk"], "--msg", "616263", "--scheme", "pop")
    assert p.returncode == 0 and H(p.stdout.strip()) == G2ProofOfPossession.Sign(sk, b"abc")
    sig = p.stdout.strip()
    p = _cli("verify", "--pk", k["pk"], "--msg", "616263", "--sig", sig, "--scheme", "pop", "--json")
    assert p.returncode == 0 and json.loads(p.stdout) == {
        "valid": True,
        "check": "Verify",
        "variant": "min-pk",
        "scheme": "pop",
    }
    p = _cli("verify", "--pk", k["pk"], "--msg", "616264", "--sig", sig, "--scheme", "pop")
    assert p.returncode == 3 and p.stdout.strip() == "invalid"
    # min-sig through aggregate + AggregateVerify
    s = bls.MinSigBasic
    pks = [s.sk_to_pk(k_) for k_ in (5, 6)]
    sigs = [s.sign(k_, m) for k_, m in ((5, b"a"), (6, b"b"))]
    p = _cli("aggregate", "--variant", "min-sig", "--sig", sigs[0].hex(), "--sig", sigs[1].hex())
    assert p.returncode == 0 and H(p.stdout.strip()) == s.aggregate(sigs)
    p = _cli(
        "verify",
        "--variant",
        "min-sig",
        "--pk",
        pks[0].hex(),
        "--pk",
        pks[1].hex(),
        "--msg",
        "61",
        "--msg",
        "62",
        "--sig",
        p.stdout.strip(),
        "--json",
    )
    assert p.returncode == 0 and json.loads(p.stdout)["check"] == "AggregateVerify"
    # batch-verify from a file, one bad line located
    lines = [f"{pk.hex()} {m.hex()} {sg.hex()}" for pk, m, sg in zip(pks, (b"a", b"b"), sigs)]
    f = tmp_path / "batch.txt"
    f.write_text("# pk msg sig\n" + "\n".join(lines + [f"{pks[0].hex()} 63 {sigs[0].hex()}"]) + "\n")
    p = _cli("batch-verify", "--variant", "min-sig", "--input", str(f), "--locate", "--json")
    assert p.returncode == 3 and json.loads(p.stdout)["invalid"] == [2]
    p = _cli("batch-verify", "--variant", "min-sig", "--json", input_text="\n".join(lines))
    assert p.returncode == 0 and json.loads(p.stdout)["valid"] is True


@pytest.mark.parametrize(
    "args,kind",
    [
        (("sign", "--sk", "00", "--msg", "61"), "EncodingError"),
        (("sign", "--sk", "00" * 32, "--msg", "61"), "InvalidArgumentError"),
        (("sign", "--sk", "01" * 32, "--msg", "6g"), "EncodingError"),
        (("verify", "--pk", "00", "--msg", "61", "--msg", "62", "--sig", "00"), "InvalidArgumentError"),
        (("aggregate", "--sig", "c0" + "00" * 94), "EncodingError"),
        (("keygen", "--ikm", "00" * 31), "InvalidArgumentError"),
        (("keygen", "--variant", "min-pq"), "InvalidArgumentError"),
        (("batch-verify", "--input", "/nonexistent/x"), "FileAccessError"),
        (("sign", "--msg", "61"), "UsageError"),
    ],
)
def test_cli_errors(args, kind):
    p = _cli(*args, input_text="")
    assert p.returncode == 2 and p.stderr.strip().splitlines()[-1].startswith(f"error: {kind}:"), p.stderr


_SK9 = bls.MinPkBasic.sk_to_pk(9), bls.MinPkBasic.sign(9, b"m")
_BLS_BASELINE = {
    "keygen": {"--ikm": "22" * 32},
    "derive": {"--seed": "22" * 32, "--path": "m/12381/3600/0/0/0"},
    "sign": {"--sk": "09".rjust(64, "0"), "--msg": "6d"},
    "verify": {"--pk": _SK9[0].hex(), "--msg": "6d", "--sig": _SK9[1].hex()},
    "aggregate": {"--sig": _SK9[1].hex()},
    "batch-verify": {"--input": "VALID"},
}
_HOSTILE = ["", "nope", "\u00ff\u2603", "0x", "-1", "00" * 200]


def _bls_walk():
    import typer

    from pairkit.cli.bls import app as bls_app

    group = typer.main.get_command(bls_app)
    assert set(group.commands) == set(_BLS_BASELINE)
    for name, cmd in sorted(group.commands.items()):
        for prm in cmd.params:
            key = prm.opts[0]
            if prm.param_type_name == "option" and prm.is_flag:
                yield name, key, "FLAG=x"
            else:
                for v in _HOSTILE:
                    yield name, key, v
                if prm.required:
                    yield name, key, None
        yield name, "--no-such-option", "x"


def test_cli_hostile_walk(tmp_path, monkeypatch, capsys):
    """Every bls subcommand with one hostile value per parameter, the others valid, in-process
    (pairkit.cli.main): a result (exit 0), a verdict (exit 3) or `error: <Type>:` with exit 2 --
    never an uncaught exception."""
    import sys

    from pairkit.cli import root as cli

    good = tmp_path / "good.txt"
    good.write_text(f"{_SK9[0].hex()} 6d {_SK9[1].hex()}\n")
    bad = {"": str(tmp_path), "nope": str(tmp_path / "missing")}
    n, codes = 0, {}
    for name, key, value in _bls_walk():
        vals = {k: (str(good) if v == "VALID" else v) for k, v in _BLS_BASELINE[name].items()}
        extra = []
        if value is None:
            vals.pop(key, None)
        elif value == "FLAG=x":
            extra = [f"{key}=x"]
        elif key == "--input":
            vals[key] = bad.get(value, str(tmp_path / "x"))
            (tmp_path / "x").write_bytes(value.encode("utf-8", "replace") + b"\xff")
        else:
            vals[key] = value
        argv = ["pairkit", "bls", name, *[a for k, v in vals.items() for a in (k, v)], *extra]
        monkeypatch.setattr(sys, "argv", argv)
        stdin = open(good)
        monkeypatch.setattr(sys, "stdin", stdin)
        with stdin, pytest.raises(SystemExit) as e:
            cli.main()
            raise SystemExit(0)
        out = capsys.readouterr()
        code = e.value.code
        assert code in (0, 2, 3), (argv, code, out.err)
        if code == 2:
            assert "error: " in out.err and "Traceback" not in out.err, (argv, out.err)
        n += 1
        codes[code] = codes.get(code, 0) + 1
    assert n > 60 and codes.get(2, 0) > 40, codes


def _py_ecc_g2_key_validate(data: bytes) -> bool:
    """KeyValidate for a min-sig key by py_ecc's G2 decompression and subgroup check."""
    from py_ecc.bls.g2_primitives import subgroup_check
    from py_ecc.bls.point_compression import decompress_G2
    from py_ecc.optimized_bls12_381 import is_inf

    if len(data) != 96:
        return False
    try:
        pt = decompress_G2((int.from_bytes(data[:48], "big"), int.from_bytes(data[48:], "big")))
    except Exception:  # py_ecc signals every malformed encoding with a ValueError of its own
        return False
    return not is_inf(pt) and subgroup_check(pt)


@fuzz(40)
@given(_mutate(bls.MinSigBasic.sk_to_pk(_SK)))
def test_fuzz_min_sig_public_keys(data):
    s = bls.MinSigBasic
    assert s.key_validate(data) is _py_ecc_g2_key_validate(data)
    assert s.verify(data, _MSG, s.sign(_SK, _MSG)) is (data == s.sk_to_pk(_SK))


def test_keygen_salt_and_hkdf():
    # HKDF-SHA-256 of RFC 5869 appendix A.1 (test case 1)
    prk = bls.hmac.new(bytes(range(13)), b"\x0b" * 22, hashlib.sha256).digest()
    assert prk.hex() == "077709362c2e32df0ddc3f0dc47bba6390b6c73bb50f9c3122ec844ad7c2b3e5"
    okm = bls._hkdf_expand(prk, bytes(range(0xF0, 0xFA)), 42)
    assert okm.hex() == ("3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865")
    ikm = bytes(range(40))
    # draft-05: salt H("BLS-SIG-KEYGEN-SALT-") is the version-4 KeyGen (py_ecc's); the bare string, earlier versions
    assert (
        bls.keygen(ikm) == bls.keygen(ikm, salt=hashlib.sha256(b"BLS-SIG-KEYGEN-SALT-").digest()) == G2Basic.KeyGen(ikm)
    )
    old = bls.keygen(ikm, salt=bls.KEYGEN_SALT_PRE_V4)
    assert 1 <= old < bls.R and old != bls.keygen(ikm)
    assert bls.keygen(ikm, salt=b"") != bls.keygen(ikm)
    with pytest.raises(ArgumentTypeError):
        bls.keygen(ikm, salt="salt")


#: the seed of Chia's bls-signatures examples and the master public key they print for it (AugSchemeMPL.key_gen,
#: the KeyGen of blspy and chia_rs): a pre-version-4 KeyGen, the bare ASCII salt
_CHIA_SEED = bytes(
    [0, 50, 6, 244, 24, 199, 1, 25, 52, 88, 192, 19, 18, 12, 89, 6, 220, 18, 102, 58, 209, 82, 12, 62, 89, 110, 182, 9]
    + [44, 20, 254, 22]
)
_CHIA_PK = "86243290bbcbfd9ae75bdece7981965350208eb5e99b04d5cd24e955ada961f8c0a162dee740be7bdc6c3c0613ba2eb1"


def test_pre_v4_keygen_is_chias(monkeypatch, capsys):
    s = bls.ciphersuite("min-pk", "aug")
    assert s.sk_to_pk(s.keygen(_CHIA_SEED, salt=bls.KEYGEN_SALT_PRE_V4)).hex() == _CHIA_PK
    assert s.sk_to_pk(s.keygen(_CHIA_SEED)).hex() != _CHIA_PK  # the default is the version-4 KeyGen
    # the command line: --salt pre-v4, or the same salt as hex
    import sys

    from pairkit.cli import root as cli

    for salt in ("pre-v4", bls.KEYGEN_SALT_PRE_V4.hex(), None):
        argv = ["pairkit", "bls", "keygen", "--ikm", _CHIA_SEED.hex(), "--json"] + (["--salt", salt] if salt else [])
        monkeypatch.setattr(sys, "argv", argv)
        with pytest.raises(SystemExit) as e:
            cli.main()
            raise SystemExit(0)
        out = capsys.readouterr()
        assert e.value.code == 0, out.err
        assert (json.loads(out.out)["pk"] == _CHIA_PK) is (salt is not None)
