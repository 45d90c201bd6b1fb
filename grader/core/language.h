// The languages the course is written in (en, ru), and how text in both is
// picked at the point of use.
// Non-goal: translating; every text is written in both languages where it is used.
#pragma once

#include <string>

#include "core/error.h"

namespace grader {

/// The languages the course is written in.
enum class Language { English, Russian };

/// `ru` in Russian, else `en` (text written in both languages at the point of use).
inline std::string say(Language language, const std::string& en, const std::string& ru) { return language == Language::Russian ? ru : en; }

/// "en" or "ru" to a Language; an Error for anything else.
Expected<Language> parseLanguage(const std::string& code);

}  // namespace grader
