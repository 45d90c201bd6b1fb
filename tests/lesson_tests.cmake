# The lesson tests (labels lesson1 .. lesson4): one CTest test per check of
# each lesson, written from course.yaml by `grader ctest-tests` at build time.
# In the instructor's kit tests/CMakeLists.txt includes this file; in the
# student kit (`grader export-student`) this file is tests/CMakeLists.txt,
# so both kits run the same tests. COURSE_SUBMISSION_DIR (top-level
# CMakeLists.txt) names the folder whose files the tests check.
set(LESSON_TESTS_COURSE ${PROJECT_SOURCE_DIR}/course.yaml)

# The lesson ids are fixed by the contract (grader/harness/contract.h): each
# names its lesson's harness, functions and tests, so a renamed one stops the
# configure step here, at its line, rather than a build half done. Only the
# ids are read here; `grader` checks everything else in course.yaml when the
# build writes the tests.
file(READ ${LESSON_TESTS_COURSE} course_text)
string(REGEX MATCHALL "\n[ \t]*-?[ \t]*id:[^\n]*" course_id_lines "${course_text}")
foreach(line IN LISTS course_id_lines)
  string(REGEX MATCH "^(\n[ \t]*-?[ \t]*id:[ \t]*)[\"']?([^\"' \t#]*)" _ "${line}")
  set(id "${CMAKE_MATCH_2}")
  string(LENGTH "${CMAKE_MATCH_1}" column)  # the id's column: the match starts with the newline before its line
  if(NOT id MATCHES "^lesson[1-4]$")
    string(FIND "${course_text}" "${line}" at)
    string(SUBSTRING "${course_text}" 0 ${at} before)
    string(REGEX REPLACE "[^\n]" "" newlines "${before}")
    string(LENGTH "${newlines}" row)
    math(EXPR row "${row} + 2")
    message(FATAL_ERROR "course.yaml:${row}:${column}: lesson id '${id}' is not lesson1, lesson2, lesson3 or lesson4: the contract "
                        "fixes the ids (each names its lesson's harness, functions and tests); keep the id and change the "
                        "lesson's title, folder or label instead")
  endif()
endforeach()
set(LESSON_TESTS_SCRIPT ${CMAKE_CURRENT_BINARY_DIR}/lesson_tests.cmake)
add_custom_command(OUTPUT ${LESSON_TESTS_SCRIPT}
  COMMAND grader ctest-tests --course ${LESSON_TESTS_COURSE} --submissions ${COURSE_SUBMISSION_DIR} --output ${LESSON_TESTS_SCRIPT}
  DEPENDS grader ${LESSON_TESTS_COURSE}
  COMMENT "Generating the lesson tests from course.yaml (submissions: ${COURSE_SUBMISSION_DIR})")
add_custom_target(lesson_tests ALL DEPENDS ${LESSON_TESTS_SCRIPT})
set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES ${LESSON_TESTS_SCRIPT})
