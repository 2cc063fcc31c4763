"""pairkit._native.Engine: one set and one algorithm resolved once. The
pairings are the handle's only (the module's duplicate functions are gone): its outputs are checked
against the module functions that remain (pair_parallel with one thread is pair; to_canonical) and
against each other (a batch row, a one-pair product and a fixed-argument pairing are pairings), and its
errors against the errors of the module functions for the same bad input."""

from __future__ import annotations

import io

import numpy as np
import pytest

from pairkit import _native, api, errors
from pairkit.cli.batch import pair_stream

SETS = ["ss2-239", "ss2-283", "ss3-97", "typea-512", "bn254", "bls12-381"]


def _points(sid: str, n: int, seed: int):
    P = api.random_points(sid, n, seed=seed)
    Q = api.random_points(sid, n, seed=seed + 1, group=2 if api.asymmetric(sid) else 1)
    return P, Q


@pytest.mark.parametrize("sid", SETS)
def test_every_method_agrees_with_the_module(sid):
    P, Q = _points(sid, 3, 7)
    for alg in _native.algorithms(sid):
        e = _native.Engine(sid, alg)
        assert (e.set_id, e.alg) == (sid, alg)
        assert e.sizes() == _native.sizes(sid) and e.sizes(2) == _native.sizes(sid, 2)
        v = e.pair(P[0], Q[0])
        assert v == _native.pair_parallel(sid, alg, P[0], Q[0], 1)
        assert e.pair(P[0], Q[0], True) == _native.pair_parallel(sid, alg, P[0], Q[0], 1, True)
        assert e.pair(P[0], Q[0], True) == _native.to_canonical(sid, alg, v)
        f = e.miller_loop(P[0], Q[0])
        assert e.final_exponentiation(f) == v
        Pm, Qm = (np.frombuffer(b"".join(x), np.uint8).reshape(3, -1) for x in (P, Q))
        rows = [e.pair(p, q) for p, q in zip(P, Q)]
        assert [bytes(r) for r in e.pair_batch(Pm, Qm)] == rows
        assert e.multi_pair(P[:1], Q[:1]) == v
        assert e.pair_fixed(P[0], Q) == [e.pair(P[0], q) for q in Q]
        assert e.pair_fixed(Q[0], P, False) == [e.pair(p, Q[0]) for p in P]
    assert _native.Engine(sid).alg == _native.default_algorithm(sid)


def _error(fn, *args):
    try:
        fn(*args)
    except errors.PairkitError as e:
        return type(e), str(e), getattr(e, "index", None)
    raise AssertionError("no error")


def test_errors_are_the_functions_errors():
    P, Q = _points("ss2-239", 2, 1)

    def pair(sid, alg, p, q):  # the module's pair: pair_parallel with one thread
        return _native.pair_parallel(sid, alg, p, q, 1)

    assert _error(_native.Engine, "nope") == _error(pair, "nope", "eta-alg2", P[0], Q[0])
    for alg in ("bogus", "", "eta-t"):  # eta-t: a known algorithm this b = 1 curve rules out
        assert _error(_native.Engine, "ss2-239", alg) == _error(pair, "ss2-239", alg, P[0], Q[0])
    e = _native.Engine("ss2-239")
    bad = b"\x00" * len(P[0])
    assert _error(e.pair, P[0], bad) == _error(pair, "ss2-239", e.alg, P[0], bad)
    Pm = np.frombuffer(P[0] + bad, np.uint8).reshape(2, -1)
    one = _error(e.pair, bad, P[0])  # row 1's P alone
    assert _error(e.pair_batch, Pm, Pm) == (one[0], f"batch item 1: {one[1]}", 1)
    assert _error(e.pair_batch, Pm, Pm[:1]) == (
        errors.EncodingError,
        "batch inputs have different lengths: 2 vs 1",
        None,
    )


def test_pair_batch_resolves_the_set_and_algorithm_once(monkeypatch):
    """A streamed pair-batch (many chunks) builds one handle: the set and the algorithm are looked up once."""
    made = []
    real = _native.Engine

    def counting(set_id, alg=None):
        made.append((set_id, alg))
        return real(set_id, alg)

    api._HANDLES.clear()
    monkeypatch.setattr(_native, "Engine", counting)
    P, Q = _points("ss2-239", 300, 3)
    text = "".join(f"{p.hex()} {q.hex()}\n" for p, q in zip(P, Q))
    out = io.StringIO()
    alg = api._alg("ss2-239", None)
    assert pair_stream("ss2-239", alg, io.BytesIO(text.encode()), "t", out) == 300
    assert out.getvalue().split() == [api.pair("ss2-239", p, q).hex() for p, q in zip(P, Q)]
    assert made == [("ss2-239", None)]
    api._HANDLES.clear()
