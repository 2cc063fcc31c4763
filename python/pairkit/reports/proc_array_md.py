"""HARDWARE.md's rows for seed 002's future work: cycles per typea-512 pairing for each
ALU datapath (ISS, alu.py), and the array estimate (array.py) beside seed 002 Table 6."""

from __future__ import annotations

from pairkit import api
from pairkit.hw.proc.alu import AluModel
from pairkit.hw.proc.array import DEVICES, estimate, per_core
from pairkit.hw.proc.compile import compile_set, point_inputs, result
from pairkit.hw.proc.iss import Simulator
from pairkit.hw.proc.rtl.layout import PAPER_DEPTH

COMBOS = (
    ("barrett", "schoolbook", 0, "Barrett, schoolbook (Table 2)"),
    ("barrett", "karatsuba", 1, "Barrett, Karatsuba 1 level"),
    ("barrett", "karatsuba", 2, "Barrett, Karatsuba 2 levels"),
    ("montgomery", "schoolbook", 0, "Montgomery CIOS, schoolbook"),
    ("montgomery", "karatsuba", 1, "Montgomery SOS, Karatsuba 1 level"),
    ("montgomery", "karatsuba", 2, "Montgomery SOS, Karatsuba 2 levels"),
)
POINTS = ((16, 4, 2), (16, 4, 3), (16, 1, 2), (16, 2, 2), (16, 8, 2), (32, 4, 2), (8, 4, 2))
PAPER_CYCLES, PAPER_RATE, PAPER_CORES, PAPER_MHZ = 9_000_000, 9568.8, 216, 399
GOAL_CYCLES = 3_000_000


def datapath_cycles(set_id: str = "typea-512", seed: int = 1, points=POINTS) -> dict:
    """{(W, P, d): {(reduction, mult, levels): (MUL cycles, total cycles, bit-exact)}} from the ISS."""
    c = compile_set(set_id)
    (Pb,) = api.random_points(set_id, 1, seed=seed)
    (Qb,) = api.random_points(set_id, 1, seed=seed + 1, group=1 if set_id == "typea-512" else 2)
    want = api.split_gt(set_id, api.pair(set_id, Pb, Qb))
    ins = point_inputs(set_id, Pb, Qb)
    out: dict = {}
    for W, P, d in points:
        for red, m, lv, _ in COMBOS:
            alu = AluModel(c.program.p, W=W, P=P, d=d, reduction=red, mult_alg=m, levels=lv)
            r = Simulator(c.program, alu).run(ins)
            out.setdefault((W, P, d), {})[red, m, lv] = (alu.cycles_mul, r.total, result(set_id, r.outputs) == want)
    return out


def _goal(ours: float, goal: float, what: str, low_is_good: bool = True) -> str:
    if (ours <= goal) == low_is_good:
        return f"{what}: **met** ({ours:,.0f} against {goal:,.0f})"
    return (
        f"{what}: **missed** by {abs(ours - goal):,.0f} "
        f"({ours:,.0f} against {goal:,.0f}, {100 * (ours - goal) / goal:+.1f} %)"
    )


def _res(x: dict) -> dict:
    return {"lut": x["lut"], "ff": x["ff"], "dsp": x["dsp"], "bram": x.get("bram18", x.get("bram", 0))}


ARRAY_ROW = "Montgomery CIOS, P = 4, d = 2, per core of the built array"
#: the clock of the xc6vlx760 rows: ours, never the paper's 399 MHz (yosys gives no Virtex-6 timing)
OUR_CLOCK_V6 = "ours: one core's ECP5 Fmax, nextpnr-ecp5; device differs, no Virtex-6 timing"
PAPER_DEPTH_ROW = f"Barrett, schoolbook, P = 4, d = {PAPER_DEPTH} (the paper-depth core)"


def _fmax(r: dict) -> float | None:
    return (r.get("pnr") or {}).get("fmax_mhz")


def _array_rows(arrays: list[dict], mont: dict) -> list[tuple]:
    """Estimate rows from the synthesized ProcArray (reports/proc_array.py): per core = the largest measured
    array / its cores (the distributor's share and the shared ROMs included); cycles a pairing = the core's own
    (RTL = ISS, the host converting into and out of the Montgomery domain) + the distributor's uncontended
    overhead a job (copy, start, readout: measured in Verilator), during which the core takes no other job."""
    ours = [
        a for a in arrays if (a["set"], a["W"], a["P"], a["d"], a["reduction"]) == ("typea-512", 16, 4, 2, "montgomery")
    ]
    m2 = mont.get(2) or {}
    core_c = (m2.get("sim") or {}).get("rtl_cycles")
    ov = [a["sim"]["overhead_formula"] for a in ours if a.get("sim")]
    if not (core_c and ov):
        return []
    rows = []
    f2 = (m2.get("pnr") or {}).get("fmax_mhz")
    for dev, tool, mhz, clk in (
        ("xc6vlx760", "xc6v", f2, OUR_CLOCK_V6),
        ("lfe5u-85f", "ecp5", f2, "one core's, measured, nextpnr-ecp5"),
    ):
        pc = per_core(ours, tool)
        if pc and mhz:
            rows.append(
                (
                    dev,
                    ARRAY_ROW,
                    core_c + ov[0],
                    pc["per_core"],
                    f"measured: the {pc['cores']}-core array (yosys {tool}) / {pc['cores']}, rounded up, "
                    f"distributor and shared ROMs included; cycles {core_c:,} (RTL) + {ov[0]} of the distributor",
                    mhz,
                    clk,
                )
            )
    return rows


