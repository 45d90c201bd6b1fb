// Errors as values: a located message with an optional hint, and Expected<T>
// for functions that either produce a T or an Error.
// Non-goal: exceptions crossing module boundaries; callers print an Error once.
#pragma once

#include <ostream>
#include <string>
#include <utility>
#include <variant>

namespace grader {

/// A problem the grader reports to a person: where, what, and what to try.
struct Error {
    std::string where;    ///< "course.yaml:14:3" or a path; may be empty
    std::string message;  ///< short, lowercase start, no trailing period
    std::string hint;     ///< optional next step, e.g. "did you mean 'barriers'?"

    /// The one-line form printed to a person: "where: message (hint)".
    std::string format() const;
};

/// Prints `error` once, as "grader: where: message (hint)", and returns `exitCode`.
int printError(std::ostream& err, const Error& error, int exitCode);

/// Either a value or an Error; no exceptions needed to pass failure upward.
template <class T>
class Expected {
public:
    Expected(T value) : state_(std::move(value)) {}
    Expected(Error error) : state_(std::move(error)) {}

    bool ok() const { return state_.index() == 0; }
    explicit operator bool() const { return ok(); }
    T& value() { return std::get<0>(state_); }
    const T& value() const { return std::get<0>(state_); }
    T& operator*() { return value(); }
    T* operator->() { return &value(); }
    const T& operator*() const { return value(); }
    const T* operator->() const { return &value(); }
    const Error& error() const { return std::get<1>(state_); }

private:
    std::variant<T, Error> state_;
};

}  // namespace grader
