"""Seed 004's own unit mix as cores (issue 36 item 2): instances_s004, the LUT storage option, and compare's
like-for-like check of them (reports/hw_compare_004.py)."""

import dataclasses
import json
import shutil
from pathlib import Path

import pytest

from pairkit.hw.core import flow, instances
from pairkit.hw.core.config import UnitChoice
from pairkit.hw.core.errors import CoreError
from pairkit.hw.core.instances_s004 import PAPER_MIX
from pairkit.hw.core.rtl import storage_script
from pairkit.reports import hw_compare as C
from pairkit.reports import hw_compare_004 as c004

PAPER_CORES = ("s004-alg10-m5-paper", "s004-alg10-m4-paper")
FWD_CORES = ("s004-alg10-m5-paper-fwd", "s004-alg10-m4-paper-fwd")
TOY = "toy-ss2-13-alg10-paper"
TOYS = (TOY, "toy-ss2-13-alg10-paper-fwd")
CACHE = Path(__file__).resolve().parents[1] / "hw-report-cache"


def test_the_paper_cores_have_the_papers_mix_and_lut_storage():
    names = {c.name for c in instances.all_configs()}
    assert set(PAPER_CORES) | set(FWD_CORES) | set(TOYS) <= names
    for n, K in [*zip(PAPER_CORES, (4, 3)), *zip(FWD_CORES, (4, 3))]:
        cfg = instances.get(n)
        assert cfg.storage == "lut" and cfg.streams and cfg.alg == "tate-alg10" and cfg.set_id == "ss2-283b1"
        counts = cfg.counts()
        assert {op: counts.get(op, 0) for op in ("mul", "sqr", "inv")} == {
            op: PAPER_MIX[op] for op in ("mul", "sqr", "inv")
        }
        assert dict(cfg.choice("mul").params) == {"W": 32, "K": K}
        assert dict(cfg.choice("inv").params)["q"] == 1  # Alg. 7: one squarer
    for toy, big in zip(TOYS, (PAPER_CORES[0], FWD_CORES[0])):
        t, b = instances.get(toy), instances.get(big)
        assert [(u.unit, dict(u.params).get("latch")) for u in t.units] == [
            (u.unit, dict(u.params).get("latch")) for u in b.units
        ]
        assert t.storage == "lut" and t.forward == b.forward


def test_storage_option_is_checked():
    cfg = instances.get(TOY)
    with pytest.raises(CoreError, match="storage"):
        dataclasses.replace(cfg, storage="flash")
    assert storage_script("bram") == ""
    s = storage_script("lut")
    assert 'rom_style "logic"' in s and "m:control_rom" in s and 'ram_style "distributed"' in s and "m:table*" in s


def test_paper_cores_compile():
    for n in (*PAPER_CORES, *FWD_CORES, *TOYS):
        cfg, mc = flow.compiled(n)
        assert mc.cycles() == mc.info["miller_cycles"] + mc.info["final_exp_cycles"]
        assert mc.tables  # Alg. 10's tables of square roots
    assert flow.compiled(PAPER_CORES[0])[1].cycles() < flow.compiled("s004-alg10-m5x9")[1].cycles()
    for slow, fast in zip(PAPER_CORES, FWD_CORES):  # the unlatched, forwarded adders shorten every pass
        assert flow.compiled(fast)[1].info["T_iter"] < flow.compiled(slow)[1].info["T_iter"]
        # beyond the paper: retimed, not compared with a paper row
        rt = instances.get(fast + "-rt")
        assert rt.retime and not rt.paper
        assert flow.compiled(rt)[1].info["T_iter"] < flow.compiled(fast)[1].info["T_iter"]


@pytest.mark.parametrize("name", TOYS)
def test_toy_interpreter_bit_exact(name):
    r = flow.simulate(name, n=2, seed=7, engine="interp")
    assert r["ok"] and r["interp_states_checked"] == r["looped_iterations"] + 1


@pytest.mark.slow
@pytest.mark.parametrize("name", TOYS)
def test_toy_bit_exact_in_verilator(name):
    r = flow.simulate(name, n=2, seed=7, engine="verilator")
    assert r["ok"] and r["rtl_cycles"] == r["cycles"] and r["rtl_states_checked"] == r["looped_iterations"] + 1


@pytest.mark.slow
def test_lut_storage_synthesizes_without_block_ram():
    from pairkit.reports.hw_cores import _synth_xilinx

    cfg, mc = flow.compiled(TOY)
    lut = _synth_xilinx(flow.make_rtl(cfg, mc), 900, "xc7", "lut")
    assert lut["bram"] == 0 and lut["lutram"] > 0 and lut["lut"] == lut["lut_logic"] + lut["lutram"]
    bram = _synth_xilinx(flow.make_rtl(cfg, mc), 900, "xc7", "bram")
    assert bram["bram"] > 0 and "lutram" not in bram  # the control ROM in block RAM by default


def _cats(diffs) -> list:
    return [c for c, _ in diffs]


