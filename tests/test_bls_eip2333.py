"""EIP-2333 key derivation and EIP-2334 paths (pairkit.protocols.bls_eip2333) and `pairkit bls derive`.

The vectors are the EIP's "Test Cases" 0-3 and its "Test Vector with Intermediate values", read from
the EIP text (ethereum/EIPs, EIPS/eip-2333.md; https://eips.ethereum.org/EIPS/eip-2333): seed,
master_SK, child_index, child_SK as the EIP prints them (decimal keys), and for case 0 the first
Lamport chunk lamport_0[0] and compressed_lamport_PK."""

from __future__ import annotations

import json
import sys

import pytest

from pairkit.errors import ArgumentTypeError, InvalidArgumentError, KeyPathError
from pairkit.protocols import bls
from pairkit.protocols import bls_eip2333 as E

# (seed, master_SK, child_index, child_SK): EIP-2333, "Test Cases", https://eips.ethereum.org/EIPS/eip-2333
EIP2333_CASES = [
    (
        "c55257c360c07c72029aebc1b53c05ed0362ada38ead3e3e9efa3708e53495531f09a6987599d18264c1e1c92f2cf141630c7a3c4ab7c81b2f001698e7463b04",
        6083874454709270928345386274498605044986640685124978867557563392430687146096,
        0,
        20397789859736650942317412262472558107875392172444076792671091975210932703118,
    ),
    (
        "3141592653589793238462643383279502884197169399375105820974944592",
        29757020647961307431480504535336562678282505419141012933316116377660817309383,
        3141592653,
        25457201688850691947727629385191704516744796114925897962676248250929345014287,
    ),
    (
        "0099FF991111002299DD7744EE3355BBDD8844115566CC55663355668888CC00",
        27580842291869792442942448775674722299803720648445448686099262467207037398656,
        4294967295,
        29358610794459428860402234341874281240803786294062035874021252734817515685787,
    ),
    (
        "d4e56740f876aef8c010b86a40d5f56745a118d0906a34e69aec8c0db1cb8fa3",
        19022158461524446591288038168518313374041767046816487870552872741050760015818,
        42,
        31372231650479070279774297061823572166496564838472787488249775572789064611981,
    ),
]
# EIP-2333 "Test Vector with Intermediate values" (case 0): lamport_0[0] and compressed_lamport_PK
LAMPORT_0_FIRST = "e345d0ad7be270737de05cf036f688f385d5f99c7fddb054837658bdd2ebd519"
COMPRESSED_LAMPORT_PK = "dd635d27d1d52b9a49df9e5c0c622360a4dd17cba7db4e89bce3cb048fb721a5"


@pytest.mark.parametrize("seed,master,index,child", EIP2333_CASES)
def test_eip2333_vectors(seed, master, index, child):
    assert E.derive_master_sk(bytes.fromhex(seed)) == master
    assert E.derive_child_sk(master, index) == child


def test_eip2333_intermediate_values():
    _, master, index, _ = EIP2333_CASES[0]
    lamport_0 = E.ikm_to_lamport_sk(master.to_bytes(32, "big"), index.to_bytes(4, "big"))
    assert len(lamport_0) == 255 and all(len(c) == 32 for c in lamport_0)
    assert lamport_0[0].hex() == LAMPORT_0_FIRST
    assert E.parent_sk_to_lamport_pk(master, index).hex() == COMPRESSED_LAMPORT_PK


def test_hkdf_mod_r_is_the_drafts_keygen():
    ikm = bytes(range(40))
    assert E.hkdf_mod_r(ikm) == bls.keygen(ikm) != bls.keygen(ikm, salt=bls.KEYGEN_SALT_PRE_V4)
    assert E.hkdf_mod_r(ikm, b"info") == bls.keygen(ikm, b"info")


def test_path_derivation_walks_the_tree():
    seed = bytes.fromhex(EIP2333_CASES[1][0])
    sk = E.derive_master_sk(seed)
    for i in (12381, 3600, 7, 0, 0):
        sk = E.derive_child_sk(sk, i)
    assert E.derive_path(seed, "m/12381/3600/7/0/0") == sk == E.derive_path(seed, "m / 12381 / 3600 / 7 / 0 / 0")
    withdrawal = E.derive_path(seed, "m/12381/3600/7/0")
    assert E.derive_child_sk(withdrawal, 0) == sk != withdrawal  # the signing key is the withdrawal key's child 0
    assert E.derive_path(seed, "m/12381/3600/8/0/0") != sk


@pytest.mark.parametrize(
    "path,indices",
    [
        ("m/12381/3600/0/0/0", (12381, 3600, 0, 0, 0)),
        ("m/12381/60/0/0", (12381, 60, 0, 0)),
        ("m / 12381 / 3600 / 4294967295 / 0", (12381, 3600, 4294967295, 0)),
    ],
)
def test_parse_path(path, indices):
    assert E.parse_path(path) == indices


