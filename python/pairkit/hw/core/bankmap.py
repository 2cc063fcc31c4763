"""Fixed register banks (``CoreConfig.bank_map``): units that read and write their own banks, as seed
003's processor does (section 5.1, Fig. 3).

Seed 003 keeps its 18 registers of 1223 bits in three blocks: the binary arithmetic unit (BAU: five
registers R0-R3, RX, the multiplier, the adder and two squarers in series), the input and squaring unit
(ISU: five registers x1, x2, y1, y2, T, the square roots) and the data handling unit (DHU: eight
registers for the extension-field products' intermediate values, which "handles transferring data from
BAU to ISU and vice versa"). Each unit reads the registers of its block and writes its block's registers;
a value another block needs is copied there.

A :class:`BankMap` states such an organisation for the generator: the banks and their sizes, the bank
each unit operand port reads (every instance of the kind), and the banks each unit's output is wired to.
The generator then

1. **schedules with the copies** (:func:`move_latency`): an operation whose result a consumer reads
   through a port of a bank its unit is not wired to gets one step more before that consumer (two with
   ``forward``: the result is first stored, then moved): the move is in the cycle count;
2. **places every value in a bank** (:func:`pairkit.hw.core.readbanks.split` with the map's port groups
   and wiring): its home is a bank every unit writing it is wired to (the one its ports read most);
   a read from another bank reads a copy, written by the same unit output in the same step where the
   unit is wired to that bank too, else moved from the home register (a register-to-register transfer,
   the DHU's role) in a step between the write and the read;
3. **colours each bank on its own** and refuses a layout whose bank needs more registers than it has,
   or a schedule that leaves no step for a copy, with a :class:`.errors.CoreError` naming the core and
   what is missing.

:func:`check` verifies the result on the micro-code: no unit port reads a register outside its bank, no
unit output writes a register outside the banks it is wired to.
"""

from __future__ import annotations

from dataclasses import dataclass

from pairkit.hw.core.errors import CoreError, CoreMixError
from pairkit.hw.core.ops import base_kind


@dataclass(frozen=True)
class BankMap:
    banks: tuple  # ((name, registers), ...)
    reads: tuple  # ((op kind, operand index, bank name), ...): the bank each unit port reads
    writes: tuple  # ((op kind, (bank name, ...)), ...): the banks each unit's output is wired to
    # the bank of registers no port reads and no unit writes (host inputs read only by moves): where they sit
    spare: str = ""

    def names(self) -> list:
        return [b for b, _ in self.banks]

    def index(self, bank: str) -> int:
        return self.names().index(bank)

    def size(self, g: int) -> int:
        return self.banks[g][1]

    def spare_bank(self) -> int:
        return self.index(self.spare) if self.spare else len(self.banks) - 1

    def validate(self, name: str, arity: dict) -> None:
        """The map against a mix (``arity``: op kind -> operand ports): every bank named once with a
        size from 1 to 64, every port of every kind reading one known bank, every kind's output wired
        to at least one. :class:`.errors.CoreMixError` naming the core and what is missing."""
        names = self.names()
        if not names or len(set(names)) != len(names):
            raise CoreMixError("bank_map", f"{name}: the banks must be named once each, got {names}")
        for b, n in self.banks:
            if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 64:
                raise CoreMixError("bank_map", f"{name}: bank {b!r} needs 1 to 64 registers, got {n!r}")
        if self.spare and self.spare not in names:
            raise CoreMixError("bank_map", f"{name}: the spare bank {self.spare!r} is not one of {names}")
        ports = {(op, j): b for op, j, b in self.reads}
        wired = dict(self.writes)
        for op, n in sorted(arity.items()):
            for j in range(n):
                b = ports.get((op, j))
                if b is None:
                    raise CoreMixError("bank_map", f"{name}: no bank for operand {j} of the {op!r} units")
                if b not in names:
                    raise CoreMixError("bank_map", f"{name}: operand {j} of {op!r} reads unknown bank {b!r}")
            ws = wired.get(op)
            if not ws:
                raise CoreMixError("bank_map", f"{name}: the {op!r} units' output is wired to no bank")
            bad = [b for b in ws if b not in names]
            if bad:
                raise CoreMixError("bank_map", f"{name}: the {op!r} output is wired to unknown bank(s) {bad}")
        extra = sorted({op for op, _, _ in self.reads} - set(arity)) + sorted(set(wired) - set(arity))
        if extra:
            raise CoreMixError("bank_map", f"{name}: the map names unit kinds the mix lacks: {sorted(set(extra))}")

    def port_bank(self, op: str, j: int) -> int:
        return self.index(next(b for o, k, b in self.reads if o == op and k == j))

    def wired(self, op: str) -> tuple:
        """Bank indices the output of the ``op`` units writes (in the map's order: the first preferred)."""
        return tuple(self.index(b) for b in dict(self.writes)[base_kind(op)])

    def groups(self, counts: dict, arity: dict) -> dict:
        """Unit port (op kind, instance, operand) -> bank index, for :func:`.readbanks.split`."""
        return {
            (op, i, j): self.port_bank(op, j) for op, n in counts.items() for i in range(n) for j in range(arity[op])
        }

    def wiring(self, src: tuple):
        """The banks a register write's source may write: a unit output its wired banks; a register (a
        move), a constant or the host any (None)."""
        return self.wired(src[1][0]) if src[0] == "unit" else None


