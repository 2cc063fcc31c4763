"""Products with a common input, paired for seed 003's DMOCI (section 6: one CONVERTOR and T_net
for the common input A, two cores: A B1 and A B2 in the 9 cycles of one product).

:func:`pair_products` rewrites a lowered program's multiplications into ``dmul`` operations (the
compound unit ``gf2_dmoci``: operands ``(A, B1, B2)``, outputs ``dmul`` = A B1 and ``dmul.1`` =
A B2). Two products of the same segment that share an operand and do not depend on each other
become one operation; a product left alone runs as ``dmul`` with B2 = B1 (its second output is not
read). The segment's operations are then re-ordered topologically (stable, by trace order) with
each pair's two outputs consecutive, as the compound operations of :mod:`.program` are.

In eta_T's f <- f g (seed 003 section 3.3: two Karatsuba products of F_{2^{2m}} by the same
g = g0 + g1 u), the pairs are f0 g0 / f2 g0, f1 g1 / f3 g1 and (f0 + f1)(g0 + g1) /
(f2 + f3)(g0 + g1): seven products per iteration in four DMOCI operations, the paper's 4 x 9 = 36
cycles per iteration (22,040 / 612, Table 4). The second g0 + g1 is the same value only after
:func:`merge_common`, which merges additions and products of one segment with the same operands
(the spec computes g0 + g1 once per F_{2^{2m}} product).
"""

from __future__ import annotations

import heapq

from pairkit.hw.core.ops import Op, Operand

KIND = "dmul"


def _key(o: Op):
    return (o.seg, o.kind, tuple(sorted((a.value, a.neg) for a in o.args)))


def merge_common(ops: list) -> tuple[list, dict]:
    """Common-subexpression elimination of additions and products inside one segment: (ops, value id
    of a removed duplicate -> the id of the operation it repeats)."""
    seen: dict = {}
    remap: dict = {}
    out = []
    for o in ops:
        args = tuple(Operand(remap.get(a.value, a.value), a.neg) for a in o.args)
        if args != o.args:
            o = Op(o.id, o.kind, args, o.seg, o.pos, o.trace_id, o.group)
        if o.kind in ("add", "mul") and o.group is None:
            k = _key(o)
            if k in seen:
                remap[o.id] = seen[k]
                continue
            seen[k] = o.id
        out.append(o)
    return out, remap


def pair_products(ops: list) -> list:
    """Every ``mul`` becomes a ``dmul`` operation: pairs with a common operand (greedy, in trace order)
    or alone; see the module docstring."""
    out: list = []
    i = 0
    while i < len(ops):
        j = i
        while j < len(ops) and ops[j].seg == ops[i].seg:
            j += 1
        out.extend(_pair_segment(ops[i:j]))
        i = j
    return out


def _mates(seg: list, anc: list) -> dict:
    """Products paired (first come, each with the first later independent one sharing an operand):
    index -> its mate, both ways."""
    muls = [k for k, o in enumerate(seg) if o.kind == "mul"]
    mate: dict = {}
    for x, a in enumerate(muls):
        if a in mate:
            continue
        for b in muls[x + 1 :]:
            if b in mate or anc[b] >> a & 1 or anc[a] >> b & 1:
                continue
            common = [c for c in seg[a].args if c in seg[b].args]
            if common:
                mate[a], mate[b] = b, a
                break
    return mate


def _pair_segment(seg: list) -> list:
    n = len(seg)
    local = {o.id: k for k, o in enumerate(seg)}
    preds = [{local[a.value] for a in o.args if a.value in local} for o in seg]
    for k, o in enumerate(seg):  # a compound operation's outputs: one start, the leader's operands
        if o.follower and o.group in local:
            preds[k].add(local[o.group])
    anc = [0] * n
    for k in range(n):
        for p in preds[k]:
            anc[k] |= anc[p] | (1 << p)
    mate = _mates(seg, anc)
    # units: a pair (its lower index leads) or a single operation; stable topological order
    lead = {k: min(k, mate.get(k, k)) for k in range(n)}
    members: dict = {}
    for k in range(n):
        members.setdefault(lead[k], []).append(k)
    upreds = {u: {lead[p] for k in ms for p in preds[k]} - {u} for u, ms in members.items()}
    succs: dict = {u: [] for u in members}
    for u, ps in upreds.items():
        for p in ps:
            succs[p].append(u)
    indeg = {u: len(ps) for u, ps in upreds.items()}
    heap = [u for u, d in indeg.items() if d == 0]
    heapq.heapify(heap)
    out = []
    while heap:
        u = heapq.heappop(heap)
        out.extend(_rewrite(seg, members[u]))
        for s in succs[u]:
            indeg[s] -= 1
            if indeg[s] == 0:
                heapq.heappush(heap, s)
    if len(out) != n:
        raise AssertionError("internal: pairing products made a cycle")
    return out


def _rewrite(seg: list, ms: list) -> list:
    o = seg[ms[0]]
    if o.kind != "mul":
        return [o]
    if len(ms) == 1:
        a, b = o.args
        return [Op(o.id, KIND, (a, b, b), o.seg, o.pos, o.trace_id, o.id)]
    o2 = seg[ms[1]]
    c = next(x for x in o.args if x in o2.args)
    b1 = o.args[1] if o.args[0] == c else o.args[0]
    b2 = o2.args[1] if o2.args[0] == c else o2.args[0]
    args = (c, b1, b2)
    return [
        Op(o.id, KIND, args, o.seg, o.pos, o.trace_id, o.id),
        Op(o2.id, KIND + ".1", args, o2.seg, o2.pos, o2.trace_id, o.id),
    ]
