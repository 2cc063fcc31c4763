// Host entry of the prime kernels (appended after batch_prime.cu in the host build only):
// launches one __global__ function over the simulated grid <<<ceil(n / block), block>>>
// (pk_host_grid, host_shim.h), as host_entry.cpp does for the binary kernels.
//   stage 0 = pk_miller, 1 = pk_final_exp, 2 = pk_pair (arg = canonical), 3 = pk_validate,
//   4 = pk_fp_op (arg = op), 5 = pk_fp12_prod, 6 = pk_g2_sum (arg = fan-in), 7 = pk_bls_scale.
extern "C" int pk_host_launch(int stage, const pk_u32* in, pk_u32* out, pk_u32* status, unsigned n, int arg,
                              unsigned block) {
    if (block == 0u) return -1;
    void (*kernel)(const pk_u32*, pk_u32*, pk_u32*, unsigned, int) =
        stage == 0 ? pk_miller : stage == 1 ? pk_final_exp : stage == 2 ? pk_pair
        : stage == 3 ? pk_validate : stage == 4 ? pk_fp_op : stage == 5 ? pk_fp12_prod : stage == 6 ? pk_g2_sum
        : stage == 7 ? pk_bls_scale : nullptr;
    if (kernel == nullptr) return -1;
    pk_host_grid(n, block, [&] { kernel(in, out, status, n, arg); });
    return 0;
}

// Copies and clears the F_p operation counters (fp.cuh PK_COUNT): mul (squarings included), sqr,
// (unused), inv, add (additions, subtractions, negations).
extern "C" void pk_host_counts(unsigned long long* out) {
    for (int k = 0; k < 5; ++k) {
        out[k] = pk_counts[k];
        pk_counts[k] = 0ull;
    }
}
