// The check table: one CheckEntry per check, holding all the grader knows of
// it (name, summary, where it runs, the lessons whose harness runs it, its
// course.yaml parameters with their defaults, bounds and validation, and its
// run function), as a clang-tidy check owns its options. course.yaml's
// validation, `grader list --checks`, the SARIF rules, the Classroom
// workflow, the Gradescope autograder and CONTRACT.md's tests read this one
// table. A new check is a row here, its function in checks/, and its
// parameters' validation in checks/check_params.cpp.
// Non-goal: reading course.yaml (core/course.cpp does, given the table).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "core/course.h"

namespace grader {

struct CheckContext;
struct CheckResult;
struct RunRequest;

/// A check's implementation.
using CheckFunction = CheckResult (*)(CheckContext&);

/// The runs a check will ask its backend for, in order, known before it runs: where a backend runs
/// several in one child (Backend::runsCasesTogether), a lesson's planned runs share one process.
using RunPlan = std::vector<RunRequest> (*)(const CheckContext&);

/// Where a check can run.
enum class Runs { Anywhere, GpuOnly, EmulatorOnly, EmulatorThenGpu, WithoutCode };  ///< WithoutCode: no build, no run (the quiz)

/// One row of the check table: what course.yaml's reader knows of the check (CheckSchema:
/// name, summary, lessons, parameters, validation), where it runs and its function.
struct CheckEntry : CheckSchema {
    Runs where;
    CheckFunction run;
    RunPlan plan = nullptr;  ///< nullptr: its runs are not known ahead (a sanitizer's, the emulator's); compile's plan is empty
};

/// Every check, in the order they run.
const std::vector<CheckEntry>& checkTable();

/// The check named `name` in the table, or nullptr.
const CheckEntry* findCheck(const std::string& name);

/// "Runs::EmulatorThenGpu": where a check runs, as CONTRACT.md's checks table names it.
const char* runsName(Runs where);

/// The table as course.yaml's reader takes it.
const CheckCatalog& checkCatalog();

/// parseCourse (core/course.h) with the grader's checks.
Expected<Course> parseCourse(const std::string& text, const std::string& displayName, const std::filesystem::path& root);

/// loadCourse (core/course.h) with the grader's checks.
Expected<Course> loadCourse(const std::filesystem::path& path);

/// Defaults of parameters course.yaml may leave out, shared by the checks that use
/// them and the validation that compares them.
namespace param_defaults {
constexpr long kMinRuns = 10, kMaxRuns = 200;
constexpr double kTimeCapS = 20.0;
}  // namespace param_defaults

/// What the traffic check expects of a lesson's kernel: "naive" (lesson 1),
/// "tile_phase" (lesson 2, one phase) or "tiled" (lesson 3).
std::string trafficKind(const Lesson& lesson);

/// How long the speedup check's timing loop may run: time_cap_s, else 20 s
/// or half the check's time limit, whichever is less (the run needs more
/// than the loop: start, allocation, warm-up).
double speedupTimeCapS(const CheckSpec& check);

/// The sizes the correctness check runs at on one backend: the course's
/// list, else the default (lesson 4's are gflops arguments, not launches).
std::vector<long> correctnessSizes(const Lesson& lesson, const CheckSpec& check, bool gpu);

// The validation of each check's values in course.yaml (checks/check_params.cpp).
void validateCorrectnessParams(CheckValues& values);
void validateBarriersParams(CheckValues& values);
void validateTrafficParams(CheckValues& values);
void validateTimingParams(CheckValues& values);
void validateSpeedupParams(CheckValues& values);

}  // namespace grader
