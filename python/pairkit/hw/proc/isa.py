"""The instruction set of seed 002's pairing processor (section 4, Table 3; Fig. 7).

Machine state: R field registers r0..r{R-1} of N bits (the segmented register file of Fig. 1),
a constant ROM (the modulus ROM of Fig. 2 generalised to a constant pool), up to 16 loop counters
c0..c15, an L-bit circular shift register (Table 3's JSR register) and the program counter.

Field instructions (executed by the W-bit multi-precision ALU, section 3; values in [0, p)):

  ADD rd, ra, rb    rd <- ra + rb mod p        two passes (section 3.2)
  SUB rd, ra, rb    rd <- ra - rb mod p        two passes
  NEG rd, ra        rd <- -ra mod p            two passes (test zero, then prime - ra: Table 1)
  MOV rd, ra        rd <- ra                   one pass ("copying", section 3.2)
  MUL rd, ra, rb    rd <- ra * rb mod p        the five stages of Table 2 (section 3.3)
  INV rd, ra        rd <- ra^-1 mod p          binary extended Euclid (section 3.2, [10] = HAC 14.61)
  LDC rd, #k        rd <- constant k of the ROM

Control instructions (seed 002 Table 3, executed by the instruction unit of Fig. 7):

  JUMP addr         unconditional jump
  LOAD cN, imm      load loop counter cN with an immediate
  JDEC cN, addr     decrease cN by one; branch if it is then zero
  JSR addr          branch if the most significant bit of the circular shift register is 1; the
                    register is rotated right by one bit afterwards (Table 3, read literally: the
                    bit order a program sees is s[L-1], s[0], s[1], ..., s[L-2]; see
                    ``srl_image``).  After L JSRs the register is back at its initial value
                    (section 4: "restored to its initial value after each pairing").
  HALT              stop (pairkit's addition: the end of a program)

Encoding: one 32-bit word per instruction, the opcode in bits 31..26.

  R form (field ops):   op[31:26] rd[25:18] ra[17:10] rb[9:2] 0[1:0]     (unused register fields 0)
  K form (LDC):         op[31:26] rd[25:18] k[17:0]                       (constant index < 2^18)
  C form (control):     op[31:26] c[25:22] imm[21:0]                      (address or count < 2^22)
"""

from __future__ import annotations

from dataclasses import dataclass

MAX_REGS = 256
MAX_COUNTERS = 16
MAX_CONST = 1 << 18
MAX_IMM = 1 << 22

# mnemonic -> (opcode, operand shape, instruction class of the cycle report)
#   shapes: "ddd" rd, ra, rb | "dd" rd, ra | "dk" rd, #k | "ca" cN, addr | "cn" cN, imm | "a" addr | "" none
OPCODES: dict[str, tuple[int, str, str]] = {
    "ADD": (0x01, "ddd", "add"),
    "SUB": (0x02, "ddd", "add"),
    "NEG": (0x03, "dd", "add"),
    "MOV": (0x04, "dd", "mov"),
    "MUL": (0x05, "ddd", "mul"),
    "INV": (0x06, "dd", "inv"),
    "LDC": (0x07, "dk", "mov"),
    "JUMP": (0x10, "a", "control"),
    "LOAD": (0x11, "cn", "control"),
    "JDEC": (0x12, "ca", "control"),
    "JSR": (0x13, "a", "control"),
    "HALT": (0x3F, "", "control"),
}
BY_CODE = {code: name for name, (code, _, _) in OPCODES.items()}
CLASSES = ("mul", "inv", "add", "mov", "control")


@dataclass(frozen=True)
class Instr:
    op: str
    rd: int = 0
    ra: int = 0
    rb: int = 0
    imm: int = 0  # constant index (LDC), count (LOAD) or address (JUMP, JDEC, JSR)
    c: int = 0  # loop counter (LOAD, JDEC)

    @property
    def shape(self) -> str:
        return OPCODES[self.op][1]

    @property
    def cls(self) -> str:
        return OPCODES[self.op][2]

    def reads(self) -> tuple[int, ...]:
        s = self.shape
        return (self.ra, self.rb) if s == "ddd" else (self.ra,) if s == "dd" else ()

    def writes(self) -> int | None:
        return self.rd if self.shape in ("ddd", "dd", "dk") else None


def encode(ins: Instr) -> int:
    code, shape, _ = OPCODES[ins.op]
    w = code << 26
    if shape in ("ddd", "dd"):
        w |= ins.rd << 18 | ins.ra << 10 | (ins.rb << 2 if shape == "ddd" else 0)
    elif shape == "dk":
        w |= ins.rd << 18 | ins.imm
    elif shape in ("ca", "cn"):
        w |= ins.c << 22 | ins.imm
    elif shape == "a":
        w |= ins.imm
    return w


def decode(w: int) -> Instr:
    """The instruction of a 32-bit word; ValueError for an unknown opcode or non-zero padding."""
    code = (w >> 26) & 0x3F
    if code not in BY_CODE or not 0 <= w < 1 << 32:
        raise ValueError(f"word {w:#010x}: unknown opcode {code:#x}")
    op = BY_CODE[code]
    shape = OPCODES[op][1]
    if shape in ("ddd", "dd"):
        ins = Instr(op, rd=(w >> 18) & 0xFF, ra=(w >> 10) & 0xFF, rb=(w >> 2) & 0xFF if shape == "ddd" else 0)
    elif shape == "dk":
        ins = Instr(op, rd=(w >> 18) & 0xFF, imm=w & (MAX_CONST - 1))
    elif shape in ("ca", "cn"):
        ins = Instr(op, c=(w >> 22) & 0xF, imm=w & (MAX_IMM - 1))
    elif shape == "a":
        ins = Instr(op, imm=w & (MAX_IMM - 1))
    else:
        ins = Instr(op)
    if encode(ins) != w:
        raise ValueError(f"word {w:#010x}: non-zero bits outside the {op} fields")
    return ins


def srl_image(bits: list[int]) -> list[int]:
    """The initial register s[L-1..0] (as a list s[0..L-1]) for which successive JSRs see ``bits``
    in order: JSR tests s[L-1], then rotates right, so the j-th JSR (j >= 1) sees s[j-1]."""
    L = len(bits)
    s = [0] * L
    if L:
        s[L - 1] = bits[0]
        for j in range(1, L):
            s[j - 1] = bits[j]
    return s


def srl_sequence(s: list[int]) -> list[int]:
    """The bits JSR sees, in order, from the register s[0..L-1] (the inverse of srl_image)."""
    L = len(s)
    return [s[L - 1]] + s[: L - 1] if L else []


@dataclass
class Program:
    """A program: the instruction words, the constant ROM, the JSR register, named inputs and
    outputs (registers the host writes before a run and reads after it) and the modulus."""

    code: list[Instr]
    consts: list[int]
    srl: list[int]  # s[0..L-1]; JSR tests s[L-1]
    inputs: dict[str, int]  # name -> register
    outputs: dict[str, int]
    p: int
    labels: dict[str, int] | None = None  # for the disassembler's listing (optional)

    def words(self) -> list[int]:
        return [encode(i) for i in self.code]
