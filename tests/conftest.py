import random

import pytest


@pytest.fixture
def rng():
    return random.Random(0xC0FFEE)


@pytest.fixture
def off_subgroup():
    """off_subgroup(sid, group, rng): a point of the large-characteristic set `sid` on the curve
    (group 1) or on the twist (group 2) outside the order-r subgroup, as spec points."""
    from pairkit.spec.prime import params as pp

    def make(sid, group, rng):
        G, T, S = pp.groups(sid), pp.tower(sid), pp.SETS[sid]
        E = G.E1 if group == 1 else G.E2
        while True:
            x = T.fp(rng.randrange(S.p)) if group == 1 else T.fp2(rng.randrange(S.p), rng.randrange(S.p))
            R = E.lift_x(x)
            if R is not None and E.mul(S.r, R) is not None:
                return R

    return make
