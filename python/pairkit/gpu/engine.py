"""The gpu engine behind ``api.pair_batch(..., engine="gpu")``: the host checks of the inputs
(:mod:`.decode`: lengths, canonical encodings, the point at infinity, decompression), copied as
byte rows to the device and turned into the kernels' word layout there (kernels/layout.cuh;
:mod:`.layout` is the host reference), launched through CuPy's RawModule (NVRTC at run time)
chunk by chunk on two streams, so the copies of one chunk overlap the kernels of the other: per
chunk ``pk_validate`` (curve equation and order-r subgroup test on the device) then ``pk_pair`` on
the same stream; a chunk's validation status words are read before its outputs, and the lowest
bad index raises the CPU engine's typed error. Outputs are turned into GT encodings (byte rows) on
the device and copied back. Batches larger than the free device memory allows are split, never
refused.

Measured on an H100 (2026-11-25) and an H200 (2026-11-26): docs/gpu-runs/LOG.md. Each (set, algorithm)
runs the comb variant its measurement chose (source.TUNED). Without a GPU, the kernels it
launches are checked byte for byte against the Rust core by the host-executed build
(tests/test_gpu_kernels.py, tests/test_gpu_validate.py) and compiled for sm_90 by NVRTC in CI."""

from __future__ import annotations

from typing import cast

import numpy as np

from pairkit.errors import GpuUnavailableError, PairkitError
from pairkit.gpu import decode, layout, prime_source, source

CUPY_PIN = "cupy-cuda12x==14.2.0"
INSTALL = (
    f"`pip install pairkit[gpu]` ({CUPY_PIN}, for a CUDA 12 driver) or `pip install pairkit[gpu-cuda13]` "
    "(cupy-cuda13x==14.2.0, for a CUDA 13 driver)"
)
BLOCK = 128  # threads per block (swept 32..256 on an H100: docs/gpu-runs/LOG.md)
SMEM_PORTABLE = 48 * 1024  # dynamic shared memory any device gives a block without opting in
MEM_FRACTION = 0.5  # of the free device memory, for the double-buffered chunks
MAX_CHUNK = 1 << 20
STAGES = ("miller", "final_exp", "pair", "validate")
LAYOUT_KERNELS = ("rows_to_words", "words_to_rows")  # kernels/layout.cuh
NVRTC_OPTIONS = ("--std=c++17",)
ZERO_MILLER = "division by zero (inverse of 0) in the final exponentiation"  # the status-1 error
PRIME_BLOCK = 64  # not measured yet: pk_pair takes 255 registers (NVRTC 12.9, sm_90; docs/GPU.md)
PRODUCT_FAN = 4  # factors per thread and level of the product / sum trees (not measured yet)


def cupy_module():
    """CuPy with at least one CUDA device, or GpuUnavailableError saying what is missing."""
    try:
        import cupy
    except ImportError as e:
        raise GpuUnavailableError(f"the gpu engine needs CuPy, which is not installed ({e}): {INSTALL}") from None
    try:
        count = cupy.cuda.runtime.getDeviceCount()
    except Exception as e:  # CUDARuntimeError: no driver, no device
        raise GpuUnavailableError(
            f"no CUDA device: CuPy cannot reach one ({type(e).__name__}: {e}); {INSTALL}"
        ) from None
    if count == 0:
        raise GpuUnavailableError(f"no CUDA device: the CUDA runtime reports 0 devices; {INSTALL}")
    return cupy


