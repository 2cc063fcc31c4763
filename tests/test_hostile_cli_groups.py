"""The CLI error contract under hostile arguments for the command groups (error contract and limits):
every leaf command of `pairkit hw`, `pairkit hw core`, `pairkit dse` and `pairkit proc` either
succeeds or prints `error: <Type>: <message>` on stderr and exits with status 2 -- never a
traceback, and never a hang on an absurd size (the limits are checked before any allocation or long
computation; docs/HW.md, docs/CORE.md, docs/DSE.md, docs/PROC.md "Limits").

As in tests/test_hostile_cli.py the walk is generic: the leaves are enumerated from the typer app
(test_every_group_command_is_walked fails until BASELINE has valid values for a new leaf), and each
parameter gets the hostile values of its kind -- integer, float, text, flag, input file, JSON input
file, output file, output directory, unit parameter, unit mix -- while the others keep their
baseline values. The cases run in-process (one `pairkit.cli.main()` call each, with SIGALRM as the
hang detector) to keep CI time small, with the steps that need external tools (Yosys, Verilator,
nextpnr) and the core report's long measurement replaced by a stub: reaching the stub counts as
"the arguments were accepted", so a hostile value must be refused before it.
"""

from __future__ import annotations

import os
import re
import resource
import signal
import sys
import traceback

import pytest
import typer

from pairkit import errors
from pairkit.cli import root as cli
from pairkit.dse import errors as dse_errors  # noqa: F401  (the error classes below)
from pairkit.hw import errors as hw_errors  # noqa: F401
from pairkit.hw.core import errors as core_errors  # noqa: F401

ROOT = typer.main.get_command(cli.app)
GROUPS = ("hw", "dse", "proc")
HUGE = str(2**80)
TIMEOUT_S = int(os.environ.get("PAIRKIT_WALK_TIMEOUT", "30"))  # per case: a hostile value that runs longer is a hang
MEMORY_HEADROOM = 3 << 30  # per case: address space beyond the test process's own


def _subclasses(c):
    for s in c.__subclasses__():
        yield s
        yield from _subclasses(s)


ERROR_TYPES = {c.__name__ for c in _subclasses(errors.PairkitError)}
ERROR_LINE = re.compile(r"^error: (\w+): \S", re.M)

ASM = ".modulus 7\n.const three 3\n.output out r2\nLDC r1, #three\nADD r2, r1, r1\nHALT\n"

