"""The whole pairing as a program of base-field operations: the spec's trace, lowered for a core.

:func:`lower` runs the spec's Miller loop *and* final exponentiation on symbolic values
(:class:`pairkit.spec.trace.TracingField`) and rewrites the trace into the operations a core's units
execute:

* every operand is a pair (value, sign): ``neg`` disappears into the signs of its readers (seed 001
  section 4: "every unit computes +-A +-B or (+-A)(+-B)"), ``sub(a, b)`` is ``add(a, -b)``; in
  characteristic 3 ``sqr(a)`` is ``mul(a, a)`` ("square is counted as one multiplication", seed 001
  section 2);
* constants are folded where the result is known without a unit (x + 0, (+-1) x, 0 x, and any
  operation on constants only); the remaining constants are hard-wired operand sources;
* ``inv`` becomes the Itoh--Tsujii chain on the multiplier and the Frobenius unit when the unit mix
  has no inverter (x^{-1} = x^{p^m - 2}; seed 000 Eq. 7 and seed 003 Alg. 4 for p = 2, the same
  addition chain on (3^k - 1)/2 for p = 3).

The lowered program is cut into blocks along the spec's ``mark``s: the *loop* is the longest run of
consecutive iterations that execute the same code on values carried from the previous iteration
(the micro-code of one iteration runs that many times); everything before it (iterations that read
constants, e.g. f = 1 in the first one) is the *prologue* and everything after it (the last
iterations if they differ, the correction factor, the final exponentiation) is the *epilogue*.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pairkit import sets
from pairkit.hw.core.common_input import merge_common, pair_products
from pairkit.hw.core.errors import CoreError

# the operation vocabulary (ops.py, shared with common_input.py), re-exported for the passes
from pairkit.hw.core.ops import BINARY, COMPOUND_FIXED, UNARY, Op, Operand, base_kind, out_port  # noqa: F401
from pairkit.sets import Family
from pairkit.spec import pairing_for
from pairkit.spec.binary.gf2m import itoh_tsujii
from pairkit.spec.binary.tower import f4_pow_2k, f4_sqr
from pairkit.spec.char3.tower import f6_flat
from pairkit.spec.trace import TracingField


@dataclass
class Program:
    """A lowered pairing. Value ids: inputs, constants and op outputs share one id space."""

    set_id: str
    alg: str
    p: int
    m: int
    inputs: list  # [(value id, name)] in host order: xP, yP, xQ, yQ
    consts: dict  # value id -> field element (spec encoding)
    ops: list  # of Op, in trace order
    segments: list  # [(label, [op indices])]
    outputs: list  # [Operand]: the final value's coordinates
    states: list  # per Miller iteration: [Operand] of the accumulator's coordinates
    trace_of: dict = field(default_factory=dict)  # value id -> spec trace id
    iter_segments: list = field(default_factory=list)  # segment index of Miller iteration i (1-based order)
    inv_values: frozenset = frozenset()  # the values of the lowered GF(p^m) inversions (Itoh-Tsujii chains)

    def counts(self, segs=None) -> dict:
        """Unit operations per kind (a compound operation once, by its leader)."""
        c: dict = {}
        for o in self.ops:
            if (segs is None or o.seg in segs) and not o.follower:
                c[o.kind] = c.get(o.kind, 0) + 1
        return dict(sorted(c.items()))


class _ValueTrace(TracingField):
    """A TracingField that also remembers the concrete value of every symbol; with ``inverter`` the
    spec's GF(2^m) inversions are recorded as one ``inv`` (the core has an inverter unit) instead of
    their Itoh-Tsujii chain of products and squarings."""

    def __init__(self, base, inverter: bool = False, compound=()):
        super().__init__(base)
        self.values: dict = {}
        self.compound_kinds = dict(compound) if isinstance(compound, dict) else dict.fromkeys(compound)
        self.inv_ids: set = set()  # trace ids of the spec's Itoh-Tsujii chains (no inverter unit)
        self.inverter = self.inv if inverter else None if self.ternary else self._itoh_tsujii

    def _itoh_tsujii(self, x):
        """The spec's GF(2^m) inversion (Itoh-Tsujii on products and squarings), its ops remembered."""
        n0 = len(self.ops)
        r = itoh_tsujii(self, x)
        self.inv_ids.update(o.out for o in self.ops[n0:])
        return r

    def compound(self, name: str, fn, args):
        """An F_{2^{4m}} operation of the spec (:func:`pairkit.spec.binary.tower.unit_op`) recorded as one
        multi-output operation when the core has a unit for it: outputs ``name.0`` .. ``name.k``, every
        one reading all the operands (flattened, in order). ``ca``/``sca``: the int argument e is
        hard-wired to 1 in the unit; ``sqr4n`` (a^{2^k}): floor(k / K) operations of the unit's K
        squarings, the remaining k mod K squarings on base-field operations."""
        if name not in self.compound_kinds:
            return None
        if name == "sqr4n":
            a, k = args
            K = self.compound_kinds[name]
            for _ in range(k // K):
                a = self._group(name, (a,), tuple(f4_pow_2k.__wrapped__(self.base, tuple(x.value for x in a), K)))
            for _ in range(k % K):
                a = f4_sqr(self, a)
            return a
        if args[-1] != COMPOUND_FIXED[name]:
            return None
        conc = [tuple(x.value for x in a) if isinstance(a, tuple) else a.value for a in args[:-1]]
        return self._group(name, args[:-1], fn(self.base, *conc, args[-1]))

    def _group(self, name: str, args, res) -> tuple:
        flat: list = []
        for a in args:
            flat.extend(a if isinstance(a, tuple) else (a,))
        ids = tuple(x.id for x in flat)
        return tuple(self._new(f"{name}.{j}", ids, v, name) for j, v in enumerate(res))

    def _new(self, kind, args, value, label=""):
        s = super()._new(kind, args, value, label)
        self.values[s.id] = value
        return s


def spec_of(spec):
    """The spec's staged pairing object of a set: ``spec`` is a set id (the object is built here) or the
    object itself (returned as it is: flow.compile_core builds it once per core and passes it on)."""
    if not isinstance(spec, str):
        return spec
    return pairing_for(spec)


def flat_gt(set_id: str, x) -> tuple:
    """The GT element's base-field coordinates in the public encoding's order."""
    if sets.get(set_id).family is Family.CHAR3:
        return f6_flat(x)
    return tuple(x)


def modify(F, p: int, x, flag: bool):
    """An operand's modifier: -x in characteristic 3 (the units' sign inputs); x + 1 in characteristic
    2 (an inverted bit 0 at the unit's input, seed 000's "wire inversion" of _addc)."""
    if not flag:
        return x
    return F.neg(x) if p == 3 else F.add(x, F.one)


def run_trace(spec, alg: str, P, Q, inverter: bool = False, compound=()):
    """The spec's whole pairing on (P, Q) as a value-recording trace; returns (T, inputs, states, out).
    ``spec``: a set id or its spec object (spec_of); ``compound``: the compound operation kinds recorded
    as one operation each (the mix's units)."""
    S = spec_of(spec)
    set_id = S.set_id
    S.check_alg(alg)
    T = _ValueTrace(S.F, inverter, compound)
    Pp = tuple(T.input(n, v) for n, v in zip(("xP", "yP"), P))
    Qp = tuple(T.input(n, v) for n, v in zip(("xQ", "yQ"), Q))
    states: list = []
    f = S.miller_loop(alg, Pp, Qp, states=states, F=T)
    T.mark("final exponentiation")
    g = S.final_exponentiation(alg, f, F=T)
    ins = [s.id for s in (*Pp, *Qp)]
    sts = [[s.id for s in flat_gt(set_id, st)] for st in states]
    return T, ins, sts, [s.id for s in flat_gt(set_id, g)]


class _Lowerer:
    def __init__(self, F, p: int, has_inv: bool):
        self.F, self.p, self.has_inv = F, p, has_inv
        self.ops: list = []
        self.consts: dict = {}  # value id -> element
        self.const_id: dict = {}  # element -> value id
        self.alias: dict = {}  # trace id -> Operand
        self.next = 0
        self.seg = 0
        self.pos = 0
        self.flip_seg: dict = {}  # trace id -> segment where its +1 modifier was folded (p = 2)
        self.materialised: dict = {}  # (trace id, segment) -> Operand
        self.inv_values: set = set()  # value ids made by lower_inv

    def reader_operand(self, tid) -> Operand:
        """The operand a reader in the current segment uses for trace value ``tid``. In characteristic 2
        a folded +1 stays inside its segment: a later iteration reading it gets it added by an adder
        (otherwise the modifier's parity would differ from iteration to iteration, e.g. v <- v + 1)."""
        a = self.alias[tid]
        if self.p != 2 or not a.neg or self.flip_seg.get(tid, self.seg) == self.seg:
            return a
        key = (tid, self.seg)
        if key not in self.materialised:
            self.materialised[key] = self.raw("add", (Operand(a.value), self.const(self.F.one)))
        return self.materialised[key]

    def new_id(self) -> int:
        self.next += 1
        return self.next - 1

    def const(self, c) -> Operand:
        k = c if not isinstance(c, list) else tuple(c)
        if k not in self.const_id:
            v = self.new_id()
            self.const_id[k] = v
            self.consts[v] = c
        return Operand(self.const_id[k])

    def cval(self, o: Operand):
        """The constant's value with its modifier, or None."""
        if o.value not in self.consts:
            return None
        return modify(self.F, self.p, self.consts[o.value], o.neg)

    def emit(self, kind, args, trace_id=None) -> Operand:
        # constant folding: no unit needed when the result is known
        cs = [self.cval(a) for a in args]
        F = self.F
        if all(c is not None for c in cs):
            return self.const(_apply(F, kind, cs))
        if kind == "add":
            for i in (0, 1):
                if cs[i] is not None and cs[i] == F.zero:
                    return args[1 - i]
                if self.p == 2 and cs[i] is not None and cs[i] == F.one:  # x + 1: bit 0 inverted at the reader
                    a = args[1 - i]
                    return Operand(a.value, not a.neg)
        if kind == "mul":
            for i in (0, 1):
                c = cs[i]
                if c is None:
                    continue
                if c == F.zero:
                    return self.const(F.zero)
                if c == F.one:
                    return args[1 - i]
                if self.p == 3 and c == F.neg(F.one):
                    a = args[1 - i]
                    return Operand(a.value, not a.neg)
        return self.raw(kind, args, trace_id)

    def raw(self, kind, args, trace_id=None, group=None) -> Operand:
        v = self.new_id()
        self.ops.append(Op(v, kind, tuple(args), self.seg, self.pos, trace_id, v if group == -1 else group))
        self.pos += 1
        return Operand(v)

    def lower_inv(self, a: Operand, trace_id) -> Operand:
        """Itoh--Tsujii: x^{-1} = x^{p^m - 2} with the multiplier and the Frobenius unit only."""
        frob = "cube" if self.p == 3 else "sqr"
        m = self.F.m
        # r_k = x^{(p^k - 1)/(p - 1)}: r_{i+j} = r_i^{p^j} r_j, r_1 = x (seed 003 Alg. 4's chain for p = 2)
        n = m - 1
        r, k = a, 1
        for bit in bin(n)[3:]:
            t = r
            for _ in range(k):
                t = self.emit(frob, (t,))
            r, k = self.emit("mul", (t, r)), 2 * k
            if bit == "1":
                r, k = self.emit("mul", (self.emit(frob, (r,)), a)), k + 1
        if self.p == 2:  # x^{2^m - 2} = (x^{2^{m-1} - 1})^2
            return self.emit("sqr", (r,), trace_id)
        y = self.emit("mul", (r, r))  # x^{3^{m-1} - 1}
        return self.emit("mul", (self.emit("cube", (y,)), a), trace_id)  # x^{3^m - 3} x


def _apply(F, kind, cs):
    if kind == "add":
        return F.add(cs[0], cs[1])
    if kind == "mul":
        return F.mul(cs[0], cs[1])
    return getattr(F, kind)(cs[0])


def lower(spec, alg: str, *, has_inv: bool = False, P=None, Q=None, chains: dict | None = None, compound=()) -> Program:
    """Lower the spec's whole pairing (``spec``: a set id or its spec object, spec_of; alg) for a core (see
    the module docstring).

    The trace is taken on (P, Q) (default: the generator twice); the program does not depend on
    the points (the spec's pairings have no data-dependent control flow). ``chains`` maps a chain
    operation kind (``sqrn``, ``sqrtn``) to k: runs of k single squarings (square roots) whose
    intermediate results nothing else reads become one operation (:func:`_fuse_chains`).
    ``compound`` names the compound operations (``sca``, ``ca``) the core's units execute whole: each
    becomes a group of operations ``kind``, ``kind.1``, .. (one per output, consecutive, the same
    operands) that is scheduled as one unit operation."""
    S = spec_of(spec)
    set_id = S.set_id
    F = S.F
    p = 3 if S.family is Family.CHAR3 else 2
    P = P or S.generator
    Q = Q or S.generator
    T, ins, states, outs = run_trace(S, alg, P, Q, inverter=has_inv, compound=compound)
    consts = {s.id: c for c, s in T.constants.items()}
    L = _Lowerer(F, p, has_inv)
    leader = None
    seg_labels = ["prologue"]
    inputs = []
    for o in T.ops:
        k = o.kind
        if k == "mark":
            seg_labels.append(o.label)
            L.seg, L.pos = len(seg_labels) - 1, 0
            continue
        if k == "input":
            v = L.new_id()
            L.alias[o.out] = Operand(v)
            inputs.append((v, o.label))
            continue
        if k == "const":
            L.alias[o.out] = L.const(consts[o.out])
            continue
        a = [L.reader_operand(x) for x in o.args]
        r, leader = _lower_op(L, T, o, a, has_inv, leader, f"{set_id}/{alg}")
        if r.neg and L.alias.get(o.out) is None:
            L.flip_seg[o.out] = L.seg
        L.alias[o.out] = r
    outputs = []
    for i in outs:  # a register holds a value, not a modified one: materialise -x (x + 1) as (-x) + 0
        o = L.alias[i]
        outputs.append(L.raw("add", (o, L.const(F.zero))) if o.neg else o)
    ops, outputs = _fuse_and_pair(L, _live_ops(L.ops, outputs), outputs, states, chains, compound)
    segs: list = [(lab, []) for lab in seg_labels]
    for i, o in enumerate(ops):
        o.pos = len(segs[o.seg][1])
        segs[o.seg][1].append(i)
    trace_of: dict = {}
    for tid, opd in L.alias.items():
        if not opd.neg:
            trace_of.setdefault(opd.value, tid)
    iter_segs = [i for i, (lab, _) in enumerate(segs) if lab.startswith("iter ")]
    inv_values = L.inv_values | {L.alias[t].value for t in T.inv_ids if t in L.alias}
    return Program(
        set_id,
        alg,
        p,
        F.m,
        inputs,
        L.consts,
        ops,
        segs,
        outputs,
        [[L.alias[i] for i in st] for st in states],
        trace_of,
        iter_segs,
        frozenset(inv_values),
    )


def _lower_op(L, T, o, a: list, has_inv: bool, leader, what: str):
    """(the operand trace operation ``o`` becomes, given its lowered arguments ``a``; the leader of the
    compound operation being lowered)."""
    k, p, F = o.kind, L.p, L.F
    if k == "neg":
        r = a[0] if p == 2 else Operand(a[0].value, not a[0].neg)
    elif k == "add" and p == 2 and a[0].value == a[1].value and a[0].neg == a[1].neg:
        r = L.const(F.zero)  # x + x
    elif k == "sub":
        r = L.emit("add", (a[0], Operand(a[1].value, not a[1].neg) if p == 3 else a[1]), o.out)
    elif k == "sqr" and p == 3:
        r = L.emit("mul", (a[0], a[0]), o.out)
    elif k == "inv" and not has_inv:
        first = L.next
        r = L.lower_inv(a[0], o.out)
        L.inv_values.update(range(first, L.next))
    elif "." in k:  # output j of a compound operation (consecutive in the trace, port order)
        if all(L.cval(x) is not None for x in a):
            r = L.const(T.values[o.out])
        else:
            j = out_port(k)
            r = L.raw(base_kind(k) if j == 0 else k, tuple(a), o.out, -1 if j == 0 else leader)
            if j == 0:
                leader = r.value
    elif k in ("add", "mul"):
        r = L.emit(k, tuple(a), o.out)
    elif k in UNARY:
        r = L.emit(k, (a[0],), o.out)
    else:
        raise CoreError(f"{what}: the spec trace has an operation {k!r} no core unit executes")
    return r, leader


def _fuse_and_pair(L, ops: list, outputs: list, states: list, chains: dict | None, compound) -> tuple:
    """(operations, outputs) after fusing the chains and, with the DMOCI, pairing products with a
    common input (common_input.py)."""
    for kind, k in sorted((chains or {}).items()):
        ops = _fuse_chains(ops, kind, k, [a for st in states for a in (L.alias[i] for i in st)] + outputs)
    if "dmul" in (compound or ()):
        ops, remap = merge_common(ops)
        for tid, opd in list(L.alias.items()):
            if opd.value in remap:
                L.alias[tid] = Operand(remap[opd.value], opd.neg)
        outputs = [Operand(remap.get(o.value, o.value), o.neg) for o in outputs]
        ops = pair_products(_live_ops(ops, outputs))
    return ops, outputs


#: the single operation each chain operation kind repeats (the chain units of config.py)
CHAIN_OF = {"sqrn": "sqr", "sqrtn": "sqrt"}


def _fuse_chains(ops: list, kind: str, k: int, keep: list) -> list:
    """Replace runs of ``k`` single operations x -> f(x) (f = sqr or sqrt) by one ``kind`` operation:
    a run stays inside one segment (so iterations still repeat each other), reads no modified operand,
    and its intermediate results have no other reader and are neither a Miller state nor an output.
    The fused operation keeps the id (and the spec twin) of the run's last result; a chain of length
    L becomes floor(L / k) fused operations and L mod k single ones (seed 003's chains of square
    roots, the Itoh-Tsujii squarings, the final exponentiations' powers 2^j)."""
    single = CHAIN_OF[kind]
    readers: dict = {}
    for o in ops:
        for a in o.args:
            readers[a.value] = readers.get(a.value, 0) + 1
    pinned = {a.value for a in keep}
    by_id = {o.id: o for o in ops}
    nxt = {}  # op id -> the single op of the same segment that reads it (its only reader)
    for o in ops:
        if o.kind == single and not o.args[0].neg:
            src = by_id.get(o.args[0].value)
            if (
                src is not None
                and src.kind == single
                and src.seg == o.seg
                and readers.get(src.id) == 1
                and src.id not in pinned
            ):
                nxt[src.id] = o
    inner = {x.id for x in nxt.values()}
    starts = [o for o in ops if o.kind == single and o.id not in inner]
    replace: dict = {}  # op id -> new op (or None: removed)
    for o in starts:
        run = [o]
        while run[-1].id in nxt:
            run.append(nxt[run[-1].id])
        src = o.args[0]
        for g in range(len(run) // k):
            grp = run[g * k : (g + 1) * k]
            last = grp[-1]
            for x in grp[:-1]:
                replace[x.id] = None
            replace[last.id] = Op(last.id, kind, (src,), last.seg, last.pos, last.trace_id)
            src = Operand(last.id)
        rest = run[(len(run) // k) * k :]
        if rest and len(run) >= k:  # the first single op after the fused ones now reads the last fused result
            r0 = rest[0]
            replace[r0.id] = Op(r0.id, single, (src,), r0.seg, r0.pos, r0.trace_id)
    out = []
    for o in ops:
        if o.id in replace:
            if replace[o.id] is not None:
                out.append(replace[o.id])
        else:
            out.append(o)
    return out


def _live_ops(ops: list, outputs: list) -> list:
    """Dead-code elimination: the operations the outputs depend on, in trace order (a compound
    operation whole when any of its outputs is read)."""
    live = {o.value for o in outputs}
    members: dict = {}
    for o in ops:
        if o.group is not None:
            members.setdefault(o.group, []).append(o.id)
    keep = []
    for o in reversed(ops):  # a compound operation's outputs live together (its readers all come later)
        if o.id in live or (o.group is not None and any(x in live for x in members[o.group])):
            keep.append(o)
            live.update(a.value for a in o.args)
    return keep[::-1]


def retime(prog: Program) -> Program:
    """Software-pipeline the Miller loop by one stage: the operations of iteration i + 1 that do not
    depend on the accumulator (the line function's operands: seed 000's w, z and the alpha^4, beta^4,
    u, v, theta updates) move into iteration i, where they run beside iteration i's accumulator
    products instead of before iteration i + 1's (the overlap a modulo schedule gives, seed 001
    section 3's "iterations may overlap", made with the loop cut rather than in the scheduler).

    An operation is *accumulator-dependent* when it reads a Miller state (the accumulator after an
    iteration) or an accumulator-dependent value; the others of iteration segment i + 1 join segment
    i. Trace order is unchanged (the moved operations read only values of iterations <= i + 1 that are
    not accumulator-dependent, and nothing of iteration i reads them), so every value, state and
    output is the same; the first iteration's segment then holds one more stage (the prologue) and
    the last one only its products (the epilogue)."""
    its = prog.iter_segments
    if len(its) < 3:
        return prog
    dep = {o.value for st in prog.states for o in st}
    in_iter = set(its)
    for o in prog.ops:
        if o.seg in in_iter and any(a.value in dep for a in o.args):
            dep.add(o.id)
    prev = dict(zip(its[1:], its))  # iteration segment -> the one before it
    ops = []
    for o in prog.ops:
        if o.seg in prev and o.id not in dep:
            o = Op(o.id, o.kind, o.args, prev[o.seg], o.pos, o.trace_id, o.group)
        ops.append(o)
    segs: list = [(lab, []) for lab, _ in prog.segments]
    for i, o in enumerate(ops):
        o.pos = len(segs[o.seg][1])
        segs[o.seg][1].append(i)
    return Program(
        prog.set_id,
        prog.alg,
        prog.p,
        prog.m,
        prog.inputs,
        prog.consts,
        ops,
        segs,
        prog.outputs,
        prog.states,
        prog.trace_of,
        prog.iter_segments,
        prog.inv_values,
    )
