// Device lists: nvidia-smi's CSV, a CUDA_VISIBLE_DEVICES-style list, and the
// environment and lock file of one device.
#include "backend/gpu_devices.h"

#include <cstdlib>
#include <mutex>
#include <sstream>

#include "core/escape.h"
#include "core/process.h"
#include "core/turn_lock.h"

namespace grader {

namespace {

std::vector<std::string> splitList(const std::string& text) {
    std::vector<std::string> items;
    std::stringstream in(text);
    for (std::string item; std::getline(in, item, ',');)
        if (!trimBlanks(item).empty()) items.push_back(trimBlanks(item));
    return items;
}

std::string safeFileName(const std::string& text) {
    std::string out;
    for (char c : text) out += (std::isalnum(static_cast<unsigned char>(c)) || c == '-') ? c : '_';
    return out;
}

}  // namespace

std::string GpuDevice::label() const {
    std::string text = "GPU " + (index.empty() ? id : index);
    if (!name.empty()) text += " (" + name + ")";
    return text;
}

std::vector<std::string> GpuDevice::childEnvironment(WorkQueues queues) const {
    std::vector<std::string> env = {"CUDA_VISIBLE_DEVICES=" + id, "CUDA_DEVICE_ORDER=PCI_BUS_ID"};
    if (queues == WorkQueues::One) env.push_back("CUDA_DEVICE_MAX_CONNECTIONS=1");
    return env;
}

GpuDevice::WorkQueues workQueuesFor(bool timesLaunches, bool defaultStreamOnly) {
    return timesLaunches && !defaultStreamOnly ? GpuDevice::WorkQueues::Default : GpuDevice::WorkQueues::One;
}

std::filesystem::path GpuDevice::lockFile() const { return lockDirectory() / ("gpu-" + safeFileName(id) + ".lock"); }

std::vector<GpuDevice> parseNvidiaSmiList(const std::string& text) {
    std::vector<GpuDevice> devices;
    std::stringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        std::stringstream fields(line);
        std::string index, uuid, name;
        if (!std::getline(fields, index, ',') || !std::getline(fields, uuid, ',')) continue;
        std::getline(fields, name);
        index = trimBlanks(index), uuid = trimBlanks(uuid), name = trimBlanks(name);
        if (index.empty() || index.find_first_not_of("0123456789") != std::string::npos) continue;  // "No devices were found"
        devices.push_back({uuid.empty() ? index : uuid, index, name});
    }
    return devices;
}

Expected<std::vector<GpuDevice>> selectGpus(const std::string& list, const std::vector<GpuDevice>& known, const std::string& where) {
    std::vector<GpuDevice> chosen;
    for (const std::string& item : splitList(list)) {
        if (item.find_first_not_of("0123456789") != std::string::npos && item.rfind("GPU-", 0) != 0 && item.rfind("MIG-", 0) != 0)
            return Error{where, "'" + item + "' names no CUDA device", "give indices as nvidia-smi lists them (0,1) or UUIDs (GPU-...)"};
        const GpuDevice* match = nullptr;
        for (const auto& d : known)
            if (d.index == item || d.id == item) match = &d;
        if (match) {
            chosen.push_back(*match);
        } else if (known.empty()) {
            chosen.push_back({item, item.rfind("GPU-", 0) == 0 ? "" : item, ""});
        } else {
            std::string listed;
            for (const auto& d : known) listed += (listed.empty() ? "" : ", ") + d.index;
            return Error{where, "no CUDA device '" + item + "' on this machine", "nvidia-smi lists " + listed};
        }
    }
    return chosen;
}

const std::vector<GpuDevice>& listedGpus() {
    static std::once_flag once;
    static std::vector<GpuDevice> devices;
    std::call_once(once, [] {
        ProcessLimits limits;
        limits.wallSeconds = 30;
        const ProcessResult listed =
            runProcess({"nvidia-smi", "--query-gpu=index,uuid,name", "--format=csv,noheader"}, limits);
        if (listed.succeeded()) {
            devices = parseNvidiaSmiList(listed.output);
            return;
        }
        if (listed.started) return;  // nvidia-smi ran and failed: no usable device
        std::error_code ec;  // no nvidia-smi: the device files /dev/nvidia0, /dev/nvidia1, ... name the devices
        for (int i = 0; std::filesystem::exists("/dev/nvidia" + std::to_string(i), ec); ++i)
            devices.push_back({std::to_string(i), std::to_string(i), ""});
    });
    return devices;
}

Expected<std::vector<GpuDevice>> visibleGpus(const std::string& gpusOption) {
    if (!gpusOption.empty()) return selectGpus(gpusOption, listedGpus(), "--gpus");
    if (const char* visible = std::getenv("CUDA_VISIBLE_DEVICES"))
        return selectGpus(visible, listedGpus(), "CUDA_VISIBLE_DEVICES");
    return listedGpus();
}

}  // namespace grader
