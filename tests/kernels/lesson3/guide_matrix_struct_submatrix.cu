// Programming Guide style (the shared-memory matrix multiplication example):
// a Matrix struct with width, height, stride and elements, __device__
// GetElement / SetElement / GetSubMatrix helpers, and a kernel that walks the
// sub-matrices of A and B, one BLOCK_SIZE x BLOCK_SIZE pair per phase. The
// guide's struct holds a plain float*, so the contract's const A and B are
// cast for reading. Correct for n a multiple of BLOCK_SIZE.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  pass, barriers pass
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#define TILE 16
#define BLOCK_SIZE TILE

// Row-major: M(row, col) = *(M.elements + row * M.stride + col)
typedef struct {
    int width;
    int height;
    int stride;
    float* elements;
} Matrix;

__device__ float GetElement(const Matrix A, int row, int col)
{
    return A.elements[row * A.stride + col];
}

__device__ void SetElement(Matrix A, int row, int col, float value)
{
    A.elements[row * A.stride + col] = value;
}

// The BLOCK_SIZE x BLOCK_SIZE sub-matrix of A that is `row` sub-matrices down
// and `col` sub-matrices to the right of A's upper-left corner.
__device__ Matrix GetSubMatrix(Matrix A, int row, int col)
{
    Matrix Asub;
    Asub.width = BLOCK_SIZE;
    Asub.height = BLOCK_SIZE;
    Asub.stride = A.stride;
    Asub.elements = &A.elements[A.stride * BLOCK_SIZE * row + BLOCK_SIZE * col];
    return Asub;
}

__global__ void matMulTiled(const float* a, const float* b, float* c, int n)
{
    Matrix A = {n, n, n, const_cast<float*>(a)};
    Matrix B = {n, n, n, const_cast<float*>(b)};
    Matrix C = {n, n, n, c};

    int blockRow = blockIdx.y;
    int blockCol = blockIdx.x;
    Matrix Csub = GetSubMatrix(C, blockRow, blockCol);

    float Cvalue = 0;
    int row = threadIdx.y;
    int col = threadIdx.x;

    for (int m = 0; m < (A.width / BLOCK_SIZE); ++m) {
        Matrix Asub = GetSubMatrix(A, blockRow, m);
        Matrix Bsub = GetSubMatrix(B, m, blockCol);

        __shared__ float As[BLOCK_SIZE][BLOCK_SIZE];
        __shared__ float Bs[BLOCK_SIZE][BLOCK_SIZE];

        As[row][col] = GetElement(Asub, row, col);
        Bs[row][col] = GetElement(Bsub, row, col);
        __syncthreads();   // both sub-matrices loaded

        for (int e = 0; e < BLOCK_SIZE; ++e)
            Cvalue += As[row][e] * Bs[e][col];
        __syncthreads();   // done with them before the next ones overwrite
    }
    SetElement(Csub, row, col, Cvalue);
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    dim3 dimBlock(BLOCK_SIZE, BLOCK_SIZE);
    dim3 dimGrid(n / dimBlock.x, n / dimBlock.y);
    matMulTiled<<<dimGrid, dimBlock>>>(A, B, C, n);
}
