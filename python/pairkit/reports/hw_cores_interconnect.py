"""HARDWARE.md's prose on the cores' LUT and interconnect: where a seed 003 core's LUT6 go,
the ``-mux`` bindings', the ``-busB`` read buses', the ``-bankK`` write banks' and the ``-rbankK`` read
banks' multiplexer inputs, cycles and LUT6, every figure from the cores' cached reports (hw_cores.py renders
the section)."""

from __future__ import annotations

import re


def _num(x) -> str:
    return "—" if x is None else f"{x:,}" if isinstance(x, int) else str(x)


def lut6_of(r: dict) -> tuple:
    """(LUT6, FF, how) of a seed 003 core: a flat ``synth_xilinx`` if there is one, else the sum of its
    separately synthesized blocks (blocksynth.py), else (None, None, why not)."""
    x, b = r.get("xilinx") or {}, r.get("blocks") or {}
    if x.get("lut"):
        return x["lut"], x.get("ff"), "flat `synth_xilinx`"
    alone = [op for op, u in sorted((b.get("units") or {}).items()) if u.get("how")]
    alone_s = f"; {', '.join(alone)} {b['units'][alone[0]]['how']}" if alone else ""
    if b.get("lut"):
        return (
            b["lut"],
            b.get("ff"),
            (
                f"sum of separately synthesized blocks, `synth_xilinx -family {b['family']}`, "
                f"no optimisation across blocks{alone_s}"
            ),
        )
    done = [
        f"{op} {u['lut']:,}"
        + (f" × {u['count']}" if u["count"] > 1 else "")
        + (" (standalone)" if u.get("how") else "")
        for op, u in sorted((b.get("units") or {}).items())
        if "lut" in u
    ]
    done += [f"{part} {g['lut']:,}" for part, g in (b.get("glue") or {}).items()]
    if done:
        why = f": {b['glue_reason']}" if b.get("glue_reason") else ""
        return None, None, "blocks synthesized so far (LUT6): " + ", ".join(done) + f"; the rest not yet{why}"
    return None, None, b.get("reason") or "not synthesized"


def _span(xs: list) -> str:
    return "" if not xs else f"{min(xs)}" if min(xs) == max(xs) else f"{min(xs)}-{max(xs)}"


def where_16(r: dict, missed: bool) -> str:
    """Where a seed 003 core's LUT6 go (its blocks' shares), and the cause when the goal is missed."""
    b = r.get("blocks") or {}
    if not b.get("lut"):
        return ""
    parts = {
        **{
            f"{op} × {u['count']}" if u["count"] > 1 else op: u["lut"] * u["count"]
            for op, u in (b.get("units") or {}).items()
        },
        **{p: g["lut"] for p, g in (b.get("glue") or {}).items()},
    }
    top = sorted(parts.items(), key=lambda kv: -kv[1])[:4]
    s = "; where they go: " + ", ".join(f"{k} {v:,} ({v / b['lut']:.0%})" for k, v in top)
    if missed:
        mux = sum(g["lut"] for p, g in (b.get("glue") or {}).items() if "multiplexers" in p)
        ic = r.get("interconnect") or {}
        span = _span(ic.get("multiplier_port_registers") or [])
        each = f" (each multiplier port {span} of them)" if span else ""
        if ic.get("read_buses"):
            how = (
                f"{ic['read_buses']} read buses carry the registers (each bus a multiplexer over the registers "
                f"assigned to it: {ic['buses']} inputs for {r['registers']} registers, so most registers sit on "
                f"several buses) and the unit ports select among the buses, forwarded outputs and constants "
                f"({ic['ports']} inputs)"
            )
        elif (ic.get("read_banks") or {}).get("banks"):  # a fixed bank map (seed 003's BAU/ISU/DHU)
            rb = ic["read_banks"]
            how = (
                f"fixed banks {'/'.join(rb['banks'])} of {'/'.join(map(str, rb['registers']))} registers (each "
                f"multiplier port {span} of them), {rb['moves']} moves across banks on the register write "
                f"multiplexers ({ic.get('registers', '?')} register-write inputs for {r['registers']} registers)"
            )
        elif ic.get("read_banks"):
            rb = ic["read_banks"]
            nb = [n for n in rb["registers"] if n]
            how = (
                f"read banks: the operand ports in {len(nb)} groups, each port multiplexing only its group's bank "
                f"(registers per bank {', '.join(map(str, nb))}; each multiplier port {span} of them), at the price "
                f"of {rb['copies']} copies of values two groups read, which move inputs from the ports to the "
                f"register write multiplexers ({ic.get('registers', '?')} register-write inputs for "
                f"{r['registers']} registers)"
            )
        else:
            how = f"every unit port multiplexes the 1,223-bit registers the schedule reads there{each}"
        k = _write_banks(r["core"])
        if k:
            how += (
                f"; write banks (at most {k} writing source(s) per register: {ic.get('registers', '?')} "
                f"register-write inputs for {r['registers']} registers) leave the read side as it was"
            )
        s += (
            f"; cause: the interconnect, {mux:,} LUT6 of operand and register-write multiplexers, "
            f"{mux / b['lut']:.0%} of the core: {how}, where the paper's BAU/ISU/DHU banks have "
            "restricted, hand-placed connectivity"
        )
    return s


