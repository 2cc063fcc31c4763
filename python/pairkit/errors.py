"""Typed errors. The Rust core's error enum maps onto these (see crates/pairkit-py)."""

from __future__ import annotations


class PairkitError(ValueError):
    """Base class of every pairkit input error."""

    # Set on an instance where they apply (declared here for the type checker, never defaults):
    # ``index`` by the native module (a batch item's position), ``line`` and ``detail`` by pair-batch's
    # stream (batch_io.py: the input line and the message without its prefix).
    index: int | None
    line: int
    detail: str


class UnknownSetError(PairkitError):
    """An unknown parameter-set id."""


class UnknownAlgorithmError(PairkitError):
    """An unknown algorithm id, or one not valid for the chosen set."""


class EncodingError(PairkitError):
    """Malformed hex, wrong length, or a non-canonical field element."""


class NotOnCurveError(PairkitError):
    """The decoded coordinates do not satisfy the curve equation."""


class NotInSubgroupError(PairkitError):
    """The point is on the curve but not in the order-r subgroup."""


class PointAtInfinityError(PairkitError):
    """The point at infinity where it is not allowed."""


class InsecureParameterError(PairkitError):
    """A protocol was asked to use a parameter set labelled insecure without explicit consent. The message
    names the consent as ``OVERRIDE``, the Python keyword; the command line names its ``--allow-insecure``
    flag instead (pairkit.cli.ibe)."""

    OVERRIDE = "allow_insecure=True"


class DecryptionError(PairkitError):
    """A ciphertext that does not decrypt: it fails the Fujisaki-Okamoto re-encryption check of
    Boneh-Franklin FullIdent (wrong key or identity, or a modified ciphertext). The message never says
    which part failed."""


class GpuUnavailableError(PairkitError):
    """The gpu engine cannot run here: CuPy, the CUDA runtime or a CUDA device is missing."""


class GpuKernelBuildError(PairkitError):
    """A GPU kernel source did not compile (NVRTC, or g++ for the host-executed check)."""


class GpuUnsupportedError(UnknownAlgorithmError):
    """A parameter set or algorithm the gpu engine has no kernels for (the message lists those it has)."""


class InvalidArgumentError(PairkitError):
    """A scalar, seed, count, group or flag of the wrong type or outside its range. Nothing is
    coerced: an integer is required where one is meant (no float, bool or str), a bool where a
    flag is meant, and a bytes-like object where bytes are meant (never an int or a str)."""


class ArgumentTypeError(InvalidArgumentError, TypeError):
    """An argument of the wrong type (also a TypeError, as Python would raise)."""


class LimitExceededError(InvalidArgumentError):
    """A count or size above a documented limit (the message names the limit), refused before
    anything is allocated."""


class KeyPathError(InvalidArgumentError):
    """A BLS key-tree path that does not parse or is not EIP-2334-shaped (``m/12381/<coin>/<account>/<use>...``:
    at least four decimal indices below 2^32, the purpose 12381, no hardened ``'`` marks); the message says which
    part and why (pairkit.protocols.bls_eip2333)."""


class MissingExtraError(PairkitError, ImportError):
    """A command needs an optional dependency that is not installed: the message names the package and the
    ``pip install 'pairkit[EXTRA]'`` that brings it (pairkit.extras); ``extra`` is that extra's name. Also an
    ImportError, so code that probes for the dependency (``except ImportError``) keeps working."""

    def __init__(self, msg: str, extra: str):
        super().__init__(msg)
        self.extra = extra


class NotSupportedError(PairkitError):
    """An operation the chosen set does not offer (e.g. the spec's operation trace of a
    large-characteristic set)."""


class FileAccessError(PairkitError):
    """A file the command line cannot use: an input that is missing, a directory or unreadable, or
    an output path that cannot be written."""


class UsageError(PairkitError):
    """A command line that does not parse: an unknown command or option, a missing argument, a
    value of the wrong form (the CLI reports click's usage errors under this name)."""


class BatchError(PairkitError):
    """Some lines of a batch failed (``pair-batch --keep-going``): their error records are in the output."""


class AssemblyError(PairkitError):
    """Malformed assembly for the pairing processor (pairkit.hw.proc): an unknown mnemonic or directive,
    a bad register or counter, an immediate out of range, an undefined or duplicate label. Carries
    ``line`` and ``column`` (1-based) and names them in the message."""

    def __init__(self, msg: str, line: int, column: int):
        super().__init__(f"line {line}, column {column}: {msg}")
        self.line, self.column = line, column


class ProgramError(PairkitError):
    """A pairing-processor program the instruction-set simulator rejects: a read of an uninitialised
    register, a run off the end of the program or past its step limit, a malformed binary. Carries
    ``pc`` (or None) and names it in the message."""

    def __init__(self, msg: str, pc: int | None = None):
        super().__init__(msg if pc is None else f"pc {pc}: {msg}")
        self.pc = pc
