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

Variants (seed 002's future work): ``reduction`` "barrett" (Table 2, above) or
"montgomery" (montgomery.py: CIOS over the schoolbook product, SOS over the Karatsuba one; the
registers then hold a R mod p, see ``to_domain``), ``mult`` "schoolbook" (``mult`` above) or
"karatsuba" (karatsuba.py, ``levels`` 1 or 2; with Barrett, stages 1, 2 and 4 use it).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from pairkit.errors import InvalidArgumentError
from pairkit.hw.proc import karatsuba, montgomery

REDUCTIONS = ("barrett", "montgomery")
MULTS = ("schoolbook", "karatsuba")


def _ceil(a: int, b: int) -> int:
    return -(-a // b)


@dataclass(frozen=True)
class AluModel:
    p: int
    W: int = 16
    P: int = 4
    d: int = 2
    reduction: str = "barrett"
    mult_alg: str = "schoolbook"
    levels: int = 0  # Karatsuba levels (1 or 2; 0 = the default 1 with "karatsuba", none with "schoolbook")

    def __post_init__(self):
        lv = self.levels
        if isinstance(lv, bool) or not isinstance(lv, int) or not 0 <= lv <= 2:
            raise InvalidArgumentError(f"Karatsuba levels must be 1 or 2 (0: the default), got {lv!r}")
        for name, v, lo, hi in (("W", self.W, 2, 128), ("P", self.P, 1, 64), ("d", self.d, 0, 64)):
            if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
                raise InvalidArgumentError(f"ALU parameter {name} must be an integer in [{lo}, {hi}], got {v!r}")
        if self.p < 3 or self.p % 2 == 0:
            raise InvalidArgumentError("the ALU needs an odd modulus p >= 3")
        if self.reduction not in REDUCTIONS:
            raise InvalidArgumentError(f"reduction must be one of {', '.join(REDUCTIONS)}, got {self.reduction!r}")
        if self.mult_alg not in MULTS:
            raise InvalidArgumentError(f"multiplication must be one of {', '.join(MULTS)}, got {self.mult_alg!r}")
        if self.mult_alg == "schoolbook" and self.levels:
            raise InvalidArgumentError("Karatsuba levels given with schoolbook multiplication")
        if self.mult_alg == "karatsuba":
            if self.levels == 0:
                object.__setattr__(self, "levels", 1)
            if self.k < 1 << self.levels:
                raise InvalidArgumentError(
                    f"{self.levels} Karatsuba level(s) need k >= {1 << self.levels} limbs; "
                    f"k = ceil({self.N} / {self.W}) = {self.k}"
                )

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

    def prod(self, a: int, b: int) -> int:
        """Cycles of an a x b limb product on the configured multiplier."""
        if self.mult_alg == "karatsuba":
            return karatsuba.cycles(a, b, self.levels, self.mult, self.pass_)
        return self.mult(a, b)

    @property
    def km(self) -> int:
        return _ceil(self.N + 1, self.W)

    def stages(self) -> dict[str, int]:
        """Cycles of the MUL's stages: Table 2's five for Barrett (3a and 3b together: one pass),
        montgomery.py's for Montgomery."""
        N, W, k, km = self.N, self.W, self.k, self.km
        if self.reduction == "montgomery":
            if self.mult_alg == "schoolbook":
                return montgomery.cios_stages(k, self.P, self.d, km, _ceil(N + 2, W), self.pass_)
            return montgomery.sos_stages(k, self.P, self.d, km, self.prod, self.pass_)
        ku, kr = _ceil(N + 1 + self.M, W), _ceil(N + 2, W)
        return {
            "1": self.prod(k, k),
            "2": self.prod(ku, km),
            "3": self.pass_(ku + km - (N + 1 + self.M) // W),
            "4": self.prod(km, k),
            "5": 3 * self.pass_(kr),
        }

    @cached_property
    def cycles_mul(self) -> int:
        return sum(self.stages().values())

    @property
    def cycles_add(self) -> int:
        return 2 * self.pass_(self.k)

    @property
    def cycles_mov(self) -> int:
        return self.pass_(self.k)

    # the Montgomery domain -------------------------------------------------------------------
    @cached_property
    def R_bits(self) -> int:
        """log2 R: W P ceil(k / P) for CIOS (a block of P limbs a step), W k for SOS (montgomery.py)."""
        return self.W * (self.P * _ceil(self.k, self.P) if self.mult_alg == "schoolbook" else self.k)

    @cached_property
    def mont_constants(self) -> tuple[int, int, int, int]:
        """(-p^-1 mod 2^(WP), -p^-1 mod R, R^2 mod p, R^3 mod p)."""
        p, r = self.p, self.R_bits
        return (
            (-pow(p, -1, 1 << (self.W * self.P))) % (1 << (self.W * self.P)),
            (-pow(p, -1, 1 << r)) % (1 << r),
            pow(2, 2 * r, p),
            pow(2, 3 * r, p),
        )

    def to_domain(self, x: int) -> int:
        """x as the registers hold it: x R mod p (MonPro(x, R^2): one MUL) with Montgomery, x with Barrett."""
        return self.mul(x, self.mont_constants[2]) if self.reduction == "montgomery" else x

    def from_domain(self, x: int) -> int:
        """The field value of a register: MonPro(x, 1) = x R^-1 mod p with Montgomery (one MUL)."""
        return self.mul(x, 1) if self.reduction == "montgomery" else x

    @property
    def cycles_conversion(self) -> int:
        """Cycles of one conversion into or out of the domain (a MUL with Montgomery, none with Barrett)."""
        return self.cycles_mul if self.reduction == "montgomery" else 0

    # values -----------------------------------------------------------------------------------
    def _prod(self, x: int, y: int, a: int, b: int) -> int:
        """x y on the configured multiplier, x of a limbs and y of b limbs (the split follows them)."""
        if x >> (self.W * a) or y >> (self.W * b):
            raise AssertionError("operand wider than its limbs")  # pragma: no cover (a model bug)
        if self.mult_alg == "karatsuba":
            return karatsuba.product(x, y, a, b, self.levels, self.W)
        return x * y

    def mul(self, a: int, b: int) -> int:
        """The MUL instruction's value: a b mod p along Table 2's stages (Barrett; the corrections are
        checked, not assumed), or MonPro(a, b) = a b R^-1 mod p (Montgomery: CIOS or SOS)."""
        p, N = self.p, self.N
        if self.reduction == "montgomery":
            if self.mult_alg == "schoolbook":
                return montgomery.cios(a, b, p, self.W, self.P, self.k, self.mont_constants[0])
            k = self.k
            return montgomery.sos(a, b, p, self.W, k, self.mont_constants[1], lambda x, y: self._prod(x, y, k, k))
        k, km, ku = self.k, self.km, _ceil(N + 1 + self.M, self.W)
        P1 = self._prod(a, b, k, k)  # stage 1
        T1 = self._prod(P1 >> (self.W * self.j), self.mu, ku, km)  # stage 2
        e = T1 >> (N + 1 + self.M)  # stages 3a, 3b
        r = P1 - self._prod(e, p, km, k)  # stages 4, 5
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

    def inv_domain(self, a: int) -> tuple[int, int]:
        """INV on a register value: with Montgomery a = x R, the binary algorithm gives a^-1 = x^-1 R^-1,
        and one MUL by the ROM constant R^3 mod p gives x^-1 R (MonPro(a^-1, R^3))."""
        r, c = self.inv(a)
        if self.reduction == "montgomery":
            return self.mul(r, self.mont_constants[3]), c + self.cycles_mul
        return r, c
