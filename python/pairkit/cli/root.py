"""The `pairkit` command line (a stable contract; see README.md).

Every command either succeeds or prints `error: <Type>: <message>` on stderr and exits with
status 2 (`main`): the pairkit.errors classes, click's usage errors (as UsageError) and file
errors (FileAccessError, checked before any long computation). Status 1 means a bug.
"""

from __future__ import annotations

import errno
import io
import json
import os
import random
import sys
from typing import Any, List, Optional

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

import pairkit
from pairkit import argcheck, extras, sets
from pairkit.cli.batch import parse_hex as _hex
from pairkit.cli.files import check_writable as _check_writable
from pairkit.cli.files import input_stream
from pairkit.cli.files import write_text as _write_text
from pairkit.cli.lines import JsonArray
from pairkit.cli.progress import PROGRESS, QUIET, file_size
from pairkit.cli.progress import bar as _bar
from pairkit.errors import EncodingError, FileAccessError, InvalidArgumentError, NotSupportedError, PairkitError
from pairkit.reports.peers import ADAPTERS
from pairkit.sets import Family

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help="pairkit: cryptographic pairings computed fast and verifiably.",
)


class _ClosedStdout(io.TextIOBase):
    """sys.stdout when file descriptor 1 is closed (`pairkit ... >&-`; Python sets sys.stdout to None):
    a command that writes to it gets OSError EBADF, which ``main`` reports as OutputError; one that
    writes only to files runs as usual."""

    def writable(self) -> bool:
        return True

    def write(self, s: str) -> int:
        raise OSError(errno.EBADF, "stdout is closed (Bad file descriptor)")

    def fileno(self) -> int:
        raise OSError(errno.EBADF, "stdout is closed (Bad file descriptor)")

    @property
    def buffer(self) -> "_ClosedStdout":  # binary output (ibe decrypt) fails the same way
        return self


def _stdout_closed() -> None:
    """Started with stdout closed: file descriptor 1 onto /dev/null (so that no file the command opens
    takes it and no child process writes into one), sys.stdout the :class:`_ClosedStdout`."""
    try:
        fd = os.open(os.devnull, os.O_WRONLY)
        if fd != 1:
            os.dup2(fd, 1)
            os.close(fd)
    except OSError:
        pass
    sys.stdout = _ClosedStdout()


out = Console(width=None if sys.stdout is not None and sys.stdout.isatty() else 140)
err = Console(stderr=True)
# The sets named in the help texts, from the registry (gen/params/*.toml), never listed here.
_GPU_SETS = ", ".join(sets.gpu_sets())
_PEER_NAMES = ", ".join(ADAPTERS)


def _print_version(value: bool) -> None:
    if value:
        print(f"pairkit {pairkit.__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_print_version, is_eager=True, help="print pairkit's version and exit"
    ),
) -> None:
    """pairkit: cryptographic pairings computed fast and verifiably."""


def _trace_family(set_id: str, prime_ok: bool = False):
    """The parameter set, if the spec has an operation trace for it (ss2-*, ss3-*; typea-512 for
    `trace` only: spec/prime/trace.py)."""
    p = sets.get(set_id)
    if prime_ok and p.family is Family.PRIME:
        return p
    if p.family is Family.PRIME:
        raise NotSupportedError(
            f"{set_id}: the spec has no operation trace for the {p.kind} family "
            "(count covers the ss2-* and ss3-* sets; trace also typea-512, bn254, bls12-381)"
        )
    return p


def _k(p) -> int:
    return p.k if p.family is Family.PRIME else p.gt_coords


def _field(p) -> str:
    if p.family.small_characteristic:
        return f"GF({3 if p.family is Family.CHAR3 else 2}^{p.m})"
    return f"GF(p), p {p.p.bit_length()}-bit"


_label = sets.label


def _security_note(set_id: str) -> None:
    """Say on stderr, beside a result, when the set is not secure (toy, INSECURE, reduced); stdout
    keeps only the result. The --json outputs carry the same label in a "label" field."""
    p = sets.get(set_id)
    lab = _label(p)
    if lab != "secure":
        why = p.security if p.security.startswith(lab) else f"{lab}: {p.security}"
        err.print(f"note: {set_id} is {why}", markup=False, highlight=False, soft_wrap=True)


