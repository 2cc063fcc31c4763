"""PEKS (pairkit.protocols.peks; Boneh, Di Crescenzo, Ostrovsky, Persiano 2004) on bls12-381: match and
no-match on small batches, search through pair_fixed equal to the one-pairing-per-ciphertext test,
malformed ciphertexts as False verdicts, refusals, bounded fuzzing and the CLI."""

from __future__ import annotations

import json
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fuzzbudget import fuzz
from pairkit import api
from pairkit.errors import (
    ArgumentTypeError,
    EncodingError,
    InsecureParameterError,
    InvalidArgumentError,
    LimitExceededError,
    NotSupportedError,
    PairkitError,
)
from pairkit.protocols import peks

SK, PK = peks.keygen()
TD = peks.trapdoor(SK, b"urgent")


def test_match_and_no_match():
    assert len(SK) == 32 and len(PK) == 48 and len(TD) == 96 and peks.public_key(SK) == PK
    words = [b"urgent", b"Urgent", b"", b"urgent ", b"urgent", "ünïcode".encode()]
    cts = [peks.encrypt(PK, w) for w in words]
    assert all(len(c) == peks.CIPHERTEXT_LEN for c in cts)
    assert peks.search(TD, cts) == [w == b"urgent" for w in words]
    assert [peks.test(TD, c) for c in cts] == [w == b"urgent" for w in words]
    assert peks.encrypt(PK, b"urgent") != peks.encrypt(PK, b"urgent")  # randomized
    # another key pair's trapdoor matches nothing of ours
    sk2, pk2 = peks.keygen()
    assert peks.search(peks.trapdoor(sk2, b"urgent"), cts) == [False] * len(cts)
    assert peks.search(peks.trapdoor(SK, b""), cts) == [w == b"" for w in words]
    assert peks.search(TD, []) == []


def test_search_is_the_fixed_argument_pairing():
    """search == a plain pairing per ciphertext, over more than one chunk."""
    words = [b"urgent" if i % 5 == 0 else b"w%d" % i for i in range(40)]
    cts = peks.encrypt_many(PK, words, threads=2)
    old = peks.CHUNK
    try:
        peks.CHUNK = 16
        got = peks.search(TD, cts)
    finally:
        peks.CHUNK = old
    plain = [peks._h2(api.pair("bls12-381", c[:48], TD)) == c[48:] for c in cts]
    assert got == plain == [w == b"urgent" for w in words]
    steps = []
    peks.search(TD, cts, progress=steps.append)
    assert sum(steps) == len(cts)


def test_malformed_ciphertexts_are_false():
    good = peks.encrypt(PK, b"urgent")
    inf = b"\xc0" + bytes(47)
    bad = [
        b"",
        good[:79],
        good + b"\x00",
        inf + good[48:],
        b"\x80" + bytes(47) + good[48:],
        b"\xff" * 80,
        bytes(80),
        good[:48] + bytes(32),
    ]
    # the bad ones among good ones: the good ones keep their verdict
    mixed = [good] + bad + [good]
    assert peks.search(TD, mixed) == [True] + [False] * len(bad) + [True]
    for b in bad:
        assert peks.test(TD, b) is False


def test_bad_keys_and_trapdoors_raise_typed():
    with pytest.raises(EncodingError):
        peks.search(TD[:95], [])
    with pytest.raises(PairkitError):
        peks.search(bytes(96), [])
    with pytest.raises(EncodingError):
        peks.search(b"\xc0" + bytes(95), [])  # the identity as a trapdoor would match everything
    with pytest.raises(PairkitError):
        peks.encrypt(b"\x80" + bytes(47), b"w")
    with pytest.raises(EncodingError):
        peks.encrypt(b"\xc0" + bytes(47), b"w")  # the identity as a public key
    with pytest.raises(InvalidArgumentError):
        peks.trapdoor(bytes(32), b"w")
    with pytest.raises(ArgumentTypeError):
        peks.trapdoor(SK, "w")
    with pytest.raises(ArgumentTypeError):
        peks.search(TD, ["00" * 80])


def test_refusals():
    for sid in ("typea-512", "ss3-97", "bn254"):
        with pytest.raises(InsecureParameterError, match="allow_insecure"):
            peks.keygen(sid)
        with pytest.raises(NotSupportedError):
            peks.keygen(sid, allow_insecure=True)
    with pytest.raises(InsecureParameterError):
        peks.search(TD, [], set_id="ss2-283")


_GOOD = peks.encrypt(PK, b"urgent")


