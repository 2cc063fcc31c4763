"""The Python API's error contract: every public function of pairkit.api raises a
pairkit.errors class for bad arguments -- never a plain ValueError, OverflowError or TypeError --
and coerces nothing (a float scalar 2.9 is not 2; the int 64 is not 64 zero bytes).

The walk is generic: the public functions are enumerated from the module (one added later is
walked too; test_every_function_is_walked fails until BASELINE covers its parameters), each
parameter gets the hostile values of its kind while the others keep valid values, and the
baseline call itself must succeed (so each failure is the hostile value's).
"""

import inspect

import numpy as np
import pytest

from pairkit import api, argcheck
from pairkit.errors import (
    ArgumentTypeError,
    EncodingError,
    InvalidArgumentError,
    LimitExceededError,
    PairkitError,
    UnknownAlgorithmError,
    UnknownSetError,
)

SID = "ss2-7"
P, Q = api.random_points(SID, 2, seed=1)
GT = api.pair(SID, P, Q)
BASELINE = {  # valid values by parameter name
    "set_id": SID,
    "P": P,
    "Q": Q,
    "alg": None,
    "canonical": False,
    "f": api.miller_loop(SID, P, Q),
    "fixed": P,
    "others": [Q],
    "fixed_is_p": True,
    "msg": b"msg",
    "dst": b"PAIRKIT-TEST-DST",
    "group": 1,
    "compressed": False,
    "k": 3,
    "engine": "cpu",
    "n": 2,
    "seed": 1,
    "data": P,
    "check_subgroup": True,
    "gt": GT,
    "coords": [1, 0, 0, 0],
    "threads": 2,
    "iters": 2,
    "op": "mul",
}
OVERRIDE = {  # where a function needs other valid values
    "multi_pair": {"P": [P], "Q": [Q]},
    "pair_batch": {"P": [P], "Q": [Q]},
    "point_batches": {"P": [P], "Q": [Q]},
    "hash_to_point": {"set_id": "bls12-381"},
    "bench_pair_prepared": {"set_id": "typea-512"},  # the sets with a preprocessed pairing
    "bench_multi_pair": {"set_id": "typea-512"},  # the large-characteristic sets
    "op_counts": {"set_id": "ss3-5"},  # the metered characteristic-three sets
}
KIND = {
    "bytes": ("P", "Q", "f", "fixed", "data", "msg", "dst", "gt"),
    "points": ("others",),
    "int": ("k", "n", "seed", "group", "threads", "iters"),
    "bool": ("canonical", "fixed_is_p", "compressed", "check_subgroup"),
    "text": ("set_id", "alg", "engine", "op"),
    "coords": ("coords",),
}
HOSTILE = {
    "bytes": [64, "00" * 8, 2.5, None, [1, 2], np.zeros(4, dtype=np.int64)],
    "points": [P, 64, [64], ["00"], None],
    "int": [2.9, 2.0, "1", True, -1, 2**9000, None],
    "bool": ["yes", 1, None],
    "text": [5, b"ss2-7", "nope", ""],
    "coords": [[1.5, 0, 0, 0], [-1, 0, 0, 0], [1, 0, 0], [2**80, 0, 0, 0], 7],
}
SEQUENCE_ARGS = {
    ("multi_pair", "P"),
    ("multi_pair", "Q"),
    ("pair_batch", "P"),
    ("pair_batch", "Q"),
    ("point_batches", "P"),
    ("point_batches", "Q"),
}


def functions():
    for name, f in sorted(vars(api).items()):
        if inspect.isfunction(f) and f.__module__ == api.__name__ and not name.startswith("_"):
            yield name, f


def call(name, **changes):
    f = getattr(api, name)
    kw = {}
    for p in inspect.signature(f).parameters.values():
        v = {**BASELINE, **OVERRIDE.get(name, {})}[p.name]
        kw[p.name] = changes.get(p.name, v)
    return f(**kw)


def kind(fname, pname):
    if (fname, pname) in SEQUENCE_ARGS:
        return "points"
    return next(k for k, names in KIND.items() if pname in names)


