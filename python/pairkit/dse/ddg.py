"""Data-dependence graphs (DDG) of base-field operations, extracted from the spec's symbolic traces.

Seed 001 section 3 models the loop body of the pairing "as a data dependence graph (DDG), the nodes
and arcs of which represent operations and data dependencies among operations"; section 5 schedules
"only the loop body, and the resulting architecture iterates the computation as many times as the
loop does". This module builds that graph from a trace of :mod:`pairkit.spec.trace` (or reads and
writes it as JSON).

DDG JSON, schema ``pairkit.dse.ddg`` version 1 (``DDG.to_json`` / ``DDG.from_json``)::

    {"schema": "pairkit.dse.ddg", "version": 1,
     "name": "ss2-283/eta-alg2", "scope": "iteration" | "whole",
     "field": {"p": 2, "m": 283, "taps": [12, 7, 5]},          # copied from the trace
     "inputs": [{"id": "v4", "label": "0x1", "kind": "const"},
                {"id": "v52", "kind": "carried", "src": "n88", "distance": 1}, ...],
     "nodes":  [{"id": "n54", "op": "add", "args": ["v49", "v53"], "label": "", "segment": "iter 1"}, ...],
     "outputs": ["n88", ...],                                   # values live after the scope
     "meta": {...}}                                             # provenance, warnings (free form)

Ids are strings, unique over inputs and nodes; ``args`` name inputs or nodes. Input kinds:

``const``      a constant (0, 1, b): hard-wired, needs no register;
``invariant``  the same value in every iteration (e.g. x_Q in seed 000 Alg. 2);
``carried``    the value node ``src`` produced ``distance`` iterations earlier: a loop-carried
               dependence ``src -> reader`` of that distance (the ``x_P <- x_P^3``, ``f <- f g``
               recurrences of seed 001 Alg. 2.1);
``stream``     a different precomputed value each iteration (seed 004 Alg. 10's tables);
``live-in``    unknown provenance (a one-iteration trace, or a whole-algorithm input).

Extraction (:func:`from_trace`). The trace's ``mark`` ops cut it into segments (prologue,
``iter i``..., epilogue). For ``scope="iteration"`` we take the first steady-state iteration k
(the first loop segment after the first one whose successor k+1 has the same structure: same op
kinds in the same order, internal arguments at the same positions) and classify every value it
reads from outside by looking at what iteration k+1 reads at the same place. Folding (free in
hardware, so not a node): ``neg`` (seed 001 section 4: every unit computes +-A +-B or
(+-A)(+-B), so a negation is a sign swap folded into its consumer) and, in characteristic 2,
``add`` of a constant (an inversion of bit 0; see ``spec.binary.pairing._addc``). In characteristic 3
additions of the constant b are kept, because seed 001 counts them (mu = x_P + x_Q + b: 2 adds).
"""

from __future__ import annotations

import heapq
import json
import os
import re
from dataclasses import dataclass
from dataclasses import field as _dcfield
from functools import lru_cache
from typing import Optional

from pairkit import sets
from pairkit.argcheck import json_loads
from pairkit.dse.errors import CyclicGraphError, DDGError, DDGFormatError, UnknownOperationError
from pairkit.errors import PairkitError
from pairkit.sets import Family
from pairkit.spec.trace import trace_json

SCHEMA = "pairkit.dse.ddg"
VERSION = 1
#: base-field operation kinds a DDG node may carry, with their arity
OP_ARITY = {
    "add": 2,
    "sub": 2,
    "mul": 2,
    "neg": 1,
    "sqr": 1,
    "sqrt": 1,
    "cube": 1,
    "cbrt": 1,
    "inv": 1,
    "sqrn": 1,
    "sqrtn": 1,  # sqrn, sqrtn: k squarings (square roots) in one operation (hw.core chains)
    "ca": 6,
    "sca": 6,
    "sqr4n": 4,  # seed 000: C.A (C A, C^2 A), F_{2^4m} squarer chain (hw.core compounds)
    "dmul": 3,
}  # seed 003's DMOCI: A B1 and A B2 in one operation (hw.core compound)
INPUT_KINDS = ("const", "invariant", "carried", "stream", "live-in")
_TRACE_KINDS = set(OP_ARITY) | {"input", "const", "mark"}


