"""Progress on stderr (pairkit.cli.progress): shown on a terminal or with --progress, never on stdout, never
breaking --json; --quiet silences it. The CLI runs in a subprocess with stdout and stderr on pipes (or stderr on
a pseudo-terminal), as a user's shell would start it."""

import io
import json
import os
import pty
import re
import subprocess
import sys
from pathlib import Path

import pytest

from pairkit import api
from pairkit.cli import progress as P

ROOT = Path(__file__).resolve().parent.parent
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"} | {"PYTHONPATH": str(ROOT / "python")}
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


@pytest.fixture(scope="module")
def pairs(tmp_path_factory) -> Path:
    """200 lines `P Q` of bls12-381 (a secure set: no note on stderr), in a file."""
    n = 200
    ps = api.random_points("bls12-381", n, seed=7)
    qs = api.random_points("bls12-381", n, seed=8, group=2)
    f = tmp_path_factory.mktemp("progress") / "pairs.txt"
    f.write_text("".join(f"{p.hex()} {q.hex()}\n" for p, q in zip(ps, qs)))
    return f


def run(*args, stdin=None):
    with open(stdin, "rb") if stdin else open(os.devnull, "rb") as fh:
        p = subprocess.run(
            [sys.executable, "-m", "pairkit", *args], stdin=fh, capture_output=True, env=ENV, timeout=300
        )
    return p


@pytest.mark.slow  # subprocesses of the CLI
def test_pair_batch_progress_on_a_pipe_goes_to_stderr_only(pairs):
    plain = run("pair-batch", "--set", "bls12-381", stdin=pairs)
    assert plain.returncode == 0 and plain.stderr == b""  # a pipe: no progress by default
    assert len(plain.stdout.splitlines()) == 200
    shown = run("pair-batch", "--set", "bls12-381", "--progress", stdin=pairs)
    assert shown.returncode == 0
    assert shown.stdout == plain.stdout  # byte for byte
    lines = shown.stderr.decode().splitlines()
    assert lines[0].startswith("pair-batch: ") and lines[-1].startswith("pair-batch: 200 pairs (100 %)")
    assert not any("\x1b" in ln for ln in lines)  # text lines on a pipe, no terminal codes
    # the input from a pipe (size unknown): the count without a percentage
    with open(pairs, "rb") as fh:
        piped = subprocess.run(
            [sys.executable, "-m", "pairkit", "pair-batch", "--set", "bls12-381", "--progress"],
            input=fh.read(),
            capture_output=True,
            env=ENV,
            timeout=300,
        )
    assert piped.stdout == plain.stdout
    assert piped.stderr.decode().splitlines()[-1].startswith("pair-batch: 200 pairs, ")


@pytest.mark.slow  # subprocesses of the CLI
def test_pair_batch_quiet_writes_nothing_on_stderr(pairs, tmp_path):
    q = run("pair-batch", "--set", "bls12-381", "--input", str(pairs), "--progress", "--quiet")
    assert q.returncode == 0 and q.stderr == b"" and len(q.stdout.splitlines()) == 200
    # an insecure set's note on stderr is dropped too (the --json output carries the label)
    toy = tmp_path / "toy.txt"
    pts = api.random_points("ss2-7", 2, seed=3)
    toy.write_text(f"{pts[0].hex()} {pts[1].hex()}\n")
    loud = run("pair-batch", "--set", "ss2-7", "--input", str(toy))
    assert b"note: ss2-7 is" in loud.stderr
    quiet = run("pair-batch", "--set", "ss2-7", "--input", str(toy), "-q")
    assert quiet.stderr == b"" and quiet.stdout == loud.stdout


@pytest.mark.slow  # subprocesses of the CLI
def test_pair_batch_json_still_parses_with_progress(pairs):
    plain = run("pair-batch", "--set", "bls12-381", "--json", "--input", str(pairs))
    shown = run("pair-batch", "--set", "bls12-381", "--json", "--input", str(pairs), "--progress")
    assert shown.stdout == plain.stdout and b"pair-batch:" in shown.stderr
    doc = json.loads(shown.stdout)
    assert len(doc["gt"]) == 200 and doc["errors"] == []


