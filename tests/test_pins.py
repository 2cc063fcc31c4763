"""Dependency pins live in one place, pyproject.toml's extras, each exact (scripts/pins.py prints them for
`make venv` and `make peers`); wherever else a version is named as name==version (the Makefile, the
scripts, the package's messages, the docs) it is the same one."""

import re
import sys
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
import pins  # noqa: E402

PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
EXTRAS: dict[str, list[str]] = PROJECT["optional-dependencies"]
MAKEFILE = (ROOT / "Makefile").read_text()


def _make_list(var: str) -> list[str]:
    """A Makefile variable's words (``NAME := ...``), its ``$(OTHER)`` references expanded."""
    words = re.search(rf"^{var}\s*:=\s*(.+)$", MAKEFILE, re.M).group(1).split()
    out: list[str] = []
    for w in words:
        ref = re.fullmatch(r"\$\((\w+)\)", w)
        out.extend(_make_list(ref.group(1)) if ref else [w])
    return out


# what `make venv` installs (the Makefile's DEV_EXTRAS) and what `make demo` installs (DEMO_EXTRAS)
VENV_EXTRAS = _make_list("DEV_EXTRAS")
DEMO_EXTRAS = _make_list("DEMO_EXTRAS")


def _exact(req: str) -> tuple[str, str]:
    r = Requirement(req)
    specs = list(r.specifier)
    assert len(specs) == 1 and specs[0].operator == "==" and "*" not in specs[0].version, (
        f"{req!r}: pin it exactly (name==version)"
    )
    return canonicalize_name(r.name), specs[0].version


def _pins() -> dict[str, str]:
    """Package -> its pinned version, over every extra (each name pinned alike everywhere)."""
    seen: dict[str, tuple[str, str]] = {}
    for extra, reqs in EXTRAS.items():
        for req in reqs:
            name, version = _exact(req)
            if name in seen:
                assert seen[name][0] == version, (
                    f"{name} pinned twice differently: {seen[name][0]} (extra {seen[name][1]}), {version} (extra "
                    f"{extra})"
                )
            seen.setdefault(name, (version, extra))
    return {n: v for n, (v, _) in seen.items()}


def test_every_extra_pins_exactly_and_alike():
    assert _pins()


def test_the_run_time_dependencies_have_a_pinned_version_within_their_range():
    """The package declares ranges (it is a library); the venv of `make venv` pins a version in them."""
    pinned = _pins()
    venv = {canonicalize_name(Requirement(r).name) for e in VENV_EXTRAS for r in EXTRAS[e]}
    for req in PROJECT["dependencies"]:
        r = Requirement(req)
        name = canonicalize_name(r.name)
        assert name in venv, f"{r.name}: a run-time dependency without a pin in the extras {VENV_EXTRAS}"
        assert r.specifier.contains(pinned[name]), f"{r.name}=={pinned[name]} is outside {r.specifier}"


def test_make_demo_installs_a_subset_holding_the_run_time_pins_and_the_oracles():
    """`make demo` installs only the demo's extras: within what `make venv` installs, none of the heavy ones
    (the hardware kit, DSE, Ray, GPU, the tests' tools), and every run-time dependency pinned among them."""
    assert DEMO_EXTRAS and set(DEMO_EXTRAS) <= set(VENV_EXTRAS)
    assert not set(DEMO_EXTRAS) & {"hw", "dse", "ray", "gpu", "gpu-cuda13", "peers", "test", "dev"}
    demo = {canonicalize_name(Requirement(r).name) for e in DEMO_EXTRAS for r in EXTRAS[e]}
    for req in PROJECT["dependencies"]:
        assert canonicalize_name(Requirement(req).name) in demo, f"{req}: not pinned in {DEMO_EXTRAS}"
    assert {"maturin", "cypari2", "py-ecc"} <= demo  # the build tool and the demo's two oracles


def test_the_missing_extra_table_names_each_module_in_its_extra():
    """pairkit.extras.EXTRA_OF (the MissingExtraError messages: pip install 'pairkit[EXTRA]') agrees with
    pyproject.toml: each distribution it names is pinned in the extra it names."""
    sys.path.insert(0, str(ROOT / "python"))
    from pairkit.extras import EXTRA_OF

    for module, (extra, dist) in EXTRA_OF.items():
        assert extra in EXTRAS, f"{module}: no extra {extra!r} in pyproject.toml"
        names = {canonicalize_name(Requirement(r).name) for r in EXTRAS[extra]}
        assert canonicalize_name(dist) in names, f"{module}: {dist} is not in the extra {extra} ({sorted(names)})"


def test_make_venv_installs_the_extras_scripts_pins_prints():
    assert set(VENV_EXTRAS) <= set(EXTRAS)
    got = pins.requirements(VENV_EXTRAS)
    assert len(got) == len(set(got))
    assert {_exact(r) for r in got} == {_exact(r) for e in VENV_EXTRAS for r in EXTRAS[e]}


def _texts():
    """The files that may name a version: build files, scripts, the package, the docs."""
    pats = [
        "Makefile",
        "*.md",
        "docs/**/*.md",
        "scripts/*",
        "python/**/*.py",
        ".pre-commit-config.yaml",
        "*requirements*.txt",
        "*constraints*.txt",
        "crates/pairkit-peers/*.md",
    ]
    for pat in pats:
        for p in sorted(ROOT.glob(pat)):
            if p.is_file():
                yield p


# name==version, name-version-...whl (a wheel's file name)
_PIN = re.compile(r"(?<![\w.-])([A-Za-z][\w.-]*?)(?:==|-(?=\d[\w.]*-cp))(\d[\w.!+]*\w)")


def test_no_version_is_named_differently_elsewhere():
    pinned = _pins()
    bad = []
    for p in _texts():
        for m in _PIN.finditer(p.read_text(errors="replace")):
            name, version = canonicalize_name(m.group(1)), m.group(2)
            if name in pinned and version != pinned[name]:
                bad.append(f"{p.relative_to(ROOT)}: {m.group(0)} (pyproject.toml: {pinned[name]})")
    assert not bad, "versions differ from pyproject.toml's pins:\n" + "\n".join(bad)


@pytest.mark.parametrize(
    "text,found",
    [
        ("pip install amaranth==0.5.9", ["amaranth==0.5.9"]),
        ("pymcl-1.0.2-cp311-cp311-manylinux.whl", ["pymcl-1.0.2"]),
        ("a == b, x==y", []),
    ],
)
def test_the_scan_finds_pins(text, found):
    assert [m.group(0) for m in _PIN.finditer(text)] == found