# valid values of each leaf; a hostile value replaces one of them (or is added, for -p)
BASELINE = {
    "hw list": {},
    "hw gen": {
        "unit": "gf2_mul_msd",
        "--param": ["field=ss2-7", "D=3"],
        "-o": "OUT_DIR",
        "--vectors": "2",
        "--seed": "1",
    },
    "hw sim": {
        "unit": "gf2_mul_msd",
        "--param": ["field=ss2-7", "D=3"],
        "--vectors": "2",
        "--seed": "1",
        "--backend": "amaranth",
    },
    "hw formal": {"unit": "gf2_mul_msd", "--param": ["field=ss2-7", "D=3"], "--steps": "4"},
    "hw synth": {"unit": "gf2_mul_msd", "--param": ["field=ss2-7", "D=3"], "--pnr": "--no-pnr", "--workdir": "OUT_DIR"},
    "hw report": {
        "--units": ["gf2_add"],
        "--out": "OUT_FILE",
        "--reports-dir": "OUT_DIR",
        "--timeout": "60",
        "--no-pnr": True,
    },
    "hw core list": {},
    "hw core sim": {
        "--set": "ss2-11",
        "--alg": "tate-alg1",
        "--units": "gf2_mul_msd=1:D=4,gf2_add=1,gf2_sqr=1",
        "--unroll": "1",
        "--scheduler": "list",
        "-n": "1",
        "--seed": "1",
        "--engine": "interp",
    },
    "hw core gen": {
        "--set": "ss2-11",
        "--alg": "tate-alg1",
        "--units": "gf2_mul_msd=1:D=4,gf2_add=1,gf2_sqr=1",
        "--unroll": "1",
        "--scheduler": "list",
        "-o": "OUT_DIR",
        "-n": "1",
        "--seed": "1",
    },
    "hw core report": {
        "--core": ["toy-ss2-11-alg1"],
        "--out": "OUT_FILE",
        "--reports-dir": "OUT_DIR",
        "--synth": "--no-synth",
        "--timeout": "60",
        "--router": "router2",
    },
    "hw core compare": {"--core": ["s001-dl-9mul-list"], "--json": True},
    "hw core blocks-timing": {"--core": ["toy-ss2-13-eta2"], "--reports-dir": "OUT_DIR", "--timeout": "60"},
    "dse ddg": {"--set": "ss2-7"},
    "dse analyze": {"--set": "ss2-7", "--digit": "2"},
    "dse schedule": {
        "--set": "ss2-7",
        "--units": "UNITS",
        "--digit": "2",
        "--time-limit": "1",
        "--registers": "8",
        "--priority": "mobility",
    },
    "dse explore": {"--set": "ss2-7", "--digit": "2", "--ranges": "unit", "--time-limit": "1"},
    "proc asm": {"file": "VALID_ASM", "-o": "OUT_FILE"},
    "proc disasm": {"file": "VALID_BIN"},
    "proc compile": {"--set": "typea-512", "-o": "OUT_FILE"},
    "proc run": {"--set": "typea-512", "--seed": "1", "-W": "16", "-P": "4", "-d": "2"},
    "proc sim-rtl": {"--set": "typea-512", "--seed": "1", "-W": "16", "-P": "4", "-d": "2", "--engine": "verilator"},
    "proc report": {"--set": "typea-512", "-W": "16", "-P": "4", "-d": "2", "--dir": "OUT_DIR"},
    "proc verilog": {"--set": "typea-512", "-W": "16", "-P": "4", "-d": "2", "-o": "OUT_FILE"},
    "proc array": {"--dir": "PROC_CACHE"},
    "proc sim-array": {
        "--cores": "2",
        "--jobs": "3",
        "--set": "typea-512",
        "--program": "short",
        "-W": "16",
        "-P": "4",
        "-d": "2",
        "--seed": "1",
    },
}

# parameters whose kind is not their Python type
KINDS = {
    ("hw gen", "-o"): "outdir",
    ("hw sim", "--vcd"): "output",
    ("hw synth", "--workdir"): "outdir",
    ("hw report", "--out"): "output",
    ("hw report", "--reports-dir"): "outdir",
    ("hw core gen", "-o"): "outdir",
    ("hw core report", "--out"): "output",
    ("hw core report", "--reports-dir"): "outdir",
    ("hw core compare", "--reports-dir"): "outdir",
    ("hw core blocks-timing", "--reports-dir"): "outdir",
    ("dse schedule", "--gantt"): "output",
    ("dse explore", "--out"): "outdir",
    ("proc asm", "file"): "input",
    ("proc asm", "-o"): "output",
    ("proc disasm", "file"): "input",
    ("proc compile", "-o"): "output",
    ("proc report", "--dir"): "outdir",
    ("proc verilog", "-o"): "output",
    ("proc array", "--dir"): "outdir",
}
for _c in ("hw gen", "hw sim", "hw formal", "hw synth"):
    KINDS[(_c, "--param")] = "unit-param"
for _c in ("hw core sim", "hw core gen"):
    KINDS[(_c, "--units")] = "core-units"
for _c in ("dse ddg", "dse analyze", "dse schedule", "dse explore"):
    KINDS[(_c, "--trace")] = "json"
for _c in ("dse analyze", "dse schedule", "dse explore"):
    KINDS[(_c, "--units-file")] = "json"
KINDS[("dse schedule", "--units")] = "dse-units"
PATHISH = re.compile(r"(^|_)(out|file|dir|trace|vcd|gantt|workdir|output)($|_)")

