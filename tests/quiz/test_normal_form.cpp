// Normal forms of answers, precisions, and the values a numeric tolerance
// accepts: the list the student kit's sealed quiz keeps a lock for each of
// must agree with the instructor's comparison for every number.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>

#include "quiz/normal_form.h"

using namespace grader;

namespace {

Question question(QuestionKind kind) {
    Question q;
    q.kind = kind;
    for (const char* key : {"a", "b", "c"}) q.options.push_back({key, {key, key}});
    return q;
}

Answer written(const std::string& text, std::vector<std::string> items = {}) {
    Answer a;
    a.given = true;
    a.text = text;
    a.items = std::move(items);
    return a;
}

}  // namespace

TEST_CASE("a number is rounded to its precision and written out in full") {
    CHECK(numberNormalForm(2147483648, 0) == "2147483648");
    CHECK(numberNormalForm(2147483648, 6) == "2147000000");
    CHECK(numberNormalForm(2.15e9, 6) == "2150000000");
    CHECK(numberNormalForm(64.0, 0) == "64");
    CHECK(numberNormalForm(64.4, 0) == "64");
    CHECK(numberNormalForm(64.5, 0) == "65");  // halves away from zero
    CHECK(numberNormalForm(-3, 0) == "-3");
    CHECK(numberNormalForm(-0.2, 0) == "0");  // no "-0"
    CHECK(numberNormalForm(0.254, -2) == "0.25");
    CHECK(numberNormalForm(0.5, -2) == "0.5");  // no trailing zeros
    CHECK(numberNormalForm(0.004, -2) == "0");
    CHECK(numberNormalForm(-0.05, -2) == "-0.05");
    CHECK(numberNormalForm(15, 1) == "20");
    CHECK(numberNormalForm(1e300, 0) == "1e+300");  // beyond the precision's range: never an accepted value
}

TEST_CASE("a precision is a power of ten within the bounds") {
    CHECK(precisionText(0) == "1");
    CHECK(precisionText(-2) == "0.01");
    CHECK(precisionText(6) == "1000000");
    CHECK(precisionExponent(1.0e6) == 6);
    CHECK(precisionExponent(0.01) == -2);
    CHECK(precisionExponent(1) == 0);
    CHECK(precisionExponent(1e-6) == kFinestPrecision);
    CHECK_FALSE(precisionExponent(2).has_value());
    CHECK_FALSE(precisionExponent(0.5).has_value());
    CHECK_FALSE(precisionExponent(1e13).has_value());
    CHECK_FALSE(precisionExponent(1e-7).has_value());
    CHECK_FALSE(precisionExponent(0).has_value());
}

TEST_CASE("without a precision, a whole answer asks whole numbers and a decimal one its last decimal place") {
    CHECK(defaultPrecision(2048) == 0);
    CHECK(defaultPrecision(2147483648) == 0);
    CHECK(defaultPrecision(0.25) == -2);
    CHECK(defaultPrecision(8119.5) == -1);
    CHECK(defaultPrecision(1e-9) == kFinestPrecision);
}

TEST_CASE("the accepted values are every rounded value within the tolerance") {
    CHECK(acceptedNumbers(64, 0, 0).value() == std::vector<std::string>{"64"});
    const auto lesson4 = acceptedNumbers(8119, 10, 0);
    REQUIRE(lesson4.ok());
    CHECK(lesson4->size() == 21);
    CHECK(lesson4->front() == "8109");
    CHECK(lesson4->back() == "8129");
    const auto flops = acceptedNumbers(2147483648, 1e7, 6);
    REQUIRE(flops.ok());
    CHECK(flops->size() == 20);  // 2137.48 .. 2157.48 millions
    CHECK(flops->front() == "2138000000");
    CHECK(flops->back() == "2157000000");
    CHECK(acceptedNumbers(0.25, 0.01, -2).value() == std::vector<std::string>{"0.24", "0.25", "0.26"});
}

TEST_CASE("a tolerance too wide for its precision, or none within it, is an error that says what to give") {
    const auto wide = acceptedNumbers(2147483648, 1e7, 0);
    REQUIRE_FALSE(wide.ok());
    CHECK(wide.error().message == "the tolerance accepts more than 1000 values at precision 1");
    CHECK(wide.error().hint == "give a coarser precision, e.g. precision: 1.0e6");
    const auto none = acceptedNumbers(0.25, 0, 0);
    REQUIRE_FALSE(none.ok());
    CHECK(none.error().message == "no value at precision 1 lies within the tolerance of the answer");
}

TEST_CASE("for every number, being among the accepted values is being within the tolerance") {
    struct Case {
        double answer, tolerance;
        int precision;
    };
    for (const Case c : {Case{8119, 10, 0}, Case{2147483648, 1e7, 6}, Case{0.25, 0.015, -2}, Case{64, 2, 0}, Case{-40, 0.5, -1}}) {
        CAPTURE(c.answer);
        const auto accepted = acceptedNumbers(c.answer, c.tolerance, c.precision);
        REQUIRE(accepted.ok());
        const double span = 3 * c.tolerance + 10 * std::pow(10.0, c.precision);
        int right = 0;
        for (int i = -2000; i <= 2000; ++i) {
            const double x = c.answer + span * i / 2000.0;
            const std::string form = numberNormalForm(x, c.precision);
            const bool listed = std::find(accepted->begin(), accepted->end(), form) != accepted->end();
            CAPTURE(x);
            CHECK(listed == withinTolerance(form, c.answer, c.tolerance));
            right += listed;
        }
        CHECK(right > 0);
        CHECK(right < 4001);
    }
}

TEST_CASE("an answer's normal form is one text however it is written, and none when unusable") {
    Question numeric = question(QuestionKind::Numeric);
    CHECK(normalForm(numeric, written("64.0")) == "64");
    CHECK(normalForm(numeric, written("1,024")) == "1024");
    CHECK(normalForm(numeric, written("lots")) == "");
    CHECK(normalForm(numeric, written("5, 5", {"5", "5"})) == "");
    numeric.precision = 6;
    CHECK(normalForm(numeric, written("2 147 483 648")) == "2147000000");
    CHECK(normalForm(numeric, written("2.15e9")) == "2150000000");

    const Question choice = question(QuestionKind::Choice);
    CHECK(normalForm(choice, written("(B)")) == "b");
    CHECK(normalForm(choice, written("e")) == "");

    const Question order = question(QuestionKind::Order);
    CHECK(normalForm(order, written("C -> A -> B")) == "cab");
    CHECK(normalForm(order, written("c, a, b", {"c", "a", "b"})) == "cab");
    CHECK(normalForm(order, written("cab")) == "cab");
    CHECK(normalForm(order, written("c, c, b", {"c", "c", "b"})) == "");
    CHECK(normalForm(order, written("ca")) == "");
}

TEST_CASE("a plain question's right normal forms") {
    Question numeric = question(QuestionKind::Numeric);
    numeric.number = 64;
    numeric.tolerance = 2;
    CHECK(rightNormalForms(numeric) == std::vector<std::string>{"62", "63", "64", "65", "66"});
    Question choice = question(QuestionKind::Choice);
    choice.choice = "b";
    CHECK(rightNormalForms(choice) == std::vector<std::string>{"b"});
    Question order = question(QuestionKind::Order);
    order.order = {"c", "a", "b"};
    CHECK(rightNormalForms(order) == std::vector<std::string>{"cab"});
    order.sealed = SealedAnswer{};
    CHECK(rightNormalForms(order).empty());
}
