// Fuzz target: the run record (grader/backend/run_record.h), the file the
// child writes for the parent. The child runs student code, which can write
// anything into it, so every byte is untrusted. Each input is parsed as a
// record and then read the ways the grader reads one: the device failure it
// may show, its C judged against the reference at n = 16, 32 and 64 (lessons 1
// to 3, lesson 2 in its last phase, as course.yaml's phases allow), where
// judgeMatmul's Freivalds test must give diagnoseMatmul's verdict,
// and its tile map (grader/tilemap/) parsed, described and drawn (as text for
// lesson 2, as SVG for lesson 3), as `grader tilemap` does.
// Non-goal: resolving code addresses to lines (addr2line runs on the child's
// own executable, which the grader built).
#include <cstdint>

#include "backend/run_record.h"
#include "checks/matrix_diagnosis.h"
#include "fuzz_support.h"
#include "harness/inputs.h"
#include "tilemap/tilemap.h"
#include "tilemap/tilemap_render.h"

using namespace grader;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    RunRecord record;
    parseRunRecord(fuzz::text(data, size), record);
    (void)deviceFailure(record);

    if (auto c = record.outputs.find("C"); c != record.outputs.end()) {
        static const std::vector<float> A16 = course_inputs::makeMatrix(1, 0, 16), B16 = course_inputs::makeMatrix(1, 1, 16),
                                        A32 = course_inputs::makeMatrix(1, 0, 32), B32 = course_inputs::makeMatrix(1, 1, 32),
                                        A64 = course_inputs::makeMatrix(1, 0, 64), B64 = course_inputs::makeMatrix(1, 1, 64);
        for (int n : {16, 32, 64}) {  // 64: deep enough for Freivalds' test (judgeMatmul)
            for (int lesson : {1, 2, 3}) {
                MatmulCase matmul;  // as the correctness check judges a run: the size and phase are the grader's, C the record's
                matmul.lesson = lesson;
                matmul.n = n;
                matmul.phase = lesson == 2 ? n / 16 - 1 : 0;
                matmul.A = n == 16 ? &A16 : n == 32 ? &A32 : &A64;
                matmul.B = n == 16 ? &B16 : n == 32 ? &B32 : &B64;
                matmul.actual = &c->second;
                matmul.written = record.writtenC;
                const MatmulVerdict full = diagnoseMatmul(matmul, referenceProduct(matmul));
                if (judgeMatmul(matmul).ok != full.ok) __builtin_trap();  // the shortcut must never change a verdict
            }
        }
    }

    auto map = parseTileMap(record.tilemap);
    if (!map) return 0;
    const int n = 32, tile = 16;
    for (int lesson : {2, 3}) {
        const TileExpectation expected = expectedTiles(lesson, n, tile, 1, 0, lesson == 2 ? 0 : 1);
        const std::vector<std::string> sentences = describeTileMap(*map, expected, lesson, n);
        if (lesson == 2) (void)renderTileMapText(*map, expected, sentences, "block (1,0), phase 0", n, true);
        else (void)renderTileMapSvg(*map, expected, sentences, "block (1,0), phase 1", n);  // the SVG draws what the text does, and costs more
    }
    return 0;
}
