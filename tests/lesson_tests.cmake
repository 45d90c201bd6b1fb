# The lesson tests (labels lesson1 .. lesson4): one CTest test per check of
# each lesson, written from course.yaml by `grader ctest-tests` at build time.
# In the instructor's kit tests/CMakeLists.txt includes this file; in the
# student kit (`grader export-student`) this file is tests/CMakeLists.txt,
# so both kits run the same tests. COURSE_SUBMISSION_DIR (top-level
# CMakeLists.txt) names the folder whose files the tests check.
set(LESSON_TESTS_COURSE ${PROJECT_SOURCE_DIR}/course.yaml)
set(LESSON_TESTS_SCRIPT ${CMAKE_CURRENT_BINARY_DIR}/lesson_tests.cmake)
add_custom_command(OUTPUT ${LESSON_TESTS_SCRIPT}
  COMMAND grader ctest-tests --course ${LESSON_TESTS_COURSE} --submissions ${COURSE_SUBMISSION_DIR} --output ${LESSON_TESTS_SCRIPT}
  DEPENDS grader ${LESSON_TESTS_COURSE}
  COMMENT "Generating the lesson tests from course.yaml (submissions: ${COURSE_SUBMISSION_DIR})")
add_custom_target(lesson_tests ALL DEPENDS ${LESSON_TESTS_SCRIPT})
set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES ${LESSON_TESTS_SCRIPT})
