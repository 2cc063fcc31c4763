"""A core's configuration: the pairing, the unit mix (drawn from the hardware kit's units, with their
simulated latencies) and the scheduler.

A unit operation started at step s on a unit whose handshake takes ``cycles`` edges (start edge
included, :mod:`pairkit.hw.units.unit`) has its result on the unit's output during step s + cycles; the
core writes it into a register at the edge ending that step, so a reader can start at
s + cycles + 1. The latency seen by the scheduler is therefore ``cycles + 1``: one operand-load edge,
the compute cycles and one store edge, exactly seed 001 section 4's "+2" (Table 2: multiplier 27,
adder, cube and cube root 3 at m = 97, D = 4). Units are not pipelined: an instance is busy for the
whole latency.

Heterogeneous units: several entries of the mix may execute one operation kind with different
generators or parameters (seed 000 Fig. 5: Multiplier 1 at digit D1 beside Multiplier 2 at D2 = D1/4).
The kind's instances are numbered across the entries in mix order (entry 1's first, then entry 2's),
each with its own latency (:meth:`CoreConfig.instance_latencies`); the list scheduler binds each
operation to the instance that finishes it first (:func:`pairkit.dse.listsched.list_schedule`), and
the micro-code and RTL build each instance with its own parameters (``Microcode.variants``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from pairkit import sets
from pairkit.dse.costs import CostModel, Unit
from pairkit.dse.listsched import BINDS
from pairkit.hw.core import pipeline as pipe
from pairkit.hw.core.bankmap import BankMap
from pairkit.hw.core.errors import CoreError, CoreMixError
from pairkit.hw.core.program import CHAIN_OF  # noqa: F401  (re-exported: the single operation each chain kind repeats)
from pairkit.hw.units import catalogue as hwunit
from pairkit.sets import Family

#: the operation kind each unit generator executes, and its operand / sign ports
UNIT_OPS = {
    "gf3_add": ("add", ("a", "b"), ("sa", "sb")),
    "gf3_mul": ("mul", ("a", "b"), ("sa", "sb")),
    "gf3_cube": ("cube", ("a",), ("sa",)),
    "gf3_cbrt": ("cbrt", ("a",), ("sa",)),
    "gf2_add": ("add", ("a", "b"), ()),
    "gf2_mul_msd": ("mul", ("a", "b"), ()),
    "gf2_mul_bitserial": ("mul", ("a", "b"), ()),
    "gf2_mul_m1": ("mul", ("a", "b"), ()),
    "gf2_mul_chunked": ("mul", ("a", "b"), ()),
    "gf2_mul_tmvp": ("mul", ("a", "b"), ()),
    "gf2_dmoci": ("dmul", ("a", "b1", "b2"), ()),  # seed 003's DMOCI: A B1 and A B2 (common_input.py)
    "gf2_sqr": ("sqr", ("a",), ()),
    "gf2_sqrt": ("sqrt", ("a",), ()),
    "gf2_inv": ("inv", ("a",), ()),
    "gf2_sqr_chain": ("sqrn", ("a",), ()),  # gf2_sqr with k > 1: k squarings of a chain in one operation
    "gf2_sqrt_chain": ("sqrtn", ("a",), ()),  # gf2_sqrt with k > 1
    # compound units (several outputs; :func:`pairkit.spec.binary.tower.unit_op`): seed 000's C.A unit, e = 1
    "f4_mul_ca": ("ca", ("c0", "c1", "c2", "c3", "w", "z"), ()),
    "f4_sqr_mul_ca": ("sca", ("c0", "c1", "c2", "c3", "w", "z"), ()),  # the F_{2^4m} squarer on its C inputs
    "f4_sqr_chain": ("sqr4n", ("a0", "a1", "a2", "a3"), ()),  # F_{2^4m} squarer, k in series: a^(2^k)
}
#: core unit names that build another generator of the kit (with the parameters given)
GENERATOR = {
    "gf2_sqr_chain": "gf2_sqr",
    "gf2_sqrt_chain": "gf2_sqrt",
    "f4_sqr_mul_ca": "f4_mul_ca",
    "f4_sqr_chain": "f4_sqr",
}
#: parameters a core unit name fixes on its generator
FIXED = {"f4_sqr_mul_ca": {"sqr_in": 1}}
#: the chain units (k operations in series per start)
CHAIN_UNITS = ("gf2_sqr_chain", "gf2_sqrt_chain")
#: compound operation kind -> (output ports, input bits the core hard-wires)
COMPOUND = {
    "ca": (("d0", "d1", "d2", "d3"), {"e": 1}),
    "sca": (("d0", "d1", "d2", "d3"), {"e": 1}),
    "sqr4n": (("c0", "c1", "c2", "c3"), {}),
    "dmul": (("c1", "c2"), {}),
}


def generator(unit: str) -> str:
    """The hardware kit's generator behind a core unit name."""
    return GENERATOR.get(unit, unit)