@app.command("list")
def list_sets(as_json: bool = typer.Option(False, "--json", help="machine-readable output")):
    """The parameter catalogue, with honest security labels."""
    all_sets = sets.all_sets()
    if as_json:
        print(
            json.dumps(
                [
                    {
                        "id": p.id,
                        "field": _field(p),
                        "polynomial": p.poly,
                        "curve": p.curve,
                        "twist": getattr(p, "twist", None),
                        "k": _k(p),
                        "r": hex(p.r),
                        "r_bits": p.r.bit_length(),
                        "cofactor": p.cofactor,
                        "secure": p.secure,
                        "label": _label(p),
                        "security": p.security,
                        "seeds": p.seeds,
                    }
                    for p in all_sets
                ],
                indent=1,
            )
        )
        return
    t = Table(
        title="pairkit parameter sets (supersingular binary k = 4, characteristic three k = 6; "
        "PBC Type A k = 2; BN / BLS12 k = 12)"
    )
    for c in ("id", "security", "field", "curve", "k", "r", "cofactor", "seeds"):
        t.add_column(c, no_wrap=c in ("id", "security"))
    for p in all_sets:
        lab = _label(p)
        style = "red" if lab == "INSECURE" else ("green" if lab == "secure" else "yellow")
        cof = str(p.cofactor) if p.cofactor.bit_length() <= 64 else f"{p.cofactor.bit_length()}-bit"
        field = p.poly if p.family.small_characteristic else _field(p)
        t.add_row(p.id, f"[{style}]{lab}[/]", field, p.curve, str(_k(p)), f"{p.r.bit_length()}-bit", cof, p.seeds)
    out.print(t)
    for p in all_sets:
        if p.role != "toy":
            out.print(f"  {p.id}: {p.security}")
    out.print(
        "[red]Every small-characteristic set is broken today[/] (quasi-polynomial discrete logarithms, "
        "2013-2014): use them to study the papers' hardware, not to protect data. typea-512 offers at "
        "most 80 bits; bn254 about 100 (exTNFS); bls12-381 about 117-120."
    )


@app.command()
def points(
    set_id: str = typer.Option(..., "--set", help="parameter set id"),
    n: int = typer.Option(1, "-n", min=0, help="how many points"),
    seed: Optional[int] = typer.Option(None, help="reproducible stream"),
    compressed: bool = typer.Option(
        False, help="ss2: x with the y-bit at bit m; ss3: 0x02/0x03 || x; bls12-381: the ZCash compressed form"
    ),
    group: int = typer.Option(1, "--group", min=1, max=2, help="bn254 / bls12-381: 1 = G1, 2 = G2"),
    as_json: bool = typer.Option(False, "--json"),
):
    """Random points of order r, encoded as hex, written as they are drawn (in blocks of 128: Ctrl-C
    stops a large -n within a block)."""
    from pairkit import api

    sets.get(set_id)
    argcheck.count("-n", n)
    out = JsonArray(sys.stdout, {"set": set_id}, "points")
    for block in api.iter_random_points(set_id, n, seed, compressed, group=group):
        for p in block:
            if as_json:
                out.add(p.hex())
            else:
                sys.stdout.write(p.hex() + "\n")
        sys.stdout.flush()
    if as_json:
        out.close({})
    elif n == 0:
        print()  # as before: one empty line


