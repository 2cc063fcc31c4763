"""Pictures: a Gantt chart of a schedule (one row per unit instance) and the A-T Pareto front.

matplotlib with the Agg backend (no display needed). A path without a suffix is written twice, as
``.png`` and ``.svg``; with ``.png``/``.svg``/``.pdf`` exactly that file. Returns the paths written.
"""

from __future__ import annotations

import os

from pairkit.dse.costs import UNIT_ORDER
from pairkit.extras import require

_KIND_COLOURS = {
    "add": "#4C72B0",
    "sub": "#64B5CD",
    "mul": "#C44E52",
    "sqr": "#DD8452",
    "cube": "#55A868",
    "cbrt": "#8172B3",
    "sqrt": "#937860",
    "inv": "#DA8BC3",
}


def _plt():
    require("matplotlib", "the DSE plots").use("Agg", force=True)
    return require("matplotlib.pyplot", "the DSE plots")


def _save(fig, path: str) -> list:
    root, ext = os.path.splitext(path)
    paths = [path] if ext.lower() in (".png", ".svg", ".pdf") else [root + ".png", root + ".svg"]
    for p in paths:
        d = os.path.dirname(p)
        if d:
            os.makedirs(d, exist_ok=True)
        fig.savefig(p, dpi=130, bbox_inches="tight", metadata={"Date": None} if p.endswith(".svg") else None)
    fig.clf()
    return paths


def gantt(sched, path: str, title: str | None = None) -> list:
    """One row per unit instance; a bar per operation over the cycles its unit is busy (the result is
    ready at the bar's end for non-pipelined units). Works for list, exact and modulo schedules."""
    plt = _plt()
    P = sched.problem
    counts = sched.counts
    rows = [(t, k) for t in sorted(P.types, key=UNIT_ORDER.index) for k in range(counts[P.types.index(t)])]
    ridx = {r: i for i, r in enumerate(rows)}
    T = max(sched.start[v] + P.lat[v] for v in range(P.n))
    fig, ax = plt.subplots(figsize=(min(4 + T / 12, 24), 1.2 + 0.32 * len(rows)))
    for v in range(P.n):
        y = ridx[(P.types[P.unit[v]], sched.inst[v])]
        x, w = sched.start[v], P.occ[v]
        ax.barh(
            y, w, left=x, height=0.7, color=_KIND_COLOURS.get(P.ops[v], "#999999"), edgecolor="black", linewidth=0.4
        )
        if w >= 6:
            ax.text(x + w / 2, y, P.names[v], ha="center", va="center", fontsize=6, color="white")
    ax.set_yticks(range(len(rows)))
    ax.set_yticklabels([f"{t}#{k}" for t, k in rows], fontsize=7)
    ax.invert_yaxis()
    ax.set_xlim(0, T)
    ax.set_xlabel("clock cycle")
    ii = getattr(sched, "II", None)
    mix = ", ".join(f"{t}={c}" for t, c in zip(P.types, counts))
    ax.set_title(
        title or f"{P.ddg.name}: {mix}: " + (f"II = {ii}, one iteration {T} clk" if ii else f"T = {T} clk"), fontsize=9
    )
    if ii:
        for x in range(ii, T, ii):
            ax.axvline(x, color="grey", linestyle=":", linewidth=0.8)
    kinds = sorted(set(P.ops))
    from matplotlib.patches import Patch

    ax.legend(
        handles=[Patch(color=_KIND_COLOURS.get(k, "#999999"), label=k) for k in kinds],
        fontsize=7,
        loc="center left",
        bbox_to_anchor=(1.005, 0.5),
        frameon=False,
    )
    ax.grid(axis="x", linestyle=":", linewidth=0.5)
    out = _save(fig, path)
    plt.close(fig)
    return out


def pareto(ex, path: str) -> list:
    """Every explored mix as (A, T), the Pareto front joined, min T and min AT marked."""
    plt = _plt()
    fig, ax = plt.subplots(figsize=(8, 5.5))
    ax.scatter([c.A for c in ex.configs], [c.T for c in ex.configs], s=8, color="#BBBBBB", label="explored mixes")
    front = ex.pareto()
    ax.plot([c.A for c in front], [c.T for c in front], "-o", color="#C44E52", markersize=4, label="Pareto front")
    pi = ex.problem.types.index(ex.primary)
    for c in front:
        ax.annotate(
            ",".join(str(x) for x in c.counts), (c.A, c.T), fontsize=6, xytext=(3, 3), textcoords="offset points"
        )
    bt, bat = ex.best("T"), ex.best("AT")
    ax.scatter([bt.A], [bt.T], marker="*", s=120, color="#4C72B0", zorder=5, label=f"min T = {bt.T} clk")
    ax.scatter(
        [bat.A],
        [bat.T],
        marker="D",
        s=50,
        color="#55A868",
        zorder=5,
        label=f"min AT ({ex.primary} = {bat.counts[pi]}, T = {bat.T})",
    )
    ax.set_xlabel("A [LUT]")
    ax.set_ylabel("T [clk per loop iteration]")
    ax.set_yscale("log")
    ax.set_title(
        f"{ex.problem.ddg.name}: {len(ex.configs)} unit mixes ({', '.join(ex.problem.types)}), "
        f"cost model {ex.model.name}",
        fontsize=9,
    )
    ax.legend(fontsize=8)
    ax.grid(True, which="both", linestyle=":", linewidth=0.5)
    out = _save(fig, path)
    plt.close(fig)
    return out
