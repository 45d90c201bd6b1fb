// The student's verbs, in the order `grader --help` lists them (see verb.h).
// Non-goal: the verbs themselves (cli/verbs/).
#include "cli/verb.h"
#include "cli/verbs/table.h"

namespace grader {

std::vector<VerbEntry> studentVerbs() { return {checkVerb(), listVerb(), ctestTestsVerb(), quizVerb(), tilemapVerb(), trainerVerb()}; }

}  // namespace grader
