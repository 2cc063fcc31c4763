"""``pairkit bls``: keygen, derive, sign, verify, aggregate, batch-verify (BLS signatures on bls12-381,
draft-irtf-cfrg-bls-signature-05; ``derive``: EIP-2333 / EIP-2334 key trees; docs/PROTOCOLS.md). Keys,
messages and signatures are hex on the command line and in the output. ``verify`` and ``batch-verify``
print the verdict and exit with 0 (valid) or 3 (invalid: a verdict, not an error); bad input is
``error: <Type>: ...`` with status 2 (pairkit.cli.main)."""

from __future__ import annotations

import json
import secrets
import sys
from typing import List, Optional

import typer

from pairkit.cli.files import input_stream
from pairkit.cli.lines import Lines, text_line
from pairkit.errors import EncodingError, InvalidArgumentError
from pairkit.protocols import bls_eip2333
from pairkit.protocols.bls import BATCH_CHUNK

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help="BLS signatures on bls12-381 (draft-irtf-cfrg-bls-signature-05). Signing is NOT constant-time.",
)

INVALID_EXIT = 3

_VARIANT = typer.Option("min-pk", "--variant", help="min-pk (keys in G1, signatures in G2) or min-sig (the reverse)")
_SCHEME = typer.Option("basic", "--scheme", help="basic | aug (message augmentation) | pop (proof of possession)")
_JSON = typer.Option(False, "--json", help="machine-readable output")


def _suite(variant: str, scheme: str):
    from pairkit.protocols import bls

    return bls.ciphersuite(variant, scheme)


def _hex(what: str, s: str) -> bytes:
    t = s.strip().lower()
    t = t.removeprefix("0x")
    try:
        return bytes.fromhex(t)
    except ValueError:
        raise EncodingError(f"{what}: malformed hex {s[:40]!r}") from None


def _sk(s: str) -> int:
    b = _hex("--sk", s)
    if len(b) != 32:
        raise EncodingError(f"--sk: a secret key is 32 bytes (64 hex digits), got {len(b)} bytes")
    return int.from_bytes(b, "big")


def _emit(as_json: bool, obj: dict, text: str) -> None:
    print(json.dumps(obj) if as_json else text)


def _verdict(as_json: bool, ok: bool, extra: dict | None = None) -> None:
    _emit(as_json, {"valid": ok, **(extra or {})}, "valid" if ok else "invalid")
    if not ok:
        raise typer.Exit(INVALID_EXIT)


@app.command("keygen")
def keygen_cmd(
    ikm: Optional[str] = typer.Option(
        None, "--ikm", help="input keying material, hex, >= 32 bytes (default: 32 bytes from the OS's secrets)"
    ),
    key_info: str = typer.Option("", "--key-info", help="KeyGen's key_info, hex"),
    salt: Optional[str] = typer.Option(
        None,
        "--salt",
        help="KeyGen's salt, hex, or pre-v4: the bare ASCII 'BLS-SIG-KEYGEN-SALT-' of the draft's versions 0-3, "
        "the KeyGen of Chia's blspy / chia_rs (Python: salt=bls.KEYGEN_SALT_PRE_V4). Default: "
        "SHA-256('BLS-SIG-KEYGEN-SALT-'), the version-4+ KeyGen of py_ecc, blst and the Ethereum clients",
    ),
    variant: str = _VARIANT,
    scheme: str = _SCHEME,
    as_json: bool = _JSON,
):
    """KeyGen + SkToPk (and PopProve with --scheme pop): prints the secret key, the public key (and the proof).
    The same IKM gives other keys under --salt pre-v4 (Chia's KeyGen) than under the default (Ethereum's)."""
    s = _suite(variant, scheme)
    material = secrets.token_bytes(32) if ikm is None else _hex("--ikm", ikm)
    from pairkit.protocols.bls import KEYGEN_SALT, KEYGEN_SALT_PRE_V4

    named = {None: KEYGEN_SALT, "pre-v4": KEYGEN_SALT_PRE_V4}
    the_salt = named[salt] if salt in named else _hex("--salt", str(salt))
    sk = s.keygen(material, _hex("--key-info", key_info), the_salt)
    out = {"variant": s.variant, "scheme": s.scheme, "sk": sk.to_bytes(32, "big").hex(), "pk": s.sk_to_pk(sk).hex()}
    if s.scheme == "pop":
        out["pop"] = s.pop_prove(sk).hex()
    _emit(as_json, out, "\n".join(f"{k} {out[k]}" for k in ("sk", "pk", "pop") if k in out))


