"""Sizes and memory maps of the processor's RTL (seed 002 sections 3-4), shared by the Amaranth core
(core.py) and its testbenches.

Limb counts are those of the ALU model (hw/proc/alu.py, seed 002 Table 2): k = ceil(N/W), j = floor((N-1)/W),
M = (N-1) mod W, ku = ceil((N+1+M)/W), km = ke = ceil((N+1)/W), kr = ceil((N+2)/W); stage 3 streams the
n3 = ku + km - floor((N+1+M)/W) limbs of T1 above the limb-aligned cut.

Three memories (block RAM; seed 002 Fig. 1's segmented register file and Fig. 2's prime ROM):

* RF, the register file: register r, limb i at ``r * stride + i`` (stride = k rounded up to a power of
  two), two read ports (A, B) and one write port, as the two register-file inputs of Fig. 2;
* PM, the ALU's scratch memory: the products and quotients of Table 2 (P1, T1, e, P2, r, r - p) and
  the temporaries of the two-pass additions and of the inversion (T, v, x1, x2), two read ports, one
  write port;
* ROM (constants): p (kr limbs), h = (p + 1) / 2 (the halving of an odd x: (x + p) / 2 = (x >> 1) + h,
  Table 1's ``sum1 + prime`` then ``sum2 / 2``), mu = floor(2^2N / p) (km limbs), the program's constants.
"""

from __future__ import annotations

from dataclasses import dataclass

from pairkit.errors import InvalidArgumentError, ProgramError
from pairkit.hw.proc.alu import AluModel
from pairkit.hw.proc.isa import Program


def ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def index_bits(n: int) -> int:
    """Bits of an index into n entries (an address, a counter to n - 1): at least 1."""
    return max(1, (n - 1).bit_length())


def pow2(n: int) -> int:
    return 1 << max(0, (n - 1).bit_length())


def limbs(v: int, W: int, n: int) -> list[int]:
    return [(v >> (W * i)) & ((1 << W) - 1) for i in range(n)]


#: the pass latencies the RTL builds (d = 2, 3: the first cores; 4-6: the deeper pipelines, see Layout)
DEPTHS = (2, 3, 4, 5, 6)


