# Grades the bundled sample class with `grader batch` (sandboxed) under
# COURSE and checks the outputs: gradebook.csv equals the golden one (every
# typical mistake lands where it should), and the other outputs exist with
# their shape. With -DUPDATE=1, or GOLDEN_UPDATE=1 in the environment, the
# golden gradebook is rewritten instead (as golden.cmake does).
# Usage: cmake -DGRADER=... -DCLASS=... -DOUT=... -DGOLDEN=... -DCOURSE=... -DWORKDIR=... [-DUPDATE=1] -P sample_class.cmake
cmake_minimum_required(VERSION 3.25)  # policies: quoted strings are never variables
set(ENV{NO_COLOR} 1)
file(REMOVE_RECURSE "${OUT}")
execute_process(COMMAND "${GRADER}" batch "${CLASS}" --out "${OUT}" --course "${COURSE}" WORKING_DIRECTORY "${WORKDIR}"
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
message("${out}${err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "grader batch exited with ${rc}")
endif()
foreach(phrase "9 entries: 8 graded, 1 refused, 0 not graded (this run: 9 done now, 0 up to date" "sandbox: bubblewrap" "report: ${OUT}/report.html")
  string(FIND "${out}" "${phrase}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "the output lacks '${phrase}'")
  endif()
endforeach()

file(READ "${OUT}/gradebook.csv" gradebook)
string(REPLACE "\r\n" "\n" gradebook "${gradebook}")
if(UPDATE OR "$ENV{GOLDEN_UPDATE}")
  file(WRITE "${GOLDEN}" "${gradebook}")
endif()
file(READ "${GOLDEN}" expected)
if(NOT gradebook STREQUAL expected)
  message(FATAL_ERROR "gradebook.csv differs from ${GOLDEN}\n--- expected\n${expected}\n--- actual\n${gradebook}\n"
                      "If the new gradebook is right: GOLDEN_UPDATE=1 ctest --test-dir <build> -L golden, then review git diff")
endif()

foreach(file junit.xml report.html ada.json eve.json gradescope/ada.json gradescope/dennis.json)
  if(NOT EXISTS "${OUT}/${file}")
    message(FATAL_ERROR "missing output ${OUT}/${file}")
  endif()
endforeach()
file(READ "${OUT}/grace.json" grace)
string(JSON id GET "${grace}" id)
string(JSON lessons LENGTH "${grace}" lessons)
string(JSON status GET "${grace}" lessons 2 status)
string(JSON check GET "${grace}" lessons 2 checks 2 name)
string(JSON verdict GET "${grace}" lessons 2 checks 2 status)
string(JSON file GET "${grace}" lessons 2 file)
if(NOT id STREQUAL "grace" OR NOT lessons EQUAL 4 OR NOT status STREQUAL "graded" OR NOT check STREQUAL "barriers"
   OR NOT verdict STREQUAL "fail" OR NOT file STREQUAL "grace/matmul_tiled.cu")
  message(FATAL_ERROR "grace.json has an unexpected shape: ${grace}")
endif()
file(READ "${OUT}/eve.json" eve)
string(JSON status GET "${eve}" status)
string(JSON why GET "${eve}" message)
if(NOT status STREQUAL "refused" OR NOT why MATCHES "'\\.\\.'")
  message(FATAL_ERROR "eve.zip (a path-traversal archive) should be refused: ${eve}")
endif()
file(READ "${OUT}/dennis.json" dennis_result)
file(READ "${OUT}/gradescope/dennis.json" dennis_gradescope)
string(JSON expected_score GET "${dennis_result}" score)
string(JSON score GET "${dennis_gradescope}" score)
string(JSON tests LENGTH "${dennis_gradescope}" tests)
if(NOT score EQUAL expected_score OR tests LESS 10)
  message(FATAL_ERROR "gradescope/dennis.json: score ${score} (dennis.json: ${expected_score}), ${tests} tests")
endif()