def estimates(measured: dict, cyc: dict, mont: dict | None = None, arrays: list[dict] | None = None) -> list[dict]:
    """The array estimates (array.py) for the xc6vlx760 and the LFE5U-85F: ``measured`` / ``mont`` are {d: the
    cached `pairkit proc report` result of typea-512 at W = 16, P = 4} of the Barrett / Montgomery core (xc6v,
    ecp5, pnr; the Montgomery rows assume the Barrett core's figures where its own are not cached), ``cyc``
    datapath_cycles(), ``arrays`` the cached measurements of the built array (reports/proc_array.py)."""
    mont = mont or {}
    base = cyc[16, 4, 2]
    rows = []
    x6 = (measured.get(2) or {}).get("xc6v") or {}
    m6 = (mont.get(2) or {}).get("xc6v") or {}
    fb, fm = _fmax(measured.get(2) or {}), _fmax(mont.get(2) or {})
    if "lut" in x6 and fb:
        res6 = _res(x6)
        rm6, basis6 = (_res(m6), "measured (yosys xc6v)") if "lut" in m6 else (res6, "the Barrett core's, assumed")
        rows += [
            (
                "xc6vlx760",
                "Barrett, schoolbook, P = 4, d = 2",
                base["barrett", "schoolbook", 0][1],
                res6,
                "measured (yosys xc6v)",
                fb,
                OUR_CLOCK_V6,
            ),
            (
                "xc6vlx760",
                "Montgomery CIOS, P = 4, d = 2",
                base["montgomery", "schoolbook", 0][1],
                rm6,
                basis6,
                fm or fb,
                OUR_CLOCK_V6 if fm else OUR_CLOCK_V6 + "; the Barrett core's, assumed",
            ),
            (
                "xc6vlx760",
                "Montgomery CIOS, P = 8, d = 2",
                cyc[16, 8, 2]["montgomery", "schoolbook", 0][1],
                dict(rm6, dsp=8),
                "the P = 4 core's with 8 DSP, assumed",
                fm or fb,
                OUR_CLOCK_V6 + "; the P = 4 core's, assumed",
            ),
        ]
    deep = measured.get(PAPER_DEPTH) or {}
    dc, dx6, de, df = (
        (deep.get("sim") or {}).get("rtl_cycles"),
        deep.get("xc6v") or {},
        deep.get("ecp5") or {},
        _fmax(deep),
    )
    if dc and df:  # the paper-depth core: its own cycles (RTL = ISS), resources and clock, all measured
        for dev, x, tool in (("xc6vlx760", dx6, "xc6v"), ("lfe5u-85f", de, "ecp5")):
            if "lut" in x:
                clk = OUR_CLOCK_V6 if dev == "xc6vlx760" else "measured, nextpnr-ecp5"
                rows.append((dev, PAPER_DEPTH_ROW, dc, _res(x), f"measured (yosys {tool})", df, clk))
    for d in (2, 3):
        m, mm = measured.get(d) or {}, mont.get(d) or {}
        e, f = m.get("ecp5") or {}, (m.get("pnr") or {}).get("fmax_mhz")
        me, mf = mm.get("ecp5") or {}, (mm.get("pnr") or {}).get("fmax_mhz")
        if "lut" in e and f and (16, 4, d) in cyc:
            rows.append(
                (
                    "lfe5u-85f",
                    f"Barrett, schoolbook, P = 4, d = {d}",
                    cyc[16, 4, d]["barrett", "schoolbook", 0][1],
                    _res(e),
                    "measured (yosys ecp5)",
                    f,
                    "measured, nextpnr-ecp5",
                )
            )
            rows.append(
                (
                    "lfe5u-85f",
                    f"Montgomery CIOS, P = 4, d = {d}",
                    cyc[16, 4, d]["montgomery", "schoolbook", 0][1],
                    _res(me) if "lut" in me else _res(e),
                    "measured (yosys ecp5)" if "lut" in me else "the Barrett core's, assumed",
                    mf or f,
                    "measured, nextpnr-ecp5" if mf else "the Barrett core's, assumed",
                )
            )
    rows += _array_rows(arrays or [], mont)
    out = []
    for dev, what, cycles, res, basis, mhz, clk in rows:
        x = estimate(DEVICES[dev], res, cycles, mhz)
        x.update(datapath=what, basis=basis, clock_basis=clk)
        out.append(x)
    return out


