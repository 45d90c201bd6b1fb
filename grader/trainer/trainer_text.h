// What the trainer says, in English or Russian: each exercise's question,
// the prompt of each answer part, the verdicts, the explanations that name
// the index arithmetic with the exercise's numbers, and the block-level map
// of the A, B and C tiles (Unicode with colour on a terminal, ASCII without).
// Non-goals: reading answers (answer_check.h), the session (cli/verbs/trainer.h).
#pragma once

#include <string>
#include <vector>

#include "core/language.h"
#include "trainer/answer_check.h"
#include "trainer/exercises.h"

namespace grader {

/// The session's fixed words in one language.
struct TrainerWords {
    const char* title;        ///< "Tile-map trainer"
    const char* exercise;     ///< "Exercise"
    const char* of;           ///< "of"
    const char* right;        ///< "RIGHT"
    const char* partly;       ///< "PARTLY RIGHT"
    const char* wrong;        ///< "WRONG"
    const char* rightAnswer;  ///< "right answer: "
    const char* missing;      ///< "missing: "
    const char* extra;        ///< "extra: "
    const char* noAnswer;     ///< "no answer (end of input)"
    const char* done;         ///< "(answered right before)"
    const char* summary;      ///< after "N/M": "exercises right"
    const char* allRight;     ///< the last line when every exercise is right
    const char* notYet;       ///< the last line otherwise, before the command that reruns the set
};

/// The words in `language`.
const TrainerWords& trainerWords(Language language);

/// The exercise's question, with its numbers.
std::string questionText(const Exercise& exercise, Language language);

/// What to type for `part`: "A: the element it loads (row,col)".
std::string partPrompt(const Exercise& exercise, const AnswerPart& part, Language language);

/// Why the right answer of `part` is what it is, with the exercise's numbers.
std::string explanation(const Exercise& exercise, const AnswerPart& part, Language language);

/// The block-level map before the answer: the A, B and C grids of tiles, the given block's C tile
/// marked; "" for an exercise with nothing to draw.
std::string questionMap(const Exercise& exercise, Language language, bool colour);

/// The map of the right answer of `part` (its tiles of A or B, its blocks on C); "" for a part
/// that is not cells or blocks.
std::string answerMap(const Exercise& exercise, const AnswerPart& part, Language language, bool colour);

/// The verdict on one part in lines: the verdict word, the right answer, what was missing and extra,
/// the explanation, the map of the right cells.
std::string partResultText(const Exercise& exercise, const PartResult& result, Language language, bool colour);

}  // namespace grader
