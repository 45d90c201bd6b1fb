// First-error extraction for gcc, clang, nvcc and ld logs.
#include "backend/compiler_output.h"

#include <algorithm>
#include <cctype>
#include <regex>
#include <sstream>
#include <vector>

namespace grader {

namespace {

/// The longest text a regular expression here reads: std::regex recurses once per character, and
/// a compiler quotes the student's own lines, so a 32 KB line would overflow the stack (5 KB under ASan).
constexpr size_t kLongestRegexText = 2048;

/// `line` cut to kLongestRegexText.
std::string& clipped(std::string& line) {
    if (line.size() > kLongestRegexText) line.resize(kLongestRegexText);
    return line;
}

}  // namespace

namespace {
const std::regex compileError(R"(^(.*?):(\d+):(?:(\d+):)? (?:fatal )?error: (.*)$)");
const std::regex nvccError(R"(^(.*?)\((\d+)\): error: (.*)$)");
}  // namespace

CompilerErrorPlace firstCompilerErrorPlace(const std::string& log) {
    std::stringstream lines(log);
    for (std::string line; std::getline(lines, line);) {
        std::smatch m;
        const bool gcc = std::regex_search(clipped(line), m, compileError);
        if (!gcc && !std::regex_search(line, m, nvccError)) continue;
        std::string file = m[1].str();
        return {file.substr(file.find_last_of('/') + 1), std::atoi(m[2].str().c_str()), gcc && m[3].matched ? std::atoi(m[3].str().c_str()) : 0};
    }
    return {};
}

std::string summarizeCompilerLog(const std::string& log) {
    static const std::regex undefinedRef(R"(undefined reference to `([^']*)')");
    static const std::regex multipleDef(R"(multiple definition of `([^']*)')");
    static const std::regex overloadedKernel(R"(no matches converting function \W+(\w+)\W+ to type)");
    std::stringstream lines(log);
    std::string first;
    int errors = 0;
    for (std::string line; std::getline(lines, line);) {
        std::smatch m;
        if (std::regex_search(clipped(line), m, compileError)) {
            ++errors;
            if (first.empty()) {
                std::string file = m[1].str();
                file = file.substr(file.find_last_of('/') + 1);
                std::string message = m[4].str();
                std::smatch k;
                if (std::regex_search(message, k, overloadedKernel))
                    message = "the launch of " + k[1].str() + " matches no single kernel: is " + k[1].str() +
                              " declared with exactly the parameters CONTRACT.md gives?";
                first = file + ":" + m[2].str() + (m[3].matched ? ":" + m[3].str() : "") + ": " + message;
            }
        } else if (std::regex_search(line, m, nvccError)) {
            ++errors;
            if (first.empty()) {
                std::string file = m[1].str();
                file = file.substr(file.find_last_of('/') + 1);
                first = file + ":" + m[2].str() + ": " + m[3].str();
            }
        } else if (std::regex_search(line, m, undefinedRef)) {
            ++errors;
            if (first.empty())
                first = "your file does not define " + m[1].str() +
                        " exactly as CONTRACT.md declares it (same name, parameter types and return type)";
        } else if (std::regex_search(line, m, multipleDef)) {
            ++errors;
            if (first.empty()) {
                const std::string symbol = m[1].str();
                first = symbol == "main" ? "your file defines main(); the grader owns main: remove it and keep the functions the lesson asks for"
                                         : "your file defines " + symbol + " twice (or the grader's harness does too)";
            }
        }
    }
    if (first.empty()) return "";
    if (errors > 1) first += " (and " + std::to_string(errors - 1) + " more error" + (errors > 2 ? "s" : "") + ")";
    return first;
}


namespace {

/// The words of a parameter or type: identifiers, and * and & apart.
std::vector<std::string> typeWords(const std::string& text) {
    std::vector<std::string> words;
    for (size_t i = 0; i < text.size();) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        if (std::isalnum(c) || c == '_' || c == ':') {
            size_t j = i;
            while (j < text.size() && (std::isalnum(static_cast<unsigned char>(text[j])) || text[j] == '_' || text[j] == ':')) ++j;
            words.push_back(text.substr(i, j - i));
            i = j;
        } else {
            if (c == '*' || c == '&') words.push_back(std::string(1, char(c)));
            ++i;
        }
    }
    return words;
}

/// A parameter's type as the linker spells it ("float const*", "int"): the
/// name and __restrict__ dropped, a leading const moved after its type, a
/// top-level const on a value dropped.
std::string canonicalType(const std::string& parameter, bool hasName) {
    std::vector<std::string> words;
    for (const auto& w : typeWords(parameter))
        if (w != "__restrict__" && w != "__restrict" && w != "restrict") words.push_back(w);
    if (hasName && words.size() > 1 && words.back() != "*" && words.back() != "&" &&
        (words[words.size() - 2] != "const" || words.size() > 2))
        words.pop_back();
    if (words.size() > 1 && words[0] == "const") std::swap(words[0], words[1]);
    if (words.size() > 1 && words.back() == "const") words.pop_back();
    std::string text;
    for (const auto& w : words) text += (text.empty() || w == "*" || w == "&" ? "" : " ") + w;
    return text;
}

/// A canonical type as a student writes it: "float const*" as "const float*".
std::string writtenType(const std::string& canonical) {
    static const std::regex constPointer(R"(^([A-Za-z_][A-Za-z0-9_ ]*) const\*$)");
    return std::regex_replace(canonical, constPointer, "const $1*");
}

/// The top-level comma-separated parts of `text`.
std::vector<std::string> splitParameters(const std::string& text) {
    std::vector<std::string> parts(1);
    int depth = 0;
    for (char c : text) {
        if (c == '(' || c == '<' || c == '[') ++depth;
        if (c == ')' || c == '>' || c == ']') --depth;
        if (c == ',' && depth == 0) parts.emplace_back();
        else parts.back() += c;
    }
    if (parts.size() == 1 && typeWords(parts[0]).empty()) parts.clear();  // f() or f(void)
    if (parts.size() == 1 && typeWords(parts[0]) == std::vector<std::string>{"void"}) parts.clear();
    return parts;
}

}  // namespace

