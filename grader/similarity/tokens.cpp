// Lexing files in a child and reading its tokens back (see tokens.h).
#include "similarity/tokens.h"

#include <algorithm>
#include <fstream>

#include <nlohmann/json.hpp>

#include "core/sandbox.h"
#include "core/toolchain.h"

namespace grader {

namespace fs = std::filesystem;

namespace {

/// One file's entry of the JSON, or nullopt when it is not a well-formed token list.
std::optional<TokenStream> streamOf(const nlohmann::json& file) {
    if (!file.is_object()) return std::nullopt;
    auto tokens = file.find("tokens"), lines = file.find("lines");
    if (tokens == file.end() || lines == file.end() || !tokens->is_array() || !lines->is_array() || tokens->size() != lines->size())
        return std::nullopt;
    TokenStream stream;
    for (size_t i = 0; i < tokens->size(); ++i) {
        const auto& token = (*tokens)[i];
        const auto& line = (*lines)[i];
        if (!token.is_string() || !line.is_number_integer()) return std::nullopt;
        stream.tokens.push_back(token.get<std::string>());
        stream.lines.push_back(line.get<int>());
    }
    return stream;
}

}  // namespace

Expected<std::vector<std::optional<TokenStream>>> parseTokenJson(const std::string& json, size_t count) {
    const nlohmann::json root = nlohmann::json::parse(json, nullptr, false);
    if (root.is_discarded() || !root.is_object() || !root.contains("files") || !root["files"].is_array())
        return Error{"tokens.json", "the lexer's output is not a JSON object with a list of files", ""};
    const auto& files = root["files"];
    if (files.size() != count)
        return Error{"tokens.json", "the lexer read " + std::to_string(files.size()) + " files of " + std::to_string(count), ""};
    std::vector<std::optional<TokenStream>> streams;
    for (const auto& file : files) streams.push_back(streamOf(file));
    return streams;
}

Expected<std::vector<std::optional<TokenStream>>> lexFiles(const std::vector<fs::path>& files, const fs::path& work) {
    const fs::path program = runtimeDir() / "cuda-frontend";
    if (!fs::exists(program)) return Error{program.string(), "the emulator's front end is missing", "rebuild the kit (cmake --build build)"};
    std::error_code ec;
    fs::create_directories(work, ec);
    const fs::path list = work / "files.txt", out = work / "tokens.json", copies = work / "in";
    fs::create_directories(copies, ec);
    {  // copied into the child's one folder: no mount per submission's folder
        std::ofstream names(list);
        for (size_t i = 0; i < files.size(); ++i) {
            const fs::path copy = copies / std::to_string(i);
            fs::copy_file(files[i], copy, fs::copy_options::overwrite_existing, ec);
            names << copy.string() << "\n";
        }
        if (!names) return Error{list.string(), "cannot write the list of files to lex", ""};
    }
    ProcessLimits limits;
    limits.wallSeconds = 120;
    limits.outputBytes = 256LL << 20;
    const ProcessResult run = runSandboxed({program.string(), "--tokens", list.string(), "--out", out.string()}, SandboxMounts{{}, {work}}, limits);
    std::string json;
    if (!run.succeeded() || !readFile(out, json))
        return Error{program.string(), "the lexer stopped before it was done (" + run.describe() + ")", ""};
    return parseTokenJson(json, files.size());
}

}  // namespace grader