def cases():
    for name, f in functions():
        for p in inspect.signature(f).parameters:
            for i, v in enumerate(HOSTILE[kind(name, p)]):
                if name in ("random_points", "iter_random_points") and p == "seed" and v is None:
                    continue  # None: a fresh random seed
                yield pytest.param(name, p, v, id=f"{name}-{p}-{i}")


def test_every_function_is_walked():
    names = {n for n, _ in functions()}
    assert {"pair", "decode_point", "point_mul", "random_points", "pair_batch", "split_gt"} <= names
    for name, f in functions():
        for p in inspect.signature(f).parameters:
            assert p in BASELINE and any(p in v for v in KIND.values()), f"{name}({p}=...) needs a baseline and a kind"


@pytest.mark.parametrize("name", [n for n, _ in functions()])
def test_baseline_calls_succeed(name):
    call(name)


@pytest.mark.parametrize("name,param,value", list(cases()))
def test_hostile_argument_raises_a_pairkit_error(name, param, value):
    with pytest.raises(PairkitError):
        call(name, **{param: value})


@pytest.mark.parametrize(
    "name,kw,etype",
    [
        ("decode_point", {"set_id": "bn254", "data": 64}, ArgumentTypeError),  # was 64 zero bytes = infinity
        ("decode_point", {"data": bytearray(P)}, None),
        ("decode_point", {"data": memoryview(P)}, None),
        ("decode_point", {"data": np.frombuffer(P, dtype=np.uint8)}, None),
        ("point_mul", {"k": 2.9}, ArgumentTypeError),  # was taken as 2
        ("point_mul", {"k": np.int64(3)}, None),
        ("point_mul", {"k": (3).to_bytes(1, "big")}, None),
        ("point_mul", {"k": -1}, InvalidArgumentError),
        ("point_mul", {"k": 1 << argcheck.MAX_SCALAR_BITS}, LimitExceededError),
        ("point_mul", {"k": b"\x01" * (argcheck.MAX_SCALAR_BITS // 8 + 1)}, LimitExceededError),
        # the largest scalar the limit lets through is one the native decoder takes (it was 2^8192 against
        # the decoder's 512 bytes: an EncodingError instead of the documented limit)
        ("point_mul", {"k": (1 << argcheck.MAX_SCALAR_BITS) - 1}, None),
        ("point_mul", {"k": b"\xff" * (argcheck.MAX_SCALAR_BITS // 8)}, None),
        ("random_points", {"n": 2**40}, LimitExceededError),  # used to kill the interpreter
        ("random_points", {"n": argcheck.MAX_POINTS + 1}, LimitExceededError),
        ("random_points", {"n": -1}, InvalidArgumentError),
        ("random_points", {"n": 2.0}, ArgumentTypeError),
        ("random_points", {"seed": -1}, InvalidArgumentError),
        ("random_points", {"seed": 2**64}, InvalidArgumentError),
        ("random_points", {"seed": 2**64 - 1}, None),
        ("random_points", {"group": 3}, InvalidArgumentError),
        ("generator", {"group": 0}, InvalidArgumentError),
        ("pair", {"alg": ""}, UnknownAlgorithmError),  # no longer the default algorithm
        ("pair", {"set_id": "nope"}, UnknownSetError),
        ("pair_batch", {"engine": "nope"}, InvalidArgumentError),
        ("pair_batch", {"P": np.zeros((1, 2), dtype=np.int64)}, InvalidArgumentError),
        ("split_gt", {"gt": b"\x00"}, EncodingError),
        ("join_gt", {"coords": [1, 0, 0]}, EncodingError),
    ],
)
def test_specific_arguments(name, kw, etype):
    if etype is None:
        call(name, **kw)
        return
    with pytest.raises(etype):
        call(name, **kw)


def test_type_errors_are_also_type_errors():
    """ArgumentTypeError is a TypeError too: code that catches TypeError keeps working."""
    with pytest.raises(TypeError):
        api.decode_point(SID, 64)
    with pytest.raises(ValueError):  # and a PairkitError, hence a ValueError, like every pairkit error
        api.decode_point(SID, 64)
