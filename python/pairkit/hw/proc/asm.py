"""Assembler, disassembler and binary image of pairing-processor programs (docs/PROC.md "Syntax").

Text syntax, one statement a line; ``;`` starts a comment; mnemonics and directives are
case-insensitive, labels are case-sensitive:

    .modulus 0x...            the field prime p (required, once)
    .const NAME 0x...         a constant-ROM entry (index = order of appearance); LDC rd, #NAME or #3
    .jsrbits 0110...          bits in the order JSRs see them (repeatable: appended); the assembler
                              stores the register image (isa.srl_image)
    .input NAME rN            a register the host writes before the run
    .output NAME rN           a register the host reads after HALT
    label:                    a label (letters, digits, _ and .; may precede an instruction)
    ADD r3, r1, r2            field ops: registers r0..r255
    LOAD c0, 158              control: counters c0..c15, immediates decimal or 0x hex
    JDEC c0, done             addresses: a label or a number

Errors are :class:`~pairkit.errors.AssemblyError` with the line and column (1-based) of the token.

Binary image (little-endian): magic ``PKPROC\\0\\1``; u32 words, u32 constants, u32 L (JSR register
bits), u32 B (bytes per field value); the modulus (B bytes); the words (4 bytes each); the constants
(B bytes each); the JSR register (ceil(L/8) bytes, bit j = s[j]); u32 length + UTF-8 JSON
{"inputs": {name: reg}, "outputs": {name: reg}}.
"""

from __future__ import annotations

import json
import re
import struct

from pairkit.errors import AssemblyError, ProgramError
from pairkit.hw.proc.isa import (
    MAX_CONST,
    MAX_COUNTERS,
    MAX_IMM,
    MAX_REGS,
    OPCODES,
    Instr,
    Program,
    decode,
    srl_image,
    srl_sequence,
)

MAGIC = b"PKPROC\x00\x01"
_LABEL = re.compile(r"[A-Za-z_.][A-Za-z0-9_.]*$")
_TOKEN = re.compile(r"[^\s,]+")


def _tokens(text: str) -> list[tuple[str, int]]:
    """(token, 1-based column) of a line without its comment; commas separate like blanks."""
    return [(m.group(0), m.start() + 1) for m in _TOKEN.finditer(text)]


def _int(tok: str, ln: int, col: int, what: str) -> int:
    try:
        return int(tok, 0)
    except ValueError:
        raise AssemblyError(f"{what}: {tok!r} is not a number", ln, col) from None


def _reg(tok: str, ln: int, col: int, prefix: str = "r", limit: int = MAX_REGS) -> int:
    name = "register" if prefix == "r" else "loop counter"
    m = re.fullmatch(prefix + r"(\d+)", tok.lower())
    if not m:
        raise AssemblyError(f"bad {name} {tok!r} (expected {prefix}0..{prefix}{limit - 1})", ln, col)
    n = int(m.group(1))
    if n >= limit:
        raise AssemblyError(f"{name} {tok!r} out of range ({prefix}0..{prefix}{limit - 1})", ln, col)
    return n


def assemble(text: str) -> Program:
    return _Assembler().assemble(text)


#: operand count of each directive
_DIRECTIVES = {".modulus": 1, ".const": 2, ".jsrbits": 1, ".input": 2, ".output": 2}


