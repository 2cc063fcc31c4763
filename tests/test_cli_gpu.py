"""`pairkit pair-batch` (both engines) and `pairkit bench --engine gpu`: outputs, and typed errors
with exit status 2 where no CUDA device is present."""

import json
import subprocess
import sys

import pytest

from pairkit import api
from pairkit.errors import GpuUnavailableError
from pairkit.gpu import engine
from pairkit.reports import bench_gpu as gpu_bench


def run(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "pairkit.cli", *args], capture_output=True, text=True, timeout=300, input=stdin
    )


try:
    engine.cupy_module()
    NO_DEVICE = None
except Exception as e:  # GpuUnavailableError
    NO_DEVICE = str(e)
no_device_only = pytest.mark.skipif(NO_DEVICE is None, reason="a CUDA device is present")


def pairs(sid, n, seed):
    P = api.random_points(sid, n, seed=seed)
    Q = api.random_points(sid, n, seed=seed + 1)
    return P, Q, "".join(f"{p.hex()} {q.hex()}\n" for p, q in zip(P, Q))


@pytest.mark.slow
def test_pair_batch_cpu_lines_equal_pair(tmp_path):
    sid = "ss2-239"
    P, Q, text = pairs(sid, 5, 20)
    f = tmp_path / "in.txt"
    f.write_text(text)
    p = run("pair-batch", "--set", sid, "--input", str(f), "--canonical")
    assert p.returncode == 0, p.stderr
    assert p.stdout.split() == [api.pair(sid, a, b, canonical=True).hex() for a, b in zip(P, Q)]
    j = json.loads(run("pair-batch", "--set", sid, "--json", stdin=text).stdout)
    assert (
        j["engine"] == "cpu" and j["alg"] == "eta-alg2" and j["gt"] == [api.pair(sid, a, b).hex() for a, b in zip(P, Q)]
    )


@pytest.mark.slow
def test_pair_batch_errors_are_typed():
    sid = "ss2-283"
    P, Q, _ = pairs(sid, 3, 30)
    text = f"{P[0].hex()} {Q[0].hex()}\n{'ff' * len(P[1])} {Q[1].hex()}\n"
    p = run("pair-batch", "--set", sid, stdin=text)
    assert p.returncode == 2 and "PointAtInfinityError" in p.stderr and "stdin line 2" in p.stderr
    p = run("pair-batch", "--set", sid, stdin="\n00 11 22\n")
    assert p.returncode == 2 and "EncodingError" in p.stderr and "stdin line 2" in p.stderr
    p = run("pair-batch", "--set", sid, "--engine", "tpu", stdin=text)
    assert p.returncode == 2 and "unknown engine" in p.stderr
    p = run("pair-batch", "--set", "ss2-283b1", "--engine", "gpu", stdin=text)
    assert p.returncode == 2 and "GpuUnsupportedError" in p.stderr and "ss2-239 (eta-alg2)" in p.stderr


@no_device_only
def test_gpu_switches_without_a_device_say_how_to_install():
    _, _, text = pairs("ss2-283", 2, 40)
    for args in (["pair-batch", "--set", "ss2-283", "--engine", "gpu"], ["bench", "--engine", "gpu", "--quick"]):
        p = run(*args, stdin=text)
        assert p.returncode == 2, p.stderr
        assert "GpuUnavailableError" in p.stderr and "pip install pairkit[gpu]" in " ".join(p.stderr.split())


