"""``pairkit ibe``: setup, extract, encrypt, decrypt -- Boneh-Franklin FullIdent on bls12-381 (default)
or RFC 5091's BF on its type-1 curve (``--scheme rfc5091``; docs/PROTOCOLS.md). Keys and ciphertexts
are hex; messages are raw bytes from ``--input FILE`` or stdin (``--msg-hex`` on the command line);
decrypt writes the raw plaintext to stdout (hex in ``--json``). Bad input, a failed FO check included,
is ``error: <Type>: ...`` with status 2 (pairkit.cli.main)."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Optional

import typer

from pairkit.errors import EncodingError, FileAccessError, InsecureParameterError, InvalidArgumentError

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help="Boneh-Franklin identity-based encryption: FullIdent on bls12-381, or RFC 5091 BF on its "
    "type-1 curve (--scheme rfc5091). NOT constant-time.",
)

SCHEMES = ("bls12-381", "rfc5091")
_SCHEME = typer.Option(
    "bls12-381", "--scheme", help="bls12-381 (native FullIdent) or rfc5091 (type-1 curve, pure Python)"
)
_PARAMS = typer.Option(None, "--params", help="rfc5091: the public parameters file (JSON, from `setup --params-out`)")
_INSECURE = typer.Option(False, "--allow-insecure", help="accept parameters below ~128 bits (rfc5091 n < 3072; tests)")
_JSON = typer.Option(False, "--json", help="machine-readable output")


@contextmanager
def _flag_words() -> Iterator[None]:
    """A refusal of insecure parameters names this command line's --allow-insecure flag, not the Python
    keyword the library's message names (InsecureParameterError.OVERRIDE)."""
    try:
        yield
    except InsecureParameterError as e:
        raise InsecureParameterError(str(e).replace(InsecureParameterError.OVERRIDE, "--allow-insecure")) from None


def _scheme(s: str) -> str:
    if s not in SCHEMES:
        raise InvalidArgumentError(f"unknown IBE scheme {s!r}; known: {', '.join(SCHEMES)}")
    return s


def hex_arg(what: str, s: str) -> bytes:
    """The bytes of hex text ``s`` (surrounding blanks and a 0x prefix allowed); EncodingError naming ``what``."""
    t = s.strip().lower().removeprefix("0x")
    try:
        return bytes.fromhex(t)
    except ValueError:
        raise EncodingError(f"{what}: malformed hex {s[:40]!r}") from None


def read_bytes(infile: Optional[str]) -> bytes:
    """The bytes of --input FILE (stdin without it); FileAccessError if it cannot be read."""
    try:
        if infile is None:
            if sys.stdin is None:
                raise FileAccessError("--input -: standard input is closed")
            return sys.stdin.buffer.read()
        with open(infile, "rb") as f:
            return f.read()
    except OSError as e:
        raise FileAccessError(f"--input {infile or '-'}: {e.strerror or e}") from None


def _params(path: Optional[str]):
    from pairkit.protocols import ibe_rfc5091 as R

    if path is None:
        raise InvalidArgumentError(
            "--scheme rfc5091 needs --params FILE (written by `pairkit ibe setup --scheme rfc5091 --params-out FILE`)"
        )
    try:
        text = read_bytes(path).decode("utf-8")
    except UnicodeDecodeError:
        raise EncodingError(f"--params {path}: not UTF-8 JSON") from None
    return R.Params.from_json(text)


def _emit(as_json: bool, obj: dict, text: str) -> None:
    print(json.dumps(obj) if as_json else text)