def _write_banks(name: str) -> int:
    """K of a ``-bankK`` core (``CoreConfig.write_banks``; 0 for the others)."""
    m = re.search(r"-bank(\d+)", name)
    return int(m.group(1)) if m else 0


def _lut6_change(r0: dict, r1: dict, blocks: tuple) -> str:
    """ ", LUT6 a -> b (+x%; <block> c -> d; ...)" between two cached cores, the glue blocks in the
    given order (those both reports have); "" when either has no LUT6."""
    l0, l1 = lut6_of(r0)[0], lut6_of(r1)[0]
    if not (l0 and l1):
        return ""
    t = f", LUT6 {l0:,} -> {l1:,} ({(l1 - l0) / l0:+.1%}"
    for g in blocks:
        a, b = ((x.get("blocks") or {}).get("glue", {}).get(g, {}).get("lut") for x in (r0, r1))
        if a and b:
            t += f"; {g} {a:,} -> {b:,}"
    return t + ")"


def _banked_rows(res: dict) -> list:
    """The ``-bankK`` cores against their twins without write banks (the name without ``-bankK``):
    cycles, registers, register-write inputs, LUT6 and the register file's share, from the cached reports."""
    rows = []
    for n in sorted(k for k in res if k.startswith("s003-") and _write_banks(k)):
        b = re.sub(r"-bank\d+", "", n)
        r0, r1 = res.get(b), res[n]
        ic0, ic1 = (r0 or {}).get("interconnect"), r1.get("interconnect")
        if not (r0 and ic0 and ic1):
            continue
        t = (
            f"`{n}`: {r1['cycles']:,} cycles ({r1['cycles'] - r0['cycles']:+,} against `{b}`), registers "
            f"{r0['registers']} -> {r1['registers']}, register-write inputs {ic0['registers']} -> {ic1['registers']}, "
            f"operand inputs {ic0['ports'] + ic0['buses']} -> {ic1['ports'] + ic1['buses']}"
        )
        rows.append(t + _lut6_change(r0, r1, ("register file and write multiplexers", "operand multiplexers")))
    return rows


def _read_banked_rows(res: dict) -> list:
    """The ``-rbankK`` cores (read banks) against their twins without (the name without ``-rbankK``): cycles,
    registers, operand and register-write inputs, LUT6 and the two multiplexer blocks, from the cached reports."""
    rows = []
    for n in sorted(k for k in res if k.startswith("s003-") and re.search(r"-rbank\d+$", k)):
        b = re.sub(r"-rbank\d+$", "", n)
        r0, r1 = res.get(b), res[n]
        ic0, ic1 = (r0 or {}).get("interconnect"), r1.get("interconnect")
        if not (r0 and ic0 and ic1 and ic1.get("read_banks")):
            continue
        rb = ic1["read_banks"]
        t = (
            f"`{n}`: {r1['cycles']:,} cycles ({r1['cycles'] - r0['cycles']:+,} against `{b}`), registers "
            f"{r0['registers']} -> {r1['registers']} in {sum(1 for x in rb['registers'] if x)} banks of "
            f"{', '.join(str(x) for x in rb['registers'] if x)} ({rb['copies']} copies: {rb['dual_writes']} second "
            f"writes of a unit output, {rb['moves']} moves), operand inputs {ic0['ports']} -> {ic1['ports']} (each "
            f"multiplier port {_span(ic0['multiplier_port_registers'])} -> {_span(ic1['multiplier_port_registers'])} "
            f"registers), register-write inputs {ic0['registers']} -> {ic1['registers']}"
        )
        rows.append(t + _lut6_change(r0, r1, ("operand multiplexers", "register file and write multiplexers")))
    return rows


