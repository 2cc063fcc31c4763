"""Design-space exploration: every unit mix within the variability ranges (seed 001 sections 3 and 5).

Seed 001 section 5: "1) Keeping fixed the number of multipliers, compute all the schedules changing
the numbers of adders, cube power and root units, within their variability ranges. 2) For all such
schedules, compute the figure of merit under observation (either T or AT) and select the schedule
with the minimum value of the figure of interest. 3) Restart from point 1, increasing the number of
multipliers; terminate when the variability range of the multiplier has been completely explored."

:func:`explore` list-schedules every mix in the product of the ranges, once, and keeps (T, A) of each;
Table 3 (min T per multiplier count), Table 4 (min AT), the AT^2 table (computed but not shown in
the paper) and the Pareto front of (A, T) are then read off. Figures of merit:
T = loop-body time (clk); A = sum of the unit areas + the temporary registers (LUT); AT; AT^2.

Ranges (``ranges=``): ``unit`` is the paper's (unit-latency ASAP/ALAP peaks, see
:mod:`pairkit.dse.analysis`); ``real`` the same peaks with the real latencies; ``max`` (default)
the larger of the two per type. On the spec's ss3-97 loop the paper's definition gives 5 multipliers
while the real-latency minimum (87 clk) needs 9: the unit-latency range would stop the exploration
before the time-optimal designs, so by default we explore up to the larger range.

Registers in A (the model's ``registers``): an int (seed 001: "we assume to have exactly 32 registers,
which will suffice for any possible schedule, and we always add their area cost"), ``max`` (the
largest left-edge allocation over all explored schedules, the same idea computed), or ``each`` (every
schedule's own allocation).

Ties: min T then min A then the unit-count vector (lexicographic, in Mul, Power, Add, Root order);
min AT then min T then the vector. The paper's rows with equal T but other mixes are the same ties
broken differently (its exact tie-breaking is not printed).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from pairkit.dse import analysis, registers
from pairkit.dse.costs import CostModel
from pairkit.dse.ddg import DDG
from pairkit.dse.errors import DSEError
from pairkit.dse.exact import solve
from pairkit.dse.listsched import list_schedule
from pairkit.dse.modulo import modulo_schedule
from pairkit.dse.problem import Problem, build

RANGE_MODES = ("max", "unit", "real")


@dataclass
class Config:
    counts: tuple  # over problem.types
    T: int
    A: float
    regs: int  # left-edge registers of this schedule

    @property
    def AT(self) -> float:
        return self.A * self.T

    @property
    def AT2(self) -> float:
        return self.A * self.T * self.T


@dataclass
class Exploration:
    problem: Problem
    ranges: dict
    range_mode: str
    priority: str
    primary: str
    configs: list
    n_registers_in_A: object  # int, or "each"
    exact: dict = field(default_factory=dict)  # counts -> exact.solve info + T
    modulo: dict = field(default_factory=dict)  # counts -> modulo info

    @property
    def model(self) -> CostModel:
        return self.problem.model

    def mix(self, counts) -> dict:
        return self.problem.mix(counts)

    def _pi(self) -> int:
        return self.problem.types.index(self.primary)

    def best(self, metric: str = "T", configs=None) -> Config:
        key = {
            "T": lambda c: (c.T, c.A, c.counts),
            "AT": lambda c: (c.AT, c.T, c.counts),
            "AT2": lambda c: (c.AT2, c.T, c.counts),
            "A": lambda c: (c.A, c.T, c.counts),
        }[metric]
        return min(configs if configs is not None else self.configs, key=key)

    def table(self, metric: str) -> list:
        """Seed 001 Table 3 (metric T) / Table 4 (AT) / the AT^2 analogue: the best mix per primary count."""
        pi = self._pi()
        groups: dict = {}
        for c in self.configs:
            groups.setdefault(c.counts[pi], []).append(c)
        return [self.best(metric, groups[k]) for k in sorted(groups)]

    def pareto(self) -> list:
        """The (A, T) Pareto front: no other mix is at least as small in both and smaller in one."""
        front, bestT = [], None
        for c in sorted(self.configs, key=lambda c: (c.A, c.T, c.counts)):
            if bestT is None or c.T < bestT:
                front.append(c)
                bestT = c.T
        return front

    def schedule(self, counts):
        return list_schedule(self.problem, list(counts), self.priority)

    def row_json(self, c: Config, metric: str = "T") -> dict:
        tmin, atmin = self.best("T").T, self.best("AT").AT
        d = {
            "units": self.mix(c.counts),
            "T": c.T,
            "A": round(c.A, 2),
            "AT": round(c.AT),
            "AT2": round(c.AT2),
            "T_incr_pct": round(100 * (c.T / tmin - 1), 1),
            "AT_incr_pct": round(100 * (c.AT / atmin - 1), 1),
            "registers": c.regs,
        }
        if c.counts in self.exact:
            d["exact"] = self.exact[c.counts]
        if c.counts in self.modulo:
            d["modulo"] = self.modulo[c.counts]
        return d

    def to_json(self) -> dict:
        P = self.problem
        ddg = P.ddg
        t3 = self.table("T")
        regs = [c.regs for c in t3]
        return {
            "schema": "pairkit.dse.explore",
            "version": 1,
            "ddg": {
                "name": ddg.name,
                "scope": ddg.scope,
                "counts": ddg.counts(),
                "field": ddg.field,
                "nodes_scheduled": P.n,
                "carried_edges": len(P.carried),
                "meta": ddg.meta,
            },
            "cost_model": self.model.to_json(),
            "priority": self.priority,
            "range_mode": self.range_mode,
            "ranges": self.ranges,
            "registers_in_A": self.n_registers_in_A,
            "configs_explored": len(self.configs),
            "min_T": self.row_json(self.best("T")),
            "min_AT": self.row_json(self.best("AT")),
            "min_AT2": self.row_json(self.best("AT2")),
            "table3": [self.row_json(c) for c in t3],
            "table4": [self.row_json(c) for c in self.table("AT")],
            "table_at2": [self.row_json(c) for c in self.table("AT2")],
            "registers_table3": [min(regs), max(regs)] if regs else None,
            "pareto": [{"units": self.mix(c.counts), "A": round(c.A, 2), "T": c.T} for c in self.pareto()],
        }


def ranges_of(ddg: DDG, model: CostModel) -> dict:
    """{"unit": ..., "real": ...}: variability ranges with unit and with real latencies."""
    return {
        "unit": analysis.variability_ranges(build(ddg, model, unit_latency=True)),
        "real": analysis.variability_ranges(build(ddg, model)),
    }


def explore(
    ddg: DDG,
    model: CostModel,
    *,
    priority: str = "mobility",
    ranges: str = "max",
    primary: str = "mul",
    limit: int = 200_000,
    fixed: dict | None = None,
) -> Exploration:
    """Schedule every unit mix in the product of the variability ranges (see the module docstring).

    ``fixed`` pins some unit counts ({name: count}); ``limit`` guards against huge products.
    """
    if ranges not in RANGE_MODES:
        raise DSEError(f"unknown range mode {ranges!r} (known: {', '.join(RANGE_MODES)})")
    P = build(ddg, model)
    if P.n == 0:
        raise DSEError(f"{ddg.name}: the graph has no operation to schedule")
    rr = ranges_of(ddg, model)
    used = {}
    for t in P.types:
        u, r = rr["unit"]["units"][t]["range"], rr["real"]["units"][t]["range"]
        used[t] = u if ranges == "unit" else r if ranges == "real" else max(u, r)
    for k, v in (fixed or {}).items():
        if k not in used:
            raise DSEError(f"cannot fix {k!r}: the graph uses {', '.join(P.types)}")
        used[k] = v
    if primary not in P.types:
        primary = P.types[0]
    axes = [[used[t]] if t in (fixed or {}) else range(1, used[t] + 1) for t in P.types]
    total = 1
    for a in axes:
        total *= len(a)
    if total > limit:
        raise DSEError(f"{total} unit mixes exceed the limit of {limit} (use --ranges unit or fix some counts)")
    policy = model.registers
    configs = []
    for vec in itertools.product(*axes):
        s = list_schedule(P, list(vec), priority)
        configs.append(Config(tuple(vec), s.T, 0.0, registers.allocate(s)["registers"]))
    nreg: int | str
    if isinstance(policy, int):
        nreg = policy
    elif policy == "max":
        nreg = max(c.regs for c in configs)
    elif policy == "each":
        nreg = "each"
    else:
        raise DSEError(f"unknown register policy {policy!r} (an int, 'max' or 'each')")
    for c in configs:
        c.A = model.area(P.mix(c.counts), c.regs if isinstance(nreg, str) else nreg)  # str: "each"
    rinfo = {"mode": ranges, "used": used, "unit_latency": rr["unit"], "real_latency": rr["real"]}
    return Exploration(P, rinfo, ranges, priority, primary, configs, nreg)


def rows_to_check(ex: Exploration) -> list:
    """The distinct mixes of Tables 3 and 4 (the rows exact and modulo scheduling annotate)."""
    seen, out = set(), []
    for c in ex.table("T") + ex.table("AT"):
        if c.counts not in seen:
            seen.add(c.counts)
            out.append(c)
    return out


def run_exact(
    ex: Exploration, time_limit: float = 10.0, workers: int = 1, deterministic_time: float | None = None
) -> None:
    """CP-SAT optimum for every row of Tables 3-4 (``ex.exact``), with the list schedule's gap."""
    for c in rows_to_check(ex):
        s = solve(
            ex.problem, list(c.counts), time_limit=time_limit, workers=workers, deterministic_time=deterministic_time
        )
        ex.exact[c.counts] = {
            "T": s.T,
            "proven": s.info["proven"],
            "status": s.info["status"],
            "bound": s.info["bound"],
            "gap_pct": round(100 * (c.T / s.T - 1), 1),
            "wall_s": s.info["wall_s"],
        }


def run_modulo(ex: Exploration, budget_ratio: int = 6) -> None:
    """Iterative modulo scheduling for every row of Tables 3-4 (``ex.modulo``)."""
    for c in rows_to_check(ex):
        m = modulo_schedule(ex.problem, list(c.counts), budget_ratio)
        ex.modulo[c.counts] = {
            "II": m.II,
            "MII": m.info["MII"],
            "ResMII": m.info["ResMII"],
            "RecMII": m.info["RecMII"],
            "length": m.length,
            "stages": m.stages,
            "max_live": m.max_live(),
            "list_T": c.T,
            "speedup_vs_list": round(c.T / m.II, 3),
        }