def arity(op: str) -> int:
    """Operand ports of a unit operation kind."""
    return next(len(ports) for o, ports, _ in UNIT_OPS.values() if o == op)


SCHEDULERS = ("list", "exact")
#: register binding: first-fit with interconnect affinity (codegen._Alloc), or that followed by the
#: multiplexer-minimising local search of :mod:`.binding`
BINDINGS = ("first-fit", "mux")
#: where the control ROM and the tables go in synthesis (rtl.storage_script): "bram" (Yosys's choice: block
#: RAM for the large ones) or "lut" (seed 004 section 5's "storing them into LUTs": the tables in
#: distributed RAM, the control ROM as LUT logic, as a designer's FSM would be; both counted as LUTs)
STORAGES = ("bram", "lut")


@dataclass(frozen=True)
class UnitChoice:
    unit: str  # a hardware-kit generator (pairkit hw list)
    count: int
    params: tuple = ()  # ((name, value), ...)

    @property
    def op(self) -> str:
        return UNIT_OPS[self.unit][0]


@dataclass
class CoreConfig:
    name: str
    set_id: str
    alg: str
    units: list  # of UnitChoice
    scheduler: str = "list"
    priority: str = "mobility"
    time_limit: float = 20.0  # CP-SAT, per block, seconds
    unroll: int = 1  # Miller iterations per pass through the loop body (scheduled together: they overlap)
    summary: str = ""
    paper: dict = field(default_factory=dict)  # the seed's figures, for the report
    streams: bool = False  # loop operands that change every pass come from prologue-filled tables (RAM)
    retime: bool = False  # iteration i + 1's accumulator-independent operations run in iteration i (program.retime)
    binding: str = "first-fit"  # register binding (BINDINGS)
    spare_regs: int = 0  # registers binding="mux" may add (each one 1 x m flip-flops, fewer multiplexer inputs)
    # binding="mux": the annealing also swaps two lifetimes between registers (binding.Model._anneal)
    mux_swaps: bool = False
    forward: bool = False  # operands may come from a unit's output port in the step its result appears (bypass)
    # operation kinds moved as late as the makespan allows once scheduled (("*",): every kind;
    # dse.listsched.sink): results produced when they are needed, not as soon as possible -- fewer live
    # values, so fewer registers, at the same cycles
    sink: tuple = ()
    # read buses (buses.py): 0 = every unit port multiplexes the registers it reads; B = 1..16: at most B
    # distinct registers are read per step (a scheduling constraint), each onto one bus, and a unit port
    # selects among the buses (B:1) -- fewer multiplexer inputs, possibly more cycles
    buses: int = 0
    # write banks (codegen._Alloc.colour): 0 = a register may be written by any unit; K = 1..4: registers
    # grouped into banks by the sources that write them, at most K sources per register (K = 1: every
    # register written by one unit output, its write multiplexer a flip-flop enable) -- more registers
    write_banks: int = 0
    # read banks (readbanks.py): 0 = a unit port may read any register; K = 2..8: the operand ports
    # clustered into K groups, the registers into K banks, each port reading only its group's bank; a
    # value two groups read is copied (a move, or a second write of the same source: no cycle added)
    read_banks: int = 0
    # the target clock in MHz (None: none): pipeline stages derived from it (pipeline.derive: operand and
    # output registers around the units), each adding a cycle to every operation the scheduler sees
    target_mhz: float | None = None
    # heterogeneous units (several entries of one operation kind): how the list scheduler binds an operation
    # to an instance (dse.listsched._bind): "finish" (the one that finishes it first) or "slack" (a slower
    # free one when the operation's slack covers it)
    unit_bind: str = "finish"
    # fixed register banks (bankmap.BankMap, seed 003's BAU/ISU/DHU): the bank each unit port reads, the
    # banks each unit output writes, the bank sizes; copies across banks scheduled (their cycles counted)
    bank_map: BankMap | None = None
    # the control ROM and tables in synthesis (STORAGES): "bram" or "lut" (distributed RAM and LUT logic)
    storage: str = "bram"

    def __post_init__(self):
        self._check_options()
        self._check_interconnect()
        fam = ("gf3_",) if sets.get(self.set_id).family is Family.CHAR3 else ("gf2_", "f4_")
        seen: dict = {}
        for u in self.units:
            _check_unit(u, fam, self.set_id)
            seen.setdefault(u.op, []).append(u)
        for op, us in seen.items():
            if len(us) > 1:
                self._check_heterogeneous(op, us)

    def _check_heterogeneous(self, op: str, us: list) -> None:
        """Several entries executing ``op``: distinct units of one operation per start, and a scheduler
        that binds each operation to an instance with its own latency (the list scheduler alone)."""
        names = ", ".join(f"{u.unit}{dict(u.params)}" for u in us)
        if len({(u.unit, tuple(sorted(u.params))) for u in us}) < len(us):
            raise CoreMixError(
                "units", f"two entries of the mix are the same {op!r} unit ({names}): give one with a count"
            )
        if any(u.unit in CHAIN_UNITS or u.unit == "f4_sqr_chain" for u in us):
            raise CoreMixError(
                "units",
                f"two entries execute {op!r} ({names}): chain units fix the lowering's chain length, so they "
                "cannot differ between instances",
            )
        if sum(u.count for u in us) > 64:
            raise CoreMixError("units", f"{op}: at most 64 instances in all, got {sum(u.count for u in us)}")
        if self.scheduler != "list":
            raise CoreMixError(
                "units",
                f"heterogeneous {op!r} units ({names}) need the list scheduler, which binds each operation to "
                f"an instance with its own latency; scheduler {self.scheduler!r} assumes identical instances",
            )
        if self.buses:
            raise CoreMixError(
                "units",
                f"heterogeneous {op!r} units ({names}): the read-bus scheduler assumes identical instances "
                f"(buses {self.buses})",
            )

    def _check_options(self):
        """The flags, unroll, the binding and its options, sink, the scheduler."""
        for flag in ("streams", "retime", "forward", "mux_swaps"):
            if not isinstance(getattr(self, flag), bool):
                raise CoreError(f"{flag}: must be true or false, got {getattr(self, flag)!r}")
        if not isinstance(self.unroll, int) or isinstance(self.unroll, bool) or not 1 <= self.unroll <= 8:
            raise CoreError(f"unroll: must be an integer from 1 to 8, got {self.unroll!r}")
        if self.binding not in BINDINGS:
            raise CoreError(f"binding: {self.binding!r} is not one of {', '.join(BINDINGS)}")
        if (
            not isinstance(self.spare_regs, int)
            or isinstance(self.spare_regs, bool)
            or not 0 <= self.spare_regs <= 16
            or (self.spare_regs and self.binding != "mux")
        ):
            raise CoreError(
                f"spare_regs: an integer from 0 to 16, and only with binding='mux', got "
                f"{self.spare_regs!r} (binding {self.binding!r})"
            )
        if self.mux_swaps and self.binding != "mux":
            raise CoreError(f"mux_swaps: only with binding='mux' (binding {self.binding!r})")
        ops = {o for o, _, _ in UNIT_OPS.values()}
        if (
            not isinstance(self.sink, tuple)
            or not all(isinstance(k, str) for k in self.sink)
            or (self.sink != ("*",) and not set(self.sink) <= ops)
        ):
            raise CoreError(
                f"sink: a tuple of operation kinds ({', '.join(sorted(ops))}) or ('*',) for all, got {self.sink!r}"
            )
        if self.storage not in STORAGES:
            raise CoreError(f"storage: {self.storage!r} is not one of {', '.join(STORAGES)}")
        if self.unit_bind not in BINDS:
            raise CoreError(f"unit_bind: {self.unit_bind!r} is not one of {', '.join(BINDS)}")
        if self.target_mhz is not None and len({u.op for u in self.units}) < len(self.units):
            # heterogeneous instances keep their own cycles (variants); the stages are added per kind only
            raise CoreMixError("units", "a target clock (pipeline stages) with several units of one operation")
        if self.scheduler not in SCHEDULERS:
            raise CoreError(f"scheduler: {self.scheduler!r} is not one of {', '.join(SCHEDULERS)}")
        pipe.check_target(self.target_mhz)

    def _check_interconnect(self):
        """buses, write banks, read banks (and what each excludes)."""
        if not isinstance(self.buses, int) or isinstance(self.buses, bool) or not 0 <= self.buses <= 16:
            raise CoreError(f"buses: an integer from 0 (no buses) to 16, got {self.buses!r}")
        if (
            not isinstance(self.write_banks, int)
            or isinstance(self.write_banks, bool)
            or not 0 <= self.write_banks <= 4
            or (self.write_banks and self.binding != "first-fit")
        ):
            raise CoreError(
                f"write_banks: an integer from 0 (none) to 4, and only with binding='first-fit', got "
                f"{self.write_banks!r} (binding {self.binding!r})"
            )
        if (
            not isinstance(self.read_banks, int)
            or isinstance(self.read_banks, bool)
            or self.read_banks not in (0, *range(2, 9))
            or (self.read_banks and (self.binding != "first-fit" or self.buses or self.write_banks))
        ):
            raise CoreError(
                f"read_banks: 0 (none) or an integer from 2 to 8, and only with binding='first-fit', "
                f"no buses and no write banks, got {self.read_banks!r} (binding {self.binding!r}, "
                f"buses {self.buses!r}, write_banks {self.write_banks!r})"
            )
        if self.bank_map is not None:
            self._check_bank_map()
        if self.buses and self.scheduler != "list":
            raise CoreError(
                f"buses: only with the list scheduler (the bus constraint is the list scheduler's; "
                f"scheduler {self.scheduler!r})"
            )

    def _check_bank_map(self):
        """A fixed bank map excludes the other interconnect options and heterogeneous units."""
        if not isinstance(self.bank_map, BankMap):
            raise CoreError(f"bank_map: a bankmap.BankMap or None, got {type(self.bank_map).__name__}")
        if self.binding != "first-fit" or self.buses or self.write_banks or self.read_banks:
            raise CoreError(
                f"{self.name}: bank_map: only with binding='first-fit' and no buses, write or read banks "
                f"(binding {self.binding!r}, buses {self.buses}, write_banks {self.write_banks}, "
                f"read_banks {self.read_banks})"
            )
        ops = [u.op for u in self.units]
        if len(set(ops)) < len(ops):
            raise CoreMixError("bank_map", f"{self.name}: a bank map with several entries of one unit kind")
        self.bank_map.validate(self.name, {u.op: len(UNIT_OPS[u.unit][1]) for u in self.units})

    @property
    def p(self) -> int:
        return 3 if sets.get(self.set_id).family is Family.CHAR3 else 2

    def choice(self, op: str) -> UnitChoice:
        for u in self.units:
            if u.op == op:
                return u
        raise CoreMixError(
            "units",
            f"the unit mix has no unit for {op!r} operations, which {self.set_id}/"
            f"{self.alg} needs (mix: {self.mix_str()})",
        )

    def mix_str(self) -> str:
        return ", ".join(
            f"{u.count} {u.unit}"
            + (f" ({', '.join(f'{k}={v}' for k, v in u.params)})" if self.heterogeneous(u.op) else "")
            for u in self.units
        )

    def has(self, op: str) -> bool:
        return any(u.op == op for u in self.units)

    @cached_property
    def built(self) -> dict:
        """op kind -> one built unit (ports, cycles) per entry of the mix executing it, in mix order."""
        out: dict = {}
        for u in self.units:
            params = dict(u.params) | FIXED.get(u.unit, {})
            params.setdefault("field", self.set_id)
            out.setdefault(u.op, []).append(hwunit.build(generator(u.unit), **params))
        return out

    @property
    def pipeline(self) -> pipe.Pipeline:
        """The pipeline stages the target clock asks for (:func:`pipeline.derive`)."""
        return pipe.derive(self.target_mhz, self.p)

    @property
    def prototypes(self) -> dict:
        """op kind -> one built unit (ports, cycles): the first entry's."""
        return {op: us[0] for op, us in self.built.items()}

    def entries(self, op: str) -> list:
        """The mix's entries executing ``op``, in mix order (one unless the kind is heterogeneous)."""
        return [u for u in self.units if u.op == op]

    def heterogeneous(self, op: str) -> bool:
        """Whether the instances of ``op`` differ (several entries of the mix execute it)."""
        return len(self.entries(op)) > 1

    def instance_cycles(self, op: str) -> list:
        """The unit cycles of each instance of ``op`` (numbered across its entries in mix order), plus the
        pipeline stages as :meth:`cycles` counts them."""
        st = self.pipeline.stages
        return [b.cycles + st for u, b in zip(self.entries(op), self.built[op]) for _ in range(u.count)]

    def instance_latencies(self, op: str) -> list:
        """:meth:`latency` per instance of ``op``."""
        return [c + (0 if self.forward else 1) for c in self.instance_cycles(op)]

    def _one(self, op: str, what: str):
        if self.heterogeneous(op):
            raise CoreError(
                f"internal: {self.name}: {what} of the heterogeneous {op!r} units asked without an instance"
            )
        return self.prototypes[op]

    def latency(self, op: str) -> int:
        """Steps from a start to the first reader's start: ``cycles + 1`` through a register, ``cycles``
        with ``forward`` (the reader takes the result from the unit's output port in the step it
        appears, the BAU's accumulation on the multiplier's output in seed 003 Fig. 4)."""
        return self.cycles(op) + (0 if self.forward else 1)

    def window(self, op: str) -> int:
        """Steps a unit reads its operand ports per operation: 1 when it latches them on the start
        edge (or finishes on it), ``cycles`` for an unlatched multi-cycle unit (``latch = 0``): the
        core holds its operand sources (same registers, same selects) for the whole operation.
        Heterogeneous instances must agree (each latching, or none)."""
        ws = {b.cycles if getattr(b, "latch", 1) == 0 and b.cycles > 1 else 1 for b in self.built[op]}
        if len(ws) > 1:
            raise CoreMixError(
                "units", f"the {op!r} units differ in their operand windows ({sorted(ws)}): latch all or none"
            )
        return ws.pop()

    def cycles(self, op: str) -> int:
        """Steps from a start to the result on the unit's output as the core sees it: the unit's cycles
        plus the pipeline stages (an operand register delays the start, an output register the result)."""
        return self._one(op, "the cycles").cycles + self.pipeline.stages

    def cost_model(self) -> CostModel:
        """Per kind the fastest instance's latency (the schedulers' nominal one; a heterogeneous kind's
        per-instance latencies go to the problem as ``inst_lat``, :func:`pairkit.dse.problem.build`)."""
        units = {u.op: Unit(u.op, 0.0, min(self.instance_latencies(u.op)), False) for u in self.units}
        return CostModel("core", units, {u.op: u.op for u in self.units}, 0.0, "max", {}, "hw unit latencies")

    def inst_lat(self, types: list) -> list | None:
        """Per scheduler unit type (op kinds, in ``types``' order) the latency of each instance, or None
        when every kind's instances are identical (the schedulers' plain case)."""
        if not any(self.heterogeneous(t) for t in types):
            return None
        return [self.instance_latencies(t) for t in types]

    def variants(self) -> dict:
        """Heterogeneous kinds only: op kind -> per instance (unit name, generator parameters with the
        fixed ones, cycles): what the micro-code records and the RTL builds (``Microcode.variants``)."""
        out = {}
        for op in sorted({u.op for u in self.units}):
            if self.heterogeneous(op):
                out[op] = tuple(
                    (u.unit, tuple(sorted((dict(u.params) | FIXED.get(u.unit, {})).items())), b.cycles)
                    for u, b in zip(self.entries(op), self.built[op])
                    for _ in range(u.count)
                )
        return out

    @property
    def chains(self) -> dict:
        """Chain operation kind -> k, for the chain units of the mix (lowering fuses k-long chains)."""
        return {u.op: dict(u.params)["k"] for u in self.units if u.unit in CHAIN_UNITS and "k" in dict(u.params)}

    @property
    def compound(self) -> dict:
        """The compound operation kinds of the mix (lowering records them whole) -> their k (the
        squarings per start of ``sqr4n``; None for the others)."""
        return {
            u.op: dict(u.params).get("k", 1) if u.op == "sqr4n" else None
            for u in sorted(self.units, key=lambda u: u.op)
            if u.op in COMPOUND
        }

    def unit_params(self) -> dict:
        """op kind -> the generator's parameters (fixed ones included); a heterogeneous kind's first
        entry's (:meth:`variants` has every instance's)."""
        out: dict = {}
        for u in self.units:
            out.setdefault(u.op, tuple(sorted((dict(u.params) | FIXED.get(u.unit, {})).items())))
        return out

    def counts(self) -> dict:
        """op kind -> instances (summed over a heterogeneous kind's entries)."""
        out: dict = {}
        for u in self.units:
            out[u.op] = out.get(u.op, 0) + u.count
        return out