@pytest.mark.slow  # subprocesses of the CLI
def test_pair_batch_progress_stops_with_the_error(pairs, tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text(pairs.read_text() + "zz\n")
    p = run("pair-batch", "--set", "bls12-381", "--input", str(bad), "--progress")
    assert p.returncode == 2 and len(p.stdout.splitlines()) == 200
    err = p.stderr.decode().splitlines()
    assert err[-2].endswith(", stopped") and err[-1].startswith("error: EncodingError:")


def _on_a_terminal(args: list[str], stdout_too: bool, tmp: Path) -> tuple[bytes, bytes]:
    """Run pairkit with stderr (and stdout if ``stdout_too``, else a file) on a pseudo-terminal: (stdout, the
    terminal's bytes). A file rather than a pipe, so that the child never waits on us while we read the terminal."""
    master, slave = pty.openpty()
    outfile = open(tmp / "stdout", "w+b")
    try:
        p = subprocess.Popen(
            [sys.executable, "-m", "pairkit", *args],
            stdin=subprocess.DEVNULL,
            stdout=slave if stdout_too else outfile,
            stderr=slave,
            env=ENV | {"COLUMNS": "100"},
        )
        os.close(slave)
        slave = -1
        seen = b""
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # EIO: the child closed the terminal
                break
            if not chunk:
                break
            seen += chunk
        assert p.wait(timeout=300) == 0, seen[-2000:]
        outfile.seek(0)
        return outfile.read(), seen
    finally:
        outfile.close()
        os.close(master)
        if slave >= 0:
            os.close(slave)


@pytest.mark.slow  # subprocesses of the CLI
def test_pair_batch_bar_on_a_terminal_leaves_stdout_alone(pairs, tmp_path):
    """The default on a terminal: rich's bar on stderr; the results on the stdout pipe are byte for byte the
    plain run's (rich must not capture what the command prints meanwhile)."""
    plain = run("pair-batch", "--set", "bls12-381", "--input", str(pairs))
    out, tty = _on_a_terminal(["pair-batch", "--set", "bls12-381", "--input", str(pairs)], False, tmp_path)
    assert out == plain.stdout
    assert b"pair-batch: " in tty and b"\x1b[" in tty  # drawn, with terminal codes
    assert not re.search(rb"[0-9a-f]{64}", tty)  # no result on the terminal
    # stdout on the same terminal: the results pass above the bar, each line whole
    _, both = _on_a_terminal(["pair-batch", "--set", "bls12-381", "--input", str(pairs)], True, tmp_path)
    text = ANSI.sub("", both.decode().replace("\r\n", "\n"))
    results = [ln for ln in re.split(r"[\r\n]", text) if re.fullmatch(r"[0-9a-f]{100,}", ln)]
    assert "\n".join(results) + "\n" == plain.stdout.decode()


@pytest.mark.slow  # subprocesses of the CLI
def test_bench_progress_and_json(tmp_path):
    args = ["bench", "--set", "ss2-7", "--set", "ss3-97", "--quick", "--json"]
    shown = run(*args, "--progress")
    assert shown.returncode == 0
    doc = json.loads(shown.stdout)
    assert [r["set"] for r in doc["results"]] == ["ss2-7", "ss3-97"]
    err = shown.stderr.decode().splitlines()
    assert err[0].startswith("bench") and err[-1].startswith("bench: done (2/2, 100 %)")
    quiet = run(*args, "--progress", "--quiet")
    assert quiet.returncode == 0 and quiet.stderr == b"" and json.loads(quiet.stdout)["results"]


# ------------------------------------------------------------------------------------------ the Bar itself


def test_shown_follows_the_options_and_the_terminal(monkeypatch):
    class Tty(io.StringIO):
        def isatty(self):
            return True

    monkeypatch.setattr(sys, "stderr", io.StringIO())
    assert not P.shown(None, False) and P.shown(True, False) and not P.shown(True, True)
    monkeypatch.setattr(sys, "stderr", Tty())
    assert P.shown(None, False) and not P.shown(False, False) and not P.shown(None, True)
    monkeypatch.setattr(sys, "stderr", None)  # started without stderr
    assert not P.shown(None, False)


def test_text_lines_are_throttled_and_the_last_state_is_written(monkeypatch, capsys):
    clock = [100.0]
    monkeypatch.setattr(P.time, "monotonic", lambda: clock[0])
    with P.Bar("job", True, total=10) as b:
        for i in range(1, 11):
            clock[0] += 0.25  # four updates a second: one line a second
            b(i, what=f"step {i}")
    err = capsys.readouterr()
    assert err.out == ""
    lines = err.err.splitlines()
    assert lines[0] == "job: step 1 (1/10, 10 %), 0.2 s"
    assert lines[1].startswith("job: step 5 (5/10, 50 %), ")
    assert lines[-1] == "job: step 10 (10/10, 100 %), 2.5 s"
    assert len(lines) == 4  # the first update, t = 1.25 and 2.25 s, and the last state
    with pytest.raises(RuntimeError):
        with P.Bar("job", True) as b:
            b(3, what="x")
            raise RuntimeError("boom")
    assert capsys.readouterr().err.splitlines()[-1].endswith(", stopped")
    with P.Bar("job", False, total=3) as b:  # not shown: nothing at all
        b(1)
    assert capsys.readouterr() == ("", "")


def test_file_size():
    assert P.file_size(io.BytesIO(b"abc")) is None
    with open(__file__, "rb") as fh:
        assert P.file_size(fh) == os.path.getsize(__file__)
    r, w = os.pipe()
    try:
        with os.fdopen(r, "rb", closefd=False) as fh:
            assert P.file_size(fh) is None
    finally:
        os.close(r)
        os.close(w)
