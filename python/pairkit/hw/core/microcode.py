"""The core's micro-code: one control word per clock step.

A control word starts unit instances (operand sources and sign bits), holds the operand selects of
the unlatched units still running (:class:`Hold`) and writes registers (from a unit instance's
output, another register or a constant). Steps ``[loop_start, loop_end)`` run
``loop_count`` times (a loop counter in the controller); the steps before are the prologue, those
after the epilogue (the rest of the Miller loop and the final exponentiation). The core raises
``done`` after the last step.

Sources are ``("reg", r)``, ``("const", c)`` (an index into :attr:`Microcode.consts`),
``("unit", (op, i))`` (a unit's output port: register writes, and operands forwarded in the step
the result appears),
``("table", s)`` (operands in the loop body: entry g of table s in pass g) or, for register writes,
``("unit", (op, i))``. Tables (:attr:`Microcode.tables`, their depths) are RAMs that prologue steps
fill (:class:`TableWrite`) and the loop reads at the pass index.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Start:
    unit: tuple  # (op kind, instance)
    srcs: tuple  # operand sources, port order
    signs: tuple  # sign bits, port order
    value: int  # the program value it computes (for listings and checks)
    hold: tuple = ()  # unlatched units (window > 1): the operand sources of the steps after the start


@dataclass(frozen=True)
class Hold:
    """An unlatched unit's operands in a step after its start: the same values, from ``srcs`` (a
    forwarded operand is read from the register it was written into at the start step)."""

    unit: tuple
    srcs: tuple
    signs: tuple


@dataclass(frozen=True)
class Write:
    reg: int
    src: tuple  # ("unit", (op, i)) | ("reg", r) | ("const", c)
    value: int  # the program value written (-1 for a copy of a constant)


@dataclass(frozen=True)
class TableWrite:
    table: int
    entry: int  # the pass that reads it
    src: tuple  # ("reg", r)
    value: int


@dataclass
class Step:
    starts: list = field(default_factory=list)
    writes: list = field(default_factory=list)
    twrites: list = field(default_factory=list)
    holds: list = field(default_factory=list)  # of Hold


@dataclass
class Microcode:
    name: str
    p: int
    m: int
    units: dict  # op kind -> (unit name, count, cycles)
    n_regs: int
    consts: list  # field elements (spec encoding)
    steps: list  # of Step
    loop_start: int
    loop_end: int
    loop_count: int
    inputs: list  # register per host input (xP, yP, xQ, yQ)
    outputs: list  # (source, neg) per GT coordinate: ("reg", r) | ("const", c)
    state_regs: list  # per Miller-iteration state coordinate: (register, neg), read at loop boundaries
    first_looped_iteration: int  # 0-based Miller iteration index of the loop's first iteration
    blocks: dict = field(default_factory=dict)  # name -> (first step, end step)
    info: dict = field(default_factory=dict)
    unroll: int = 1  # Miller iterations per pass through the loop body
    loop_values: list = field(default_factory=list)  # per looped iteration: program value per template position
    trace_of: dict = field(default_factory=dict)  # program value -> spec trace id (for the checks)
    tables: list = field(default_factory=list)  # depth per table (streams, :mod:`.blocks`)
    n_buses: int = 0  # read buses (:mod:`.buses`); 0: unit ports multiplex registers directly
    bus_of: list = field(default_factory=list)  # per step {register: bus} (registers read in that step)
    # heterogeneous kinds only (config.CoreConfig.variants): op kind -> per instance (unit name, generator
    # parameters, cycles); ``units`` then gives the first instance's name and cycles and the total count
    variants: dict = field(default_factory=dict)

    @property
    def n_steps(self) -> int:
        return len(self.steps)

    def cycles(self) -> int:
        """Clock cycles from start to done: every step once, the loop body loop_count times."""
        body = self.loop_end - self.loop_start
        return self.n_steps + body * (self.loop_count - 1)

    def unit_cycles(self, op: str, i: int) -> int:
        """The cycles of unit instance ``(op, i)`` (a compound operation's output kinds: pass the unit's)."""
        return self.variants[op][i][2] if op in self.variants else self.units[op][2]

    def unit_name(self, op: str, i: int) -> str:
        """The core unit name (config.UNIT_OPS) of instance ``(op, i)``."""
        return self.variants[op][i][0] if op in self.variants else self.units[op][0]

    def block_cycles(self) -> dict:
        out = {}
        for name, (a, b) in self.blocks.items():
            out[name] = (b - a) * (self.loop_count if name == "loop" else 1)
        return out

    def sources(self) -> tuple[dict, dict]:
        """(op, i, port) -> sorted operand sources; reg -> sorted write sources (what the muxes need)."""
        ops: dict = {}
        regs: dict = {}
        for st in self.steps:
            for s in (*st.starts, *st.holds):
                for k, src in enumerate(s.srcs):
                    ops.setdefault((*s.unit, k), set()).add(src)
            for w in st.writes:
                regs.setdefault(w.reg, set()).add(w.src)
        return ({k: sorted(v, key=_key) for k, v in ops.items()}, {k: sorted(v, key=_key) for k, v in regs.items()})

    def port_sources(self) -> tuple[dict, dict]:
        """(op, i, port) -> sorted sources as the ports see them (a register read through bus b is
        ``("bus", b)``); bus -> sorted registers. Without buses: :meth:`sources`' operand sources, no buses."""
        if not self.n_buses:
            return self.sources()[0], {}
        ops: dict = {}
        bus: dict = {}
        for t, st in enumerate(self.steps):
            for s in (*st.starts, *st.holds):
                for k, src in enumerate(s.srcs):
                    if src[0] == "reg":
                        b = self.bus_of[t][src[1]]
                        bus.setdefault(b, set()).add(src[1])
                        src = ("bus", b)
                    ops.setdefault((*s.unit, k), set()).add(src)
        return ({k: sorted(v, key=_key) for k, v in ops.items()}, {b: sorted(v) for b, v in sorted(bus.items())})

    def mux_inputs(self) -> dict:
        """Multiplexer inputs of the built core (what rtl.Layout builds): unit operand ports, read buses,
        register writes."""
        ops, bus = self.port_sources()
        regs = self.sources()[1]
        return {
            "ports": sum(len(v) for v in ops.values()),
            "buses": sum(len(v) for v in bus.values()),
            "registers": sum(len(v) for v in regs.values()),
        }

    def port_registers(self, op: str) -> list:
        """Registers each operand port of the ``op`` units reads (directly or through a bus), per port."""
        return [
            len({x[1] for x in v if x[0] == "reg"}) for (o, _, _), v in sorted(self.sources()[0].items()) if o == op
        ]

    def table_sources(self) -> dict:
        """table -> sorted sources of its write port."""
        out: dict = {}
        for st in self.steps:
            for w in st.twrites:
                out.setdefault(w.table, set()).add(w.src)
        return {k: sorted(v, key=_key) for k, v in out.items()}

    def listing(self, limit: int | None = None) -> str:
        """The control ROM as text: one line per step."""
        lines = [
            f"; {self.name}: {self.n_steps} control words, loop [{self.loop_start}, {self.loop_end}) x "
            f"{self.loop_count}, {self.cycles()} cycles, {self.n_regs} registers"
            + (f", {self.n_buses} read buses" if self.n_buses else "")
            + _pipeline_note(self.info.get("pipeline"))
        ]
        for t, st in enumerate(self.steps[:limit]):
            tag = "L" if self.loop_start <= t < self.loop_end else " "
            parts = []
            for s in st.starts:
                ops = ",".join(("-" if g else "") + _src(x) for x, g in zip(s.srcs, s.signs))
                parts.append(f"{s.unit[0]}{s.unit[1]}({ops})")
            for h in st.holds:
                parts.append(
                    f"{h.unit[0]}{h.unit[1]}["
                    + ",".join(("-" if g else "") + _src(x) for x, g in zip(h.srcs, h.signs))
                    + "]"
                )
            for w in st.writes:
                parts.append(f"r{w.reg}<={_src(w.src)}")
            for w in st.twrites:
                parts.append(f"t{w.table}[{w.entry}]<={_src(w.src)}")
            if self.n_buses:  # read buses: which register each bus carries
                parts.extend(f"bus{b}=r{r}" for r, b in sorted(self.bus_of[t].items(), key=lambda x: x[1]))
            lines.append(f"{t:6d}{tag} " + " ".join(parts))
        return "\n".join(lines) + "\n"


def _pipeline_note(pl) -> str:
    """The listing's note of the pipeline stages (:mod:`.pipeline`); empty without any."""
    if not pl or not pl.get("stages"):
        return ""
    parts = [
        n
        for n, k in (("split multiplexer", "mux_regs"), ("operand", "operand_regs"), ("output", "output_regs"))
        if pl.get(k)
    ]
    return f", pipeline: {' and '.join(parts)} registers (+{pl['stages']} cycles per operation)"


def _key(src):
    kind, x = src
    return (kind, x if isinstance(x, int) else tuple(x))


def _src(src) -> str:
    kind, x = src
    if kind == "reg":
        return f"r{x}"
    if kind == "const":
        return f"k{x}"
    if kind == "table":
        return f"t{x}[pass]"
    return f"{x[0]}{x[1]}"