@app.command("setup")
def setup_cmd(
    scheme: str = _SCHEME,
    level: int = typer.Option(
        3072,
        "--level",
        "-n",
        help="rfc5091: the security level n (1024, 2048, 3072, 7680, 15360); below 3072 needs --allow-insecure",
    ),
    params_out: Optional[str] = typer.Option(
        None, "--params-out", help="rfc5091: write the public parameters (JSON) to this file"
    ),
    allow_insecure: bool = _INSECURE,
    as_json: bool = _JSON,
):
    """A new master secret and public parameters (keep the master secret secret)."""
    if _scheme(scheme) == "bls12-381":
        from pairkit.protocols import ibe

        msk, pub = ibe.setup()
        _emit(
            as_json,
            {"scheme": scheme, "master_secret": msk.hex(), "public": pub.hex()},
            f"master_secret {msk.hex()}\npublic {pub.hex()}",
        )
        return
    from pairkit.protocols import ibe_rfc5091 as R

    if params_out is not None:
        from pairkit.cli.files import check_writable as _check_writable

        _check_writable(params_out, "--params-out")
    with _flag_words():
        prm, s = R.setup(level, allow_insecure=allow_insecure)
    msk = s.to_bytes((prm.q.bit_length() + 7) // 8, "big").hex()
    if params_out is not None:
        with open(params_out, "w") as f:
            f.write(prm.to_json() + "\n")
    _emit(
        as_json,
        {
            "scheme": scheme,
            "level": level,
            "label": prm.label(),
            "master_secret": msk,
            "params": json.loads(prm.to_json()),
        },
        f"master_secret {msk}\nparams {prm.to_json()}",
    )


@app.command("extract")
def extract_cmd(
    master: str = typer.Option(..., "--master", help="the master secret, hex"),
    identity: str = typer.Option(..., "--id", help="the identity (UTF-8 text)"),
    scheme: str = _SCHEME,
    params: Optional[str] = _PARAMS,
    allow_insecure: bool = _INSECURE,
    as_json: bool = _JSON,
):
    """The private key of an identity."""
    ident = identity.encode("utf-8", "surrogateescape")
    if _scheme(scheme) == "bls12-381":
        from pairkit.protocols import ibe

        key = ibe.extract(hex_arg("--master", master), ident)
    else:
        from pairkit.protocols import ibe_rfc5091 as R

        prm = _params(params)
        with _flag_words():
            S = R.extract(prm, int.from_bytes(hex_arg("--master", master), "big"), ident, allow_insecure=allow_insecure)
        key = R.encode_point(S, prm.p)
    _emit(as_json, {"scheme": scheme, "id": identity, "private_key": key.hex()}, key.hex())


@app.command("encrypt")
def encrypt_cmd(
    identity: str = typer.Option(..., "--id", help="the recipient's identity (UTF-8 text)"),
    public: Optional[str] = typer.Option(None, "--public", help="bls12-381: P_pub, hex"),
    infile: Optional[str] = typer.Option(None, "--input", "-i", help="the message file (default stdin)"),
    msg_hex: Optional[str] = typer.Option(None, "--msg-hex", help="the message as hex instead of --input"),
    scheme: str = _SCHEME,
    params: Optional[str] = _PARAMS,
    allow_insecure: bool = _INSECURE,
    as_json: bool = _JSON,
):
    """Encrypt a message to an identity (FullIdent); prints the ciphertext, hex."""
    ident = identity.encode("utf-8", "surrogateescape")
    if _scheme(scheme) == "bls12-381":
        from pairkit.protocols import ibe

        if public is None:
            raise InvalidArgumentError("--scheme bls12-381 needs --public HEX (P_pub from `pairkit ibe setup`)")
        pub = hex_arg("--public", public)
        m = hex_arg("--msg-hex", msg_hex) if msg_hex is not None else read_bytes(infile)
        ct = ibe.encrypt(pub, ident, m)
    else:
        from pairkit.protocols import ibe_rfc5091 as R

        prm = _params(params)
        m = hex_arg("--msg-hex", msg_hex) if msg_hex is not None else read_bytes(infile)
        with _flag_words():
            ct = R.encrypt(prm, ident, m, allow_insecure=allow_insecure).to_bytes(prm)
    _emit(as_json, {"scheme": scheme, "id": identity, "ciphertext": ct.hex()}, ct.hex())


@app.command("decrypt")
def decrypt_cmd(
    key: str = typer.Option(..., "--key", help="the private key, hex"),
    infile: Optional[str] = typer.Option(None, "--input", "-i", help="the ciphertext, hex (default stdin)"),
    scheme: str = _SCHEME,
    params: Optional[str] = _PARAMS,
    allow_insecure: bool = _INSECURE,
    as_json: bool = _JSON,
):
    """Decrypt a ciphertext; the raw plaintext on stdout (hex with --json). A ciphertext that fails the
    FO check is DecryptionError (exit 2)."""
    raw = read_bytes(infile)
    try:
        text = raw.decode("ascii")
    except UnicodeDecodeError:
        raise EncodingError(f"--input {infile or '-'}: a ciphertext is hex text") from None
    ct = hex_arg("the ciphertext", text)
    if _scheme(scheme) == "bls12-381":
        from pairkit.protocols import ibe

        m = ibe.decrypt(hex_arg("--key", key), ct)
    else:
        from pairkit.protocols import ibe_rfc5091 as R

        prm = _params(params)
        S = R.decode_point(hex_arg("--key", key), prm, "the private key")
        with _flag_words():
            m = R.decrypt(prm, S, R.Ciphertext.from_bytes(ct, prm), allow_insecure=allow_insecure)
    if as_json:
        _emit(True, {"scheme": scheme, "plaintext": m.hex()}, "")
    else:
        sys.stdout.buffer.write(m)
        sys.stdout.flush()