def move_latency(bm: BankMap, nodes: list, names: list, ops: list, forward: bool) -> list:
    """Per scheduler node (``names``/``ops``: the problem's), the steps to add to its latency: 1 (2 with
    ``forward``) when a consumer reads its result through a port of a bank its unit is not wired to,
    so the schedule leaves the step of the move (the copy costs cycles); 0 otherwise."""
    idx = {x: v for v, x in enumerate(names)}
    extra = [0] * len(names)
    for _, kind, args, _ in nodes:
        for j, a in enumerate(args):
            p = idx.get(a)
            if p is None:
                continue
            if bm.port_bank(base_kind(kind), j) not in bm.wired(ops[p]):
                extra[p] = 2 if forward else 1
    return extra


def check(steps: list, reg_bank: dict, group: dict, bm: BankMap) -> str | None:
    """The first read of a register outside the reading port's bank or write of a register outside the
    writing unit's wired banks (None when there is none); ``reg_bank``: register -> bank index."""
    for t, st in enumerate(steps):
        for s in (*st.starts, *st.holds):
            for j, x in enumerate(s.srcs):
                if x[0] == "reg" and reg_bank.get(x[1]) != group.get((s.unit[0], s.unit[1], j)):
                    return (
                        f"step {t}: {s.unit[0]}{s.unit[1]} operand {j} (bank "
                        f"{bm.names()[group[(s.unit[0], s.unit[1], j)]]}) reads register {x[1]} of bank "
                        f"{reg_bank.get(x[1])}"
                    )
        for w in st.writes:
            if w.src[0] == "unit" and reg_bank.get(w.reg) not in bm.wired(w.src[1][0]):
                return f"step {t}: {w.src[1][0]}{w.src[1][1]} writes register {w.reg} of bank {reg_bank.get(w.reg)}"
    return None


def fit(name: str, bm: BankMap, reg_bank: list) -> dict:
    """Registers per bank (a register without a bank counts in the spare bank); a bank over its size is
    a :class:`.errors.CoreError` naming the core, the bank and the registers it lacks."""
    used = [0] * len(bm.banks)
    for b in reg_bank:
        used[bm.spare_bank() if b is None else b] += 1
    over = [(bm.names()[g], u, bm.size(g)) for g, u in enumerate(used) if u > bm.size(g)]
    if over:
        raise CoreError(
            f"{name}: bank map: the schedule needs more registers than the banks hold: "
            + ", ".join(f"bank {b} needs {u} registers, has {n}" for b, u, n in over)
        )
    return {b: [u, bm.size(g)] for g, (b, u) in enumerate(zip(bm.names(), used))}
