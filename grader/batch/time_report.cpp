// Where a batch's time went, as text and JSON (see time_report.h).
#include "batch/time_report.h"

#include <cstdio>
#include <nlohmann/json.hpp>

namespace grader {

namespace {

constexpr TimeUse kUses[kTimeUses] = {TimeUse::Compile,   TimeUse::Emulator, TimeUse::GpuShared,   TimeUse::GpuExclusive,
                                      TimeUse::GpuNoTurn, TimeUse::Waiting,  TimeUse::SandboxStart};

/// The lessons summed into one.
LessonTime totalOf(const std::map<std::string, LessonTime>& lessons) {
    LessonTime total;
    for (const auto& [id, time] : lessons) {
        for (TimeUse use : kUses) total[use] += time[use];
        total.compiles += time.compiles;
        total.emulatorProcesses += time.emulatorProcesses;
        total.gpuProcesses += time.gpuProcesses;
        total.gpuBuilds += time.gpuBuilds;
        total.sharedTurns += time.sharedTurns;
        total.exclusiveTurns += time.exclusiveTurns;
    }
    return total;
}

std::string row(const std::string& name, const LessonTime& time) {
    char line[256];
    std::snprintf(line, sizeof line, "  %-9s %10.1f %10.1f %10.1f %10.1f %10.1f %10.1f %13.1f", name.c_str(), time[TimeUse::Compile],
                  time[TimeUse::Emulator], time[TimeUse::GpuShared], time[TimeUse::GpuExclusive], time[TimeUse::GpuNoTurn],
                  time[TimeUse::Waiting], time[TimeUse::SandboxStart]);
    std::string text = line;
    if (time.gpuBuilds > 0) {
        std::snprintf(line, sizeof line, "   %.1f GPU processes per file", double(time.gpuProcesses) / time.gpuBuilds);
        text += line;
    }
    return text + "\n";
}

nlohmann::json lessonJson(const LessonTime& time) {
    nlohmann::json json;
    for (TimeUse use : kUses) json[std::string(timeUseKey(use)) + "_s"] = time[use];
    json["compiles"] = time.compiles;
    json["emulator_processes"] = time.emulatorProcesses;
    json["gpu_processes"] = time.gpuProcesses;
    json["gpu_files"] = time.gpuBuilds;
    json["gpu_shared_turns"] = time.sharedTurns;
    json["gpu_exclusive_turns"] = time.exclusiveTurns;
    return json;
}

}  // namespace

std::string timeSplitText(const std::map<std::string, LessonTime>& lessons) {
    if (lessons.empty()) return "";
    std::string text = "time by lesson, summed over the class (seconds):\n"
                       "  lesson       compile   emulator GPU shared  GPU alone    no turn    waiting sandbox start\n";
    for (const auto& [id, time] : lessons) text += row(id, time);
    return text + row("total", totalOf(lessons));
}

std::string gpuTurnsText(const std::map<std::string, LessonTime>& lessons) {
    const LessonTime total = totalOf(lessons);
    char line[256];
    std::snprintf(line, sizeof line, "GPU turns: %d shared (%.0f s running), %d alone (%.0f s running); %.0f s waiting for them; %.0f s of children holding none\n",
                  total.sharedTurns, total[TimeUse::GpuShared], total.exclusiveTurns, total[TimeUse::GpuExclusive], total[TimeUse::Waiting], total[TimeUse::GpuNoTurn]);
    return line;
}

std::string deviceWorkText(const std::map<std::string, DeviceSpans>& deviceWork, double wallSeconds) {
    std::string text;
    for (const auto& [label, device] : deviceWork) {
        if (device.contextStarts == 0 && device.aloneSeconds == 0) continue;
        char line[400];
        std::snprintf(line, sizeof line,
                      "%s, serial work: children making their CUDA contexts %.0f s (%d children, %.2f s each; %.2f s each from spawn "
                      "to a ready context), a child alone %.0f s; one or the other %.0f s of the %.0f s run\n",
                      label.c_str(), device.contextCoveredSeconds, device.contextStarts,
                      device.contextStarts ? device.contextSeconds / device.contextStarts : 0.0,
                      device.contextStarts ? device.spawnToContextSeconds / device.contextStarts : 0.0, device.aloneSeconds,
                      device.contextOrAloneSeconds, wallSeconds);
        text += line;
        std::snprintf(line, sizeof line,
                      "%s, timed runs: waiting for a turn alone %.0f s (%.0f s of it while none had the device alone, %.0f s while "
                      "only children past their GPU work held shared turns), alone %.0f s; one or the other %.0f s of the %.0f s run\n",
                      label.c_str(), device.drainingSeconds, device.drainingOrAloneSeconds - device.aloneSeconds,
                      device.drainingBehindTailsSeconds, device.aloneSeconds, device.drainingOrAloneSeconds, wallSeconds);
        text += line;
    }
    return text;
}

std::string timeProfileJson(const std::map<std::string, LessonTime>& lessons, const RunShape& shape) {
    nlohmann::json json;
    json["backend"] = shape.backend;
    json["jobs"] = shape.jobs;
    json["wall_s"] = shape.wallSeconds;
    json["complete"] = shape.complete;
    json["sandbox_start_each_s"] = shape.sandboxStartEach;
    json["lessons"] = nlohmann::json::object();
    for (const auto& [id, time] : lessons) json["lessons"][id] = lessonJson(time);
    json["total"] = lessonJson(totalOf(lessons));
    json["devices"] = nlohmann::json::array();
    for (const auto& [label, device] : shape.deviceWork)
        json["devices"].push_back({{"device", label},
                                   {"context_starts", device.contextStarts},
                                   {"spawn_to_context_s", device.spawnToContextSeconds},
                                   {"context_s", device.contextSeconds},
                                   {"context_covered_s", device.contextCoveredSeconds},
                                   {"alone_s", device.aloneSeconds},
                                   {"context_or_alone_s", device.contextOrAloneSeconds},
                                   {"draining_s", device.drainingSeconds},
                                   {"draining_or_alone_s", device.drainingOrAloneSeconds},
                                   {"draining_behind_tails_s", device.drainingBehindTailsSeconds}});
    return json.dump(2) + "\n";
}

}  // namespace grader
