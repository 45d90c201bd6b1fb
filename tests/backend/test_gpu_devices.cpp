// Device lists (nvidia-smi's CSV, --gpus / CUDA_VISIBLE_DEVICES), the
// environment that pins a child, per-device lock files, and the round-robin
// assignment of batch workers to devices, simulated for four GPUs.
#include <doctest/doctest.h>

#include <set>

#include "backend/gpu_devices.h"
#include "batch/batch.h"

using namespace grader;

namespace {

const char* kFourGpus =
    "0, GPU-aaaa1111-0000-0000-0000-000000000000, NVIDIA H200\n"
    "1, GPU-bbbb2222-0000-0000-0000-000000000000, NVIDIA H200\n"
    "2, GPU-cccc3333-0000-0000-0000-000000000000, NVIDIA H200\n"
    "3, GPU-dddd4444-0000-0000-0000-000000000000, NVIDIA H200\n";

}  // namespace

TEST_CASE("nvidia-smi's list gives each device its UUID, index and name") {
    const auto devices = parseNvidiaSmiList(kFourGpus);
    REQUIRE(devices.size() == 4);
    CHECK(devices[2].id == "GPU-cccc3333-0000-0000-0000-000000000000");
    CHECK(devices[2].label() == "GPU 2 (NVIDIA H200)");
    CHECK(devices[2].childEnvironment() ==
          std::vector<std::string>{"CUDA_VISIBLE_DEVICES=GPU-cccc3333-0000-0000-0000-000000000000", "CUDA_DEVICE_ORDER=PCI_BUS_ID"});
    CHECK(devices[2].childEnvironment(GpuDevice::WorkQueues::One) ==
          std::vector<std::string>{"CUDA_VISIBLE_DEVICES=GPU-cccc3333-0000-0000-0000-000000000000", "CUDA_DEVICE_ORDER=PCI_BUS_ID",
                                   "CUDA_DEVICE_MAX_CONNECTIONS=1"});
    CHECK(parseNvidiaSmiList("No devices were found\n").empty());
}

TEST_CASE("a child gets one work queue unless it times launches on streams that could overlap") {
    CHECK(workQueuesFor(false, false) == GpuDevice::WorkQueues::One);
    CHECK(workQueuesFor(false, true) == GpuDevice::WorkQueues::One);
    CHECK(workQueuesFor(true, true) == GpuDevice::WorkQueues::One);
    CHECK(workQueuesFor(true, false) == GpuDevice::WorkQueues::Default);
}

TEST_CASE("--gpus picks devices by index or UUID, and names the ones that do not exist") {
    const auto known = parseNvidiaSmiList(kFourGpus);
    auto picked = selectGpus("3, GPU-aaaa1111-0000-0000-0000-000000000000", known, "--gpus");
    REQUIRE(picked.ok());
    REQUIRE(picked->size() == 2);
    CHECK((*picked)[0].index == "3");
    CHECK((*picked)[1].index == "0");
    auto missing = selectGpus("0,7", known, "--gpus");
    REQUIRE_FALSE(missing.ok());
    CHECK(missing.error().format() == "--gpus: no CUDA device '7' on this machine (nvidia-smi lists 0, 1, 2, 3)");
    CHECK_FALSE(selectGpus("first", known, "--gpus").ok());
    auto unknown = selectGpus("1", {}, "CUDA_VISIBLE_DEVICES");  // no nvidia-smi: taken as given
    REQUIRE(unknown.ok());
    CHECK((*unknown)[0].id == "1");
}

TEST_CASE("four GPUs: workers go round robin, and each device has its own lock file") {
    const auto devices = parseNvidiaSmiList(kFourGpus);
    const auto workers = devicesForWorkers(devices, 8);
    REQUIRE(workers.size() == 8);
    std::set<std::string> firstFour, locks;
    for (int w = 0; w < 4; ++w) firstFour.insert(workers[w].id);
    CHECK(firstFour.size() == 4);
    CHECK(workers[5].id == workers[1].id);
    for (const auto& d : devices) locks.insert(d.lockFile().string());
    CHECK(locks.size() == 4);
    CHECK(devicesForWorkers({}, 8).empty());
    const auto pinned = devicesForWorkers(*selectGpus("0,0", devices, "--gpus"), 2);  // two workers on one device
    CHECK(pinned[0].lockFile() == pinned[1].lockFile());
}
