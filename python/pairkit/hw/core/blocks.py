"""Cut a lowered program into prologue, loop and epilogue (see :mod:`.program`).

An iteration j *repeats* iteration j - 1 when it executes the same operations in the same order
and every operand slot plays the same role in both:

* ``internal``  the result of an earlier operation of the same iteration (same position, same sign);
* ``const``     the same hard-wired constant with the same sign;
* ``carried``   the result of the previous iteration's operation at position q (same q, same sign);
  in the first iteration of the loop the slot may read any value from before the loop: that value
  becomes the initial content of q's *home* register;
* ``invariant`` the same value from before the loop (held in a register for the whole loop).

The loop is the longest run of iterations each repeating its predecessor; one iteration's micro-code
(the *template*, the run's second iteration) then serves all of them.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .errors import CoreError
from .program import Operand, Program


@dataclass(frozen=True)
class Slot:
    role: str  # internal | const | carried | invariant
    ref: int  # position (internal, carried) or value id (const, invariant)
    neg: bool


@dataclass
class Loop:
    first: int  # index into Program.iter_segments of the first looped iteration
    last: int  # inclusive
    template: list  # per position: (kind, (Slot, ...))
    seg_ops: list  # per looped iteration: [op index] of its segment (position order)
    init: dict = field(default_factory=dict)  # carried position q -> Operand read by the first iteration
    invariants: list = field(default_factory=list)  # value ids read by every iteration

    @property
    def count(self) -> int:
        return self.last - self.first + 1

    def carried_positions(self) -> list:
        return sorted({s.ref for _, slots in self.template for s in slots if s.role == "carried"})


@dataclass
class Blocks:
    program: Program
    prologue: list  # op indices before the loop
    loop: Loop | None
    epilogue: list  # op indices after the loop


def _slots(prog: Program, seg_of: dict, pos_of: dict, seg: int, prev: int, ops: list) -> list | None:
    """Classify the operand slots of the iteration in segment ``seg`` against the previous
    iteration's segment ``prev`` (None when an operand reads an older iteration)."""
    out = []
    for i in ops:
        o = prog.ops[i]
        slots = []
        for a in o.args:
            s = seg_of.get(a.value)
            if a.value in prog.consts:
                slots.append(Slot("const", a.value, a.neg))
            elif s == seg:
                slots.append(Slot("internal", pos_of[a.value], a.neg))
            elif s == prev:
                slots.append(Slot("carried", pos_of[a.value], a.neg))
            elif s is not None and s > prev:
                return None
            else:
                slots.append(Slot("invariant", a.value, a.neg))
        out.append((o.kind, tuple(slots)))
    return out


def find_blocks(prog: Program, min_iterations: int = 3) -> Blocks:
    seg_of = {o.id: o.seg for o in prog.ops}
    pos_of = {o.id: o.pos for o in prog.ops}
    it = prog.iter_segments
    segops = [prog.segments[s][1] for s in it]
    cls = [None] + [_slots(prog, seg_of, pos_of, it[j], it[j - 1], segops[j]) for j in range(1, len(it))]

    def starts_run(j) -> bool:
        """Iteration j + 1 repeats iteration j, with j the first of the loop."""
        c = cls[j + 1]
        if c is None or len(segops[j]) != len(segops[j + 1]):
            return False
        init: dict = {}
        for (k1, s1), i in zip(c, segops[j]):
            o = prog.ops[i]
            if o.kind != k1:
                return False
            for sl, a in zip(s1, o.args):
                if sl.role == "carried":
                    if seg_of.get(a.value) == it[j] or a.neg != sl.neg:
                        return False
                    if init.setdefault(sl.ref, a.value) != a.value:
                        return False
                elif sl.role == "internal":
                    if seg_of.get(a.value) != it[j] or pos_of[a.value] != sl.ref or a.neg != sl.neg:
                        return False
                elif Slot(sl.role, a.value, a.neg) != sl:
                    return False
        return True

    best = None
    j = 0
    while j + 1 < len(it):
        if not starts_run(j):
            j += 1
            continue
        e = j + 1
        while e + 1 < len(it) and cls[e + 1] == cls[j + 1]:
            e += 1
        if best is None or e - j > best[1] - best[0]:
            best = (j, e)
        j = e
    n_ops = len(prog.ops)
    if best is None or best[1] - best[0] + 1 < min_iterations:
        return Blocks(prog, list(range(n_ops)), None, [])
    j, e = best
    tmpl = cls[j + 1]
    init = {}
    for (_, s1), i in zip(tmpl, segops[j]):
        for sl, a in zip(s1, prog.ops[i].args):
            if sl.role == "carried":
                init[sl.ref] = a
    inv = sorted({sl.ref for _, s1 in tmpl for sl in s1 if sl.role == "invariant"})
    loop = Loop(j, e, tmpl, segops[j:e + 1], init, inv)
    first_seg, last_seg = it[j], it[e]
    pro = [i for i, o in enumerate(prog.ops) if o.seg < first_seg]
    epi = [i for i, o in enumerate(prog.ops) if o.seg > last_seg]
    # the epilogue may read the last iteration's results and anything from before the loop, but no
    # value of an earlier iteration of the loop (it would have been overwritten)
    looped = {prog.ops[i].id: k for k, ops in enumerate(loop.seg_ops) for i in ops}
    last = loop.count - 1
    for i in epi:
        for a in prog.ops[i].args:
            if looped.get(a.value, last) != last:
                raise CoreError(f"{prog.set_id}/{prog.alg}: the epilogue reads a value of Miller iteration "
                                f"{loop.first + looped[a.value] + 1}, not of the last looped one")
    for o in prog.outputs:
        if looped.get(o.value, last) != last:
            raise CoreError(f"{prog.set_id}/{prog.alg}: an output is a value of an earlier loop iteration")
    return Blocks(prog, pro, loop, epi)


def position_values(blocks: Blocks, k: int) -> list:
    """The value ids of the template positions in looped iteration k (0-based within the loop)."""
    return [blocks.program.ops[i].id for i in blocks.loop.seg_ops[k]]


def operand(blocks: Blocks, k: int, slot: Slot) -> Operand:
    """What slot ``slot`` reads in looped iteration k, as a program operand."""
    lp = blocks.loop
    if slot.role in ("const", "invariant"):
        return Operand(slot.ref, slot.neg)
    if slot.role == "internal":
        return Operand(position_values(blocks, k)[slot.ref], slot.neg)
    if k == 0:
        a = lp.init[slot.ref]
        return Operand(a.value, slot.neg)
    return Operand(position_values(blocks, k - 1)[slot.ref], slot.neg)