@dataclass(frozen=True)
class Input:
    id: str
    label: str = ""
    kind: str = "live-in"
    src: Optional[str] = None  # carried: the producing node
    distance: int = 0  # carried: how many iterations back

    def to_json(self) -> dict:
        d: dict = {"id": self.id, "kind": self.kind}
        if self.label:
            d["label"] = self.label
        if self.kind == "carried":
            d.update(src=self.src, distance=self.distance)
        return d


@dataclass(frozen=True)
class Node:
    id: str
    op: str
    args: tuple
    label: str = ""
    segment: str = ""

    def to_json(self) -> dict:
        d = {"id": self.id, "op": self.op, "args": list(self.args)}
        if self.label:
            d["label"] = self.label
        if self.segment:
            d["segment"] = self.segment
        return d


@dataclass
class DDG:
    """A validated DDG; ``nodes`` are kept in a deterministic topological order."""

    name: str
    scope: str
    nodes: list
    inputs: list
    outputs: list
    field: dict = _dcfield(default_factory=dict)
    meta: dict = _dcfield(default_factory=dict)

    def __post_init__(self) -> None:
        self._validate()

    # -- validation ---------------------------------------------------------------------------
    def _validate(self) -> None:
        if self.scope not in ("iteration", "whole"):
            raise DDGFormatError(f"scope must be 'iteration' or 'whole', not {self.scope!r}")
        ids: set = set()
        for x in list(self.inputs) + list(self.nodes):
            if x.id in ids:
                raise DDGFormatError(f"duplicate id {x.id!r}")
            ids.add(x.id)
        self._validate_nodes(ids)
        self._validate_inputs({n.id for n in self.nodes})
        for o in self.outputs:
            if o not in ids:
                raise DDGFormatError(f"output {o!r} is neither an input nor a node")
        self.nodes = _toposort(self.nodes)

    def _validate_nodes(self, ids: set) -> None:
        for n in self.nodes:
            if n.op not in OP_ARITY:
                raise UnknownOperationError(
                    f"node {n.id}: unknown operation kind {n.op!r} (known: {', '.join(sorted(OP_ARITY))})"
                )
            if len(n.args) != OP_ARITY[n.op]:
                raise DDGFormatError(f"node {n.id}: {n.op} takes {OP_ARITY[n.op]} argument(s), got {len(n.args)}")
            for a in n.args:
                if a not in ids:
                    raise DDGFormatError(f"node {n.id}: argument {a!r} is neither an input nor a node")

    def _validate_inputs(self, node_ids: set) -> None:
        for i in self.inputs:
            if i.kind not in INPUT_KINDS:
                raise DDGFormatError(f"input {i.id}: kind must be one of {', '.join(INPUT_KINDS)}, not {i.kind!r}")
            if i.kind == "carried":
                if i.src not in node_ids:
                    raise DDGFormatError(f"input {i.id}: carried from {i.src!r}, which is not a node")
                if not isinstance(i.distance, int) or isinstance(i.distance, bool) or i.distance < 1:
                    raise DDGFormatError(f"input {i.id}: distance must be an integer >= 1")

    # -- queries -------------------------------------------------------------------------------
    def counts(self) -> dict:
        c: dict = {}
        for n in self.nodes:
            c[n.op] = c.get(n.op, 0) + 1
        return dict(sorted(c.items()))

    def carried_edges(self) -> list:
        """Loop-carried dependences (src node, reading node, distance), sorted."""
        carried = {i.id: i for i in self.inputs if i.kind == "carried"}
        out = set()
        for n in self.nodes:
            for a in n.args:
                if a in carried:
                    out.add((carried[a].src, n.id, carried[a].distance))
        return sorted(out)

    def to_json(self) -> dict:
        return {
            "schema": SCHEMA,
            "version": VERSION,
            "name": self.name,
            "scope": self.scope,
            "field": self.field,
            "inputs": [i.to_json() for i in self.inputs],
            "nodes": [n.to_json() for n in self.nodes],
            "outputs": list(self.outputs),
            "meta": self.meta,
        }

    @classmethod
    def from_json(cls, d) -> "DDG":
        if not isinstance(d, dict):
            raise DDGFormatError("a DDG must be a JSON object")
        if d.get("schema") != SCHEMA:
            raise DDGFormatError(f"schema must be {SCHEMA!r}, not {d.get('schema')!r}")
        if d.get("version") != VERSION:
            raise DDGFormatError(f"unsupported {SCHEMA} version {d.get('version')!r} (this is version {VERSION})")
        try:
            inputs = [
                Input(
                    id=_s(i["id"]),
                    label=str(i.get("label", "")),
                    kind=_s(i.get("kind", "live-in")),
                    src=i.get("src"),
                    distance=i.get("distance", 0),
                )
                for i in _list(d, "inputs")
            ]
            nodes = [
                Node(
                    id=_s(n["id"]),
                    op=_s(n["op"]),
                    args=tuple(_s(a) for a in _list(n, "args")),
                    label=str(n.get("label", "")),
                    segment=str(n.get("segment", "")),
                )
                for n in _list(d, "nodes")
            ]
            outputs = [_s(o) for o in d.get("outputs", [])]
        except (KeyError, TypeError, AttributeError) as e:
            raise DDGFormatError(f"malformed DDG JSON: {type(e).__name__}: {e}") from None
        return cls(
            name=str(d.get("name", "")),
            scope=d.get("scope", "iteration"),
            nodes=nodes,
            inputs=inputs,
            outputs=outputs,
            field=dict(d.get("field") or {}),
            meta=dict(d.get("meta") or {}),
        )


