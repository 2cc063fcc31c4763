"""``pairkit hw report``: measure the report entries and regenerate HARDWARE.md and units.json.

Each entry (a unit configuration next to a seed's table row) is measured once and cached as
``<reports_dir>/<entry id>.json``: a simulation against the spec (Verilator for m > 64), Yosys
synth_xilinx (LUT6, FF), synth_ecp5 (LUT4, FF), nextpnr-ecp5 on the LFE5U-85F (Fmax) and the logic
depth. A tool run longer than ``timeout`` marks that step "not run" with the command that runs it.
``--units`` selects entries (by id, id prefix or unit name); ``--force`` re-measures.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass, field

from pairkit.hw.errors import HwToolError
from pairkit.reports import hw_papers as papers

NOT_RUN = "not run"
REPORTS_DIR = os.path.join("hw-report-cache")  # the per-entry JSON cache, relative to the working directory
DOES_NOT_FIT = "does not fit"  # more LUT4 than the LFE5U-85F has: no place and route


@dataclass
class Entry:
    id: str
    group: str  # seed000 | seed004 | seed003 | seed001
    unit: str
    params: dict
    label: str
    paper: dict = field(default_factory=dict)  # lut, ff, cycles, period_ns / mhz, note; unlike: why not like-for-like
    basis: str = "lut6"  # lut4: compare with ECP5 LUT4; lut6: with synth_xilinx LUT6
    flow: str = "best"  # synthesis flows: best (default and area-oriented ABC, the smaller) | area
    router: str = "router1"  # nextpnr-ecp5 router: router1 (default) | router2


def _entries() -> list[Entry]:
    E = []
    for m in (239, 283):
        for scheme in (1, 2):
            for D in (4, 8, 16):
                ff, lut, _sl, per, lat = papers.SEED000_T2[(m, scheme, D)]
                E.append(
                    Entry(
                        f"s000-ca-m{m}-s{scheme}-d{D}",
                        "seed000",
                        "f4_mul_ca",
                        {"field": f"ss2-{m}", "D": D, "scheme": scheme},
                        f"C·A scheme {scheme}, m = {m}, D = {D}",
                        {"lut": lut, "ff": ff, "cycles": round(lat / per), "period_ns": per, "latency_ns": lat},
                        "lut4",
                        "area",
                    )
                )
    f = {"field": "ss2-283"}
    E += [
        Entry("s004-m0", "seed004", "gf2_mul_bitserial", dict(f), "M0 bit-serial", _p4("M0")),
        Entry("s004-m1", "seed004", "gf2_mul_m1", {**f, "D": 10}, "M1 (10-bit batching)", _p4("M1")),
        Entry("s004-m2", "seed004", "gf2_mul_chunked", {**f, "W": 32, "K": 1}, "M2 (32-bit digit-serial)", _p4("M2")),
        Entry("s004-m3", "seed004", "gf2_mul_chunked", {**f, "W": 32, "K": 3}, "M3/M4 (3 chunks)", _p4("M3/M4")),
        Entry("s004-m5", "seed004", "gf2_mul_chunked", {**f, "W": 32, "K": 4}, "M5 (4 chunks)", _p4("M5")),
        Entry("s004-m5-msd6", "seed004", "gf2_mul_msd", {**f, "D": 6}, "MSD D = 6 (at <= M5's cycles)", _p4("M5")),
        Entry("s004-sqr", "seed004", "gf2_sqr", dict(f), "squarer", {**_p4("squarer"), "unlike": _COMB}),
        Entry(
            "s004-red",
            "seed004",
            "gf2_reduce",
            {**f, "W": 32},
            "reduction (314 -> 283 bits)",
            {**_p4("reduction"), "unlike": _COMB},
        ),
        Entry(
            "s004-inv",
            "seed004",
            "gf2_inv",
            {**f, "D": 8, "q": 4},
            "Itoh-Tsujii inverter (D = 8, q = 4)",
            {
                **_p4("inverter"),
                "unlike": "the paper gives no cycle count (section 4.1: one multiplier and one squarer "
                "reused by a 5-state FSM, 283 squarings and 12 multiplications); ours an "
                "MSD D = 8 multiplier and 4 squarers in series",
            },
        ),
        Entry(
            "s004-f4-9",
            "seed004",
            "f4_mul_karatsuba",
            {**f, "D": 6, "multipliers": 9},
            "F_{2^4m} Karatsuba, 9 multipliers D = 6",
            {
                **_p4("F4 multiplier"),
                "unlike": "the paper gives no cycle count (section 3.2, Table 3); its nine "
                "multipliers are M5 (Table 3: 7,776 FF = 9 × M5's 864), ours MSD D = 6",
            },
        ),
        Entry(
            "s004-f4-1",
            "seed004",
            "f4_mul_karatsuba",
            {**f, "D": 16, "multipliers": 1},
            "F_{2^4m} Karatsuba, 1 multiplier D = 16",
            {
                **_p4("F4 multiplier"),
                "unlike": "the paper's unit has 9 multipliers (Table 3: 7,776 FF = 9 × M5's 864), "
                "ours 1; section 3.2's one-multiplier variant has no published figure",
            },
        ),
    ]
    g = {"field": "ss2-1223"}
    E += [
        Entry(
            "s003-tmvp2",
            "seed003",
            "gf2_mul_tmvp",
            {**g, "outer": "2,2", "inner": "3,3,2"},
            "two-way TMVP (306-bit core)",
            _p3("two-way TMVP (A.1)"),
            flow="area",
        ),
        Entry(
            "s003-tmvp3",
            "seed003",
            "gf2_mul_tmvp",
            {**g, "outer": "3", "inner": "3,3,3,2"},
            "three-way TMVP (408-bit core)",
            _p3("three-way TMVP (3.2)"),
            flow="area",
        ),
        Entry(
            "s003-dmoci",
            "seed003",
            "gf2_dmoci",
            {**g, "outer": "2,2", "inner": "3,3,2"},
            "DMOCI (two-way)",
            {"lut": papers.SEED003_DMOCI_LUT, "cycles": 9},
            flow="area",
        ),
        Entry(
            "s003-core",
            "seed003",
            "tmvp_core",
            {"n": 306, "inner": "3,3,2"},
            "parallel TMVP core alone (306 -> 102 -> 34 -> 17)",
            {},
            flow="area",
        ),
        *(
            Entry(
                f"s003-core-{n}",
                "seed003",
                "tmvp_core",
                {"n": n, "inner": inner},
                f"parallel TMVP core of size {n} (the 306-bit core's lower levels)",
                {},
                flow="area",
            )
            for n, inner in ((17, ""), (34, "2"), (102, "3,2"))
        ),
        Entry("s003-sqr", "seed003", "gf2_sqr", dict(g), "squarer", {"xor": 738, "xor_depth": 2}),
        Entry("s003-sqrt", "seed003", "gf2_sqrt", dict(g), "square root", {"xor": 611, "xor_depth": 1}),
        Entry(
            "s003-inv",
            "seed003",
            "gf2_inv",
            {**g, "D": 8, "q": 2, "chain": "alg4"},
            "Itoh-Tsujii, Alg. 4 chain (D = 8, 2 squarers)",
            {},
        ),
    ]
    h = {"field": "ss3-97"}
    E += [
        Entry("s001-add", "seed001", "gf3_add", dict(h), "adder ±A±B", _p1("add"), "lut4"),
        Entry("s001-mul", "seed001", "gf3_mul", {**h, "D": 4}, "multiplier D = 4", _p1("mul"), "lut4"),
        Entry("s001-cube", "seed001", "gf3_cube", dict(h), "cube", _p1("cube"), "lut4"),
        Entry("s001-cbrt", "seed001", "gf3_cbrt", dict(h), "cube root", _p1("cbrt"), "lut4"),
    ]
    # the binary representatives of units-ss2-283.json (add, mul, sqr, sqrt)
    E += [
        Entry("bin-add", "binary", "gf2_add", dict(f), "adder", {}),
        Entry("bin-mul", "binary", "gf2_mul_msd", {**f, "D": 16}, "MSD multiplier D = 16 (structure 1)", {}),
        Entry("bin-sqrt", "binary", "gf2_sqrt", {**f, "method": "matrix"}, "square root (dense, pentanomial)", {}),
    ]
    return E


#: why a seed 004 row is not a like-for-like comparison (HARDWARE.md says so instead of "met")
_COMB = "ours registers operand and result, the paper's unit is combinational (Table 3: 0 FF)"


def _p4(k):
    lut, ff, cyc = papers.SEED004[k]
    d = {"lut": lut, "ff": ff}
    if cyc:
        d["cycles"] = cyc
    if k in papers.SEED004_LI:
        d["li_lut"], d["li_ff"] = papers.SEED004_LI[k]
    return d


def _p3(k):
    cyc, lut, mhz, lat, at = papers.SEED003_T2[k]
    return {"lut": lut, "cycles": cyc, "mhz": mhz, "latency_ns": lat, "at_lut_ms": at}


def _p1(k):
    a, lat = papers.SEED001_T2[k]
    return {"area_lut_eq": a, "latency": lat}


ENTRIES = _entries()

# units.json representatives (documented in docs/HW.md)
UNITS_TER = {"add": "s001-add", "mul": "s001-mul", "cube": "s001-cube", "cbrt": "s001-cbrt"}
UNITS_BIN = {"add": "bin-add", "mul": "bin-mul", "sqr": "s004-sqr", "sqrt": "bin-sqrt"}


def select(keys) -> list[Entry]:
    if not keys:
        return list(ENTRIES)
    out = []
    for k in keys:
        for part in str(k).split(","):
            part = part.strip()
            if not part:
                from pairkit.hw.errors import HwParamError

                raise HwParamError("units", f"an empty report entry in {str(k)!r} (pairkit hw report --list)")
            hit = [e for e in ENTRIES if e.id == part or e.unit == part or e.id.startswith(part)]
            if not hit:
                from pairkit.hw.errors import HwParamError

                raise HwParamError("units", f"no report entry matches {part!r} (pairkit hw report --list)")
            out += [e for e in hit if e not in out]
    return out


def _step(res: dict, key: str, fn, timeout):
    t = time.time()
    try:
        res[key] = fn()
    except HwToolError as e:
        msg = str(e)
        res[key] = {
            "status": NOT_RUN if "timed out" in msg else "failed",
            "reason": msg[:400],
            "seconds": round(time.time() - t, 1),
        }


def measure_unit(
    u,
    workdir: str | None = None,
    pnr: bool = True,
    timeout: float | None = None,
    vectors: int = 8,
    res: dict | None = None,
    save=None,
    flow: str = "best",
    router: str = "router1",
) -> dict:
    """Simulate against the spec, synthesize for both targets, place and route. ``res`` carries
    results of an interrupted run (steps already present are skipped)."""
    import tempfile

    from pairkit.hw.flow import synth

    res = res if res is not None else {}
    res.update(
        {
            "unit": u.unit_name,
            "params": u.params,
            "cycles": u.cycles,
            "compute_cycles": u.compute_cycles,
            "metrics": u.metrics(),
        }
    )
    wd = workdir or tempfile.mkdtemp(prefix="pairkit-hw-")
    save = save or (lambda: None)
    if "verify" not in res:
        from pairkit.hw.flow.sim import check, random_vectors, run_amaranth

        vs = random_vectors(u, vectors, 11)
        t = time.time()
        try:
            if u.field.m > 64:
                from pairkit.hw.flow.verilator import run_verilator

                rs, backend = run_verilator(u, vs), "verilator"
            else:
                rs, backend = run_amaranth(u, vs), "amaranth"
            errs = check(u, vs, rs)
            res["verify"] = {
                "backend": backend,
                "vectors": vectors,
                "ok": not errs,
                "errors": errs[:3],
                "seconds": round(time.time() - t, 1),
            }
        except HwToolError as e:
            res["verify"] = {"status": "failed", "reason": str(e)[:400]}
        save()
    if "xilinx" not in res or res["xilinx"].get("status"):
        _step(res, "xilinx", lambda: synth.synth_xilinx(u, wd, timeout, flow), timeout)
        save()
    if "ecp5" not in res or res["ecp5"].get("status"):
        _step(res, "ecp5", lambda: synth.synth_ecp5(u, wd, timeout, flow), timeout)
        save()
    if pnr and ("pnr" not in res or res["pnr"].get("status")):
        lut = res["ecp5"].get("lut")
        if lut is None:
            res["pnr"] = {"status": NOT_RUN, "reason": "no ECP5 netlist"}
        elif lut > synth.ECP5_85F_LUTS:
            res["pnr"] = {
                "status": DOES_NOT_FIT,
                "lut4": lut,
                "reason": f"{lut:,} LUT4 > the {synth.ECP5_85F_LUTS:,} LUT4 of an LFE5U-85F",
            }
        else:
            if not os.path.exists(os.path.join(wd, "top_ecp5.json")):
                _step(res, "ecp5", lambda: synth.synth_ecp5(u, wd, timeout, flow), timeout)
            _step(res, "pnr", lambda: synth.pnr_ecp5(wd, timeout, router=router), timeout)
        save()
    return res


def complete(res: dict, pnr: bool = True) -> bool:
    """Every step of a cached entry has a result; place and route counts as done when it ran or the unit
    does not fit the device (a step that timed out is retried by a run with a longer ``timeout``)."""
    return all(k in res and not res[k].get("status") for k in ("verify", "xilinx", "ecp5")) and (
        not pnr or ("pnr" in res and res["pnr"].get("status") in (None, DOES_NOT_FIT))
    )


def load_results(reports_dir: str) -> dict:
    out = {}
    for e in ENTRIES:
        p = os.path.join(reports_dir, f"{e.id}.json")
        if os.path.exists(p):
            with open(p) as fh:
                out[e.id] = json.load(fh)
    return out


def area_lut_eq(res: dict) -> int | None:
    """Seed 001's area unit: LUT4 + 4/3 LUT per flip-flop (ECP5 figures)."""
    ec = res.get("ecp5", {})
    if "lut" not in ec:
        return None
    return int(ec["lut"] + -(-4 * ec["ff"] // 3))


def write_units_json(results: dict, reports_dir: str) -> None:
    """hw-report-cache/units.json, read by pairkit.dse ('measured' cost model): GF(3^97) units flat at the
    top level; the binary (ss2-283) representatives under '_binary' and in units-ss2-283.json.
    area_lut = ECP5 LUT4 + 4/3 x FF (seed 001's LUT-equivalent, I/O registers included);
    latency = our start->done cycles + 1 (seed 001's store cycle); no unit is pipelined."""

    def row(eid):
        r = results.get(eid)
        if not r or area_lut_eq(r) is None:
            return None
        return {
            "area_lut": area_lut_eq(r),
            "latency": r["cycles"] + 1,
            "pipelined": False,
            "_config": f"{r['unit']} {r['params']}",
        }

    ter = {k: row(v) for k, v in UNITS_TER.items()}
    binr = {k: row(v) for k, v in UNITS_BIN.items()}
    doc = {
        "_comment": "written by pairkit hw report; area_lut = ECP5 LUT4 + 4/3 FF, latency = cycles + 1 store",
        "_p": 3,
        "_m": 97,
        "_field": "ss3-97",
    }
    doc.update({k: v for k, v in ter.items() if v})
    doc["_binary"] = {"ss2-283": {"_p": 2, "_m": 283, **{k: v for k, v in binr.items() if v}}}
    with open(os.path.join(reports_dir, "units.json"), "w") as fh:
        json.dump(doc, fh, indent=1)
    b = {"_comment": doc["_comment"], "_p": 2, "_m": 283, "_field": "ss2-283", **{k: v for k, v in binr.items() if v}}
    with open(os.path.join(reports_dir, "units-ss2-283.json"), "w") as fh:
        json.dump(b, fh, indent=1)