std::string explainContractMismatch(const std::string& summary, const std::string& source, const std::string& fileName) {
    static const std::regex wanted(R"(^your file does not define ([A-Za-z_][A-Za-z0-9_]*)\(([^)]*)\))");
    std::smatch m;
    if (!std::regex_search(summary, m, wanted)) return summary;
    const std::string name = m[1].str();
    const std::vector<std::string> expected = splitParameters(m[2].str());
    const std::regex definition("(^|[^A-Za-z0-9_])" + name + R"(\s*\(([^)]*)\)\s*\{)");
    std::smatch d;
    size_t found = std::string::npos;  // searched from each place the name appears, in a window of bounded length
    std::string window;
    for (size_t at = source.find(name); at != std::string::npos && found == std::string::npos; at = source.find(name, at + 1)) {
        const size_t begin = at == 0 ? 0 : at - 1;
        window = source.substr(begin, kLongestRegexText);
        if (std::regex_search(window, d, definition, std::regex_constants::match_continuous)) found = begin + static_cast<size_t>(d.position(0));
    }
    if (found == std::string::npos) return summary;
    const int line = 1 + static_cast<int>(std::count(source.begin(), source.begin() + static_cast<std::ptrdiff_t>(found), '\n'));
    const std::vector<std::string> given = splitParameters(d[2].str());
    std::string contract;
    for (const auto& e : expected) contract += (contract.empty() ? "" : ", ") + writtenType(canonicalType(e, false));
    const std::string where = fileName + ":" + std::to_string(line) + ": ";
    if (given.size() != expected.size())
        return where + name + " takes " + std::to_string(given.size()) + " parameter" + (given.size() == 1 ? "" : "s") +
               "; the contract's takes " + std::to_string(expected.size()) + ": " + name + "(" + contract + ")";
    static const char* const ordinals[] = {"first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"};
    for (size_t i = 0; i < given.size(); ++i) {
        if (canonicalType(given[i], true) == canonicalType(expected[i], false)) continue;
        std::string written = given[i];
        written.erase(0, written.find_first_not_of(" \t\n"));
        written.erase(written.find_last_not_of(" \t\n") + 1);
        return where + "the " + (i < 8 ? ordinals[i] : std::to_string(i + 1) + "th") + " parameter of " + name + " is `" + written +
               "`; the contract's is " + writtenType(canonicalType(expected[i], false)) + ": define it as " + name + "(" + contract + ")";
    }
    return summary;
}

}  // namespace grader

namespace grader {

bool isContractLinkError(const std::string& summary) {
    return summary.rfind("your file does not define ", 0) == 0 || summary.rfind("your file defines ", 0) == 0;
}

std::string unsupportedConstruct(const std::string& log, bool (*isCudaName)(const std::string&)) {
    static const std::regex firstError(R"(^(.*?):(\d+):(?:\d+:)? (?:fatal )?error: (.*)$)");
    // g++: "cuda_fp16.h: No such file or directory"; clang: "'cuda_fp16.h' file not found".
    static const std::regex missingHeader(R"(^(?:([^:]+): No such file or directory|'([^']+)' file not found))");
    // g++ quotes names with ' in the C locale and with ‘ ’ in a UTF-8 one; clang with '.
    static const std::regex missingName(
        R"((?:'|‘)([A-Za-z_][A-Za-z0-9_:<>]*)(?:'|’) (?:was not declared|does not name a|is not a member of|has not been declared|in namespace|is not a template))");
    static const std::regex clangMissingName(
        R"((?:use of undeclared identifier|unknown type name|no template named|no member named|use of undeclared) '?([A-Za-z_][A-Za-z0-9_:]*)'?)");
    static const std::regex memberOf(R"((?:is not a member of|in namespace) (?:'|‘)([A-Za-z_][A-Za-z0-9_:]*)(?:'|’))");
    std::stringstream lines(log);
    for (std::string line; std::getline(lines, line);) {
        std::smatch m;
        if (!std::regex_search(clipped(line), m, firstError)) continue;
        std::string file = m[1].str();
        file = file.substr(file.find_last_of('/') + 1);
        const std::string where = " at " + file + ":" + m[2].str();
        const std::string message = m[3].str();
        std::smatch n;
        if (std::regex_search(message, n, missingHeader)) {
            const std::string header = n[1].matched ? n[1].str() : n[2].str();
            if (isCudaName(header)) return "not supported by the emulator: #include <" + header + ">" + where;
        }
        if (std::regex_search(message, n, missingName) || std::regex_search(message, n, clangMissingName)) {
            std::string name = n[1].str();
            const size_t angle = name.find('<');
            if (angle != std::string::npos) name.resize(angle);
            const std::string last = name.substr(name.rfind(':') == std::string::npos ? 0 : name.rfind(':') + 1);
            std::smatch scope;
            const bool inCudaNamespace = std::regex_search(message, scope, memberOf) &&
                                         (scope[1].str().find("cooperative_groups") != std::string::npos || scope[1].str() == "cg" ||
                                          scope[1].str().find("nvcuda") != std::string::npos || scope[1].str() == "cuda");
            if (isCudaName(last) || isCudaName(name) || inCudaNamespace)
                return "not supported by the emulator: " + name + where;
        }
        return "";  // the first error is the student's own
    }
    return "";
}

}  // namespace grader
