"""``pairkit peks``: keygen, encrypt, trapdoor, test, demo -- public-key encryption with keyword search
(Boneh, Di Crescenzo, Ostrovsky, Persiano 2004) on bls12-381 (docs/PROTOCOLS.md). Keys, trapdoors and
ciphertexts are hex; keywords are UTF-8 text (``--keyword``, or one per line from ``--input`` / stdin).
``test`` prints the matching ciphertexts and exits 0 (at least one match) or 3 (none: a verdict); bad
input is ``error: <Type>: ...`` with status 2 (pairkit.cli.main)."""

from __future__ import annotations

import json
import os
import secrets
import sys
import time
from collections.abc import Callable
from typing import List, Optional

import typer

from pairkit import argcheck as A
from pairkit.cli.files import input_stream
from pairkit.cli.ibe import hex_arg
from pairkit.cli.lines import JsonArray, Lines, text_line
from pairkit.cli.progress import PROGRESS, QUIET, Bar, bar
from pairkit.errors import InvalidArgumentError, PairkitError

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help="Public-key encryption with keyword search (BDOP 2004) on bls12-381. NOT constant-time.",
)

NO_MATCH_EXIT = 3
#: the largest demo (keywords encrypted and searched)
MAX_DEMO = 1 << 22
_JSON = typer.Option(False, "--json", help="machine-readable output")


def _emit(as_json: bool, obj: dict, text: str) -> None:
    print(json.dumps(obj) if as_json else text)


#: bytes per --input line (a keyword, or a ciphertext's 160 hex digits)
MAX_LINE = 1 << 16
#: lines per chunk of --input (one encrypt_many or search call each; the input's pauses cut chunks short)
STREAM_CHUNK = 1024


def _text(source: str, no: int, raw) -> str | None:
    """A line of --input, stripped; None for a blank line or a # comment; its typed error otherwise."""
    return text_line(f"--input {source}", no, raw)


def _stream(infile: Optional[str], what: str, parse: Callable, handle: Callable[[list], None]) -> None:
    """Read --input (stdin without it) as a stream of lines, ``parse(line number, text)`` each, and hand them
    to ``handle`` chunk by chunk (cli/lines.py: bounded memory, a line limit, a chunk cut short when the
    input pauses); InvalidArgumentError if no line is left after blanks and comments."""
    source = infile or "-"
    seen = False
    with input_stream(infile) as stream:

        def one(no: int, raw) -> object:
            text = _text(source, no, raw)
            return None if text is None else parse(no, text)

        for chunk in Lines(stream, f"--input {source}", MAX_LINE).chunks(one, lambda: STREAM_CHUNK):
            seen = True
            handle(chunk)
    if not seen:
        raise InvalidArgumentError(f"--input {source}: no {what}")


@app.command("keygen")
def keygen_cmd(as_json: bool = _JSON):
    """A new key pair: the secret key (32 bytes) and the public key (a G1 point, 48 bytes)."""
    from pairkit.protocols import peks

    sk, pk = peks.keygen()
    _emit(as_json, {"sk": sk.hex(), "pk": pk.hex()}, f"sk {sk.hex()}\npk {pk.hex()}")


@app.command("encrypt")
def encrypt_cmd(
    pk: str = typer.Option(..., "--pk", help="the public key, hex"),
    keyword: Optional[List[str]] = typer.Option(
        None, "--keyword", "-k", help="a keyword (repeat); without it, one per line from --input or stdin"
    ),
    infile: Optional[str] = typer.Option(None, "--input", "-i", help="keywords, one per line"),
    as_json: bool = _JSON,
):
    """Searchable ciphertexts (80 bytes each), one hex line per keyword. --input / stdin streams: chunks
    of up to 1,024 keywords are written as they are read (sooner when the input pauses); a line is at most
    65,536 bytes (LimitExceededError naming it)."""
    from pairkit.protocols import peks

    key = hex_arg("--pk", pk)
    peks.encrypt_many(key, [])  # the key is checked before any input is read
    out = JsonArray(sys.stdout, {}, "ciphertexts")
    n = 0

    def handle(kws: list) -> None:
        nonlocal n
        for c in peks.encrypt_many(key, kws):
            if as_json:
                out.add(c.hex())
            else:
                print(c.hex())
        n += len(kws)
        sys.stdout.flush()

    try:
        if keyword:
            handle([k.encode("utf-8", "surrogateescape") for k in keyword])
        else:
            _stream(infile, "keywords", lambda no, text: text.encode("utf-8"), handle)
    except PairkitError as e:
        out.abort(e)
        raise
    if as_json:
        out.close({"n": n})


@app.command("trapdoor")
def trapdoor_cmd(
    sk: str = typer.Option(..., "--sk", help="the secret key, hex"),
    keyword: str = typer.Option(..., "--keyword", "-k", help="the keyword to search for"),
    as_json: bool = _JSON,
):
    """The trapdoor of a keyword (a G2 point, 96 bytes)."""
    from pairkit.protocols import peks

    td = peks.trapdoor(hex_arg("--sk", sk), keyword.encode("utf-8", "surrogateescape"))
    _emit(as_json, {"keyword": keyword, "trapdoor": td.hex()}, td.hex())


