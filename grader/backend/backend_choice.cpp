// The backend a --backend value picks (see backend_choice.h).
#include "backend/backend_choice.h"

#include <filesystem>

#include "backend/backend.h"

namespace grader {

Expected<BackendChoice> chooseBackend(const std::string& requested) {
    if (requested == "cpu") return BackendChoice{"cpu", ""};
    const std::string gpuMissing = makeGpuBackend()->unavailableReason();
    if (gpuMissing.empty()) return BackendChoice{"gpu", ""};
    if (requested == "gpu")
        return Error{"--backend gpu", "the gpu backend cannot run here: " + gpuMissing, "use --backend cpu, or auto"};
    std::string note;
    if (std::filesystem::exists("/dev/nvidiactl"))
        note = "this machine has NVIDIA device files, but the gpu backend cannot run (" + gpuMissing +
               "): graded on the cpu emulator, GPU-only checks skipped";
    return BackendChoice{"cpu", note};
}

}  // namespace grader
