// Byte rows <-> the word-major layout, on the device (mirrors python/pairkit/gpu/layout.py, which
// stays the host reference: tests/test_gpu_layout.py compares the two on random rows).
//
// A byte row holds 4 coordinates back to back, PK_NB = ceil(m/8) bytes each, each coordinate
// big-endian (byte 0 of a coordinate holds its most significant bits; the bits at or above x^m of
// that byte are zero in a canonical encoding):
//   input rows  (pk_rows_to_words): x(P) || y(P) || x(Q) || y(Q), the uncompressed encodings of P
//               and Q as the host holds them after its checks (or the decompressed coordinates);
//               for pk_final_exp the 4 coordinates of a Miller value;
//   output rows (pk_words_to_rows): c0 || c1 || c2 || c3, the GT encoding (m = 283: 4 x 36 bytes,
//               the top 5 bits of each coordinate's byte 0 zero).
// Row i starts at byte i * 4 * PK_NB (no padding between rows). The word-major side is the one of
// batch.cu: bit k of coordinate c of instance i is bit k % 32 of word a[(c * PK_W + k / 32) * n + i],
// i.e. byte b of a coordinate (counted from its last, least significant byte, e = PK_NB - 1 - b)
// lands in word e / 4 at bits 8 (e % 4) .. 8 (e % 4) + 7.
//
// pk_rows_to_words keeps bits 0 .. m-1 of each coordinate: the host checks have rejected every
// element with bits above (EncodingError), and the mask keeps the garbage of a rejected row (the
// engine hands uncompressed rows over unchanged, and ignores the device's verdict on them) a field
// element.
//
// One thread per instance. The word stores are coalesced (consecutive lanes, consecutive words);
// the byte loads of a warp (pk_rows_to_words) and the byte stores (pk_words_to_rows) are strided
// by 4 PK_NB bytes per lane, so each byte instruction touches 32 rows: the warp as a whole covers
// one contiguous span of 32 x 4 PK_NB bytes, which L1 serves after the first touches. If a GPU
// profile shows these kernels, the fix is to stage a block's rows in shared memory (blockDim.x x
// 4 PK_NB contiguous bytes, 18 KiB for 128 threads at m = 283, read and written as coalesced
// 32-bit words by the whole block, then transposed from shared memory).

#define PK_NB ((PK_M + 7) / 8)
#define PK_ROW (4 * PK_NB)
#define PK_TOP_MASK (PK_M % 32 == 0 ? 0xFFFFFFFFu : (1u << (PK_M % 32)) - 1u)

// (n, 4 PK_NB) byte rows -> 4 PK_W n words, word-major.
extern "C" __global__ void pk_rows_to_words(const unsigned char* __restrict__ rows, pk_u32* __restrict__ words,
                                            unsigned n) {
    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const unsigned char* row = rows + (size_t)i * PK_ROW;
#pragma unroll
    for (int c = 0; c < 4; ++c) {
        const unsigned char* be = row + c * PK_NB;  // big-endian coordinate
#pragma unroll
        for (int j = 0; j < PK_W; ++j) {
            pk_u32 w = 0u;
#pragma unroll
            for (int t = 0; t < 4; ++t) {
                const int e = 4 * j + t;  // byte e counted from the least significant one
                if (e < PK_NB) w |= (pk_u32)be[PK_NB - 1 - e] << (8 * t);
            }
            if (j == PK_W - 1) w &= PK_TOP_MASK;
            words[(size_t)(c * PK_W + j) * n + i] = w;
        }
    }
}

// 4 PK_W n words, word-major -> (n, 4 PK_NB) byte rows (the exact inverse on field elements).
extern "C" __global__ void pk_words_to_rows(const pk_u32* __restrict__ words, unsigned char* __restrict__ rows,
                                            unsigned n) {
    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned char* row = rows + (size_t)i * PK_ROW;
#pragma unroll
    for (int c = 0; c < 4; ++c) {
        unsigned char* be = row + c * PK_NB;
#pragma unroll
        for (int j = 0; j < PK_W; ++j) {
            const pk_u32 w = words[(size_t)(c * PK_W + j) * n + i];
#pragma unroll
            for (int t = 0; t < 4; ++t) {
                const int e = 4 * j + t;
                if (e < PK_NB) be[PK_NB - 1 - e] = (unsigned char)(w >> (8 * t));
            }
        }
    }
}
