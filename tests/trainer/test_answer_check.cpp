// Reading and checking trainer answers: each form, the one-line messages for
// bad input (in English and Russian), right, wrong and partly right with the
// cells missing and extra, and the explanations' arithmetic.
#include <doctest/doctest.h>

#include "trainer/answer_check.h"
#include "trainer/trainer_text.h"

using namespace grader;

namespace {

const Exercise kLoad = makeExercise(ExerciseKind::ThreadLoad, 48, 16, {{"bx", 1}, {"by", 2}, {"p", 0}, {"tx", 3}, {"ty", 5}});
const Exercise kTiles = makeExercise(ExerciseKind::BlockTiles, 32, 16, {{"bx", 0}, {"by", 1}, {"p", 1}});
const Exercise kReaders = makeExercise(ExerciseKind::ElementReaders, 64, 16, {{"i", 20}, {"k", 40}});
const Exercise kOrder = makeExercise(ExerciseKind::BarrierOrder, 48, 16, {}, {"multiply", "load_b", "sync_used", "load_a", "sync_loaded"});

PartResult answer(const Exercise& e, const std::string& part, const std::string& text) {
    const ReadAnswer read = readAnswer(e, *e.part(part), text, Language::English);
    REQUIRE_MESSAGE(read.problem.empty(), read.problem);
    return checkPart(e, *e.part(part), read, text);
}

std::string problem(const Exercise& e, const std::string& part, const std::string& text, Language language = Language::English) {
    return readAnswer(e, *e.part(part), text, language).problem;
}

}  // namespace

TEST_CASE("cells, ranges, slots, numbers and orders are read in their forms") {
    CHECK(answer(kLoad, "A", "37,3").verdict == PartVerdict::Right);
    CHECK(answer(kLoad, "A", " 37 , 3 ").verdict == PartVerdict::Right);
    CHECK(answer(kLoad, "A", "3,37").verdict == PartVerdict::Wrong);
    CHECK(answer(kLoad, "tA", "5,3").verdict == PartVerdict::Right);
    CHECK(answer(kLoad, "tB", "3,5").verdict == PartVerdict::Wrong);
    CHECK(answer(kTiles, "A", "16..31,16..31").verdict == PartVerdict::Right);
    CHECK(answer(kTiles, "A", "16..31, 16 .. 23; 16..31,24..31").verdict == PartVerdict::Right);
    CHECK(answer(kReaders, "blocks", "0,1 1,1 2,1 3,1").verdict == PartVerdict::Right);
    CHECK(answer(kReaders, "blocks", "0..3,1").verdict == PartVerdict::Right);
    CHECK(answer(kReaders, "phase", "2").verdict == PartVerdict::Right);
    CHECK(answer(kReaders, "readers", "16").verdict == PartVerdict::Wrong);
    CHECK(answer(kOrder, "order", "4 2 5 1 3").verdict == PartVerdict::Right);
    CHECK(answer(kOrder, "order", "2 4 5 1 3").verdict == PartVerdict::Right);  // load_b before load_a is right too
    CHECK(answer(kOrder, "order", "4,2,1,5,3").verdict == PartVerdict::Wrong);
}

TEST_CASE("a range that overlaps is partly right, with the cells missing and extra") {
    const PartResult r = answer(kTiles, "A", "15..31,17..31");
    CHECK(r.verdict == PartVerdict::Partly);
    CHECK(cellsText(rectanglesOf(r.missing), PartForm::Cells) == "16..31,16");
    CHECK(cellsText(rectanglesOf(r.extra), PartForm::Cells) == "15,17..31");
    const PartResult blocks = answer(kReaders, "blocks", "1,1 2,1 2,2");
    CHECK(blocks.verdict == PartVerdict::Partly);
    CHECK(cellsText(rectanglesOf(blocks.missing), PartForm::Blocks) == "0,1 3,1");
    CHECK(cellsText(rectanglesOf(blocks.extra), PartForm::Blocks) == "2,2");
    CHECK(answer(kTiles, "A", "0..15,0..15").verdict == PartVerdict::Wrong);
}

TEST_CASE("bad input gets one line saying why, in the student's language") {
    CHECK(problem(kLoad, "A", "") == "Empty answer: type cells as row,col (e.g. 5,3) or a range r0..r1,c0..c1 (e.g. 0..15,16..31).");
    CHECK(problem(kLoad, "A", "37") == "'37' is not a cell: type row,col (e.g. 5,3) or a range r0..r1,c0..c1 (e.g. 0..15,16..31).");
    CHECK(problem(kLoad, "A", "37,x") == "'37,x' is not a cell: type row,col (e.g. 5,3) or a range r0..r1,c0..c1 (e.g. 0..15,16..31).");
    CHECK(problem(kLoad, "A", "48,3") == "Row 48 is outside A: rows and columns are 0..47.");
    CHECK(problem(kLoad, "B", "5,0..48") == "Column 48 is outside B: rows and columns are 0..47.");
    CHECK(problem(kLoad, "tA", "16,3") == "tA[16][3] is outside the tile: y and x are 0..15.");
    CHECK(problem(kLoad, "tA", "5,3 1,1") == "'5,3 1,1' is not a slot: type y,x for tA[y][x], e.g. 5,3.");
    CHECK(problem(kReaders, "blocks", "4,1") == "Block 4,1 is outside the grid: bx and by are 0..3 at n = 64.");
    CHECK(problem(kReaders, "phase", "two") == "'two' is not a whole number: type digits only, e.g. 7.");
    CHECK(problem(kOrder, "order", "1 2 3 4 4") == "'1 2 3 4 4' is not an order of the steps: type the labels 1..5, each once (e.g. 2 5 1 4 3).");
    CHECK(problem(kLoad, "A", "48,3", Language::Russian) == "Строка 48 вне матрицы A: строки и столбцы от 0 до 47.");
    CHECK(problem(kReaders, "phase", "", Language::Russian) == "Пустой ответ: введите целое число.");
}

TEST_CASE("explanations name the index arithmetic with the exercise's numbers") {
    CHECK(explanation(kLoad, *kLoad.part("A"), Language::English) ==
          "row = by*TILE + ty = 2*16 + 5 = 37; the thread loads A[row][p*TILE + tx] = A[37][0*16 + 3] = A[37][3].");
    CHECK(explanation(kLoad, *kLoad.part("B"), Language::English) ==
          "col = bx*TILE + tx = 1*16 + 3 = 19; the thread loads B[p*TILE + ty][col] = B[0*16 + 5][19] = B[5][19].");
    CHECK(explanation(kLoad, *kLoad.part("A"), Language::Russian) ==
          "row = by*TILE + ty = 2*16 + 5 = 37; поток загружает A[row][p*TILE + tx] = A[37][0*16 + 3] = A[37][3].");
    CHECK(explanation(kReaders, *kReaders.part("phase"), Language::English).find("p = k / TILE = 40 / 16 = 2") != std::string::npos);
    CHECK(rightAnswerText(kOrder, *kOrder.part("order")) == "4 2 5 1 3");
    CHECK(rightAnswerText(kReaders, *kReaders.part("blocks")) == "0,1 1,1 2,1 3,1");
    CHECK(rightAnswerText(kTiles, *kTiles.part("B")) == "16..31,0..15");
}
