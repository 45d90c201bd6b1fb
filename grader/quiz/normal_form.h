// The normal form of a quiz answer: one text however the answer is written.
// It is what the record of tries keeps (tries.h), what the instructor's quiz
// compares with its answer, and what the student kit's sealed quiz hashes
// (sealed.h), so the two kits grade alike. A choice is its key ("b" for
// "B)"); an order is its keys joined ("cdab" for [c, d, a, b] or
// "c -> d -> a -> b"); a number is rounded to its question's precision (a
// power of ten) and written out in full, without an exponent or trailing
// zeros ("2147000000" for 2.147e9 at precision 1e6, "0.25", "-3"). A numeric
// answer is right when that rounded value lies within the question's
// tolerance of the answer; acceptedNumbers lists every such value.
// Non-goals: reading the answers file (answers.h); deciding a sealed
// question (sealed.h).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "quiz/answers.h"
#include "quiz/quiz.h"

namespace grader {

/// The most values a numeric question may accept at its precision (the sealed quiz keeps a lock for each).
constexpr size_t kMaxAcceptedNumbers = 1000;

/// The finest and the coarsest precision a numeric question may ask, as powers of ten.
constexpr int kFinestPrecision = -6, kCoarsestPrecision = 12;

/// `value` rounded to 10^`exponent` and written out in full: (2147483648, 6) -> "2147000000",
/// (0.254, -2) -> "0.25". A value too large for that precision keeps its "%.15g" text ("1e+300"),
/// which no accepted value has.
std::string numberNormalForm(double value, int exponent);

/// 10^`exponent` as quiz.yaml's `precision` writes it: "1", "0.01", "1000000".
std::string precisionText(int exponent);

/// The exponent of quiz.yaml's `precision` (1.0e6 -> 6), or nullopt when it is not a power of
/// ten from 10^kFinestPrecision to 10^kCoarsestPrecision.
std::optional<int> precisionExponent(double precision);

/// The precision a numeric answer has when quiz.yaml gives none: 0 (whole numbers) for a whole
/// answer, else its last decimal place (0.25 -> -2), never finer than kFinestPrecision.
int defaultPrecision(double answer);

/// Whether a number's normal form lies within `tolerance` of `answer` (give or take 1e-12 of their
/// size, for the decimal fractions binary floating point cannot hold: 0.24 lies within 0.01 of 0.25).
bool withinTolerance(const std::string& normalForm, double answer, double tolerance);

/// Every normal form at 10^`exponent` within `tolerance` of `answer`, ascending. An Error when
/// there are more than kMaxAcceptedNumbers, or none.
Expected<std::vector<std::string>> acceptedNumbers(double answer, double tolerance, int exponent);

/// The normal form of `answer` to `q`, or "" when it is not in the form the question takes.
std::string normalForm(const Question& q, const Answer& answer);

/// The normal forms of a plain question's right answers (numeric: acceptedNumbers; empty when sealed).
std::vector<std::string> rightNormalForms(const Question& q);

}  // namespace grader