class _Assembler:
    """One :func:`assemble`: the directives' state and the instructions, encoded once every label is known."""

    def __init__(self):
        self.consts: list[int] = []
        self.const_names: dict[str, int] = {}
        self.bits: list[int] = []
        self.inputs: dict[str, int] = {}
        self.outputs: dict[str, int] = {}
        self.labels: dict[str, int] = {}
        self.modulus: int | None = None
        self.pending: list[tuple[str, list[tuple[str, int]], int, int]] = []  # (op, operands, line, column)

    def assemble(self, text: str) -> Program:
        for ln, raw in enumerate(text.splitlines(), 1):
            self._line(ln, raw)
        modulus = self.modulus
        if modulus is None:
            raise AssemblyError("missing .modulus directive", 1, 1)
        for v, (name, idx) in ((self.consts[i], (n, i)) for n, i in self.const_names.items()):
            if not 0 <= v < modulus:
                raise AssemblyError(f"constant {name} (#{idx}) is not in [0, p)", 1, 1)
        code = [self._encode(op, args, ln, col) for op, args, ln, col in self.pending]
        return Program(code, self.consts, srl_image(self.bits), self.inputs, self.outputs, modulus, self.labels)

    def _line(self, ln: int, raw: str) -> None:
        toks = _tokens(raw.split(";", 1)[0])
        while toks and toks[0][0].endswith(":"):  # labels
            name, col = toks[0][0][:-1], toks[0][1]
            if not _LABEL.match(name):
                raise AssemblyError(f"bad label {name!r}", ln, col)
            if name in self.labels:
                raise AssemblyError(f"duplicate label {name!r}", ln, col)
            self.labels[name] = len(self.pending)
            toks = toks[1:]
        if not toks:
            return
        head, col = toks[0]
        args = toks[1:]
        if head.startswith("."):
            self._directive(head, col, args, ln)
            return
        op = head.upper()
        if op not in OPCODES:
            raise AssemblyError(f"unknown mnemonic {head!r}", ln, col)
        self.pending.append((op, args, ln, col))

    def _directive(self, head: str, col: int, args: list, ln: int) -> None:
        d = head.lower()
        need = _DIRECTIVES.get(d)
        if need is None:
            raise AssemblyError(f"unknown directive {head!r}", ln, col)
        if len(args) != need:
            raise AssemblyError(f"{d} takes {need} operand(s), got {len(args)}", ln, col)
        if d == ".modulus":
            self.modulus = _int(args[0][0], ln, args[0][1], ".modulus")
            if self.modulus < 3:
                raise AssemblyError(".modulus must be an odd prime >= 3", ln, args[0][1])
        elif d == ".const":
            (name, c1), (val, c2) = args
            if not _LABEL.match(name) or name in self.const_names:
                raise AssemblyError(f"bad or duplicate constant name {name!r}", ln, c1)
            if len(self.consts) >= MAX_CONST:
                raise AssemblyError(f"more than {MAX_CONST} constants", ln, c1)
            self.const_names[name] = len(self.consts)
            self.consts.append(_int(val, ln, c2, ".const"))
        elif d == ".jsrbits":
            s, c1 = args[0]
            if not re.fullmatch(r"[01]+", s):
                raise AssemblyError(f".jsrbits: {s[:20]!r} is not a string of 0 and 1", ln, c1)
            self.bits += [int(b) for b in s]
        else:
            (name, c1), (reg, c2) = args
            if not _LABEL.match(name):
                raise AssemblyError(f"bad {d[1:]} name {name!r}", ln, c1)
            (self.inputs if d == ".input" else self.outputs)[name] = _reg(reg, ln, c2)

    def _addr(self, tok, ln, col):
        if tok in self.labels:
            return self.labels[tok]
        if re.fullmatch(r"\d+|0x[0-9a-fA-F]+", tok):
            a = int(tok, 0)
            if a >= MAX_IMM:
                raise AssemblyError(f"address {a} out of range (< {MAX_IMM})", ln, col)
            return a
        raise AssemblyError(f"undefined label {tok!r}", ln, col)

    def _const_index(self, t: str, ln: int, c: int) -> int:
        if not t.startswith("#"):
            raise AssemblyError(f"constant operand must be #NAME or #index, got {t!r}", ln, c)
        k = self.const_names.get(t[1:])
        if k is None:
            if not re.fullmatch(r"\d+", t[1:]):
                raise AssemblyError(f"undefined constant {t!r}", ln, c)
            k = int(t[1:])
            if k >= len(self.consts):
                raise AssemblyError(f"constant index {k} out of range (the ROM has {len(self.consts)})", ln, c)
        return k

    def _encode(self, op: str, args: list, ln: int, col: int) -> Instr:
        shape = OPCODES[op][1]
        want = len(shape)
        if len(args) != want:
            raise AssemblyError(f"{op} takes {want} operand(s), got {len(args)}", ln, col)
        if shape in ("ddd", "dd"):
            regs = [_reg(t, ln, c) for t, c in args]
            return Instr(op, rd=regs[0], ra=regs[1], rb=regs[2] if shape == "ddd" else 0)
        if shape == "dk":
            rd = _reg(args[0][0], ln, args[0][1])
            return Instr(op, rd=rd, imm=self._const_index(args[1][0], ln, args[1][1]))
        if shape in ("ca", "cn"):
            cnt = _reg(args[0][0], ln, args[0][1], "c", MAX_COUNTERS)
            t, c = args[1]
            if shape == "cn":
                v = _int(t, ln, c, "immediate")
                if not 0 <= v < MAX_IMM:
                    raise AssemblyError(f"immediate {v} out of range (0..{MAX_IMM - 1})", ln, c)
            else:
                v = self._addr(t, ln, c)
            return Instr(op, c=cnt, imm=v)
        if shape == "a":
            return Instr(op, imm=self._addr(args[0][0], ln, args[0][1]))
        return Instr(op)


