// Fuzz target: what the grader's own process reads from a student's .cu
// before and after the build: the upload check (what the file really is,
// its encoding), the normalization (byte-order mark, CRLF), the front
// end's JSON report as the grader reads it back (backend/front_end.h: the
// cuda-frontend child writes it from the student's file, and a file can
// make the child misbehave), the source checks' scans (the phase loop, the
// tile names, the barriers, backend/array_index.h's subscript at a line and
// column) and the reading of a contract mismatch against the source. Beyond
// "no crash": normalizing keeps every line's number, comments
// blanked keep the text's length and newlines, and what is found lies in the file.
// Non-goals: clang's parse itself (it runs in the cuda-frontend child, under
// the compile limits, where a crash is that file's compile error); whether
// the rewrite compiles (the lesson tests build real kernels); reading the
// compiler's log (its unit tests hold that).
#include <algorithm>
#include <cstdint>

#include "backend/array_index.h"
#include "backend/compiler_output.h"
#include "backend/front_end.h"
#include "backend/student_source.h"
#include "batch/upload_check.h"
#include "checks/barrier_advice.h"
#include "checks/source_scan.h"
#include "fuzz_support.h"

using namespace grader;

namespace {

size_t lineCount(const std::string& text) { return static_cast<size_t>(std::count(text.begin(), text.end(), '\n')) + 1; }

void scan(const std::string& source) {
    const std::string blanked = blankedComments(source);
    fuzz::require(blanked.size() == source.size(), "blanking comments changed the text's length");
    for (size_t i = 0; i < source.size(); ++i)
        fuzz::require((blanked[i] == '\n') == (source[i] == '\n'), "blanking comments moved a newline");

    const auto loop = findPhaseLoop(source);
    if (loop) {
        fuzz::require(loop->line >= 1 && static_cast<size_t>(loop->line) <= lineCount(source), "a phase loop outside the file");
        fuzz::require(!loop->variable.empty() && loop->header.find(loop->variable) != std::string::npos, "a phase loop's variable not in its header");
    }
    (void)phaseLoopName(loop);
    (void)findTileNames(source);
    for (int line : barrierLinesInSource(source))
        fuzz::require(line >= 1 && static_cast<size_t>(line) <= lineCount(source), "a barrier outside the file");

    // The subscript at the first few '[' (as the emulator's index check reports them), and at a column past the line.
    int line = 1, column = 1, tried = 0;
    for (size_t i = 0; i < source.size() && tried < 4; ++i, ++column) {
        if (source[i] == '\n') {
            ++line;
            column = 0;
        } else if (source[i] == '[') {
            for (const char* type : {"", "float[16]", "float[16][16]", "float[2][16][16]"}) {
                const IndexedArray found = indexedArrayAt(source, line, column, type);
                fuzz::require(found.expression.find(found.array) != std::string::npos, "the array's name is not in its expression");
            }
            (void)indexedArrayAt(source, line - 1, column + 1000, "float[16][16]", 1);
            ++tried;
        }
    }

    const std::string summary = "your file does not define matmulTiled(const float*, const float*, float*, int)";
    (void)explainContractMismatch(summary, source, "matmul_tiled.cu");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string input = fuzz::text(data, size);
    const std::filesystem::path file = fuzz::scratchFolder("source") / "matmul_tiled.cu";
    fuzz::writeBytes(file, input);
    const auto refused = notSourceText(file, "matmul_tiled.cu", 16u << 20);
    if (refused) fuzz::require(refused->rfind("matmul_tiled.cu ", 0) == 0, "a refusal that does not name the file: " + *refused);
    (void)encodingNote(file, "matmul_tiled.cu");
    (void)validUtf8Prefix(input);

    const std::string source = normalizeStudentSource(input);
    fuzz::require(lineCount(source) == lineCount(input), "normalizing moved a line");
    scan(source);

    if (auto report = parseFrontEndReport(input)) (void)report->errorLog();
    return 0;
}
