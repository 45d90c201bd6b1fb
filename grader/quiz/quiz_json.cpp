// The browser edition's JSON forms of a quiz, answers and tries (see quiz_json.h).
// Written for a judge built without exceptions: every value's type is tested
// before it is read.
#include "quiz/quiz_json.h"

#include <nlohmann/json.hpp>

#include "core/crypto.h"

namespace grader {

namespace {

using QuizJson = nlohmann::ordered_json;

const std::vector<QuestionKind> kJsonKinds = {QuestionKind::Numeric, QuestionKind::Choice, QuestionKind::Order};

QuizJson bilingualJson(const Bilingual& text) { return QuizJson{{"en", text.en}, {"ru", text.ru}}; }

QuizJson sealedJson(const SealedAnswer& sealed) {
    QuizJson locks = QuizJson::array();
    for (const auto& lock : sealed.locks) locks.push_back(QuizJson::array({toHex(lock.check), toHex(lock.key)}));
    return QuizJson{{"salt", toHex(sealed.salt)}, {"iterations", sealed.iterations}, {"locks", locks},
                {"explanation", toHex(sealed.explanation)}, {"reveal", toHex(sealed.reveal)}};
}

/// Reads JSON values of known types, keeping the first mistake as an Error.
class QuizJsonReader {
public:
    explicit QuizJsonReader(std::string what) : what_(std::move(what)) {}