HOSTILE = {
    "int": ["-1", "0", HUGE, "-" + HUGE, "1.5", "x", ""],
    "float": ["nan", "inf", "-inf", "-1", "0", "1e308", "x", ""],
    "text": ["", "nope", "\u00ff\u2603", "9" * 5000],
    "input": ["missing", "directory", "binary", "latin1", "nul"],
    "json": ["missing", "directory", "binary", "garbage", "list", "bad-schema", "deep", "huge-ddg"],
    "output": ["directory", "no-parent", "under-a-file"],
    "outdir": ["a-file", "under-a-file"],
    "unit-param": [
        "",
        "nope",
        "D=0",
        "D=-1",
        f"D={HUGE}",
        "D=1.5",
        "D=" + "9" * 5000,
        "k=1000000000",
        "field=x^100003+x+1",
        "field=x^" + "9" * 5000 + "+x+1",
        "field=ss2-9",
        "field=",
        "structure=-1",
        "seed=1",
    ],
    "core-units": [
        "",
        "nope",
        "gf2_mul_msd=1000000000,gf2_add=1,gf2_sqr=1",
        "gf2_mul_msd=-1,gf2_add=1,gf2_sqr=1",
        "gf2_mul_msd=1:D=0,gf2_add=1,gf2_sqr=1",
        "gf2_mul_msd=1:D=100000,gf2_add=1,gf2_sqr=1",
        f"gf2_mul_msd={HUGE},gf2_add=1,gf2_sqr=1",
        "gf2_mul_msd=1:field=x^100003+x+1,gf2_add=1,gf2_sqr=1",
        "gf3_mul=1,gf3_add=1",
        "gf2_mul_msd=1:D=4:D,gf2_add=1",
    ],
    "dse-units": [
        "",
        "nope",
        "mul=1000000000,add=1,sqr=1",
        "mul=-1,add=1,sqr=1",
        "mul=0,add=1,sqr=1",
        f"mul={HUGE},add=1,sqr=1",
        "mul=1.5,add=1,sqr=1",
        "mul=" + "9" * 5000,
        "fft=1",
    ],
}
# the --registers of dse: a number, 'max' or 'each'
HOSTILE_REGISTERS = ["-1", "0", HUGE, "1.5", "nope", "", "9" * 5000]


class _ToolReached(BaseException):
    """The command reached an external tool (or a long measurement): its arguments were accepted."""


class _Hang(BaseException):
    pass


def _stub_tools(monkeypatch):
    from pairkit.hw.flow import toolchain
    from pairkit.reports import hw_cores as core_report

    def reached(*a, **k):
        raise _ToolReached()

    monkeypatch.setattr(toolchain, "find_tool", reached)
    monkeypatch.setattr(core_report, "measure", reached)


def group_leaves(cmd=ROOT, path=()):
    for name, sub in sorted(cmd.commands.items()):
        if not path and name not in GROUPS:
            continue
        if hasattr(sub, "commands"):
            yield from group_leaves(sub, path + (name,))
        else:
            yield " ".join(path + (name,)), sub


LEAVES = dict(group_leaves())


def kind(cmd: str, param) -> str:
    key = param.opts[0]
    if (cmd, key) in KINDS:
        return KINDS[(cmd, key)]
    if cmd.startswith("dse") and key == "--registers":
        return "registers"
    if param.param_type_name == "option" and param.is_flag:
        return "flag"
    t = str(param.bare_type())  # typer names the type: 'int', 'float', 'str', 'list[str]'
    return {"int": "int", "float": "float"}.get(t, "text")


def _sample_units(tmp_path) -> str:
    return "mul=1,add=1,sqr=1"


def _value(v: str, k: str, tmp_path):
    """A baseline placeholder or a hostile file value as a path under tmp_path."""
    placeholder = _placeholder(v, tmp_path)
    if placeholder is not None:
        return placeholder
    if k not in ("input", "json", "output", "outdir"):
        return v
    return _hostile_path(v, tmp_path)


