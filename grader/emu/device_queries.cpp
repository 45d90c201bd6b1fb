// What the runtime says about the emulated device and its kernels: an H200
// (compute capability 9.0, 132 SMs) whose name says it is emulated, its
// properties and attributes, limits and settings, versions, kernel
// attributes, the dynamic shared memory a launch may use, and occupancy.
// The figures are what CUDA 13 reports on an H200 (checked on one), but the
// name, which says the device is emulated.
// Non-goals: per-kernel register counts or static shared sizes (the
// emulator compiles no device code, so kernel attributes are plausible
// constants); several devices.
#include <algorithm>
#include <cstring>
#include <iterator>
#include <utility>
#include <vector>

#include "runtime_internal.h"

namespace cuemu {

namespace {

constexpr size_t kDefaultDynamicShared = 48 * 1024;   ///< without cudaFuncSetAttribute
constexpr size_t kOptInShared = 227 * 1024;           ///< sharedMemPerBlockOptin
constexpr size_t kSharedPerSm = 228 * 1024;           ///< sharedMemPerMultiprocessor
constexpr size_t kReservedSharedPerBlock = 1024;      ///< reservedSharedMemPerBlock
constexpr int kSmCount = 132;
constexpr int kRegistersPerThread = 32;               ///< what cudaFuncGetAttributes reports
constexpr size_t kDefaultLimits[] = {1024, 8650752, 8 << 20, 0, 2048, 64, 11796480};  ///< by cudaLimit

size_t dynamicLimit = kDefaultDynamicShared;
unsigned int deviceFlags = 0;
cudaFuncCache cacheConfig = cudaFuncCachePreferNone;
cudaSharedMemConfig bankConfig = cudaSharedMemBankSizeFourByte;
size_t limits[std::size(kDefaultLimits)] = {1024, 8650752, 8 << 20, 0, 2048, 64, 11796480};

/// The stored value of `limit`, or nullptr for a value outside the enum.
size_t* limitSlot(cudaLimit limit) { return limit >= 0 && size_t(limit) < std::size(limits) ? &limits[limit] : nullptr; }

/// cudaSuccess for a limit the device has; cudaErrorInvalidValue outside the enum, and
/// cudaErrorUnsupportedLimit for the device runtime's synchronization depth (none on sm_90).
cudaError_t checkLimit(cudaLimit limit) {
    if (!limitSlot(limit)) return recordError(cudaErrorInvalidValue);
    return limit == cudaLimitDevRuntimeSyncDepth ? recordError(cudaErrorUnsupportedLimit) : cudaSuccess;
}

/// Fills the identity, the compute limits and the memory figures.
void fillCompute(cudaDeviceProp& p) {
    std::strcpy(p.name, "NVIDIA H200 (emulated by the course grader)");
    std::memcpy(p.uuid.bytes, "cuemu-H200-0000", 16);
    p.totalGlobalMem = kTotalGlobalMem;
    p.sharedMemPerBlock = kDefaultDynamicShared;
    p.regsPerBlock = 65536;
    p.warpSize = 32;
    p.memPitch = 2147483647;
    p.maxThreadsPerBlock = 1024;
    p.maxThreadsDim[0] = 1024, p.maxThreadsDim[1] = 1024, p.maxThreadsDim[2] = 64;
    p.maxGridSize[0] = 2147483647, p.maxGridSize[1] = 65535, p.maxGridSize[2] = 65535;
    p.totalConstMem = 65536;
    p.major = 9, p.minor = 0;
    p.textureAlignment = 512, p.texturePitchAlignment = 32, p.surfaceAlignment = 512;
    p.multiProcessorCount = kSmCount;
    p.canMapHostMemory = 1;
    p.concurrentKernels = 1;
    p.ECCEnabled = 1;
    p.asyncEngineCount = 3;
    p.unifiedAddressing = 1;
    p.memoryBusWidth = 6016;
    p.l2CacheSize = 60 << 20;
    p.persistingL2CacheMaxSize = 39321600;
    p.maxThreadsPerMultiProcessor = 2048;
    p.streamPrioritiesSupported = 1;
    p.globalL1CacheSupported = 1, p.localL1CacheSupported = 1;
    p.sharedMemPerMultiprocessor = kSharedPerSm;
    p.regsPerMultiprocessor = 65536;
    p.sharedMemPerBlockOptin = kOptInShared;
    p.maxBlocksPerMultiProcessor = 32;
    p.accessPolicyMaxWindowSize = 128 << 20;
    p.reservedSharedMemPerBlock = kReservedSharedPerBlock;
}

/// Fills the texture and surface limits (textures are not emulated; the figures are an H200's).
void fillTextures(cudaDeviceProp& p) {
    p.maxTexture1D = 131072, p.maxTexture1DMipmap = 32768;
    p.maxTexture2D[0] = 131072, p.maxTexture2D[1] = 65536;
    p.maxTexture2DMipmap[0] = p.maxTexture2DMipmap[1] = 32768;
    p.maxTexture2DLinear[0] = 131072, p.maxTexture2DLinear[1] = 65000, p.maxTexture2DLinear[2] = 2097120;
    p.maxTexture2DGather[0] = p.maxTexture2DGather[1] = 32768;
    p.maxTexture3D[0] = p.maxTexture3D[1] = p.maxTexture3D[2] = 16384;
    p.maxTexture3DAlt[0] = p.maxTexture3DAlt[1] = 8192, p.maxTexture3DAlt[2] = 32768;
    p.maxTextureCubemap = 32768;
    p.maxTexture1DLayered[0] = 32768, p.maxTexture1DLayered[1] = 2048;
    p.maxTexture2DLayered[0] = p.maxTexture2DLayered[1] = 32768, p.maxTexture2DLayered[2] = 2048;
    p.maxTextureCubemapLayered[0] = 32768, p.maxTextureCubemapLayered[1] = 2046;
    p.maxSurface1D = 32768;
    p.maxSurface2D[0] = 131072, p.maxSurface2D[1] = 65536;
    p.maxSurface3D[0] = p.maxSurface3D[1] = p.maxSurface3D[2] = 16384;
    p.maxSurface1DLayered[0] = 32768, p.maxSurface1DLayered[1] = 2048;
    p.maxSurface2DLayered[0] = p.maxSurface2DLayered[1] = 32768, p.maxSurface2DLayered[2] = 2048;
    p.maxSurfaceCubemap = 32768;
    p.maxSurfaceCubemapLayered[0] = 32768, p.maxSurfaceCubemapLayered[1] = 2046;
}

/// Fills the memory-model and platform capabilities.
void fillCapabilities(cudaDeviceProp& p) {
    p.managedMemory = 1;
    p.concurrentManagedAccess = 1;
    p.computePreemptionSupported = 1;
    p.canUseHostPointerForRegisteredMem = 1;
    p.cooperativeLaunch = 1;
    p.hostRegisterSupported = 1;
    p.sparseCudaArraySupported = 1;
    p.hostRegisterReadOnlySupported = 1;
    p.timelineSemaphoreInteropSupported = 1;
    p.memoryPoolsSupported = 1;
    p.gpuDirectRDMASupported = 1;
    p.gpuDirectRDMAFlushWritesOptions = 1;
    p.gpuDirectRDMAWritesOrdering = 100;
    p.memoryPoolSupportedHandleTypes = 9;
    p.deferredMappingCudaArraySupported = 1;
    p.ipcEventSupported = 1;
    p.clusterLaunch = 1;
    p.unifiedFunctionPointers = 1;
    p.deviceNumaId = -1;
    p.gpuPciDeviceID = 0x233510DE;
    p.gpuPciSubsystemID = 0x18BF10DE;
}

const cudaDeviceProp& h200() {
    static const cudaDeviceProp props = [] {
        cudaDeviceProp p{};
        fillCompute(p);
        fillTextures(p);
        fillCapabilities(p);
        return p;
    }();
    return props;
}

/// An H200's SM and memory clocks in kHz: attributes only since CUDA 13 removed their cudaDeviceProp fields.
constexpr long long kClockRateKHz = 1980000, kMemoryClockRateKHz = 3201000;

/// One attribute's answer.
using AttributeRow = std::pair<cudaDeviceAttr, long long>;

/// The limits of threads, blocks, grids, memory and clocks, and how kernels run.
std::vector<AttributeRow> computeAttributes(const cudaDeviceProp& p) {
    return {
        {cudaDevAttrMaxThreadsPerBlock, p.maxThreadsPerBlock}, {cudaDevAttrMaxBlockDimX, p.maxThreadsDim[0]},
        {cudaDevAttrMaxBlockDimY, p.maxThreadsDim[1]}, {cudaDevAttrMaxBlockDimZ, p.maxThreadsDim[2]},
        {cudaDevAttrMaxGridDimX, p.maxGridSize[0]}, {cudaDevAttrMaxGridDimY, p.maxGridSize[1]},
        {cudaDevAttrMaxGridDimZ, p.maxGridSize[2]}, {cudaDevAttrMaxSharedMemoryPerBlock, p.sharedMemPerBlock},
        {cudaDevAttrTotalConstantMemory, p.totalConstMem}, {cudaDevAttrWarpSize, p.warpSize}, {cudaDevAttrMaxPitch, p.memPitch},
        {cudaDevAttrMaxRegistersPerBlock, p.regsPerBlock}, {cudaDevAttrClockRate, kClockRateKHz}, {cudaDevAttrGpuOverlap, 1},
        {cudaDevAttrMultiProcessorCount, p.multiProcessorCount}, {cudaDevAttrKernelExecTimeout, 0},
        {cudaDevAttrComputeMode, cudaComputeModeDefault}, {cudaDevAttrConcurrentKernels, p.concurrentKernels},
        {cudaDevAttrMemoryClockRate, kMemoryClockRateKHz}, {cudaDevAttrGlobalMemoryBusWidth, p.memoryBusWidth},
        {cudaDevAttrL2CacheSize, p.l2CacheSize}, {cudaDevAttrMaxThreadsPerMultiProcessor, p.maxThreadsPerMultiProcessor},
        {cudaDevAttrAsyncEngineCount, p.asyncEngineCount}, {cudaDevAttrComputeCapabilityMajor, p.major},
        {cudaDevAttrComputeCapabilityMinor, p.minor}, {cudaDevAttrGlobalL1CacheSupported, p.globalL1CacheSupported},
        {cudaDevAttrLocalL1CacheSupported, p.localL1CacheSupported},
        {cudaDevAttrMaxSharedMemoryPerMultiprocessor, p.sharedMemPerMultiprocessor},
        {cudaDevAttrMaxRegistersPerMultiprocessor, p.regsPerMultiprocessor}, {cudaDevAttrSingleToDoublePrecisionPerfRatio, 2},
        {cudaDevAttrMaxSharedMemoryPerBlockOptin, p.sharedMemPerBlockOptin},
        {cudaDevAttrMaxBlocksPerMultiprocessor, p.maxBlocksPerMultiProcessor},
        {cudaDevAttrMaxPersistingL2CacheSize, p.persistingL2CacheMaxSize},
        {cudaDevAttrMaxAccessPolicyWindowSize, p.accessPolicyMaxWindowSize},
        {cudaDevAttrReservedSharedMemoryPerBlock, p.reservedSharedMemPerBlock},
    };
}

/// The texture and surface sizes and alignments.
std::vector<AttributeRow> textureAttributes(const cudaDeviceProp& p) {
    return {
        {cudaDevAttrTextureAlignment, p.textureAlignment}, {cudaDevAttrMaxTexture1DWidth, p.maxTexture1D},
        {cudaDevAttrMaxTexture2DWidth, p.maxTexture2D[0]}, {cudaDevAttrMaxTexture2DHeight, p.maxTexture2D[1]},
        {cudaDevAttrMaxTexture3DWidth, p.maxTexture3D[0]}, {cudaDevAttrMaxTexture3DHeight, p.maxTexture3D[1]},
        {cudaDevAttrMaxTexture3DDepth, p.maxTexture3D[2]}, {cudaDevAttrMaxTexture2DLayeredWidth, p.maxTexture2DLayered[0]},
        {cudaDevAttrMaxTexture2DLayeredHeight, p.maxTexture2DLayered[1]},
        {cudaDevAttrMaxTexture2DLayeredLayers, p.maxTexture2DLayered[2]}, {cudaDevAttrSurfaceAlignment, p.surfaceAlignment},
        {cudaDevAttrMaxTexture1DLayeredWidth, p.maxTexture1DLayered[0]},
        {cudaDevAttrMaxTexture1DLayeredLayers, p.maxTexture1DLayered[1]},
        {cudaDevAttrMaxTexture2DGatherWidth, p.maxTexture2DGather[0]},
        {cudaDevAttrMaxTexture2DGatherHeight, p.maxTexture2DGather[1]}, {cudaDevAttrMaxTexture3DWidthAlt, p.maxTexture3DAlt[0]},
        {cudaDevAttrMaxTexture3DHeightAlt, p.maxTexture3DAlt[1]}, {cudaDevAttrMaxTexture3DDepthAlt, p.maxTexture3DAlt[2]},
        {cudaDevAttrTexturePitchAlignment, p.texturePitchAlignment}, {cudaDevAttrMaxTextureCubemapWidth, p.maxTextureCubemap},
        {cudaDevAttrMaxTextureCubemapLayeredWidth, p.maxTextureCubemapLayered[0]},
        {cudaDevAttrMaxTextureCubemapLayeredLayers, p.maxTextureCubemapLayered[1]},
        {cudaDevAttrMaxSurface1DWidth, p.maxSurface1D}, {cudaDevAttrMaxSurface2DWidth, p.maxSurface2D[0]},
        {cudaDevAttrMaxSurface2DHeight, p.maxSurface2D[1]}, {cudaDevAttrMaxSurface3DWidth, p.maxSurface3D[0]},
        {cudaDevAttrMaxSurface3DHeight, p.maxSurface3D[1]}, {cudaDevAttrMaxSurface3DDepth, p.maxSurface3D[2]},
        {cudaDevAttrMaxSurface1DLayeredWidth, p.maxSurface1DLayered[0]},
        {cudaDevAttrMaxSurface1DLayeredLayers, p.maxSurface1DLayered[1]},
        {cudaDevAttrMaxSurface2DLayeredWidth, p.maxSurface2DLayered[0]},
        {cudaDevAttrMaxSurface2DLayeredHeight, p.maxSurface2DLayered[1]},
        {cudaDevAttrMaxSurface2DLayeredLayers, p.maxSurface2DLayered[2]},
        {cudaDevAttrMaxSurfaceCubemapWidth, p.maxSurfaceCubemap},
        {cudaDevAttrMaxSurfaceCubemapLayeredWidth, p.maxSurfaceCubemapLayered[0]},
        {cudaDevAttrMaxSurfaceCubemapLayeredLayers, p.maxSurfaceCubemapLayered[1]},
        {cudaDevAttrMaxTexture1DLinearWidth, 268435456}, {cudaDevAttrMaxTexture2DLinearWidth, p.maxTexture2DLinear[0]},
        {cudaDevAttrMaxTexture2DLinearHeight, p.maxTexture2DLinear[1]},
        {cudaDevAttrMaxTexture2DLinearPitch, p.maxTexture2DLinear[2]},
        {cudaDevAttrMaxTexture2DMipmappedWidth, p.maxTexture2DMipmap[0]},
        {cudaDevAttrMaxTexture2DMipmappedHeight, p.maxTexture2DMipmap[1]},
        {cudaDevAttrMaxTexture1DMipmappedWidth, p.maxTexture1DMipmap},
    };
}

/// The memory model, the interconnect and the platform: PCI, NUMA, managed memory, pools.
std::vector<AttributeRow> platformAttributes(const cudaDeviceProp& p) {
    return {
        {cudaDevAttrIntegrated, p.integrated}, {cudaDevAttrCanMapHostMemory, p.canMapHostMemory},
        {cudaDevAttrEccEnabled, p.ECCEnabled}, {cudaDevAttrPciBusId, p.pciBusID}, {cudaDevAttrPciDeviceId, p.pciDeviceID},
        {cudaDevAttrTccDriver, p.tccDriver}, {cudaDevAttrUnifiedAddressing, p.unifiedAddressing},
        {cudaDevAttrPciDomainId, p.pciDomainID}, {cudaDevAttrStreamPrioritiesSupported, p.streamPrioritiesSupported},
        {cudaDevAttrManagedMemory, p.managedMemory}, {cudaDevAttrIsMultiGpuBoard, p.isMultiGpuBoard},
        {cudaDevAttrMultiGpuBoardGroupID, p.multiGpuBoardGroupID},
        {cudaDevAttrHostNativeAtomicSupported, p.hostNativeAtomicSupported},
        {cudaDevAttrPageableMemoryAccess, p.pageableMemoryAccess},
        {cudaDevAttrConcurrentManagedAccess, p.concurrentManagedAccess},
        {cudaDevAttrComputePreemptionSupported, p.computePreemptionSupported},
        {cudaDevAttrCanUseHostPointerForRegisteredMem, p.canUseHostPointerForRegisteredMem},
        {cudaDevAttrCooperativeLaunch, p.cooperativeLaunch}, {cudaDevAttrHostRegisterSupported, p.hostRegisterSupported},
        {cudaDevAttrPageableMemoryAccessUsesHostPageTables, p.pageableMemoryAccessUsesHostPageTables},
        {cudaDevAttrDirectManagedMemAccessFromHost, p.directManagedMemAccessFromHost},
        {cudaDevAttrSparseCudaArraySupported, p.sparseCudaArraySupported},
        {cudaDevAttrHostRegisterReadOnlySupported, p.hostRegisterReadOnlySupported},
        {cudaDevAttrTimelineSemaphoreInteropSupported, p.timelineSemaphoreInteropSupported},
        {cudaDevAttrMemoryPoolsSupported, p.memoryPoolsSupported}, {cudaDevAttrGPUDirectRDMASupported, p.gpuDirectRDMASupported},
        {cudaDevAttrGPUDirectRDMAFlushWritesOptions, p.gpuDirectRDMAFlushWritesOptions},
        {cudaDevAttrGPUDirectRDMAWritesOrdering, p.gpuDirectRDMAWritesOrdering},
        {cudaDevAttrMemoryPoolSupportedHandleTypes, p.memoryPoolSupportedHandleTypes},
        {cudaDevAttrClusterLaunch, p.clusterLaunch},
        {cudaDevAttrDeferredMappingCudaArraySupported, p.deferredMappingCudaArraySupported},
        {cudaDevAttrIpcEventSupport, p.ipcEventSupported}, {cudaDevAttrMemSyncDomainCount, 4},
        {cudaDevAttrNumaConfig, p.deviceNumaConfig}, {cudaDevAttrNumaId, p.deviceNumaId}, {cudaDevAttrMpsEnabled, p.mpsEnabled},
        {cudaDevAttrHostNumaId, p.hostNumaId}, {cudaDevAttrGpuPciDeviceId, p.gpuPciDeviceID},
        {cudaDevAttrGpuPciSubsystemId, p.gpuPciSubsystemID},
        {cudaDevAttrHostNumaMultinodeIpcSupported, p.hostNumaMultinodeIpcSupported},
    };
}

/// cudaDeviceGetAttribute's answer for `attr`, or false for a value outside the enum.
bool attributeValue(cudaDeviceAttr attr, int& value) {
    const cudaDeviceProp& p = h200();
    for (const auto& table : {computeAttributes(p), textureAttributes(p), platformAttributes(p)})
        for (const auto& [a, v] : table)
            if (a == attr) return value = static_cast<int>(v), true;
    value = 0;  // the reserved and platform-specific attributes
    return attr >= cudaDevAttrMaxThreadsPerBlock && attr < cudaDevAttrMax;
}

}  // namespace

size_t dynamicSharedLimit() { return dynamicLimit; }

void raiseDynamicSharedLimit(size_t bytes) { dynamicLimit = std::max(dynamicLimit, std::min(bytes, kOptInShared)); }

void resetDeviceSettings() {
    dynamicLimit = kDefaultDynamicShared;
    deviceFlags = 0;
    cacheConfig = cudaFuncCachePreferNone;
    bankConfig = cudaSharedMemBankSizeFourByte;
    std::copy(std::begin(kDefaultLimits), std::end(kDefaultLimits), limits);
}

int smCount() { return kSmCount; }

int activeBlocksPerSm(int blockSize, size_t dynamicSmem) {
    if (blockSize <= 0 || blockSize > 1024 || dynamicSmem > dynamicLimit) return 0;
    const int warps = (blockSize + 31) / 32;
    const int byWarps = 64 / warps;
    const int byRegisters = 65536 / (warps * 32 * kRegistersPerThread);
    const size_t sharedPerBlock = (dynamicSmem + kReservedSharedPerBlock + 127) / 128 * 128;
    const int byShared = static_cast<int>(kSharedPerSm / sharedPerBlock);
    return std::min({32, byWarps, byRegisters, byShared});
}

cudaError_t setFuncAttribute(const void* func, cudaFuncAttribute attr, int value) {
    if (!func) return recordError(cudaErrorInvalidDeviceFunction);
    switch (attr) {
        case cudaFuncAttributeMaxDynamicSharedMemorySize:
            if (value < 0 || size_t(value) > kOptInShared) return recordError(cudaErrorInvalidValue);
            raiseDynamicSharedLimit(size_t(value));
            return cudaSuccess;
        case cudaFuncAttributePreferredSharedMemoryCarveout:
            return value >= -1 && value <= 100 ? cudaSuccess : recordError(cudaErrorInvalidValue);
        case cudaFuncAttributeRequiredClusterWidth: case cudaFuncAttributeRequiredClusterHeight:
        case cudaFuncAttributeRequiredClusterDepth: case cudaFuncAttributeNonPortableClusterSizeAllowed:
        case cudaFuncAttributeClusterSchedulingPolicyPreference:
            return cudaSuccess;
        default:
            return recordError(cudaErrorInvalidValue);
    }
}

cudaError_t funcAttributes(cudaFuncAttributes* attr, const void* func) {
    if (!attr) return recordError(cudaErrorInvalidValue);
    if (!func) return recordError(cudaErrorInvalidDeviceFunction);
    *attr = cudaFuncAttributes{};
    attr->maxThreadsPerBlock = 1024;
    attr->numRegs = kRegistersPerThread;
    attr->ptxVersion = 90;
    attr->binaryVersion = 90;
    attr->maxDynamicSharedSizeBytes = static_cast<int>(dynamicLimit);
    attr->preferredShmemCarveout = cudaSharedmemCarveoutDefault;
    return cudaSuccess;
}

}  // namespace cuemu