@app.command()
def pair(
    P: str = typer.Argument(..., help="encoded point P (hex)"),
    Q: str = typer.Argument(..., help="encoded point Q (hex)"),
    set_id: str = typer.Option(..., "--set"),
    alg: Optional[str] = typer.Option(
        None,
        "--alg",
        help="ss2: tate-alg1 | tate-alg9 | tate-alg10 | eta-alg2 | eta-t; "
        "ss3: duursma-lee | duursma-lee-nocbrt | eta-t; typea-512: tate; "
        "bn254, bls12-381: optimal-ate (default: blst / arkworks / mcl's value) | "
        "optimal-ate-reduced (the plain (p^12-1)/r power); P in G1, Q in G2",
    ),
    canonical: bool = typer.Option(
        False,
        "--canonical",
        help="print tau_r(P, psi(Q)) (ss3: phi(Q); bn254, bls12-381: "
        "the optimal-ate-reduced value) whatever the algorithm",
    ),
    as_json: bool = typer.Option(False, "--json"),
):
    """The pairing of two encoded points. A GT element is c0||c1||c2||c3 in the basis {1, s, t, st}
    (ss2), its six coordinates in 1, rho, rho^2, sigma, sigma rho, sigma rho^2 (ss3), a||b for
    a + b i (typea-512), or the twelve F_p coordinates of F_{p^12} (bn254, bls12-381)."""
    from pairkit import api

    sets.get(set_id)
    a = api.default_algorithm(set_id) if alg is None else alg
    gt = api.pair(set_id, _hex(P), _hex(Q), alg=a, canonical=canonical)
    if as_json:
        print(
            json.dumps(
                {
                    "set": set_id,
                    "alg": a,
                    "canonical": canonical,
                    "gt": gt.hex(),
                    "coords": [hex(c) for c in api.split_gt(set_id, gt)],
                    "label": _label(sets.get(set_id)),
                }
            )
        )
    else:
        print(gt.hex())
        _security_note(set_id)


@app.command()
def bench(
    set_ids: Optional[List[str]] = typer.Option(None, "--set", help="repeatable; default: the papers' sets"),
    quick: bool = typer.Option(False, help="fewer iterations"),
    as_json: bool = typer.Option(False, "--json"),
    peers: bool = typer.Option(
        False, "--peers", help=f"also time the peer libraries ({_PEER_NAMES}; `make peers`) in the same run"
    ),
    markdown: Optional[str] = typer.Option(None, help="write BENCHMARKS.md-style markdown to this path"),
    engine: str = typer.Option(
        "cpu",
        "--engine",
        help=f"cpu | gpu (the CUDA kernels: {_GPU_SETS}; --markdown then replaces only the file's GPU section)",
    ),
    batch: int = typer.Option(1 << 20, "--batch", min=1, help="gpu: pairings per batch (ss2-1223: 1/8 of it)"),
    gpu_from: Optional[List[str]] = typer.Option(
        None,
        "--from",
        help="--engine gpu: render the GPU section from device runs' JSON reports in this folder "
        "(scripts/gpu_session.sh's $OUT; repeatable, a later folder's row of a set wins) instead of "
        "measuring; no device needed",
    ),
    backends: bool = typer.Option(
        False,
        "--backends",
        help="also time every arithmetic backend, each pinned "
        "in its own process (PAIRKIT_GF2M_BACKEND, PAIRKIT_GF3M_BACKEND, "
        "PAIRKIT_FP_BACKEND)",
    ),
    protocols: bool = typer.Option(
        False,
        "--protocols",
        help="issue 18's protocol goals instead (BLS Verify, "
        "FastAggregateVerify, batch verify, PEKS search, Ray 2 vs 1 workers); "
        "--markdown then replaces only the file's protocol section",
    ),
    goals: bool = typer.Option(
        False,
        "--goals",
        help="issue 21's goals table instead, from one run "
        "(scripts/cpu_goals.sh runs the native benches it reads first); --markdown "
        "then replaces only the file's goals section",
    ),
    validation: Optional[str] = typer.Option(
        None, "--validation", help="--goals: a file with the validation bench's `validation-summary` lines"
    ),
    peers_criterion: Optional[str] = typer.Option(
        None, "--peers-criterion", help="--goals: the criterion directory of crates/pairkit-peers' native bench"
    ),
    show_progress: Optional[bool] = PROGRESS,
    quiet: bool = QUIET,
):
    """Medians per pairing and per field operation, single- and all-core throughput, beside the papers
    (and, with --peers, beside the software a user would pick instead, as ratios). The step running
    shows on stderr: on a terminal, or with --progress."""
    from pairkit.reports import bench as B

    if engine not in ("cpu", "gpu"):
        raise InvalidArgumentError(f"unknown engine {engine!r}; known: cpu, gpu")
    argcheck.count("--batch", batch)
    if markdown:
        _check_writable(markdown, "--markdown")
    if not goals and (validation is not None or peers_criterion is not None):
        raise InvalidArgumentError("--validation and --peers-criterion are inputs of --goals")
    if goals:
        if set_ids or peers or backends or protocols or engine != "cpu":
            raise InvalidArgumentError(
                "--goals measures issue 21's own rows: --set, --peers, --backends, "
                "--protocols and --engine gpu do not apply"
            )
        with _bar("bench --goals", show_progress, quiet) as b:
            _bench_goals(quick, as_json, markdown, validation, peers_criterion, b)
        return
    if gpu_from and engine != "gpu":
        raise InvalidArgumentError("--from renders the GPU section: it needs --engine gpu")
    if engine == "gpu":
        with _bar("bench --engine gpu", show_progress, quiet) as b:
            _bench_gpu(set_ids, quick, as_json, markdown, batch, b, gpu_from)
        return
    if protocols:
        from pairkit.reports import bench_protocols as BP

        with _bar("bench --protocols", show_progress, quiet) as b:
            rep = BP.measure(quick, progress=b)
        cmd = (
            "pairkit bench --protocols"
            + (" --quick" if quick else "")
            + (f" --markdown {markdown}" if markdown else "")
        )
        if markdown:
            BP.write(markdown, rep, cmd)
        print(json.dumps(rep, indent=1) if as_json else BP.markdown(rep, cmd))
        return
    chosen = set_ids or sets.bench_sets()
    for s in chosen:
        sets.get(s)
    with _bar("bench", show_progress, quiet) as b:
        report = B.run(chosen, quick, peers=peers, progress=b)
    if backends:
        from pairkit.reports import bench_backends

        with _bar("bench --backends", show_progress, quiet) as b:
            report["backends"] = bench_backends.measure(chosen, quick, progress=b)
    if markdown:
        cmd = (
            "pairkit bench"
            + "".join(f" --set {s}" for s in set_ids or [])
            + (" --quick" if quick else "")
            + (" --peers" if peers else "")
            + (" --backends" if backends else "")
            + f" --markdown {markdown}"
        )
        _write_text(markdown, B.markdown(report, cmd) + B.kept_sections(markdown), "--markdown")
    if as_json:
        print(json.dumps(report, indent=1))
    elif not markdown:
        print(B.markdown(report, "pairkit bench"))