@app.command("test")
def test_cmd(
    trapdoor: str = typer.Option(..., "--trapdoor", "-t", help="the trapdoor, hex"),
    ct: Optional[List[str]] = typer.Option(
        None, "--ct", help="a ciphertext, hex (repeat); without it, one per line from --input or stdin"
    ),
    infile: Optional[str] = typer.Option(None, "--input", "-i", help="ciphertexts, one hex line each"),
    as_json: bool = _JSON,
):
    """Test a trapdoor against ciphertexts (one fixed-argument pairing batch per chunk). Prints the 0-based
    indices of the matches as they are found; exit 0 if any matched, 3 if none. A ciphertext that is not
    a valid encoding does not match; a line that is not hex is an EncodingError naming it. --input / stdin
    streams as in encrypt (chunks of up to 1,024, lines of at most 65,536 bytes)."""
    from pairkit.protocols import peks

    td = hex_arg("--trapdoor", trapdoor)
    peks.search(td, [])  # the trapdoor is checked before any input is read
    out = JsonArray(sys.stdout, {}, "matches")
    n = hits = 0

    def handle(cts: list) -> None:
        nonlocal n, hits
        for i, v in enumerate(peks.search(td, cts)):
            if not v:
                continue
            if as_json:
                out.add(n + i)
            else:  # "matches: 0 2 ..." as they are found
                print(("" if hits else "matches:") + f" {n + i}", end="")
            hits += 1
        n += len(cts)
        sys.stdout.flush()

    try:
        if ct:
            handle([hex_arg(f"ciphertext {i}", x) for i, x in enumerate(ct)])
        else:
            src = infile or "-"
            _stream(infile, "ciphertexts", lambda no, text: hex_arg(f"--input {src} line {no}", text), handle)
    except PairkitError as e:
        out.abort(e)
        raise
    if as_json:
        out.close({"n": n})
    else:
        print("" if hits else "matches: none")
    if not hits:
        raise typer.Exit(NO_MATCH_EXIT)


@app.command("demo")
def demo_cmd(
    n: int = typer.Option(100_000, "-n", "--count", min=1, help="keywords to encrypt and search"),
    vocabulary: int = typer.Option(1000, "--vocabulary", min=1, help="distinct keywords drawn from"),
    as_json: bool = _JSON,
    show_progress: Optional[bool] = PROGRESS,
    quiet: bool = QUIET,
):
    """Encrypt n random keywords, make the trapdoor of one, search all n with it (progress on stderr: on a
    terminal, or with --progress) and check the matches against the ground truth; prints the throughput."""
    from pairkit.protocols import peks

    n = A.count("-n", n, limit=MAX_DEMO)
    vocabulary = A.count("--vocabulary", vocabulary, limit=MAX_DEMO)
    vocab = [f"keyword-{i:06d}".encode() for i in range(vocabulary)]
    kws = [vocab[secrets.randbelow(vocabulary)] for _ in range(n)]
    target = vocab[0]
    sk, pk = peks.keygen()
    done = [0]

    def advance(b: Bar, what: str) -> Callable[[int], None]:
        done[0] = 0

        def step(k: int) -> None:
            done[0] += k
            b(done[0], n, what)

        return step

    with bar("peks demo", show_progress, quiet, n, "encrypt") as b:
        t0 = time.perf_counter()
        cts = peks.encrypt_many(pk, kws, progress=advance(b, "encrypt"))
        t1 = time.perf_counter()
        td = peks.trapdoor(sk, target)
        b(0, n, "search")
        t2 = time.perf_counter()
        verdicts = peks.search(td, cts, progress=advance(b, "search"))
        t3 = time.perf_counter()
    found = sum(verdicts)
    truth = sum(1 for k in kws if k == target)
    cores = os.cpu_count() or 1
    rate = n / (t3 - t2)
    out = {
        "n": n,
        "vocabulary": vocabulary,
        "matches": found,
        "expected": truth,
        "correct": found == truth and all(v == (k == target) for v, k in zip(verdicts, kws)),
        "encrypt_s": round(t1 - t0, 3),
        "search_s": round(t3 - t2, 3),
        "search_per_s": round(rate, 1),
        "cores": cores,
        "search_per_s_per_core": round(rate / cores, 1),
        "encrypt_per_s": round(n / (t1 - t0), 1),
    }
    _emit(
        as_json,
        out,
        f"PEKS on bls12-381: {n:,} keywords ({vocabulary:,} distinct), {found:,} matches for one trapdoor "
        f"(expected {truth:,}: {'correct' if out['correct'] else 'WRONG'})\n"
        f"encrypt: {out['encrypt_s']:.2f} s ({out['encrypt_per_s']:,.0f} ciphertexts/s)\n"
        f"search:  {out['search_s']:.2f} s ({rate:,.0f} ciphertexts/s on {cores} cores, "
        f"{out['search_per_s_per_core']:,.0f} per core)",
    )
    if not out["correct"]:
        raise typer.Exit(1)
