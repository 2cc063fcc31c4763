"""The GPU batch engine: CUDA C++ kernels for the binary sets, compiled at run time by
NVRTC through CuPy. See docs/GPU.md; it has run on H100 and H200 GPUs, its outputs equal to the CPU engine's."""
