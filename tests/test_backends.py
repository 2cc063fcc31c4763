"""Every arithmetic backend, pinned by its environment variable in a fresh process, computes the
shared vectors' pairing bytes; pinning one the CPU lacks raises UnknownAlgorithmError naming the
missing features (never an illegal instruction). ``PAIRKIT_CPU_DISABLE`` simulates older CPUs
(AVX2-only, no PCLMULQDQ, no ADX) on this one. The variables are read when an engine is built,
so each case runs in its own interpreter."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
VEC = ROOT / "test-vectors"

# Computes, in the child, the pairings of the first vector of each file named in argv and
# prints {"backends": {set: backend}, "out": {set: hex}} or {"error": [class, message]}.
CHILD = r"""
import json, sys
from pathlib import Path
import pairkit.errors
from pairkit import api
res = {"backends": {}, "out": {}}
try:
    for name in sys.argv[1:]:
        if name.endswith(".json"):
            v = json.loads(Path(name).read_text())["vectors"][0]
            s = v["set"]
            res["out"][s] = api.pair(s, bytes.fromhex(v["P"]), bytes.fromhex(v["Q"]), alg=v["alg"]).hex()
        else:
            s = name
            P = api.random_points(s, 2, seed=3)
            Q = api.random_points(s, 2, seed=4, group=2 if api.asymmetric(s) else 1)
            res["out"][s] = b"".join(api.pair(s, p, q) for p, q in zip(P, Q)).hex()
        res["backends"][s] = api.backend(s)
except pairkit.errors.PairkitError as e:
    res = {"error": [type(e).__name__, str(e)]}