def test_mix_differences_name_each_departure_from_the_paper():
    cfg = instances.get(PAPER_CORES[0])
    d = c004.mix_differences(cfg, "M5")
    text = " | ".join(t for _, t in d)
    assert set(_cats(d)) == {"units"}
    assert "share one register file" in text  # no F_{2^4m} Karatsuba unit: pooled multipliers
    assert "2 sqrt unit(s)" in text and "3 add unit(s) against" in text
    fwd = " ".join(t for _, t in c004.mix_differences(instances.get(FWD_CORES[0]), "M5"))
    assert "3 add unit(s) (unlatched, results forwarded: still a step each)" in fwd
    assert "MSD" in text and "37 cycles against the 55" in text
    assert "GF(2^m) multipliers against" not in text and "multipliers [(" not in text  # count and kind match
    # each change to the mix adds its own difference
    nine = dataclasses.replace(cfg, units=[UnitChoice("gf2_mul_chunked", 9, (("W", 32), ("K", 4))), *cfg.units[1:]])
    assert "9 GF(2^m) multipliers against the paper's 24" in " ".join(t for _, t in c004.mix_differences(nine, "M5"))
    assert any("K = 4 chunks" in t for _, t in c004.mix_differences(instances.get(PAPER_CORES[1]), "M5"))
    one_sqr = dataclasses.replace(cfg, units=[*cfg.units[:2], UnitChoice("gf2_sqr", 1, ()), *cfg.units[3:]])
    assert any(t.startswith("1 sqr unit(s)") for _, t in c004.mix_differences(one_sqr, "M5"))


def test_storage_and_basis_differences():
    cfg = instances.get(PAPER_CORES[0])
    # LUT storage whose figure leaves the distributed RAM out is not counted the paper's way
    bad = {"lut": 90000, "bram": 0, "storage": "lut", "lutram": 10, "lut_logic": 90000}
    assert _cats(c004.storage_differences(cfg, bad)) == ["basis"]
    assert _cats(c004.storage_differences(cfg, {})) == ["storage"]  # unmeasured is not "in LUTs"
    ok = {"lut": 90000, "bram": 0, "storage": "lut", "lutram": 10, "lut_logic": 89990}
    assert c004.storage_differences(cfg, ok) == []
    assert _cats(c004.storage_differences(cfg, {"lut": 90000, "bram": 19})) == ["storage", "basis"]


def _fake_report(tmp_path, name: str, xilinx: dict) -> Path:
    """A copy of the caches with a report of ``name`` made from its micro-code (no tools run)."""
    d = tmp_path / "cache"
    for sub in ("cores", "proc"):
        (d / sub).mkdir(parents=True)
        for f in (CACHE / sub).glob("*.json"):
            shutil.copy(f, d / sub)
    for f in c004.UNIT_CACHE.values():  # the multipliers' own synthesis (compare's LUT6 note)
        shutil.copy(CACHE / f, d)
    cfg, mc = flow.compiled(name)
    r = {
        "core": name,
        "set": cfg.set_id,
        "alg": cfg.alg,
        "units": cfg.mix_str(),
        "unroll": cfg.unroll,
        "binding": cfg.binding,
        "paper": cfg.paper,
        "cycles": mc.cycles(),
        "miller_cycles": mc.info["miller_cycles"],
        "final_exp_cycles": mc.info["final_exp_cycles"],
        "T_iter": mc.info["T_iter"],
        "sim": {"engine": "verilator", "ok": True, "rtl_cycles": mc.cycles()},
        "xilinx": xilinx,
    }
    (d / "cores" / f"{name}.json").write_text(json.dumps(r))
    return d


def test_compare_row_of_the_paper_core_is_not_like_for_like_and_says_why(tmp_path):
    x = {"lut": 95000, "ff": 20000, "bram": 0, "storage": "lut", "lutram": 2400, "lut_logic": 92600}
    d = _fake_report(tmp_path, PAPER_CORES[0], x)
    (row,) = C.rows(str(d), [PAPER_CORES[0]])
    assert not row["like_for_like"]
    cats = [s.split(":")[0] for s in row["differences"]]
    assert "storage" not in cats and "basis" not in cats  # stored and counted the paper's way
    assert cats.count("units") == len(c004.mix_differences(instances.get(PAPER_CORES[0]), "M5"))
    assert any(s.startswith("algorithm:") and "norm method" in s for s in row["differences"])
    assert row["ours"]["lut"] == 95000 and row["ours"]["bram"] == 0
    assert row["verdict"]["lut"] == "higher, not like for like (+33.8%)"
    assert any(n.startswith("LUT6 95,000 = 92,600 logic") for n in row["notes"])
    assert any(n.startswith("cycles ") and "(-1.0%)" in n for n in row["notes"])
    one = json.loads((CACHE / "s004-m5.json").read_text())["xilinx"]["lut"]
    (lut,) = [n for n in row["notes"] if n.startswith("LUT6 95,000 against 71,014 (+33.8%)")]
    assert f"24 multipliers × {one:,}" in lut and "the rest (" in lut and f"{95000 - 24 * one - 2400:,}" in lut
    # the same core measured with block RAM: the storage and the basis differences appear
    d2 = _fake_report(tmp_path / "b", PAPER_CORES[0], {"lut": 80000, "ff": 20000, "bram": 19})
    (row2,) = C.rows(str(d2), [PAPER_CORES[0]])
    cats2 = [s.split(":")[0] for s in row2["differences"]]
    assert "storage" in cats2 and "basis" in cats2


def test_existing_seed004_cores_are_beyond_rows():
    rows = C.rows(str(CACHE))
    for core in ("s004-alg10-m5x9", "s004-alg10-m4x9", "s004-alg9-m5x9"):
        r = next(r for r in rows if r["core"] == core)
        assert any(n.startswith("beyond the paper's architecture") for n in r.get("notes", []))
