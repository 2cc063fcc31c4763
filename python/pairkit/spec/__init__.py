"""pairkit.spec: the executable specification, one package per family of parameter sets.

  binary/   supersingular curves over GF(2^m), k = 4 (seeds 000, 003, 004)
  char3/    supersingular curves over GF(3^m), k = 6 (seed 001)
  prime/    large characteristic: typea-512 (seed 002), bn254, bls12-381
  trace.py  symbolic execution: every base-field operation of a pairing recorded (``trace_json``)

``pairing_for(set_id)`` is the staged pairing spec of a small-characteristic set (miller_loop,
final_exponentiation, pair, to_canonical); the large-characteristic sets' spec is the functions of
:mod:`pairkit.spec.prime.ate` and :mod:`pairkit.spec.prime.typea`.
"""

from __future__ import annotations

from pairkit import sets
from pairkit.errors import NotSupportedError
from pairkit.sets import Family
from pairkit.spec.binary.staged import BinaryPairing
from pairkit.spec.char3.staged import Char3Pairing

__all__ = ["BinaryPairing", "Char3Pairing", "pairing_for"]


def pairing_for(set_id: str) -> BinaryPairing | Char3Pairing:
    """The staged pairing spec of ``set_id``, of its family's class; UnknownSetError for an unknown id,
    NotSupportedError for a large-characteristic set."""
    family = sets.get(set_id).family
    if family is Family.BINARY:
        return BinaryPairing(set_id)
    if family is Family.CHAR3:
        return Char3Pairing(set_id)
    raise NotSupportedError(
        f"{set_id}: the staged spec covers the binary and characteristic-three sets; "
        "the large-characteristic sets' spec is pairkit.spec.prime (ate, typea)"
    )
