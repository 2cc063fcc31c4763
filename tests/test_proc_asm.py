"""pairkit.hw.proc: the assembler, disassembler and binary image (docs/PROC.md)."""

import pytest

from pairkit.errors import AssemblyError, PairkitError, ProgramError
from pairkit.hw.proc import asm
from pairkit.hw.proc.isa import OPCODES, Instr, decode, encode, srl_image, srl_sequence

SRC = """\
; a small program: r2 = (r0 + r1) * r0, looped over the JSR bits
.modulus 101
.const two 2
.const k1 0x5
.jsrbits 101
.input a r0
.input b r1
.output out r2
        LDC  r3, #two
        LOAD c0, 3          ; three iterations
top:    JSR  one
        ADD  r2, r0, r1
        JDEC c0, done
        JUMP top
one:    MUL  r2, r0, r1
        SUB  r4, r2, r3
        NEG  r5, r4
        MOV  r6, r5
        INV  r7, r3
        JDEC c0, done
        JUMP top
done:   HALT
"""


def test_assemble_fields_and_labels():
    p = asm.assemble(SRC)
    assert p.p == 101 and p.consts == [2, 5] and p.inputs == {"a": 0, "b": 1} and p.outputs == {"out": 2}
    assert srl_sequence(p.srl) == [1, 0, 1]
    assert p.code[0] == Instr("LDC", rd=3, imm=0)
    assert p.code[1] == Instr("LOAD", c=0, imm=3)
    assert p.code[2] == Instr("JSR", imm=6) and p.labels["one"] == 6 and p.labels["done"] == 13
    assert p.code[4] == Instr("JDEC", c=0, imm=13)
    assert p.code[-1] == Instr("HALT")


def test_round_trip_asm_binary_disasm_asm():
    p = asm.assemble(SRC)
    b = asm.to_binary(p)
    q = asm.from_binary(b)
    text = asm.disassemble(q)
    assert asm.to_binary(asm.assemble(text)) == b
    assert asm.disassemble(asm.assemble(text)) == text
    assert [encode(i) for i in q.code] == p.words()


def test_every_opcode_encodes_and_decodes():
    for op, (code, shape, _) in OPCODES.items():
        i = Instr(
            op,
            rd=255 if "d" in shape else 0,
            ra=254 if shape in ("dd", "ddd") else 0,
            rb=253 if shape == "ddd" else 0,
            c=15 if shape.startswith("c") else 0,
            imm={"dk": (1 << 18) - 1, "ca": (1 << 22) - 1, "cn": 7, "a": 12345}.get(shape, 0),
        )
        w = encode(i)
        assert 0 <= w < 1 << 32 and w >> 26 == code and decode(w) == i
    with pytest.raises(ValueError):
        decode(0)  # opcode 0 is not an instruction
    with pytest.raises(ValueError):
        decode(encode(Instr("NEG", rd=1, ra=2)) | 4)  # padding bits set


def test_srl_image_inverts():
    for bits in ([1], [0, 1], [1, 1, 0, 1, 0, 0, 1], [0] * 5 + [1]):
        assert srl_sequence(srl_image(bits)) == bits


@pytest.mark.parametrize(
    "src,line,col,words",
    [
        (".modulus 7\n  FOO r1, r2\n", 2, 3, "unknown mnemonic 'FOO'"),
        (".modulus 7\nADD r1, r2, x3\n", 2, 13, "bad register 'x3'"),
        (".modulus 7\nADD r1, r2, r256\n", 2, 13, "out of range"),
        (".modulus 7\nMOV r1\n", 2, 1, "takes 2 operand"),
        (".modulus 7\nLOAD c0, 4194304\n", 2, 10, "immediate 4194304 out of range"),
        (".modulus 7\nLOAD c0, -1\n", 2, 10, "out of range"),
        (".modulus 7\nLOAD c16, 1\n", 2, 6, "loop counter 'c16' out of range"),
        (".modulus 7\nJUMP nowhere\n", 2, 6, "undefined label 'nowhere'"),
        (".modulus 7\nx: HALT\nx: HALT\n", 3, 1, "duplicate label 'x'"),
        (".modulus 7\nLDC r1, #nope\n", 2, 9, "undefined constant '#nope'"),
        (".modulus 7\nLDC r1, #0\n", 2, 9, "constant index 0 out of range"),
        (".modulus 7\n.jsrbits 10a\n", 2, 10, "not a string of 0 and 1"),
        (".modulus 7\n.frobnicate 1\n", 2, 1, "unknown directive"),
        ("HALT\n", 1, 1, "missing .modulus"),
        (".modulus 7\nJSR 4194304\n", 2, 5, "address 4194304 out of range"),
    ],
)
def test_assembly_errors_carry_line_and_column(src, line, col, words):
    with pytest.raises(AssemblyError) as e:
        asm.assemble(src)
    assert (e.value.line, e.value.column) == (line, col), str(e.value)
    assert words in str(e.value) and str(e.value).startswith(f"line {line}, column {col}: ")
    assert isinstance(e.value, PairkitError)


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"nope",
        asm.MAGIC,
        asm.MAGIC + b"\x01" * 30,
        asm.to_binary(asm.assemble(SRC))[:-3],
        asm.to_binary(asm.assemble(SRC)) + b"x",
    ],
)
def test_malformed_binaries_are_program_errors(data):
    with pytest.raises(ProgramError):
        asm.from_binary(data)


def _image(p=101, consts=(2,), meta=b'{"inputs": {"a": 0}, "outputs": {"o": 0}}'):
    import struct

    b = bytearray(asm.MAGIC) + struct.pack("<4I", 1, len(consts), 0, 1) + bytes([p])
    b += struct.pack("<I", encode(Instr("HALT")))
    for c in consts:
        b += bytes([c])
    return bytes(b + struct.pack("<I", len(meta)) + meta)


def test_binary_contents_are_validated():
    assert asm.from_binary(_image()).consts == [2]
    for bad in (
        _image(p=100),
        _image(consts=(101,)),
        _image(meta=b'{"inputs": {"a": 300}, "outputs": {}}'),
        _image(meta=b'{"inputs": {"a b": 1}, "outputs": {}}'),
        _image(meta=b'{"inputs": [], "outputs": {}}'),
        _image(meta=b"not json"),
    ):
        with pytest.raises(ProgramError):
            asm.from_binary(bad)
