"""Cost models: area (FPGA LUT) and latency (clock cycles) of the function units.

Every unit follows seed 001 section 4: one cycle to load its operand buffers, its compute cycles,
one cycle to store the result ("we have added two more clock cycles to the unit latency"), and
its area includes the I/O buffers (2 registers for a unary unit, 3 for a binary one). A unit is
not pipelined (busy for its whole latency) unless the model says ``pipelined``; a pipelined unit
accepts a new operation every cycle.

Models
------
``seed001``  seed 001 Table 2 as printed (m = 97, h = 16, D = 4): adder 1358 LUT / 3 clk,
             multiplier 3908 / 27, cube 1100 / 3, cube root 904 / 3; temporary registers of 2m
             flip-flops (1 FF = 4/3 LUT, i.e. 258.67 LUT) and, as the paper, 32 of them in every A.
``table1``   seed 001 Table 1's formulas for any (m, D). Assumptions (they reproduce Table 2 exactly
             at m = 97, D = 4, which the tests check): an F_3 adder (F3A) or multiplier (F3M) is two
             4:1 LUTs ("performed in one clock cycle by using two FPGA look-up tables"); 1 MX = 1 LUT;
             1 FF = 4/3 LUT; a register is 2m FF; the I/O buffers are (arity + 1) registers; areas are
             rounded up to a whole LUT. The multiplier row includes the second 4m MX array "for the
             signs of the two factors" that the text adds to Table 1's 4m MX (8m MX in all).
``binary``   GF(2^m) units for the ss2 sets, in the same style (estimates, not measurements):
             adder m LUT (one XOR per bit); digit-serial multiplier ceil(m/D) cycles, m D LUT for the
             partial-product/accumulate array + D (w + 1) LUT of reduction (w = non-zero taps) + an m-bit
             accumulator; squarer and square root are the linear maps of the actual field polynomial,
             each output bit an XOR tree of 4:1 LUTs: sum over rows of ceil((weight - 1) / 3) LUT;
             every unit +2 I/O cycles and (arity + 1) m-bit buffers; a register is m FF.
``measured`` unit costs from a JSON file written by the hardware kit (default ``hw-report-cache/units.json``)::

                 {"mul": {"area_lut": 3908, "latency": 27, "pipelined": false}, "add": {...}, ...,
                  "register": {"area_lut": 258.67}}        # "register" optional

             Keys are unit names (``mul add cube cbrt sqr sqrt inv``; ``multiplier``, ``adder``,
             ``squarer``, ``cube_root``... are accepted). Latencies there are end to end (I/O included).
             Without ``register``, a register is one field element of flip-flops (2m or m FF, 4/3 LUT each).

Operations map to units per field characteristic: in characteristic 3 add/sub -> adder (``neg`` is
folded: the adder computes +-A +-B), mul and sqr -> multiplier ("square is counted as one
multiplication", seed 001 section 2), cube -> cube unit, cbrt -> cube-root unit; in characteristic 2
add -> adder, mul -> multiplier, sqr -> squarer, sqrt -> square-root unit.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, field
from typing import Optional

from pairkit.argcheck import json_loads
from pairkit.dse.errors import CostModelError, UnitMixError, UnknownOperationError
from pairkit.spec.binary.gf2m import GF2m

#: canonical unit names, in the column order of seed 001 Tables 3-4 (Mul, Power, Add, Root) then binary
UNIT_ORDER = ("mul", "cube", "add", "cbrt", "sqr", "sqrt", "inv", "sqrn", "sqrtn", "ca", "sca", "sqr4n", "dmul")
# sqrn, sqrtn: chains; ca, sca: seed 000's C.A unit (C A, C^2 A), dmul: seed 003's DMOCI, compound operations (hw.core)
UNIT_ALIASES = {
    "multiplier": "mul",
    "adder": "add",
    "power": "cube",
    "cube_power": "cube",
    "cubepower": "cube",
    "root": "cbrt",
    "cube_root": "cbrt",
    "cuberoot": "cbrt",
    "squarer": "sqr",
    "square": "sqr",
    "square_root": "sqrt",
    "squareroot": "sqrt",
    "inverter": "inv",
}
OPS_CHAR3 = {
    "add": "add",
    "sub": "add",
    "neg": None,
    "mul": "mul",
    "sqr": "mul",
    "cube": "cube",
    "cbrt": "cbrt",
    "inv": "inv",
}
OPS_CHAR2 = {"add": "add", "sub": "add", "neg": None, "mul": "mul", "sqr": "sqr", "sqrt": "sqrt", "inv": "inv"}
FF_LUT = 4 / 3
DEFAULT_MEASURED = os.path.join("hw-report-cache", "units.json")


def unit_name(s: str) -> str:
    k = s.strip().lower().replace("-", "_")
    k = UNIT_ALIASES.get(k, k)
    if k not in UNIT_ORDER:
        raise UnitMixError(f"unknown unit {s!r} (known: {', '.join(UNIT_ORDER)})")
    return k


@dataclass(frozen=True)
class Unit:
    name: str
    area: float  # LUT, I/O buffers included
    latency: int  # clock cycles, the 2 I/O cycles included
    pipelined: bool = False

    @property
    def occupancy(self) -> int:
        """Cycles the unit is busy per operation (1 if pipelined)."""
        return 1 if self.pipelined else self.latency

    def to_json(self) -> dict:
        return {"area_lut": self.area, "latency": self.latency, "pipelined": self.pipelined}


@dataclass(frozen=True)
class CostModel:
    name: str
    units: dict  # unit name -> Unit
    ops: dict  # op kind -> unit name, or None (free, folded)
    register_area: float
    registers: object = "max"  # int: that many registers in every A (seed 001: 32); "max" | "each"
    params: dict = field(default_factory=dict)
    notes: str = ""

    def unit_of(self, op: str) -> Optional[str]:
        if op not in self.ops:
            raise UnknownOperationError(f"cost model {self.name!r} has no unit for operation {op!r}")
        u = self.ops[op]
        if u is not None and u not in self.units:
            raise UnknownOperationError(f"cost model {self.name!r} has no {u!r} unit (needed by {op!r})")
        return u

    def order(self, names) -> list:
        return sorted(names, key=UNIT_ORDER.index)

    def area(self, counts: dict, n_registers: int = 0) -> float:
        return sum(self.units[u].area * c for u, c in counts.items()) + self.register_area * n_registers

    def to_json(self) -> dict:
        return {
            "name": self.name,
            "params": self.params,
            "registers": self.registers,
            "register_area_lut": round(self.register_area, 3),
            "units": {u: self.units[u].to_json() for u in self.order(self.units)},
            "ops": self.ops,
            "notes": self.notes,
        }


def _ceil(x: float) -> int:
    return int(math.ceil(x - 1e-9))


def seed001() -> CostModel:
    """Seed 001 Table 2 (m = 97, h = 16, D = 4), with 32 temporary registers in every A (section 5)."""
    units = {
        "add": Unit("add", 1358, 3),
        "mul": Unit("mul", 3908, 27),
        "cube": Unit("cube", 1100, 3),
        "cbrt": Unit("cbrt", 904, 3),
    }
    return CostModel(
        "seed001",
        units,
        dict(OPS_CHAR3),
        2 * 97 * FF_LUT,
        32,
        {"p": 3, "m": 97, "D": 4},
        "seed 001 Table 2 as printed; 32 registers of 2m FF in every A (section 5)",
    )


def table1(m: int = 97, D: int = 4, registers=32) -> CostModel:
    """Seed 001 Table 1's formulas for F_{3^m} with digit size D (assumptions in the module docstring)."""
    if m < 2 or D < 1 or D > m:
        raise CostModelError(f"table1 needs m >= 2 and 1 <= D <= m (got m={m}, D={D})")
    F3A = F3M = 2
    reg = 2 * m * FF_LUT
    io1, io2 = 2 * reg, 3 * reg
    units = {
        "add": Unit("add", _ceil(m * F3A + 4 * m + io2), 1 + 2),
        "mul": Unit(
            "mul",
            _ceil((m + 1) * D * F3A + ((m + 2) * D - 2) * F3M + 8 * m + (6 * m + 2 * D - 2) * FF_LUT + io2),
            -(-m // D) + 2,
        ),
        "cube": Unit("cube", _ceil(2 * m * F3A + 2 * m + io1), 1 + 2),
        "cbrt": Unit("cbrt", _ceil((m - 1) * F3A + 2 * m + io1), 1 + 2),
    }
    return CostModel(
        "table1",
        units,
        dict(OPS_CHAR3),
        reg,
        registers,
        {"p": 3, "m": m, "D": D},
        "seed 001 Table 1: F3A = F3M = 2 LUT, 1 MX = 1 LUT, 1 FF = 4/3 LUT, I/O = (arity+1) registers",
    )


def _linear_map_luts(cols: list, m: int) -> int:
    """LUT4 count of y = M x given M's columns as ints: each row an XOR tree, ceil((w - 1) / 3)."""
    w = [0] * m
    for c in cols:
        while c:
            low = c & -c
            w[low.bit_length() - 1] += 1
            c ^= low
    return sum(_ceil((x - 1) / 3) for x in w if x > 1)


def binary(m: int, taps, D: int = 4, registers="max") -> CostModel:
    """GF(2^m) = F_2[x]/(x^m + sum x^t) units (estimates; see the module docstring)."""
    taps = tuple(taps)
    if m < 2 or D < 1 or D > m:
        raise CostModelError(f"binary needs m >= 2 and 1 <= D <= m (got m={m}, D={D})")
    F = GF2m(m, taps)
    reg = m * FF_LUT
    io1, io2 = 2 * reg, 3 * reg
    sqr_l = _linear_map_luts([F.sqr(1 << i) for i in range(m)], m)
    sqrt_l = _linear_map_luts([F.sqrt(1 << i) for i in range(m)], m)
    units = {
        "add": Unit("add", _ceil(m + io2), 1 + 2),
        "mul": Unit("mul", _ceil(m * D + D * (len(taps) + 1) + m * FF_LUT + io2), -(-m // D) + 2),
        "sqr": Unit("sqr", _ceil(sqr_l + io1), 1 + 2),
        "sqrt": Unit("sqrt", _ceil(sqrt_l + io1), 1 + 2),
    }
    return CostModel(
        "binary",
        units,
        dict(OPS_CHAR2),
        reg,
        registers,
        {"p": 2, "m": m, "D": D, "taps": list(taps)},
        "GF(2^m) estimates in seed 001's style (LUT4, 1 FF = 4/3 LUT, +2 I/O cycles)",
    )


def measured(path: Optional[str] = None, p: int = 3, registers="max", m: Optional[int] = None) -> CostModel:
    """Unit costs from the hardware kit's JSON report (schema in the module docstring)."""
    if not path:
        from pairkit.checkout import repo_file

        path = repo_file(DEFAULT_MEASURED)  # the current directory's, else the package checkout's
    if not os.path.exists(path):
        raise CostModelError(
            f"no measured unit costs at {path!r}: the hardware kit writes them there "
            '(or pass --units-file FILE); schema: {unit: {"area_lut", "latency", "pipelined"}}'
        )

    if os.path.isdir(path):
        raise CostModelError(f"cannot read measured unit costs {path!r}: is a directory")
    try:
        with open(path, "rb") as fh:
            raw = json_loads(fh.read().decode("utf-8"))
    except (OSError, ValueError, RecursionError) as e:  # ValueError: JSONDecodeError, UnicodeDecodeError
        raise CostModelError(f"cannot read measured unit costs {path!r}: {type(e).__name__}: {e}") from None
    if not isinstance(raw, dict):
        raise CostModelError(f"{path}: expected an object {{unit: {{...}}}}")
    units, reg = {}, None
    for k, v in raw.items():
        if k.startswith("_"):
            continue
        if not isinstance(v, dict):
            raise CostModelError(f"{path}: entry {k!r} must be an object")
        if k == "register":
            reg = v.get("area_lut")
            if not _nonneg_number(reg):
                raise CostModelError(f"{path}: register.area_lut must be a non-negative number")
            continue
        u = _measured_unit(path, k, v)
        units[u.name] = u
    if not units:
        raise CostModelError(f"{path}: no units")
    m = raw.get("_m", m)
    if reg is None:  # a register of one field element, as in the other models
        reg = (2 * m if p == 3 else m) * FF_LUT if isinstance(m, int) else 0.0
    return CostModel(
        "measured",
        units,
        dict(OPS_CHAR3 if p == 3 else OPS_CHAR2),
        float(reg),
        registers,
        {"p": p, "path": path},
        "measured by the hardware kit",
    )


def _nonneg_number(x) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and not x < 0


def _measured_unit(path: str, k: str, v) -> Unit:
    """The unit of the measured report's entry ``k`` (checked: area_lut, latency, pipelined)."""
    try:
        u = unit_name(k)
    except UnitMixError as e:
        raise CostModelError(f"{path}: {e}") from None
    a, lat, pipe = v.get("area_lut"), v.get("latency"), v.get("pipelined", False)
    if not _nonneg_number(a):
        raise CostModelError(f"{path}: {k}.area_lut must be a non-negative number")
    if not isinstance(lat, int) or isinstance(lat, bool) or lat < 1:
        raise CostModelError(f"{path}: {k}.latency must be an integer >= 1")
    if not isinstance(pipe, bool):
        raise CostModelError(f"{path}: {k}.pipelined must be true or false")
    return Unit(u, a, lat, pipe)


MODELS = ("seed001", "table1", "binary", "measured")


def get(
    name: Optional[str],
    fld: dict,
    *,
    D: Optional[int] = None,
    m: Optional[int] = None,
    units_file: Optional[str] = None,
    registers=None,
) -> CostModel:
    """The model ``name`` for a DDG over ``fld`` (the trace's field). ``None`` picks ``seed001`` in
    characteristic 3 (``table1`` when m != 97 or D != 4) and ``binary`` in characteristic 2."""
    p = fld.get("p", 2)
    m = m or fld.get("m")
    if name is None:  # Table 2 is for m = 97, D = 4; Table 1's formulas otherwise
        name = ("seed001" if (m in (None, 97) and D in (None, 4)) else "table1") if p == 3 else "binary"
    kw = {} if registers is None else {"registers": registers}
    if name == "seed001":
        if p != 3:
            raise CostModelError("the seed001 model is for characteristic 3 (F_{3^97}); use --costs binary")
        if D not in (None, 4) or m not in (None, 97):
            raise CostModelError("seed001 is Table 2 at m = 97, D = 4; use --costs table1 for other m, D")
        mod = seed001()
        return (
            mod
            if registers is None
            else CostModel(mod.name, mod.units, mod.ops, mod.register_area, registers, mod.params, mod.notes)
        )
    if name == "table1":
        if p != 3:
            raise CostModelError("the table1 model is for characteristic 3; use --costs binary")
        return table1(m or 97, D or 4, **kw)
    if name == "binary":
        if p != 2:
            raise CostModelError("the binary model is for characteristic 2; use --costs seed001 or table1")
        if not m or "taps" not in fld:
            raise CostModelError("the binary model needs the field's m and taps (from the trace)")
        return binary(m, fld["taps"], D or 4, **kw)
    if name == "measured":
        return measured(units_file, p, m=m, **kw)
    raise CostModelError(f"unknown cost model {name!r} (known: {', '.join(MODELS)})")
