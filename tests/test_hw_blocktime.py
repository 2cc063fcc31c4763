"""Per-block timing (pairkit.hw.core.blocktime) and what `hw core compare` makes of it. No place and route here
but the one toy block of the slow hw test: the split, the wrapper, the summary and the compare fields are
checked on a toy core and on a fake timing file."""

import json
import re
import shutil
from pathlib import Path

import pytest

from pairkit.hw.core import blocktime as B
from pairkit.hw.core.errors import CoreError
from pairkit.hw.errors import HwToolError
from pairkit.reports import hw_compare as C
from pairkit.reports import hw_compare_md as M

CACHE = Path(__file__).resolve().parents[1] / "hw-report-cache"
TOY = "toy-ss2-13-eta2"


@pytest.fixture(scope="module")
def toy():
    return B.core_blocks(TOY)


def test_the_toy_core_splits_into_its_distinct_blocks(toy):
    c, blocks, mods = toy
    assert c.mc.info["pipeline"] == {"operand_regs": True, "mux_regs": True, "output_regs": True, "stages": 3}
    labels = [b.label for b in blocks]
    kinds = sorted(c.mc.units)
    assert labels[: len(kinds)] == [f"unit {op} ({c.mc.units[op][0]})" for op in kinds]
    assert sum(x.startswith("operand multiplexers ") for x in labels) == len(kinds)
    assert labels[-3:] == ["register file and write multiplexers", "controller and micro-code ROM", "host read port"]
    for b in blocks:  # every block is a module of the hierarchical design, counted per instance
        assert b.module in mods
        assert b.count == (c.mc.units[b.module[4:-1]][1] if b.label.startswith("unit ") else b.count)
    # the operand multiplexers timed are those of the instance with the most sources on one port
    from pairkit.hw.core.rtl import Layout

    op_src = Layout(c.mc).op_src
    for b in blocks:
        if b.label.startswith("operand multiplexers "):
            op = b.module[4:].split("_")[0].rstrip("0123456789")
            widest = max(len(s) for (o, _, _), s in op_src.items() if o == op)
            assert f"({widest})" in b.note


def test_a_block_text_holds_its_submodules_only(toy):
    _, _, mods = toy
    text = B.block_text(mods, "top.mul0")
    names = set(re.findall(r"^module \\(\S+)$", text, re.M))
    assert "top.mul0" in names and all(n == "top.mul0" or n.startswith("top.mul0.") for n in names)
    assert "top.mul0_operands" not in names
    with pytest.raises(HwToolError, match="no module top.nothing"):
        B.block_text(mods, "top.nothing")
    assert B.block_key(text) == B.block_key(str(text)) != B.block_key(text + " ")


def test_the_wrapper_registers_every_port_but_the_clock(toy):
    _, _, mods = toy
    ps = B.ports(mods["top.register_file"])
    assert any(p.name == "\\clk" for p in ps) and any(p.direction == "output" for p in ps)
    w = B.wrap_rtlil("top.register_file", ps)
    dffs = re.findall(r"cell \$dff \$r(\d+)\n    parameter \\WIDTH (\d+)", w)
    assert len(dffs) == len(ps) - 1  # all but clk
    assert {int(k): int(n) for k, n in dffs} == {k: p.width for k, p in enumerate(ps) if p.name != "\\clk"}
    assert "connect \\clk \\clk" in w and w.count("cell \\top.register_file \\u") == 1
    # the host read port (registered since gen's readable Verilog): every port but its clock registered too
    hr = B.ports(mods["top.host_read"])
    assert any(p.name == "\\clk" for p in hr)
    assert len(re.findall(r"cell \$dff", B.wrap_rtlil("top.host_read", hr))) == len(hr) - 1


def test_rtlil_parsing_refuses_what_it_cannot_wrap():
    with pytest.raises(HwToolError, match="has no end"):
        B.modules("module \\a\n  wire input 1 \\x\n")
    with pytest.raises(HwToolError, match="inout"):
        B.ports("module \\a\n  wire width 3 inout 1 \\x\nend\n")
    assert B.ports("module \\a\n  wire output 2 \\y\n  wire width 4 input 1 \\x$3\nend\n") == [
        B.Port("\\x$3", "input", 4),
        B.Port("\\y", "output", 1),
    ]


