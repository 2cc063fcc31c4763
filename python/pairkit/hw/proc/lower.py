"""Lowering a traced block of the spec to pairing-processor instructions, with register allocation.

A *block* is a function of named GF(p) values (loop state, inputs) to named values, run on
:class:`~pairkit.spec.prime.trace.SymInt` inputs: its trace is SSA over GF(p) (tower operations
already decomposed by the spec's own F_{q^2} code).  Lowering:

  1. dead-code elimination from the block's outputs;
  2. instruction selection: add/sub/neg/mul/inv one instruction each, sqr -> MUL ra, ra, constants
     read from registers the program loads once (LDC in the prelude: constants never re-load in a
     loop);
  3. linear-scan register allocation (Poletto-Sarkar 1999 on straight-line code: an interval ends
     at its last use; a freed register is reused at once, the lowest free one first); the block's
     inputs live in *home* registers, its outputs are moved into their homes at the end (a parallel
     move; a cycle is broken through a scratch register) -- or computed straight into its home
     when the home's old value is dead by then.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import cast

from pairkit.hw.proc.isa import MAX_REGS, Instr
from pairkit.spec.prime.trace import PrimeTracer, SymInt

_OPS = {"add": "ADD", "sub": "SUB", "neg": "NEG", "mul": "MUL", "sqr": "MUL", "inv": "INV"}


@dataclass
class Block:
    name: str
    ops: list  # the live trace ops (pairkit.spec.trace.Op)
    inputs: dict[str, int]  # input name -> sym id
    outputs: dict[str, object]  # output name -> sym id (int) or ("const", value)
    consts: dict[int, int]  # sym id -> constant value
    values: dict[int, int]  # sym id -> concrete value seen while tracing

    def counts(self) -> dict[str, int]:
        c: dict[str, int] = {}
        for o in self.ops:
            c[o.kind] = c.get(o.kind, 0) + 1
        return c


def trace_block(name: str, p: int, sample: dict[str, int], fn) -> Block:
    """Run ``fn`` (dict name -> SymInt  ->  dict name -> SymInt | int) on symbolic inputs carrying
    the concrete ``sample`` values; keep the ops the outputs need."""
    tr = PrimeTracer(p)
    ins = {n: tr.input(n, v) for n, v in sample.items()}
    outs = fn(ins)
    consts = {}
    for o in tr.ops:
        if o.kind == "const":
            consts[o.out] = int(o.label, 16)
    out_ref: dict[str, object] = {}
    for n, v in outs.items():
        out_ref[n] = v.id if isinstance(v, SymInt) else ("const", int(v) % p)
    live = {v for v in out_ref.values() if isinstance(v, int)}
    kept = []
    for o in reversed(tr.ops):
        if o.out in live and o.kind not in ("input", "const", "mark"):
            kept.append(o)
            live.update(o.args)
    kept.reverse()
    # the concrete values (for checks): recompute from the trace
    val: dict[int, int] = {s.id: s.value for s in ins.values()}
    val.update(consts)
    for o in kept:
        a = [val[x] for x in o.args]
        k = o.kind
        v = (
            a[0] + a[1]
            if k == "add"
            else a[0] - a[1]
            if k == "sub"
            else -a[0]
            if k == "neg"
            else a[0] * a[-1]
            if k in ("mul", "sqr")
            else pow(a[0], p - 2, p)
        )
        val[o.out] = v % p
    used_consts = {x for o in kept for x in o.args if x in consts}
    used_consts |= {v for v in out_ref.values() if isinstance(v, int) and v in consts}
    return Block(name, kept, {n: s.id for n, s in ins.items()}, out_ref, {i: consts[i] for i in used_consts}, val)


@dataclass
class RegFile:
    """Register assignment across a program: homes (named, fixed), constants (loaded once), temps."""

    nregs: int = MAX_REGS
    homes: dict[str, int] = field(default_factory=dict)
    const_regs: dict[int, int] = field(default_factory=dict)  # value -> register
    high_water: int = 0

    def _fixed(self) -> set[int]:
        return set(self.homes.values()) | set(self.const_regs.values())

    def home(self, name: str) -> int:
        if name not in self.homes:
            self.homes[name] = self._take()
        return self.homes[name]

    def const(self, v: int) -> int:
        if v not in self.const_regs:
            self.const_regs[v] = self._take()
        return self.const_regs[v]

    def _take(self) -> int:
        used = self._fixed()
        for r in range(self.nregs):
            if r not in used:
                self.high_water = max(self.high_water, r + 1)
                return r
        raise ValueError("register file exhausted")

    def temps(self) -> list[int]:
        used = self._fixed()
        return [r for r in range(self.nregs) if r not in used]


def lower(block: Block, rf: RegFile, in_homes: dict[str, str], out_homes: dict[str, str]) -> list[Instr]:
    """Instructions for ``block``: inputs read from rf.homes[in_homes[name]], outputs written to
    rf.homes[out_homes[name]]; temporaries from the registers no home or constant holds."""
    loc, last, held, direct = _plan(block, rf, in_homes, out_homes)
    END = len(block.ops)
    free = rf.temps()
    temp_of: set[int] = set()
    code: list[Instr] = []
    for i, o in enumerate(block.ops):
        try:
            args = [loc[a] for a in o.args]
        except KeyError as e:  # pragma: no cover (a compiler bug: an input without a home)
            raise ValueError(f"block {block.name}: value #{e.args[0]} has no register") from None
        for a in set(o.args):
            if last.get(a) == i and a in temp_of:
                free.append(loc[a])
        free.sort()
        h = direct.get(o.out)
        if h is not None and all(last.get(x, -1) <= i for x in held.get(h, ())):
            rd = h
        elif not free:
            raise ValueError(f"block {block.name}: register file exhausted")
        else:
            rd = free.pop(0)
        rf.high_water = max(rf.high_water, rd + 1)
        loc[o.out] = rd
        if o.out not in last:  # dead (cannot happen after DCE unless an output) -- keep it allocated
            last[o.out] = END
        temp_of.add(o.out)
        code.append(_instr(o.kind, rd, args))
    # parallel move of the outputs into their homes
    moves = []
    for n, ov in block.outputs.items():
        dst = rf.home(out_homes[n])
        src = rf.const(ov[1]) if isinstance(ov, tuple) else loc[cast(int, ov)]
        if src != dst:
            moves.append((dst, src))
    code += _parallel_move(moves, [r for r in free if r not in {d for d, _ in moves}])
    return code


def _plan(block: Block, rf: RegFile, in_homes: dict[str, str], out_homes: dict[str, str]) -> tuple:
    """(value -> register of the inputs and constants, value -> index of its last reader (END: an
    output), home register -> the inputs it holds, output value -> the home it is written straight into)."""
    loc: dict[int, int] = {}
    for n, sid in block.inputs.items():
        if n in in_homes:
            loc[sid] = rf.home(in_homes[n])
    for sid, v in block.consts.items():
        loc[sid] = rf.const(v)
    for n in out_homes.values():
        rf.home(n)
    last: dict[int, int] = {}
    for i, o in enumerate(block.ops):
        for a in o.args:
            last[a] = i
    END = len(block.ops)
    for ov in block.outputs.values():
        if isinstance(ov, int):
            last[ov] = END
    # an output computed by this block is written straight into its home when the value the home
    # holds (this block's input of the same home, if any) is dead by then: no MOV at the end
    defined = {o.out for o in block.ops}
    refs = [v for v in block.outputs.values() if isinstance(v, int)]
    held: dict[int, list[int]] = {}
    for n, sid in block.inputs.items():
        if n in in_homes:
            held.setdefault(rf.homes[in_homes[n]], []).append(sid)
    direct = {
        v: rf.homes[out_homes[n]]
        for n, v in block.outputs.items()
        if isinstance(v, int) and v in defined and refs.count(v) == 1
    }
    return loc, last, held, direct


def _instr(kind: str, rd: int, args: list) -> Instr:
    m = _OPS[kind]
    if kind in ("neg", "inv"):
        return Instr(m, rd=rd, ra=args[0])
    if kind == "sqr":
        return Instr(m, rd=rd, ra=args[0], rb=args[0])
    return Instr(m, rd=rd, ra=args[0], rb=args[1])


def _parallel_move(moves: list, scratch: list) -> list[Instr]:
    """MOVs doing the moves (dst, src) at once: a move whose destination no other reads first, a
    cycle broken through a scratch register."""
    code: list[Instr] = []
    while moves:
        ready = [m for m in moves if m[0] not in {s for _, s in moves}]
        if ready:
            d, s = ready[0]
            code.append(Instr("MOV", rd=d, ra=s))
            moves.remove(ready[0])
        else:  # a cycle: save one source in a scratch register
            d, s = moves[0]
            t = scratch.pop(0)
            code.append(Instr("MOV", rd=t, ra=s))
            moves = [(dd, t if ss == s else ss) for dd, ss in moves]
    return code
