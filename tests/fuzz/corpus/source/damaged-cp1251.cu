// Решение Ивана: по одному потоку на элемент C
__global__ void matMulNaive(const float* A, const float* B, float* C, int n) {
    int row = blockIdx.y * blockDim.y + threadIdx.y, col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < n && col < n) { float s = 0; for (int k = 0; k < n; ++k) s += A[row * n + k] * B[k * n + col]; C[row * n + col] = s; }
}
