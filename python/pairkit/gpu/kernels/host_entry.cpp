// Host entry (appended after batch.cu in the host build only): launches one of the __global__
// functions over a grid by looping the simulated blocks and threads, exactly the indexing a
// GPU launch <<<ceil(n / block), block>>> performs.

extern "C" int pk_host_launch(int stage, const pk_u32* in, pk_u32* out, pk_u32* status, unsigned n, int canonical,
                              unsigned block) {
    if (block == 0u) return -1;
    void (*kernel)(const pk_u32*, pk_u32*, pk_u32*, unsigned, int) =
        stage == 0 ? pk_miller : stage == 1 ? pk_final_exp : stage == 2 ? pk_pair : stage == 3 ? pk_validate : nullptr;
    if (kernel == nullptr) return -1;
    pk_host_grid(n, block, [&] { kernel(in, out, status, n, canonical); });
    return 0;
}

// The same for the layout kernels (layout.cuh): dir 0 = pk_rows_to_words (in: bytes, out:
// words), dir 1 = pk_words_to_rows (in: words, out: bytes).
extern "C" int pk_host_convert(int dir, const void* in, void* out, unsigned n, unsigned block) {
    if (block == 0u || (dir != 0 && dir != 1)) return -1;
    if (dir == 0)
        pk_host_grid(n, block, [&] { pk_rows_to_words(static_cast<const unsigned char*>(in), static_cast<pk_u32*>(out), n); });
    else
        pk_host_grid(n, block, [&] { pk_words_to_rows(static_cast<const pk_u32*>(in), static_cast<unsigned char*>(out), n); });
    return 0;
}

// Copies and clears the operation counters: mul, sqr, sqrt, inv, add (GF(2^m) calls).
extern "C" void pk_host_counts(unsigned long long* out) {
    for (int k = 0; k < 5; ++k) {
        out[k] = pk_counts[k];
        pk_counts[k] = 0ull;
    }
}