def _bench_goals(
    quick: bool,
    as_json: bool,
    markdown: Optional[str],
    validation: Optional[str],
    peers_criterion: Optional[str],
    progress: Any,
) -> None:
    from pairkit.reports import bench_goals as BG

    text = None
    if validation is not None:
        try:
            with open(validation, encoding="utf-8") as fh:
                text = fh.read()
        except OSError as e:
            raise FileAccessError(f"--validation {validation}: {e.strerror or e}") from None
        except UnicodeDecodeError:
            raise EncodingError(f"--validation {validation}: not UTF-8 text") from None
    if peers_criterion is not None and not os.path.isdir(peers_criterion):
        raise FileAccessError(f"--peers-criterion {peers_criterion}: not a directory")
    rep = BG.measure(quick, text, peers_criterion, progress=progress)
    cmd = (
        "pairkit bench --goals"
        + (" --quick" if quick else "")
        + (f" --validation {validation}" if validation else "")
        + (f" --peers-criterion {peers_criterion}" if peers_criterion else "")
        + (f" --markdown {markdown}" if markdown else "")
    )
    if markdown:
        try:
            BG.write(markdown, rep, cmd)
        except OSError as e:
            raise FileAccessError(f"--markdown {markdown}: {e.strerror or e}") from None
    print(json.dumps(rep, indent=1) if as_json else BG.markdown(rep, cmd))


def _gpu_report_out(G: Any, report: dict, cmd: str, as_json: bool, markdown: Optional[str]) -> None:
    """The GPU report as JSON, markdown on stdout, or the GPU section of --markdown's file (G: reports.bench_gpu)."""
    if markdown:
        try:
            G.write_section(markdown, G.markdown(report, cmd))
        except OSError as e:
            raise FileAccessError(f"--markdown {markdown}: {e.strerror or e}") from None
    if as_json:
        print(json.dumps(report, indent=1))
    elif not markdown:
        print(G.markdown(report, cmd))


