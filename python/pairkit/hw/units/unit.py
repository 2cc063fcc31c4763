# amaranth: UnusedElaboratable=no
"""The common unit interface and the registry of unit generators.

Every generated unit is an Amaranth ``Elaboratable`` with

* a clock domain ``sync`` (ports ``clk``, ``rst``), a ``start`` input and a ``done`` output;
* operand input ports and result output ports, each described by a :class:`PortSpec`
  (kind ``gf2``: m bits, bit i = coefficient of x^i; ``gf3``: 2m bits ``Cat(lo, hi)`` in the spec's
  bit-plane encoding; ``bits``: flags such as signs);
* the handshake: the clock edge that samples ``start`` high also latches the operands (the
  "register read" / input-buffer cycle of seed 000 Eq. 9 and seed 001 section 4); ``done`` rises
  exactly :attr:`HwUnit.cycles` edges after that one (that edge included) and stays high, with the
  results stable, until the next ``start``. ``start`` while busy restarts the operation. Operands
  may change freely after the start edge (the test harness scrambles them);
* :meth:`HwUnit.spec_model` -- the golden model from :mod:`pairkit.spec` on the same operands;
* :attr:`HwUnit.compute_cycles` -- the cycles the seeds count (``cycles`` minus our load cycle).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Optional

from pairkit.extras import require
from pairkit.hw.errors import HwLimitError, HwParamError

require("amaranth.hdl", "the hardware kit")  # MissingExtraError naming pip install 'pairkit[hw]' without it
from amaranth.hdl import Elaboratable, Module, Signal  # noqa: E402


@dataclass(frozen=True)
class PortSpec:
    name: str
    kind: str  # gf2 | gf3 | bits
    width: int
    m: int = 0  # field degree for gf2/gf3

    def to_int(self, v) -> int:
        if self.kind == "gf3":
            lo, hi = v
            return lo | (hi << self.m)
        return int(v)

    def from_int(self, x: int):
        if self.kind == "gf3":
            mask = (1 << self.m) - 1
            return (x & mask, (x >> self.m) & mask)
        return x


def scratch_module() -> Module:
    """A Module built only to be inspected, never elaborated (a network's gate count): created in this
    file, whose first line turns Amaranth's "created but never used" warning off."""
    return Module()


class HwUnit(Elaboratable):
    """Base class: subclasses declare ports in ``__init__`` and implement ``elaborate``."""

    #: registry name, set by @register
    unit_name = ""

    def __new__(cls, *args, **kwargs):
        # units are also built only to inspect cycles, ports and metrics, or to validate parameters
        # (a constructor that raises): no UnusedElaboratable warnings. Amaranth takes the linter
        # options from the first line of the file an elaboratable is created in: this one's, here.
        return super().__new__(cls, *args, **kwargs)

    def __init__(self, **params):
        self.params = dict(params)
        self.start = Signal(name="start")
        self.done = Signal(name="done")
        self.in_specs: list[PortSpec] = []
        self.out_specs: list[PortSpec] = []
        self.inputs: dict[str, Signal] = {}
        self.outputs: dict[str, Signal] = {}

    # -- ports ----------------------------------------------------------------------------
    def _in(self, name: str, kind: str, width: int, m: int = 0) -> Signal:
        s = Signal(width, name=name)
        self.in_specs.append(PortSpec(name, kind, width, m))
        self.inputs[name] = s
        return s

    def _out(self, name: str, kind: str, width: int, m: int = 0) -> Signal:
        s = Signal(width, name=name)
        self.out_specs.append(PortSpec(name, kind, width, m))
        self.outputs[name] = s
        return s

    def ports(self) -> list[Signal]:
        return [self.start, self.done, *self.inputs.values(), *self.outputs.values()]

    # -- contract -------------------------------------------------------------------------
    @property
    def cycles(self) -> int:
        """Clock edges from the start edge to done (the start edge included)."""
        raise NotImplementedError

    @property
    def compute_cycles(self) -> int:
        """Cycles as the seeds count them: without our operand-load edge."""
        return self.cycles - 1

    def spec_model(self, ops: dict) -> dict:
        """The golden result (pairkit.spec) for operand dict ``ops``."""
        raise NotImplementedError

    def random_operands(self, rng: random.Random) -> dict:
        out = {}
        for p in self.in_specs:
            if p.kind == "gf3":
                out[p.name] = self.field.random(rng)  # type: ignore[attr-defined]
            else:
                out[p.name] = rng.getrandbits(p.width)
        return out

    def describe(self) -> str:
        ps = ", ".join(f"{k}={v}" for k, v in self.params.items())
        return f"{self.unit_name}({ps})"

    @property
    def config_id(self) -> str:
        """A file-name-safe id of the unit and its parameters."""
        parts = [self.unit_name] + [f"{k}-{_safe(v)}" for k, v in sorted(self.params.items())]
        return "_".join(parts)

    #: extra figures for the report (XOR counts, derived formulas), filled by subclasses
    def metrics(self) -> dict:
        return {}


def _safe(v) -> str:
    s = str(v)
    for a, b in (("^", ""), ("+", "p"), ("-", "m"), (" ", ""), (",", "."), ("/", ".")):
        s = s.replace(a, b)
    return s


# ------------------------------------------------------------------ registry

#: Limits of the unit parameters (docs/HW.md "Limits"), checked before a unit is built: every integer
#: parameter (digit sizes, squarers in series, word sizes, TMVP sizes, flags) is in [0, MAX_UNIT_INT]
#: (the units narrow it further, e.g. 1 <= D <= m), a text parameter has at most MAX_PARAM_TEXT
#: characters, a field at most degree MAX_FIELD_DEGREE (fields.py).
MAX_UNIT_INT = 4096
MAX_PARAM_TEXT = 256
#: test vectors of `pairkit hw gen` and `pairkit hw sim`
MAX_VECTORS = 100_000
#: depth of the bounded model check (`pairkit hw formal --steps`)
MAX_BMC_STEPS = 10_000


def check_int(param: str, v, lo: int, hi: int) -> int:
    """``v`` as an int in [lo, hi]: HwParamError below (or not an int), HwLimitError above."""
    if isinstance(v, bool) or not isinstance(v, int):
        raise HwParamError(param, f"expected an integer, got {v!r}")
    if v < lo:
        raise HwParamError(param, f"must be at least {lo}, got {v}")
    if v > hi:
        raise HwLimitError(param, f"{v} exceeds the limit of {hi:,}")
    return v


@dataclass(frozen=True)
class Param:
    name: str
    type: type
    default: Any
    help: str
    choices: Optional[tuple] = None


@dataclass
class UnitType:
    name: str
    cls: type
    params: list[Param]
    summary: str
    seed: str
    family: str  # gf2 | gf3 | ext | tmvp
    small: dict = field(default_factory=dict)  # a small configuration for tests/sim

    def param(self, name: str) -> Param:
        for p in self.params:
            if p.name == name:
                return p
        raise HwParamError(name, f"unknown parameter of {self.name} (known: {', '.join(p.name for p in self.params)})")


REGISTRY: dict[str, UnitType] = {}


def register(name: str, *, summary: str, seed: str, family: str, params: list[Param], small: dict):
    def deco(cls):
        cls.unit_name = name
        REGISTRY[name] = UnitType(name, cls, params, summary, seed, family, small)
        return cls

    return deco


def coerce_param(p: Param, v):
    if isinstance(v, str) and len(v) > MAX_PARAM_TEXT:
        raise HwLimitError(p.name, f"a value of {len(v):,} characters exceeds the limit of {MAX_PARAM_TEXT}")
    v = _coerce_type(p, v)
    if p.type is int:
        check_int(p.name, v, 0, MAX_UNIT_INT)
    return v


def _coerce_type(p: Param, v):
    if isinstance(v, str) and p.type is not str:
        try:
            if p.type is bool:
                if v.lower() in ("1", "true", "yes", "on"):
                    return True
                if v.lower() in ("0", "false", "no", "off"):
                    return False
                raise ValueError(v)
            return p.type(v)
        except ValueError:
            raise HwParamError(p.name, f"expected {p.type.__name__}, got {v!r}") from None
    if p.type is int and (isinstance(v, bool) or not isinstance(v, int)):
        raise HwParamError(p.name, f"expected int, got {v!r}")
    return v


def parse_kv(items) -> dict:
    """['D=16', 'field=ss2-283'] -> dict."""
    out = {}
    for it in items or []:
        if "=" not in it:
            raise HwParamError("param", f"expected k=v, got {it!r}")
        k, v = it.split("=", 1)
        out[k.strip()] = v.strip()
    return out
