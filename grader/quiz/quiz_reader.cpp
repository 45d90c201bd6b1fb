// Strict reading of quiz.yaml: unknown, missing and mistyped keys, duplicate
// question ids, an answer that is not among the choices and an order that is
// not a permutation of the steps are located errors.
#include "quiz/quiz.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "core/crypto.h"
#include "core/spelling.h"
#include "core/toolchain.h"
#include "core/yaml_reader.h"
#include "quiz/normal_form.h"
#include "quiz/sealed.h"

namespace grader {

namespace {

const std::vector<std::string> kKinds = {"numeric", "choice", "order"};

std::string trimmedText(std::string text) {
    while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
    size_t start = 0;
    while (start < text.size() && (text[start] == '\n' || text[start] == ' ')) ++start;
    return text.substr(start);
}

/// Reads the quiz.yaml of one lesson.
class QuizReader {
public:
    explicit QuizReader(const std::string& displayName) : in_(displayName) {}

    Expected<Quiz> read(const YAML::Node& doc) {
        if (!in_.keys(doc, "quiz", {"lesson", "questions"}, {"lesson", "questions"})) return *in_.error;
        Quiz quiz;
        quiz.lesson = in_.string(doc["lesson"], "quiz: lesson");
        const YAML::Node questions = doc["questions"];
        if (!in_.error && (!questions.IsSequence() || questions.size() == 0))
            in_.fail(questions, "quiz: questions must be a non-empty list");
        if (in_.error) return *in_.error;
        std::map<std::string, int> firstLine;
        for (const auto& node : questions) {
            Question q = question(node);
            if (in_.error) return *in_.error;
            const int line = node["id"].Mark().line + 1;
            if (auto [it, fresh] = firstLine.emplace(q.id, line); !fresh) {
                in_.fail(node["id"], "duplicate question id '" + q.id + "' (first at line " + std::to_string(it->second) + ")");
                return *in_.error;
            }
            quiz.questions.push_back(std::move(q));
        }
        return quiz;
    }

private:
    Bilingual bilingual(const YAML::Node& node, const std::string& what) {
        Bilingual text;
        if (!in_.keys(node, what, {"en", "ru"}, {"en", "ru"})) return text;
        text.en = trimmedText(in_.string(node["en"], what + ": en"));
        text.ru = trimmedText(in_.string(node["ru"], what + ": ru"));
        if (!in_.error && text.en.empty()) in_.fail(node["en"], what + ": en must not be empty");
        if (!in_.error && text.ru.empty()) in_.fail(node["ru"], what + ": ru must not be empty");
        return text;
    }

    std::vector<QuizOption> options(const YAML::Node& node, const std::string& what) {
        std::vector<QuizOption> result;
        if (!node.IsMap() || node.size() < 2) {
            in_.fail(node, what + " must be a mapping of at least two lettered entries, e.g. a: {en: ..., ru: ...}");
            return result;
        }
        std::set<std::string> seen;
        for (const auto& entry : node) {
            QuizOption option;
            option.key = entry.first.IsScalar() ? entry.first.Scalar() : "";
            if (option.key.size() != 1 || option.key[0] < 'a' || option.key[0] > 'z') {
                in_.fail(entry.first, what + ": '" + option.key + "' is not a letter a .. z");
                return result;
            }
            if (!seen.insert(option.key).second) {
                in_.fail(entry.first, what + ": '" + option.key + "' is given twice");
                return result;
            }
            option.text = bilingual(entry.second, what + " '" + option.key + "'");
            if (in_.error) return result;
            result.push_back(std::move(option));
        }
        return result;
    }

    void readChoiceAnswer(const YAML::Node& node, const std::string& what, Question& q) {
        q.choice = in_.string(node, what + ": answer");
        if (in_.error) return;
        for (const auto& o : q.options)
            if (o.key == q.choice) return;
        in_.fail(node, what + ": answer '" + q.choice + "' is not among the choices " + optionKeys(q.options));
    }

