// The runtime's errors: the last error with CUDA's sticky errors, and every
// error code's name and description, with the texts CUDA 13's runtime gives.
// Non-goal: per-host-thread last errors (student code runs on one thread).
#include "runtime_internal.h"

namespace cuemu {

namespace {

cudaError_t lastError = cudaSuccess;
cudaError_t sticky = cudaSuccess;

/// An error code with its name and description.
struct ErrorText {
    cudaError_t code;
    const char* name;
    const char* description;
};

#define E(code, description) {code, #code, description}
const ErrorText kErrors[] = {
    E(cudaSuccess, "no error"),
    E(cudaErrorInvalidValue, "invalid argument"),
    E(cudaErrorMemoryAllocation, "out of memory"),
    E(cudaErrorInitializationError, "initialization error"),
    E(cudaErrorCudartUnloading, "driver shutting down"),
    E(cudaErrorProfilerDisabled, "profiler disabled while using external profiling tool"),
    E(cudaErrorProfilerNotInitialized, "profiler not initialized: call cudaProfilerInitialize()"),
    E(cudaErrorProfilerAlreadyStarted, "profiler already started"),
    E(cudaErrorProfilerAlreadyStopped, "profiler already stopped"),
    E(cudaErrorInvalidConfiguration, "invalid configuration argument"),
    E(cudaErrorInvalidPitchValue, "invalid pitch argument"),
    E(cudaErrorInvalidSymbol, "invalid device symbol"),
    E(cudaErrorInvalidHostPointer, "invalid host pointer"),
    E(cudaErrorInvalidDevicePointer, "invalid device pointer"),
    E(cudaErrorInvalidTexture, "invalid texture reference"),
    E(cudaErrorInvalidTextureBinding, "texture is not bound to a pointer"),
    E(cudaErrorInvalidChannelDescriptor, "invalid channel descriptor"),
    E(cudaErrorInvalidMemcpyDirection, "invalid copy direction for memcpy"),
    E(cudaErrorAddressOfConstant, "invalid address of constant"),
    E(cudaErrorTextureFetchFailed, "fetch from texture failed"),
    E(cudaErrorTextureNotBound, "cannot fetch from a texture that is not bound"),
    E(cudaErrorSynchronizationError, "incorrect use of __syncthreads()"),
    E(cudaErrorInvalidFilterSetting, "linear filtering not supported for non-float type"),
    E(cudaErrorInvalidNormSetting, "read as normalized float not supported for data type"),
    E(cudaErrorMixedDeviceExecution, "device emulation mode and device execution mode cannot be mixed"),
    E(cudaErrorNotYetImplemented, "feature not yet implemented"),
    E(cudaErrorMemoryValueTooLarge, "memory size or pointer value too large to fit in 32 bit"),
    E(cudaErrorStubLibrary, "CUDA driver is a stub library"),
    E(cudaErrorInsufficientDriver, "CUDA driver version is insufficient for CUDA runtime version"),
    E(cudaErrorCallRequiresNewerDriver, "API call is not supported in the installed CUDA driver"),
    E(cudaErrorInvalidSurface, "invalid surface reference"),
    E(cudaErrorDuplicateVariableName, "duplicate global variable looked up by string name"),
    E(cudaErrorDuplicateTextureName, "duplicate texture looked up by string name"),
    E(cudaErrorDuplicateSurfaceName, "duplicate surface looked up by string name"),
    E(cudaErrorDevicesUnavailable, "CUDA-capable device(s) is/are busy or unavailable"),
    E(cudaErrorIncompatibleDriverContext, "incompatible driver context"),
    E(cudaErrorMissingConfiguration, "__global__ function call is not configured"),
    E(cudaErrorPriorLaunchFailure, "unspecified launch failure in prior launch"),
    E(cudaErrorLaunchMaxDepthExceeded, "launch would exceed maximum depth of nested launches"),
    E(cudaErrorLaunchFileScopedTex, "launch failed because kernel uses unsupported, file-scoped textures (texture objects are supported)"),
    E(cudaErrorLaunchFileScopedSurf, "launch failed because kernel uses unsupported, file-scoped surfaces (surface objects are supported)"),
    E(cudaErrorSyncDepthExceeded, "cudaDeviceSynchronize failed because caller's grid depth exceeds cudaLimitDevRuntimeSyncDepth"),
    E(cudaErrorLaunchPendingCountExceeded, "launch failed because launch would exceed cudaLimitDevRuntimePendingLaunchCount"),
    E(cudaErrorInvalidDeviceFunction, "invalid device function"),
    E(cudaErrorNoDevice, "no CUDA-capable device is detected"),
    E(cudaErrorInvalidDevice, "invalid device ordinal"),
    E(cudaErrorDeviceNotLicensed, "device doesn't have valid Grid license"),
    E(cudaErrorSoftwareValidityNotEstablished, "integrity checks failed"),
    E(cudaErrorStartupFailure, "startup failure in cuda runtime"),
    E(cudaErrorInvalidKernelImage, "device kernel image is invalid"),
    E(cudaErrorDeviceUninitialized, "invalid device context"),
    E(cudaErrorMapBufferObjectFailed, "mapping of buffer object failed"),
    E(cudaErrorUnmapBufferObjectFailed, "unmapping of buffer object failed"),
    E(cudaErrorArrayIsMapped, "array is mapped"),
    E(cudaErrorAlreadyMapped, "resource already mapped"),
    E(cudaErrorNoKernelImageForDevice, "no kernel image is available for execution on the device"),
    E(cudaErrorAlreadyAcquired, "resource already acquired"),
    E(cudaErrorNotMapped, "resource not mapped"),
    E(cudaErrorNotMappedAsArray, "resource not mapped as array"),
    E(cudaErrorNotMappedAsPointer, "resource not mapped as pointer"),
    E(cudaErrorECCUncorrectable, "uncorrectable ECC error encountered"),
    E(cudaErrorUnsupportedLimit, "limit is not supported on this architecture"),
    E(cudaErrorDeviceAlreadyInUse, "exclusive-thread device already in use by a different thread"),
    E(cudaErrorPeerAccessUnsupported, "peer access is not supported between these two devices"),
    E(cudaErrorInvalidPtx, "a PTX JIT compilation failed"),
    E(cudaErrorInvalidGraphicsContext, "invalid OpenGL or DirectX context"),
    E(cudaErrorNvlinkUncorrectable, "uncorrectable NVLink error detected during the execution"),
    E(cudaErrorJitCompilerNotFound, "PTX JIT compiler library not found"),
    E(cudaErrorUnsupportedPtxVersion, "the provided PTX was compiled with an unsupported toolchain."),
    E(cudaErrorJitCompilationDisabled, "PTX JIT compilation was disabled"),
    E(cudaErrorUnsupportedExecAffinity, "the provided execution affinity is not supported"),
    E(cudaErrorUnsupportedDevSideSync, "the provided PTX contains unsupported call to cudaDeviceSynchronize"),
    E(cudaErrorContained, "Invalid access of peer GPU memory over nvlink or a hardware error"),
    E(cudaErrorInvalidSource, "device kernel image is invalid"),
    E(cudaErrorFileNotFound, "file not found"),
    E(cudaErrorSharedObjectSymbolNotFound, "shared object symbol not found"),
    E(cudaErrorSharedObjectInitFailed, "shared object initialization failed"),
    E(cudaErrorOperatingSystem, "OS call failed or operation not supported on this OS"),
    E(cudaErrorInvalidResourceHandle, "invalid resource handle"),
    E(cudaErrorIllegalState, "the operation cannot be performed in the present state"),
    E(cudaErrorLossyQuery, "attempted introspection would be semantically lossy"),
    E(cudaErrorSymbolNotFound, "named symbol not found"),
    E(cudaErrorNotReady, "device not ready"),
    E(cudaErrorIllegalAddress, "an illegal memory access was encountered"),
    E(cudaErrorLaunchOutOfResources, "too many resources requested for launch"),
    E(cudaErrorLaunchTimeout, "the launch timed out and was terminated"),
    E(cudaErrorLaunchIncompatibleTexturing, "launch uses incompatible texturing mode"),
    E(cudaErrorPeerAccessAlreadyEnabled, "peer access is already enabled"),
    E(cudaErrorPeerAccessNotEnabled, "peer access has not been enabled"),
    E(cudaErrorSetOnActiveProcess, "cannot set while device is active in this process"),
    E(cudaErrorContextIsDestroyed, "context is destroyed"),
    E(cudaErrorAssert, "device-side assert triggered"),
    E(cudaErrorTooManyPeers, "peer mapping resources exhausted"),
    E(cudaErrorHostMemoryAlreadyRegistered, "part or all of the requested memory range is already mapped"),
    E(cudaErrorHostMemoryNotRegistered, "pointer does not correspond to a registered memory region"),
    E(cudaErrorHardwareStackError, "hardware stack error"),
    E(cudaErrorIllegalInstruction, "an illegal instruction was encountered"),
    E(cudaErrorMisalignedAddress, "misaligned address"),
    E(cudaErrorInvalidAddressSpace, "operation not supported on global/shared address space"),
    E(cudaErrorInvalidPc, "invalid program counter"),
    E(cudaErrorLaunchFailure, "unspecified launch failure"),
    E(cudaErrorCooperativeLaunchTooLarge, "too many blocks in cooperative launch"),
    E(cudaErrorTensorMemoryLeak, "tensor memory not completely freed"),
    E(cudaErrorNotPermitted, "operation not permitted"),
    E(cudaErrorNotSupported, "operation not supported"),
    E(cudaErrorSystemNotReady, "system not yet initialized"),
    E(cudaErrorSystemDriverMismatch, "system has unsupported display driver / cuda driver combination"),
    E(cudaErrorCompatNotSupportedOnDevice, "forward compatibility was attempted on non supported HW"),
    E(cudaErrorMpsConnectionFailed, "MPS client failed to connect to the MPS control daemon or the MPS server"),
    E(cudaErrorMpsRpcFailure, "the remote procedural call between the MPS server and the MPS client failed"),
    E(cudaErrorMpsServerNotReady, "MPS server is not ready to accept new MPS client requests"),
    E(cudaErrorMpsMaxClientsReached, "the hardware resources required to create MPS client have been exhausted"),
    E(cudaErrorMpsMaxConnectionsReached, "the hardware resources required to support device connections have been exhausted"),
    E(cudaErrorMpsClientTerminated, "the MPS client has been terminated by the server"),
    E(cudaErrorCdpNotSupported, "is using CUDA Dynamic Parallelism, but the current configuration, like MPS, does not support it"),
    E(cudaErrorCdpVersionMismatch, "unsupported interaction between different versions of CUDA Dynamic Parallelism"),
    E(cudaErrorStreamCaptureUnsupported, "operation not permitted when stream is capturing"),
    E(cudaErrorStreamCaptureInvalidated, "operation failed due to a previous error during capture"),
    E(cudaErrorStreamCaptureMerge, "operation would result in a merge of separate capture sequences"),
    E(cudaErrorStreamCaptureUnmatched, "capture was not ended in the same stream as it began"),
    E(cudaErrorStreamCaptureUnjoined, "capturing stream has unjoined work"),
    E(cudaErrorStreamCaptureIsolation, "dependency created on uncaptured work in another stream"),
    E(cudaErrorStreamCaptureImplicit, "operation would make the legacy stream depend on a capturing blocking stream"),
    E(cudaErrorCapturedEvent, "operation not permitted on an event last recorded in a capturing stream"),
    E(cudaErrorStreamCaptureWrongThread, "attempt to terminate a thread-local capture sequence from another thread"),
    E(cudaErrorTimeout, "wait operation timed out"),
    E(cudaErrorGraphExecUpdateFailure, "the graph update was not performed because it included changes which violated constraints specific to instantiated graph update"),
    E(cudaErrorExternalDevice, "an async error has occured in external entity outside of CUDA"),
    E(cudaErrorInvalidClusterSize, "a kernel launch error has occurred due to cluster misconfiguration"),
    E(cudaErrorFunctionNotLoaded, "the function handle is not loaded when calling an API that requires a loaded function"),
    E(cudaErrorInvalidResourceType, "one or more resources passed in are not valid resource types for the operation"),
    E(cudaErrorInvalidResourceConfiguration, "one or more resources are insufficient or non-applicable for the operation"),
    E(cudaErrorUnknown, "unknown error"),
    E(cudaErrorApiFailureBase, "api failure base"),
};
#undef E

const ErrorText* find(cudaError_t error) {
    for (const ErrorText& e : kErrors)
        if (e.code == error) return &e;
    return nullptr;
}

/// Errors after which the context is unusable: every later call reports them.
bool isSticky(cudaError_t error) {
    switch (error) {
        case cudaErrorIllegalAddress: case cudaErrorLaunchTimeout: case cudaErrorAssert:
        case cudaErrorHardwareStackError: case cudaErrorIllegalInstruction: case cudaErrorMisalignedAddress:
        case cudaErrorInvalidAddressSpace: case cudaErrorInvalidPc: case cudaErrorLaunchFailure:
        case cudaErrorContained: case cudaErrorTensorMemoryLeak: case cudaErrorMpsClientTerminated:
        case cudaErrorExternalDevice:
            return true;
        default:
            return false;
    }
}

}  // namespace

void setLastError(cudaError_t error) {
    if (error == cudaSuccess) return;
    lastError = error;
    if (isSticky(error) && sticky == cudaSuccess) sticky = error;
}

cudaError_t recordError(cudaError_t error) {
    setLastError(error);
    return error;
}

cudaError_t stickyError() { return sticky == cudaSuccess ? sticky : recordError(sticky); }

void clearStickyError() { sticky = cudaSuccess; }

}  // namespace cuemu

cudaError_t cudaGetLastError() {
    const cudaError_t error = cuemu::lastError;
    cuemu::lastError = cudaSuccess;
    return error;
}

cudaError_t cudaPeekAtLastError() { return cuemu::lastError; }

const char* cudaGetErrorName(cudaError_t error) {
    const cuemu::ErrorText* e = cuemu::find(error);
    return e ? e->name : "unrecognized error code";
}

const char* cudaGetErrorString(cudaError_t error) {
    const cuemu::ErrorText* e = cuemu::find(error);
    return e ? e->description : "unrecognized error code";
}