def _bench_gpu(
    set_ids, quick: bool, as_json: bool, markdown: Optional[str], batch: int, progress: Any, folders: Optional[list]
) -> None:
    """`pairkit bench --engine gpu`: measured on the device, or rendered from a device run's reports
    (``folders``, --from: scripts/gpu_session.sh's $OUT)."""
    from pairkit import api
    from pairkit.gpu import prime_source, source
    from pairkit.reports import bench_gpu as G

    if folders:
        cmd = (
            "pairkit bench --engine gpu"
            + "".join(f" --from {f}" for f in folders)
            + "` (the device commands: each folder's command.txt, or scripts/gpu_session.sh PART=issue40)"
        )
        _gpu_report_out(G, G.load_dirs(folders), cmd, as_json, markdown)
        return
    chosen = set_ids or G.DEFAULT_SETS
    for s in chosen:
        a = api.default_algorithm(s)
        if prime_source.is_prime_set(s):
            prime_source.check(s, a)
        else:
            source.check(s, a)
    n = min(batch, 1 << 14) if quick else batch
    report = G.run([s for s in chosen if not prime_source.is_prime_set(s)], n, 2 if quick else 5, progress=progress)
    report["results"] += [
        G.bench_prime_set(s, min(n, 1 << 15), 2 if quick else 5) for s in chosen if prime_source.is_prime_set(s)
    ]
    cmd = (
        "pairkit bench --engine gpu"
        + "".join(f" --set {s}" for s in set_ids or [])
        + (" --quick" if quick else "")
        + f" --batch {batch}"
        + (f" --markdown {markdown}" if markdown else "")
    )
    _gpu_report_out(G, report, cmd, as_json, markdown)


@app.command("pair-batch")
def pair_batch(
    set_id: str = typer.Option(..., "--set"),
    infile: Optional[str] = typer.Option(None, "--input", help="lines `P Q` (hex); default: stdin"),
    alg: Optional[str] = typer.Option(None, "--alg"),
    canonical: bool = typer.Option(False, "--canonical"),
    engine: str = typer.Option("cpu", "--engine", help=f"cpu (every core) | gpu (CUDA: {_GPU_SETS})"),
    as_json: bool = typer.Option(False, "--json"),
    keep_going: bool = typer.Option(
        False,
        "--keep-going",
        help="a bad line writes an error record in its place and the run goes on (default: stop at the first)",
    ),
    show_progress: Optional[bool] = PROGRESS,
    quiet: bool = QUIET,
):
    """Pairings of many pairs: one `P Q` hex pair per input line, one GT element (hex) per output
    line, in order, streamed in bounded chunks (a chunk ends early when the input pauses, so a slow
    producer sees its results at once; a line is at most 65,536 bytes). A bad line (named by its line
    number, from 1) stops the run after the results of the lines before it; with --keep-going it writes an error record
    instead and the run goes on (exit 2 at the end if any line failed). The engine is checked before
    any input is read (no GPU: one error, exit 2). An empty input (no line, or blank lines only)
    pairs nothing and exits 0 (--json: "gt": []). Progress (the pairs done; the share of the input
    read when it is a file) goes to stderr: on a terminal, or with --progress."""
    from pairkit import api
    from pairkit.cli.batch import pair_stream

    sets.get(set_id)
    a = api.default_algorithm(set_id) if alg is None else alg
    # the engine, the set and the algorithm, once, before any input is read: without a GPU (or on a set
    # the GPU engine has no kernels for) the error is the engine's, not line 1's, and --keep-going
    # does not meet it again on every line
    api.check_engine(set_id, a, engine)
    header = {"set": set_id, "alg": a, "canonical": canonical, "engine": engine, "label": _label(sets.get(set_id))}
    name = infile or "stdin"
    with input_stream(infile) as stream:
        size = file_size(stream)
        with _bar("pair-batch", show_progress, quiet, size, "0 pairs", counts=False) as b:
            pair_stream(
                set_id,
                a,
                stream,
                name,
                sys.stdout,
                canonical=canonical,
                engine=engine,
                keep_going=keep_going,
                as_json=as_json,
                header=header,
                progress=lambda n: b(stream.tell() if size else n, what=f"{n:,} pairs"),
            )
    if not as_json and not quiet:
        _security_note(set_id)


