// The CUDA devices a grader may use, and how a child is pinned to one: the
// list comes from --gpus, else CUDA_VISIBLE_DEVICES, else nvidia-smi; a child
// sees only its device (CUDA_VISIBLE_DEVICES=<uuid>), and each device has its
// own turn lock (core/turn_lock.h) shared by every grader on the machine.
// Non-goals: choosing devices by load or memory, MIG instances, devices of
// other machines.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "core/error.h"

namespace grader {

/// One CUDA device of this machine.
struct GpuDevice {
    std::string id;     ///< what CUDA_VISIBLE_DEVICES takes: the UUID when known, else the index
    std::string index;  ///< nvidia-smi's index (PCI bus order), "" when unknown
    std::string name;   ///< "NVIDIA H200", "" when unknown

    /// "GPU 0 (NVIDIA H200)": how reports name it.
    std::string label() const;
    /// Whether a child's CUDA context gets the driver's default number of hardware work queues, or one.
    enum class WorkQueues { Default, One };
    /// The environment that pins a child to this device. With WorkQueues::One the child's streams share one hardware
    /// queue (CUDA_DEVICE_MAX_CONNECTIONS=1): its context starts in about a third of the time the driver serializes
    /// between processes, but streams that would overlap run in turn, so a child that times launches keeps the default.
    std::vector<std::string> childEnvironment(WorkQueues queues = WorkQueues::Default) const;
    /// The lock file whose turns order this device's runs (lockDirectory()/gpu-<id>.lock).
    std::filesystem::path lockFile() const;
};

/// The work queues of a child: one, unless it times launches and its file may use streams besides the legacy
/// default one (backend/stream_use.h), whose work one queue would run in turn, hiding a missing synchronization.
GpuDevice::WorkQueues workQueuesFor(bool timesLaunches, bool defaultStreamOnly);

/// Parses `nvidia-smi --query-gpu=index,uuid,name --format=csv,noheader` output (one device per line).
std::vector<GpuDevice> parseNvidiaSmiList(const std::string& text);

/// The devices named in `list` ("0,2", "GPU-8f...", as CUDA_VISIBLE_DEVICES takes them), matched to `known`
/// by index or UUID. A name that matches no known device is an error, unless nothing is known (no nvidia-smi).
Expected<std::vector<GpuDevice>> selectGpus(const std::string& list, const std::vector<GpuDevice>& known, const std::string& where);

/// The devices nvidia-smi lists on this machine (asked once per process); without nvidia-smi, the
/// /dev/nvidiaN files. Empty when nvidia-smi lists none or fails.
const std::vector<GpuDevice>& listedGpus();

/// The devices this process may use: `gpusOption` when given, else $CUDA_VISIBLE_DEVICES when set, else
/// every device nvidia-smi lists. Empty: no device.
Expected<std::vector<GpuDevice>> visibleGpus(const std::string& gpusOption = "");

}  // namespace grader
