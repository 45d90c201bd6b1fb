// __constant__ memory for the launch parameters: the launch function copies
// n and the number of phases into a small __constant__ struct with
// cudaMemcpyToSymbol (ordered before the launch on the default stream), the
// kernel reads them from there, and a host lambda computes the grid. Correct.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  pass, barriers pass
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#define TILE 16

struct MatParams {
    int n;
    int phases;
};

__constant__ MatParams c_params;

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    __shared__ float tA[TILE][TILE];
    __shared__ float tB[TILE][TILE];

    const int N = c_params.n;   // same value as n
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * TILE + ty;
    const int col = blockIdx.x * TILE + tx;

    float sum = 0.0f;
    for (int ph = 0; ph < c_params.phases; ++ph) {
        tA[ty][tx] = A[row * N + ph * TILE + tx];
        tB[ty][tx] = B[(ph * TILE + ty) * N + col];
        __syncthreads();
        for (int k = 0; k < TILE; ++k)
            sum += tA[ty][k] * tB[k][tx];
        __syncthreads();
    }
    C[row * N + col] = sum;
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    const MatParams params = {n, n / TILE};
    cudaMemcpyToSymbol(c_params, &params, sizeof(params));

    auto gridFor = [](int size) { return dim3((size + TILE - 1) / TILE, (size + TILE - 1) / TILE); };
    matMulTiled<<<gridFor(n), dim3(TILE, TILE)>>>(A, B, C, n);
}
