// Sealing a quiz for the student kit and deciding its answers (see sealed.h).
#include "quiz/sealed.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>

#include "core/crypto.h"
#include "quiz/normal_form.h"

namespace grader {

namespace {

constexpr size_t kSaltBytes = 16;

/// The bytes one right answer derives: what its lock is checked and opened with.
Bytes derivedFrom(const SealedAnswer& sealed, const std::string& normalForm) {
    return pbkdf2Sha256(normalForm, sealed.salt, sealed.iterations, kAesKeyBytes);
}

/// The explanation's key when `normalForm` opens one of the locks, else nullopt.
std::optional<Bytes> unlockedKey(const SealedAnswer& sealed, const std::string& normalForm) {
    if (normalForm.empty()) return std::nullopt;
    const Bytes derived = derivedFrom(sealed, normalForm);
    const Bytes check = hmacSha256(derived, "check");
    for (const auto& lock : sealed.locks)
        if (lock.check == check) return xorBytes(lock.key, hmacSha256(derived, "key"));
    return std::nullopt;
}

/// The explanation opened with `key`: English, a NUL, Russian.
std::optional<Bilingual> openedExplanation(const SealedAnswer& sealed, const Bytes& key) {
    const auto plain = openAesGcm(key, sealed.explanation);
    if (!plain) return std::nullopt;
    const size_t cut = plain->find('\0');
    if (cut == std::string::npos) return std::nullopt;
    return Bilingual{plain->substr(0, cut), plain->substr(cut + 1)};
}

/// The pad that hides the key from everyone but `grader quiz` after enough tries.
Bytes revealPad(const SealedAnswer& sealed) { return hmacSha256(sealed.salt, "reveal"); }

Expected<Question> sealedQuestion(const Question& plain, const std::string& lesson, std::string_view secret, bool revealable) {
    if (plain.sealed) return Error{"", "question '" + plain.id + "' is sealed already", "export from the instructor's kit"};
    std::vector<std::string> forms = rightNormalForms(plain);
    if (plain.kind == QuestionKind::Numeric) {
        auto accepted = acceptedNumbers(plain.number, plain.tolerance, plain.precision);
        if (!accepted) return Error{"", "question '" + plain.id + "': " + accepted.error().message, accepted.error().hint};
    }
    const auto derive = [&](const char* what) { return hmacSha256(secret, what + ('\0' + lesson) + '\0' + plain.id); };
    SealedAnswer sealed;
    sealed.salt = derive("salt").substr(0, kSaltBytes);
    sealed.iterations = kSealIterations;
    const Bytes key = derive("explanation key");
    for (const auto& form : forms) {
        const Bytes derived = derivedFrom(sealed, form);
        sealed.locks.push_back({hmacSha256(derived, "check"), xorBytes(key, hmacSha256(derived, "key"))});
    }
    std::sort(sealed.locks.begin(), sealed.locks.end(), [](const AnswerLock& a, const AnswerLock& b) { return a.check < b.check; });
    const Bytes nonce = derive("nonce").substr(0, kGcmNonceBytes);
    sealed.explanation = sealAesGcm(key, nonce, plain.explanation.en + '\0' + plain.explanation.ru);
    if (revealable) sealed.reveal = xorBytes(key, revealPad(sealed));
    Question q = plain;
    q.explanation = {};
    q.number = q.tolerance = 0;
    q.choice.clear();
    q.order.clear();
    q.sealed = std::move(sealed);
    return q;
}

void emitBilingual(YAML::Emitter& out, const char* key, const Bilingual& text) {
    out << YAML::Key << key << YAML::Value << YAML::BeginMap << YAML::Key << "en" << YAML::Value << text.en << YAML::Key << "ru"
        << YAML::Value << text.ru << YAML::EndMap;
}

void emitOptions(YAML::Emitter& out, const char* key, const std::vector<QuizOption>& options) {
    out << YAML::Key << key << YAML::Value << YAML::BeginMap;
    for (const auto& o : options) emitBilingual(out, o.key.c_str(), o.text);
    out << YAML::EndMap;
}

void emitSealed(YAML::Emitter& out, const SealedAnswer& sealed) {
    out << YAML::Key << "sealed" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "salt" << YAML::Value << toHex(sealed.salt);
    out << YAML::Key << "iterations" << YAML::Value << sealed.iterations;
    out << YAML::Key << "locks" << YAML::Value << YAML::BeginSeq;
    for (const auto& lock : sealed.locks) out << YAML::Flow << YAML::BeginSeq << toHex(lock.check) << toHex(lock.key) << YAML::EndSeq;
    out << YAML::EndSeq;
    out << YAML::Key << "explanation" << YAML::Value << toBase64(sealed.explanation);
    if (!sealed.reveal.empty()) out << YAML::Key << "reveal" << YAML::Value << toHex(sealed.reveal);
    out << YAML::EndMap;
}

}  // namespace

bool isRightAnswer(const Question& q, const std::string& normalForm) {
    if (normalForm.empty()) return false;
    if (q.sealed) return unlockedKey(*q.sealed, normalForm).has_value();
    if (q.kind == QuestionKind::Numeric) return withinTolerance(normalForm, q.number, q.tolerance);
    const std::vector<std::string> right = rightNormalForms(q);
    return std::find(right.begin(), right.end(), normalForm) != right.end();
}

std::optional<Bilingual> explanationFor(const Question& q, const std::string& normalForm) {
    if (!q.sealed) return isRightAnswer(q, normalForm) ? std::optional<Bilingual>(q.explanation) : std::nullopt;
    const auto key = unlockedKey(*q.sealed, normalForm);
    return key ? openedExplanation(*q.sealed, *key) : std::nullopt;
}

std::optional<Bilingual> revealedExplanation(const Question& q) {
    if (!q.sealed) return q.explanation;
    if (q.sealed->reveal.empty()) return std::nullopt;
    return openedExplanation(*q.sealed, xorBytes(q.sealed->reveal, revealPad(*q.sealed)));
}

Expected<Quiz> sealQuiz(const Quiz& quiz, std::string_view secret, bool revealable) {
    Quiz sealed;
    sealed.lesson = quiz.lesson;
    for (const auto& q : quiz.questions) {
        auto one = sealedQuestion(q, quiz.lesson, secret, revealable);
        if (!one) return one.error();
        sealed.questions.push_back(std::move(*one));
    }
    return sealed;
}

Expected<std::string> sealedQuizYaml(const Quiz& quiz) {
    YAML::Emitter out;
    out << YAML::BeginMap << YAML::Key << "lesson" << YAML::Value << quiz.lesson;
    out << YAML::Key << "questions" << YAML::Value << YAML::BeginSeq;
    for (const auto& q : quiz.questions) {
        if (!q.sealed) return Error{"", "question '" + q.id + "' is not sealed", ""};
        out << YAML::BeginMap << YAML::Key << "id" << YAML::Value << q.id << YAML::Key << "kind" << YAML::Value << kindWord(q.kind);
        emitBilingual(out, "text", q.text);
        if (q.kind == QuestionKind::Numeric) out << YAML::Key << "precision" << YAML::Value << precisionText(q.precision);
        if (q.kind == QuestionKind::Choice) emitOptions(out, "choices", q.options);
        if (q.kind == QuestionKind::Order) emitOptions(out, "steps", q.options);
        emitBilingual(out, "hint", q.hint);
        emitSealed(out, *q.sealed);
        out << YAML::EndMap;
    }
    out << YAML::EndSeq << YAML::EndMap;
    if (!out.good()) return Error{"", "cannot write the sealed quiz: " + out.GetLastError(), ""};
    return "# lessons/NN-name/quiz.yaml of the student kit, written by `grader export-student`: each\n"
           "# question's answer and worked answer are sealed (hashed and encrypted), and `grader quiz`\n"
           "# checks answers against them. Not meant to be edited.\n" +
           std::string(out.c_str()) + "\n";
}

}  // namespace grader