@app.command()
def trace(
    set_id: str = typer.Option(..., "--set"),
    alg: str = typer.Option(
        None,
        "--alg",
        help="default: eta-alg2 (ss2), duursma-lee (ss3), tate-miller (typea-512), optimal-ate (bn254, bls12-381)",
    ),
    whole: bool = typer.Option(False, help="the whole Miller loop instead of one steady-state iteration"),
):
    """The spec's symbolic operation trace (JSON): nodes are base-field operations."""
    from pairkit.spec.trace import trace_json

    p = _trace_family(set_id, prime_ok=True)
    if p.family is Family.PRIME:  # the prime-field sets: spec/prime/trace.py
        from pairkit.spec.prime.trace import trace_json_ate, trace_json_typea

        known = "tate-miller" if set_id == "typea-512" else "optimal-ate"
        if alg not in (None, known):
            from pairkit.errors import UnknownAlgorithmError

            raise UnknownAlgorithmError(f"{set_id} traces the {known} algorithm only, not {alg!r}")
        print(json.dumps(trace_json_typea(whole) if set_id == "typea-512" else trace_json_ate(set_id, whole)))
        return
    if alg is None:
        alg = "duursma-lee" if p.family is Family.CHAR3 else "eta-alg2"
    j = trace_json(set_id, alg, whole)
    print(json.dumps(j))


@app.command()
def count(
    set_id: str = typer.Option("ss3-97", "--set"),
    alg: str = typer.Option(None, "--alg", help="default: duursma-lee (ss3), eta-alg2 (ss2)"),
    as_json: bool = typer.Option(False, "--json"),
):
    """Base-field operations per Miller-loop iteration: the spec's trace, the Rust core's meter,
    and seed 001's count for Alg. 2.1."""
    from pairkit import api
    from pairkit.reports.papers import SEED001_COUNTS
    from pairkit.spec.trace import trace_json

    p = _trace_family(set_id)
    if alg is None:
        alg = "duursma-lee" if p.family is Family.CHAR3 else "eta-alg2"
    spec_it = trace_json(set_id, alg)["counts"]
    spec_all = trace_json(set_id, alg, whole=True)["counts"]
    rust_it = rust_all = None
    if set_id in api.native_sets():
        rust_it, rust_all = (dict(x) for x in api.op_counts(set_id, alg))
    report = {
        "set": set_id,
        "alg": alg,
        "spec_iteration": spec_it,
        "spec_miller_loop": spec_all,
        "rust_iteration": rust_it,
        "rust_miller_loop": rust_all,
        "seed001_alg21_iteration": SEED001_COUNTS if alg == "duursma-lee" else None,
    }
    if as_json:
        print(json.dumps(report, indent=1))
        return
    kinds = sorted(set(spec_it) | set(spec_all) | set(rust_it or {}))
    t = Table(title=f"{set_id} {alg}: base-field operations (negations are sign swaps, free in seed 001's units)")
    for c in ("operation", "spec / iteration", "Rust / iteration", "spec / Miller loop", "Rust / Miller loop"):
        t.add_column(c)
    for k in kinds:
        t.add_row(
            k,
            str(spec_it.get(k, 0)),
            "—" if rust_it is None else str(rust_it.get(k, 0)),
            str(spec_all.get(k, 0)),
            "—" if rust_all is None else str(rust_all.get(k, 0)),
        )
    out.print(t)
    if report["seed001_alg21_iteration"]:
        ours = {
            "add/sub": spec_it.get("add", 0) + spec_it.get("sub", 0),
            "mul": spec_it.get("mul", 0) + spec_it.get("sqr", 0),
            "cube": spec_it.get("cube", 0),
            "cbrt": spec_it.get("cbrt", 0),
        }
        out.print("seed 001 Alg. 2.1 per iteration: " + ", ".join(f"{k} {v}" for k, v in SEED001_COUNTS.items()))
        out.print(
            "pairkit per iteration:           "
            + ", ".join(f"{k} {v}" for k, v in ours.items())
            + f" (+ {spec_it.get('neg', 0)} sign swaps)"
        )


