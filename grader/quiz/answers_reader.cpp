// Reading a student's answers file, quiz_answers.yaml (see answers.h).
#include "quiz/answers.h"

#include <set>

#include "core/spelling.h"
#include "core/toolchain.h"
#include "core/yaml_reader.h"

namespace grader {

Expected<Answers> parseAnswers(const std::string& text, const std::string& displayName, const Quiz& quiz) {
    auto doc = parseYaml(text, displayName);
    if (!doc) return doc.error();
    YamlReader in(displayName);
    if (!doc->IsMap()) return Error{displayName, "expected 'lesson:' and 'answers:', as in the starter's quiz_answers.yaml", ""};
    if (!in.keys(*doc, "quiz answers", {"lesson", "answers"}, {"lesson", "answers"})) return *in.error;
    Answers answers;
    answers.lesson = in.string((*doc)["lesson"], "quiz answers: lesson");
    if (in.error) return *in.error;
    if (answers.lesson != quiz.lesson)
        return Error{in.at((*doc)["lesson"]), "these answers are for " + answers.lesson + ", not for " + quiz.lesson,
                     "each lesson's folder has its own quiz_answers.yaml"};
    const YAML::Node list = (*doc)["answers"];
    if (list.IsNull()) return answers;
    if (!list.IsMap()) return Error{in.at(list), "answers must map each question id to your answer, as the starter's file lists them", ""};
    std::set<std::string> seen;
    for (const auto& entry : list) {
        Answer a;
        if (!entry.first.IsScalar()) return Error{in.at(entry.first), "a question id must be a name, as the starter's file lists them", ""};
        a.id = entry.first.Scalar();
        if (!quiz.find(a.id))
            return Error{in.at(entry.first), "lesson " + quiz.lesson + "'s quiz has no question '" + a.id + "'",
                         didYouMean(a.id, quiz.ids())};
        if (!seen.insert(a.id).second) return Error{in.at(entry.first), "question '" + a.id + "' is answered twice", ""};
        const YAML::Node value = entry.second;
        if (value.IsScalar()) {
            a.text = value.Scalar();
            a.given = !a.text.empty();
        } else if (value.IsSequence()) {
            for (const auto& item : value) {
                if (!item.IsScalar()) return Error{in.at(item), "question '" + a.id + "': list entries must be letters, e.g. [c, a, b]", ""};
                a.items.push_back(item.Scalar());
                a.text += (a.text.empty() ? "" : ", ") + item.Scalar();
            }
            a.given = !a.items.empty();
        } else if (value.IsMap()) {
            return Error{in.at(value), "question '" + a.id + "': the answer must be a number, a letter or a list of letters", ""};
        }
        answers.answers.push_back(std::move(a));
    }
    return answers;
}

Expected<Answers> loadAnswers(const std::filesystem::path& path, const std::string& displayName, const Quiz& quiz) {
    std::string text;
    if (!readFile(path, text)) return Error{displayName, "cannot read the quiz answers", ""};
    return parseAnswers(text, displayName, quiz);
}

}  // namespace grader
