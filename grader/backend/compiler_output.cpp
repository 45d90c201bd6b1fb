// First-error extraction for gcc, clang, nvcc and ld logs.
#include "backend/compiler_output.h"

#include <regex>
#include <sstream>
#include <vector>

namespace grader {

std::string summarizeCompilerLog(const std::string& log) {
    static const std::regex compileError(R"(^(.*?):(\d+):(?:(\d+):)? (?:fatal )?error: (.*)$)");
    static const std::regex nvccError(R"(^(.*?)\((\d+)\): error: (.*)$)");
    static const std::regex undefinedRef(R"(undefined reference to `([^']*)')");
    static const std::regex multipleDef(R"(multiple definition of `([^']*)')");
    static const std::regex overloadedKernel(R"(no matches converting function \W+(\w+)\W+ to type)");
    std::stringstream lines(log);
    std::string first;
    int errors = 0;
    for (std::string line; std::getline(lines, line);) {
        std::smatch m;
        if (std::regex_search(line, m, compileError)) {
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

}  // namespace grader

namespace grader {

std::string unsupportedConstruct(const std::string& log, bool (*isCudaName)(const std::string&)) {
    static const std::regex firstError(R"(^(.*?):(\d+):(?:\d+:)? (?:fatal )?error: (.*)$)");
    static const std::regex missingHeader(R"(^([^:]+): No such file or directory)");
    // g++ quotes names with ' in the C locale and with ‘ ’ in a UTF-8 one.
    static const std::regex missingName(R"((?:'|‘)([A-Za-z_][A-Za-z0-9_:<>]*)(?:'|’) (?:was not declared|does not name a|is not a member of|has not been declared|in namespace|is not a template))");
    static const std::regex memberOf(R"(is not a member of (?:'|‘)([A-Za-z_][A-Za-z0-9_:]*)(?:'|’))");
    std::stringstream lines(log);
    for (std::string line; std::getline(lines, line);) {
        std::smatch m;
        if (!std::regex_search(line, m, firstError)) continue;
        std::string file = m[1].str();
        file = file.substr(file.find_last_of('/') + 1);
        const std::string where = " at " + file + ":" + m[2].str();
        const std::string message = m[3].str();
        std::smatch n;
        if (std::regex_search(message, n, missingHeader) && isCudaName(n[1].str()))
            return "not supported by the emulator: #include <" + n[1].str() + ">" + where;
        if (std::regex_search(message, n, missingName)) {
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