def _placeholder(v: str, tmp_path):
    """The baseline's value for placeholder ``v`` (None: ``v`` is no placeholder)."""
    from pairkit.hw.proc import asm

    if v == "VALID_ASM":
        f = tmp_path / "ok.s"
        f.write_text(ASM)
        return str(f)
    if v == "VALID_BIN":
        f = tmp_path / "ok.bin"
        f.write_bytes(asm.to_binary(asm.assemble(ASM)))
        return str(f)
    if v == "OUT_FILE":
        return str(tmp_path / "out.txt")
    if v == "OUT_DIR":
        return str(tmp_path / "outdir")
    if v == "PROC_CACHE":  # a copy of the repository's cached `proc report` results
        import shutil

        dst = tmp_path / "proc-cache"
        if not dst.exists():
            shutil.copytree(os.path.join(os.path.dirname(__file__), "..", "hw-report-cache", "proc"), dst)
        return str(dst)
    if v == "UNITS":
        return _sample_units(tmp_path)
    return None


#: the contents of the hostile files (h-NAME under tmp_path)
_HOSTILE_CONTENT = {
    "binary": lambda: bytes(range(256)) * 4,
    "latin1": lambda: ASM.encode() + "; \u00e9\n".encode("latin-1"),
    "nul": lambda: ASM.encode() + b"\0\n",
    "garbage": lambda: b"{ not json",
    "list": lambda: b"[1, 2, 3]",
    "bad-schema": lambda: b'{"schema": "pairkit.dse.ddg", "version": 99, "nodes": "x"}',
    "deep": lambda: b"[" * 100000 + b"]" * 100000,
    "huge-ddg": lambda: ('{"ops": [' + ",".join(['{"op": "add", "args": [0, 0]}'] * 200001) + "]}").encode(),
    "a-file": lambda: b"x",
}


def _hostile_path(v: str, tmp_path) -> str:
    """The path of hostile file value ``v``: a directory, a file of hostile content, a path whose parent
    is missing or a file."""
    f = tmp_path / ("h-" + v)
    if v == "directory":
        f.mkdir()
    elif v in _HOSTILE_CONTENT:
        f.write_bytes(_HOSTILE_CONTENT[v]())
    elif v == "no-parent":
        f = tmp_path / "no" / "such" / "dir" / "out.txt"
    elif v in ("under-a-file",):
        (tmp_path / "plain").write_text("x")
        f = tmp_path / "plain" / "out"
    return str(f)


def argv_for(cmd: str, values: dict, tmp_path) -> list:
    params = {p.opts[0]: p for p in LEAVES[cmd].params}
    opts, args = [], []
    for key, v in values.items():
        p = params[key]
        k = kind(cmd, p)
        if p.param_type_name == "argument":
            args.append(_value(v, k, tmp_path))
        elif v is True:
            opts.append(key)
        elif k == "flag":  # the other name of a --x/--no-x flag
            opts.append(v)
        else:
            for x in v if isinstance(v, list) else [v]:
                opts += [key, _value(x, k, tmp_path)]
    return [*cmd.split(), *opts, "--", *args] if args else [*cmd.split(), *opts]


def cases():
    for cmd, c in LEAVES.items():
        yield pytest.param(cmd, "--no-such-option", None, id=f"{cmd}-unknown-option")
        yield pytest.param(cmd, "EXTRA", None, id=f"{cmd}-extra-argument")
        for p in c.params:
            key = p.opts[0]
            k = kind(cmd, p)
            if k == "flag":
                yield pytest.param(cmd, key, "FLAG=x", id=f"{cmd}-{key}=x")
                continue
            for v in HOSTILE_REGISTERS if k == "registers" else HOSTILE[k]:
                yield pytest.param(cmd, key, v, id=f"{cmd}-{key}-{v[:40]!r}")
            if p.required and p.param_type_name == "option":
                yield pytest.param(cmd, key, None, id=f"{cmd}-{key}-missing")


def _vm_size() -> int:
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    return 0


