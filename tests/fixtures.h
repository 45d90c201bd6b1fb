// Fixtures the unit tests share: the sample lesson-3 quiz and small
// course.yaml texts, each built from one base text so that a test names only
// what it changes (a question left out, a field edited, a lesson's checks),
// and the lesson reports that every output format's tests print.
// Non-goals: malformed texts whose point is their exact bytes (those stay in
// their tests), and the reference course (test_support.h loads that one).
#pragma once

#include <string>
#include <vector>

#include "checks/check.h"
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

/// The course's lesson 3 as the quiz's files name it: id and label "lesson3", folder 03-phase-loop, no checks.
grader::Lesson quizLesson3();

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

/// Lesson 3's report of work/k.cu, 1/4: compile passes; barriers fails on one hazard
/// (barrier.missing-after-compute: tA[0][0] written at k.cu:16, read at k.cu:21), its rerun line after it.
grader::LessonReport hazardReport();

/// Lesson 1's report of k.cu, 0/5, with a backend note: compile fails at k.cu:11:16,
/// correctness fails at no place, timing is skipped.
grader::LessonReport compileErrorReport();

}  // namespace fixtures
