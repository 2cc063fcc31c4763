// Host shim: lets g++ compile the CUDA sources above unchanged, so the very kernels the GPU
// runs are executed (one simulated thread at a time) and compared with the Rust core on a
// machine without a GPU (tests/test_gpu_kernels.py). Prepended before the prelude.
#include <cstddef>
#include <cstdint>

#define __device__
#define __global__
#define __host__
#define __forceinline__ inline
#define __noinline__ __attribute__((noinline))
#define __restrict__ __restrict
#define __constant__

struct pk_dim3 {
    unsigned x, y, z;
};
static pk_dim3 threadIdx, blockIdx, blockDim, gridDim;

// The "shared" comb variants' dynamic shared memory: one static array, large enough for blocks of
// up to 1024 simulated threads of 64-word elements (pk_host_grid below sets blockDim.x as a launch does).
#define PK_SMEM_DECL static pk_u32 pk_smem[16 * 65 * 1024];

// Operation counters (see PK_COUNT in gf2m.cuh).
static unsigned long long pk_counts[5];
#define PK_COUNT(kind) (++pk_counts[kind])

// Loops the simulated grid <<<ceil(n / block), block>>>, calling body() once per thread.
template <typename F>
static void pk_host_grid(unsigned n, unsigned block, F body) {
    blockDim.x = block;
    gridDim.x = (n + block - 1u) / block;
    for (unsigned b = 0; b < gridDim.x; ++b) {
        blockIdx.x = b;
        for (unsigned t = 0; t < block; ++t) {
            threadIdx.x = t;
            body();
        }
    }
}