print(json.dumps(res))
"""


def run(env: dict, *names: str) -> dict:
    full = {k: v for k, v in os.environ.items() if not k.startswith("PAIRKIT_")} | env
    args = [str(VEC / n) if n.endswith(".json") else n for n in names]
    r = subprocess.run([sys.executable, "-c", CHILD, *args], env=full, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]  # a crash (SIGILL included) fails here
    return json.loads(r.stdout.strip().splitlines()[-1])


def want(name: str) -> str:
    return json.loads((VEC / name).read_text())["vectors"][0]["output"]


def cpu_flags() -> set:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("flags"):
                return set(line.split(":", 1)[1].split())
    except OSError:
        pass
    return set()


FLAGS = cpu_flags()
GF2M = {
    "portable": set(),
    "clmul": {"pclmulqdq"},
    "vpclmul256": {"avx2", "vpclmulqdq", "pclmulqdq", "bmi2"},
    "vpclmul512": {"avx512f", "avx512_vbmi2", "vpclmulqdq", "pclmulqdq", "bmi2"},
}
GF3M = {
    "comb": set(),
    "avx2": {"avx2", "bmi1", "bmi2"},
    "avx512": {"avx512f", "avx512bw", "avx512dq", "avx512vl", "avx512vbmi", "avx512_vbmi2", "bmi1", "bmi2"},
}
BINARY = ("ss2-239.json", "ss2-283.json", "ss2-1223.json")


@pytest.mark.parametrize("backend", sorted(GF2M))
def test_gf2m_backend_pinned(backend):
    r = run({"PAIRKIT_GF2M_BACKEND": backend}, *BINARY)
    if not GF2M[backend] <= FLAGS:
        assert r["error"][0] == "UnknownAlgorithmError" and "lacks" in r["error"][1], r
        return
    assert set(r["backends"].values()) == {f"gf2m-{backend}"}, r
    for n in BINARY:
        assert r["out"][n[:-5]] == want(n), (backend, n)


@pytest.mark.parametrize("backend", sorted(GF3M))
def test_gf3m_backend_pinned(backend):
    r = run({"PAIRKIT_GF3M_BACKEND": backend}, "ss3-97.json", "ss3-193.json")
    if not GF3M[backend] <= FLAGS:
        assert r["error"][0] == "UnknownAlgorithmError" and "lacks" in r["error"][1], r
        return
    assert set(r["backends"].values()) == {f"gf3m-{backend}"}, r
    assert r["out"]["ss3-97"] == want("ss3-97.json")
    assert r["out"]["ss3-193"] == want("ss3-193.json")


def test_fp_backends_agree():
    sets = ("bn254", "bls12-381", "typea-512")
    port = run({"PAIRKIT_FP_BACKEND": "portable"}, *sets)
    assert set(port["backends"].values()) == {"portable-u128"}, port
    mulx = run({"PAIRKIT_FP_BACKEND": "mulx"}, *sets)
    if {"bmi2", "adx"} <= FLAGS:
        assert set(mulx["backends"].values()) == {"mulx-adx"}, mulx
        assert mulx["out"] == port["out"]
    else:
        assert mulx["error"][0] == "UnknownAlgorithmError", mulx


@pytest.mark.skipif(
    not {"avx512f", "vpclmulqdq", "adx"} <= FLAGS, reason="needs an AVX-512 + VPCLMULQDQ CPU to simulate older ones"
)
def test_simulated_older_cpus():
    # An AVX2-only CPU with 256-bit VPCLMULQDQ (Zen 3): auto picks vpclmul256 and avx2; the
    # AVX-512 backends are refused with the missing feature named.
    zen3 = {"PAIRKIT_CPU_DISABLE": "avx512f"}
    r = run(zen3, "ss2-1223.json", "ss3-97.json")
    assert r["backends"] == {"ss2-1223": "gf2m-vpclmul256", "ss3-97": "gf3m-avx2"}, r
    assert r["out"]["ss2-1223"] == want("ss2-1223.json") and r["out"]["ss3-97"] == want("ss3-97.json")
    for var, b in (("PAIRKIT_GF2M_BACKEND", "vpclmul512"), ("PAIRKIT_GF3M_BACKEND", "avx512")):
        e = run(zen3 | {var: b}, "ss2-239.json", "ss3-97.json")["error"]
        assert e[0] == "UnknownAlgorithmError" and "avx512f" in e[1], e
    # No AVX2 (an older or low-end x86-64): comb; avx2 refused naming avx2.
    r = run({"PAIRKIT_CPU_DISABLE": "avx512f,avx2"}, "ss3-97.json")
    assert r["backends"] == {"ss3-97": "gf3m-comb"} and r["out"]["ss3-97"] == want("ss3-97.json"), r
    e = run({"PAIRKIT_CPU_DISABLE": "avx2", "PAIRKIT_GF3M_BACKEND": "avx2"}, "ss3-97.json")["error"]
    assert e[0] == "UnknownAlgorithmError" and "avx2" in e[1], e
    # No PCLMULQDQ: portable; no ADX: the portable F_p code, mulx refused.
    r = run({"PAIRKIT_CPU_DISABLE": "pclmulqdq"}, "ss2-283.json")
    assert r["backends"] == {"ss2-283": "gf2m-portable"} and r["out"]["ss2-283"] == want("ss2-283.json")
    r = run({"PAIRKIT_CPU_DISABLE": "adx"}, "bn254")
    assert r["backends"] == {"bn254": "portable-u128"}, r
    e = run({"PAIRKIT_CPU_DISABLE": "adx", "PAIRKIT_FP_BACKEND": "mulx"}, "bn254")["error"]
    assert e[0] == "UnknownAlgorithmError" and "adx" in e[1], e


def test_unknown_backend_name_is_refused():
    e = run({"PAIRKIT_GF2M_BACKEND": "avx9000"}, "ss2-239.json")["error"]
    assert e[0] == "UnknownAlgorithmError" and "vpclmul256" in e[1], e


@pytest.mark.skipif(not {"avx2", "bmi2"} <= FLAGS, reason="needs an AVX2 + BMI2 CPU to simulate a Zen 1/2")
def test_simulated_zen2_cubes_without_pdep():
    # AMD Zen 1/2 report BMI2 but run PDEP/PEXT in microcode: the pseudo-feature fast-pdep is absent
    # there, and the AVX2 backend's cubes and cube roots take the word-wise spreads instead.
    r = run({"PAIRKIT_CPU_DISABLE": "avx512f,fast-pdep"}, "ss3-97.json", "ss3-193.json")
    assert r["backends"] == {"ss3-97": "gf3m-avx2", "ss3-193": "gf3m-avx2"}, r
    assert r["out"]["ss3-97"] == want("ss3-97.json") and r["out"]["ss3-193"] == want("ss3-193.json")