def test_a_heterogeneous_mix_is_refused(toy):
    c, _, _ = toy

    class Fake:
        variants = {"mul": ()}

    with pytest.raises(CoreError, match="heterogeneous"):
        B.split(Fake(), None)
    assert c.mc.variants == {}


def test_the_core_figure_is_the_slowest_block_or_none():
    ok = [{"label": "a", "fmax_mhz": 120.0}, {"label": "b", "fmax_mhz": 80.5}, {"label": "c", "fmax_mhz": 99.0}]
    assert B.summarize(ok) == {"fmax_mhz": 80.5, "critical": "b", "status": "ok"}
    bad = ok + [{"label": "d", "status": "not converged after 600 s"}, {"label": "e", "status": "not run"}]
    s = B.summarize(bad)
    assert s["fmax_mhz"] is None and s["critical"] is None
    assert s["status"] == "d: not converged after 600 s; 1 of 5 blocks not run"


def test_boundaries_name_what_is_real_and_what_is_assumed(toy):
    c, _, _ = toy
    b = B.boundaries(c.mc)
    assert "real: operand multiplexers -> unit inputs (operand registers)" in b
    assert any(x.startswith("real: unit outputs") for x in b)
    assert any(x.startswith("assumed: host ports") for x in b)

    class Plain:
        info = {"pipeline": None}
        n_buses = 2

    p = B.boundaries(Plain())
    assert "assumed: operand multiplexers -> unit inputs (operand registers)" in p
    assert any(x.startswith("assumed: read buses") for x in p)


# ------------------------------------------------------------------------------ compare with a fake timing file

CORE = "s004-alg10-m5x9"


def _fake(tmp_path, fmax=100.0, base=None, blocks_ok=True) -> Path:
    d = tmp_path / "cache"
    for sub in ("cores", "proc"):
        (d / sub).mkdir(parents=True)
        for f in (CACHE / sub).glob("*.json"):
            shutil.copy(f, d / sub)
    r = json.loads((d / "cores" / f"{CORE}.json").read_text())
    blocks = [
        {"label": "unit mul (gf2_mul_chunked)", "count": 9, "lut": 5000, "ff": 900, "fmax_mhz": fmax},
        {"label": "controller and micro-code ROM", "count": 1, "lut": 300, "ff": 200, "fmax_mhz": fmax + 50},
    ]
    if not blocks_ok:
        blocks[0] = {"label": blocks[0]["label"], "count": 9, "status": "not converged after 1200 s"}
    entry = {
        "core": CORE,
        "target_mhz": 150.0,
        "base_cycles": r["cycles"] if base is None else base,
        "pipeline": {"operand_regs": True, "mux_regs": True, "output_regs": True, "stages": 3},
        "cycles": 40000,
        "miller_cycles": 38000,
        "device": B.DEVICE,
        "method": B.METHOD,
        "omits": B.OMITS,
        "boundaries": ["real: x", "assumed: host ports (...)"],
        "tool": '"nextpnr-ecp5" -- Next Generation Place and Route (Version nextpnr-0.11.1-native)',
        "blocks": blocks,
        **B.summarize(blocks),
    }
    (d / "cores" / B.CACHE_FILE).write_text(json.dumps({"blocks": {}, "cores": {CORE: entry}}))
    return d


def test_compare_fills_the_clock_latency_and_area_time_from_the_blocks(tmp_path):
    r = C.rows(str(_fake(tmp_path, fmax=100.0)), [CORE])[0]
    o = r["ours"]
    assert o["mhz"] == 100.0
    assert o["mhz_source"] == "per-block P&R, boundaries registered, LFE5U-85F, nextpnr-ecp5 nextpnr-0.11.1-native"
    assert o["latency_cycles"] == 40000 and o["latency_us"] == 400.0  # the timed core's cycles / Fmax
    assert o["area_latency"] == round(o["lut"] * 400.0)
    assert [b["fmax_mhz"] for b in o["per_block"]] == [100.0, 150.0]
    t = [d for d in r["differences"] if d.startswith("timing: ")]
    assert len(t) == 1 and "not a whole-core place and route" in t[0] and "device differs" in t[0]
    assert "40,000 cycles" in t[0] and "unit mul (gf2_mul_chunked)" in t[0]
    assert not any(d.startswith("clock: ") for d in r["differences"])
    assert r["paper"]["area_latency"] == round(r["paper"]["lut"] * r["paper"]["latency_us"])
    v = r["verdict"]["latency"]
    pct = (400.0 - 190) / 190
    assert v in (f"missed ({pct:+.1%}; {C.TIMING_VERDICT})", f"higher, not like for like ({pct:+.1%})")
    assert v.startswith("missed") == C.Row(
        CORE, "004", r["paper"], o, [C.Difference(*d.split(": ", 1)) for d in r["differences"]]
    ).comparable("cycles")
    md = "\n".join(M.render_markdown(C.rows(str(_fake(tmp_path / "b", fmax=100.0)))))
    assert f"`{CORE}`: 100 MHz (per-block P&R" in md and "| 100 (critical) |" in md
    assert not M.cells_over(md.splitlines())