@dataclass
class Layout:
    prog: Program
    W: int = 16
    P: int = 4
    d: int = 2
    reduction: str = "barrett"

    def __post_init__(self):
        for name, v, lo, hi in (("W", self.W, 4, 64), ("P", self.P, 1, 16)):
            if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
                raise InvalidArgumentError(f"RTL parameter {name} must be an integer in [{lo}, {hi}], got {v!r}")
        if isinstance(self.d, bool) or self.d not in DEPTHS:
            raise InvalidArgumentError(
                "the RTL's pass latency d is 2 (read, compute, write), 3 (the partial products registered), "
                "4 (and the read addresses registered, the program ROM in LUTs), 5 (and the memories' outputs "
                f"registered) or 6 (and the adder tree's output registered); got d = {self.d!r}"
            )
        if self.reduction not in ("barrett", "montgomery"):
            raise InvalidArgumentError(f"the RTL's reduction is barrett or montgomery (CIOS), got {self.reduction!r}")
        self.mont = self.reduction == "montgomery"
        # the pipeline (core.py): limb t's addresses are formed in cycle t; its operands reach the compute stage
        # R cycles later (the memories' read: 1, + the address register, + the data register); the products
        # (d >= 3) and the adder tree's output (d = 6) add `post` registers before the column sum; one write
        # register: d = R + post + 1
        self.addr_stage, self.data_stage, self.tree_stage = self.d >= 4, self.d >= 5, self.d >= 6
        self.R = 1 + self.addr_stage + self.data_stage
        self.post = self.d - 1 - self.R
        self.alu = AluModel(self.prog.p, W=self.W, P=self.P, d=self.d, reduction=self.reduction)
        self._check_program()
        a, W, N = self.alu, self.W, self.alu.N
        self.N, self.k, self.j, self.M = N, a.k, a.j, a.M
        self.ku, self.km, self.kr = ceil_div(N + 1 + a.M, W), ceil_div(N + 1, W), ceil_div(N + 2, W)
        self.q3, self.r3 = divmod(N + 1 + a.M, W)  # stage 3: e = T1 >> (W q3 + r3)
        self.n3 = self.ku + self.km - self.q3
        P, k = self.P, self.k
        self.passes1, self.passes2, self.passes4 = ceil_div(k, P), ceil_div(self.km, P), ceil_div(k, P)
        # PM regions (limbs); a long product a x b (b in the PPGs) spans ceil(b/P) P + a columns
        sizes = {
            "P1": self.passes1 * P + k,
            "T1": self.passes2 * P + self.ku,
            "E": self.n3,
            "P2": self.passes4 * P + self.km,
            "X": self.kr,
            "Y": self.kr,
            "T": k,
            "V": k,
            "X1": k,
            "X2": k,
        }
        if self.mont:  # CIOS (montgomery.py): t in X (km + P columns), written P limbs lower (the pad CP), m_j in MJ
            sizes = dict(list(sizes.items())[:4] + [("CP", P)] + list(sizes.items())[4:])
            sizes["X"], sizes["MJ"] = max(self.kr, self.km + P), 2 * P
        self.pm: dict[str, int] = {}
        o = 0
        for name, s in sizes.items():
            self.pm[name] = o
            o += s
        self.pm_depth = pow2(o + 1)
        assert self.j + self.ku <= sizes["P1"] and self.km <= self.n3
        # ROM
        self.rom_p, self.rom_h, self.rom_mu = 0, self.kr, self.kr + k
        self.rom_c = self.rom_mu + self.km
        p = self.prog.p
        rom = limbs(p, W, self.kr) + limbs((p + 1) // 2, W, k) + limbs(a.mu, W, self.km)
        if self.mont:  # p' = -p^-1 mod 2^(WP) (P limbs) and R^3 mod p (INV's product); constants pre-converted
            pinv, _, _, r3 = a.mont_constants
            self.rom_pinv, self.rom_r3 = self.rom_c, self.rom_c + P
            self.rom_c += P + k
            rom += limbs(pinv, W, P) + limbs(r3, W, k)
        for c in self.prog.consts:
            rom += limbs(a.to_domain(c), W, k)
        self.rom = rom
        self.rom_depth = pow2(len(rom) + 1)
        # RF
        self.stride = pow2(k)
        used = (
            [r for i in self.prog.code for r in (i.rd, i.ra, i.rb)]
            + list(self.prog.inputs.values())
            + list(self.prog.outputs.values())
        )
        self.nregs = max(used) + 1
        self.rf_depth = pow2(self.nregs * self.stride)
        self.ncounters = max([i.c for i in self.prog.code if i.op in ("LOAD", "JDEC")], default=0) + 1

    def _check_program(self):
        """What the ISS finds at run time and a ROM-programmed core cannot: refused when generating."""
        code = self.prog.code
        if not code:
            raise ProgramError("empty program", 0)
        for pc, i in enumerate(code):
            if i.op in ("JUMP", "JDEC", "JSR") and i.imm >= len(code):
                raise ProgramError(f"branch target {i.imm} outside the program ({len(code)} words)", pc)
            if i.op == "LDC" and i.imm >= len(self.prog.consts):
                raise ProgramError(f"constant #{i.imm} outside the ROM ({len(self.prog.consts)} entries)", pc)
            if i.op == "JSR" and not self.prog.srl:
                raise ProgramError("JSR with an empty shift register", pc)
        if code[-1].op not in ("HALT", "JUMP"):
            raise ProgramError("the last instruction falls off the end of the program (no HALT)", len(code) - 1)

    def rf_addr(self, reg: int, limb: int) -> int:
        return reg * self.stride + limb


#: the configuration nearest the paper's pipeline (seed 002 gives no stage count; Fig. 3's (k+1)-cycle PPG,
#: Figs. 4-5's skew registers and adder tree, and its 1,947-2,207 FF a core point to a deep one): the deepest pass
#: the RTL builds, on the paper's datapath (W = 16 inferred from 4 DSP slices a core, P = 4 PPGs as Fig. 4, division
#: by multiplication as Table 2)
PAPER_DEPTH = max(DEPTHS)
PAPER_DEPTH_CONFIG = (16, 4, PAPER_DEPTH, "barrett")  # (W, P, d, reduction)
PAPER_DEPTH_NAME = "typea-512-W16-paper"
