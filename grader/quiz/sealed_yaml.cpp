// Writing the student kit's sealed quiz.yaml (see sealed.h).
#include "quiz/sealed.h"

#include <yaml-cpp/yaml.h>

#include "core/crypto.h"
#include "quiz/normal_form.h"

namespace grader {

namespace {

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
