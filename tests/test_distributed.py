"""pairkit.distributed: the batch paths on a local Ray cluster of two worker
CPUs give the local engine's bytes, verdicts and typed errors (global batch index), and survive a
worker that dies."""

from __future__ import annotations

import os
import time

import numpy as np
import pytest

from pairkit import api, errors
from pairkit.protocols import bls, peks

ray = pytest.importorskip("ray")
from pairkit import distributed as D  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def cluster():
    D.connect(workers=2)
    yield
    D.shutdown()


@pytest.mark.parametrize("set_id", ["bls12-381", "ss2-283"])
def test_pair_batch_equals_the_local_engine(set_id):
    n = 23
    P = api.random_points(set_id, n, seed=1)
    Q = api.random_points(set_id, n, seed=2, group=2 if api.asymmetric(set_id) else 1)
    want = api.pair_batch(set_id, P, Q)
    got = D.pair_batch(set_id, P, Q, chunk=5)
    assert got.dtype == want.dtype and got.shape == want.shape
    assert np.array_equal(got, want)
    assert np.array_equal(
        D.pair_batch(set_id, P, Q, canonical=True, chunk=8, threads=2), api.pair_batch(set_id, P, Q, canonical=True)
    )
    assert D.pair_batch(set_id, [], []).shape == api.pair_batch(set_id, [], []).shape


def _local_error(set_id, P, Q):
    with pytest.raises(errors.PairkitError) as e:
        api.pair_batch(set_id, P, Q)
    return e.value


def test_bad_elements_raise_the_local_error_with_the_global_index():
    set_id = "bls12-381"
    n = 20
    P = api.random_points(set_id, n, seed=3)
    Q = api.random_points(set_id, n, seed=4, group=2)
    bad_p = bytearray(P[13])
    bad_p[-1] ^= 1  # off the curve (or not a valid encoding)
    bad_q = bytearray(Q[17])
    bad_q[-1] ^= 1
    cases = [
        (P[:13] + [bytes(bad_p)] + P[14:], Q),  # P bad at 13 (third chunk of 5)
        (P, Q[:17] + [bytes(bad_q)] + Q[18:]),  # Q bad at 17
        (P[:13] + [bytes(bad_p)] + P[14:], Q[:13] + [bytes(bad_q)] + Q[14:]),  # both at 13: P first
        (P[:13] + [bytes(bad_p)] + P[14:], Q[:4] + [bytes(bad_q)] + Q[5:]),  # Q at 4 before P at 13
    ]
    for Pc, Qc in cases:
        local = _local_error(set_id, Pc, Qc)
        with pytest.raises(errors.PairkitError) as e:
            D.pair_batch(set_id, Pc, Qc, chunk=5)
        assert type(e.value) is type(local)
        assert str(e.value) == str(local)
        assert e.value.index == local.index


def test_argument_errors_before_anything_is_sent():
    P = api.random_points("ss2-283", 3, seed=1)
    with pytest.raises(errors.InvalidArgumentError):
        D.pair_batch("ss2-283", P, P[:2])
    with pytest.raises(errors.InvalidArgumentError):
        D.pair_batch("ss2-283", P, P, chunk=0)
    with pytest.raises(errors.LimitExceededError):
        D.pair_batch("ss2-283", P, P, threads=10_000)
    with pytest.raises(errors.UnknownSetError):
        D.pair_batch("nope", P, P)
    with pytest.raises(errors.UnknownAlgorithmError):
        D.pair_batch("ss2-283", P, P, alg="nope")
    with pytest.raises(errors.InvalidArgumentError):
        D.pair_batch("ss2-283", P, P, retries=-1)
    for bad in (0, -1.0, float("nan")):
        with pytest.raises(errors.InvalidArgumentError):
            D.pair_batch("ss2-283", P, P, timeout=bad)
    with pytest.raises(errors.ArgumentTypeError):
        D.pair_batch("ss2-283", P, P, timeout="5")


def test_a_dead_worker_is_retried_without_losing_or_repeating_results(tmp_path, monkeypatch):
    set_id = "ss2-283"
    P = api.random_points(set_id, 12, seed=5)
    Q = api.random_points(set_id, 12, seed=6)
    marker = tmp_path / "crashed"
    monkeypatch.setattr(D, "_FAULT_MARKER", str(marker))
    got = D.pair_batch(set_id, P, Q, chunk=4)
    assert marker.exists()  # a worker did die
    assert np.array_equal(got, api.pair_batch(set_id, P, Q))
    marker2 = tmp_path / "crashed-again"
    with pytest.raises(D.DistributedError):
        monkeypatch.setattr(D, "_FAULT_MARKER", str(marker2))
        D.pair_batch(set_id, P, Q, chunk=4, retries=0)


