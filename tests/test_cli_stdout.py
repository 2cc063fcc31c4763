"""The command line with a closed or broken stdout, and the hardware and exploration groups on the
large-characteristic sets (issue 37 item 6), each case in a subprocess as a user runs it.

- stdout closed (`pairkit ... >&-`): no traceback at import; a command that writes its result gets
  `error: OutputError` and exit 2 (README "a full disk or closed terminal").
- stdout a pipe whose reader is gone (`pairkit ... | head -c1`): the command stops quietly with exit 0,
  as Unix filters do (click's own handling exited 1, rich's too). The reading end is closed before the
  child starts, so its first write meets EPIPE whatever the pipe's buffer size.
- `hw core sim|gen --set P` and the `dse` commands on bn254, bls12-381, typea-512: NotSupportedError
  naming the family, no internal attribute error in a message.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

NO_TRACE = ("Traceback", "AttributeError", "has no attribute", "Exception ignored")


def _run(argv, stdout, **kw):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    return subprocess.run(
        [sys.executable, "-m", "pairkit.cli", *argv],
        stdout=stdout,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        env=env,
        timeout=300,
        check=False,
        text=True,
        **kw,
    )


# commands of every group that write a result to stdout (quick ones)
WRITERS = [
    ["list"],
    ["list", "--json"],
    ["points", "--set", "ss2-283", "-n", "2000"],
    ["trace", "--set", "ss2-7"],
    ["count", "--set", "ss3-5"],
    ["bls", "keygen"],
    ["ibe", "setup"],
    ["peks", "keygen"],
    ["hw", "core", "list"],
    ["dse", "analyze", "--set", "ss3-5"],
    ["--help"],
    ["hw", "--help"],
]


@pytest.mark.parametrize("argv", WRITERS, ids=" ".join)
def test_broken_pipe_exits_zero_quietly(argv):
    r, w = os.pipe()
    os.close(r)  # the reader is gone before the first write
    try:
        p = _run(argv, stdout=w)
    finally:
        os.close(w)
    assert p.returncode == 0, (argv, p.returncode, p.stderr)
    assert p.stderr.strip() == "" or not any(s in p.stderr for s in (*NO_TRACE, "error:")), p.stderr


@pytest.mark.parametrize("argv", WRITERS[:6] + [["pair-batch", "--set", "ss2-7"]], ids=" ".join)
def test_closed_stdout_is_an_output_error(argv):
    p = _run(argv, stdout=None, preexec_fn=lambda: os.close(1))
    assert not any(s in p.stderr for s in NO_TRACE), p.stderr
    if argv[0] == "pair-batch":  # an empty input writes nothing: nothing fails
        assert p.returncode == 0, p.stderr
        return
    assert p.returncode == 2 and p.stderr.strip().splitlines()[-1].startswith("error: OutputError:"), p.stderr


PRIME = ["bn254", "bls12-381", "typea-512"]
GROUP_CMDS = [
    ["hw", "core", "sim", "--alg", "eta-t", "--units", "gf3_mul=1"],
    ["hw", "core", "gen", "--alg", "optimal-ate", "--units", "gf2_mul_msd=1", "-o", "OUT"],
    ["dse", "ddg"],
    ["dse", "analyze", "--alg", "tate"],
    ["dse", "schedule", "--units", "gf3_mul=1"],
    ["dse", "explore"],
]


@pytest.mark.parametrize("set_id", PRIME)
@pytest.mark.parametrize("argv", GROUP_CMDS, ids=" ".join)
def test_hw_core_and_dse_on_prime_sets_are_typed(argv, set_id, tmp_path):
    argv = [str(tmp_path / "out") if a == "OUT" else a for a in argv] + ["--set", set_id]
    p = _run(argv, stdout=subprocess.PIPE)
    assert not any(s in p.stderr + p.stdout for s in NO_TRACE), p.stderr
    last = p.stderr.strip().splitlines()[-1]
    assert p.returncode == 2 and last.startswith(f"error: NotSupportedError: {set_id} is a large-characteristic"), last
