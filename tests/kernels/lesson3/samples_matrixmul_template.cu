// cuda-samples matrixMul style: a template <int BLOCK_SIZE> kernel with the
// aBegin / aEnd / aStep and bBegin / bStep walk over the sub-matrices, As and
// Bs tiles and a #pragma unroll inner product. Like the sample, the host
// picks the block size: MatrixMulCUDA<32> when n is a multiple of 32,
// MatrixMulCUDA<16> otherwise; matMulTiled is the TILE instance of the same
// body. Correct at every multiple of 16 (16, 48 and 1040 run at 16).
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  pass, barriers pass
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#define TILE 16

// C = A * B for wA = wB = n; the block computes one BLOCK_SIZE-square of C.
template <int BLOCK_SIZE>
__device__ __forceinline__ void matrixMulBody(float* C, const float* A, const float* B, int wA, int wB)
{
    int bx = blockIdx.x, by = blockIdx.y;
    int tx = threadIdx.x, ty = threadIdx.y;

    int aBegin = wA * BLOCK_SIZE * by;   // first sub-matrix of A for this block
    int aEnd = aBegin + wA - 1;          // last one
    int aStep = BLOCK_SIZE;              // step through A
    int bBegin = BLOCK_SIZE * bx;        // first sub-matrix of B
    int bStep = BLOCK_SIZE * wB;         // step through B

    float Csub = 0;
    for (int a = aBegin, b = bBegin; a <= aEnd; a += aStep, b += bStep) {
        __shared__ float As[BLOCK_SIZE][BLOCK_SIZE];
        __shared__ float Bs[BLOCK_SIZE][BLOCK_SIZE];

        As[ty][tx] = A[a + wA * ty + tx];
        Bs[ty][tx] = B[b + wB * ty + tx];
        __syncthreads();

#pragma unroll
        for (int k = 0; k < BLOCK_SIZE; ++k)
            Csub += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }

    int c = wB * BLOCK_SIZE * by + BLOCK_SIZE * bx;
    C[c + wB * ty + tx] = Csub;
}

template <int BLOCK_SIZE>
__global__ void MatrixMulCUDA(float* C, const float* A, const float* B, int wA, int wB)
{
    matrixMulBody<BLOCK_SIZE>(C, A, B, wA, wB);
}

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    matrixMulBody<TILE>(C, A, B, n, n);
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    const int block_size = (n % 32 == 0) ? 32 : 16;
    dim3 threads(block_size, block_size);
    dim3 grid(n / threads.x, n / threads.y);
    if (block_size == 16)
        MatrixMulCUDA<16><<<grid, threads>>>(C, A, B, n, n);
    else
        MatrixMulCUDA<32><<<grid, threads>>>(C, A, B, n, n);
}
