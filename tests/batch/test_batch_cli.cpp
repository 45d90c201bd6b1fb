// `grader batch` end to end, run as a separate process like an instructor
// runs it: hostile submissions in the sandbox, a kill -9 mid-way and the
// rerun, shards as separate processes, the Slurm scripts, and the refusal
// to run without a sandbox.
#include <arpa/inet.h>
#include <doctest/doctest.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>
#include <thread>

#include <archive.h>
#include <archive_entry.h>

#include "test_support.h"
#include "core/process.h"

namespace fs = std::filesystem;

namespace {

const fs::path kKit = KIT_SOURCE_DIR;
const fs::path kTestCourse = kKit / "tests" / "batch" / "course.yaml";
const fs::path kSharedCache = BATCH_TEST_CACHE;

/// How a grader run ended.
struct Outcome {
    int exitCode = -1;
    std::string output;
};

/// Runs `grader ARGS` to the end with extra environment entries.
Outcome runGrader(const std::vector<std::string>& args, const std::vector<std::string>& env = {}) {
    std::vector<std::string> argv = {GRADER_EXE};
    argv.insert(argv.end(), args.begin(), args.end());
    grader::ProcessLimits limits;
    limits.wallSeconds = 300;
    limits.outputBytes = 64LL << 20;
    limits.memoryBytes = 0;  // no data limit: the grader's sanitizer build reserves terabytes of shadow memory
    std::vector<std::string> fullEnv = {"NO_COLOR=1"};
    fullEnv.insert(fullEnv.end(), env.begin(), env.end());
    grader::ProcessResult result = grader::runProcess(argv, limits, kKit, fullEnv);
    return {result.exitCode, result.output + (result.succeeded() ? "" : "\n(grader " + result.describe() + ")")};
}

/// Starts `grader ARGS` in the background; its output goes to `log`.
pid_t startGrader(const std::vector<std::string>& args, const std::vector<std::string>& env, const fs::path& log) {
    const pid_t pid = fork();
    if (pid == 0) {
        const int fd = open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        dup2(fd, 1);
        dup2(fd, 2);
        for (const auto& e : env) putenv(const_cast<char*>(e.c_str()));
        std::vector<char*> argv = {const_cast<char*>(GRADER_EXE)};
        for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
        argv.push_back(nullptr);
        execv(GRADER_EXE, argv.data());
        _exit(127);
    }
    return pid;
}

int waitExit(pid_t pid) {
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/// Live (not zombie) processes whose executable lies under `dir`, or whose name starts with `name`.
std::vector<std::string> survivors(const fs::path& dir, const std::string& name) {
    std::vector<std::string> found;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator("/proc", ec)) {
        const std::string pid = entry.path().filename().string();
        if (pid.find_first_not_of("0123456789") != std::string::npos) continue;
        const std::string stat = readText(entry.path() / "stat");
        const size_t close = stat.rfind(')');
        if (close == std::string::npos || close + 2 >= stat.size() || stat[close + 2] == 'Z') continue;
        std::string comm = readText(entry.path() / "comm");
        if (!comm.empty() && comm.back() == '\n') comm.pop_back();
        const fs::path exe = fs::read_symlink(entry.path() / "exe", ec);
        const bool underDir = !dir.empty() && !ec && exe.string().rfind(dir.string(), 0) == 0;
        if (underDir || (!name.empty() && comm.rfind(name, 0) == 0)) found.push_back(pid + " " + comm);
    }
    return found;
}

/// Waits up to `seconds` for `survivors` to be empty.
std::vector<std::string> survivorsAfter(double seconds, const fs::path& dir, const std::string& name) {
    const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    auto left = survivors(dir, name);
    while (!left.empty() && std::chrono::steady_clock::now() < end) {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        left = survivors(dir, name);
    }
    return left;
}

nlohmann::json loadJson(const fs::path& path) { return nlohmann::json::parse(readText(path)); }

/// `count` lesson-1 students, each a copy of the teacher's solution in its own layout.
void writeStudents(const fs::path& subs, int count) {
    const std::string solution = readText(kKit / "solutions" / "01-naive-kernel" / "matmul_naive.cu");
    for (int i = 0; i < count; ++i)
        writeText(subs / ("student" + std::to_string(i)) / "lesson1" / "matmul_naive.cu", "// student " + std::to_string(i) + "\n" + solution);
}

/// Writes one file into a new archive at `path` in libarchive's `format` (e.g. "7zip", "zip").
void writeOneFileArchive(const fs::path& path, const std::string& format, const std::string& entryPath, const std::string& data) {
    archive* a = archive_write_new();
    REQUIRE(archive_write_set_format_by_name(a, format.c_str()) == ARCHIVE_OK);
    REQUIRE(archive_write_open_filename(a, path.c_str()) == ARCHIVE_OK);
    archive_entry* entry = archive_entry_new();
    archive_entry_set_pathname(entry, entryPath.c_str());
    archive_entry_set_filetype(entry, AE_IFREG);
    archive_entry_set_perm(entry, 0644);
    archive_entry_set_size(entry, static_cast<la_int64_t>(data.size()));
    archive_write_header(a, entry);
    archive_write_data(a, data.data(), data.size());
    archive_entry_free(entry);
    archive_write_close(a);
    archive_write_free(a);
}

std::set<std::string> resultIds(const fs::path& out) {
    std::set<std::string> ids;
    for (const auto& e : fs::directory_iterator(out))
        if (e.path().extension() == ".json" && e.path().filename().string()[0] != '.') ids.insert(e.path().stem().string());
    return ids;
}

}  // namespace