def parse_units(spec: str) -> list:
    """``gf3_mul=5:D=4,gf3_add=4,gf3_cube=1,gf3_cbrt=1`` -> [UnitChoice]: unit=count, then :param=value
    pairs (values are coerced by the unit's registry entry)."""
    if not isinstance(spec, str) or not spec.strip():
        raise CoreMixError("units", "give the unit mix, e.g. gf3_mul=5:D=4,gf3_add=4,gf3_cube=1,gf3_cbrt=1")
    out = []
    for item in spec.split(","):
        item = item.strip()
        if not item:
            continue
        head, *params = item.split(":")
        if "=" not in head:
            raise CoreMixError("units", f"{item!r}: expected unit=count[:param=value...]")
        name, count = (x.strip() for x in head.split("=", 1))
        if name not in UNIT_OPS:
            raise CoreMixError(
                "units", f"{name!r} is not a unit the core generator can use (known: {', '.join(UNIT_OPS)})"
            )
        try:
            n = int(count)
        except ValueError:
            raise CoreMixError("units", f"{name}: count {count!r} is not an integer") from None
        kv = []
        for p in params:
            if "=" not in p:
                raise CoreMixError("units", f"{name}: parameter {p!r} must be name=value")
            k, v = (x.strip() for x in p.split("=", 1))
            kv.append((k, v))
        resolved = hwunit.resolve_params(
            generator(name), dict(kv, field="ss2-7" if name.startswith("gf2") else "ss3-7")
        )
        out.append(UnitChoice(name, n, tuple((k, resolved[k]) for k, _ in kv)))
    return out