def _paper_org_rows(res: dict) -> list:
    """The ``-paper`` cores (seed 003's organisation, a fixed bank map) against the ``-u8`` cores of the same
    multiplier: cycles, registers, operand and register-write inputs, LUT6 and the two multiplexer blocks."""
    rows = []
    for n in sorted(k for k in res if k.startswith("s003-") and k.endswith("-paper")):
        b = n[: -len("-paper")] + "-u8"
        r0, r1 = res.get(b), res[n]
        ic0, ic1 = (r0 or {}).get("interconnect"), r1.get("interconnect")
        if not (r0 and ic0 and ic1 and (ic1.get("read_banks") or {}).get("banks")):
            continue
        rb = ic1["read_banks"]
        t = (
            f"`{n}`: Miller loop {r1['miller_cycles']:,} cycles ({r1['miller_cycles'] - r0['miller_cycles']:+,} "
            f"against `{b}`), total {r1['cycles']:,}, registers {r0['registers']} -> {r1['registers']} in "
            f"{'/'.join(rb['banks'])} banks of {'/'.join(map(str, rb['registers']))} ({rb['moves']} moves, "
            f"{rb['dual_writes']} second writes), operand inputs {ic0['ports']} -> {ic1['ports']} (each multiplier "
            f"port {_span(ic0['multiplier_port_registers'])} -> {_span(ic1['multiplier_port_registers'])} registers), "
            f"register-write inputs {ic0['registers']} -> {ic1['registers']}"
        )
        rows.append(t + _lut6_change(r0, r1, ("operand multiplexers", "register file and write multiplexers")))
    return rows


def _inputs(r: dict | None) -> int | None:
    """Operand-port plus read-bus plus register-write multiplexer inputs of a cached core (None: not recorded)."""
    ic = (r or {}).get("interconnect")
    return ic["ports"] + ic["buses"] + ic["registers"] if ic else None