def section(
    measured: dict, cyc: dict | None = None, mont: dict | None = None, arrays: list[dict] | None = None
) -> list[str]:
    """The Markdown: the datapath table and the array estimate (``measured``, ``mont``, ``arrays`` as in
    ``estimates``)."""
    cyc = cyc or datapath_cycles()
    L = [
        "### Seed 002's future work: Montgomery and Karatsuba in the ALU (`pairkit proc run --reduction --mult`)",
        "",
        "Cycles per `typea-512` pairing in the ISS (seed 1) for each datapath of `hw/proc/alu.py` (docs/PROC.md "
        '"Montgomery and Karatsuba": the cycle formulas and their assumptions); every run bit-exact against the '
        "Rust engine after conversion out of the Montgomery domain. The Barrett / schoolbook and the Montgomery CIOS "
        "datapaths are in the RTL (the same cycles, instruction by instruction, in Verilator); the Karatsuba ones are "
        "the cycle model's.",
        "",
        "| W | P | d | " + " | ".join(c[3] for c in COMBOS) + " |",
        "|---|---|---|" + "---|" * len(COMBOS),
    ]
    for (W, P, d), row in cyc.items():
        cells = []
        for red, m, lv, _ in COMBOS:
            mul, tot, ok = row[red, m, lv]
            cells.append(f"{tot:,} ({mul:,}){'' if ok else ' NOT bit-exact'}")
        L.append(f"| {W} | {P} | {d} | " + " | ".join(cells) + " |")
    base = cyc[16, 4, 2]
    best_key = min(base, key=lambda k: base[k][1])
    best = base[best_key][1]
    L += [
        "",
        "(total cycles, the MUL's cycles in brackets.) "
        + _goal(
            best,
            GOAL_CYCLES,
            "Goal ≤ 3.0 M cycles (Montgomery + Karatsuba datapath) at W = 16, P = 4, d = 2, best datapath "
            f"({best_key[0]}, {best_key[1]})",
        )
        + ". Karatsuba loses at P = 4: a 16 × 16 sub-product still pays a pass "
        "overhead of P + d per pass of P limbs, and the two recombination passes cost more than the quarter of the "
        "partial products it saves; it wins only at P = 1 (and barely at W = 8). Montgomery CIOS needs one product "
        "pass fewer than Table 2's three (m_j is a P × P pass) and no shift or three-pass correction.",
        "",
    ]
    x6 = (measured.get(2) or {}).get("xc6v") or {}
    if "lut" not in x6:
        return L
    L += [
        "### Seed 002 Table 6 — the array estimate (`pairkit proc array`)",
        "",
        "Like the paper's (section 5.3): the device's resources divided by one core's, the smallest quotient "
        "binding; pairings/s = cores × clock / cycles. **Estimates**: no device-sized array is placed and routed; the "
        'rows "per core of the built array" take one core\'s resources from the synthesized multi-core array '
        "(below: the work distributor and the ROMs shared by two cores included) and its cycles from the RTL "
        "(the core's own, the host doing the Montgomery conversions, plus the distributor's copy and readout); "
        "the other rows count one core alone and the ISS's cycles, the host's conversions included. "
        "Devices: "
        + "; ".join(
            f"{d.name}: {d.lut:,} / {d.ff:,} / {d.dsp:,} / {d.bram:,} {d.kinds} ({d.source})" for d in DEVICES.values()
        )
        + ".",
        "",
        "| device | datapath (W = 16) | cycles | per core LUT / FF / DSP / BRAM | basis of the resources | cores | "
        "binding | clock (basis) | pairings/s |",
        "|---|---|---|---|---|---|---|---|---|",
        "| xc6vlx760 | seed 002 (Barrett, schoolbook), P = 4 | ≈ 9.0 M | 1,850 / 1,947 / 4 / 4 | Table 5 (ISE) | 216 "
        "| DSP | "
        "399 MHz (Table 6) | 9,568.8 (Table 6) |",
    ]
    est = {}
    for x in estimates(measured, cyc, mont, arrays):
        est[x["device"], x["datapath"]] = x
        res = x["per_core"]
        L.append(
            f"| {x['device']} | {x['datapath']} | {x['cycles']:,} | {res['lut']:,} / {res['ff']:,} / {res['dsp']} / "
            f"{res['bram']} | {x['basis']} | {x['cores']} | {x['binding'].upper()} | {x['mhz']} MHz "
            f"({x['clock_basis']}) | "
            f"{x['per_s']:,.1f} |"
        )
    # the goal is judged on the built array's per-core cost where it is measured, else on one core's; always at our
    # own measured clock (an ECP5's: the device differs), never at the paper's 399 MHz
    mont_x = est.get(("xc6vlx760", ARRAY_ROW)) or est.get(("xc6vlx760", "Montgomery CIOS, P = 4, d = 2"))
    if mont_x is None:  # no measured clock: no pairings/s
        return L + ["", "No xc6vlx760 estimate: no core has a measured clock (`pairkit proc report --pnr`).", ""]
    res6 = mont_x["per_core"]
    mc = mont_x["cycles"]
    lut_room = DEVICES["xc6vlx760"].lut // mont_x["cores"]
    deep_x = est.get(("xc6vlx760", PAPER_DEPTH_ROW))
    L += [
        "",
        _goal(
            mont_x["per_s"],
            PAPER_RATE,
            "Goal ≥ 9,568.8 pairings/s with the improved datapath on an xc6vlx760 "
            f"budget ({mont_x['datapath']}: {mont_x['basis']}; at our own clock, {mont_x['mhz']} MHz)",
            low_is_good=False,
        )
        + f"; the same count holds while a core needs at most {lut_room:,} LUT6 (the DSPs bind: "
        f"{mont_x['fits']['lut']} "
        f"cores by LUT at {res6['lut']:,}). The clock is ours, an ECP5's (nextpnr-ecp5, LFE5U-85F): yosys gives no "
        "Virtex-6 timing, so the device differs; the paper's 9,568.8 rests on its 399 MHz (Table 6). Nor is the "
        f"cycle count ({base['montgomery', 'schoolbook', 0][1]:,} against ≈ 9.0 M) like for like: another program "
        "and another pipeline than the paper's (docs/PROC.md)"
        + (
            f". The paper-depth core (d = {PAPER_DEPTH}, Barrett as Table 2) at its own {deep_x['mhz']} MHz: "
            f"{deep_x['cores']} cores × {deep_x['mhz']} MHz / {deep_x['cycles']:,} = {deep_x['per_s']:,.1f} "
            f"pairings/s ({deep_x['per_s'] / PAPER_RATE:.2f}× the paper's)"
            if deep_x
            else ""
        )
        + ". More PPGs do not pay "
        "on a DSP-bound device: P = 8 halves the cores for "
        f"{base['montgomery', 'schoolbook', 0][1] / cyc[16, 8, 2]['montgomery', 'schoolbook', 0][1]:.2f}× "
        "fewer cycles. The LFE5U-85F binds on its block RAM: "
        "yosys puts the program and constant ROMs into DP16KD there (6 a core at d ≤ 3, 5 at d ≥ 4 where the program "
        "ROM is in LUTs; 4 on xc6v, where both go to LUTs); with "
        f"the ROMs in LUTs the DSPs would bind at {DEVICES['lfe5u-85f'].dsp // 4} cores.",
        "",
    ]
    L += [
        "Goals beyond the paper (its future work: the datapath and the array):",
        "",
        "| goal | paper | ours | status |",
        "|---|---|---|---|",
        f"| cycles per typea-512 pairing, Montgomery + Karatsuba datapath, ≤ 3.0 M | — | {best:,} ({best_key[0]}, "
        f"{best_key[1]}; W = 16, P = 4, d = 2, ISS) | "
        + (
            "met"
            if best <= GOAL_CYCLES
            else f"missed by {best - GOAL_CYCLES:,} (+{100 * (best - GOAL_CYCLES) / GOAL_CYCLES:.1f} %)"
        )
        + " |",
        "| array, xc6vlx760 budget, improved datapath, ≥ 9,568.8 pairings/s | 216 cores, 9,568.8 (Table 6, estimate) "
        "| "
        f"{mont_x['cores']} cores × {mont_x['mhz']} MHz / {mc:,} = {mont_x['per_s']:,.1f} (estimate; our ECP5 clock, "
        f"resources {mont_x['basis']}) | "
        + ("met" if mont_x["per_s"] >= PAPER_RATE else "missed")
        + f" ({mont_x['per_s'] / PAPER_RATE:.2f}×) at our clock, not like for like (device differs, another program, "
        "another pipeline) |",
    ]
    for x in est.values():
        if x["device"] == "lfe5u-85f":
            L.append(
                f"| array, LFE5U-85F: {x['datapath']} | — | {x['cores']} cores ({x['binding'].upper()}-bound) × "
                f"{x['mhz']} MHz / {x['cycles']:,} = {x['per_s']:,.1f} (estimate) | figure given |"
            )
    L.append("")
    return L
