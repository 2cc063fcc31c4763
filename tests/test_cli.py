"""The CLI contract: outputs, JSON, and typed errors with exit status 2."""

import json
import subprocess
import sys

import pytest

from pairkit import oracle, sets
from pairkit.spec import pairing_for


def run(*args, ok=True, input_text=None):
    p = subprocess.run(
        [sys.executable, "-m", "pairkit.cli", *args], capture_output=True, text=True, timeout=300, input=input_text
    )
    if ok:
        assert p.returncode == 0, p.stderr
    return p


def test_list_json_has_security_labels():
    data = json.loads(run("list", "--json").stdout)
    ids = {d["id"] for d in data}
    assert {"ss2-239", "ss2-283", "ss2-283b1", "ss2-1223"} <= ids
    for d in data:
        if d["id"].startswith(("ss2-", "ss3-")) or d["id"] == "typea-512":  # broken, or at most 80 bits
            assert d["secure"] is False
            assert d["label"] in ("INSECURE", "toy")
    labels = {d["id"]: d["label"] for d in data}
    assert labels["bn254"] == "reduced (~100-bit)" and labels["bls12-381"] == "secure"
    assert "INSECURE" in run("list").stdout


@pytest.mark.slow
def test_points_then_pair_canonical_equals_pari():
    sid = "ss2-239"
    pts = json.loads(run("points", "--set", sid, "-n", "2", "--seed", "5", "--json").stdout)["points"]
    res = json.loads(run("pair", "--set", sid, "--canonical", "--json", *pts).stdout)
    S = pairing_for(sid)
    P, Q = (S.curve.decode(bytes.fromhex(h)) for h in pts)
    p = sets.get(sid)
    assert tuple(int(c, 16) for c in res["coords"]) == oracle.reduced_tate(p.m, p.taps, p.b, p.r, P, Q)
    plain = run("pair", "--set", sid, "--alg", "tate-alg1", *pts)
    assert plain.stdout.strip() == res["gt"]
    # the honest label beside the result: on stderr (stdout stays the bare result) and in the JSON
    assert res["label"] == "INSECURE"
    assert "note: ss2-239 is INSECURE" in plain.stderr and "quasi-polynomial" in plain.stderr
    batch = run("pair-batch", "--set", sid, "--alg", "tate-alg1", input_text=" ".join(pts) + "\n")
    assert batch.stdout.strip() == res["gt"] and "note: ss2-239 is INSECURE" in batch.stderr


@pytest.mark.slow
@pytest.mark.parametrize(
    "args,etype",
    [
        (["pair", "--set", "nope", "00", "00"], "UnknownSetError"),
        (["pair", "--set", "ss2-7", "zz", "00"], "EncodingError"),
        (["pair", "--set", "ss2-7", "000000", "00"], "EncodingError"),
        (["pair", "--set", "ss2-7", "--alg", "fast", "0000", "0000"], "UnknownAlgorithmError"),
        (["pair", "--set", "ss2-7", "ffff", "ffff"], "PointAtInfinityError"),
        (["points", "--set", "ss2-9000"], "UnknownSetError"),
    ],
)
def test_bad_input_exit_2(args, etype):
    p = run(*args, ok=False)
    assert p.returncode == 2, (p.stdout, p.stderr)
    assert etype in p.stderr
    assert "Traceback" not in p.stderr


def test_trace_json_counts():
    d = json.loads(run("trace", "--set", "ss2-283", "--alg", "eta-alg2").stdout)
    kinds = [o["kind"] for o in d["ops"]]
    assert kinds.count("mul") == 7 and d["scope"] == "iteration 1"
