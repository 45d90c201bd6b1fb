// The record of wrong tries (see tries.h); reading its file is tries_reader.cpp's.
#include "quiz/tries.h"

#include <algorithm>

#include "core/escape.h"
#include "core/toolchain.h"
#include "quiz/sealed.h"

namespace grader {

int TriesRecord::count(const std::string& id) const {
    const auto it = wrong.find(cleanUtf8(id));
    return it == wrong.end() ? 0 : static_cast<int>(it->second.size());
}

// Ids and answers are kept as UTF-8 text (cleanUtf8): the record is written
// as YAML, and must read back as it was, whatever bytes an answer held.
bool TriesRecord::has(const std::string& id, const std::string& key) const {
    const auto it = wrong.find(cleanUtf8(id));
    return it != wrong.end() && std::find(it->second.begin(), it->second.end(), cleanUtf8(key)) != it->second.end();
}

bool TriesRecord::add(const std::string& id, const std::string& key) {
    if (has(id, key)) return false;
    wrong[cleanUtf8(id)].push_back(cleanUtf8(key));
    return true;
}

std::filesystem::path triesPath(const std::filesystem::path& answersFile) {
    std::filesystem::path path = answersFile;
    return path.replace_filename(answersFile.stem().string() + ".tries.yaml");
}

std::string formatTries(const TriesRecord& record) {
    std::string text =
        "# Written by `grader quiz`: the different wrong answers you have tried for each\n"
        "# question ([c, a, d, b] is written cadb). After enough of them it shows the\n"
        "# lesson's worked answer instead of a hint. Delete this file to start over.\n";
    for (const auto& [id, keys] : record.wrong) {
        std::string list;
        for (const auto& key : keys) list += (list.empty() ? "" : ", ") + yamlScalar(key);
        // YAML caps an implicit key at 1024 characters: a longer id is written as an explicit key ("? id").
        const std::string key = yamlScalar(id);
        text += key.size() < 1000 ? key + ": [" + list + "]\n" : "? " + key + "\n: [" + list + "]\n";
    }
    return text;
}

bool recordWrongAnswers(TriesRecord& record, const QuizResult& result) {
    bool changed = false;
    for (const auto& r : result.results)
        if (r.verdict == Verdict::Wrong) changed |= record.add(r.question->id, r.key);
    return changed;
}

void applyTries(QuizResult& result, const TriesRecord& record, int revealAfter) {
    for (auto& r : result.results) {
        if (r.verdict != Verdict::Wrong) continue;
        const std::string& id = r.question->id;
        r.tries = record.count(id) + (record.has(id, r.key) ? 0 : 1);
        r.explanation = revealAfter > 0 && r.tries >= revealAfter ? revealedExplanation(*r.question) : std::nullopt;
        r.revealed = r.explanation.has_value();  // a sealed quiz exported with reveal_after_tries 0 keeps it shut
    }
}

int revealAfterTries(const Lesson& lesson) {
    const CheckSpec* quiz = lesson.findCheck("quiz");
    return quiz ? static_cast<int>(quiz->intParam("reveal_after_tries", kDefaultRevealAfterTries)) : kDefaultRevealAfterTries;
}

}  // namespace grader
