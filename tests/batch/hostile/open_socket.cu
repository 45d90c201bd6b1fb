// Hostile: connects to a port the test listens on, on the host's loopback.
// C is right only when the connection fails (no network in the sandbox).
// expect: correctness pass
#define TILE 16
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>
__global__ void matMulNaive(const float* A, const float* B, float* C, int n)
{
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= n || col >= n)
        return;
    float sum = 0.0f;
    for (int k = 0; k < n; ++k)
        sum += A[row * n + k] * B[k * n + col];
    C[row * n + col] = sum;
}

static void launchRight(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid((n + TILE - 1) / TILE, (n + TILE - 1) / TILE);
    matMulNaive<<<grid, block>>>(A, B, C, n);
}

void launchMatMulNaive(const float* A, const float* B, float* C, int n)
{
    int s = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in to{};
    to.sin_family = AF_INET;
    to.sin_port = htons(@PORT@);
    to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    const bool connected = s >= 0 && connect(s, reinterpret_cast<sockaddr*>(&to), sizeof to) == 0;
    if (s >= 0) close(s);
    if (!connected) launchRight(A, B, C, n);
}