def _s(x) -> str:
    if not isinstance(x, str):
        raise TypeError(f"expected a string, got {x!r}")
    return x


def _list(d, key) -> list:
    v = d[key]
    if not isinstance(v, list):
        raise TypeError(f"{key!r} must be a list")
    return v


def _toposort(nodes: list) -> list:
    """Kahn's algorithm, smallest original position first (keeps an already topological order)."""
    pos = {n.id: i for i, n in enumerate(nodes)}
    indeg = [0] * len(nodes)
    succ: list = [[] for _ in nodes]
    for i, n in enumerate(nodes):
        for a in set(n.args):
            if a in pos:
                indeg[i] += 1
                succ[pos[a]].append(i)
    heap = [i for i, d in enumerate(indeg) if d == 0]
    heapq.heapify(heap)
    order = []
    while heap:
        i = heapq.heappop(heap)
        order.append(nodes[i])
        for j in succ[i]:
            indeg[j] -= 1
            if indeg[j] == 0:
                heapq.heappush(heap, j)
    if len(order) != len(nodes):
        stuck = sorted(nodes[i].id for i, d in enumerate(indeg) if d > 0)
        raise CyclicGraphError(
            f"the dependence graph has a cycle through {len(stuck)} node(s), e.g. "
            f"{', '.join(stuck[:6])} (loop-carried dependences must be carried inputs)"
        )
    return order


# ------------------------------------------------------------------------------------ traces


@dataclass
class _Op:
    kind: str
    args: tuple
    out: int
    label: str
    seg: int
    pos: int  # position inside its segment


def _parse_trace(trace, fold_neg: bool, fold_const_add: Optional[bool]):
    if not isinstance(trace, dict) or not isinstance(trace.get("ops"), list):
        raise DDGFormatError("a trace must be a JSON object with an 'ops' list")
    fld = trace.get("field") or {}
    if not isinstance(fld, dict):
        raise DDGFormatError("'field' must be an object")
    p = fld.get("p", 2)
    if fold_const_add is None:
        fold_const_add = p == 2
    defined = _check_trace_ops(trace["ops"])
    ops, segs, ext, folded = _fold_trace_ops(trace["ops"], defined, fold_neg, fold_const_add)
    return fld, ops, segs, ext, folded


def _check_trace_ops(trace_ops: list) -> dict:
    """The trace's operations checked (kinds, ids, arities); id -> index of the operation defining it."""
    defined: dict = {}
    for i, o in enumerate(trace_ops):
        if not isinstance(o, dict) or not isinstance(o.get("kind"), str):
            raise DDGFormatError(f"op #{i}: must be an object with a string 'kind'")
        if o["kind"] not in _TRACE_KINDS:
            raise UnknownOperationError(f"op #{i}: unknown operation kind {o['kind']!r}")
        args, out = o.get("args", []), o.get("out")
        if not isinstance(args, list) or not all(isinstance(a, int) and not isinstance(a, bool) for a in args):
            raise DDGFormatError(f"op #{i}: 'args' must be a list of integer ids")
        if o["kind"] == "mark":
            continue
        if not isinstance(out, int) or isinstance(out, bool) or out < 0:
            raise DDGFormatError(f"op #{i}: 'out' must be a non-negative integer id")
        if out in defined:
            raise DDGFormatError(f"op #{i}: id {out} is defined twice (a trace is single-assignment)")
        if o["kind"] in OP_ARITY and len(args) != OP_ARITY[o["kind"]]:
            raise DDGFormatError(f"op #{i}: {o['kind']} takes {OP_ARITY[o['kind']]} argument(s), got {len(args)}")
        defined[out] = i
    return defined