def interconnect_16(res: dict) -> str:
    """The prose on the s003 cores' interconnect: the -mux bindings' and the read buses' multiplexer inputs,
    cycles and LUT6, every figure from the cached reports (cores not measured yet are left out)."""
    base = ("s003-eta-t-tmvp2-u8", "s003-eta-t-tmvp3-u8", "s003-eta-t-dmoci-u8", "s003-eta-t-2xtmvp3-u8")
    what = dict(zip(base, ("two-way", "three-way", "DMOCI", "two three-way multipliers")))
    mux = [
        f"{_inputs(res[b])} -> {_inputs(res[b + '-mux'])} ({what[b]})"
        for b in base
        if _inputs(res.get(b)) and _inputs(res.get(b + "-mux"))
    ]
    out = (
        "Restricted connectivity. The `-mux` cores are the same schedules bound to minimise "
        'the multiplexers (binding="mux" with forwarding and held operands, lifetime swaps; same cycles and '
        "registers)"
        + (": operand-port plus register-write inputs " + ", ".join(mux) if mux else "")
        + "; the sunk schedules fill the registers, so few lifetimes can move"
    )
    spans = [
        f"{_span(res[b]['interconnect']['multiplier_port_registers'])} ({what[b]})"
        for b in base
        if (res.get(b) or {}).get("interconnect", {}).get("multiplier_port_registers")
    ]
    if spans:
        out += ", and each multiplier port still reads " + ", ".join(spans) + " registers"
    out += (
        ". The `-busB` cores (`CoreConfig.buses`, buses.py) restrict the connectivity instead: at most B "
        "registers are read per step (a constraint of the list scheduler and of the sinking), each onto one of B "
        "read buses, and every unit port selects among the buses, its forwarded outputs and constants"
    )
    rows = []
    for b in base:
        for n in sorted(k for k in res if k.startswith(b + "-bus")):
            r0, r1 = res.get(b), res[n]
            ic0, ic1 = (r0 or {}).get("interconnect"), r1.get("interconnect")
            if not (r0 and ic0 and ic1):
                continue
            t = (
                f"`{n}`: {r1['cycles']:,} cycles ({r1['cycles'] - r0['cycles']:+,} against `{b}`), {r1['registers']} "
                f"registers, operand inputs {ic0['ports']} -> {ic1['ports']} at the ports + {ic1['buses']} on the "
                f"{ic1['read_buses']} buses"
            )
            l0, l1 = lut6_of(r0)[0], lut6_of(r1)[0]
            if l0 and l1:
                m0, m1 = (
                    (x.get("blocks") or {}).get("glue", {}).get("operand multiplexers", {}).get("lut") for x in (r0, r1)
                )
                t += (
                    f", LUT6 {l0:,} -> {l1:,} ({(l1 - l0) / l0:+.1%}"
                    + (f"; operand multiplexers {m0:,} -> {m1:,}" if m0 and m1 else "")
                    + ")"
                )
            rows.append(t)
    for n in sorted(k for k in res if k.startswith("toy-") and "-bus" in k):  # the toys: ECP5 LUT4, whole core
        b = n[: n.rindex("-bus")]
        r0, r1 = res.get(b), res[n]
        ic0, ic1 = (r0 or {}).get("interconnect"), r1.get("interconnect")
        if not (r0 and ic0 and ic1):
            continue
        e0, e1 = (x.get("ecp5") or {} for x in (r0, r1))
        rows.append(
            f"the toy `{n}`: {r1['cycles']:,} cycles ({r1['cycles'] - r0['cycles']:+,} against `{b}`), "
            f"operand inputs {ic0['ports']} -> {ic1['ports']} + {ic1['buses']}"
            + (
                f", ECP5 LUT4 {e0['lut']:,} -> {e1['lut']:,} ({(e1['lut'] - e0['lut']) / e0['lut']:+.1%}; "
                f"`synth_ecp5`, whole core), FF {e0.get('ff', 0):,} -> {e1.get('ff', 0):,}"
                if e0.get("lut") and e1.get("lut")
                else ""
            )
        )
    out += (": " + "; ".join(rows) if rows else " (none measured yet)") + ". "
    banked = _banked_rows(res)
    if banked:
        out += (
            "The `-bankK` cores (`CoreConfig.write_banks`) restrict the write side, seed 003's banks seen from "
            "the units' outputs: the same schedule, bound so that each register is written by at most K unit "
            "outputs (K = 1: its write multiplexer becomes the flip-flops' enable), at the price of more "
            "registers and of read ports that see more of them: " + "; ".join(banked) + ". "
        )
    rbanked = _read_banked_rows(res)
    if rbanked:
        out += (
            "The `-rbankK` cores (`CoreConfig.read_banks`, readbanks.py) restrict the read side, seed 003's "
            "banks seen from the units' inputs: the same schedule, the operand ports clustered into K groups "
            "(then improved by moving one port at a time while the multiplexers' extra inputs fall), each port "
            "reading only the registers of its group's bank, and a value two groups read copied into both banks "
            "(a second write of the unit output in the step it is made, or a register move before the first "
            "read: no cycle added): " + "; ".join(rbanked) + ". "
        )
    porg = _paper_org_rows(res)
    if porg:
        out += (
            "The `-paper` cores (`CoreConfig.bank_map`, bankmap.py) are seed 003's organisation: fixed BAU/ISU/DHU "
            "banks, each unit port reading one bank and each unit output writing its wired banks, a value moved "
            "across banks in a step the schedule leaves it, on the paper's units (one adder, two squarers in "
            "series, single square roots): " + "; ".join(porg) + ". "
        )
    return out


def before_binding(r: dict) -> str:
    """The figures before this core's binding changed (first-fit), when recorded."""
    b = r.get("before") or {}
    if not b:
        return ""
    same = f"{b['xc2vp_lut']:,} LUT4 in the same flow, " if b.get("xc2vp_lut") else ""
    return (
        f"; before, with the {b.get('binding', 'first-fit')} binding ({b.get('registers')} registers): {same}"
        f"{_num(b.get('xc2vp_lut_widelut'))} with Yosys's default wide-LUT mapping (LUT5-8 built from LUT4 and "
        f"MUXF5-8), {_num(b.get('ecp5_lut'))} ECP5 LUT4"
    )


def check_003(r: dict) -> str:
    """Which check the cycles of a seed 003 core had."""
    sim, vec = r.get("sim", {}), r.get("vectors") or {}
    if sim.get("engine") == "verilator":
        how = (
            f"Verilator, {_num(sim.get('rtl_cycles'))} cycles, the accumulator after "
            f"{_num(sim.get('rtl_iterations_checked'))} of {r['iterations']} iterations compared"
        )
    else:
        how = (
            "schedule interpreter only, no RTL simulation: every register write against the spec's trace, the "
            "accumulator at every pass boundary and every iteration inside the passes"
        )
    if vec:
        how += f"; `{vec['file']}`: {vec['checked']} vector(s) PASS ({vec['engine']})"
    return how
