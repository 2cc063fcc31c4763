"""`pairkit bench --goals` (BENCHMARKS.md's goals table): the parsers of the native benches' outputs, the
verdicts of the table, the pieces measured in-process, and the command line's typed refusals. The
timings themselves are benchmarks (scripts/cpu_goals.sh), never asserted here."""

import json
import subprocess
import sys

import pytest

from pairkit.reports import bench_goals as BG

# the format of crates/pairkit-core/benches/validation.rs::summary_line (one with the previous
# check and one group, one with two groups)
LINES = """noise before
validation-summary: ss3-97 duursma-lee: one core: per pairing without validation 66.5 us, with 85.8 us, throughput with/without 0.774; with r P = O (the check before the trace) 147.8 us, ratio 0.450 | all cores (2 threads): without 34.6 us, with 44.1 us per pairing, ratio 0.784 | G1 per point: decode+checks 9844 ns, decode+curve check 1536 ns, subgroup check 8308 ns
validation-summary: bn254 optimal-ate: one core: per pairing without validation 358.8 us, with 421.1 us, throughput with/without 0.852 | all cores (16 threads): without 173.5 us, with 209.6 us per pairing, ratio 0.828 | G1 per point: decode+checks 240 ns, decode+curve check 192 ns, subgroup check 48 ns | G2 per point: decode+checks 62899 ns, decode+curve check 442 ns, subgroup check 62457 ns
"""


def test_parse_validation():
    rows = BG.parse_validation(LINES)
    assert [r["set"] for r in rows] == ["ss3-97", "bn254"]
    a, b = rows
    assert (a["alg"], a["one"], a["all"], a["threads"], a["one_without_us"]) == ("duursma-lee", 0.774, 0.784, 2, 66.5)
    assert a["subgroup_ns"] == {1: 8308}
    assert (b["threads"], b["subgroup_ns"]) == (16, {1: 48, 2: 62457})
    assert BG.parse_validation("no summary here") == []


def test_parse_peers(tmp_path):
    for sid, lib, ns in [("bls12-381", "pairkit", 900e3), ("bls12-381", "blst", 1000e3), ("bn254", "pairkit", 500e3)]:
        d = tmp_path / f"peers-native_{sid}" / lib / "new"
        d.mkdir(parents=True)
        (d / "estimates.json").write_text(json.dumps({"median": {"point_estimate": ns}}))
    assert BG.parse_peers(tmp_path) == {"bls12-381": {"blst": 1000.0, "pairkit": 900.0}, "bn254": {"pairkit": 500.0}}


def _report(validation, peers):
    return {
        "machine": "m",
        "date": "d",
        "load": 0.1,
        "load_end": 0.2,
        "interop": [
            {"set": "bls12-381", "equal": 5, "cases": 5, "libraries": ["blst"], "want": "blst"},
            {"set": "bn254", "equal": 4, "cases": 5, "libraries": ["ark"], "want": "ark"},
        ],
        "default_backends": {"ss2-283": "gf2m-vpclmul512"},
        "backends": [
            {"set": "ss2-283", "pinned": "X=clmul", "backend": "gf2m-clmul", "alg": "eta-t", "us": 30.0, "mul_ns": 1},
            {
                "set": "ss2-283",
                "pinned": "X=vpclmul512",
                "backend": "gf2m-vpclmul512",
                "alg": "eta-t",
                "us": 20.0,
                "mul_ns": 1,
            },
            {"set": "ss3-97", "pinned": "X=avx2", "backend": "gf3m-avx2", "alg": "eta-t", "us": 50.0, "mul_ns": 1},
            {"set": "ss3-97", "pinned": "X=avx512", "missing": "needs AVX-512F"},
            {"set": "bn254", "pinned": "X=mulx", "backend": "mulx-adx", "alg": "optimal-ate", "us": 400.0, "mul_ns": 1},
        ],
        "latency": [
            {"set": "ss2-239", "alg": "eta-alg2", "us": 19.0, "backend": "b"},
            {"set": "typea-512", "alg": "tate", "us": 165.0, "backend": "b"},
        ],
        "parallel": {"serial_us": 400.0, "threads_us": {1: 410.0, 2: 220.0, 16: 90.0}, "cores": 16},
        "validation": validation,
        "peers": peers,
    }