def _fold_trace_ops(trace_ops: list, defined: dict, fold_neg: bool, fold_const_add: bool) -> tuple:
    """(operations, segments, inputs and constants, fold counts): negations and additions of a constant
    folded into their readers as asked, the operations split into segments at the marks."""
    alias: dict = {}
    folded: dict = {}
    ext: dict = {}  # id -> (kind "input"|"const", label)
    ops: list = []
    segs: list = [("prologue", [])]
    for i, o in enumerate(trace_ops):
        k = o["kind"]
        if k == "mark":
            segs.append((o.get("label") or f"mark {i}", []))
            continue
        if k in ("input", "const"):
            ext[o["out"]] = (k, str(o.get("label", "")))
            continue
        args = []
        for a in o["args"]:
            if defined.get(a, -1) > i:
                raise DDGFormatError(f"op #{i}: id {a} is used before it is defined")
            args.append(alias.get(a, a))
        if fold_neg and k == "neg":
            alias[o["out"]] = args[0]
            folded["neg"] = folded.get("neg", 0) + 1
            continue
        if fold_const_add and k == "add":
            c = [ext.get(a, ("",))[0] == "const" for a in args]
            if c[0] != c[1]:
                alias[o["out"]] = args[1] if c[0] else args[0]
                folded["add-const"] = folded.get("add-const", 0) + 1
                continue
        seg = len(segs) - 1
        ops.append(_Op(k, tuple(args), o["out"], str(o.get("label", "")), seg, len(segs[-1][1])))
        segs[-1][1].append(len(ops) - 1)
    return ops, segs, ext, folded


def from_trace(
    trace,
    whole: bool = False,
    *,
    fold_neg: bool = True,
    fold_const_add: Optional[bool] = None,
    name: Optional[str] = None,
) -> DDG:
    """The DDG of one steady-state loop iteration (default) or of the whole trace (``whole=True``).

    ``trace`` is the spec's trace JSON (``pairkit trace --whole`` or ``spec.api.trace_json``). A
    one-iteration trace (``pairkit trace`` without ``--whole``) gives a DDG without loop-carried
    information (its reads are ``live-in``; ``meta.warnings`` says so).
    """
    fld, ops, segs, ext, folded = _parse_trace(trace, fold_neg, fold_const_add)
    name = name or "/".join(str(trace[k]) for k in ("set", "alg") if k in trace) or "trace"
    prod = {o.out: o for o in ops}
    readers: dict = {}
    for o in ops:
        for a in o.args:
            readers.setdefault(a, set()).add(o.seg)
    meta = {"source": trace.get("source", "trace"), "folded_in_trace": folded, "warnings": []}

    def ext_input(a) -> Input:
        kind, label = ext.get(a, ("", ""))
        return Input(f"v{a}", label, "const" if kind == "const" else "live-in")

    if whole:
        nodes = [
            Node(f"n{o.out}", o.kind, tuple(f"n{a}" if a in prod else f"v{a}" for a in o.args), o.label, segs[o.seg][0])
            for o in ops
        ]
        used = sorted({a for o in ops for a in o.args if a not in prod})
        outs = [f"n{o.out}" for o in ops if o.out not in readers]
        meta["segments"] = [s[0] for s in segs if s[1]]
        return DDG(name, "whole", nodes, [ext_input(a) for a in used], outs, fld, meta)

    loop, k, steady = _steady_iteration(ops, segs, prod, meta)
    j = loop[k]
    A = segs[j][1]
    nid = {ops[x].out: f"n{ops[x].out}" for x in A}
    classes = _read_roles(ops, segs, prod, ext, loop, k, nid) if steady else {}
    inputs = []
    for a in sorted({a for x in A for a in ops[x].args if a not in nid}):
        role = classes.get(a)
        base = ext_input(a)
        if role is None:
            inputs.append(base)
        elif role[0] == "carried":
            inputs.append(Input(f"v{a}", base.label, "carried", role[1], role[2]))
        else:
            inputs.append(Input(f"v{a}", base.label, role[0]))
    nodes = [
        Node(nid[ops[x].out], ops[x].kind, tuple(nid.get(a, f"v{a}") for a in ops[x].args), ops[x].label, segs[j][0])
        for x in A
    ]
    carried_src = {i.src for i in inputs if i.kind == "carried"}
    outs = [
        nid[ops[x].out]
        for x in A
        if nid[ops[x].out] in carried_src
        or any(s > j for s in readers.get(ops[x].out, ()))
        or ops[x].out not in readers
    ]
    undefined = [i for i in inputs if i.kind == "live-in" and int(i.id[1:]) not in ext]
    if undefined:
        meta["warnings"].append(
            f"{len(undefined)} value(s) read by the iteration are not defined in the trace "
            "(a one-iteration slice?): constants among them are not recognised, so additions "
            "of constants are not folded; use a whole trace (pairkit trace --whole)"
        )
    meta["iteration"] = segs[j][0]
    meta["iterations_in_trace"] = len(loop)
    return DDG(name, "iteration", nodes, inputs, outs, fld, meta)


