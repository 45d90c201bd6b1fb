// Reading the record of wrong tries, quiz_answers.tries.yaml (see tries.h).
#include "quiz/tries.h"

#include "core/toolchain.h"
#include "core/yaml_reader.h"

namespace grader {

Expected<TriesRecord> parseTries(const std::string& text, const std::string& displayName) {
    const std::string startOver = "grader quiz writes this file; delete it to start your tries over";
    auto doc = parseYaml(text, displayName);
    if (!doc) return Error{doc.error().where, doc.error().message, startOver};
    TriesRecord record;
    if (doc->IsNull()) return record;
    YamlReader in(displayName);
    if (!doc->IsMap()) return Error{displayName, "expected each question id with a list of the wrong answers tried", startOver};
    for (const auto& entry : *doc) {
        const std::string id = in.string(entry.first, "a question id");
        const std::vector<std::string> keys = in.error ? std::vector<std::string>{} : in.stringList(entry.second, "question '" + id + "'");
        if (in.error) return Error{in.error->where, in.error->message, startOver};
        for (const auto& key : keys) record.add(id, key);
    }
    return record;
}

Expected<TriesRecord> loadTries(const std::filesystem::path& path, const std::string& displayName) {
    if (!std::filesystem::exists(path)) return TriesRecord{};
    std::string text;
    if (!readFile(path, text)) return Error{displayName, "cannot read the record of your tries", ""};
    return parseTries(text, displayName);
}

}  // namespace grader
