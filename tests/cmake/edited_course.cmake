# The kit's self-test under a course.yaml an instructor has edited (the
# kit.selftest.edited_course test): the lesson tests (`grader ctest-tests`,
# against the solutions) and the kit tests (kit_tests.cmake) are written for
# COURSE into WORK, exactly as the build writes them for the kit's
# course.yaml, and run there by CTest with the grader already built. Every
# test must pass, the tests of what the edit removed must be gone, and those
# of what it kept must be there.
# Non-goal: the grader's own tests (golden files, units), which run under the
# reference course whatever course.yaml says.
# Usage: cmake -DGRADER=... -DCOURSE=.../instructor_edits.yaml -DWORK=DIR -DCTEST=... "-DPRESENT=a;b" "-DABSENT=c;d" -P edited_course.cmake
cmake_minimum_required(VERSION 3.25)
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")
set(ENV{NO_COLOR} 1)
execute_process(COMMAND "${GRADER}" ctest-tests --course "${COURSE}" --submissions solutions --output "${WORK}/lesson_tests.cmake"
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "grader ctest-tests failed: ${err}")
endif()
execute_process(COMMAND "${CMAKE_COMMAND}" -DGRADER=${GRADER} -DCOURSE=${COURSE} -DOUTPUT=${WORK}/kit_tests.cmake -DWORK=${WORK}
                        -P "${CMAKE_CURRENT_LIST_DIR}/kit_tests.cmake" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "kit_tests.cmake failed")
endif()
file(WRITE "${WORK}/CTestTestfile.cmake" "include(lesson_tests.cmake)\ninclude(kit_tests.cmake)\n")

execute_process(COMMAND "${CTEST}" --test-dir "${WORK}" -N OUTPUT_VARIABLE listed)
set(wrong "")
foreach(name IN LISTS PRESENT)
  if(NOT listed MATCHES ": ${name}\n")
    string(APPEND wrong "\n  ${name} is missing")
  endif()
endforeach()
foreach(name IN LISTS ABSENT)
  if(listed MATCHES ": ${name}\n")
    string(APPEND wrong "\n  ${name} is there, but the course has no such check")
  endif()
endforeach()
if(wrong)
  message(FATAL_ERROR "the self-test does not follow ${COURSE}:${wrong}\n${listed}")
endif()

execute_process(COMMAND "${CTEST}" --test-dir "${WORK}" -j 2 --output-on-failure RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the kit's self-test fails under ${COURSE} (above)")
endif()
