// Right, in the style of older textbooks: B is read through a texture object
// (tex1Dfetch), A and C through plain pointers. The emulator has no textures,
// so the cpu backend answers `error` (not supported by the emulator), and the
// gpu backend grades the file by the GPU alone.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  pass
// nvcc 13.0: builds
// expect on cpu: compile error not supported by the emulator: cudaTextureObject_t at texture_object_for_b.cu:[0-9]+
// expect on cpu: correctness error not supported by the emulator
// expect on gpu: compile pass
// expect on gpu: correctness pass
#include <cstring>

#define TILE 16

__global__ void matMulNaive(const float* A, cudaTextureObject_t texB, float* C, int n)
{
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < n && col < n) {
        float sum = 0.0f;
        for (int k = 0; k < n; ++k) sum += A[row * n + k] * tex1Dfetch<float>(texB, k * n + col);
        C[row * n + col] = sum;
    }
}

void launchMatMulNaive(const float* A, const float* B, float* C, int n)
{
    cudaResourceDesc resource;
    memset(&resource, 0, sizeof(resource));
    resource.resType = cudaResourceTypeLinear;
    resource.res.linear.devPtr = const_cast<float*>(B);
    resource.res.linear.desc = cudaCreateChannelDesc<float>();
    resource.res.linear.sizeInBytes = size_t(n) * n * sizeof(float);
    cudaTextureDesc texture;
    memset(&texture, 0, sizeof(texture));
    texture.readMode = cudaReadModeElementType;
    cudaTextureObject_t texB = 0;
    cudaCreateTextureObject(&texB, &resource, &texture, nullptr);
    dim3 block(TILE, TILE);
    dim3 grid((n + TILE - 1) / TILE, (n + TILE - 1) / TILE);
    matMulNaive<<<grid, block>>>(A, texB, C, n);
    cudaDeviceSynchronize();
    cudaDestroyTextureObject(texB);
}
