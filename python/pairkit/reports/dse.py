"""Markdown reports of an exploration, and the comparison with seed 001's Tables 2-4."""

from __future__ import annotations

from pairkit.dse import paper
from pairkit.dse.explore import Exploration
from pairkit.dse.listsched import list_schedule

COLUMN = {"mul": "Mul", "cube": "Power", "add": "Add", "cbrt": "Root", "sqr": "Sqr", "sqrt": "Sqrt", "inv": "Inv"}


def _fmt(x: float) -> str:
    return f"{x:,.0f}"


def compare_paper(ex: Exploration) -> list:
    """Per multiplier count of seed 001 Tables 3 and 4: the paper's mix and T, our list-schedule T on
    that same mix, and our own best row (only meaningful for the characteristic-3 Duursma-Lee loop)."""
    P = ex.problem
    if set(P.types) != {"mul", "cube", "add", "cbrt"}:
        return []
    ours3 = {c.counts[0]: c for c in ex.table("T")}
    ours4 = {c.counts[0]: c for c in ex.table("AT")}
    out = []
    for name, table, ours in (("table3", paper.TABLE3, ours3), ("table4", paper.TABLE4, ours4)):
        for k, mix, T in paper.mixes(table):
            s = list_schedule(P, mix, ex.priority)
            row = {"table": name, "mul": k, "paper_units": mix, "paper_T": T, "our_T_on_paper_units": s.T}
            if k in ours:
                row.update(our_units=P.mix(ours[k].counts), our_T=ours[k].T)
            out.append(row)
    return out


def _mixcols(ex, counts) -> str:
    return " | ".join(str(c) for c in counts)


def markdown(ex: Exploration, *, with_paper: bool | None = None) -> str:
    P, M = ex.problem, ex.model
    d = P.ddg
    L = []
    cnt = ", ".join(f"{k} {v}" for k, v in d.counts().items())
    L.append(f"## Design-space exploration: {d.name} ({d.scope}, {P.n} scheduled operations: {cnt})\n")
    nreg = ex.n_registers_in_A
    regtxt = "each schedule's own register count" if nreg == "each" else f"{nreg} registers x {M.register_area:.2f} LUT"
    L.append(
        f"Cost model `{M.name}` ({M.notes}); list-scheduling priority `{ex.priority}`; ranges `{ex.range_mode}`; "
        f"A includes {regtxt}; {len(ex.configs)} unit mixes explored; {len(P.carried)} loop-carried "
        f"dependences.\n"
    )
    for w in d.meta.get("warnings", []):
        L.append(f"> note: {w}\n")
    ru, rr = ex.ranges["unit_latency"], ex.ranges["real_latency"]
    L.append(
        f"Unlimited units: {ru['makespan']} control steps with unit latencies, "
        f"critical path {rr['makespan']} clk with the real latencies.\n"
    )
    L.append(
        "| unit | area [LUT] | latency [clk] | pipelined | ops | range (unit lat.) | range (real lat.) | explored |"
    )
    L.append("|---|---:|---:|---|---:|---:|---:|---:|")
    for t in P.types:
        u = M.units[t]
        L.append(
            f"| {COLUMN[t]} | {u.area:g} | {u.latency} | {'yes' if u.pipelined else 'no'} | "
            f"{ru['units'][t]['ops']} | {ru['units'][t]['range']} | {rr['units'][t]['range']} | "
            f"1..{ex.ranges['used'][t]} |"
        )
    head = " | ".join(COLUMN[t] for t in P.types)
    sep = "|".join("---:" for _ in P.types)
    ex_on, mod_on = bool(ex.exact), bool(ex.modulo)
    tmin, atmin = ex.best("T").T, ex.best("AT").AT

    def extra_head():
        h, s = "", ""
        if ex_on:
            h += " T* CP-SAT | gap [%] | proven |"
            s += "---:|---:|---|"
        if mod_on:
            h += " II | MII | T/II |"
            s += "---:|---:|---:|"
        return h, s

    def extra(c):
        x = ""
        if ex_on:
            e = ex.exact.get(c.counts)
            x += (
                f" {e['T']} | {e['gap_pct']} | {'yes' if e['proven'] else 'no (>= ' + str(e['bound']) + ')'} |"
                if e
                else " | | |"
            )
        if mod_on:
            m = ex.modulo.get(c.counts)
            x += f" {m['II']} | {m['MII']} | {m['speedup_vs_list']:.2f} |" if m else " | | |"
        return x

    eh, es = extra_head()
    L.append(f"\n### Table 3 analogue: optimal T per {COLUMN[ex.primary]} count\n")
    L.append(f"| {head} | T [clk] | T incr. [%] | A [LUT] | registers |{eh}")
    L.append(f"|{sep}|---:|---:|---:|---:|{es}")
    for c in ex.table("T"):
        L.append(
            f"| {_mixcols(ex, c.counts)} | {c.T} | {'min.' if c.T == tmin else f'{100 * (c.T / tmin - 1):.1f}'} "
            f"| {_fmt(c.A)} | {c.regs} |{extra(c)}"
        )
    L.append(f"\n### Table 4 analogue: optimal AT per {COLUMN[ex.primary]} count\n")
    L.append(f"| {head} | AT [LUT clk] | AT incr. [%] | T [clk] |{eh}")
    L.append(f"|{sep}|---:|---:|---:|{es}")
    for c in ex.table("AT"):
        inc = "min." if c.AT == atmin else f"{100 * (c.AT / atmin - 1):.0f}"
        L.append(f"| {_mixcols(ex, c.counts)} | {_fmt(c.AT)} | {inc} | {c.T} |{extra(c)}")
    L.append(f"\n### AT² per {COLUMN[ex.primary]} count (computed, not shown, in seed 001)\n")
    L.append(f"| {head} | AT² [LUT clk²] | T [clk] |")
    L.append(f"|{sep}|---:|---:|")
    for c in ex.table("AT2"):
        L.append(f"| {_mixcols(ex, c.counts)} | {c.AT2:.3e} | {c.T} |")
    L.append("\n### Pareto front (A, T)\n")
    L.append(f"| {head} | A [LUT] | T [clk] |")
    L.append(f"|{sep}|---:|---:|")
    for c in ex.pareto():
        L.append(f"| {_mixcols(ex, c.counts)} | {_fmt(c.A)} | {c.T} |")
    cmp_rows = compare_paper(ex) if with_paper is not False else []
    if cmp_rows and (with_paper or M.name in ("seed001", "table1")):
        L.append("\n### Against seed 001 (paper's mix, its T, our T on the same mix, our best row)\n")
        L.append(
            "| table | Mul | paper: Power, Add, Root | paper T | ours on that mix | our best: Power, Add, Root | our "
            "T |"
        )
        L.append("|---|---:|---|---:|---:|---|---:|")
        for r in cmp_rows:
            pm, om = r["paper_units"], r.get("our_units", {})
            L.append(
                f"| {r['table'][-1]} | {r['mul']} | {pm['cube']}, {pm['add']}, {pm['cbrt']} | {r['paper_T']} | "
                f"{r['our_T_on_paper_units']} | {om.get('cube', '')}, {om.get('add', '')}, {om.get('cbrt', '')} | "
                f"{r.get('our_T', '')} |"
            )
    return "\n".join(L) + "\n"
