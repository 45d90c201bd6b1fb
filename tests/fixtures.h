// Fixtures the unit tests share: the sample lesson-3 quiz and small
// course.yaml texts, each built from one base text so that a test names only
// what it changes (a question left out, a field edited, a lesson's checks).
// Non-goals: malformed texts whose point is their exact bytes (those stay in
// their tests), and the reference course (test_support.h loads that one).
#pragma once

#include <string>
#include <vector>

#include "core/course.h"
#include "quiz/quiz.h"

namespace fixtures {

/// The sample quiz's questions, in this order: phases, flops, ratio, barrier, steps.
extern const std::vector<std::string> kAllSampleQuestions;

/// The lesson-3 quiz.yaml text holding the named sample questions, in the order
/// given (phases, flops, barrier and steps unless told).
std::string sampleQuizYaml(const std::vector<std::string>& questions = {"phases", "flops", "barrier", "steps"});

/// `text` with its one occurrence of `from` replaced by `to`; throws where `from` is missing or repeated.
std::string edited(std::string text, const std::string& from, const std::string& to);

/// `yaml` parsed as quiz.yaml; the test stops with the parser's message where it does not parse.
grader::Quiz parsedQuiz(const std::string& yaml);

/// One lesson of a test course: the kit lesson it names (1 to 4), its title, its checks' flow list, and
/// its folder and file (student and solution) where they are not the kit's.
struct CourseLesson {
    int number = 1;
    std::string title = "t";
    std::string checks = "{name: compile, points: 1}";
    std::string folder = {};
    std::string file = {};
};

/// A course.yaml text titled `title` with these lessons, in one flow map each.
std::string courseYaml(const std::string& title, const std::vector<CourseLesson>& lessons);

/// `yaml` parsed as the course file /kit/course.yaml; the test stops where it does not parse.
grader::Course parsedCourse(const std::string& yaml);

}  // namespace fixtures