@app.command()
def demo(oracle: bool = typer.Option(True, help="also check against PARI/GP when cypari2 is present")):
    """Pairings computed and checked for every parameter set, with timings beside the papers."""
    from pairkit import api
    from pairkit.reports.papers import PAIRING_LATENCY_US
    from pairkit.spec import pairing_for

    try:
        from pairkit import oracle as O

        O.pari()
    except ImportError:
        oracle = False
    t = Table(title="pairkit demo: each row is one random pairing, recomputed three ways")
    for c in ("set", "algorithm", "Rust == spec", "== PARI/GP", "bilinear", "Rust µs (median)", "papers (µs)", "label"):
        t.add_column(c)
    rng = random.Random(2026)
    ok = True
    for p in sets.all_sets():
        if isinstance(p, sets.PrimeSet):  # large characteristic: Rust, spec, PARI / py_ecc
            from pairkit.reports.check_prime import check

            alg = api.default_algorithm(p.id)
            chk = check(p.id, rng.getrandbits(32), oracle)
            us = sorted(api.bench_pair(p.id, alg, 50))
            papers = ", ".join(f"{v:g}" for _, _, v in PAIRING_LATENCY_US.get(p.id, [])[:3]) or "—"
            ok &= chk["spec"] and chk["bilinear"] and chk["oracle"] != "NO"
            t.add_row(
                p.id,
                alg,
                "yes" if chk["spec"] else "NO",
                chk["oracle"] + (" (py_ecc)" if p.kind != "typea" and chk["oracle"] == "yes" else ""),
                "yes" if chk["bilinear"] else "NO",
                f"{us[len(us) // 2] / 1000:.1f}",
                papers,
                _label(p),
            )
            out.print(f"  {p.id}: done", style="dim")
            continue
        S: Any = pairing_for(p.id)  # a Char3Pairing for ss3
        alg = api.default_algorithm(p.id)
        P, Q = api.random_points(p.id, 2, seed=rng.getrandbits(32))
        gt = api.pair(p.id, P, Q, alg=alg, canonical=True)
        sP, sQ = S.curve.decode(P), S.curve.decode(Q)
        spec_ok = api.split_gt(p.id, gt) == list(
            S.gt_ints(S.canonical(sP, sQ, alg)) if p.family is Family.CHAR3 else S.canonical(sP, sQ, alg)
        )
        orc = "skipped"
        if oracle and isinstance(p, sets.Char3Set) and p.m <= 200:
            want = O.reduced_tate3(p.m, p.h, p.b, p.r, tuple(map(S.F.to_int, sP)), tuple(map(S.F.to_int, sQ)))
            orc = "yes" if tuple(api.split_gt(p.id, gt)) == want else "NO"
        elif oracle and isinstance(p, sets.BinarySet) and p.m <= 400:  # ss2-1223 takes ~90 s: `make test` checks it
            orc = "yes" if tuple(api.split_gt(p.id, gt)) == O.reduced_tate(p.m, p.taps, p.b, p.r, sP, sQ) else "NO"
        a = rng.randrange(2, p.r)
        g2 = api.pair(p.id, S.curve.encode(S.curve.mul(a, sP)), Q, alg=alg, canonical=True)
        bil = g2 == api.gt_pow(p.id, gt, a.to_bytes((p.r.bit_length() + 7) // 8, "big"))
        us = sorted(api.bench_pair(p.id, alg, 5 if p.m > 600 else 50))
        papers = ", ".join(f"{v:g}" for _, _, v in PAIRING_LATENCY_US.get(p.id, [])[:3]) or "—"
        ok &= spec_ok and bil and orc != "NO"
        t.add_row(
            p.id,
            alg,
            "yes" if spec_ok else "NO",
            orc,
            "yes" if bil else "NO",
            f"{us[len(us) // 2] / 1000:.1f}",
            papers,
            _label(p),
        )
        out.print(f"  {p.id}: done", style="dim")
    out.print(t)
    out.print(
        "[red]The small-characteristic sets are insecure today[/] and typea-512 offers at most 80 bits "
        "(see `pairkit list`); they reproduce the papers. bn254 gives about 100 bits, bls12-381 about 117-120."
    )
    if not ok:
        raise typer.Exit(1)


from pairkit.cli.dse import app as dse_app  # noqa: E402  (pairkit dse: design-space exploration, seed 001)

app.add_typer(dse_app, name="dse")
from pairkit.cli.hw import app as hw_app  # noqa: E402  (pairkit hw: the hardware kit)

app.add_typer(hw_app, name="hw")
from pairkit.cli.proc import app as proc_app  # noqa: E402  (pairkit proc: seed 002's pairing processor)

app.add_typer(proc_app, name="proc")
from pairkit.cli.bls import app as bls_app  # noqa: E402  (pairkit bls: BLS signatures)

app.add_typer(bls_app, name="bls")
from pairkit.cli.ibe import app as ibe_app  # noqa: E402  (pairkit ibe: Boneh-Franklin IBE)

app.add_typer(ibe_app, name="ibe")
from pairkit.cli.peks import app as peks_app  # noqa: E402  (pairkit peks: keyword search)

app.add_typer(peks_app, name="peks")


def _fail(kind: str, msg: str) -> None:
    err.print(f"[red]error[/]: {kind}: {escape(msg)}", soft_wrap=True)
    sys.exit(2)


def _quiet_stdout() -> None:
    """Point stdout at /dev/null so that the interpreter's final flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _broken_pipe(console: Console) -> None:
    """rich's Console.on_broken_pipe for the command line: the BrokenPipeError that ``main`` turns into a
    quiet exit 0 (rich's own exits with status 1); every console's, typer's help included."""
    raise BrokenPipeError(errno.EPIPE, "Broken pipe")


def main() -> None:
    Console.on_broken_pipe = _broken_pipe  # type: ignore[method-assign,assignment]
    if sys.stdout is None:  # started with stdout closed (`pairkit ... >&-`)
        _stdout_closed()
    stdout = sys.stdout
    try:
        rc = app(standalone_mode=False)
        sys.stdout.flush()  # a full disk or a closed pipe must fail here, inside the error contract
    except BrokenPipeError:  # the reader went away (`pairkit ... | head`): stop quietly, as filters do
        _quiet_stdout()
        sys.exit(0)
    except SystemExit as e:
        # click catches EPIPE inside a command itself: it wraps sys.stdout and exits with status 1
        if e.code == 1 and sys.stdout is not stdout:
            _quiet_stdout()
            sys.exit(0)
        raise
    except PairkitError as e:
        _fail(type(e).__name__, str(e))
    except ModuleNotFoundError as e:  # an optional dependency imported at a module's top: name its extra
        missing = extras.missing(e)
        if missing is None:
            raise
        _fail(type(missing).__name__, str(missing))
    except typer.TyperException as e:  # typer's click: unknown command or option, missing or malformed value
        ctx = getattr(e, "ctx", None)
        if type(e).__name__ == "NoArgsIsHelpError":  # `pairkit`, `pairkit hw` alone: the help, then the line
            err.print(e.format_message(), markup=False, highlight=False, soft_wrap=True)
            _fail("UsageError", "a command is required")
        if ctx is not None:
            err.print(ctx.get_usage(), markup=False, highlight=False, soft_wrap=True)
            err.print(f"Try '{ctx.command_path} --help' for help.", markup=False, highlight=False)
        _fail("UsageError", e.format_message())
    except (typer.Abort, KeyboardInterrupt):  # Ctrl-C (click turns it into Abort)
        err.print("[red]error[/]: Interrupted: stopped by the user (Ctrl-C)", soft_wrap=True)
        sys.exit(130)
    except OSError as e:  # writing the output failed (full disk, closed terminal) or another I/O fault
        _quiet_stdout()
        _fail(
            "OutputError" if e.errno in (errno.ENOSPC, errno.EIO, errno.EBADF, errno.EFBIG) else "OSError",
            f"cannot complete the command: {e.strerror or e}",
        )
    if rc == 130:  # typer turns Ctrl-C into exit code 130 in non-standalone mode
        err.print("[red]error[/]: Interrupted: stopped by the user (Ctrl-C)", soft_wrap=True)
    if isinstance(rc, int) and not isinstance(rc, bool):  # typer.Exit(code) in non-standalone mode
        sys.exit(rc)


if __name__ == "__main__":
    main()