    void readOrderAnswer(const YAML::Node& node, const std::string& what, Question& q) {
        q.order = in_.stringList(node, what + ": answer");
        if (in_.error) return;
        std::set<std::string> keys, seen;
        for (const auto& o : q.options) keys.insert(o.key);
        for (size_t i = 0; i < q.order.size(); ++i) {
            const std::string& key = q.order[i];
            if (!keys.count(key)) {
                in_.fail(node[i], what + ": answer must be an order of the steps " + optionKeys(q.options) + "; '" + key + "' is not a step");
                return;
            }
            if (!seen.insert(key).second) {
                in_.fail(node[i], what + ": answer must list each step once; '" + key + "' is listed twice");
                return;
            }
        }
        for (const auto& o : q.options) {
            if (!seen.count(o.key)) {
                in_.fail(node, what + ": answer must list every step; '" + o.key + "' is missing");
                return;
            }
        }
    }

    Question question(const YAML::Node& node) {
        Question q;
        if (!node.IsMap()) {
            in_.fail(node, "quiz: each question must be a mapping with id, kind, text, answer, hint and explanation");
            return q;
        }
        if (!node["kind"]) {
            in_.fail(node, "question" + std::string(node["id"] ? " '" + in_.string(node["id"], "question id") + "'" : "") +
                               ": missing key 'kind' (numeric, choice or order)");
            return q;
        }
        const std::string kind = in_.string(node["kind"], "question kind");
        const auto known = std::find(kKinds.begin(), kKinds.end(), kind);
        if (!in_.error && known == kKinds.end()) {
            in_.fail(node["kind"], "unknown question kind '" + kind + "': numeric, choice or order", didYouMean(kind, kKinds));
            return q;
        }
        q.kind = static_cast<QuestionKind>(known - kKinds.begin());
        const bool sealed = static_cast<bool>(node["sealed"]);  // the student kit's form (sealed.h)
        std::vector<std::string> allowed = {"id", "kind", "text", "hint"};
        for (const char* key : sealed ? std::vector<const char*>{"sealed"} : std::vector<const char*>{"answer", "explanation"}) allowed.push_back(key);
        std::vector<std::string> required = allowed;
        if (q.kind == QuestionKind::Numeric) {
            allowed.push_back("precision");
            if (sealed) required.push_back("precision");
            else allowed.push_back("tolerance");
        }
        if (q.kind == QuestionKind::Choice) allowed.push_back("choices"), required.push_back("choices");
        if (q.kind == QuestionKind::Order) allowed.push_back("steps"), required.push_back("steps");
        const std::string bare = std::string(kindWord(q.kind)) + " question";
        const std::string named = node["id"] && node["id"].IsScalar() ? "question '" + node["id"].Scalar() + "'" : bare;
        if (!in_.keys(node, named, allowed, required)) return q;
        q.id = in_.string(node["id"], "question id");
        if (!in_.error) {
            const bool valid = !q.id.empty() && std::all_of(q.id.begin(), q.id.end(), [](char c) {
                return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
            });
            if (!valid) in_.fail(node["id"], "question id '" + q.id + "' must be lowercase letters, digits and '-'");
        }
        const std::string what = "question '" + q.id + "'";
        q.text = bilingual(node["text"], what + ": text");
        q.hint = bilingual(node["hint"], what + ": hint");
        if (!sealed) q.explanation = bilingual(node["explanation"], what + ": explanation");
        if (in_.error) return q;
        if (q.kind == QuestionKind::Choice) q.options = options(node["choices"], what + ": choices");
        if (q.kind == QuestionKind::Order) q.options = options(node["steps"], what + ": steps");
        if (in_.error) return q;
        if (sealed) {
            if (q.kind == QuestionKind::Numeric) readPrecision(node["precision"], what, q);
            q.sealed = sealedAnswer(node["sealed"], what + ": sealed");
            return q;
        }
        switch (q.kind) {
            case QuestionKind::Numeric: readNumericAnswer(node, what, q); break;
            case QuestionKind::Choice: readChoiceAnswer(node["answer"], what, q); break;
            case QuestionKind::Order: readOrderAnswer(node["answer"], what, q); break;
        }
        return q;
    }

    void readPrecision(const YAML::Node& node, const std::string& what, Question& q) {
        const double precision = in_.number(node, what + ": precision");
        if (in_.error) return;
        const auto exponent = precisionExponent(precision);
        if (!exponent)
            return in_.fail(node, what + ": precision must be a power of ten from " + precisionText(kFinestPrecision) + " to 1.0e" +
                                      std::to_string(kCoarsestPrecision) + ": the step answers are rounded to, e.g. 1 or 0.01");
        q.precision = *exponent;
    }

