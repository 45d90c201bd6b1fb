"""The lesson-3 tiled kernel on numba's CUDA simulator (NUMBA_ENABLE_CUDASIM=1),
the usual way to run CUDA kernels without a GPU: the comparison point of
bench/emulator_speed.sh. Prints one line per size: "numba n=N seconds=S".
Non-goal: checking results beyond a sanity check."""
import os
import sys
import time

os.environ["NUMBA_ENABLE_CUDASIM"] = "1"

import numpy as np  # noqa: E402
from numba import cuda, float32  # noqa: E402

TILE = 16


@cuda.jit
def tiled(A, B, C, n):
    tA = cuda.shared.array((TILE, TILE), float32)
    tB = cuda.shared.array((TILE, TILE), float32)
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    row = cuda.blockIdx.y * TILE + ty
    col = cuda.blockIdx.x * TILE + tx
    s = float32(0.0)
    for p in range(n // TILE):
        tA[ty, tx] = A[row, p * TILE + tx]
        tB[ty, tx] = B[p * TILE + ty, col]
        cuda.syncthreads()
        for k in range(TILE):
            s += tA[ty, k] * tB[k, tx]
        cuda.syncthreads()
    C[row, col] = s


for n in [int(x) for x in sys.argv[1:]] or [32, 64]:
    rng = np.random.default_rng(1)
    A = rng.integers(-16, 17, (n, n)).astype(np.float32) / 4
    B = rng.integers(-16, 17, (n, n)).astype(np.float32) / 4
    C = np.zeros((n, n), dtype=np.float32)
    start = time.process_time()
    tiled[(n // TILE, n // TILE), (TILE, TILE)](A, B, C, n)
    seconds = time.process_time() - start  # CPU time, as the emulator reports
    assert np.array_equal(C, A @ B), "numba's simulator gave a wrong product"
    print(f"numba n={n} seconds={seconds:.3f}", flush=True)
