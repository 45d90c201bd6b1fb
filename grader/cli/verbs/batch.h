// `grader batch`: the command's flow and everything it prints. Grading
// (batch.h) and merging return values; this turns them into a few lines
// for a person and an exit code: 0 done, 1 done but incomplete (results
// missing, or the grader's own errors in some), 2 could not run, 130
// interrupted (Ctrl-C or SIGTERM; the results finished before are kept).
// Non-goal: grading (batch/); the verb's options are batchVerb's (batch.cpp).
#pragma once

#include <optional>
#include <ostream>
#include <string>

#include "batch/batch.h"
#include "cli/verb.h"

namespace grader {

/// The batch subcommand's arguments, as parsed.
struct BatchCommand {
    BatchOptions options;
    std::optional<std::string> shard;        ///< "K/N"
    std::optional<std::string> slurmScript;  ///< write the Slurm scripts instead of grading
    int shards = 0;                          ///< shards for --slurm-script (0: one per 25 submissions)
    std::string partition, account;          ///< --slurm-script: #SBATCH --partition / --account ("" leaves them out)
    std::string time;                        ///< --slurm-script: each task's time limit ("" keeps 02:00:00)
    int cpusPerTask = 0;                     ///< --slurm-script: CPUs (and -j) per task (0: -j, else 4)
    bool merge = false;                      ///< only build the class outputs
    std::optional<std::string> profile;      ///< --profile: write where the time went (time_report.h) to this JSON file
};

/// Runs the command; prints to `out` (results) and `err` (progress, errors).
ExitCode runBatchCommand(const Course& course, BatchCommand command, std::ostream& out, std::ostream& err);

}  // namespace grader