@app.command("derive")
def derive_cmd(
    seed: str = typer.Option(..., "--seed", help="the tree's seed, hex, >= 32 bytes (e.g. a BIP-39 seed)"),
    path: str = typer.Option(
        ...,
        "--path",
        help="an EIP-2334 path m/12381/<coin_type>/<account>/<use>[/...]: Ethereum's signing key of validator i "
        "is m/12381/3600/i/0/0, its withdrawal key m/12381/3600/i/0",
    ),
    variant: str = _VARIANT,
    scheme: str = _SCHEME,
    as_json: bool = _JSON,
):
    """EIP-2333 key derivation along an EIP-2334 path: prints the secret key, the public key (and
    the proof of possession with --scheme pop), as keygen does. A malformed path or one that is not
    EIP-2334-shaped is a KeyPathError."""
    s = _suite(variant, scheme)
    indices = bls_eip2333.parse_path(path)  # the path's errors come before the seed's
    sk = bls_eip2333.derive_path(_hex("--seed", seed), path)
    out = {
        "variant": s.variant,
        "scheme": s.scheme,
        "path": "m/" + "/".join(map(str, indices)),
        "sk": sk.to_bytes(32, "big").hex(),
        "pk": s.sk_to_pk(sk).hex(),
    }
    if s.scheme == "pop":
        out["pop"] = s.pop_prove(sk).hex()
    _emit(as_json, out, "\n".join(f"{k} {out[k]}" for k in ("sk", "pk", "pop") if k in out))


@app.command("sign")
def sign_cmd(
    sk: str = typer.Option(..., "--sk", help="the secret key, 32 bytes hex"),
    msg: str = typer.Option(..., "--msg", help="the message, hex"),
    variant: str = _VARIANT,
    scheme: str = _SCHEME,
    as_json: bool = _JSON,
):
    """Sign a message (NOT constant-time: see docs/PROTOCOLS.md)."""
    s = _suite(variant, scheme)
    sig = s.sign(_sk(sk), _hex("--msg", msg)).hex()
    _emit(as_json, {"variant": s.variant, "scheme": s.scheme, "signature": sig}, sig)


@app.command("verify")
def verify_cmd(
    pk: List[str] = typer.Option(..., "--pk", help="a public key, hex (repeat for aggregates)"),
    msg: List[str] = typer.Option(..., "--msg", help="a message, hex (repeat: one per key)"),
    sig: str = typer.Option(..., "--sig", help="the (aggregate) signature, hex"),
    variant: str = _VARIANT,
    scheme: str = _SCHEME,
    as_json: bool = _JSON,
):
    """Verify (one key, one message), FastAggregateVerify (several keys, one message; --scheme pop)
    or AggregateVerify (one message per key). Exit 0 valid, 3 invalid."""
    s = _suite(variant, scheme)
    pks = [_hex("--pk", p) for p in pk]
    msgs = [_hex("--msg", m) for m in msg]
    sg = _hex("--sig", sig)
    if len(pks) == 1 and len(msgs) == 1:
        ok, how = s.verify(pks[0], msgs[0], sg), "Verify"
    elif len(msgs) == 1 and s.scheme == "pop":
        ok, how = s.fast_aggregate_verify(pks, msgs[0], sg), "FastAggregateVerify"
    elif len(msgs) == len(pks):
        ok, how = s.aggregate_verify(pks, msgs, sg), "AggregateVerify"
    else:
        raise InvalidArgumentError(
            f"{len(pks)} --pk and {len(msgs)} --msg: give one --msg per --pk (or one --msg "
            "with --scheme pop for FastAggregateVerify)"
        )
    _verdict(as_json, ok, {"check": how, "variant": s.variant, "scheme": s.scheme})


