"""A Gantt chart of one loop iteration's micro-code: a row per unit instance, a bar per operation
from its start to the store of its result (matplotlib, Agg)."""

from __future__ import annotations

from pairkit.extras import require


def gantt(mc, path: str) -> None:
    require("matplotlib", "the Gantt chart").use("Agg")
    plt = require("matplotlib.pyplot", "the Gantt chart")

    a, b = (mc.loop_start, mc.loop_end) if mc.loop_end > mc.loop_start else (0, min(mc.n_steps, 200))
    rows = sorted({s.unit for st in mc.steps[a:b] for s in st.starts})
    colours = {
        "mul": "tab:blue",
        "add": "tab:green",
        "cube": "tab:orange",
        "cbrt": "tab:red",
        "sqr": "tab:orange",
        "sqrt": "tab:red",
        "inv": "tab:purple",
    }
    fig, ax = plt.subplots(figsize=(10, 0.35 * len(rows) + 1.2))
    for t in range(a, b):
        for s in mc.steps[t].starts:
            cyc = mc.unit_cycles(*s.unit) + 1
            ax.barh(
                rows.index(s.unit),
                cyc,
                left=t - a,
                color=colours.get(s.unit[0], "grey"),
                edgecolor="black",
                linewidth=0.4,
            )
    ax.set_yticks(range(len(rows)))
    ax.set_yticklabels([f"{u[0]}{u[1]}" for u in rows])
    ax.invert_yaxis()
    ax.set_xlabel("clock cycle within the iteration")
    what = "one loop iteration" if mc.loop_end > mc.loop_start else "the first steps"
    ax.set_title(f"{mc.name}: {what} ({b - a} cycles)")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
