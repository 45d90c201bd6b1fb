// Reading a language code (see language.h).
#include "core/language.h"

namespace grader {

Expected<Language> parseLanguage(const std::string& code) {
    if (code == "en") return Language::English;
    if (code == "ru") return Language::Russian;
    return Error{"", "unknown language '" + code + "'", "the course is written in en and ru"};
}

}  // namespace grader
