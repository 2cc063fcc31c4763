"""The GPU batch engine (issue 7): CUDA C++ kernels for the binary sets, compiled at run time by
NVRTC through CuPy. See docs/GPU.md; nothing here has been executed on a GPU yet."""