def run_main(argv, monkeypatch, capsys):
    """`pairkit ARGV` in-process: (exit status or 'tool', stdout, stderr); a traceback or a hang fails."""
    _stub_tools(monkeypatch)
    monkeypatch.setattr(sys, "argv", ["pairkit", *argv])

    def alarm(*_):
        raise _Hang()

    old = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(TIMEOUT_S)
    limits = resource.getrlimit(resource.RLIMIT_AS)  # a runaway allocation is a MemoryError, not the OOM killer
    resource.setrlimit(
        resource.RLIMIT_AS, (min(_vm_size() + MEMORY_HEADROOM, limits[1] if limits[1] > 0 else 1 << 62), limits[1])
    )
    try:
        try:
            cli.main()
            code = 0
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
        except _ToolReached:
            code = "tool"
        except _Hang:
            pytest.fail(f"{argv[:12]}: still running after {TIMEOUT_S} s (a hang)")
        except BaseException:  # noqa: BLE001 - a traceback is what the walk looks for
            pytest.fail(f"{argv[:12]}: traceback\n{traceback.format_exc()[-3000:]}")
    finally:
        resource.setrlimit(resource.RLIMIT_AS, limits)
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    out, err = capsys.readouterr()
    return code, out, err


def assert_contract(code, out, err, argv):
    text = out + err
    assert "Traceback" not in text and "panicked" not in text, (argv[:12], text[-3000:])
    if code in (0, "tool"):  # accepted (the tool-needing step was reached, or the command succeeded)
        assert "error:" not in err, (argv[:12], err[-2000:])
        return None
    assert code == 2, (argv[:12], code, text[-3000:])
    m = ERROR_LINE.search(err)
    assert m, (argv[:12], err[-2000:])
    assert m.group(1) in ERROR_TYPES, (argv[:12], m.group(1))
    return m.group(1)


def test_every_group_command_is_walked():
    """Every leaf of hw, hw core, dse and proc has a baseline with its required parameters; every
    parameter that names a file or directory has a file kind."""
    assert {"hw gen", "hw sim", "hw core sim", "dse schedule", "dse explore", "proc run"} <= set(LEAVES)
    for cmd, c in LEAVES.items():
        assert cmd in BASELINE, f"add a BASELINE entry for the new command {cmd!r}"
        for p in c.params:
            if p.required:
                assert p.opts[0] in BASELINE[cmd], f"BASELINE[{cmd!r}] needs {p.opts[0]}"
            if PATHISH.search(p.name or "") and kind(cmd, p) in ("text",):
                if (cmd, p.opts[0]) not in (("proc compile", "--binary"),):
                    pytest.fail(f"{cmd} {p.opts[0]} looks like a path: give it a kind in KINDS")
    assert set(BASELINE) == set(LEAVES), set(BASELINE) ^ set(LEAVES)


@pytest.mark.parametrize("cmd,key,value", list(cases()))
def test_hostile_group_argument(cmd, key, value, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)  # the reports' defaults write below the working directory
    values = dict(BASELINE[cmd])
    param = {p.opts[0]: p for p in LEAVES[cmd].params}.get(key)
    if key == "--no-such-option":
        argv = argv_for(cmd, values, tmp_path) + ["--no-such-option"]
    elif key == "EXTRA":
        argv = argv_for(cmd, values, tmp_path) + ["extra-argument"]
    elif value is None:
        values.pop(key, None)
        argv = argv_for(cmd, values, tmp_path)
    elif value == "FLAG=x":
        values.pop(key, None)
        argv = argv_for(cmd, values, tmp_path) + [f"{key}=x"]
    else:
        if key == "--units-file":  # read by the measured cost model only
            values["--costs"] = "measured"
        if kind(cmd, param) == "unit-param":
            values[key] = list(values.get(key, [])) + [value]
        else:
            values[key] = [value] if param.multiple else value
        argv = argv_for(cmd, values, tmp_path)
    code, out, err = run_main(argv, monkeypatch, capsys)
    etype = assert_contract(code, out, err, argv)
    if os.environ.get("PAIRKIT_WALK_LOG"):  # which hostile values were accepted, which refused and how
        with open(os.environ["PAIRKIT_WALK_LOG"], "a") as fh:
            fh.write(f"{cmd}\t{key}\t{str(value)[:40]!r}\t{code}\t{etype or ''}\t{err.strip()[-160:]!r}\n")