using cuemu::recordError;

cudaError_t cudaGetDeviceCount(int* count) {
    if (!count) return recordError(cudaErrorInvalidValue);
    *count = 1;
    return cudaSuccess;
}
cudaError_t cudaDeviceCanAccessPeer(int* canAccessPeer, int device, int peer) {
    if (!canAccessPeer) return recordError(cudaErrorInvalidValue);
    if (device != 0 || peer != 0) return recordError(cudaErrorInvalidDevice);
    *canAccessPeer = 0;
    return cudaSuccess;
}
cudaError_t cudaDeviceGetP2PAttribute(int* value, cudaDeviceP2PAttr, int, int) {
    return recordError(value ? cudaErrorInvalidDevice : cudaErrorInvalidValue);
}
cudaError_t cudaDeviceEnablePeerAccess(int peer, unsigned int) {
    return recordError(peer == 0 ? cudaErrorPeerAccessUnsupported : cudaErrorInvalidDevice);
}
cudaError_t cudaDeviceDisablePeerAccess(int peer) {
    return recordError(peer == 0 ? cudaErrorPeerAccessNotEnabled : cudaErrorInvalidDevice);
}
cudaError_t cudaSetDevice(int device) { return device == 0 ? cudaSuccess : recordError(cudaErrorInvalidDevice); }
cudaError_t cudaGetDevice(int* device) {
    if (!device) return recordError(cudaErrorInvalidValue);
    *device = 0;
    return cudaSuccess;
}
cudaError_t cudaSetDeviceFlags(unsigned int flags) {
    if (flags & ~unsigned(cudaDeviceMask)) return recordError(cudaErrorInvalidValue);
    cuemu::deviceFlags = flags;
    return cudaSuccess;
}
cudaError_t cudaGetDeviceFlags(unsigned int* flags) {
    if (!flags) return recordError(cudaErrorInvalidValue);
    *flags = cuemu::deviceFlags | cudaDeviceMapHost;
    return cudaSuccess;
}
cudaError_t cudaChooseDevice(int* device, const cudaDeviceProp* prop) {
    if (!device || !prop) return recordError(cudaErrorInvalidValue);
    *device = 0;
    return cudaSuccess;
}

