// float4 tile loads in a 16 x 16 block: the first two warps (threads 0..63)
// each load one float4 of the A tile, the next two (64..127) one float4 of
// the B tile, the other four warps load nothing; every thread then computes
// its own element from shared memory. The block still reads each element of
// its two tiles exactly once (2 floats per element of C for the phase), and
// no thread reads more than one float4. __align__(16) tiles; n is a multiple
// of 16, so every float4 of A and B is 16-byte aligned. Correct.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#define TILE 16

__global__ void matMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    __shared__ __align__(16) float tA[TILE][TILE];
    __shared__ __align__(16) float tB[TILE][TILE];

    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * TILE + tx;
    const int k0 = phase * TILE;

    if (tid < 64) {
        const int r = tid / 4, c = (tid % 4) * 4;
        *reinterpret_cast<float4*>(&tA[r][c]) =
            *reinterpret_cast<const float4*>(&A[(blockIdx.y * TILE + r) * n + k0 + c]);
    } else if (tid < 128) {
        const int r = (tid - 64) / 4, c = ((tid - 64) % 4) * 4;
        *reinterpret_cast<float4*>(&tB[r][c]) =
            *reinterpret_cast<const float4*>(&B[(k0 + r) * n + blockIdx.x * TILE + c]);
    }
    __syncthreads();

    float sum = 0.0f;
#pragma unroll
    for (int k = 0; k < TILE; ++k)
        sum += tA[ty][k] * tB[k][tx];
    C[(blockIdx.y * TILE + ty) * n + blockIdx.x * TILE + tx] = sum;
}

void launchMatMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matMulTilePhase<<<grid, block>>>(A, B, C, n, phase);
}
