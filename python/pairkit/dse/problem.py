"""A DDG bound to a cost model: integer-indexed arrays the schedulers work on.

Nodes whose operation the model calls free (``neg`` in seed 001's units) are folded into their
readers here, as :func:`pairkit.dse.ddg.from_trace` does for traces.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from pairkit.dse.costs import CostModel, unit_name
from pairkit.dse.ddg import DDG
from pairkit.dse.errors import CostModelError, UnitMixError

#: units of one type in a mix (docs/DSE.md "Limits"); no graph of the spec keeps more busy
MAX_UNITS = 1024


@dataclass
class Problem:
    ddg: DDG
    model: CostModel
    names: list  # node ids, topological order
    ops: list  # op kind per node
    types: list  # unit names used, in UNIT_ORDER
    unit: list  # index into types, per node
    lat: list  # latency per node (cycles until the result can be read)
    occ: list  # cycles the unit stays busy per node
    preds: list  # tuple of node indices per node (distance 0)
    succs: list
    carried: list  # (src, dst, distance) between node indices
    reads: list  # per node: the input ids it reads (after folding)
    outputs: list  # node indices live after the scope
    unit_latency: bool = False
    # heterogeneous instances (hw.core's mixes of one kind with different latencies): per type the latency
    # of each instance (non-pipelined: also its occupancy), None when a type's instances are identical
    # (``lat``/``occ`` then hold each node's; the list scheduler binds nodes and sets them to the instance's)
    inst_lat: Optional[list] = None

    @property
    def n(self) -> int:
        return len(self.names)

    def n_of_type(self) -> list:
        c = [0] * len(self.types)
        for u in self.unit:
            c[u] += 1
        return c

    def counts_vector(self, counts) -> list:
        """A unit mix {name: count} as a vector over ``types``; every needed type must be > 0."""
        if isinstance(counts, (list, tuple)):
            vec = list(counts)
            if len(vec) != len(self.types):
                raise UnitMixError(f"expected {len(self.types)} counts ({', '.join(self.types)}), got {len(vec)}")
        else:
            norm = {}
            for k, v in counts.items():
                norm[unit_name(k)] = v
            vec = [norm.get(t, 0) for t in self.types]
        for t, c in zip(self.types, vec):
            if not isinstance(c, int) or isinstance(c, bool) or c < 0:
                raise UnitMixError(f"unit count for {t} must be a non-negative integer, got {c!r}")
            if c > MAX_UNITS:
                from pairkit.dse.errors import DSELimitError

                raise DSELimitError(f"--units: {c:,} {t} units exceed the limit of {MAX_UNITS} per type")
            if c == 0:
                need = self.n_of_type()[self.types.index(t)]
                raise UnitMixError(f"the unit mix has no {t} unit, but the graph has {need} operation(s) that need one")
        if self.inst_lat is not None:
            for t, c, il in zip(self.types, vec, self.inst_lat):
                if il is not None and len(il) != c:
                    raise UnitMixError(f"{t}: {c} units, but {len(il)} instance latencies")
        return vec

    def instance_latency(self, u: int, k: int, v: int) -> int:
        """The latency node v would take on instance k of type u (its own when the instances are identical)."""
        il = self.inst_lat[u] if self.inst_lat is not None else None
        return il[k] if il is not None else self.lat[v]

    @property
    def heterogeneous(self) -> bool:
        """Whether some type's instances differ in latency."""
        return self.inst_lat is not None and any(il is not None and len(set(il)) > 1 for il in self.inst_lat)

    def mix(self, vec) -> dict:
        return {t: c for t, c in zip(self.types, vec)}


def build(ddg: DDG, model: CostModel, unit_latency: bool = False) -> Problem:
    """Bind ``ddg`` to ``model``; ``unit_latency`` makes every latency 1 (seed 001 section 3, step 1)."""
    alias: dict = {}
    kept = []
    for nd in ddg.nodes:
        u = model.unit_of(nd.op)
        if u is None:
            if len(nd.args) != 1:
                raise CostModelError(f"model {model.name!r} calls {nd.op!r} free, but only unary ops can be folded")
            a = nd.args[0]
            alias[nd.id] = alias.get(a, a)
            continue
        kept.append((nd, u))
    names = [nd.id for nd, _ in kept]
    idx = {x: i for i, x in enumerate(names)}
    types = model.order({u for _, u in kept})
    tix = {t: i for i, t in enumerate(types)}
    inputs = {i.id: i for i in ddg.inputs}
    preds, reads = [], []
    for nd, _ in kept:
        args = [alias.get(a, a) for a in nd.args]
        preds.append(tuple(sorted({idx[a] for a in args if a in idx})))
        reads.append(tuple(sorted({a for a in args if a in inputs})))
    succs: list = [[] for _ in names]
    for v, ps in enumerate(preds):
        for p in ps:
            succs[p].append(v)

    def src_of(inp, dist=0, depth=0):
        if depth > len(inputs) + 1:
            raise CostModelError("folded carried inputs form a loop")
        s = alias.get(inp.src, inp.src)
        if s in idx:
            return idx[s], dist + inp.distance
        if s in inputs and inputs[s].kind == "carried":
            return src_of(inputs[s], dist + inp.distance, depth + 1)
        return None, 0

    carried = set()
    for v, rs in enumerate(reads):
        for r in rs:
            if inputs[r].kind == "carried":
                s, d = src_of(inputs[r])
                if s is not None:
                    carried.add((s, v, d))
    outputs = sorted({idx[alias.get(o, o)] for o in ddg.outputs if alias.get(o, o) in idx})
    lat = [1 if unit_latency else model.units[u].latency for _, u in kept]
    occ = [1 if unit_latency else model.units[u].occupancy for _, u in kept]
    return Problem(
        ddg,
        model,
        names,
        [nd.op for nd, _ in kept],
        types,
        [tix[u] for _, u in kept],
        lat,
        occ,
        preds,
        [tuple(s) for s in succs],
        sorted(carried),
        reads,
        outputs,
        unit_latency,
    )


def resolve_counts(P: Problem, spec: Optional[str]) -> list:
    """Parse ``mul=5,add=4,cube=1,cbrt=1`` into a vector over ``P.types``."""
    if not spec:
        raise UnitMixError(f"give a unit mix, e.g. {','.join(f'{t}=1' for t in P.types)}")
    d = {}
    for part in spec.split(","):
        if not part.strip():
            continue
        if "=" not in part:
            raise UnitMixError(f"bad unit mix item {part!r}: expected name=count")
        k, v = part.split("=", 1)
        try:
            c = int(v)
        except ValueError:
            raise UnitMixError(f"bad count {v!r} for {k.strip()!r}") from None
        d[unit_name(k)] = c
    extra = sorted(k for k in set(d) - set(P.types) if d[k] > 0)
    if extra:
        raise UnitMixError(f"the graph uses no {', '.join(extra)} unit (it uses {', '.join(P.types)})")
    return P.counts_vector(d)
