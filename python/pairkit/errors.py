"""Typed errors. The Rust core's error enum maps onto these (see crates/pairkit-py)."""


class PairkitError(ValueError):
    """Base class of every pairkit input error."""


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
    """A protocol was asked to use a parameter set labelled insecure without explicit consent."""


class GpuUnavailableError(PairkitError):
    """The gpu engine cannot run here: CuPy, the CUDA runtime or a CUDA device is missing."""


class GpuKernelBuildError(PairkitError):
    """A GPU kernel source did not compile (NVRTC, or g++ for the host-executed check)."""


class GpuUnsupportedError(UnknownAlgorithmError):
    """A parameter set or algorithm the gpu engine has no kernels for (the message lists those it has)."""
