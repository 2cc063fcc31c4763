"""Cut a lowered program into prologue, loop and epilogue (see :mod:`.program`).

An iteration j *repeats* iteration j - 1 when it executes the same operations in the same order
and every operand slot plays the same role in both:

* ``internal``  the result of an earlier operation of the same iteration (same position, same sign);
* ``const``     the same hard-wired constant with the same sign;
* ``carried``   the result of the previous iteration's operation at position q (same q, same sign);
  in the first iteration of the loop the slot may read any value from before the loop: that value
  becomes the initial content of q's *home* register;
* ``invariant`` the same value from before the loop (held in a register for the whole loop);
* ``stream``    (only with ``streams=True``) a value from before the loop that differs from pass to
  pass: pass g reads entry g of a *table* the prologue fills (seed 004 Alg. 10's precomputed square
  roots of x_Q and y_Q, ``x_q_values[i - 1]``); in hardware a RAM read at the pass index.

The loop is the longest run of iterations each repeating its predecessor; one iteration's micro-code
(the *template*, the run's second iteration) then serves all of them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pairkit.hw.core.errors import CoreError
from pairkit.hw.core.program import Program


@dataclass(frozen=True)
class Slot:
    role: str  # internal | const | carried | invariant | stream
    ref: int  # position (internal, carried), value id (const, invariant) or table (stream)
    neg: bool


@dataclass
class Loop:
    first: int  # Miller iteration (0-based) of the first looped iteration
    last: int  # inclusive: the last looped Miller iteration
    template: list  # per position: (kind, (Slot, ...))
    seg_ops: list  # per pass through the body: [op index] (position order)
    init: dict = field(default_factory=dict)  # carried position q -> Operand read by the first pass
    invariants: list = field(default_factory=list)  # value ids read by every pass
    unroll: int = 1  # Miller iterations per pass
    streams: list = field(default_factory=list)  # per table: the value pass g reads, g = 0 .. count - 1

    @property
    def count(self) -> int:
        """Passes through the loop body."""
        return len(self.seg_ops)

    def carried_positions(self) -> list:
        return sorted({s.ref for _, slots in self.template for s in slots if s.role == "carried"})


@dataclass
class Blocks:
    program: Program
    prologue: list  # op indices before the loop
    loop: Loop | None
    epilogue: list  # op indices after the loop


def _classify(prog: Program, unit_of: dict, pos_of: dict, u: int, ops: list) -> list | None:
    """The operand slots of pass ``u`` (ops ``ops``) against pass u - 1 (None when an operand reads
    an older pass)."""
    out = []
    for i in ops:
        o = prog.ops[i]
        slots = []
        for a in o.args:
            s = unit_of.get(a.value)
            if a.value in prog.consts:
                slots.append(Slot("const", a.value, a.neg))
            elif s == u:
                slots.append(Slot("internal", pos_of[a.value], a.neg))
            elif s == u - 1:
                slots.append(Slot("carried", pos_of[a.value], a.neg))
            elif s is not None and s < u - 1:
                return None
            else:
                slots.append(Slot("invariant", a.value, a.neg))
        out.append((o.kind, tuple(slots)))
    return out


def _outer(cls, streams: bool):
    """A pass's class with the values read from before the loop abstracted (``streams``): two passes
    then repeat each other whatever outer values they read; which slots stream is decided later."""
    if cls is None or not streams:
        return cls
    return [(k, tuple(Slot("outer", -1, sl.neg) if sl.role == "invariant" else sl for sl in slots)) for k, slots in cls]


def _slot_fits(prog: Program, unit_of: dict, pos_of: dict, streams: bool, j: int, sl, a, init: dict) -> bool:
    """Whether argument ``a`` of an operation of pass j fits slot ``sl`` of the next pass's class (the
    carried values' initial values collected in ``init``)."""
    if sl.role == "carried":
        if unit_of.get(a.value) == j or a.neg != sl.neg:
            return False
        return init.setdefault(sl.ref, a.value) == a.value
    if sl.role == "internal":
        return not (unit_of.get(a.value) != j or pos_of[a.value] != sl.ref or a.neg != sl.neg)
    if streams and sl.role == "invariant":
        return not (a.value in prog.consts or unit_of.get(a.value) is not None or a.neg != sl.neg)
    return Slot(sl.role, a.value, a.neg) == sl