TEST_CASE("hostile submissions each get a clear verdict inside their limits and the batch goes on") {
    TempFolder tmp("hostile");
    const fs::path subs = tmp.path / "class", out = tmp.path / "results", cache = tmp.path / "cache";
    // A listener on the host's loopback: a sandboxed connect must never reach it.
    const int listener = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    REQUIRE(bind(listener, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0);
    REQUIRE(listen(listener, 8) == 0);
    socklen_t length = sizeof address;
    getsockname(listener, reinterpret_cast<sockaddr*>(&address), &length);
    const std::string port = std::to_string(ntohs(address.sin_port));

    std::map<std::string, std::vector<std::smatch>> expectations;
    std::map<std::string, std::string> sources;
    for (const auto& entry : fs::directory_iterator(kKit / "tests" / "batch" / "hostile")) {
        std::string text = readText(entry.path());
        for (const auto& [placeholder, value] : std::vector<std::pair<std::string, std::string>>{
                 {"@KIT_DIR@", kKit.string()}, {"@SUBMISSIONS@", subs.string()}, {"@RESULTS@", out.string()}, {"@PORT@", port}})
            for (size_t at; (at = text.find(placeholder)) != std::string::npos;) text.replace(at, placeholder.size(), value);
        sources[entry.path().stem().string()] = text;
        writeText(subs / entry.path().stem() / "matmul_naive.cu", text);
    }
    writeText(subs / "peer" / "matmul_naive.cu", readText(kKit / "solutions" / "01-naive-kernel" / "matmul_naive.cu"));
    REQUIRE(sources.size() >= 12);

    const auto started = std::chrono::steady_clock::now();
    Outcome run = runGrader({"batch", subs.string(), "--out", out.string(), "--course", kTestCourse.string(), "-j", "2"},
                         {"GRADER_CACHE_DIR=" + cache.string()});
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    INFO(run.output);
    REQUIRE(run.exitCode == 0);
    CHECK(run.output.find("sandbox: bubblewrap") != std::string::npos);
    CHECK(seconds < 60);

    static const std::regex expectLine(R"(// expect: ([a-z]+) ([a-z]+) ?(.*))");
    for (const auto& source : sources) {  // no structured binding: clang 14 cannot capture one in doctest's lambdas
        const std::string& id = source.first;
        const std::string& text = source.second;
        const nlohmann::json result = loadJson(out / (id + ".json"));
        const nlohmann::json& checks = result["lessons"][0]["checks"];
        std::stringstream lines(text);
        int expectations = 0;
        for (std::string line; std::getline(lines, line);) {
            std::smatch m;
            if (!std::regex_match(line, m, expectLine)) continue;
            ++expectations;
            bool found = false;
            for (const auto& check : checks) {
                if (check["name"] != m[1].str()) continue;
                found = true;
                const std::string message = check["message"];
                CHECK_MESSAGE(check["status"] == m[2].str(), id << " " << m[1] << ": " << message);
                CHECK_MESSAGE(message.find(m[3].str()) != std::string::npos, id << " " << m[1] << ": " << message);
            }
            CHECK_MESSAGE(found, id << ": no check " << m[1]);
        }
        CHECK_MESSAGE(expectations > 0, id << " has no '// expect:' line");
    }
    CHECK(loadJson(out / "peer.json")["score"] == 5);

    CHECK_MESSAGE(accept(listener, nullptr, nullptr) < 0, "a sandboxed program connected to the host's loopback");
    close(listener);
    const auto left = survivorsAfter(2, cache, "hostile-");
    CHECK_MESSAGE(left.empty(), "still running after the batch: " << (left.empty() ? "" : left.front()));
    for (const fs::path& place : {kKit, subs, out, fs::path("/tmp")})
        CHECK_MESSAGE(!fs::exists(place / "HOSTILE_WAS_HERE"), "written outside its folder: " << place);
}

TEST_CASE("--no-sandbox really runs unconfined: the hostile verdicts above are the sandbox's doing") {
    TempFolder tmp("unconfined");
    const fs::path subs = tmp.path / "class", out = tmp.path / "results";
    for (const char* name : {"read_solutions", "include_solution"}) {
        std::string text = readText(kKit / "tests" / "batch" / "hostile" / (std::string(name) + ".cu"));
        for (size_t at; (at = text.find("@KIT_DIR@")) != std::string::npos;) text.replace(at, 9, kKit.string());
        writeText(subs / name / "matmul_naive.cu", text);
    }
    Outcome run = runGrader({"batch", subs.string(), "--out", out.string(), "--course", kTestCourse.string(), "--no-sandbox"},
                         {"GRADER_CACHE_DIR=" + kSharedCache.string()});
    INFO(run.output);
    REQUIRE(run.exitCode == 1);  // the emulator cannot run the included solution: a result the grader could not grade
    CHECK(run.output.find("warning: --no-sandbox") != std::string::npos);
    CHECK(loadJson(out / "read_solutions.json")["lessons"][0]["checks"][1]["status"] == "fail");  // it read the solution
    const std::string compile = loadJson(out / "include_solution.json")["lessons"][0]["checks"][0]["message"];
    // It found the solution: the launch inside it is one the emulator's front end does not rewrite.
    CHECK_MESSAGE(compile.find("not supported by the emulator: a kernel launch at " + (kKit / "solutions").string()) == 0, compile);
    CHECK(loadJson(out / "include_solution.json")["sandboxed"] == false);
}

TEST_CASE("without a working sandbox batch refuses to run and says how to proceed") {
    TempFolder tmp("no-bwrap");
    writeStudents(tmp.path / "class", 1);
    Outcome run = runGrader({"batch", (tmp.path / "class").string(), "--out", (tmp.path / "results").string(), "--course",
                          kTestCourse.string()},
                         {"GRADER_BWRAP=/nonexistent/bwrap"});
    CHECK(run.exitCode == 2);
    CHECK(run.output.find("refusing to run student code without a sandbox: bubblewrap is not installed") != std::string::npos);
    CHECK(run.output.find("--no-sandbox") != std::string::npos);
    CHECK_FALSE(fs::exists(tmp.path / "results" / "student0.json"));
}

TEST_CASE("kill -9 mid-way loses nothing finished and the rerun regrades only what is missing or changed") {
    TempFolder tmp("resume");
    const fs::path subs = tmp.path / "class", out = tmp.path / "results", cache = tmp.path / "cache";
    writeStudents(subs, 5);
    writeText(subs / "slowpoke" / "matmul_naive.cu", readText(kKit / "tests" / "batch" / "hostile" / "infinite_loop.cu"));
    const std::vector<std::string> args = {"batch", subs.string(), "--out", out.string(), "--course", kTestCourse.string(), "-j", "2"};
    const std::vector<std::string> env = {"GRADER_CACHE_DIR=" + cache.string()};

    const pid_t pid = startGrader(args, env, tmp.path / "first.log");
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
    while ((!fs::exists(out) || resultIds(out).size() < 2) && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    kill(pid, SIGKILL);
    waitExit(pid);
    const std::set<std::string> finished = resultIds(out);
    INFO(readText(tmp.path / "first.log"));
    REQUIRE(finished.size() >= 2);
    REQUIRE(finished.size() < 6);
    const auto left = survivorsAfter(3, cache, "");
    CHECK_MESSAGE(left.empty(), "student code outlived the killed grader: " << (left.empty() ? "" : left.front()));
    std::map<std::string, fs::file_time_type> written;
    for (const auto& id : finished) written[id] = fs::last_write_time(out / (id + ".json"));

    Outcome rerun = runGrader(args, env);
    INFO(rerun.output);
    REQUIRE(rerun.exitCode == 0);
    const std::string expected = std::to_string(6 - finished.size()) + " done now, " + std::to_string(finished.size()) + " up to date";
    CHECK(rerun.output.find("6 entries: 6 graded, 0 refused, 0 not graded (this run: " + expected) != std::string::npos);
    for (const auto& [name, time] : written) {
        const std::string& id = name;  // clang 14 cannot capture a structured binding in doctest's lambdas
        CHECK_MESSAGE(fs::last_write_time(out / (id + ".json")) == time, id << " was graded again");
    }
    CHECK(resultIds(out).size() == 6);

    const std::string changed = *finished.begin() == "slowpoke" ? *std::next(finished.begin()) : *finished.begin();
    writeText(subs / changed / "lesson1" / "matmul_naive.cu", "// resubmitted\n" + readText(kKit / "solutions" / "01-naive-kernel" / "matmul_naive.cu"));
    Outcome third = runGrader(args, env);
    CHECK(third.output.find("6 entries: 6 graded, 0 refused, 0 not graded (this run: 1 done now, 5 up to date") != std::string::npos);
}

TEST_CASE("Ctrl-C stops a batch cleanly: finished results kept, none cut short, no half-built cache entry, and it says so") {
    TempFolder tmp("interrupt");
    const fs::path subs = tmp.path / "class", out = tmp.path / "results", cache = tmp.path / "cache", profile = tmp.path / "profile.json";
    writeStudents(subs, 5);
    writeText(subs / "slowpoke" / "matmul_naive.cu", readText(kKit / "tests" / "batch" / "hostile" / "infinite_loop.cu"));
    const std::vector<std::string> args = {"batch", subs.string(), "--out", out.string(), "--course", kTestCourse.string(), "-j", "2",
                                           "--profile", profile.string()};
    const std::vector<std::string> env = {"GRADER_CACHE_DIR=" + cache.string()};

    const pid_t pid = startGrader(args, env, tmp.path / "first.log");
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
    while ((!fs::exists(out) || resultIds(out).size() < 2) && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    kill(pid, SIGINT);
    const int status = waitExit(pid);
    const std::string log = readText(tmp.path / "first.log");
    INFO(log);
    CHECK(status == 130);
    const std::set<std::string> kept = resultIds(out);
    CHECK(log.find("interrupted: " + std::to_string(kept.size()) + " of 6 results kept") != std::string::npos);
    CHECK(log.find("rerun the same command to continue") != std::string::npos);
    for (const auto& id : kept) {  // every result kept is a whole one: the solution's full marks, or the hang's timeout
        const auto result = loadJson(out / (id + ".json"));
        if (id != "slowpoke") CHECK_MESSAGE(result["score"] == 5, id);
    }
    for (const auto& entry : fs::directory_iterator(cache))
        CHECK_MESSAGE(entry.path().filename().string().find(".tmp-") == std::string::npos, entry.path());
    CHECK(survivorsAfter(3, cache, "").empty());
    // The profile of the run cut short says so and holds what ran before the interruption.
    const auto cutShort = loadJson(profile);
    CHECK(cutShort["complete"] == false);
    CHECK(cutShort["lessons"]["lesson1"]["compile_s"].get<double>() > 0);
    CHECK(cutShort["lessons"]["lesson1"]["compiles"].get<int>() >= 1);

    Outcome rerun = runGrader(args, env);
    INFO(rerun.output);
    CHECK(rerun.exitCode == 0);
    CHECK(resultIds(out).size() == 6);
    const auto whole = loadJson(profile);
    CHECK(whole["complete"] == true);
    CHECK(whole["backend"] == "cpu");
    CHECK(whole["jobs"] == 2);
    CHECK(whole["sandbox_start_each_s"].get<double>() > 0);  // bubblewrap's namespaces cost something to set up
    const auto& total = whole["total"];
    CHECK(total["emulator_s"].get<double>() > 0);
    CHECK(total["emulator_processes"].get<int>() > 0);
    CHECK(total["sandbox_start_s"].get<double>() > 0);
    CHECK(total["gpu_processes"] == 0);
    CHECK(total["gpu_shared_s"].get<double>() == 0);
    CHECK(rerun.output.find("time by lesson, summed over the class (seconds):") != std::string::npos);
    CHECK(rerun.output.find("  lesson1 ") != std::string::npos);
}

TEST_CASE("shards run as separate processes into one results folder and the merge builds the class outputs") {
    TempFolder tmp("shards");
    const fs::path subs = tmp.path / "class", out = tmp.path / "results";
    writeStudents(subs, 7);
    const std::vector<std::string> env = {"GRADER_CACHE_DIR=" + kSharedCache.string()};
    std::vector<pid_t> shards;
    for (int k = 1; k <= 3; ++k)
        shards.push_back(startGrader({"batch", subs.string(), "--out", out.string(), "--course", kTestCourse.string(), "--shard",
                                      std::to_string(k) + "/3", "-j", "1"},
                                     env, tmp.path / ("shard" + std::to_string(k) + ".log")));
    for (pid_t pid : shards) CHECK(waitExit(pid) == 0);
    CHECK_FALSE(fs::exists(out / "gradebook.csv"));  // a shard writes only its students
    std::set<std::string> shardOfEach;
    for (const auto& id : resultIds(out)) shardOfEach.insert(loadJson(out / (id + ".json"))["shard"].get<std::string>());
    CHECK(resultIds(out).size() == 7);
    CHECK(shardOfEach.size() >= 2);

    Outcome merge = runGrader({"batch", subs.string(), "--out", out.string(), "--course", kTestCourse.string(), "--merge",
                               "--feedback", (out / "feedback").string()},
                              env);
    INFO(merge.output);
    CHECK(merge.exitCode == 0);
    for (int i = 0; i < 7; ++i)  // the merge of shards writes every student's feedback
        for (const char* ext : {".txt", ".html"})
            CHECK_MESSAGE(fs::is_regular_file(out / "feedback" / ("student" + std::to_string(i) + ext)), i << ext);
    const std::string csv = readText(out / "gradebook.csv");
    CHECK(std::count(csv.begin(), csv.end(), '\n') == 8);
    CHECK(csv.find("student6,student6,student6,5,0,5,9,,graded,lesson2 not submitted") != std::string::npos);
}

TEST_CASE("a messy class: every entry gets a row and its feedback, ids stay distinct, names are kept, and the counts add up") {
    TempFolder tmp("messy");
    const fs::path subs = tmp.path / "class", out = tmp.path / "results";
    const std::string solution = readText(kKit / "solutions" / "01-naive-kernel" / "matmul_naive.cu");
    writeText(subs / "Zo\xc3\xab Smith" / "lesson1" / "matmul_naive.cu", solution);  // both become Zo___Smith
    writeText(subs / "Zo\xc3\xa9 Smith" / "lesson1" / "matmul_naive.cu", solution);
    writeText(subs / "anna" / "matmul_naive.cu", solution);
    writeOneFileArchive(subs / "anna.zip", "zip", "anna/matmul_naive.cu", solution);  // the same id as the folder
    writeOneFileArchive(subs / "bob.7z", "7zip", "bob/01-naive-kernel/matmul_naive.cu", solution);
    fs::copy_file(kKit / "tests" / "batch" / "carol.rar", subs / "carol.rar");  // libarchive cannot write RAR: see make_rar.py
    writeText(subs / "frank_matmul_naive.cu", solution);  // a loose file: lesson 1 by its name
    writeText(subs / "notes.txt", "not a submission");
    fs::create_directories(subs / "empty");
    fs::create_symlink(subs / "anna", subs / "alias");
    const int entries = 10;

    const fs::path feedback = tmp.path / "feedback";
    Outcome graded = runGrader({"batch", subs.string(), "--out", out.string(), "--course", kTestCourse.string(), "--backend", "cpu",
                                "-j", "2", "--feedback", feedback.string()},
                               {"GRADER_CACHE_DIR=" + kSharedCache.string()});
    INFO(graded.output);
    REQUIRE(graded.exitCode == 0);
    CHECK(graded.output.find("10 entries: 8 graded, 0 refused, 2 not graded (this run: 10 done now") != std::string::npos);
    CHECK(graded.output.find("feedback: " + feedback.string() + "/ (<id>.html and <id>.txt for each of 10 students)") != std::string::npos);
    for (const auto& id : resultIds(out))
        for (const char* ext : {".txt", ".html"}) CHECK_MESSAGE(fs::is_regular_file(feedback / (id + ext)), id << ext);
    const std::string zoeText = readText(feedback / "Zo___Smith-2.txt"), zoeHtml = readText(feedback / "Zo___Smith-2.html");
    CHECK(zoeText.rfind("Feedback for Zo\xc3\xab Smith (filed as Zo___Smith-2)\n", 0) == 0);
    CHECK(zoeHtml.find("<meta charset=\"utf-8\">") != std::string::npos);
    CHECK(zoeHtml.find("<h1>Feedback for Zo\xc3\xab Smith</h1>") != std::string::npos);
    CHECK(zoeText.find("Rerun this lesson: build/grader/grader check lesson1 starter/01-naive-kernel/matmul_naive.cu --seed ") !=
          std::string::npos);
    CHECK(zoeText.find("Graded: Zo\xc3\xab Smith/lesson1/matmul_naive.cu\n") != std::string::npos);
    CHECK(readText(feedback / "alias.txt").find("Your submission could not be graded: a link") != std::string::npos);
    const std::string bob = readText(feedback / "bob.txt");  // an archive: named as handed in, never in a command
    CHECK(bob.find("Graded: bob.7z/bob/01-naive-kernel/matmul_naive.cu\n") != std::string::npos);
    std::stringstream lines(bob);
    for (std::string line; std::getline(lines, line);)
        if (line.find("grader/grader") != std::string::npos) CHECK_MESSAGE(line.find("bob.7z") == std::string::npos, line);
    CHECK(resultIds(out).size() == entries);
    const std::string csv = readText(out / "gradebook.csv");
    CHECK(std::count(csv.begin(), csv.end(), '\n') == entries + 1);
    for (const char* row : {"Zo___Smith,Zo\xc3\xa9 Smith,Zo\xc3\xa9 Smith,5,", "Zo___Smith-2,Zo\xc3\xab Smith,Zo\xc3\xab Smith,5,", "anna,anna,anna,5,",
                            "anna-2,anna,anna.zip,5,", "bob,bob,bob.7z,5,", "carol,carol,carol.rar,5,",
                            "frank_matmul_naive,frank_matmul_naive,frank_matmul_naive.cu,5,", "empty,empty,empty,0,"})
        CHECK_MESSAGE(csv.find(row) != std::string::npos, row);
    CHECK(csv.find("alias,alias,alias,0,0,0,9,,not graded,a link") != std::string::npos);
    CHECK(csv.find("notes.txt,notes.txt,notes.txt,0,0,0,9,,not graded,\"not a folder") != std::string::npos);

    Outcome again = runGrader({"batch", subs.string(), "--out", out.string(), "--course", kTestCourse.string(), "--backend", "cpu"},
                              {"GRADER_CACHE_DIR=" + kSharedCache.string()});
    CHECK(again.output.find("10 entries: 8 graded, 0 refused, 2 not graded (this run: 0 done now, 10 up to date") != std::string::npos);
}

TEST_CASE("--merge refuses results graded under another course.yaml, and a plain run regrades exactly those") {
    TempFolder tmp("versions");
    const fs::path subs = tmp.path / "class", out = tmp.path / "results", course = tmp.path / "course.yaml";
    writeStudents(subs, 2);
    std::string text = readText(kTestCourse);
    writeText(course, text);
    const std::vector<std::string> env = {"GRADER_CACHE_DIR=" + kSharedCache.string()};
    const std::vector<std::string> batch = {"batch", subs.string(), "--out", out.string(), "--course", course.string(), "--backend", "cpu"};
    REQUIRE(runGrader(batch, env).exitCode == 0);

    const size_t at = text.find("points: 4");
    REQUIRE(at != std::string::npos);
    writeText(course, text.replace(at, 9, "points: 5"));  // staff change a check's points
    std::vector<std::string> merge = batch;
    merge.push_back("--merge");
    Outcome refused = runGrader(merge, env);
    INFO(refused.output);
    CHECK(refused.exitCode != 0);
    CHECK(refused.output.find("2 results were graded under another course.yaml (student0, student1)") != std::string::npos);

    Outcome regraded = runGrader(batch, env);
    INFO(regraded.output);
    CHECK(regraded.exitCode == 0);
    CHECK(regraded.output.find("this run: 2 done now, 0 up to date") != std::string::npos);
    CHECK(runGrader(merge, env).exitCode == 0);
}

TEST_CASE("the Slurm scripts run one array task per shard and then the merge") {
    TempFolder tmp("slurm");
    const fs::path subs = tmp.path / "class", out = tmp.path / "results", script = tmp.path / "grade.sbatch";
    writeStudents(subs, 4);
    Outcome written = runGrader({"batch", subs.string(), "--out", out.string(), "--course", kTestCourse.string(), "--slurm-script",
                              script.string(), "--shards", "2", "--backend", "cpu", "-j", "1", "--feedback", (out / "feedback").string()});
    INFO(written.output);
    REQUIRE(written.exitCode == 0);
    const std::string text = readText(script);
    CHECK(text.find("#SBATCH --array=1-2") != std::string::npos);
    CHECK(text.find("--gres") == std::string::npos);
    CHECK(fs::exists(tmp.path / "grade-merge.sbatch"));
    CHECK(fs::is_directory(out / "slurm"));

    // What Slurm would do on two nodes: each array task runs the script with its task id.
    const std::string cache = "GRADER_CACHE_DIR=" + kSharedCache.string();
    std::vector<pid_t> tasks;
    for (int k = 1; k <= 2; ++k) {
        const pid_t pid = fork();
        if (pid == 0) {
            const std::string id = "SLURM_ARRAY_TASK_ID=" + std::to_string(k);
            putenv(const_cast<char*>(id.c_str()));
            putenv(const_cast<char*>(cache.c_str()));
            const int fd = open((out / "slurm" / ("shard-" + std::to_string(k) + ".log")).c_str(), O_WRONLY | O_CREAT, 0644);
            dup2(fd, 1);
            dup2(fd, 2);
            execl("/bin/bash", "bash", script.c_str(), nullptr);
            _exit(127);
        }
        tasks.push_back(pid);
    }
    for (pid_t pid : tasks) CHECK(waitExit(pid) == 0);
    grader::ProcessLimits limits;
    limits.wallSeconds = 120;
    limits.memoryBytes = 0;  // the merge job runs the grader (see runGrader)
    const auto merged = grader::runProcess({"/bin/bash", (tmp.path / "grade-merge.sbatch").string()}, limits, {}, {cache});
    INFO(merged.output);
    CHECK(merged.exitCode == 0);
    CHECK(resultIds(out).size() == 4);
    CHECK(readText(out / "gradebook.csv").find("student3,student3,student3,5,0,5,9,,graded") != std::string::npos);
    CHECK(fs::is_regular_file(out / "feedback" / "student3.txt"));  // the merge job writes the feedback
}

TEST_CASE("every option of grader batch reaches the Slurm jobs that read it, or --slurm-script refuses it") {
    TempFolder tmp("slurm-options");
    const fs::path subs = tmp.path / "class", out = tmp.path / "results", script = tmp.path / "grade.sbatch";
    writeStudents(subs, 2);
    writeText(tmp.path / "roster.csv", "id,name\nstudent1,One\nstudent2,Two\n");
    // Each option of `grader batch --help`: its arguments, and the script (array, merge, both) that must carry them,
    // "refused" (exit 2), or "slurm" (the script's own options: its #SBATCH lines).
    struct Expect {
        std::vector<std::string> args;
        std::string where, text;
    };
    const std::map<std::string, Expect> expected = {
        {"--help", {{}, "skip", ""}},
        {"--out", {{}, "skip", ""}},
        {"--course", {{}, "skip", ""}},
        {"--slurm-script", {{}, "skip", ""}},
        {"--shards", {{"--shards", "3"}, "array", "#SBATCH --array=1-3"}},
        {"--partition", {{"--partition", "gpuq"}, "both", "#SBATCH --partition=gpuq"}},
        {"--account", {{"--account", "cs101"}, "both", "#SBATCH --account=cs101"}},
        {"--time", {{"--time", "00:20:00"}, "array", "#SBATCH --time=00:20:00"}},
        {"--cpus-per-task", {{"--cpus-per-task", "3"}, "array", "#SBATCH --cpus-per-task=3"}},
        {"--jobs", {{"-j", "5"}, "array", "-j \"${SLURM_CPUS_PER_TASK:-5}\""}},
        {"--lessons-at-once", {{"--lessons-at-once", "2"}, "array", "--lessons-at-once 2"}},
        {"--lookahead", {{"--lookahead", "3"}, "array", "--lookahead 3"}},
        {"--gpu-turns", {{"--gpu-turns", "work"}, "array", "--gpu-turns work"}},
        {"--timing-gather", {{"--timing-gather", "1.5"}, "array", "--timing-gather 1.5"}},
        {"--backend", {{"--backend", "cpu"}, "array", "--backend cpu"}},
        {"--gpus", {{"--gpus", "0"}, "refused", "--gpus"}},
        {"--no-sandbox", {{"--no-sandbox"}, "array", "--no-sandbox"}},
        {"--shard", {{"--shard", "1/2"}, "refused", "--slurm-script"}},
        {"--merge", {{"--merge"}, "refused", "--slurm-script"}},
        {"--seed", {{"--seed", "7"}, "array", "--seed 7"}},
        {"--feedback", {{"--feedback", (tmp.path / "fb").string()}, "merge", "--feedback"}},
        {"--layout", {{"--layout", "folders"}, "both", "--layout folders"}},
        {"--roster", {{"--roster", (tmp.path / "roster.csv").string()}, "merge", "--roster"}},
        {"--roster-columns", {{"--roster", (tmp.path / "roster.csv").string(), "--roster-columns", "id=id"}, "merge", "--roster-columns id=id"}},
        {"--export", {{"--export", "csv"}, "merge", "--export csv"}},
        {"--assignment", {{"--assignment", "HW"}, "merge", "--assignment HW"}},
        {"--assignment-id", {{"--assignment-id", "77"}, "merge", "--assignment-id 77"}},
        {"--missing-as-zero", {{"--missing-as-zero"}, "merge", "--missing-as-zero"}},
        {"--names", {{"--names"}, "merge", "--names"}},
        {"--profile", {{"--profile", (tmp.path / "where.json").string()}, "array", "where-shard-\"${SLURM_ARRAY_TASK_ID}\".json"}},
        {"--assignment-prefix", {{"--assignment-prefix", "hw"}, "both", "--assignment-prefix hw"}},
    };
    const Outcome help = runGrader({"batch", "--help"});
    REQUIRE(help.exitCode == 0);
    static const std::regex optionLine(R"(\n  (?:-[a-z],)?(--[a-z-]+))");
    int seen = 0;
    for (auto it = std::sregex_iterator(help.output.begin(), help.output.end(), optionLine); it != std::sregex_iterator(); ++it) {
        const std::string option = (*it)[1].str();
        CAPTURE(option);
        auto found = expected.find(option);
        REQUIRE_MESSAGE(found != expected.end(), "a batch option the Slurm scripts neither pass on nor refuse: add it to shard.cpp's jobs or refuse it");
        ++seen;
        const Expect& e = found->second;
        if (e.where == "skip") continue;
        std::vector<std::string> args = {"batch", subs.string(), "--out", out.string(), "--course", kTestCourse.string(), "--slurm-script",
                                         script.string()};
        args.insert(args.end(), e.args.begin(), e.args.end());
        const Outcome written = runGrader(args);
        INFO(written.output);
        if (e.where == "refused") {
            CHECK(written.exitCode == 2);
            CHECK(written.output.find(e.text) != std::string::npos);
            continue;
        }
        REQUIRE(written.exitCode == 0);
        const std::string array = readText(script), merge = readText(tmp.path / "grade-merge.sbatch");
        if (e.where == "array" || e.where == "both") CHECK(array.find(e.text) != std::string::npos);
        if (e.where == "merge" || e.where == "both") CHECK(merge.find(e.text) != std::string::npos);
    }
    CHECK(seen == static_cast<int>(expected.size()));
}

TEST_CASE("an empty submissions folder is said plainly and exits 1, its (empty) class outputs written") {
    TempFolder tmp("empty-class");
    fs::create_directories(tmp.path / "class");
    writeText(tmp.path / "class" / ".DS_Store", "hidden");
    const Outcome run = runGrader({"batch", (tmp.path / "class").string(), "--out", (tmp.path / "results").string(), "--course",
                                   kTestCourse.string(), "--backend", "cpu"});
    INFO(run.output);
    CHECK(run.exitCode == 1);
    CHECK(run.output.find("warning: " + (tmp.path / "class").string() + " holds no submission") != std::string::npos);
    CHECK(fs::exists(tmp.path / "results" / "gradebook.csv"));
}