    void readNumericAnswer(const YAML::Node& node, const std::string& what, Question& q) {
        q.number = in_.number(node["answer"], what + ": answer");
        if (node["tolerance"]) {
            q.tolerance = in_.number(node["tolerance"], what + ": tolerance");
            if (!in_.error && q.tolerance < 0) in_.fail(node["tolerance"], what + ": tolerance must be 0 or more");
        }
        if (in_.error) return;
        q.precision = defaultPrecision(q.number);
        if (node["precision"]) readPrecision(node["precision"], what, q);
        if (in_.error) return;
        const auto accepted = acceptedNumbers(q.number, q.tolerance, q.precision);
        if (!accepted) in_.fail(node["tolerance"] ? node["tolerance"] : node["answer"], what + ": " + accepted.error().message, accepted.error().hint);
    }

    /// Bytes written in hex (`size` of them; 0: any number) or, with `base64`, in base64.
    std::string encodedBytes(const YAML::Node& node, const std::string& what, size_t size, bool base64 = false) {
        const std::string text = in_.string(node, what);
        if (in_.error) return "";
        const auto bytes = base64 ? fromBase64(text) : fromHex(text);
        if (!bytes || (size && bytes->size() != size))
            in_.fail(node, what + " must be " + (size ? std::to_string(size) + " bytes" : std::string("bytes")) + " in " + (base64 ? "base64" : "hex"),
                     "export the student kit again: grader export-student");
        return bytes ? *bytes : "";
    }

    SealedAnswer sealedAnswer(const YAML::Node& node, const std::string& what) {
        SealedAnswer sealed;
        if (!in_.keys(node, what, {"salt", "iterations", "locks", "explanation", "reveal"}, {"salt", "iterations", "locks", "explanation"}))
            return sealed;
        sealed.salt = encodedBytes(node["salt"], what + ": salt", 16);
        const long iterations = in_.integer(node["iterations"], what + ": iterations");
        if (!in_.error && iterations < 1) in_.fail(node["iterations"], what + ": iterations must be 1 or more");
        sealed.iterations = static_cast<unsigned>(iterations);
        const YAML::Node locks = node["locks"];
        if (!in_.error && (!locks.IsSequence() || locks.size() == 0)) in_.fail(locks, what + ": locks must be a non-empty list of [check, key] pairs");
        for (size_t i = 0; !in_.error && i < locks.size(); ++i) {
            if (!locks[i].IsSequence() || locks[i].size() != 2) {
                in_.fail(locks[i], what + ": each lock must be a [check, key] pair");
                break;
            }
            AnswerLock lock;
            lock.check = encodedBytes(locks[i][0], what + ": a lock's check", 32);
            lock.key = encodedBytes(locks[i][1], what + ": a lock's key", 32);
            sealed.locks.push_back(std::move(lock));
        }
        sealed.explanation = encodedBytes(node["explanation"], what + ": explanation", 0, true);
        if (node["reveal"]) sealed.reveal = encodedBytes(node["reveal"], what + ": reveal", 32);
        return sealed;
    }

    YamlReader in_;
};

}  // namespace

Expected<Quiz> parseQuiz(const std::string& text, const std::string& displayName) {
    auto doc = parseYaml(text, displayName);
    if (!doc) return doc.error();
    return QuizReader(displayName).read(*doc);
}

Expected<Quiz> loadLessonQuiz(const Course& course, const Lesson& lesson) {
    const std::filesystem::path path = quizPath(course, lesson);
    const std::string display = (std::filesystem::path("lessons") / lesson.folder / "quiz.yaml").string();
    std::string text;
    if (!readFile(path, text))
        return Error{display, "cannot read the quiz of " + lesson.id, "every lesson with a quiz check needs lessons/" + lesson.folder + "/quiz.yaml"};
    auto quiz = parseQuiz(text, display);
    if (quiz && quiz->lesson != lesson.id) {
        auto doc = YAML::Load(text);
        return Error{YamlReader(display).at(doc["lesson"]),
                     "this quiz says it is for '" + quiz->lesson + "', but it is the quiz of " + lesson.id, ""};
    }
    return quiz;
}

}  // namespace grader
