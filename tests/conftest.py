import random

import pytest


@pytest.fixture
def rng():
    return random.Random(0xC0FFEE)


def native_available() -> bool:
    try:
        from pairkit import _native  # noqa: F401
    except ImportError:
        return False
    return True