    std::string text(const QuizJson& node, const char* key) {
        const QuizJson* value = field(node, key);
        if (value && !value->is_string()) fail(std::string("'") + key + "' must be a string");
        return value && value->is_string() ? value->get<std::string>() : "";
    }
    long integer(const QuizJson& node, const char* key) {
        const QuizJson* value = field(node, key);
        if (value && !value->is_number_integer()) fail(std::string("'") + key + "' must be an integer");
        return value && value->is_number_integer() ? value->get<long>() : 0;
    }
    std::string bytes(const QuizJson& node, const char* key) {
        const auto decoded = fromHex(text(node, key));
        if (!decoded) fail(std::string("'") + key + "' must be hex");
        return decoded ? *decoded : "";
    }
    Bilingual bilingual(const QuizJson& node, const char* key) {
        const QuizJson* value = field(node, key);
        return value && value->is_object() ? Bilingual{text(*value, "en"), text(*value, "ru")} : (fail(std::string("'") + key + "' must be {en, ru}"), Bilingual{});
    }
    const QuizJson* field(const QuizJson& node, const char* key) {
        if (!node.is_object() || !node.contains(key)) {
            fail(std::string("missing '") + key + "'");
            return nullptr;
        }
        return &node[key];
    }
    void fail(const std::string& message) {
        if (!error) error = Error{what_, message, "build the page again: grader quiz LESSON --sealed-json writes it"};
    }
    std::optional<Error> error;

private:
    std::string what_;
};

SealedAnswer sealedFrom(const QuizJson& node, QuizJsonReader& in) {
    SealedAnswer sealed;
    sealed.salt = in.bytes(node, "salt");
    sealed.iterations = static_cast<unsigned>(in.integer(node, "iterations"));
    const QuizJson* locks = in.field(node, "locks");
    if (locks && locks->is_array()) {
        for (const auto& lock : *locks) {
            if (!lock.is_array() || lock.size() != 2 || !lock[0].is_string() || !lock[1].is_string()) return in.fail("a lock must be [check, key]"), sealed;
            const auto check = fromHex(lock[0].get<std::string>()), key = fromHex(lock[1].get<std::string>());
            if (!check || !key) return in.fail("a lock must be hex"), sealed;
            sealed.locks.push_back({*check, *key});
        }
    }
    sealed.explanation = in.bytes(node, "explanation");
    sealed.reveal = in.bytes(node, "reveal");
    return sealed;
}

Question questionFrom(const QuizJson& node, QuizJsonReader& in) {
    Question q;
    q.id = in.text(node, "id");
    const std::string kind = in.text(node, "kind");
    bool known = false;
    for (QuestionKind k : kJsonKinds)
        if (kind == kindWord(k)) q.kind = k, known = true;
    if (!known) in.fail("unknown kind '" + kind + "'");
    q.text = in.bilingual(node, "text");
    q.hint = in.bilingual(node, "hint");
    if (q.kind == QuestionKind::Numeric) q.precision = static_cast<int>(in.integer(node, "precision_exponent"));
    if (q.kind != QuestionKind::Numeric) {
        const QuizJson* options = in.field(node, "options");
        if (options && options->is_array())
            for (const auto& o : *options) q.options.push_back({in.text(o, "key"), in.bilingual(o, "text")});
    }
    const QuizJson* sealed = in.field(node, "sealed");
    if (sealed) q.sealed = sealedFrom(*sealed, in);
    return q;
}

}  // namespace

Expected<std::string> sealedQuizJson(const Quiz& quiz) {
    QuizJson questions = QuizJson::array();
    for (const auto& q : quiz.questions) {
        if (!q.sealed) return Error{"", "question '" + q.id + "' is not sealed", "the page must not hold a quiz's answers"};
        QuizJson one{{"id", q.id}, {"kind", kindWord(q.kind)}, {"text", bilingualJson(q.text)}, {"hint", bilingualJson(q.hint)}};
        if (q.kind == QuestionKind::Numeric) one["precision_exponent"] = q.precision;
        if (q.kind != QuestionKind::Numeric) {
            QuizJson options = QuizJson::array();
            for (const auto& o : q.options) options.push_back(QuizJson{{"key", o.key}, {"text", bilingualJson(o.text)}});
            one["options"] = options;
        }
        one["sealed"] = sealedJson(*q.sealed);
        questions.push_back(one);
    }
    return QuizJson{{"lesson", quiz.lesson}, {"questions", questions}}.dump() + "\n";
}

Expected<Quiz> quizFromJson(const std::string& text) {
    const QuizJson doc = QuizJson::parse(text, nullptr, false);
    QuizJsonReader in("the sealed quiz");
    if (doc.is_discarded()) return Error{"the sealed quiz", "is not JSON", ""};
    Quiz quiz;
    quiz.lesson = in.text(doc, "lesson");
    const QuizJson* questions = in.field(doc, "questions");
    if (questions && questions->is_array())
        for (const auto& q : *questions) quiz.questions.push_back(questionFrom(q, in));
    if (in.error) return *in.error;
    return quiz;
}

Expected<Answers> answersFromJson(const std::string& text, const Quiz& quiz) {
    const QuizJson doc = QuizJson::parse(text, nullptr, false);
    const std::string where = "the page's answers";
    if (!doc.is_object() || !doc.contains("lesson") || !doc["lesson"].is_string() || !doc.contains("answers") || !doc["answers"].is_object())
        return Error{where, "expected {lesson, answers}", ""};
    Answers answers;
    answers.lesson = doc["lesson"].get<std::string>();
    if (answers.lesson != quiz.lesson) return Error{where, "these answers are for " + answers.lesson + ", not for " + quiz.lesson, ""};
    for (const auto& [id, value] : doc["answers"].items()) {
        if (!quiz.find(id)) return Error{where, "lesson " + quiz.lesson + "'s quiz has no question '" + id + "'", ""};
        Answer a;
        a.id = id;
        if (value.is_string()) {
            a.text = value.get<std::string>();
            a.given = !a.text.empty();
        } else if (value.is_array()) {
            for (const auto& item : value) {
                if (!item.is_string()) return Error{where, "question '" + id + "': list entries must be strings", ""};
                a.items.push_back(item.get<std::string>());
                a.text += (a.text.empty() ? "" : ", ") + a.items.back();
            }
            a.given = !a.items.empty();
        } else if (!value.is_null()) {
            return Error{where, "question '" + id + "': the answer must be a string, a list of strings or null", ""};
        }
        answers.answers.push_back(std::move(a));
    }
    return answers;
}

Expected<TriesRecord> triesFromJson(const std::string& text) {
    const QuizJson doc = QuizJson::parse(text, nullptr, false);
    const std::string where = "the page's record of tries";
    if (!doc.is_object()) return Error{where, "expected {question id: [wrong answers]}", ""};
    TriesRecord record;
    for (const auto& [id, keys] : doc.items()) {
        if (!keys.is_array()) return Error{where, "question '" + id + "': expected a list", ""};
        for (const auto& key : keys) {
            if (!key.is_string()) return Error{where, "question '" + id + "': expected strings", ""};
            record.add(id, key.get<std::string>());
        }
    }
    return record;
}

std::string triesJson(const TriesRecord& record) {
    QuizJson doc = QuizJson::object();
    for (const auto& [id, keys] : record.wrong) doc[id] = keys;
    return doc.dump();
}

}  // namespace grader
