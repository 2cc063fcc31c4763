"""Every batch command streams (issue 37 item 4): ``pair-batch``, ``bls batch-verify`` and ``peks encrypt|test
--input`` read their input through cli/lines.py. A producer that writes one line and pauses with its stdin
open gets that line's result before the input closes; a line over the command's limit is a
LimitExceededError naming it, reached without reading the line whole (the peak memory of a 50 MB line stays
near that of an empty run). Each command runs in a subprocess, as a user runs it. The closed and paused
stdin cases of the hostile walk are in tests/test_hostile_cli.py."""

from __future__ import annotations

import io
import os
import select
import subprocess
import sys
import threading

import pytest

from pairkit import api
from pairkit.cli import lines as L
from pairkit.errors import FileAccessError, LimitExceededError
from pairkit.protocols import bls, peks

P7, Q7 = (p.hex() for p in api.random_points("ss2-7", 2, seed=1))
_PK9, _SIG9 = bls.MinPkBasic.sk_to_pk(9).hex(), bls.MinPkBasic.sign(9, b"m").hex()
_SK, _PK = peks.keygen()
_TD = peks.trapdoor(_SK, b"a").hex()
_CT = peks.encrypt_many(_PK, [b"a"])[0].hex()

#: argv, one input line, and what its result starts with (a byte string the output must contain)
COMMANDS = {
    "pair-batch": (
        ["pair-batch", "--set", "ss2-7"],
        f"{P7} {Q7}",
        api.pair("ss2-7", bytes.fromhex(P7), bytes.fromhex(Q7)).hex(),
    ),
    "bls batch-verify": (["bls", "batch-verify", "--locate"], f"{_PK9} 6e {_SIG9}", "invalid triples (0-based): 0"),
    "peks encrypt": (["peks", "encrypt", "--pk", _PK.hex()], "a", None),  # a ciphertext: 160 hex digits
    "peks test": (["peks", "test", "-t", _TD], _CT, "matches: 0"),
}
#: the line limit of each command
LIMITS = {"pair-batch": 1 << 16, "bls batch-verify": 1 << 20, "peks encrypt": 1 << 16, "peks test": 1 << 16}


def spawn(argv, **kw):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    return subprocess.Popen(
        [sys.executable, "-m", "pairkit.cli", *argv], env=env, stdin=subprocess.PIPE, stderr=subprocess.PIPE, **kw
    )


def read_until(p, done, timeout: float = 120.0) -> bytes:
    """What p writes on stdout until ``done(output)`` holds, the pipe closes or ``timeout`` passes (a generous
    bound against a hang, not a timing assertion)."""
    out = b""
    fd = p.stdout.fileno()
    while not done(out):
        ready, _, _ = select.select([fd], [], [], timeout)
        if not ready:
            break
        data = os.read(fd, 1 << 16)
        if not data:
            break
        out += data
    return out


def _result_shown(want):
    if want is None:
        return lambda out: len(out.strip()) >= 160
    return lambda out: want.encode() in out


@pytest.mark.parametrize("cmd", COMMANDS)
def test_a_line_then_a_pause_gets_its_result_before_the_input_closes(cmd):
    argv, line, want = COMMANDS[cmd]
    with spawn(argv, stdout=subprocess.PIPE) as p:
        try:
            p.stdin.write(line.encode() + b"\n")
            p.stdin.flush()  # and stdin stays open: the producer pauses
            out = read_until(p, _result_shown(want))
            running = p.poll() is None  # the result came from the pause, not from the end of the input
            p.stdin.close()
            rest = p.stdout.read()
            err = p.stderr.read().decode()
            p.wait(timeout=120)
        finally:
            if p.poll() is None:
                p.kill()
    assert _result_shown(want)(out) and running, (cmd, out, err)
    assert "Traceback" not in err, err
    assert p.returncode == (3 if cmd == "bls batch-verify" else 0), (cmd, err)
    if cmd == "peks encrypt":
        assert len((out + rest).split()) == 1


def _peak_kib(argv, payload_lines: list[bytes], big: int = 0) -> tuple[int, int, str]:
    """(exit status, peak resident memory in KiB, stderr) of the command fed ``payload_lines`` and then, if
    ``big``, one line of ``big`` bytes written in pieces (the command may stop reading it at any time)."""
    p = spawn(argv, stdout=subprocess.DEVNULL)

    def feed() -> None:
        try:
            for ln in payload_lines:
                p.stdin.write(ln)
            piece = b"0" * (1 << 20)
            for _ in range(big >> 20):
                p.stdin.write(piece)
            p.stdin.write(b"\n")
            p.stdin.close()
        except (BrokenPipeError, ValueError):
            pass

    t = threading.Thread(target=feed, daemon=True)
    t.start()
    try:
        err = p.stderr.read()  # until the command exits (closing its stderr)
        _, status, usage = os.wait4(p.pid, 0)
        p.returncode = os.waitstatus_to_exitcode(status)
    finally:
        if p.returncode is None:
            p.kill()
            p.wait()
        t.join(timeout=60)
        p.stderr.close()
        if not p.stdin.closed:
            try:
                p.stdin.close()
            except BrokenPipeError:
                pass
    return p.returncode, usage.ru_maxrss, err.decode()


