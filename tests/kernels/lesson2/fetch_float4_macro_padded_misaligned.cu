// Wrong: the FETCH_FLOAT4 macro of SGEMM blog posts, (*(float4*)(&(p))),
// with tiles padded to [TILE][TILE + 1] against bank conflicts. A row of a
// padded tile is 17 floats, so row r starts 68 * r bytes in and &tA[r][c]
// is 16-byte aligned only in every fourth row: the float4 stores into
// shared memory are misaligned, which faults on the GPU. The global loads
// are aligned (n is a multiple of 16); a 16 x 4 block, one float4 of each
// tile per thread.
// On the H200, GPU alone (nvcc 13.0, 2026-12-04): compile pass, correctness
//  fail (cudaErrorMisalignedAddress), barriers fail
//  (cudaErrorMisalignedAddress)
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness fail
// expect: barriers fail
// expect: traffic fail
#define TILE 16
#define FETCH_FLOAT4(p) (*(float4*)(&(p)))

__global__ void matMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    __shared__ __align__(16) float tA[TILE][TILE + 1];
    __shared__ __align__(16) float tB[TILE][TILE + 1];

    const int tx = threadIdx.x, ty = threadIdx.y;    // 16 x 4 threads
    const int tid = ty * TILE + tx;
    const int r = tid / 4, c = (tid % 4) * 4;        // this thread's float4 of each tile
    const int rowBase = blockIdx.y * TILE, colBase = blockIdx.x * TILE;
    const int k0 = phase * TILE;

    FETCH_FLOAT4(tA[r][c]) = FETCH_FLOAT4(((float*)A)[(rowBase + r) * n + k0 + c]);
    FETCH_FLOAT4(tB[r][c]) = FETCH_FLOAT4(((float*)B)[(k0 + r) * n + colBase + c]);
    __syncthreads();

    for (int i = 0; i < 4; ++i) {
        float sum = 0.0f;
        for (int k = 0; k < TILE; ++k)
            sum += tA[ty + 4 * i][k] * tB[k][tx];
        C[(rowBase + ty + 4 * i) * n + colBase + tx] = sum;
    }
}

void launchMatMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    dim3 block(TILE, 4);
    dim3 grid(n / TILE, n / TILE);
    matMulTilePhase<<<grid, block>>>(A, B, C, n, phase);
}
