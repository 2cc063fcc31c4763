"""The characteristic-three Rust engine (pairkit._native) against the spec, PARI/GP, and bad input;
the CLI contract for ss3 sets (list, points, pair, count)."""

import json
import random
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from pairkit import _native, api, sets
from pairkit.cli import app
from pairkit.errors import (
    EncodingError,
    NotInSubgroupError,
    NotOnCurveError,
    PointAtInfinityError,
    UnknownAlgorithmError,
)
from pairkit.sets import Family
from pairkit.spec import pairing_for

SS3 = [s.id for s in sets.all_sets() if s.family is Family.CHAR3]
runner = CliRunner()


@pytest.mark.slow
@pytest.mark.parametrize("sid", SS3)
def test_rust_equals_spec_random_points(sid):
    S = pairing_for(sid)
    rng = random.Random(sid)
    P, Q = S.random_point(rng), S.random_point(rng)
    eP, eQ = S.curve.encode(P), S.curve.encode(Q, compressed=True)
    for alg in S.algorithms():
        assert api.miller_loop(sid, eP, eQ, alg=alg) == S.encode_gt(S.miller_loop(alg, P, Q)), alg
        out = S.pair(alg, P, Q)
        assert api.pair(sid, eP, eQ, alg=alg) == S.encode_gt(out), alg
        assert api.pair(sid, eP, eQ, alg=alg, canonical=True) == S.encode_gt(S.to_canonical(alg, out)), alg


def test_rust_canonical_equals_pari_ss3_97():
    from pairkit.oracle import reduced_tate3

    p = sets.get("ss3-97")
    S = pairing_for("ss3-97")
    P, Q = api.random_points("ss3-97", 2, seed=97)
    sP, sQ = S.curve.decode(P), S.curve.decode(Q)
    want = reduced_tate3(p.m, p.h, p.b, p.r, tuple(map(S.F.to_int, sP)), tuple(map(S.F.to_int, sQ)))
    for alg in api.algorithms("ss3-97"):
        assert tuple(api.split_gt("ss3-97", api.pair("ss3-97", P, Q, alg=alg, canonical=True))) == want


def test_rust_op_counts_equal_the_spec_trace():
    from pairkit.spec.trace import trace_json

    for alg in ("duursma-lee", "duursma-lee-nocbrt", "eta-t"):
        it, whole = (dict(x) for x in _native.op_counts("ss3-97", alg))
        assert it == trace_json("ss3-97", alg)["counts"], alg
        assert whole == trace_json("ss3-97", alg, whole=True)["counts"], alg


def test_field_ops_equal_spec():
    S = pairing_for("ss3-97")
    F, rng = S.F, random.Random(5)
    for _ in range(20):
        a, b = F.random(rng), F.random(rng)
        ea, eb = F.to_bytes(a), F.to_bytes(b)
        assert _native.field_op("ss3-97", "mul", ea, eb) == F.to_bytes(F.mul(a, b))
        assert _native.field_op("ss3-97", "sub", ea, eb) == F.to_bytes(F.sub(a, b))
        assert _native.field_op("ss3-97", "cube", ea, b"") == F.to_bytes(F.cube(a))
        assert _native.field_op("ss3-97", "cbrt", ea, b"") == F.to_bytes(F.cbrt(a))
        if not F.is_zero(a):
            assert _native.field_op("ss3-97", "inv", ea, b"") == F.to_bytes(F.inv(a))


def test_bad_input_typed_errors():
    S = pairing_for("ss3-97")
    g = S.curve.encode(S.generator)
    with pytest.raises(EncodingError):  # x = 3^97 is not a digit string of length 97
        api.pair("ss3-97", (3**97).to_bytes(20, "big") + g[20:], g)
    with pytest.raises(EncodingError):
        api.pair("ss3-97", g[:39], g)
    bad = bytearray(g)
    bad[-1] ^= 1
    with pytest.raises((NotOnCurveError, EncodingError)):
        api.pair("ss3-97", bytes(bad), g)
    with pytest.raises(PointAtInfinityError):
        api.pair("ss3-97", b"\xff" * 40, g)
    with pytest.raises(UnknownAlgorithmError):
        api.pair("ss3-97", g, g, alg="eta-alg2")  # a binary-field algorithm
    rng = random.Random(1)
    while True:  # a point of order 7
        T = S.curve.lift_x(S.F.random(rng), 0)
        if T is not None and S.curve.mul(S.params.r, T) is not None:
            T = S.curve.mul(S.params.r, T)
            break
    with pytest.raises(NotInSubgroupError):
        api.pair("ss3-97", S.curve.encode(T), g)


def test_cli_points_pair_count_list():
    r = runner.invoke(app, ["points", "--set", "ss3-97", "-n", "2", "--seed", "3", "--json"])
    assert r.exit_code == 0, r.output
    P, Q = json.loads(r.output)["points"]
    r = runner.invoke(app, ["pair", P, Q, "--set", "ss3-97", "--canonical", "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert d["alg"] == "duursma-lee" and len(d["coords"]) == 6
    r2 = runner.invoke(app, ["pair", P, Q, "--set", "ss3-97", "--alg", "duursma-lee-nocbrt", "--canonical", "--json"])
    assert json.loads(r2.output)["gt"] == d["gt"]
    r = runner.invoke(app, ["count", "--set", "ss3-97", "--json"])
    c = json.loads(r.output)
    assert c["rust_iteration"] == c["spec_iteration"]
    assert c["seed001_alg21_iteration"] == {"add/sub": 52, "mul": 15, "cube": 2, "cbrt": 2}
    r = runner.invoke(app, ["list", "--json"])
    rows = {x["id"]: x for x in json.loads(r.output)}
    assert rows["ss3-97"]["k"] == 6 and rows["ss3-97"]["label"] == "INSECURE"
    assert rows["ss3-97"]["cofactor"] == 7
    r = runner.invoke(app, ["pair", P[:10], Q, "--set", "ss3-97"])
    assert isinstance(r.exception, EncodingError)  # `pairkit` (cli.main) turns it into exit status 2
    p = subprocess.run(
        [sys.executable, "-m", "pairkit.cli", "pair", "--set", "ss3-97", P[:10], Q],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert p.returncode == 2 and "EncodingError" in p.stderr and "Traceback" not in p.stderr