def test_a_block_without_a_figure_or_a_stale_timing_gives_no_clock(tmp_path):
    r = C.rows(str(_fake(tmp_path, blocks_ok=False)), [CORE])[0]
    assert r["ours"]["mhz"] is None and r["ours"]["latency_us"] is None and "area_latency" not in r["ours"]
    why = "clock: no measured clock, so no latency: per-block timing: unit mul (gf2_mul_chunked): not converged"
    assert any(d.startswith(why) for d in r["differences"])
    assert r["verdict"]["latency"] == "not measured"
    md = "\n".join(M.render_markdown(C.rows(str(_fake(tmp_path / "b", blocks_ok=False)))))
    assert f"`{CORE}`: no clock: unit mul (gf2_mul_chunked): not converged after 1200 s" in md
    s = C.rows(str(_fake(tmp_path / "c", base=1)), [CORE])[0]
    assert s["ours"]["mhz"] is None and any("stale: timed for a core of 1 cycles" in d for d in s["differences"])


@pytest.mark.slow
@pytest.mark.hw
def test_one_toy_block_is_placed_and_routed(toy):
    """One real run: the toy's adder, wrapped, through synth_ecp5 and nextpnr-ecp5 (seconds)."""
    _, _, mods = toy
    text = B.block_text(mods, "top.add0")
    r = B.time_block(text, "top.add0", timeout=600)
    assert r["fmax_mhz"] > 0 and r["lut"] > 0
    assert r["ff"] >= sum(p.width for p in B.ports(mods["top.add0"]) if p.name != "\\clk")
    assert "nextpnr" in r["tool"]


def test_run_times_each_distinct_block_once_and_retries_only_when_asked(toy, tmp_path, monkeypatch):
    """blocktime.run with the P&R replaced: every block of the core once (the smallest first), the cache file
    written, a cached block not run again, a cached failure run again only with ``retry``."""
    calls = []

    def fake(text, module, timeout, router="router2", freq=B.PNR_FREQ):
        calls.append(module)
        if module == "top.controller" and calls.count(module) == 1:
            return {"lut": 1, "ff": 1, "bram": 1, "status": f"not converged after {timeout:g} s"}
        return {"lut": len(text) // 100, "ff": 1, "bram": 0, "fmax_mhz": 100.0 + len(calls), "tool": "nextpnr x"}

    monkeypatch.setattr(B, "time_block", fake)
    monkeypatch.setattr(B, "core_blocks", lambda name, target_mhz=B.TARGET_MHZ: toy)
    path = str(tmp_path / B.CACHE_FILE)
    doc = B.run([TOY], path, timeout=5)
    c, blocks, mods = toy
    keys = {B.block_key(B.block_text(mods, b.module)) for b in blocks}
    assert len(calls) == len(keys) and set(doc["blocks"]) == keys
    sizes = [len(B.block_text(mods, m)) for m in calls]
    assert sizes == sorted(sizes)
    e = B.load(path)["cores"][TOY]
    assert e["fmax_mhz"] is None and e["status"] == "controller and micro-code ROM: not converged after 5 s"
    assert e["base_cycles"] == B.flow.compile_core(TOY).mc.cycles() and e["cycles"] == c.mc.cycles()
    assert [b["label"] for b in e["blocks"]] == [b.label for b in blocks]
    B.run([TOY], path, timeout=5)
    assert len(calls) == len(keys)  # all cached: nothing run
    B.run([TOY], path, timeout=5, retry=True)
    assert calls[len(keys) :] == ["top.controller"]
    e = B.load(path)["cores"][TOY]
    first = [b.label for b in blocks if b.module == calls[0]][0]  # the smallest block, run first: 101 MHz
    assert e["fmax_mhz"] == 101.0 and e["critical"] == first
