"""The W-bit multi-precision ALU of seed 002 (section 3), as a value-and-cycle model.

Parameters: W (limb width), N (bits of the field, here the bit length of p), P (partial-product
generators, Fig. 4), d (pipeline latency of one pass: register-file read, datapath, write-back; the
paper gives none, pairkit's assumption is d = 2).  k = ceil(N / W) limbs (section 3.1: k = N / W).

Cycle formulas, one per instruction class (docs/PROC.md "Cycle model"):

  pass(n)     = n + d                  one pass of the multi-purpose datapath over n limbs (Fig. 2,
                                       one limb per cycle)
  ADD/SUB/NEG = 2 pass(k)              "modular addition is computed in two passes" (section 3.2:
                                       regA + regB - prime, then regA + regB if that was negative);
                                       subtraction and negation "with similar techniques"
  MOV/LDC     = pass(k)                copying, one pass
  mult(a, b)  = ceil(b / P) (a + P + d)
                                       long multiplication (section 3.3, eq. 1, Figs. 3-5): each pass
                                       loads P limbs of B into the PPGs and streams the a limbs of A,
                                       a partial product takes a + 1 cycles (Fig. 3: "(k+1) clock
                                       cycles"), the shift registers of Fig. 4 skew the P PPGs by
                                       P - 1 cycles, the adder tree of Fig. 5 adds d; k/P passes for
                                       a k x k product ("k/4 passes" for P = 4)
  MUL         = the five stages of Table 2 (division by multiplication, Barrett, HAC 14.42 at bit
                granularity; mu = floor(2^(2N) / p), j = floor((N - 1) / W), M = (N - 1) mod W):
                 1  P1 = A B                          mult(k, k)
                 2  T1 = floor(P1 / 2^(W j)) mu       mult(ku, km)  (the upper limbs of P1: addressing)
                 3  e = floor(T1 / 2^(N + 1 + M))     pass(ku + km - kd) of the division datapath
                                                      (Fig. 6: "the (N-1)-bit shift is reduced to an
                                                      M-bit shift", limb-aligned parts are addressing)
                 4  P2 = e p                          mult(ke, k)   (p's limbs in the PPGs, e streamed)
                 5  r = P1 - P2, minus p at most twice 3 pass(kr) (multi-purpose; e >= q - 2 so
                                                      r < 3p; a fixed three passes: data-independent)
                with ku = ceil((N + 1 + M) / W), km = ke = ceil((N + 1) / W), kr = ceil((N + 2) / W)
  INV         = binary extended Euclid (section 3.2, "[10]" = HAC ch. 14; the loop of Hankerson-
                Menezes-Vanstone Alg. 2.22): per halving of u or v with its x: 2 pass(k) (sum2 =
                sum1 [+ prime], out = sum2 / 2: Table 1); per subtraction step: 2 pass(k) for u - v
                (test, then the right difference) and 2 pass(k) for x1 - x2 mod p; one pass(k) copies
                the result to rd.  Variable time, as
                the paper's; the cycles are those of the actual run.
  control     = 1 cycle (instruction unit, Fig. 7)
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ..errors import InvalidArgumentError


def _ceil(a: int, b: int) -> int:
    return -(-a // b)


@dataclass(frozen=True)
class AluModel:
    p: int
    W: int = 16
    P: int = 4
    d: int = 2

    def __post_init__(self):
        for name, v, lo, hi in (("W", self.W, 2, 128), ("P", self.P, 1, 64), ("d", self.d, 0, 64)):
            if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
                raise InvalidArgumentError(f"ALU parameter {name} must be an integer in [{lo}, {hi}], got {v!r}")
        if self.p < 3 or self.p % 2 == 0:
            raise InvalidArgumentError("the ALU needs an odd modulus p >= 3")

    # sizes ----------------------------------------------------------------------------------
    @property
    def N(self) -> int:
        return self.p.bit_length()

    @property
    def k(self) -> int:
        return _ceil(self.N, self.W)

    @cached_property
    def mu(self) -> int:
        return (1 << (2 * self.N)) // self.p

    @property
    def j(self) -> int:
        return (self.N - 1) // self.W

    @property
    def M(self) -> int:
        return (self.N - 1) % self.W

    # cycle formulas -----------------------------------------------------------------------
    def pass_(self, n: int) -> int:
        return n + self.d

    def mult(self, a: int, b: int) -> int:
        return _ceil(b, self.P) * (a + self.P + self.d)

    def stages(self) -> dict[str, int]:
        """Cycles of the five stages of Table 2 (3a and 3b together: one pass)."""
        N, W, k = self.N, self.W, self.k
        ku, km, kr = _ceil(N + 1 + self.M, W), _ceil(N + 1, W), _ceil(N + 2, W)
        return {"1": self.mult(k, k), "2": self.mult(ku, km), "3": self.pass_(ku + km - (N + 1 + self.M) // W),
                "4": self.mult(km, k), "5": 3 * self.pass_(kr)}

    @cached_property
    def cycles_mul(self) -> int:
        return sum(self.stages().values())

    @property
    def cycles_add(self) -> int:
        return 2 * self.pass_(self.k)

    @property
    def cycles_mov(self) -> int:
        return self.pass_(self.k)

    # values -----------------------------------------------------------------------------------
    def mul(self, a: int, b: int) -> int:
        """a b mod p along Table 2's stages (Barrett; the corrections are checked, not assumed)."""
        p, N = self.p, self.N
        P1 = a * b  # stage 1
        T1 = (P1 >> (self.W * self.j)) * self.mu  # stage 2
        e = T1 >> (N + 1 + self.M)  # stages 3a, 3b
        r = P1 - e * p  # stages 4, 5
        if not 0 <= r < 3 * p:
            raise AssertionError("Barrett bound violated")  # pragma: no cover (a model bug)
        while r >= p:
            r -= p
        return r

    def inv(self, a: int) -> tuple[int, int]:
        """(a^-1 mod p, cycles) by the binary extended Euclidean algorithm (HMV Alg. 2.22)."""
        p = self.p
        if a % p == 0:
            raise ZeroDivisionError("inverse of 0")
        u, v, x1, x2 = a % p, p, 1, 0
        halvings = steps = 0
        while u != 1 and v != 1:
            while u % 2 == 0:
                u //= 2
                x1 = x1 // 2 if x1 % 2 == 0 else (x1 + p) // 2
                halvings += 1
            while v % 2 == 0:
                v //= 2
                x2 = x2 // 2 if x2 % 2 == 0 else (x2 + p) // 2
                halvings += 1
            if u >= v:
                u, x1 = u - v, (x1 - x2) % p
            else:
                v, x2 = v - u, (x2 - x1) % p
            steps += 1
        r = x1 if u == 1 else x2
        return r, (2 * halvings + 4 * steps + 1) * self.pass_(self.k)  # + the copy of x to rd