@app.command("aggregate")
def aggregate_cmd(
    sig: List[str] = typer.Option(..., "--sig", help="a signature, hex (repeat)"),
    variant: str = _VARIANT,
    scheme: str = _SCHEME,
    as_json: bool = _JSON,
):
    """Aggregate signatures (n >= 1)."""
    s = _suite(variant, scheme)
    agg = s.aggregate([_hex(f"--sig #{i + 1}", x) for i, x in enumerate(sig)]).hex()
    _emit(as_json, {"variant": s.variant, "scheme": s.scheme, "n": len(sig), "signature": agg}, agg)


#: bytes per batch-verify input line: a key, a signature and a message of up to about 512 KB, in hex
MAX_LINE = 1 << 20


def _triple(source: str, no: int, raw) -> tuple | None:
    """(pk, msg, sig) of a line 'PK MSG SIG' (hex; '-' for an empty message), None for a blank line or a
    comment; the line's typed error otherwise (over-long, not UTF-8, not three hex fields)."""
    line = text_line(source, no, raw)
    if line is None:
        return None
    parts = line.split()
    if len(parts) != 3:
        raise EncodingError(f"{source} line {no}: expected 'PK MSG SIG' (three hex fields), got {len(parts)} fields")
    pk, m, sg = (_hex(f"{source} line {no}", p) if p != "-" else b"" for p in parts)
    return pk, m, sg


@app.command("batch-verify")
def batch_verify_cmd(
    infile: Optional[str] = typer.Option(
        None, "--input", "-i", help="lines 'PK MSG SIG' in hex ('-' for an empty message; # comments); default stdin"
    ),
    locate: bool = typer.Option(
        False, "--locate", help="on failure, find the bad lines by bisection (named as they are found)"
    ),
    variant: str = _VARIANT,
    scheme: str = _SCHEME,
    as_json: bool = _JSON,
):
    """Verify many independent (pk, msg, sig) triples with one multi-pairing per 1,024 (random linear
    combinations). Exit 0 if all are valid, 3 otherwise (an empty input is invalid). The input streams: it
    is verified as it is read, in chunks of up to 1,024 triples (a chunk ends early when the input pauses),
    a line is at most 1,048,576 bytes (LimitExceededError naming it), and with --locate the bad triples are
    printed as they are found."""
    s = _suite(variant, scheme)
    source = infile or "stdin"
    n, ok = 0, True
    bad: list[int] = []
    try:
        with input_stream(infile) as stream:
            for chunk in Lines(stream, source, MAX_LINE).chunks(
                lambda no, raw: _triple(source, no, raw), lambda: BATCH_CHUNK
            ):
                pks, msgs, sigs = (list(x) for x in zip(*chunk))
                if ok or locate:  # once invalid without --locate the rest is only parsed (bad input: still exit 2)
                    good = s.batch_verify(pks, msgs, sigs)
                    if not good and locate:
                        found = [n + i for i in s.find_invalid(pks, msgs, sigs)]
                        if not as_json:  # the indices, 0-based among the triples (comments, blank lines skipped)
                            print(
                                ("" if bad else "invalid triples (0-based):") + "".join(f" {i}" for i in found), end=""
                            )
                            sys.stdout.flush()
                        bad += found
                    ok = ok and good
                n += len(chunk)
    finally:
        if bad and not as_json:
            print()  # ends the line of the bad triples, also before a bad line's error
    ok = ok and n > 0  # an empty input is invalid, as batch_verify of no triple is (issue 37 item 8)
    extra: dict = {"n": n, "variant": s.variant, "scheme": s.scheme}
    if not ok and locate:
        extra["invalid"] = bad
    _verdict(as_json, ok, extra)
