// float4 tile loads in the phase loop of a 16 x 16 block: threads 0..63 each
// load one float4 of the A tile and threads 64..127 one float4 of the B
// tile; the upper half of the block loads nothing and only computes. Per
// phase the block reads each tile element once, so the traffic is 2n/TILE
// floats per element of C and no thread reads more than one float4.
// __align__(16) tiles, both barriers. Correct.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#define TILE 16
#define VEC 4

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    __shared__ __align__(16) float tA[TILE][TILE];
    __shared__ __align__(16) float tB[TILE][TILE];

    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * TILE + tx;
    const int row = blockIdx.y * TILE + ty;
    const int col = blockIdx.x * TILE + tx;
    const bool loadsA = tid < TILE * TILE / VEC;
    const bool loadsB = !loadsA && tid < 2 * TILE * TILE / VEC;
    const int slot = loadsA ? tid : tid - TILE * TILE / VEC;
    const int r = slot / (TILE / VEC), c = (slot % (TILE / VEC)) * VEC;

    float sum = 0.0f;
    for (int p = 0; p < n / TILE; ++p) {
        if (loadsA)
            *reinterpret_cast<float4*>(&tA[r][c]) =
                *reinterpret_cast<const float4*>(&A[(blockIdx.y * TILE + r) * n + p * TILE + c]);
        else if (loadsB)
            *reinterpret_cast<float4*>(&tB[r][c]) =
                *reinterpret_cast<const float4*>(&B[(p * TILE + r) * n + blockIdx.x * TILE + c]);
        __syncthreads();
#pragma unroll
        for (int k = 0; k < TILE; ++k)
            sum += tA[ty][k] * tB[k][tx];
        __syncthreads();
    }
    C[row * n + col] = sum;
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matMulTiled<<<grid, block>>>(A, B, C, n);
}
