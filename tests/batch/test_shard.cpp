// Shards: K/N parsing, a stable and balanced id -> shard map, and the Slurm
// scripts' essentials (one task per shard, a GPU when asked, the merge).
#include <doctest/doctest.h>

#include <map>

#include "batch/shard.h"

using namespace grader;

namespace {

/// A job with the absolute paths `grader batch --slurm-script` fills in.
SlurmJob sampleJob() {
    SlurmJob job;
    job.grader = "/opt/grader";
    job.course = "/c/course.yaml";
    job.submissions = "/c/class";
    job.out = "/c/results";
    return job;
}

}  // namespace

TEST_CASE("--shard K/N parses and nonsense is an error naming the rule") {
    auto spec = parseShard("2/8");
    REQUIRE(spec.ok());
    CHECK(spec->index == 2);
    CHECK(spec->count == 8);
    CHECK(spec->text() == "2/8");
    CHECK_FALSE(parseShard("0/4").ok());
    CHECK_FALSE(parseShard("5/4").ok());
    CHECK_FALSE(parseShard("2").ok());
    CHECK_FALSE(parseShard("a/b").ok());
    CHECK(parseShard("2of4").error().hint.find("--shard 2/8") != std::string::npos);
}

TEST_CASE("every id lands in one stable shard and shards are balanced") {
    std::map<int, int> sizes;
    for (int i = 0; i < 1000; ++i) {
        const std::string id = "s" + std::to_string(i);
        const int shard = shardOf(id, 4);
        REQUIRE(shard >= 1);
        REQUIRE(shard <= 4);
        CHECK(shardOf(id, 4) == shard);
        ++sizes[shard];
    }
    for (const auto& [shard, size] : sizes) CHECK(size > 200);
    CHECK(shardOf("anyone", 1) == 1);
}

TEST_CASE("the Slurm array script runs one shard per task and asks for a GPU only for the gpu backend") {
    SlurmJob job = sampleJob();
    job.submissions = "/data/class of 2025";
    job.shards = 8;
    job.backend = "gpu";
    const std::string script = slurmArrayScript(job, "/shared/grade.sbatch", "/shared/grade-merge.sbatch");
    CHECK(script.rfind("#!/bin/bash\n", 0) == 0);
    CHECK(script.find("#SBATCH --array=1-8\n") != std::string::npos);
    CHECK(script.find("#SBATCH --gres=gpu:1\n") != std::string::npos);
    CHECK(script.find("--shard \"${SLURM_ARRAY_TASK_ID}/8\"") != std::string::npos);
    CHECK(script.find("'/data/class of 2025'") != std::string::npos);
    CHECK(script.find("sbatch --dependency=afterany:") != std::string::npos);
    job.backend = "cpu";
    CHECK(slurmArrayScript(job, "/a", "/b").find("--gres") == std::string::npos);
    const std::string merge = slurmMergeScript(job);
    CHECK(merge.find(" --merge\n") != std::string::npos);
    CHECK(merge.find("--shard") == std::string::npos);
}

TEST_CASE("the Slurm scripts carry the partition, account, time and CPUs a cluster asks for") {
    SlurmJob job = sampleJob();
    CHECK(slurmArrayScript(job, "/a", "/b").find("--partition") == std::string::npos);
    job.partition = "gpu-short";
    job.account = "cs101";
    job.time = "00:30:00";
    job.cpusPerTask = 8;
    const std::string script = slurmArrayScript(job, "/a", "/b");
    CHECK(script.find("#SBATCH --partition=gpu-short\n") != std::string::npos);
    CHECK(script.find("#SBATCH --account=cs101\n") != std::string::npos);
    CHECK(script.find("#SBATCH --time=00:30:00\n") != std::string::npos);
    CHECK(script.find("#SBATCH --cpus-per-task=8\n") != std::string::npos);
    const std::string merge = slurmMergeScript(job);
    CHECK(merge.find("#SBATCH --partition=gpu-short\n") != std::string::npos);
    CHECK(merge.find("#SBATCH --account=cs101\n") != std::string::npos);
}

TEST_CASE("a GPU array keeps the cluster's options, and only its tasks ask for the GPU, one each") {
    SlurmJob job = sampleJob();
    job.backend = "gpu";
    job.partition = "gpu";
    job.account = "cs101";
    job.time = "01:00:00";
    job.cpusPerTask = 2;
    const std::string script = slurmArrayScript(job, "/a", "/b");
    for (const char* line : {"#SBATCH --gres=gpu:1\n", "#SBATCH --partition=gpu\n", "#SBATCH --account=cs101\n",
                             "#SBATCH --time=01:00:00\n", "#SBATCH --cpus-per-task=2\n"})
        CHECK_MESSAGE(script.find(line) != std::string::npos, line);
    CHECK(script.find("--gres=gpu:1\n") == script.rfind("--gres=gpu:1\n"));
    CHECK(script.find("--backend gpu") != std::string::npos);
    CHECK(slurmMergeScript(job).find("--gres") == std::string::npos);
}

TEST_CASE("an LMS layout reaches every task, and the roster and exports reach the merge job") {
    SlurmJob job = sampleJob();
    job.layoutOptions = "--layout canvas";
    job.mergeOptions = "--roster '/c/roster of 2025.csv' --export canvas --assignment-id 4242";
    const std::string array = slurmArrayScript(job, "/a", "/b");
    CHECK(array.find("--course /c/course.yaml --layout canvas --shard") != std::string::npos);
    CHECK(array.find("--roster") == std::string::npos);
    const std::string merge = slurmMergeScript(job);
    CHECK(merge.find("--layout canvas --merge --roster '/c/roster of 2025.csv' --export canvas --assignment-id 4242\n") != std::string::npos);
}
