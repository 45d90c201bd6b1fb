// Lesson 1: the naive matrix-multiply kernel.
// C = A * B for square n x n float matrices stored row by row
// (element (row, col) lives at M[row * n + col]).
// Check your work with:  ctest --test-dir build -L lesson1
#define TILE 16

__global__ void matMulNaive(const float* A, const float* B, float* C, int n)
{
    // TODO 1: find which element of C this thread owns. The grid is 2-D:
    //         the row comes from the y axis, the column from the x axis.
    int row = 0;
    int col = 0;

    // TODO 2: threads past the edge of the matrix must not touch memory.

    // TODO 3: add up the products of row `row` of A and column `col` of B,
    //         then store the sum in C.
    float sum = 0.0f;
    (void)A; (void)B; (void)n; (void)row; (void)col; (void)sum;
}

void launchMatMulNaive(const float* A, const float* B, float* C, int n)
{
    // TODO 4: choose TILE x TILE blocks and enough of them to cover all of C.
    dim3 block(1, 1);
    dim3 grid(1, 1);
    matMulNaive<<<grid, block>>>(A, B, C, n);
}
