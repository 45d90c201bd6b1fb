// Splitting a class over machines: a stable shard per student id (a hash,
// so adding a student moves nobody else), and the Slurm job-array script
// that runs one shard per array task plus the merge job that builds the
// gradebook and report once every shard has finished.
// Non-goals: a scheduler of our own; submitting the jobs (sbatch does).
#pragma once

#include <filesystem>
#include <string>

#include "core/error.h"

namespace grader {

/// "shard K of N", 1 <= K <= N.
struct ShardSpec {
    int index = 1;
    int count = 1;
    /// "K/N".
    std::string text() const { return std::to_string(index) + "/" + std::to_string(count); }
};

/// Parses "K/N"; the Error names the rule broken.
Expected<ShardSpec> parseShard(const std::string& text);

/// The shard (1..count) a student id belongs to, the same on every machine and run.
int shardOf(const std::string& id, int count);

/// What the Slurm scripts run.
struct SlurmJob {
    std::filesystem::path grader;       ///< absolute path of the grader binary
    std::filesystem::path course;       ///< absolute course.yaml
    std::filesystem::path submissions;  ///< absolute SUBMISSIONS
    std::filesystem::path out;          ///< absolute RESULTS (shared by every node)
    int shards = 1;
    int cpusPerTask = 4;
    std::string partition;              ///< #SBATCH --partition, when given
    std::string account;                ///< #SBATCH --account, when given
    std::string time = "02:00:00";      ///< #SBATCH --time of each array task
    std::string backend = "auto";       ///< gpu: each task asks for one GPU
    bool sandbox = true;
    std::filesystem::path feedback;     ///< absolute --feedback folder of the merge job, or empty
    std::string layoutOptions;          ///< "--layout canvas --assignment-prefix x", shell-quoted, for both jobs ("" when recognized)
    std::string gradeOptions;           ///< "--seed 7 --lessons-at-once 2", for each array task ("" when none)
    std::string mergeOptions;           ///< the merge job's --roster, --export, ..., shell-quoted
};

/// The job-array script: one task per shard, `#SBATCH --gres=gpu:1` when the gpu backend is wanted.
std::string slurmArrayScript(const SlurmJob& job, const std::filesystem::path& arrayScript,
                             const std::filesystem::path& mergeScript);
/// The merge job, run after the array (sbatch --dependency=afterany:JOBID).
std::string slurmMergeScript(const SlurmJob& job);

}  // namespace grader
