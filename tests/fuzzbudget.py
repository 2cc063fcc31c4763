"""The budget of every hypothesis fuzz harness of the decoders, verifiers and parsers (imported by the test
files ``make fuzz`` names). In CI each property runs the number of cases its test names; ``make fuzz``
(the nightly size) sets ``PAIRKIT_FUZZ_EXAMPLES`` (default 1000, the CI value of tests/test_fuzz.py) and
every budget scales by PAIRKIT_FUZZ_EXAMPLES / 1000: 50,000 gives tests/test_fuzz.py 50,000 cases per
property and a 60-case harness 3,000. ``fuzz(n)`` also marks the test ``fuzz``, which ``make fuzz``
selects (``pytest -m fuzz``)."""

from __future__ import annotations

import os
from typing import Callable

import pytest
from hypothesis import HealthCheck, settings

#: the scale of every budget: 1 in CI
SCALE = int(os.environ.get("PAIRKIT_FUZZ_EXAMPLES", "1000")) / 1000


def budget(ci_examples: int) -> settings:
    """Hypothesis settings of a property that runs ``ci_examples`` cases in CI, scaled for ``make fuzz``;
    no deadline (a case may take a pairing), no example database (tests never write into the repository)."""
    return settings(
        max_examples=max(1, round(ci_examples * SCALE)),
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
        database=None,
    )


def fuzz(ci_examples: int) -> Callable:
    """Decorator of a fuzz property (above ``@given``): ``budget(ci_examples)`` and the mark ``fuzz``."""

    def mark(test: Callable) -> Callable:
        return pytest.mark.fuzz(budget(ci_examples)(test))

    return mark