@pytest.mark.slow
@pytest.mark.parametrize("cmd", COMMANDS)
def test_an_overlong_line_is_refused_without_being_held(cmd):
    """A 50 MB line (the command's limit is 64 KiB or 1 MiB): LimitExceededError naming line 2, and the peak
    memory within 25 MB of a run on one short line (reading the line whole would add 50 MB at least)."""
    argv, line, _ = COMMANDS[cmd]
    first = [line.encode() + b"\n"]
    code0, base, err0 = _peak_kib(argv, first)
    assert code0 in (0, 3), err0
    code, peak, err = _peak_kib(argv, first, big=50 << 20)
    assert code == 2 and "error: LimitExceededError: " in err and "line 2: longer than" in err, err
    assert f"{LIMITS[cmd]:,} bytes" in err and "Traceback" not in err, err
    assert peak < base + 25 * 1024, (cmd, base, peak)


# ---- cli/lines.py in-process: the limit, line numbers, a pause on a pipe ----


def _all(data: bytes, limit: int):
    src = L.Lines(io.BytesIO(data), "f", limit)
    out = []
    while (item := src.next()) is not None:
        n, x = item
        out.append((n, type(x).__name__ if isinstance(x, Exception) else x))
    return out


def test_lines_limit_and_numbering():
    assert _all(b"abcd\n\nxy", 4) == [(1, b"abcd"), (2, b""), (3, b"xy")]  # the last line needs no newline
    got = _all(b"abcde\nok\n" + b"z" * (3 * L.BLOCK) + b"\nend\n", 4)
    assert got == [(1, "LimitExceededError"), (2, b"ok"), (3, "LimitExceededError"), (4, b"end")]
    with pytest.raises(LimitExceededError, match="f line 1: longer than 4 bytes"):
        raise L.Lines(io.BytesIO(b"abcde"), "f", 4).next()[1]


def test_lines_chunks_end_at_a_pause():
    r, w = os.pipe()
    with os.fdopen(r, "rb") as rf, os.fdopen(w, "wb") as wf:
        wf.write(b"1\n2\n")
        wf.flush()  # the write end stays open: the reader would block for a third line
        chunks = L.Lines(rf, "pipe", 16).chunks(lambda n, raw: raw, lambda: 64)
        assert next(chunks) == [b"1", b"2"]
        wf.write(b"3\n")
        wf.close()
        assert list(chunks) == [[b"3"]]


def test_lines_closed_descriptor_is_a_file_access_error():
    r, w = os.pipe()
    os.close(w)
    f = os.fdopen(r, "rb")
    os.close(r)  # the descriptor closed under the stream
    with pytest.raises(FileAccessError, match="cannot be read"):
        L.Lines(f, "stdin", 16).next()
    try:
        f.close()
    except OSError:
        pass


def test_help_and_docs_name_each_limit():
    """The line limits in the code, the commands' --help and the README agree."""
    from pathlib import Path

    from typer.testing import CliRunner

    from pairkit.cli import batch, root
    from pairkit.cli import bls as bls_cli
    from pairkit.cli import peks as peks_cli

    assert LIMITS == {
        "pair-batch": batch.MAX_LINE,
        "bls batch-verify": bls_cli.MAX_LINE,
        "peks encrypt": peks_cli.MAX_LINE,
        "peks test": peks_cli.MAX_LINE,
    }
    readme = " ".join((Path(__file__).resolve().parents[1] / "README.md").read_text().split())
    for cmd, (argv, _, _) in COMMANDS.items():
        words = argv[: 2 if argv[0] in ("bls", "peks") else 1]
        text = " ".join(CliRunner().invoke(root.app, [*words, "--help"], terminal_width=200).output.split())
        assert f"{LIMITS[cmd]:,} bytes" in text, (cmd, text)
        assert f"{LIMITS[cmd]:,}" in readme, cmd


#: a line each command refuses (the error type it names)
BAD_LINES = {
    "pair-batch": (b"zz 00", "EncodingError"),
    "bls batch-verify": (b"zz", "EncodingError"),
    "peks encrypt": (b"\xff", "EncodingError"),
    "peks test": (b"0" * (1 << 17), "LimitExceededError"),
}


@pytest.mark.slow
@pytest.mark.parametrize("cmd", COMMANDS)
@pytest.mark.parametrize("as_json", [False, True])
def test_a_bad_line_stops_the_run_after_the_lines_before_it(cmd, as_json):
    """Fail-fast in every batch command: the output holds the result of line 1 (in the same chunk as the bad
    line 2), the error names line 2 (exit 2), and --json output stays one valid JSON object."""
    import json

    argv, line, want = COMMANDS[cmd]
    bad, etype = BAD_LINES[cmd]
    p = subprocess.run(
        [sys.executable, "-m", "pairkit.cli", *argv, *(["--json"] if as_json else [])],
        input=line.encode() + b"\n" + bad + b"\n",
        capture_output=True,
        timeout=300,
        env=dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path)),
    )
    err = p.stderr.decode()
    assert p.returncode == 2 and f"error: {etype}: " in err and "line 2: " in err and "Traceback" not in err, err
    if as_json and cmd != "bls batch-verify":  # batch-verify's JSON is its verdict, which a bad line replaces
        doc = json.loads(p.stdout)
        assert len(doc[{"pair-batch": "gt", "peks encrypt": "ciphertexts", "peks test": "matches"}[cmd]]) == 1
        e = doc["error"]
        assert e["type"] == etype and (e.get("line") == 2 or "line 2: " in e["message"]), doc
    elif not as_json:
        assert _result_shown(want)(p.stdout), (cmd, p.stdout)


def test_chunks_hand_over_the_lines_before_a_bad_one():
    def parse(n, raw):
        if raw == b"bad":
            raise LimitExceededError(f"line {n}")
        return raw

    chunks = L.Lines(io.BytesIO(b"a\nb\nbad\nc\n"), "f", 16).chunks(parse, lambda: 64)
    assert next(chunks) == [b"a", b"b"]
    with pytest.raises(LimitExceededError, match="line 3"):
        next(chunks)