@pytest.mark.parametrize("cmd", sorted(BASELINE))
def test_group_baselines_are_valid(cmd, tmp_path, monkeypatch, capsys):
    """Each baseline is accepted (so a hostile case fails because of its hostile value alone)."""
    monkeypatch.chdir(tmp_path)
    argv = argv_for(cmd, BASELINE[cmd], tmp_path)
    code, out, err = run_main(argv, monkeypatch, capsys)
    assert code in (0, "tool"), (argv, code, err[-3000:])


# ------------------------------------------------------------------ the limits (docs "Limits")


@pytest.mark.parametrize(
    "argv,etype",
    [
        (["hw", "gen", "gf2_mul_msd", "-p", "field=x^100003+x+1", "-o", "OUT_DIR"], "HwLimitError"),
        (["hw", "sim", "gf2_mul_msd", "-p", "field=ss2-7", "-p", "D=1000000000"], "HwLimitError"),
        (["hw", "sim", "gf2_mul_msd", "-p", "field=ss2-7", "-p", "D=0"], "HwParamError"),
        (["hw", "sim", "gf2_sqr", "-p", "field=ss2-7", "-p", "k=-1"], "HwParamError"),
        (["hw", "sim", "gf2_mul_msd", "-p", "field=ss2-7", "-n", "10000000"], "HwLimitError"),
        (["hw", "gen", "gf2_mul_msd", "-p", "field=ss2-7", "-o", "OUT_DIR", "--seed", "-1"], "InvalidArgumentError"),
        (["hw", "formal", "gf2_mul_msd", "-p", "field=ss2-7", "--steps", "1000000000"], "HwLimitError"),
        (["hw", "sim", "tmvp_core", "-p", "n=1000000000"], "HwLimitError"),
        (["hw", "sim", "gf2_mul_tmvp", "-p", "field=ss2-7", "-p", "outer=2,2,2,2,2,2,2,2,2,2,2,2"], "HwLimitError"),
        (["hw", "report", "--units", "gf2_add", "--timeout", "nan", "--out", "OUT_FILE"], "InvalidArgumentError"),
        (["hw", "report", "--units", "gf2_add", "--timeout", "inf", "--out", "OUT_FILE"], "LimitExceededError"),
        (["hw", "gen", "gf2_mul_msd", "-p", "field=ss2-7", "-p", "D=3", "-o", "A_FILE"], "FileAccessError"),
        (
            [
                "hw",
                "core",
                "sim",
                "--set",
                "ss2-11",
                "--alg",
                "tate-alg1",
                "--units",
                "gf2_mul_msd=1000000000,gf2_add=1,gf2_sqr=1",
            ],
            "CoreMixError",
        ),
        (["hw", "core", "sim", "toy-ss2-11-alg1", "-n", "10000000"], "HwLimitError"),
        (
            [
                "hw",
                "core",
                "sim",
                "--set",
                "ss2-11",
                "--alg",
                "tate-alg1",
                "--units",
                "gf2_mul_msd=1,gf2_add=1,gf2_sqr=1",
                "--unroll",
                "-1",
            ],
            "CoreError",
        ),
        (["hw", "core", "report", "--timeout", "-1"], "InvalidArgumentError"),
        (["hw", "core", "report", "--router", "router3"], "InvalidArgumentError"),
        (["dse", "schedule", "--set", "ss2-7", "--units", "mul=1000000000,add=1,sqr=1"], "DSELimitError"),
        (["dse", "schedule", "--set", "ss2-7", "--units", "mul=1,add=1,sqr=1", "--registers", "-1"], "DSEError"),
        (["dse", "schedule", "--set", "ss2-7", "--units", "mul=1,add=1,sqr=1", "--time-limit", "nan"], "DSEError"),
        (
            ["dse", "schedule", "--set", "ss2-7", "--units", "mul=1,add=1,sqr=1", "--time-limit", "1e308"],
            "DSELimitError",
        ),
        (["dse", "analyze", "--set", "ss2-7", "--digit", "0"], "DSEError"),
        (["dse", "analyze", "--set", "ss2-7", "--digit", "100003"], "DSELimitError"),
        (["dse", "ddg", "--trace", "HUGE_DDG"], "DSELimitError"),
        (["dse", "ddg", "--trace", "GARBAGE"], "DDGFormatError"),
        (["dse", "explore", "--set", "ss2-7", "--out", "A_FILE"], "FileAccessError"),
        (["proc", "run", "--set", "typea-512", "-W", str(2**80)], "InvalidArgumentError"),
    ],
)
def test_group_limits(argv, etype, tmp_path, monkeypatch, capsys):
    """The limits and checks: a typed error naming the parameter, before any work."""
    monkeypatch.chdir(tmp_path)
    subst = {
        "OUT_DIR": _value("OUT_DIR", "outdir", tmp_path),
        "OUT_FILE": _value("OUT_FILE", "output", tmp_path),
        "A_FILE": _value("a-file", "outdir", tmp_path),
        "HUGE_DDG": _value("huge-ddg", "json", tmp_path),
        "GARBAGE": _value("garbage", "json", tmp_path),
    }
    argv = [subst.get(a, a) for a in argv]
    code, out, err = run_main(argv, monkeypatch, capsys)
    assert assert_contract(code, out, err, argv) == etype, err


