// The lesson-1 solution without its bounds guard, saved with a UTF-8
// byte-order mark and CRLF line endings: the out-of-bounds read is reported
// at the line of the student's file (the sum's line, 17), as in an LF file.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  pass
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness fail out-of-bounds read .* at bom_crlf_missing_bounds_guard\.cu:18\.
#define TILE 16

__global__ void matMulNaive(const float* A, const float* B, float* C, int n)
{
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;

    float sum = 0.0f;
    for (int k = 0; k < n; ++k)
        sum += A[row * n + k] * B[k * n + col];
    C[row * n + col] = sum;
}

void launchMatMulNaive(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid((n + TILE - 1) / TILE, (n + TILE - 1) / TILE);
    matMulNaive<<<grid, block>>>(A, B, C, n);
}