cudaError_t cudaGetDeviceProperties(cudaDeviceProp* prop, int device) {
    if (!prop) return recordError(cudaErrorInvalidValue);
    if (device != 0) return recordError(cudaErrorInvalidDevice);
    *prop = cuemu::h200();
    return cudaSuccess;
}

cudaError_t cudaDeviceGetAttribute(int* value, cudaDeviceAttr attr, int device) {
    if (!value) return recordError(cudaErrorInvalidValue);
    if (device != 0) return recordError(cudaErrorInvalidDevice);
    return cuemu::attributeValue(attr, *value) ? cudaSuccess : recordError(cudaErrorInvalidValue);
}

cudaError_t cudaDeviceSetCacheConfig(cudaFuncCache config) {
    if (config < cudaFuncCachePreferNone || config > cudaFuncCachePreferEqual) return recordError(cudaErrorInvalidValue);
    cuemu::cacheConfig = config;
    return cudaSuccess;
}
cudaError_t cudaDeviceGetCacheConfig(cudaFuncCache* config) {
    if (!config) return recordError(cudaErrorInvalidValue);
    *config = cuemu::cacheConfig;
    return cudaSuccess;
}
cudaError_t cudaDeviceSetSharedMemConfig(cudaSharedMemConfig config) {
    if (config < cudaSharedMemBankSizeDefault || config > cudaSharedMemBankSizeEightByte)
        return recordError(cudaErrorInvalidValue);
    cuemu::bankConfig = config == cudaSharedMemBankSizeDefault ? cudaSharedMemBankSizeFourByte : config;
    return cudaSuccess;
}
cudaError_t cudaDeviceGetSharedMemConfig(cudaSharedMemConfig* config) {
    if (!config) return recordError(cudaErrorInvalidValue);
    *config = cuemu::bankConfig;
    return cudaSuccess;
}