def test_markdown_verdicts():
    md = BG.markdown(_report(BG.parse_validation(LINES), {"bls12-381": {"pairkit": 900.0, "blst": 1000.0}}), "cmd")
    rows = {ln.split(" | ")[0].lstrip("| "): ln for ln in md.splitlines() if ln.startswith("| ")}
    assert md.startswith(BG.BEGIN) and md.rstrip().endswith(BG.END)
    assert "**met**" in rows["bls12-381 GT value (default algorithm)"]
    assert "missed" in rows["bn254 GT value (default algorithm)"]  # 4 of 5 vectors
    assert "1.50x" in rows["best non-AVX-512 backend / AVX-512 backend, ss2-283 (eta-t)"]
    assert "missed by 0.10x (7 %)" in rows["best non-AVX-512 backend / AVX-512 backend, ss2-283 (eta-t)"]
    assert "cannot run on this CPU: needs AVX-512F" in rows["best non-AVX-512 backend / AVX-512 backend, ss3-97"]
    assert "no AVX-512 backend exists" in rows["best non-AVX-512 backend / AVX-512 backend, bn254"]
    assert "**met**" in rows["ss3-97 eta_T, AVX2 kernel"]
    assert "**met**" in rows["ss2-239 pairing, one core (eta-alg2, b)"]
    assert "missed by 15.0 µs (10 %)" in rows["typea-512 pairing, one core (tate, b)"]
    assert "0.55x" in rows["ss2-1223 pairing on 2 cores / one core (`pair_parallel`)"]
    assert "**met**" in rows["bls12-381 pairing / blst, natively"]
    assert "not measured" in rows["bn254 pairing / mcl, natively"]
    assert "missed by 0.026 (3 %)" in rows["`pair_batch` with validation / without, ss3-97 (duursma-lee)"]
    assert "**met**" in rows["`pair_batch` with validation / without, bn254 (optimal-ate)"]
    bare = BG.markdown(_report(None, None), "cmd")
    assert "not measured in this run" in bare and "validation / without, every set" in bare


def test_in_process_pieces_agree():
    assert all(r["equal"] == r["cases"] > 0 for r in BG._interop())
    lat = BG._latency("ss2-239", 3)
    assert lat["us"] > 0 and lat["alg"] in ("tate-alg1", "tate-alg9", "tate-alg10", "eta-alg2")
    par = BG._parallel(2)  # raises if any thread count's bytes differ from pair's
    assert {1, 2} <= set(par["threads_us"])


def _cli(*argv):
    return subprocess.run(
        [sys.executable, "-m", "pairkit.cli", "bench", *argv], capture_output=True, text=True, timeout=120
    )


@pytest.mark.parametrize(
    "argv,etype",
    [
        (["--validation", "x.txt"], "InvalidArgumentError"),
        (["--peers-criterion", "."], "InvalidArgumentError"),
        (["--goals", "--set", "ss2-7"], "InvalidArgumentError"),
        (["--goals", "--backends"], "InvalidArgumentError"),
        (["--goals", "--engine", "gpu"], "InvalidArgumentError"),
        (["--goals", "--validation", "/no/such/file"], "FileAccessError"),
        (["--goals", "--validation", "/"], "FileAccessError"),
        (["--goals", "--peers-criterion", "/no/such/dir"], "FileAccessError"),
    ],
)
def test_refusals(argv, etype):
    p = _cli(*argv)
    assert p.returncode == 2 and f"error: {etype}:" in p.stderr and "Traceback" not in p.stderr, p.stderr