def disassemble(prog: Program) -> str:
    """Assembly text that assembles back to the same binary (labels L<addr> at branch targets)."""
    targets = sorted({i.imm for i in prog.code if i.shape in ("a", "ca")})
    names = {a: f"L{a}" for a in targets}
    for name, a in (prog.labels or {}).items():  # the compiler's names where it kept them
        names[a] = name
    out = [f".modulus {prog.p:#x}"]
    out += [f".const k{j} {c:#x}" for j, c in enumerate(prog.consts)]
    seq = "".join(map(str, srl_sequence(prog.srl)))
    out += [f".jsrbits {seq[j : j + 64]}" for j in range(0, len(seq), 64)]
    out += [f".input {n} r{r}" for n, r in prog.inputs.items()]
    out += [f".output {n} r{r}" for n, r in prog.outputs.items()]
    for pc, i in enumerate(prog.code + [None]):
        if pc in names:
            out.append(f"{names[pc]}:")
        if i is None:
            break
        s = i.shape
        ops = {
            "ddd": f"r{i.rd}, r{i.ra}, r{i.rb}",
            "dd": f"r{i.rd}, r{i.ra}",
            "dk": f"r{i.rd}, #k{i.imm}",
            "ca": f"c{i.c}, {names.get(i.imm, i.imm)}",
            "cn": f"c{i.c}, {i.imm}",
            "a": f"{names.get(i.imm, i.imm)}",
            "": "",
        }[s]
        out.append(f"    {i.op:5s}{ops}".rstrip() + f"    ; {pc}")
    return "\n".join(out) + "\n"


def to_binary(prog: Program) -> bytes:
    B = (prog.p.bit_length() + 7) // 8
    L = len(prog.srl)
    b = bytearray(MAGIC)
    b += struct.pack("<4I", len(prog.code), len(prog.consts), L, B)
    b += prog.p.to_bytes(B, "little")
    for w in prog.words():
        b += struct.pack("<I", w)
    for c in prog.consts:
        b += c.to_bytes(B, "little")
    b += sum(bit << j for j, bit in enumerate(prog.srl)).to_bytes((L + 7) // 8, "little")
    meta = json.dumps({"inputs": prog.inputs, "outputs": prog.outputs}).encode()
    b += struct.pack("<I", len(meta)) + meta
    return bytes(b)


def from_binary(data: bytes) -> Program:
    """The program of a binary image; ProgramError for anything malformed."""
    try:
        if data[:8] != MAGIC:
            raise ProgramError("not a pairing-processor binary (bad magic)")
        n, nc, L, B = struct.unpack_from("<4I", data, 8)
        o = 24
        p = int.from_bytes(data[o : o + B], "little")
        o += B
        code = []
        for pc in range(n):
            (w,) = struct.unpack_from("<I", data, o)
            try:
                code.append(decode(w))
            except ValueError as e:
                raise ProgramError(str(e), pc) from None
            o += 4
        consts = []
        for _ in range(nc):
            consts.append(int.from_bytes(data[o : o + B], "little"))
            o += B
        nb = (L + 7) // 8
        s = int.from_bytes(data[o : o + nb], "little")
        o += nb
        (ml,) = struct.unpack_from("<I", data, o)
        meta = json.loads(data[o + 4 : o + 4 + ml].decode())
        if o + 4 + ml != len(data):
            raise ProgramError("binary image: trailing or missing bytes")
        if p < 3 or p % 2 == 0:
            raise ProgramError("binary image: the modulus must be odd and >= 3")
        if any(c >= p for c in consts):
            raise ProgramError("binary image: a constant is not below the modulus")
        io = [meta["inputs"], meta["outputs"]]
        if not all(isinstance(d, dict) for d in io):
            raise ProgramError("binary image: inputs and outputs must be objects")
        for d in io:
            for name, r in d.items():
                if not (
                    isinstance(name, str)
                    and _LABEL.match(name)
                    and isinstance(r, int)
                    and not isinstance(r, bool)
                    and 0 <= r < MAX_REGS
                ):
                    raise ProgramError(f"binary image: bad input/output entry {name!r}: {r!r}")
        return Program(code, consts, [(s >> j) & 1 for j in range(L)], io[0], io[1], p)
    except ProgramError:
        raise
    except (struct.error, ValueError, KeyError, TypeError, UnicodeDecodeError) as e:
        raise ProgramError(f"binary image truncated or malformed ({type(e).__name__})") from None
