// Shard parsing, the stable id -> shard map, and the Slurm script text.
#include "batch/shard.h"

#include <charconv>

#include "core/escape.h"
#include "core/toolchain.h"

namespace grader {

namespace {

bool parseInt(const std::string& text, int& value) {
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    return ec == std::errc() && end == text.data() + text.size();
}

std::string commonOptions(const SlurmJob& job) {
    return shellQuote(job.grader.string()) + " batch " + shellQuote(job.submissions.string()) + " --out " +
           shellQuote(job.out.string()) + " --course " + shellQuote(job.course.string()) +
           (job.layoutOptions.empty() ? "" : " " + job.layoutOptions);
}

}  // namespace

Expected<ShardSpec> parseShard(const std::string& text) {
    const auto slash = text.find('/');
    ShardSpec spec;
    if (slash == std::string::npos || !parseInt(text.substr(0, slash), spec.index) || !parseInt(text.substr(slash + 1), spec.count))
        return Error{"--shard", "expected K/N, got '" + text + "'", "e.g. --shard 2/8 grades the second of eight shards"};
    if (spec.count < 1 || spec.index < 1 || spec.index > spec.count)
        return Error{"--shard", "shard " + text + " does not exist", "K runs from 1 to N"};
    return spec;
}

int shardOf(const std::string& id, int count) {
    if (count <= 1) return 1;
    const unsigned long long hash = std::stoull(contentHash(id), nullptr, 16);
    return static_cast<int>(hash % static_cast<unsigned long long>(count)) + 1;
}

/// The partition and account lines a cluster may require of every job.
static std::string slurmPlacement(const SlurmJob& job) {
    std::string s;
    if (!job.partition.empty()) s += "#SBATCH --partition=" + job.partition + "\n";
    if (!job.account.empty()) s += "#SBATCH --account=" + job.account + "\n";
    return s;
}

std::string slurmArrayScript(const SlurmJob& job, const std::filesystem::path& arrayScript,
                             const std::filesystem::path& mergeScript) {
    const bool gpu = job.backend == "gpu";
    const std::string logs = (job.out / "slurm").string();
    std::string s;
    s += "#!/bin/bash\n";
    s += "# Grades one shard of the class per array task into a results folder every\n";
    s += "# node shares (written by `grader batch --slurm-script`). On the login node,\n";
    s += "#   bash " + shellQuote(arrayScript.string()) + "\n";
    s += "# submits the array and then the merge job after it; by hand that is\n";
    s += "#   jobid=$(sbatch --parsable " + shellQuote(arrayScript.string()) + ")\n";
    s += "#   sbatch --dependency=afterany:$jobid " + shellQuote(mergeScript.string()) + "\n";
    s += "# Grading is resumable: a task that was killed can be resubmitted alone\n";
    s += "# (sbatch --array=K ...); students already graded are not graded again.\n";
    s += "#SBATCH --job-name=grader-batch\n";
    s += "#SBATCH --array=1-" + std::to_string(job.shards) + "\n";
    s += "#SBATCH --cpus-per-task=" + std::to_string(job.cpusPerTask) + "\n";
    if (gpu) s += "#SBATCH --gres=gpu:1\n";
    else s += "# (no GPU requested: --backend " + job.backend + "; write --backend gpu to grade on GPU nodes)\n";
    s += "#SBATCH --time=" + job.time + "\n";
    s += slurmPlacement(job);
    s += "#SBATCH --output=" + logs + "/shard-%a.log\n";
    s += "set -euo pipefail\n";
    s += "if [ -z \"${SLURM_ARRAY_TASK_ID:-}\" ]; then\n";
    s += "  jobid=$(sbatch --parsable \"$0\")\n";
    s += "  sbatch --dependency=afterany:\"${jobid%%;*}\" " + shellQuote(mergeScript.string()) + "\n";
    s += "  exit 0\n";
    s += "fi\n";
    s += "exec " + commonOptions(job) + " --shard \"${SLURM_ARRAY_TASK_ID}/" + std::to_string(job.shards) +
         "\" -j \"${SLURM_CPUS_PER_TASK:-" + std::to_string(job.cpusPerTask) + "}\" --backend " + job.backend +
         (job.sandbox ? "" : " --no-sandbox") + (job.gradeOptions.empty() ? "" : " " + job.gradeOptions) + "\n";
    return s;
}

std::string slurmMergeScript(const SlurmJob& job) {
    std::string s;
    s += "#!/bin/bash\n";
    s += "# Builds gradebook.csv, junit.xml, the Gradescope files and report.html from\n";
    s += "# the shards' results (written by `grader batch --slurm-script`; runs after the array).\n";
    if (!job.feedback.empty()) s += "# Also writes each student's feedback (--feedback).\n";
    s += "#SBATCH --job-name=grader-merge\n";
    s += "#SBATCH --cpus-per-task=1\n";
    s += "#SBATCH --time=00:15:00\n";
    s += slurmPlacement(job);
    s += "#SBATCH --output=" + (job.out / "slurm").string() + "/merge.log\n";
    s += "set -euo pipefail\n";
    s += "exec " + commonOptions(job) + " --merge" + (job.feedback.empty() ? "" : " --feedback " + shellQuote(job.feedback.string())) +
         (job.mergeOptions.empty() ? "" : " " + job.mergeOptions) + "\n";
    return s;
}

}  // namespace grader
