"""Program assembly from traced blocks: straight-line blocks, register moves and seed 002's JSR
loops (section 4: a loop over constant bits with one body per bit value), into a Program.

All homes and constants are given registers before any block is lowered, so no temporary of one
block can overwrite a value another block needs (lower.py allocates temporaries from the rest).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pairkit.hw.proc.isa import Instr, Program, srl_image
from pairkit.hw.proc.lower import Block, RegFile, lower


@dataclass
class Emitter:
    p: int
    segs: list = field(default_factory=list)
    bits: list = field(default_factory=list)
    blocks: dict = field(default_factory=dict)
    counters: int = 0

    # segments ----------------------------------------------------------------------------------
    def block(self, b: Block, ins: dict[str, str] | None = None, outs: dict[str, str] | None = None):
        """A straight-line block; ``ins``/``outs`` map its value names to homes (default: same name)."""
        self.blocks[b.name] = b
        self.segs.append(("block", b, ins or {n: n for n in b.inputs}, outs or {n: n for n in b.outputs}))

    def mov(self, pairs: list[tuple[str, str]]):
        """Home-to-home copies (dst, src), in order."""
        self.segs.append(("mov", pairs))

    def init(self, home: str, value: int):
        self.segs.append(("init", home, value % self.p))

    def jsr_loop(self, bits: list[int], body0: Block, body1: Block, state: dict[str, str] | None = None):
        """for b in bits: body1 if b else body0 (JSR picks, JDEC counts; one counter per loop)."""
        if not bits:
            return
        if self.counters >= 16:
            raise ValueError("more than 16 loops")
        c = self.counters
        self.counters += 1
        self.bits += list(bits)
        for b in (body0, body1):
            self.blocks[b.name] = b
        self.segs.append(("loop", c, len(bits), body0, body1, state))

    # assembly ----------------------------------------------------------------------------------
    def build(self, inputs: dict[str, str], outputs: dict[str, str]) -> tuple[Program, dict, int]:
        rf = self._homes(inputs)
        consts = sorted(rf.const_regs)
        index = {v: j for j, v in enumerate(consts)}
        code: list[Instr] = [
            Instr("LDC", rd=r, imm=index[v]) for v, r in sorted(rf.const_regs.items(), key=lambda t: t[1])
        ]
        pcs = {"prelude": (0, len(code))}
        labels: dict[str, int] = {}
        for s in self.segs:
            if s[0] == "block":
                a = len(code)
                code += lower(s[1], rf, s[2], s[3])
                pcs[s[1].name] = (a, len(code))
            elif s[0] == "mov":
                code += [Instr("MOV", rd=rf.home(d), ra=rf.home(src)) for d, src in s[1]]
            elif s[0] == "init":
                code.append(Instr("MOV", rd=rf.home(s[1]), ra=rf.const(s[2])))
            else:
                self._loop(code, rf, s, pcs, labels)
        code.append(Instr("HALT"))
        prog = Program(
            code,
            consts,
            srl_image(self.bits),
            {k: rf.home(v) for k, v in inputs.items()},
            {k: rf.home(v) for k, v in outputs.items()},
            self.p,
            labels,
        )
        return prog, pcs, rf.high_water

    def _homes(self, inputs: dict[str, str]) -> RegFile:
        """The register file with every home and constant allocated before any temporary."""
        rf = RegFile()
        for n in inputs.values():
            rf.home(n)
        for s in self.segs:
            if s[0] == "block":
                for n in s[2].values():
                    rf.home(n)
                for n in s[3].values():
                    rf.home(n)
            elif s[0] == "mov":
                for d, src in s[1]:
                    rf.home(d), rf.home(src)
            elif s[0] == "init":
                rf.home(s[1])
                rf.const(s[2])
            else:
                for b in s[3:5]:
                    for n in b.inputs:
                        rf.home((s[5] or {}).get(n, n))
        for b in self.blocks.values():
            for v in b.consts.values():
                rf.const(v)
            for v in b.outputs.values():
                if isinstance(v, tuple):
                    rf.const(v[1])
        return rf

    def _loop(self, code: list, rf: RegFile, s: tuple, pcs: dict, labels: dict) -> None:
        """A JSR loop: LOAD the counter; JSR to the 1-bit body; the 0-bit body; each body ends with
        JDEC (to the end) and JUMP back to the JSR."""
        _, c, n, b0, b1, state = s
        st = state or {}
        code.append(Instr("LOAD", c=c, imm=n))
        top = len(code)
        labels[f"loop{c}"] = top
        jsr = len(code)
        code.append(Instr("JSR"))
        a = len(code)
        code += lower(b0, rf, {k: st.get(k, k) for k in b0.inputs}, {k: st.get(k, k) for k in b0.outputs})
        pcs[b0.name] = (a, len(code))
        j0 = len(code)
        code += [Instr("JDEC", c=c), Instr("JUMP", imm=top)]
        one = len(code)
        labels[f"loop{c}_one"] = one
        code += lower(b1, rf, {k: st.get(k, k) for k in b1.inputs}, {k: st.get(k, k) for k in b1.outputs})
        pcs[b1.name] = (one, len(code))
        j1 = len(code)
        code += [Instr("JDEC", c=c), Instr("JUMP", imm=top)]
        done = len(code)
        labels[f"loop{c}_done"] = done
        code[jsr] = Instr("JSR", imm=one)
        code[j0] = Instr("JDEC", c=c, imm=done)
        code[j1] = Instr("JDEC", c=c, imm=done)