def _check_unit(u: UnitChoice, fam: tuple, set_id: str) -> None:
    """One unit of a mix: known, of the set's field, its k and count in range."""
    if u.unit not in UNIT_OPS:
        raise CoreMixError(
            "units", f"{u.unit!r} is not a unit the core generator can use (known: {', '.join(UNIT_OPS)})"
        )
    if not u.unit.startswith(fam):
        raise CoreMixError(
            "units", f"{u.unit} is not a unit of {set_id}'s field (use {' or '.join(f + '*' for f in fam)} units)"
        )
    k = dict(u.params).get("k", 1)
    if u.unit in CHAIN_UNITS:
        if not isinstance(k, int) or isinstance(k, bool) or not 2 <= k <= 64:
            raise CoreMixError(
                "units", f"{u.unit}: k (operations fused per chain step) must be an integer from 2 to 64, got {k!r}"
            )
    elif u.unit == "f4_sqr_chain":
        if not isinstance(k, int) or isinstance(k, bool) or not 1 <= k <= 64:
            raise CoreMixError(
                "units", f"{u.unit}: k (F_{{2^4m}} squarings per start) must be an integer from 1 to 64, got {k!r}"
            )
    elif k != 1:
        raise CoreMixError("units", f"{u.unit}: one operation per start (k = 1); for chains of k use {u.unit}_chain")
    if not isinstance(u.count, int) or isinstance(u.count, bool) or not 1 <= u.count <= 64:
        raise CoreMixError("units", f"{u.unit}: count must be an integer from 1 to 64, got {u.count!r}")
