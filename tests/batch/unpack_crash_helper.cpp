// A stand-in for the grader as the batch's unpacking child
// (grader/batch/unpack_child.h), built only for the tests: on an archive
// whose name holds "crash" it dies of SIGSEGV, "abort" aborts, "hang" never
// ends; every other archive it unpacks exactly as the grader does. Tests
// name it as BatchOptions::unpacker, to show that trouble while one entry is
// taken in stays that entry's.
// Non-goal: anything else the grader does.
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "batch/unpack_child.h"

int main(int argc, char** argv) {
    if (argc < 3 || std::string(argv[1]) != grader::kUnpackCommand) return 2;
    const std::string name = std::filesystem::path(argv[2]).filename().string();
    if (name.find("crash") != std::string::npos) {
        std::signal(SIGSEGV, SIG_DFL);  // die of it as an unsanitized reader would, not through a sanitizer's report
        std::raise(SIGSEGV);
    }
    if (name.find("abort") != std::string::npos) std::abort();
    if (name.find("hang") != std::string::npos)
        for (;;) pause();
    return grader::runUnpackChild(argc, argv);
}
