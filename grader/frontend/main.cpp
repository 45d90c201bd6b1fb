// cuda-frontend: the cpu emulator's front end as a program of its own, so a
// file that makes the parser fail, hang or run out of memory stops this
// child, never the grader (grader/backend/front_end.h runs it with limits).
//   cuda-frontend SOURCE --name NAME --out REWRITTEN.cpp --report REPORT.json [-- CLANG_ARGS...]
//   cuda-frontend --tokens LIST --out TOKENS.json
// It reads SOURCE, parses it as CUDA against the emulator's headers (the
// runtime folder it lies in), writes the rewritten source when the file
// parsed and the emulator can run it, and always writes the report: errors,
// unsupported constructs, shared variables and launches, as JSON. Exit
// status 0 when the report was written, 2 on a usage error.
// With --tokens it reads the files LIST names (one path a line) and writes
// their raw-lexed, normalized tokens (raw_tokens.h) as
// {"files": [{"tokens": [...], "lines": [...]} or {"error": ...}, ...]}, in
// LIST's order: what the grader's similarity of submissions compares.
// Non-goal: deciding verdicts (the grader reads the report).
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include <llvm/Support/thread.h>
#include <nlohmann/json.hpp>

#include "cuda_front_end.h"
#include "raw_tokens.h"

namespace {

/// The folder this program lies in: the grader's runtime folder.
std::filesystem::path runtimeFolder() {
    std::error_code error;
    const auto self = std::filesystem::read_symlink("/proc/self/exe", error);
    return error ? std::filesystem::current_path() : self.parent_path();
}

nlohmann::json toJson(const cudafe::Analysis& a) {
    nlohmann::json out = {{"errors", nlohmann::json::array()}, {"unsupported", nlohmann::json::array()},
                          {"shared", nlohmann::json::array()}, {"launches", nlohmann::json::array()}};
    for (const auto& e : a.errors)
        out["errors"].push_back({{"file", e.file}, {"line", e.line}, {"column", e.column}, {"message", e.message}, {"main_line", e.mainLine}});
    for (const auto& u : a.unsupported) out["unsupported"].push_back({{"construct", u.construct}, {"line", u.line}});
    for (const auto& s : a.shared)
        out["shared"].push_back({{"name", s.name}, {"line", s.line}, {"file_scope", s.fileScope}, {"dynamic", s.dynamic}});
    for (const auto& l : a.launches) out["launches"].push_back({{"kernel", l.kernel}, {"line", l.line}});
    return out;
}

int usage(const std::string& why) {
    std::cerr << "cuda-frontend: " << why
              << "\nusage: cuda-frontend SOURCE --name NAME --out REWRITTEN.cpp --report REPORT.json [-- CLANG_ARGS...]\n";
    return 2;
}

/// The --tokens mode: the tokens of every file `list` names, as JSON into `out`.
int writeTokens(const std::string& list, const std::string& out) {
    std::ifstream names(list);
    if (!names) return usage("cannot read " + list);
    nlohmann::json files = nlohmann::json::array();
    for (std::string path; std::getline(names, path);) {
        std::ifstream in(path, std::ios::binary);
        if (!in) {
            files.push_back({{"error", "cannot read the file"}});
            continue;
        }
        std::stringstream text;
        text << in.rdbuf();
        nlohmann::json tokens = nlohmann::json::array(), lines = nlohmann::json::array();
        for (const auto& token : cudafe::rawTokens(text.str())) {
            tokens.push_back(token.text);
            lines.push_back(token.line);
        }
        files.push_back({{"tokens", std::move(tokens)}, {"lines", std::move(lines)}});
    }
    std::ofstream(out) << nlohmann::json{{"files", std::move(files)}}.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc == 5 && std::string(argv[1]) == "--tokens" && std::string(argv[3]) == "--out") return writeTokens(argv[2], argv[4]);
    std::string source, name, out, report;
    std::vector<std::string> extra;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--") {
            extra.assign(argv + i + 1, argv + argc);
            break;
        }
        if ((arg == "--name" || arg == "--out" || arg == "--report") && i + 1 < argc) {
            (arg == "--name" ? name : arg == "--out" ? out : report) = argv[++i];
        } else if (source.empty() && !arg.empty() && arg[0] != '-') {
            source = arg;
        } else {
            return usage("unknown argument '" + arg + "'");
        }
    }
    if (source.empty() || out.empty() || report.empty()) return usage("SOURCE, --out and --report are needed");
    std::ifstream in(source, std::ios::binary);
    if (!in) return usage("cannot read " + source);
    std::stringstream text;
    text << in.rdbuf();
    cudafe::Invocation invocation{text.str(), name.empty() ? std::filesystem::path(source).filename().string() : name,
                                  cudafe::clangArguments(runtimeFolder().string(), extra)};
    cudafe::Analysis analysis;
    // clang's parser recurses once per nested parenthesis: it runs on LLVM's thread with a stack made for it.
    llvm::thread parser(llvm::Optional<unsigned>(1u << 30), [&] { analysis = cudafe::analyze(invocation); });
    parser.join();
    if (!analysis.rewritten.empty()) std::ofstream(out, std::ios::binary) << analysis.rewritten;
    std::ofstream(report) << toJson(analysis).dump(1) << "\n";
    return 0;
}
