// Wrong: the FETCH_FLOAT4 macro of SGEMM blog posts, (*(float4*)(&(p))),
// with the float4's index not scaled. A 16 x 4 block moves each 16 x 16
// tile as 64 float4s: v = tid % 4 is the float4's index within its tile
// row, so its first float is 4 * v. The shared stores scale it, the global
// loads add v itself: A + ... + 1, + 2 and + 3 are not 16-byte aligned, and
// a float4 load from them is a misaligned-address fault on the GPU (the
// tiles would be wrong anyway). Each float4 is read into a register and
// stored field by field.
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
    __shared__ float tA[TILE][TILE];
    __shared__ float tB[TILE][TILE];

    const int tx = threadIdx.x, ty = threadIdx.y;    // 16 x 4 threads
    const int tid = ty * TILE + tx;
    const int r = tid / 4, v = tid % 4;              // a row of the tile, and a float4 of that row
    const int rowBase = blockIdx.y * TILE, colBase = blockIdx.x * TILE;
    const int k0 = phase * TILE;

    const float4 a = FETCH_FLOAT4(((float*)A)[(rowBase + r) * n + k0 + v]);
    const float4 b = FETCH_FLOAT4(((float*)B)[(k0 + r) * n + colBase + v]);
    tA[r][4 * v + 0] = a.x; tA[r][4 * v + 1] = a.y; tA[r][4 * v + 2] = a.z; tA[r][4 * v + 3] = a.w;
    tB[r][4 * v + 0] = b.x; tB[r][4 * v + 1] = b.y; tB[r][4 * v + 2] = b.z; tB[r][4 * v + 3] = b.w;
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