def _runs(prog: Program, units: list, streams: bool = False):
    """Classify each pass against its predecessor; return (classes, unit_of, pos_of, the longest run
    (j, e) of passes j+1..e repeating their predecessor with j the first)."""
    unit_of, pos_of = {}, {}
    for u, ops in enumerate(units):
        for q, i in enumerate(ops):
            unit_of[prog.ops[i].id] = u
            pos_of[prog.ops[i].id] = q
    cls = [None] + [_classify(prog, unit_of, pos_of, u, units[u]) for u in range(1, len(units))]
    key = [_outer(c, streams) for c in cls]

    def starts_run(j) -> bool:
        c = cls[j + 1]
        if c is None or len(units[j]) != len(units[j + 1]):
            return False
        init: dict = {}
        for (k1, s1), i in zip(c, units[j]):
            o = prog.ops[i]
            if o.kind != k1:
                return False
            if not all(_slot_fits(prog, unit_of, pos_of, streams, j, sl, a, init) for sl, a in zip(s1, o.args)):
                return False
        return True

    best = None
    j = 0
    while j + 1 < len(units):
        if not starts_run(j):
            j += 1
            continue
        e = j + 1
        while e + 1 < len(units) and key[e + 1] == key[j + 1]:
            e += 1
        if best is None or e - j > best[1] - best[0]:
            best = (j, e)
        j = e
    return cls, best


def _streams(prog: Program, tmpl: list, units: list) -> tuple:
    """Split the template's outer slots into invariants (one value in every pass) and streams (a
    table each: the value of every pass)."""
    tables: list = []
    out = []
    for q, (kind, slots) in enumerate(tmpl):
        new = []
        for k, sl in enumerate(slots):
            if sl.role == "invariant":
                vals = [prog.ops[ops[q]].args[k].value for ops in units]
                if len(set(vals)) > 1:  # slots reading the same sequence share one table
                    if vals not in tables:
                        tables.append(vals)
                    new.append(Slot("stream", tables.index(vals), sl.neg))
                    continue
                sl = Slot("invariant", vals[0], sl.neg)
            new.append(sl)
        out.append((kind, tuple(new)))
    return out, tables


def find_blocks(prog: Program, min_iterations: int = 3, unroll: int = 1, streams: bool = False) -> Blocks:
    """Prologue, loop and epilogue; with ``unroll`` = k > 1 one pass of the loop body runs k
    consecutive Miller iterations (scheduled together, so they overlap), the iterations that do not
    fill a pass going to the epilogue. With ``streams`` a slot may read a different value from
    before the loop in every pass (a table, see the module doc)."""
    it = prog.iter_segments
    segops = [prog.segments[s][1] for s in it]
    n_ops = len(prog.ops)
    _, best = _runs(prog, segops, streams)
    if best is None or best[1] - best[0] + 1 < max(min_iterations, unroll):
        return Blocks(prog, list(range(n_ops)), None, [])
    j, e = best
    first, k = j, max(1, unroll)
    passes = (e - j + 1) // k
    units: list[list] = [sum(segops[first + g * k : first + (g + 1) * k], []) for g in range(passes)]
    cls, run = _runs(prog, units, streams)
    if k > 1 and (run is None or run != (0, passes - 1)):
        return find_blocks(prog, min_iterations, 1, streams)
    tmpl, tables = _streams(prog, cls[1], units) if streams else (cls[1], [])
    init = {}
    for (_, s1), i in zip(tmpl, units[0]):
        for sl, a in zip(s1, prog.ops[i].args):
            if sl.role == "carried":
                init[sl.ref] = a
    inv = sorted({sl.ref for _, s1 in tmpl for sl in s1 if sl.role == "invariant"})
    last = first + passes * k - 1
    loop = Loop(first, last, tmpl, units, init, inv, k, tables)
    first_seg, last_seg = it[first], it[last]
    pro = [i for i, o in enumerate(prog.ops) if o.seg < first_seg]
    epi = [i for i, o in enumerate(prog.ops) if o.seg > last_seg]
    # the epilogue may read the last pass's results and anything from before the loop, but no
    # value of an earlier pass (it would have been overwritten)
    looped = {prog.ops[i].id: g for g, ops in enumerate(loop.seg_ops) for i in ops}
    lastp = loop.count - 1
    for i in epi:
        for a in prog.ops[i].args:
            if looped.get(a.value, lastp) != lastp:
                raise CoreError(
                    f"{prog.set_id}/{prog.alg}: the epilogue reads a value of looped pass "
                    f"{looped[a.value] + 1}, not of the last one"
                )
    for o in prog.outputs:
        if looped.get(o.value, lastp) != lastp:
            raise CoreError(f"{prog.set_id}/{prog.alg}: an output is a value of an earlier loop pass")
    return Blocks(prog, pro, loop, epi)