def _steady_iteration(ops: list, segs: list, prod: dict, meta: dict) -> tuple:
    """(the iteration segments, the index k of the one taken, whether iteration k + 1 has its structure)."""
    loop = [j for j, s in enumerate(segs) if re.match(r"iter\b", s[0])]
    if not loop:
        loop = [j for j, s in enumerate(segs) if s[1]][:1]
        meta["warnings"].append("the trace has no 'iter' marks: the whole trace is taken as one iteration")
    if not loop:
        raise DDGError("the trace has no operations")

    def internal(a, j):
        o = prod.get(a)
        return o.pos if o is not None and o.seg == j else None

    def iso(j1, j2) -> bool:
        A, B = segs[j1][1], segs[j2][1]
        if len(A) != len(B):
            return False
        for x, y in zip(A, B):
            ox, oy = ops[x], ops[y]
            if ox.kind != oy.kind or any(internal(a, j1) != internal(b, j2) for a, b in zip(ox.args, oy.args)):
                return False
        return True

    found = next((t for t in range(len(loop) - 1) if (t >= 1 or len(loop) == 2) and iso(loop[t], loop[t + 1])), None)
    steady = found is not None
    k = found if found is not None else (1 if len(loop) > 1 else 0)
    if not steady:
        meta["warnings"].append(
            "no two consecutive iterations have the same structure (or the trace holds one "
            "iteration): loop-carried dependences are unknown, reads are 'live-in'"
        )
    return loop, k, steady


def _read_roles(ops: list, segs: list, prod: dict, ext: dict, loop: list, k: int, nid: dict) -> dict:
    """The role of each value iteration k reads from outside, from what iteration k + 1 reads in its place:
    ("const",), ("carried", node, distance), ("invariant",) or ("stream",)."""
    j = loop[k]
    A = segs[j][1]
    classes: dict = {}
    B = segs[loop[k + 1]][1]
    for x, y in zip(A, B):
        for a, b in zip(ops[x].args, ops[y].args):
            if a in nid:
                continue
            c = _read_role(ops, segs, prod, ext, loop, k, a, b)
            if classes.setdefault(a, c) != c:
                raise DDGError(
                    f"value {a} read by {segs[j][0]!r} plays two roles in the next iteration "
                    f"({classes[a]} and {c}); the iterations are not structurally identical"
                )
    return classes


def _read_role(ops: list, segs: list, prod: dict, ext: dict, loop: list, k: int, a, b) -> tuple:
    """The role of value ``a`` read by iteration k, read as ``b`` by iteration k + 1."""
    j = loop[k]
    A = segs[j][1]
    if ext.get(a, ("",))[0] == "const" and ext.get(b, ("",))[0] == "const":
        return ("const",)
    if b in prod and prod[b].seg in loop and loop.index(prod[b].seg) <= k:
        src_seg = prod[b].seg
        d = k + 1 - loop.index(src_seg)
        if src_seg != j and [ops[z].kind for z in segs[src_seg][1]] != [ops[z].kind for z in A]:
            raise DDGError(
                f"iteration {segs[src_seg][0]!r} feeds {segs[loop[k + 1]][0]!r} across "
                f"{d} iterations but differs in structure from {segs[j][0]!r}"
            )
        return ("carried", f"n{ops[A[prod[b].pos]].out}", d)
    if b == a:
        return ("invariant",)
    return ("stream",)