def test_bls_batch_verify_on_the_cluster():
    suite = bls.ciphersuite("min-pk", "basic")
    sks = [bls.keygen(bytes([i]) * 32) for i in range(9)]
    pks = [suite.sk_to_pk(sk) for sk in sks]
    msgs = [b"message %d" % i for i in range(9)]
    sigs = [suite.sign(sk, m) for sk, m in zip(sks, msgs)]
    assert D.bls_batch_verify(pks, msgs, sigs, chunk=4) is True
    assert suite.batch_verify(pks, msgs, sigs) is True
    swapped = sigs[:6] + [sigs[7], sigs[6]] + sigs[8:]
    assert D.bls_batch_verify(pks, msgs, swapped, chunk=4) is False
    assert D.bls_batch_verify(pks, msgs, sigs[:5] + [b"\x00" * 96] + sigs[6:], chunk=4) is False
    with pytest.raises(errors.InvalidArgumentError):
        D.bls_batch_verify(pks, msgs, sigs[:-1])
    with pytest.raises(errors.InvalidArgumentError):
        D.bls_batch_verify(pks, msgs, sigs, bits=8)


def test_peks_search_on_the_cluster():
    sk, pk = peks.keygen()
    words = [b"alpha", b"beta", b"alpha", b"gamma", b"alpha", b"delta", b"beta"]
    cts = [peks.encrypt(pk, w) for w in words]
    cts.append(b"\x01" * 10)  # malformed: False, as locally
    td = peks.trapdoor(sk, b"alpha")
    want = peks.search(td, cts)
    assert want[:7] == [w == b"alpha" for w in words] and want[7] is False
    assert D.peks_search(td, cts, chunk=3) == want
    with pytest.raises(errors.InsecureParameterError):
        D.peks_search(td, cts, set_id="ss2-283")


def test_more_threads_than_any_node_has_are_refused_before_anything_is_sent():
    """The cluster's one node has 2 CPUs: a task of 3 could never be scheduled (Ray would queue it
    forever), so every batch path refuses it up front; the timeout only stops the test hanging if
    that check were missing (it would then raise DistributedTimeoutError, not this)."""
    P = api.random_points("ss2-283", 4, seed=7)
    with pytest.raises(errors.LimitExceededError, match="largest node of the cluster has 2"):
        D.pair_batch("ss2-283", P, P, threads=3, timeout=10)
    suite = bls.ciphersuite("min-pk", "basic")
    sk = bls.keygen(bytes(32))
    with pytest.raises(errors.LimitExceededError, match="threads=4"):
        D.bls_batch_verify([suite.sk_to_pk(sk)], [b"m"], [suite.sign(sk, b"m")], threads=4, timeout=10)
    sk_p, pk_p = peks.keygen()
    with pytest.raises(errors.LimitExceededError):
        D.peks_search(peks.trapdoor(sk_p, b"w"), [peks.encrypt(pk_p, b"w")], threads=3, timeout=10)
    assert np.array_equal(D.pair_batch("ss2-283", P, P, threads=2, timeout=60), api.pair_batch("ss2-283", P, P))


@ray.remote(num_cpus=2)
def _hold_the_cluster(started: str, seconds: float) -> None:
    with open(started, "w"):
        pass
    time.sleep(seconds)


def test_a_chunk_that_does_not_come_back_in_time_raises_a_timeout(tmp_path):
    """A task holding both CPUs of the cluster keeps the batch's task queued: the wait for its
    result ends at the timeout with DistributedTimeoutError naming the call and the chunk."""
    started = str(tmp_path / "started")
    holder = _hold_the_cluster.remote(started, 6.0)
    for _ in range(300):  # until the holder runs (a fresh worker starts in a few seconds)
        if os.path.exists(started):
            break
        time.sleep(0.1)
    assert os.path.exists(started)
    P = api.random_points("ss2-283", 4, seed=8)
    with pytest.raises(D.DistributedTimeoutError, match=r"pair_batch: the chunk at batch index 0 .* 1 s"):
        D.pair_batch("ss2-283", P, P, timeout=1)
    ray.get(holder, timeout=30)
    assert np.array_equal(D.pair_batch("ss2-283", P, P, timeout=60), api.pair_batch("ss2-283", P, P))