@pytest.mark.parametrize(
    "path,says",
    [
        ("", "must start with 'm'"),
        ("M/12381/3600/0/0", "must start with 'm'"),
        ("12381/3600/0/0", "must start with 'm'"),
        ("m", "at least 4 levels"),
        ("m/12381/3600/0", "at least 4 levels"),
        ("m/44/60/0/0", "purpose"),
        ("m/12381/3600/0/0'", "hardened"),
        ("m/12381'/3600/0/0", "hardened"),
        ("m/12381/3600/0h/0", "hardened"),
        ("m/12381/3600//0", "not a decimal index"),
        ("m/12381/3600/0/0/", "not a decimal index"),
        ("m/12381/3600/-1/0", "not a decimal index"),
        ("m/12381/3600/+1/0", "not a decimal index"),
        ("m/12381/3600/0x10/0", "not a decimal index"),
        ("m/12381/3600/\u0661/0", "not a decimal index"),  # an Arabic-Indic digit: isdigit, not ASCII
        ("m/12381/3600/01/0", "leading zero"),
        ("m/12381/3600/4294967296/0", r"not below 2\^32"),
        ("m/12381/3600/0/0\n", "not a decimal index"),
        ("m/12381/3600" + "/0" * 300, "levels"),
    ],
)
def test_bad_paths_are_typed_errors(path, says):
    with pytest.raises(KeyPathError, match=says):
        E.parse_path(path)
    with pytest.raises(KeyPathError):  # the path is checked before the seed
        E.derive_path(b"", path)


def test_bad_arguments():
    with pytest.raises(ArgumentTypeError):
        E.parse_path(b"m/12381/3600/0/0")
    with pytest.raises(ArgumentTypeError):
        E.derive_master_sk("00" * 32)
    with pytest.raises(InvalidArgumentError, match="at least 32 bytes"):
        E.derive_master_sk(bytes(31))
    for sk in (0, bls.R, -1):
        with pytest.raises(InvalidArgumentError, match=r"\[1, r\)"):
            E.derive_child_sk(sk, 0)
    for i in (-1, 1 << 32):
        with pytest.raises(InvalidArgumentError, match="2\\^32"):
            E.derive_child_sk(5, i)
    with pytest.raises(ArgumentTypeError):
        E.derive_child_sk(5, 1.0)
    assert isinstance(KeyPathError("x"), InvalidArgumentError)


def _cli(monkeypatch, capsys, *args):
    from pairkit.cli import root as cli

    monkeypatch.setattr(sys, "argv", ["pairkit", "bls", "derive", *args])
    with pytest.raises(SystemExit) as e:
        cli.main()
        raise SystemExit(0)
    out = capsys.readouterr()
    return e.value.code, out.out, out.err


def test_cli_derive(monkeypatch, capsys):
    seed, master, index, child = EIP2333_CASES[3]
    path = "m/12381/3600/0/0/0"
    want = E.derive_path(bytes.fromhex(seed), path)
    code, out, err = _cli(monkeypatch, capsys, "--seed", seed, "--path", path, "--json")
    assert code == 0, err
    assert json.loads(out) == {
        "variant": "min-pk",
        "scheme": "basic",
        "path": path,
        "sk": want.to_bytes(32, "big").hex(),
        "pk": bls.MinPkBasic.sk_to_pk(want).hex(),
    }
    code, out, err = _cli(
        monkeypatch, capsys, "--seed", "0x" + seed, "--path", " m / 12381/3600/0/0/0", "--variant", "min-sig"
    )
    assert code == 0, err
    assert out.split() == ["sk", want.to_bytes(32, "big").hex(), "pk", bls.MinSigBasic.sk_to_pk(want).hex()]
    code, out, err = _cli(monkeypatch, capsys, "--seed", seed, "--path", path, "--scheme", "pop", "--json")
    assert code == 0 and json.loads(out)["pop"] == bls.MinPkPop.pop_prove(want).hex()


@pytest.mark.parametrize(
    "args,kind",
    [
        (("--seed", "11" * 32, "--path", "m/12381/3600/0/0'"), "KeyPathError"),
        (("--seed", "11" * 32, "--path", "m/0"), "KeyPathError"),
        (("--seed", "11" * 31, "--path", "m/12381/3600/0/0"), "InvalidArgumentError"),
        (("--seed", "1g", "--path", "m/12381/3600/0/0"), "EncodingError"),
        (("--path", "m/12381/3600/0/0"), "UsageError"),
    ],
)
def test_cli_derive_errors(monkeypatch, capsys, args, kind):
    code, out, err = _cli(monkeypatch, capsys, *args)
    assert code == 2 and out == "" and err.strip().splitlines()[-1].startswith(f"error: {kind}:"), err
