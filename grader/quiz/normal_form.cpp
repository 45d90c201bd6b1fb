// Normal forms of quiz answers and the values a numeric tolerance accepts (see normal_form.h).
#include "quiz/normal_form.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <set>

namespace grader {

namespace {

/// Integers a double holds exactly: steps beyond this are out of range for a precision.
constexpr double kMaxSteps = 9.0e15;

/// The relative slack of a comparison: 0.24 lies within 0.01 of 0.25, though not in binary floating point.
constexpr double kSlack = 1e-12;

/// 10^exponent as a double (exact for the precisions a quiz may ask).
double powerOfTen(int exponent) {
    double value = 1;
    for (int i = 0; i < std::abs(exponent); ++i) value *= 10;
    return exponent < 0 ? 1 / value : value;
}

/// `steps` x 10^`exponent` written out in full: (2147, 6) -> "2147000000", (25, -2) -> "0.25".
std::string stepsText(long long steps, int exponent) {
    if (steps == 0) return "0";
    const bool negative = steps < 0;
    std::string digits = std::to_string(negative ? -steps : steps);
    if (exponent >= 0) {
        digits += std::string(static_cast<size_t>(exponent), '0');
    } else {
        const size_t decimals = static_cast<size_t>(-exponent);
        if (digits.size() <= decimals) digits.insert(0, decimals - digits.size() + 1, '0');
        digits.insert(digits.size() - decimals, ".");
        while (digits.back() == '0') digits.pop_back();
        if (digits.back() == '.') digits.pop_back();
    }
    return negative ? "-" + digits : digits;
}

/// `value` in steps of 10^`exponent` (the division that loses least: by a power of ten, or times one).
double inSteps(double value, int exponent) { return exponent >= 0 ? value / powerOfTen(exponent) : value * powerOfTen(-exponent); }

/// The steps of a usable order answer: a list's entries, or "c, a, d, b", "c a d b", "c -> a", "cadb".
std::vector<std::string> orderKeys(const Answer& answer) {
    std::vector<std::string> keys;
    if (!answer.items.empty()) {
        for (const auto& item : answer.items) keys.push_back(choiceKey(item));
        return keys;
    }
    std::string token;
    for (char c : answer.text + " ") {
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
        if (c >= 'a' && c <= 'z') {
            token += c;
        } else if (!token.empty()) {
            keys.push_back(token);
            token.clear();
        }
    }
    if (keys.size() == 1 && keys[0].size() > 1) {
        const std::string letters = keys[0];
        keys.clear();
        for (char c : letters) keys.emplace_back(1, c);
    }
    return keys;
}

std::string numericForm(const Question& q, const Answer& answer) {
    if (!answer.items.empty()) return "";  // a list where one number is asked
    const auto value = readNumber(answer.text);
    return value ? numberNormalForm(*value, q.precision) : "";
}

std::string choiceForm(const Question& q, const Answer& answer) {
    if (!answer.items.empty()) return "";
    const std::string key = choiceKey(answer.text);
    for (const auto& o : q.options)
        if (o.key == key) return key;
    return "";
}

std::string orderForm(const Question& q, const Answer& answer) {
    const std::vector<std::string> keys = orderKeys(answer);
    std::set<std::string> valid, seen;
    for (const auto& o : q.options) valid.insert(o.key);
    if (keys.size() != q.options.size()) return "";
    std::string joined;
    for (const auto& k : keys) {
        if (!valid.count(k) || !seen.insert(k).second) return "";
        joined += k;
    }
    return joined;
}

}  // namespace

std::string numberNormalForm(double value, int exponent) {
    const double steps = std::round(inSteps(value, exponent));
    if (!(std::fabs(steps) <= kMaxSteps)) {
        char text[32];
        std::snprintf(text, sizeof text, "%.15g", value);
        return text;
    }
    return stepsText(static_cast<long long>(steps), exponent);
}

std::string precisionText(int exponent) { return stepsText(1, exponent); }

std::optional<int> precisionExponent(double precision) {
    for (int exponent = kFinestPrecision; exponent <= kCoarsestPrecision; ++exponent)
        if (std::fabs(precision - powerOfTen(exponent)) <= 1e-9 * powerOfTen(exponent)) return exponent;
    return std::nullopt;
}

int defaultPrecision(double answer) {
    for (int exponent = 0; exponent > kFinestPrecision; --exponent)
        if (std::fabs(std::strtod(numberNormalForm(answer, exponent).c_str(), nullptr) - answer) <= kSlack * std::fabs(answer)) return exponent;
    return kFinestPrecision;
}

bool withinTolerance(const std::string& normalForm, double answer, double tolerance) {
    return std::fabs(std::strtod(normalForm.c_str(), nullptr) - answer) <= tolerance + kSlack * (tolerance + std::fabs(answer));
}

Expected<std::vector<std::string>> acceptedNumbers(double answer, double tolerance, int exponent) {
    const double low = std::floor(inSteps(answer - tolerance, exponent)) - 1, high = std::ceil(inSteps(answer + tolerance, exponent)) + 1;
    const std::string precision = "at precision " + precisionText(exponent);
    if (!(high - low <= static_cast<double>(kMaxAcceptedNumbers) + 2) || std::fabs(low) > kMaxSteps || std::fabs(high) > kMaxSteps)
        return Error{"", "the tolerance accepts more than " + std::to_string(kMaxAcceptedNumbers) + " values " + precision,
                     "give a coarser precision, e.g. precision: 1.0e" + std::to_string(static_cast<int>(std::ceil(std::log10(2 * tolerance / 100))))};
    std::vector<std::string> accepted;
    for (long long steps = static_cast<long long>(low); steps <= static_cast<long long>(high); ++steps) {
        std::string text = stepsText(steps, exponent);
        if (withinTolerance(text, answer, tolerance)) accepted.push_back(std::move(text));
    }
    if (accepted.empty()) return Error{"", "no value " + precision + " lies within the tolerance of the answer", "give a finer precision or a larger tolerance"};
    return accepted;
}

std::string normalForm(const Question& q, const Answer& answer) {
    switch (q.kind) {
        case QuestionKind::Numeric: return numericForm(q, answer);
        case QuestionKind::Choice: return choiceForm(q, answer);
        case QuestionKind::Order: return orderForm(q, answer);
    }
    return "";
}

std::vector<std::string> rightNormalForms(const Question& q) {
    if (q.sealed) return {};
    switch (q.kind) {
        case QuestionKind::Numeric: {
            auto accepted = acceptedNumbers(q.number, q.tolerance, q.precision);
            return accepted ? *accepted : std::vector<std::string>{};
        }
        case QuestionKind::Choice: return {q.choice};
        case QuestionKind::Order: {
            std::string joined;
            for (const auto& key : q.order) joined += key;
            return {joined};
        }
    }
    return {};
}

}  // namespace grader