def test_every_unit_parameter_is_bounded():
    """Every integer parameter of every unit generator: a negative or huge value is a typed error
    naming it, raised before anything is built (no hang, no allocation)."""
    from pairkit.hw.errors import HwLimitError, HwParamError
    from pairkit.hw.units.catalogue import all_types, build
    from pairkit.hw.units.unit import MAX_UNIT_INT

    for t in all_types():
        base = dict(t.small)
        for p in t.params:
            if p.type is not int:
                continue
            for bad, cls in ((-1, HwParamError), (MAX_UNIT_INT + 1, HwLimitError), (2**80, HwLimitError)):
                with pytest.raises(cls) as ei:
                    build(t.name, **{**base, p.name: bad})
                assert ei.value.param == p.name, (t.name, p.name, bad)
            if p.name in ("D", "k", "q", "W", "K", "n"):  # sizes: 0 is refused too
                with pytest.raises(HwParamError):
                    build(t.name, **{**base, p.name: 0})


def test_field_degree_limit():
    from pairkit.hw.errors import HwLimitError
    from pairkit.hw.units.fields import MAX_FIELD_DEGREE, binary_field, ternary_field

    for f, fn in (
        (f"x^{MAX_FIELD_DEGREE + 1}+x+1", binary_field),
        ("x^100003+x^5+1", binary_field),
        ("x^100003+x^5-1", ternary_field),
        ("x^" + "9" * 5000 + "+x+1", binary_field),
    ):
        with pytest.raises(HwLimitError, match="limit"):
            fn(f)


def test_deep_json_with_a_raised_recursion_limit(tmp_path):
    """A deeply nested --trace / --units-file is a typed error even where the process raised the
    recursion limit (hw/flow/synth.py does): the C decoder used to overflow the stack (a segfault)."""
    from pairkit.dse import costs, ddg
    from pairkit.dse.errors import CostModelError, DDGFormatError

    f = _value("deep", "json", tmp_path)
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(200_000)
    try:
        with pytest.raises(DDGFormatError, match="nested too deeply"):
            ddg.load_file(f)
        with pytest.raises(CostModelError, match="RecursionError"):
            costs.measured(f, 2)
    finally:
        sys.setrecursionlimit(old)