def per_instance_bytes(m: int) -> int:
    """Device bytes one instance needs: its byte row (4 ceil(m/8) bytes, the input rows and then,
    in the same buffer, the output rows), 4 input + 4 output coordinates in words, and its two
    status words (the stage's and pk_validate's)."""
    return 4 * ((m + 7) // 8) + 2 * 4 * source.words(m) * 4 + 2 * 4


def chunk_size(n: int, m: int, free_bytes: int, max_chunk: int = MAX_CHUNK) -> int:
    """Instances per chunk: two chunks in flight (two streams) within MEM_FRACTION of free memory."""
    fit = int(free_bytes * MEM_FRACTION) // (2 * per_instance_bytes(m))
    if fit < 1:
        raise GpuUnavailableError(f"the device has {free_bytes} bytes free, too few for one instance")
    return max(1, min(n, fit, max_chunk))


class GpuKernels:
    """The compiled kernels of one (set, algorithm, comb variant) on the current CUDA device.
    Without ``comb`` the engine takes the measured choice of source.TUNED (or DEFAULT_COMB), and
    falls back to DEFAULT_COMB on a device whose shared memory cannot hold 32 threads' tables;
    an explicit ``comb`` that cannot is a GpuUnavailableError. ``block`` threads per block (the
    tuned or BLOCK unless given), lowered to what the shared memory holds for a shared table."""

    _cache: dict = {}

    def __init__(self, set_id: str, alg: str, comb: str | None = None, block: int | None = None):
        source.check(set_id, alg)
        if comb is not None:
            source.check_comb(comb)
        self.cp = cupy_module()
        dev = self.cp.cuda.runtime.getDevice()
        limit = _smem_optin(self.cp, dev)
        if comb is None:
            comb, tuned_block = source.TUNED.get((set_id, alg), (source.DEFAULT_COMB, BLOCK))
            if 32 * source.shared_bytes_per_thread(set_id, comb) > limit:
                comb, tuned_block = source.DEFAULT_COMB, BLOCK
            block = tuned_block if block is None else block
        self.per_thread = source.shared_bytes_per_thread(set_id, comb)
        if 32 * self.per_thread > limit:
            raise GpuUnavailableError(
                f"{set_id}: comb {comb} needs {32 * self.per_thread} bytes of shared memory for "
                f"32 threads; the device gives a block {limit}"
            )
        self.set_id, self.alg, self.comb, self.m = set_id, alg, comb, source.param(set_id).m
        key = (set_id, alg, comb, dev)
        if key not in GpuKernels._cache:
            mod = self.cp.RawModule(code=source.device_source(set_id, alg, comb), options=NVRTC_OPTIONS)
            GpuKernels._cache[key] = {s: mod.get_function(f"pk_{s}") for s in STAGES + LAYOUT_KERNELS}
        self.fn = GpuKernels._cache[key]
        self.block = BLOCK if block is None else block
        if self.per_thread:
            self.block = min(self.block, limit // self.per_thread // 32 * 32)
            if self.shared_bytes > SMEM_PORTABLE:
                for s in STAGES:
                    self.fn[s].max_dynamic_shared_size_bytes = self.shared_bytes

    @property
    def shared_bytes(self) -> int:
        """Dynamic shared memory of one launch of a stage kernel (0 for a "local" comb)."""
        return self.per_thread * self.block

    def grid(self, n: int) -> tuple[int]:
        return ((n + self.block - 1) // self.block,)

    def launch(self, stage: str, args: tuple, n: int) -> None:
        """One launch of a stage kernel (STAGES) over n instances, on the current stream."""
        self.fn[stage](self.grid(n), (self.block,), args, shared_mem=self.shared_bytes)

    def launch_layout(self, name: str, args: tuple, n: int) -> None:
        """One launch of a layout kernel (LAYOUT_KERNELS): no shared memory."""
        self.fn[name](self.grid(n), (self.block,), args)

    def run(
        self,
        parts: list[np.ndarray],
        stage: str = "pair",
        canonical: bool = False,
        max_chunk: int = MAX_CHUNK,
        check: decode.Batch | None = None,
    ) -> np.ndarray:
        """Byte rows -> (n, 4 ceil(m/8)) uint8 outputs (c0 || c1 || c2 || c3, big-endian each).
        ``parts`` are (n, k ceil(m/8)) uint8 column blocks that, side by side, make the kernels'
        input row x(P) || y(P) || x(Q) || y(Q) (a Miller value's c0 .. c3 for "final_exp"): P's
        and Q's rows, the 4 coordinates, or one (n, 4 ceil(m/8)) array. Per chunk the rows are
        copied into a pinned buffer, to the device, turned into the word layout there
        (pk_rows_to_words), validated, paired, turned back into byte rows (pk_words_to_rows) and
        copied back into the same pinned buffer; the host does one copy in and one copy out.
        With ``check`` (the host-checked batch the rows come from) every chunk is validated by
        pk_validate before `stage` runs on it, and the first bad element raises its typed error;
        stage "validate" runs the validation alone (no outputs)."""
        cp, n = self.cp, parts[0].shape[0]
        row = 4 * ((self.m + 7) // 8)
        if sum(p.shape[1] for p in parts) != row or any(p.shape[0] != n for p in parts):
            raise PairkitError(f"expected rows of {row} bytes in all, got blocks {[p.shape for p in parts]}")
        if n == 0:
            return np.zeros((0, row), dtype=np.uint8)
        free, _ = cp.cuda.runtime.memGetInfo()
        size = chunk_size(n, self.m, free, max_chunk)
        words = 4 * source.words(self.m)
        streams = [cp.cuda.Stream(non_blocking=True) for _ in range(2)]
        bufs = [
            dict(
                d_rows=cp.empty(row * size, dtype=cp.uint8),
                d_in=cp.empty(words * size, dtype=cp.uint32),
                d_out=cp.empty(words * size, dtype=cp.uint32),
                d_st=cp.empty(size, dtype=cp.uint32),
                d_vst=cp.empty(size, dtype=cp.uint32),
                h_rows=_pinned(cp, row * size, np.uint8),
                h_st=_pinned(cp, size),
                h_vst=_pinned(cp, size),
                job=None,
            )
            for _ in range(2)
        ]
        out = np.empty((n, row), dtype=np.uint8)
        for k, start in enumerate(range(0, n, size)):
            s, b = streams[k % 2], bufs[k % 2]
            self._drain(s, b, out)  # the chunk this stream ran before: its pinned buffers are free again
            cnt = min(size, n - start)
            h_rows, col = b["h_rows"][: row * cnt].reshape(cnt, row), 0
            for p in parts:  # the host's only copy in: pageable rows -> pinned
                h_rows[:, col : col + p.shape[1]] = p[start : start + cnt]
                col += p.shape[1]
            args = (np.uint32(cnt), np.int32(canonical))
            with s:  # RawKernel launches on the current stream
                b["d_rows"][: row * cnt].set(b["h_rows"][: row * cnt], stream=s)
                self.launch_layout("rows_to_words", (b["d_rows"], b["d_in"], np.uint32(cnt)), cnt)
                if check is not None:
                    self.launch("validate", (b["d_in"], b["d_out"], b["d_vst"], *args), cnt)
                    b["d_vst"][:cnt].get(stream=s, out=b["h_vst"][:cnt], blocking=False)
                if stage != "validate":
                    self.launch(stage, (b["d_in"], b["d_out"], b["d_st"], *args), cnt)
                    # the input rows are consumed: the output rows reuse their device and pinned buffers
                    self.launch_layout("words_to_rows", (b["d_out"], b["d_rows"], np.uint32(cnt)), cnt)
                    b["d_rows"][: row * cnt].get(stream=s, out=b["h_rows"][: row * cnt], blocking=False)
                    b["d_st"][:cnt].get(stream=s, out=b["h_st"][:cnt], blocking=False)
            b["job"] = (start, cnt, stage, check)
        pending = sorted((b["job"][0], i) for i, b in enumerate(bufs) if b["job"] is not None)
        for _, i in pending:  # in batch order, so the lowest bad index raises first
            self._drain(streams[i], bufs[i], out)
        return out

    def _drain(self, stream, b: dict, out: np.ndarray) -> None:
        if b["job"] is None:
            return
        stream.synchronize()
        start, cnt, stage, check = b["job"]
        b["job"] = None
        if check is not None:
            err = check.first_error(start, b["h_vst"][:cnt])
            if err is not None:
                raise err
        if stage == "validate":
            return
        st = b["h_st"][:cnt]
        if st.any():
            i = int(np.argmax(st != 0))
            raise PairkitError(f"batch item {start + i}: {ZERO_MILLER}")
        out[start : start + cnt] = b["h_rows"][: out.shape[1] * cnt].reshape(cnt, out.shape[1])  # the only copy out


def _smem_optin(cp, dev: int) -> int:
    """The dynamic shared memory a block may opt into on device dev (cudaDevAttrMaxSharedMemory-
    PerBlockOptin, 97), or the portable 48 KiB where CuPy does not say."""
    rt = cp.cuda.runtime
    got = rt.getDeviceProperties(dev).get("sharedMemPerBlockOptin")
    if got is None and hasattr(rt, "deviceGetAttribute"):
        try:
            got = rt.deviceGetAttribute(97, dev)
        except Exception:  # an older runtime without the attribute
            got = None
    return int(got) if got else SMEM_PORTABLE


def _pinned(cp, count: int, dtype=np.uint32) -> np.ndarray:
    mem = cp.cuda.alloc_pinned_memory(count * np.dtype(dtype).itemsize)
    return np.frombuffer(mem, dtype=dtype, count=count)


class PrimeGpuKernels:
    """The compiled prime kernels (kernels/batch_prime.cu: bn254, bls12-381) of one (set, algorithm) on
    the current CUDA device, not yet measured on a device: the word layout is made on the host
    (layout.pack / unpack with m = the bits of p), each chunk runs on one stream (copy in,
    ``pk_validate`` when the batch is checked, ``pk_<stage>``, copy out); no shared memory.
    ``fp_mul``: where the F_p product lives (prime_source.FP_MUL_VARIANTS), the same bytes either way.
    The product trees of multi_pair and BLS batch verification (``product``, ``g2_sum``) run on
    device arrays (:mod:`.prime_batch`)."""

    _cache: dict = {}

    def __init__(self, set_id: str, alg: str, block: int | None = None, fp_mul: str = prime_source.DEFAULT_FP_MUL):
        prime_source.check(set_id, alg)
        prime_source.check_fp_mul(fp_mul)
        self.cp = cupy_module()
        dev = self.cp.cuda.runtime.getDevice()
        self.set_id, self.alg, self.fp_mul = set_id, alg, fp_mul
        self.nl, self.bits = prime_source.limbs(set_id), prime_source.constants(set_id)["p"].bit_length()
        key = (set_id, alg, fp_mul, dev)
        if key not in PrimeGpuKernels._cache:
            mod = self.cp.RawModule(code=prime_source.device_source(set_id, alg, fp_mul), options=NVRTC_OPTIONS)
            PrimeGpuKernels._cache[key] = {s: mod.get_function(f"pk_{s}") for s in prime_source.KERNELS}
        self.fn = PrimeGpuKernels._cache[key]
        self.block = PRIME_BLOCK if block is None else block

    def launch(self, stage: str, args: tuple, n: int) -> None:
        """One launch of ``pk_<stage>`` on the current stream: args = (in, out, status, n, canonical,
        the F_p op or the fan-in); the grid covers the instances the stage writes."""
        m = prime_source.out_count(stage, n, int(args[4]))
        self.fn[stage](((max(1, m) + self.block - 1) // self.block,), (self.block,), args)

    def per_instance_bytes(self) -> int:
        """Device bytes per instance: 6 (or 12) input and 12 output coordinates of nl words, two status words."""
        return 4 * self.nl * (prime_source.GT_COORDS * 2) + 8

    def words(self, rows: np.ndarray) -> np.ndarray:
        """(n, k nb) big-endian rows -> the kernels' word-major words."""
        nb = 4 * self.nl
        return layout.pack([rows[:, c * nb : (c + 1) * nb] for c in range(rows.shape[1] // nb)], self.bits)

    def rows(self, words: np.ndarray, n: int, coords: int) -> np.ndarray:
        return layout.unpack(words, self.bits, n, coords)

    def apply(self, stage: str, d_in, n: int, arg: int = 0):
        """One launch of ``stage`` over n instances of the device words d_in: (device output words,
        device status words)."""
        cp, coords_out = self.cp, prime_source.KERNELS[stage][2]
        m = prime_source.out_count(stage, n, arg)
        d_out = cp.empty(max(1, coords_out * self.nl * m), dtype=cp.uint32)
        d_st = cp.empty(max(1, n), dtype=cp.uint32)
        self.launch(stage, (d_in, d_out, d_st, np.uint32(n), np.int32(arg)), n)
        return d_out, d_st

    def reduce(self, stage: str, d_vals, n: int, fan: int = PRODUCT_FAN):
        """The product (``fp12_prod``) or sum (``g2_sum``) of n device values by a tree of launches,
        fan-in ``fan`` per level: the device words of the one result (n >= 1)."""
        while n > 1:
            d_vals, _ = self.apply(stage, d_vals, n, fan)
            n = prime_source.out_count(stage, n, fan)
        return d_vals

    def run(
        self,
        rows: np.ndarray,
        stage: str = "pair",
        canonical: bool = False,
        max_chunk: int = MAX_CHUNK,
        check: decode.PrimeBatch | None = None,
        product: bool = False,
    ) -> np.ndarray:
        """(n, k nb) uint8 rows of big-endian coordinates (k = 6 for "miller" / "pair" / "validate": P
        and Q as decode.PrimeBatch gives them; 12 for "final_exp": a Miller value) -> (n, 12 nb) uint8
        GT encodings, the CPU engine's; a zero Miller value raises "batch item i: division by zero".
        With ``check`` (the host-checked batch of the rows) every chunk is validated by pk_validate
        first, and the lowest bad element raises its typed error; "validate" runs that alone (no
        output). ``product`` (stage "miller"): each chunk's Miller values are multiplied on the device
        (pk_fp12_prod) and only the chunks' products come back, (chunks, 12 nb)."""
        cp, n = self.cp, rows.shape[0]
        nb = 4 * self.nl
        want = prime_source.KERNELS[stage][1] if stage in prime_source.KERNELS else 0
        if stage not in ("miller", "final_exp", "pair", "validate") or rows.ndim != 2 or rows.shape[1] != want * nb:
            raise PairkitError(f"{stage}: expected rows of {want * nb} bytes, got shape {rows.shape}")
        out = np.empty((n, prime_source.GT_COORDS * nb), dtype=np.uint8)
        if n == 0:
            return out[:0] if product else out
        free, _ = cp.cuda.runtime.memGetInfo()
        size = max(1, min(n, max_chunk, int(free * MEM_FRACTION) // self.per_instance_bytes()))
        d_in = cp.empty(want * self.nl * size, dtype=cp.uint32)
        d_out = cp.empty(prime_source.GT_COORDS * self.nl * size, dtype=cp.uint32)
        d_st, d_vst = cp.empty(size, dtype=cp.uint32), cp.empty(size, dtype=cp.uint32)
        stream = cp.cuda.Stream(non_blocking=True)
        prods = []
        for start in range(0, n, size):
            cnt = min(size, n - start)
            words = self.words(rows[start : start + cnt])
            args = (np.uint32(cnt), np.int32(canonical))
            with stream:
                d_in[: words.size].set(words, stream=stream)
                if check is not None:  # its status words are read after the stage's launches (no wait between)
                    self.launch("validate", (d_in, d_out, d_vst, *args), cnt)
                if stage != "validate":
                    self.launch(stage, (d_in, d_out, d_st, *args), cnt)
                    d_res, k = (self.reduce("fp12_prod", d_out, cnt), 1) if product else (d_out, cnt)
                    h_out = d_res[: prime_source.GT_COORDS * self.nl * k].get(stream=stream)
                    st = d_st[:cnt].get(stream=stream)
                if check is not None:
                    vst = d_vst[:cnt].get(stream=stream)
            stream.synchronize()
            if check is not None:
                err = check.first_error(start, vst)
                if err is not None:
                    raise err
            if stage == "validate":
                continue
            if st.any():
                i = int(np.argmax(st != 0))
                raise PairkitError(f"batch item {start + i}: {ZERO_MILLER}")
            if product:
                prods.append(self.rows(h_out, 1, prime_source.GT_COORDS))
            else:
                out[start : start + cnt] = self.rows(h_out, cnt, prime_source.GT_COORDS)
        return np.vstack(prods) if product else out


def prepare(set_id: str, P: np.ndarray, Q: np.ndarray, alg: str) -> decode.Batch:
    """Check (set, alg) support and run the host checks on both batches (no device needed)."""
    source.check(set_id, alg)
    if P.shape[0] != Q.shape[0]:
        raise PairkitError(f"batch sizes differ: {P.shape[0]} points P vs {Q.shape[0]} points Q")
    return decode.Batch.parse(set_id, P, Q)


def prime_batch(set_id: str, P: np.ndarray, Q: np.ndarray) -> decode.PrimeBatch:
    """The host checks of a bn254 / bls12-381 batch (P in G1, Q in G2; no device needed)."""
    if P.shape[0] != Q.shape[0]:
        raise PairkitError(f"batch sizes differ: {P.shape[0]} points P vs {Q.shape[0]} points Q")
    return decode.PrimeBatch.parse(set_id, P, Q)


def pair_batch(
    set_id: str, P: np.ndarray, Q: np.ndarray, alg: str, canonical: bool = False, max_chunk: int = MAX_CHUNK
) -> np.ndarray:
    """The gpu engine's ``pair_batch``: same inputs, outputs and errors as the CPU engine's."""
    if prime_source.is_prime_set(set_id):  # bn254, bls12-381: encodings on the host, curve / subgroup on the device
        prime = PrimeGpuKernels(set_id, alg)  # GpuUnavailableError before the host checks
        pb = prime_batch(set_id, P, Q)
        cut = pb.first_host_bad()
        if cut is None:
            return prime.run(pb.rows, "pair", canonical, max_chunk, check=pb)
        prime.run(pb.rows[: cut + 1], "validate", max_chunk=max_chunk, check=pb)
        raise cast(PairkitError, pb.first_error(cut, np.zeros(1, dtype=np.uint32)))  # not reached: the run raises
    source.check(set_id, alg)
    kernels = GpuKernels(set_id, alg)  # GpuUnavailableError before the host checks
    batch = prepare(set_id, P, Q, alg)
    cut = batch.first_host_bad()
    if cut is None:
        return kernels.run(batch.parts, "pair", canonical, max_chunk, check=batch)
    # The host rejected element `cut`: the CPU engine reports it unless a lower index (or P at the
    # same index) fails the device checks, so validate instances 0 .. cut on the device first.
    kernels.run([p[: cut + 1] for p in batch.parts], "validate", max_chunk=max_chunk, check=batch)
    raise cast(PairkitError, batch.first_error(cut, np.zeros(1, dtype=np.uint32)))  # not reached: the run above raises
