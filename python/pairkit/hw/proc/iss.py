"""The instruction-set simulator of the pairing processor: concrete GF(p) values, cycles from the
ALU model (alu.py), per instruction class.

A run starts with every register uninitialised except the program's inputs; reading an
uninitialised register, branching outside the program, running off its end (no HALT) or past
``max_steps`` raises :class:`~pairkit.errors.ProgramError` with the program counter.  JSR follows
seed 002 Table 3 (isa.py); the shift register must be back at its initial value at HALT when
``check_srl`` (section 4: the number of JSRs is fixed, so one pairing restores it).

With a Montgomery ALU (``alu.reduction == "montgomery"``) the registers hold x R mod p: the inputs
are converted in by the host's loader (one MUL by R^2 each), the constant ROM is loaded
pre-converted, INV is the binary inversion and one MUL by R^3 (alu.py ``inv_domain``), and the
outputs are converted out (one MUL by 1 each); the conversions' cycles are the class "conv", so
``outputs`` are field values whatever the reduction.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pairkit.errors import InvalidArgumentError, ProgramError
from pairkit.hw.proc.alu import AluModel
from pairkit.hw.proc.isa import CLASSES, MAX_COUNTERS, Program


@dataclass
class RunResult:
    outputs: dict[str, int]
    cycles: dict[str, int]  # per instruction class
    counts: dict[str, int]  # instructions executed per mnemonic
    steps: int
    regs: list

    @property
    def total(self) -> int:
        return sum(self.cycles.values())


@dataclass
class Simulator:
    prog: Program
    alu: AluModel
    max_steps: int = 10_000_000
    check_srl: bool = True
    record: bool = False  # append (pc, rd or None, value written, cycles so far) per instruction to ``trace``
    trace: list = field(default_factory=list)

    def __post_init__(self):
        if self.alu.p != self.prog.p:
            raise InvalidArgumentError("the ALU model's modulus is not the program's")

    def run(self, inputs: dict[str, int], nregs: int = 256) -> RunResult:
        prog, alu, p = self.prog, self.alu, self.prog.p
        missing = set(prog.inputs) - set(inputs)
        extra = set(inputs) - set(prog.inputs)
        if missing or extra:
            raise InvalidArgumentError(
                f"program inputs are {sorted(prog.inputs)}; missing {sorted(missing)}, unknown {sorted(extra)}"
            )
        regs: list = [None] * nregs
        for name, v in inputs.items():
            if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < p:
                raise InvalidArgumentError(f"input {name} must be an int in [0, p)")
            regs[prog.inputs[name]] = alu.to_domain(v)
        mach = _Machine(prog, alu, regs)
        cycles = mach.cycles
        counts: dict[str, int] = {}
        code, n = prog.code, len(prog.code)
        pc = steps = 0
        rec, trace = self.record, self.trace
        while True:
            if not 0 <= pc < n:
                raise ProgramError(
                    "ran off the end of the program (no HALT)" if pc == n else "jumped outside the program", pc
                )
            if steps >= self.max_steps:
                raise ProgramError(f"no HALT within {self.max_steps:,} instructions", pc)
            i = code[pc]
            op = i.op
            steps += 1
            counts[op] = counts.get(op, 0) + 1
            nxt = pc + 1
            if not mach.field(i, pc):
                jump = mach.control(i, pc)
                if jump is None:  # HALT
                    if rec:
                        trace.append((pc, None, None, sum(cycles.values())))
                    break
                nxt = jump
            if rec:
                w = i.writes()
                trace.append((pc, w, None if w is None else regs[w], sum(cycles.values())))
            pc = nxt
        if self.check_srl and mach.srl != list(prog.srl):
            raise ProgramError(
                f"HALT with the JSR shift register not restored (JSR count is not a multiple of its {mach.L} bits)", pc
            )
        outs = {}
        for name, r in prog.outputs.items():
            if regs[r] is None:
                raise ProgramError(f"HALT with output {name} (r{r}) never written", pc)
            outs[name] = alu.from_domain(regs[r])
        return RunResult(outs, cycles, counts, steps, regs)


class _Machine:
    """The state :meth:`Iss.run` executes on: registers, the constant ROM (in the ALU's domain), loop
    counters, the JSR shift register, cycles per class."""

    def __init__(self, prog: Program, alu: AluModel, regs: list):
        self.prog, self.alu, self.p, self.regs = prog, alu, prog.p, regs
        self.consts = [alu.to_domain(v) for v in prog.consts]  # the ROM, pre-converted
        self.cnt = [0] * MAX_COUNTERS
        self.srl = list(prog.srl)
        self.L = len(self.srl)
        self.cycles = dict.fromkeys(CLASSES, 0)
        if alu.reduction == "montgomery":
            self.cycles["conv"] = (len(prog.inputs) + len(prog.outputs)) * alu.cycles_conversion

    def rd(self, r: int, at: int) -> int:
        v = self.regs[r]
        if v is None:
            raise ProgramError(f"read of uninitialised register r{r}", at)
        return v

    def field(self, i, pc: int) -> bool:
        """Execute a field instruction (False: ``i`` is a control instruction)."""
        op, regs, p, alu, rd, cycles = i.op, self.regs, self.p, self.alu, self.rd, self.cycles
        if op == "MUL":
            regs[i.rd] = alu.mul(rd(i.ra, pc), rd(i.rb, pc))
            cycles["mul"] += alu.cycles_mul
        elif op == "ADD":
            regs[i.rd] = (rd(i.ra, pc) + rd(i.rb, pc)) % p
            cycles["add"] += alu.cycles_add
        elif op == "SUB":
            regs[i.rd] = (rd(i.ra, pc) - rd(i.rb, pc)) % p
            cycles["add"] += alu.cycles_add
        elif op == "NEG":
            regs[i.rd] = -rd(i.ra, pc) % p
            cycles["add"] += alu.cycles_add
        elif op == "MOV":
            regs[i.rd] = rd(i.ra, pc)
            cycles["mov"] += alu.cycles_mov
        elif op == "LDC":
            if i.imm >= len(self.prog.consts):
                raise ProgramError(f"constant #{i.imm} outside the ROM ({len(self.prog.consts)} entries)", pc)
            regs[i.rd] = self.consts[i.imm]
            cycles["mov"] += alu.cycles_mov
        elif op == "INV":
            a = rd(i.ra, pc)
            if a == 0:
                raise ProgramError(f"INV of zero (r{i.ra})", pc)
            regs[i.rd], c = alu.inv_domain(a)
            cycles["inv"] += c
        else:
            return False
        return True

    def control(self, i, pc: int) -> int | None:
        """Execute a control instruction: the next pc (None: HALT)."""
        op, cnt = i.op, self.cnt
        self.cycles["control"] += 1
        nxt = pc + 1
        if op == "JUMP":
            nxt = i.imm
        elif op == "LOAD":
            cnt[i.c] = i.imm
        elif op == "JDEC":
            cnt[i.c] -= 1
            if cnt[i.c] == 0:
                nxt = i.imm
        elif op == "JSR":
            if self.L == 0:
                raise ProgramError("JSR with an empty shift register", pc)
            msb = self.srl[self.L - 1]
            self.srl = self.srl[1:] + self.srl[:1]  # rotate right: s[j] <- s[j+1], s[L-1] <- s[0]
            if msb:
                nxt = i.imm
        elif op == "HALT":
            return None
        return nxt