def _pair_batch_with_open_stdin(*args, lines: str = ""):
    """pair-batch whose stdin stays open (a producer that has not written yet, or wrote ``lines`` and
    paused): an engine error must come without waiting for more input."""
    import os

    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    p = subprocess.Popen(
        [sys.executable, "-m", "pairkit.cli", "pair-batch", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        if lines:
            p.stdin.write(lines)
            p.stdin.flush()
        try:
            p.wait(timeout=120)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()
            pytest.fail("pair-batch waited for its input before checking the engine")
        return p.returncode, p.stdout.read(), p.stderr.read()
    finally:
        p.stdin.close()
        p.stdout.close()
        p.stderr.close()


@pytest.mark.parametrize(
    "args,etype",
    [
        (["--set", "ss2-283b1", "--engine", "gpu"], "GpuUnsupportedError"),  # no kernels: on every machine
        pytest.param(
            ["--set", "ss2-283", "--engine", "gpu"],
            "GpuUnavailableError",
            marks=pytest.mark.skipif(NO_DEVICE is None, reason="a CUDA device is present"),
        ),
    ],
)
@pytest.mark.parametrize("keep_going", [False, True])
def test_pair_batch_checks_the_engine_before_reading(args, etype, keep_going):
    """Issue 37 item 7: the engine's error comes once, before any input is read, not blamed on line 1,
    and --keep-going does not retry it on every line (20 lines written, then the producer pauses)."""
    _, _, text = pairs("ss2-283", 20, 50)
    rc, out, err = _pair_batch_with_open_stdin(*args, *(["--keep-going"] if keep_going else []), lines=text)
    assert rc == 2 and out == "", (out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {etype}: "), err
    assert "line" not in lines[0], err
    rc, out, err = _pair_batch_with_open_stdin(*args)  # nothing written at all
    assert rc == 2 and err.startswith(f"error: {etype}: "), err


def test_pair_batch_empty_input_is_an_empty_result():
    """An empty input (no line, blank lines only) pairs nothing and exits 0, as documented in the
    command's help and the README: text mode writes nothing, --json an empty "gt"."""
    for stdin in ("", "\n\n"):
        p = run("pair-batch", "--set", "ss2-7", stdin=stdin)
        assert p.returncode == 0 and p.stdout == "", p.stderr
        j = json.loads(run("pair-batch", "--set", "ss2-7", "--json", stdin=stdin).stdout)
        assert j["gt"] == [] and j["errors"] == []
    assert "An empty input" in run("pair-batch", "--help").stdout


def test_bench_gpu_rejects_unsupported_sets():
    p = run("bench", "--engine", "gpu", "--set", "typea-512")
    assert p.returncode == 2 and "GpuUnsupportedError" in p.stderr
    try:
        engine.cupy_module()
        return  # a device: bn254 would be measured, not refused
    except GpuUnavailableError:
        pass
    # bn254 has kernels (issue 40): without CuPy or a device the error is the missing device's
    p = run("bench", "--engine", "gpu", "--set", "bn254")
    assert p.returncode == 2 and "GpuUnavailableError" in p.stderr


def test_gpu_section_replaces_only_itself(tmp_path):
    f = tmp_path / "BENCHMARKS.md"
    f.write_text("# pairkit benchmarks\n\nCPU table\n")
    report = {
        "device": "NVIDIA H100",
        "date": "d",
        "results": [
            {
                "set": "ss2-283",
                "alg": "eta-t",
                "n": 10,
                "equal_to_cpu": True,
                "goal_per_s": 1_000_000,
                "kernel_per_s": {"miller": 1.0, "final_exp": 2.0, "pair": 3.0, "validate": 7.0, "layout": 8.0},
                "end_to_end_per_s": 4.0,
                "host_checks_per_s": 5.0,
                "cpu_per_s": 6.0,
            }
        ],
    }
    gpu_bench.write_section(str(f), gpu_bench.markdown(report, "cmd one"))
    gpu_bench.write_section(str(f), gpu_bench.markdown(report, "cmd two"))
    text = f.read_text()
    assert text.startswith("# pairkit benchmarks\n\nCPU table\n") and text.count(gpu_bench.BEGIN) == 1
    assert (
        "cmd two" in text
        and "cmd one" not in text
        and "| ss2-283 | eta-t | 10 | yes | 1 | 2 | 3 | 7 | 8 | 4 | 5 | 6 |" in text
    )


def test_cpu_report_keeps_the_gpu_and_protocol_sections(tmp_path):
    """`pairkit bench --markdown` rewrites the CPU part and keeps the sections other commands own."""
    from pairkit.reports import bench as B
    from pairkit.reports import bench_protocols as BP

    f = tmp_path / "BENCHMARKS.md"
    f.write_text("# old CPU report\n")
    gpu_bench.write_section(str(f), f"{gpu_bench.BEGIN}\nGPU rows\n{gpu_bench.END}\n")
    BP.write(
        str(f),
        {
            "machine": "m",
            "date": "d",
            "load": 0.5,
            "rows": [
                {
                    "what": "Verify (min-pk, basic)",
                    "pairkit_us": 2.0,
                    "peer": "blspy",
                    "peer_us": 1.0,
                    "goal": "<= 1.0x blst",
                }
            ],
        },
        "cmd",
    )
    with open(f, "a") as fh:
        fh.write("\n<!-- validation:begin -->\nvalidation rows\n<!-- validation:end -->\n")
    kept = B.kept_sections(str(f))
    assert "validation rows" in kept
    assert (
        "GPU rows" in kept and "| Verify (min-pk, basic) | 2.0 | blspy | 1.0 | <= 1.0x blst | 2.00x: missed |" in kept
    )
    assert "old CPU report" not in kept
    f.write_text("# new CPU report\n" + kept)
    assert B.kept_sections(str(f)) == kept
    assert B.kept_sections(str(tmp_path / "absent.md")) == ""