cudaError_t cudaDeviceSetLimit(cudaLimit limit, size_t value) {
    if (const cudaError_t error = cuemu::checkLimit(limit)) return error;
    if ((limit == cudaLimitMaxL2FetchGranularity && value > 128) ||
        (limit == cudaLimitPersistingL2CacheSize && value > size_t(cuemu::h200().persistingL2CacheMaxSize)))
        return recordError(cudaErrorInvalidValue);
    *cuemu::limitSlot(limit) = value;
    return cudaSuccess;
}
cudaError_t cudaDeviceGetLimit(size_t* value, cudaLimit limit) {
    if (!value) return recordError(cudaErrorInvalidValue);
    if (const cudaError_t error = cuemu::checkLimit(limit)) return error;
    *value = *cuemu::limitSlot(limit);
    return cudaSuccess;
}

cudaError_t cudaDriverGetVersion(int* version) {
    if (!version) return recordError(cudaErrorInvalidValue);
    *version = 13000;
    return cudaSuccess;
}
cudaError_t cudaRuntimeGetVersion(int* version) {
    if (!version) return recordError(cudaErrorInvalidValue);
    *version = CUDART_VERSION;
    return cudaSuccess;
}

cudaError_t cudaProfilerStart() { return cudaSuccess; }
cudaError_t cudaProfilerStop() { return cudaSuccess; }
