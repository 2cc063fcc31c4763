"""Argument checks shared by the public API (api.py) and the CLI: types without coercion, ranges,
and the documented limits, each failing with a :mod:`pairkit.errors` class before anything is
allocated or handed to the native module.

Limits (README "Limits"): ``MAX_POINTS`` points per ``random_points`` call (and per `pairkit
points -n`, per `pairkit bench --batch`), seeds in [0, 2^64), scalars below 2^MAX_SCALAR_BITS.
"""

from __future__ import annotations

import json
import math
import operator
import os
import sys

from pairkit.errors import ArgumentTypeError, FileAccessError, InvalidArgumentError, LimitExceededError

MAX_POINTS = 1 << 22
MAX_SEED = (1 << 64) - 1
#: the native scalar decoder takes at most 512 bytes (curve/scalar.rs): the same limit, checked first
MAX_SCALAR_BITS = 4096
#: wall-clock limits of the hardware and exploration commands (--timeout, --time-limit): at most a week
MAX_SECONDS = 7 * 24 * 3600


def integer(what: str, v) -> int:
    """``v`` as an int: int and integer-like types (numpy integers), never bool, float or str."""
    if isinstance(v, bool):
        raise ArgumentTypeError(f"{what} must be an integer, got a bool")
    try:
        return operator.index(v)
    except TypeError:
        raise ArgumentTypeError(f"{what} must be an integer, got {type(v).__name__}") from None


def count(what: str, v, limit: int = MAX_POINTS) -> int:
    n = integer(what, v)
    if n < 0:
        raise InvalidArgumentError(f"{what} must be >= 0, got {n}")
    if n > limit:
        raise LimitExceededError(f"{what} = {n} exceeds the limit of {limit:,}")
    return n


def seed(v) -> int:
    s = integer("the seed", v)
    if not 0 <= s <= MAX_SEED:
        raise InvalidArgumentError(f"the seed must be in [0, 2^64), got {s}")
    return s


def group(v) -> int:
    g = integer("the group", v)
    if g not in (1, 2):
        raise InvalidArgumentError(f"the group must be 1 (G1) or 2 (G2), got {g}")
    return g


def flag(what: str, v) -> bool:
    if isinstance(v, bool) or type(v).__name__ == "bool_":  # numpy.bool_
        return bool(v)
    raise ArgumentTypeError(f"{what} must be a bool, got {type(v).__name__}")


def text(what: str, v) -> str:
    if not isinstance(v, str):
        raise ArgumentTypeError(f"{what} must be a str, got {type(v).__name__}")
    return v


def data(what: str, v) -> bytes:
    """A bytes-like object (bytes, bytearray, memoryview, 1-d uint8 array) as bytes; an int or a
    str is refused (bytes(64) would be 64 zero bytes, not the number 64)."""
    if isinstance(v, bytes):
        return v
    if isinstance(v, (str, int)):
        raise ArgumentTypeError(f"{what} must be bytes-like, got {type(v).__name__}")
    try:
        mv = memoryview(v)
    except TypeError:
        raise ArgumentTypeError(f"{what} must be bytes-like, got {type(v).__name__}") from None
    if mv.itemsize != 1 or mv.ndim != 1:
        raise ArgumentTypeError(
            f"{what} must be a one-dimensional buffer of bytes, got items of "
            f"{mv.itemsize} bytes in {mv.ndim} dimensions"
        )
    return mv.tobytes()


def data_list(what: str, vs) -> list[bytes]:
    if isinstance(vs, (bytes, bytearray, memoryview, str)):
        raise ArgumentTypeError(f"{what} must be a sequence of bytes-like points, got {type(vs).__name__}")
    try:
        items = list(vs)
    except TypeError:
        raise ArgumentTypeError(f"{what} must be a sequence of bytes-like points, got {type(vs).__name__}") from None
    return [data(f"{what}[{i}]", v) for i, v in enumerate(items)]


def scalar(v) -> int | bytes:
    """A scalar: a non-negative integer below 2^MAX_SCALAR_BITS, or big-endian bytes as long."""
    if isinstance(v, (bytes, bytearray, memoryview)):
        b = data("the scalar", v)
        if len(b) * 8 > MAX_SCALAR_BITS:
            raise LimitExceededError(f"the scalar has {len(b)} bytes; the limit is {MAX_SCALAR_BITS // 8}")
        return b
    k = integer("the scalar", v)
    if k < 0:
        raise InvalidArgumentError(f"the scalar must be non-negative, got {k}")
    if k.bit_length() > MAX_SCALAR_BITS:
        raise LimitExceededError(f"the scalar has {k.bit_length()} bits; the limit is {MAX_SCALAR_BITS}")
    return k


def seconds(what: str, v, limit: float = MAX_SECONDS) -> float:
    """A time limit in seconds: a finite number in (0, limit] (no NaN, no infinity, no bool)."""
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise ArgumentTypeError(f"{what} must be a number of seconds, got {type(v).__name__}")
    if math.isnan(v) or v <= 0:
        raise InvalidArgumentError(f"{what} must be a positive number of seconds, got {v!r}")
    if v > limit:
        raise LimitExceededError(f"{what} = {v!r} s exceeds the limit of {limit:,} s")
    return float(v)


def ranged(what: str, v, lo: int, hi: int) -> int:
    """An integer in [lo, hi]: InvalidArgumentError below, LimitExceededError above."""
    n = integer(what, v)
    if n < lo:
        raise InvalidArgumentError(f"{what} must be at least {lo}, got {n}")
    if n > hi:
        raise LimitExceededError(f"{what} = {n} exceeds the limit of {hi:,}")
    return n


def output_dir(path: str, what: str) -> str:
    """Create the output directory ``path`` (and its parents) now, before any long run; a path that
    is a file, lies under a file or cannot be created or written is a FileAccessError."""
    if not isinstance(path, str) or not path:
        raise FileAccessError(f"{what}: an empty path")
    if os.path.exists(path) and not os.path.isdir(path):
        raise FileAccessError(f"{what} {path}: exists and is not a directory")
    try:
        os.makedirs(path, exist_ok=True)
    except (OSError, ValueError) as e:
        raise FileAccessError(f"{what} {path}: {getattr(e, 'strerror', None) or e}") from None
    if not os.access(path, os.W_OK | os.X_OK):
        raise FileAccessError(f"{what} {path}: not writable")
    return path


def output_file(path: str, what: str) -> str:
    """Fail now, not after a long run, when the output file ``path`` cannot be written."""
    if not isinstance(path, str) or not path:
        raise FileAccessError(f"{what}: an empty path")
    if "\0" in path:
        raise FileAccessError(f"{what} {path!r}: a path with a NUL byte")
    parent = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        raise FileAccessError(f"{what} {path}: is a directory")
    if not os.path.isdir(parent):
        raise FileAccessError(f"{what} {path}: {parent} is not an existing directory")
    target = path if os.path.exists(path) else parent
    if not os.access(target, os.W_OK):
        raise FileAccessError(f"{what} {path}: not writable")
    return path


def json_loads(data):
    """``json.loads`` with the default recursion limit (1,000) in force: the C decoder recurses per
    nesting level, and a process that raised the limit (hw/flow/synth.py does) would overflow the C stack
    on a deeply nested hostile file instead of raising RecursionError."""
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(min(old, 1000))
    try:
        return json.loads(data)
    finally:
        sys.setrecursionlimit(old)