@fuzz(60)
@given(
    st.one_of(
        st.binary(max_size=100),
        st.tuples(st.integers(0, 79), st.integers(1, 255)).map(
            lambda t: _GOOD[: t[0]] + bytes([_GOOD[t[0]] ^ t[1]]) + _GOOD[t[0] + 1 :]
        ),
    )
)
def test_fuzz_ciphertexts(data):
    """No mutated ciphertext matches (a flipped bit of A changes the pairing, of B the tag)."""
    assert peks.search(TD, [data, _GOOD]) == [data == _GOOD, True]


@fuzz(30)
@given(st.binary(max_size=120))
def test_fuzz_trapdoors(data):
    try:
        v = peks.search(data, [_GOOD])
    except PairkitError:
        return
    assert v == [data == TD]


# ---- the command line ----------------------------------------------------------------------------


def _run(monkeypatch, capsys, *args, stdin=b""):
    import io

    from pairkit.cli import root as cli

    monkeypatch.setattr(sys, "argv", ["pairkit", "peks", *args])
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin)))
    code = 0
    try:
        cli.main()
    except SystemExit as e:
        code = e.code
    out = capsys.readouterr()
    return code, out.out, out.err


def test_cli_round_trip(monkeypatch, capsys, tmp_path):
    code, out, _ = _run(monkeypatch, capsys, "keygen", "--json")
    k = json.loads(out)
    assert code == 0 and peks.public_key(bytes.fromhex(k["sk"])) == bytes.fromhex(k["pk"])
    code, out, _ = _run(monkeypatch, capsys, "encrypt", "--pk", k["pk"], stdin=b"# words\nurgent\nlater\n\nurgent\n")
    cts = out.split()
    assert code == 0 and len(cts) == 3
    (tmp_path / "c").write_text("\n".join(cts) + "\n")
    code, out, _ = _run(monkeypatch, capsys, "trapdoor", "--sk", k["sk"], "-k", "urgent")
    td = out.strip()
    code, out, _ = _run(monkeypatch, capsys, "test", "-t", td, "-i", str(tmp_path / "c"), "--json")
    assert code == 0 and json.loads(out) == {"n": 3, "matches": [0, 2]}
    code, out, _ = _run(monkeypatch, capsys, "test", "-t", td, "--ct", cts[1])
    assert code == 3 and out.strip() == "matches: none"
    code, out, _ = _run(monkeypatch, capsys, "encrypt", "--pk", k["pk"], "-k", "a", "-k", "b", "--json")
    assert code == 0 and json.loads(out)["n"] == 2


def test_cli_demo(monkeypatch, capsys):
    code, out, err = _run(monkeypatch, capsys, "demo", "-n", "300", "--vocabulary", "7", "--json")
    d = json.loads(out)
    assert code == 0 and d["correct"] and d["n"] == 300 and d["matches"] == d["expected"] > 0
    assert d["search_per_s"] > 0 and err == ""  # not a terminal: no progress by default
    code, out, err = _run(monkeypatch, capsys, "demo", "-n", "50", "--progress")
    assert code == 0 and "ciphertexts/s" in out and "correct" in out
    assert "peks demo: encrypt (" in err and err.splitlines()[-1].startswith("peks demo: search (50/50, 100 %)")
    code, out, err = _run(monkeypatch, capsys, "demo", "-n", "20", "--progress", "--quiet")
    assert code == 0 and "correct" in out and err == ""


@pytest.mark.parametrize(
    "args,kind",
    [
        (("encrypt", "--pk", "00", "-k", "a"), "EncodingError"),
        (("encrypt", "--pk", "zz", "-k", "a"), "EncodingError"),
        (("encrypt", "--pk", PK.hex()), "InvalidArgumentError"),  # stdin empty: no keywords
        (("encrypt", "--pk", PK.hex(), "-i", "/nonexistent"), "FileAccessError"),
        (("trapdoor", "--sk", "00" * 32, "-k", "a"), "InvalidArgumentError"),
        (("trapdoor", "--sk", "0g", "-k", "a"), "EncodingError"),
        (("test", "-t", "00", "--ct", "00"), "EncodingError"),
        (("test", "-t", TD.hex(), "--ct", "0"), "EncodingError"),
        (("test", "-t", TD.hex()), "InvalidArgumentError"),
        (("demo", "-n", "0"), "UsageError"),
        (("demo", "-n", str(1 << 23)), "LimitExceededError"),
        (("trapdoor", "-k", "a"), "UsageError"),
    ],
)
def test_cli_errors(monkeypatch, capsys, args, kind):
    code, _, err = _run(monkeypatch, capsys, *args)
    assert code == 2 and err.strip().splitlines()[-1].startswith(f"error: {kind}:"), err
    assert "Traceback" not in err


# ---- hostile walk of `pairkit ibe` and `pairkit peks` (the groups tests/test_hostile_cli.py leaves out) ----

