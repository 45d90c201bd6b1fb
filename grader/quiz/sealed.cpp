// Sealing a quiz for the student kit and deciding its answers (see sealed.h);
// writing a sealed quiz.yaml is sealed_yaml.cpp's.
#include "quiz/sealed.h"

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

Expected<Quiz> studentKitQuiz(const Quiz& quiz, const std::string& quizText, bool revealable) {
    return sealQuiz(quiz, sha256(quizText), revealable);
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

}  // namespace grader
