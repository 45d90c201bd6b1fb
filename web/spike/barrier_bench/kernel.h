// The lesson 3 kernel's shape for the barrier bench: n / TILE phases, each
// staging a tile of A and of B in "shared" arrays, a barrier, TILE
// multiply-adds, a barrier. BARRIER is the variant's suspension.
// Non-goal: the emulator's hooks (the bench measures the switching alone).
#define TILE 16
#define KERNEL_BODY                                                           \
    float sum = 0.0f;                                                         \
    for (int phase = 0; phase < n / TILE; ++phase) {                          \
        tA[ty][tx] = A[row * n + (phase * TILE + tx)];                        \
        tB[ty][tx] = B[(phase * TILE + ty) * n + col];                        \
        BARRIER;                                                              \
        for (int k = 0; k < TILE; ++k) sum += tA[ty][k] * tB[k][tx];          \
        BARRIER;                                                              \
    }                                                                         \
    C[row * n + col] = sum;
