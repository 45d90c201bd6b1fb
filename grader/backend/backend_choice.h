// The one rule for which backend a `--backend cpu|gpu|auto` picks, used by
// every verb that grades: cpu is the emulator; gpu is the GPU, refused
// (with why) where it cannot run; auto is the GPU where it can run, else the
// emulator, with a note where the machine has NVIDIA device files whose GPU
// cannot run (a broken driver is worth saying).
// Non-goal: picking among several GPUs (gpu_devices.h).
#pragma once

#include <string>

#include "core/error.h"

namespace grader {

/// The backend a --backend value picks here.
struct BackendChoice {
    std::string name;  ///< "cpu" or "gpu"
    std::string note;  ///< why auto did not pick the GPU on a machine that has one, or ""
};

/// Applies the rule to `requested` (cpu, gpu or auto); an Error where gpu is asked for and cannot run.
Expected<BackendChoice> chooseBackend(const std::string& requested);

}  // namespace grader
