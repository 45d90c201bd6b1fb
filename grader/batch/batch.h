// Batch grading of a class: discover the submissions (of one shard, when
// sharded), skip those whose result in RESULTS is up to date, grade the rest
// in parallel (-j workers, one submission each at a time; on the gpu
// backend each worker has a device, round robin over the visible ones, and
// timing runs have their device alone: backend/gpu_devices.h), write each result
// atomically the moment it is done, then build the class outputs. Student
// code runs in the sandbox (core/sandbox.h) unless the caller opts out.
// Non-goals: printing (cli/verbs/batch.h), a scheduler across machines
// (shards and Slurm do that: shard.h).
#pragma once

#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "backend/backend.h"
#include "backend/time_profile.h"
#include "batch/archive.h"
#include "batch/class_outputs.h"
#include "batch/discovery.h"
#include "batch/layouts.h"
#include "batch/results.h"
#include "batch/roster.h"
#include "batch/shard.h"
#include "core/course.h"

namespace grader {

/// What to grade, where, and how.
struct BatchOptions {
    std::filesystem::path submissions;
    std::filesystem::path out;
    std::filesystem::path coursePath;  ///< course.yaml, for the Slurm script (its text's hash is Course::sourceHash)
    int jobs = 0;                      ///< parallel submissions; 0: one per core
    /// Lessons of one submission graded at once; 0: all of them on the gpu backend (its runs
    /// wait on the device more than on the cores), one at a time on the cpu backend.
    int lessonsAtOnce = 0;
    /// Submissions taken in ahead of their turn, their files building in the build slots no graded
    /// submission waits for (batch/build_slots.h); 0: none, each submission is taken in when its turn comes.
    int lookahead = 0;
    /// How long a GPU child holds its turns of the device (backend.h); Process until Work is measured on a GPU node.
    GpuTurns gpuTurns = GpuTurns::Process;
    /// After a timed run asks for the device alone, seconds other runs still start on it (--timing-gather).
    double timingGather = 0;
    std::string backend = "auto";      ///< cpu | gpu | auto
    bool sandbox = true;               ///< false only with --no-sandbox
    /// Where bubblewrap cannot run, grade without the sandbox (with a note) instead of refusing:
    /// `grader gradescope-results`, inside Gradescope's own container.
    bool sandboxWhereAvailable = false;
    std::optional<ShardSpec> shard;
    std::optional<uint64_t> seed;      ///< default: a seed per student, derived from the id
    std::string gpus;                  ///< --gpus: the devices to use ("0,1" or UUIDs); "": every visible one
    std::optional<std::filesystem::path> feedback;  ///< --feedback: the merge also writes each student's feedback there
    std::optional<LmsLayout> layout;      ///< --layout: how SUBMISSIONS is laid out (default: recognized from its names)
    std::optional<std::filesystem::path> roster;    ///< --roster: who is enrolled (roster.h)
    RosterColumns rosterColumns;       ///< --roster-columns
    std::vector<std::string> exports;  ///< --export: canvas, moodle, csv (lms_export.h)
    std::string assignment;            ///< --assignment: the assignment's name in the LMS (default: the course title)
    std::string assignmentId;          ///< --assignment-id: Canvas's id of the assignment
    bool names = false;                ///< --names: the report's speed board names the students
    bool missingAsZero = false;        ///< --missing-as-zero: import files give 0, not an empty cell, to a student with nothing gradable
    std::string assignmentPrefix;      ///< --assignment-prefix: GitHub Classroom's assignment name before each username
    ArchiveLimits archiveLimits;
    std::ostream* progress = nullptr;  ///< where progress goes (stderr), or nowhere
    bool progressOnTerminal = false;
    /// Tests: the backend each worker grades with, instead of cpu/gpu (no sandbox is opened).
    std::function<std::unique_ptr<Backend>()> makeBackend;
    /// Each result as graded, from memory (one call at a time): `grader gradescope-results` never reads back a file
    /// that student code could have reached.
    std::function<void(const StudentResult&)> onResult;
    /// The program that unpacks archives in a child process (unpack_child.h); "": this grader. Tests name another.
    std::filesystem::path unpacker;
    /// Tests: called with each submission's id as it is taken in (one that throws shows where that ends up).
    std::function<void(const std::string& id)> intakeHook;
};

/// What a batch run did.
struct BatchSummary {
    std::string layout;     ///< the layout's title ("Canvas flat")
    int students = 0;       ///< submissions in SUBMISSIONS, every shard's
    int submissions = 0;    ///< entries in this shard (= graded + upToDate)
    int otherShards = 0;    ///< left to the other shards
    int graded = 0;         ///< handled by this run (whatever the status)
    int upToDate = 0;       ///< result already there for this content
    int refused = 0;        ///< unsafe or unreadable archives (this run's and kept results)
    int notGraded = 0;      ///< entries that cannot be graded: links, other files (this run's and kept results)
    int graderErrors = 0;   ///< results holding the grader's own errors, or not written
    bool interrupted = false;  ///< Ctrl-C or SIGTERM stopped the run (core/interrupt.h)
    int discarded = 0;      ///< submissions in flight when it was interrupted: no result kept
    std::string backend;    ///< cpu | gpu
    std::string sandbox;    ///< the sandbox's description, or "" when off
    std::vector<std::string> notes;  ///< how ids were made (collisions); why a GPU node graded on the emulator
    std::vector<std::string> devices;  ///< the GPUs the workers ran on (gpu backend)
    double seconds = 0;
    int jobs = 0;                      ///< the workers that graded
    double sandboxStartEach = 0;       ///< what one sandboxed start cost (measured when the sandbox opened)
    std::map<std::string, LessonTime> time;  ///< where this run's time went, by lesson (backend/time_profile.h)
    std::map<std::string, DeviceSpans> deviceWork;  ///< each GPU's serial work in this run, by label (backend/time_profile.h)
};

/// What the class outputs were built from.
struct MergeSummary {
    int students = 0;                  ///< results included
    std::vector<std::string> missing;  ///< submissions without a result
    int notSubmitted = 0;              ///< rostered students who handed in nothing
    std::vector<std::string> notes;    ///< submissions not on the roster; exports' caveats
    std::vector<std::filesystem::path> exports;  ///< the import files written
};


/// The device each of `jobs` workers runs on: round robin over `devices` (empty when there are none).
std::vector<GpuDevice> devicesForWorkers(const std::vector<GpuDevice>& devices, int jobs);

/// The seed a student's inputs use when no --seed is given (stable per id).
uint64_t studentSeed(const std::string& id);

/// Grades every submission of the shard that has no up-to-date result into options.out.
Expected<BatchSummary> gradeBatch(const Course& course, const BatchOptions& options);

/// Builds gradebook.csv, junit.xml, gradescope/ and report.html from the results in options.out, with
/// the roster's students and names, options.feedback each student's feedback there (feedback.h), and
/// the LMS import files options.exports asks for (lms_export.h).
Expected<MergeSummary> mergeResults(const Course& course, const BatchOptions& options);

}  // namespace grader