_IBE_MSK, _IBE_PUB = __import__("pairkit.protocols.ibe", fromlist=["setup"]).setup()
_BASELINE = {
    ("peks", "keygen"): {},
    ("peks", "encrypt"): {"--pk": PK.hex(), "--keyword": "a"},
    ("peks", "trapdoor"): {"--sk": SK.hex(), "--keyword": "a"},
    ("peks", "test"): {"--trapdoor": TD.hex(), "--ct": _GOOD.hex()},
    ("peks", "demo"): {"-n": "3"},
    ("ibe", "setup"): {},
    ("ibe", "extract"): {"--master": _IBE_MSK.hex(), "--id": "a"},
    ("ibe", "encrypt"): {"--id": "a", "--public": _IBE_PUB.hex(), "--msg-hex": "00"},
    ("ibe", "decrypt"): {"--key": "VALIDKEY", "--input": "VALIDCT"},
}
_HOSTILE = ["", "nope", "\u00ff\u2603", "0x", "-1", "00" * 200, "rfc5091"]


def _walk():
    import typer

    from pairkit.cli.ibe import app as ibe_app
    from pairkit.cli.peks import app as peks_app

    for group, app in (("ibe", ibe_app), ("peks", peks_app)):
        cmds = typer.main.get_command(app).commands
        assert {(group, n) for n in cmds} == {k for k in _BASELINE if k[0] == group}
        for name, cmd in sorted(cmds.items()):
            for prm in cmd.params:
                key = prm.opts[0] if prm.opts[0].startswith("--") or len(prm.opts) == 1 else prm.opts[0]
                if prm.param_type_name == "option" and prm.is_flag:
                    yield group, name, key, "FLAG=x"
                else:
                    for v in _HOSTILE:
                        yield group, name, key, v
                    if prm.required:
                        yield group, name, key, None
            yield group, name, "--no-such-option", "x"


def test_cli_hostile_walk(tmp_path, monkeypatch, capsys):
    """Every ibe / peks subcommand with one hostile value per parameter, the others valid, in-process:
    a result (exit 0), a verdict (exit 3) or `error: <Type>:` with exit 2 -- never an uncaught exception.
    (--level and -n take hostile integers only through the values above that parse as ints.)"""
    import io

    from pairkit.cli import root as cli
    from pairkit.protocols import ibe

    key = ibe.extract(_IBE_MSK, b"a")
    ctf = tmp_path / "ct"
    ctf.write_text(ibe.encrypt(_IBE_PUB, b"a", b"m").hex())
    n, codes = 0, {}
    for group, name, opt, value in _walk():
        vals = {
            k: (key.hex() if v == "VALIDKEY" else str(ctf) if v == "VALIDCT" else v)
            for k, v in _BASELINE[(group, name)].items()
        }
        extra = []
        if value is None:
            vals.pop(opt, None)
        elif value == "FLAG=x":
            extra = [f"{opt}=x"]
        elif opt in ("--input", "--params", "--params-out"):
            vals[opt] = {"": str(tmp_path), "nope": str(tmp_path / "missing")}.get(value, str(tmp_path / "x"))
            (tmp_path / "x").write_bytes(value.encode("utf-8", "replace") + b"\xff")
        elif opt in ("-n", "--level", "--count", "--vocabulary") and value == "00" * 200:
            vals[opt] = "99999999999999999999999"
        else:
            vals[opt] = value
        if name == "setup" and vals.get("--scheme") == "rfc5091" and opt != "--level":
            vals["--level"] = "1024"  # keep the walk fast: the refusal (or --allow-insecure) at n = 1024
        argv = ["pairkit", group, name, *[a for k, v in vals.items() for a in (k, v)], *extra]
        monkeypatch.setattr(sys, "argv", argv)
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"urgent\n")))
        code = 0
        try:
            cli.main()
        except SystemExit as e:
            code = e.code
        out = capsys.readouterr()
        assert code in (0, 2, 3), (argv, code, out.err)
        if code == 2:
            assert "error: " in out.err and "Traceback" not in out.err, (argv, out.err)
        n += 1
        codes[code] = codes.get(code, 0) + 1
    assert n > 150 and codes.get(2, 0) > 80, codes


@pytest.mark.parametrize(
    "threads,etype",
    [(1.5, ArgumentTypeError), (True, ArgumentTypeError), (-1, InvalidArgumentError), (10**6, LimitExceededError)],
)
def test_encrypt_many_threads_are_checked(threads, etype):
    """``threads`` is a count in [0, MAX_THREADS]: a float, a bool, a negative or a huge count is a typed error
    (1.5 and 10**6 were accepted, -1 was the executor's builtin ValueError)."""
    with pytest.raises(etype, match="threads"):
        peks.encrypt_many(PK, [b"w"], threads=threads)