# ------------------------------------------------------------------------------ from the spec


@lru_cache(maxsize=16)
def _spec_trace_text(set_id: str, alg: str) -> str:
    return json.dumps(trace_json(set_id, alg, whole=True))


def spec_trace(set_id: str, alg: str) -> dict:
    """The whole symbolic trace of (set, alg) from the spec (cached; a fresh dict each call)."""
    return json.loads(_spec_trace_text(set_id, alg))


def from_spec(set_id: str, alg: str, whole: bool = False) -> DDG:
    """The DDG of (set, alg): the spec's trace (``pairkit.spec.trace.trace_json``, what
    ``pairkit trace`` does), cut to one steady-state iteration unless ``whole``.

    Until the characteristic-3 spec provides its trace, ``ss3-97``/``duursma-lee`` falls back to the
    hand-written Alg. 2.1 of :mod:`pairkit.dse.mock` (``meta.source`` says so)."""
    try:
        tr = spec_trace(set_id, alg)
    except (PairkitError, ImportError, AttributeError, KeyError, TypeError) as e:
        from pairkit.dse import mock

        if set_id in sets.ids() and sets.get(set_id).family is Family.CHAR3 and alg == "duursma-lee":
            tr = mock.alg21_trace()
            tr.update(set=set_id, alg=alg)
            d = from_trace(tr, whole)
            d.meta["warnings"].append(
                f"the spec has no characteristic-3 trace yet ({type(e).__name__}: {e}); "
                "using the hand-written seed 001 Alg. 2.1 of pairkit.dse.mock"
            )
            return d
        if isinstance(e, PairkitError):
            raise
        raise DDGError(f"no trace for {set_id}/{alg}: {type(e).__name__}: {e}") from None
    return from_trace(tr, whole)


def load(obj, whole: bool = False) -> DDG:
    """A DDG from parsed JSON: either a DDG document (schema ``pairkit.dse.ddg``) or a spec trace
    (``whole`` chooses the scope of a trace's DDG)."""
    if isinstance(obj, dict) and "schema" in obj:
        return DDG.from_json(obj)
    if isinstance(obj, dict) and "ops" in obj:
        return from_trace(obj, whole)
    raise DDGFormatError("expected a DDG (with 'schema') or a trace (with 'ops')")


#: the largest graph pairkit.dse reads (operations of a trace, nodes of a DDG; docs/DSE.md "Limits"):
#: the spec's largest whole Miller loop has a few ten thousand
MAX_DDG_OPS = 200_000


def _check_size(obj) -> None:
    if isinstance(obj, dict):
        for key in ("ops", "nodes"):
            v = obj.get(key)
            if isinstance(v, list) and len(v) > MAX_DDG_OPS:
                from pairkit.dse.errors import DSELimitError

                raise DSELimitError(f"--trace: {len(v):,} {key} exceed the limit of {MAX_DDG_OPS:,}")


def load_file(path: str, whole: bool = False) -> DDG:
    if os.path.isdir(path):
        raise DDGFormatError(f"cannot read {path}: is a directory")
    try:
        with open(path, "rb") as fh:
            raw = fh.read()
    except OSError as e:
        raise DDGFormatError(f"cannot read {path}: {e.strerror or e}") from None

    try:
        obj = json_loads(raw.decode("utf-8"))
    except UnicodeDecodeError as e:
        raise DDGFormatError(f"{path} is not UTF-8 text (byte {raw[e.start]:#04x} at offset {e.start})") from None
    except json.JSONDecodeError as e:
        raise DDGFormatError(f"{path} is not valid JSON: {e}") from None
    except RecursionError:
        raise DDGFormatError(f"{path}: JSON nested too deeply") from None
    _check_size(obj)
    try:
        return load(obj, whole)
    except PairkitError:
        raise
    except (KeyError, TypeError, AttributeError, IndexError, ValueError, RecursionError) as e:
        raise DDGFormatError(f"{path}: malformed trace or DDG: {type(e).__name__}: {e}") from None
