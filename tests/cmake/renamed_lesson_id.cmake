# A renamed lesson id stops the configure step (the kit.selftest.renamed_lesson_id
# test): a project that includes tests/lesson_tests.cmake, as both kits'
# builds do, is configured in WORK beside COURSE with lesson4 renamed
# lesson5, and must fail with the located message; with COURSE unchanged it
# must configure. The project has no language, so each configure takes
# about a second.
# Usage: cmake -DKIT=... -DCOURSE=.../course.yaml -DWORK=DIR -P renamed_lesson_id.cmake
cmake_minimum_required(VERSION 3.25)
file(REMOVE_RECURSE "${WORK}")
file(WRITE "${WORK}/CMakeLists.txt"
     "cmake_minimum_required(VERSION 3.25)\nproject(lesson_ids NONE)\ninclude([=[${KIT}/tests/lesson_tests.cmake]=])\n")
file(READ "${COURSE}" course)

# Configures WORK with `text` as its course.yaml; sets rc and output (blanks folded, as CMake wraps messages).
function(configure text)
  file(WRITE "${WORK}/course.yaml" "${text}")
  file(REMOVE_RECURSE "${WORK}/build")
  execute_process(COMMAND "${CMAKE_COMMAND}" -S "${WORK}" -B "${WORK}/build" OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
  string(REGEX REPLACE "[ \n]+" " " out "${out}${err}")
  set(rc "${rc}" PARENT_SCOPE)
  set(output "${out}" PARENT_SCOPE)
endfunction()

configure("${course}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the unchanged course does not configure: ${output}")
endif()

string(REPLACE "id: lesson4" "id: lesson5" renamed "${course}")
string(FIND "${renamed}" "id: lesson5" at)
string(SUBSTRING "${renamed}" 0 ${at} before)
string(REGEX MATCHALL "\n" newlines "${before}")
list(LENGTH newlines row)
math(EXPR row "${row} + 1")
configure("${renamed}")
set(expected "course.yaml:${row}:9: lesson id 'lesson5' is not lesson1, lesson2, lesson3 or lesson4: the contract fixes the ids")
string(FIND "${output}" "${expected}" found)
if(rc EQUAL 0 OR found EQUAL -1)
  message(FATAL_ERROR "a renamed lesson id must stop the configure step with '${expected}', got exit ${rc}: ${output}")
endif()
message(STATUS "refused as expected: ${output}")
