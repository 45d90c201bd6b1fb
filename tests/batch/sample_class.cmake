# Grades the bundled sample class with `grader batch` (sandboxed) under
# COURSE and checks the outputs: gradebook.csv equals the golden one (every
# typical mistake lands where it should), and the other outputs exist with
# their shape; with --feedback, every row of the gradebook has its feedback
# page and text, every command in them is written for the student's kit (the
# trainer's without --progress: in the kit it keeps starter/NN-name/'s file), and
# the feedback texts of FEEDBACK_GOLDEN's students equal theirs (the time of
# grading aside).
# With MISTAKES_GOLDEN, mistakes.csv equals it (each typical mistake under its diagnosis code).
# EXTRA: more options of `grader batch` (a list), which must not change any output checked;
# FRESH_CACHE: a build cache folder, emptied first, so that every file is built in this run.
# Usage: cmake -DGRADER=... -DCLASS=... -DOUT=... -DGOLDEN=... -DCOURSE=... -DWORKDIR=... [-DFEEDBACK_GOLDEN=DIR] [-DMISTAKES_GOLDEN=FILE]
#        [-DEXTRA=OPTIONS] [-DFRESH_CACHE=DIR] [-DUPDATE=1]
#        -P sample_class.cmake   (UPDATE=1 or GOLDEN_UPDATE=1 in the environment rewrites the golden files)
cmake_minimum_required(VERSION 3.25)  # policies: quoted strings are never variables
set(ENV{NO_COLOR} 1)
if("$ENV{GOLDEN_UPDATE}")
  set(UPDATE 1)
endif()
file(REMOVE_RECURSE "${OUT}")
if(FRESH_CACHE)
  file(REMOVE_RECURSE "${FRESH_CACHE}")
  set(ENV{GRADER_CACHE_DIR} "${FRESH_CACHE}")
endif()
execute_process(COMMAND "${GRADER}" batch "${CLASS}" --out "${OUT}" --course "${COURSE}" --feedback "${OUT}/feedback" ${EXTRA}
                WORKING_DIRECTORY "${WORKDIR}"
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
message("${out}${err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "grader batch exited with ${rc}")
endif()
foreach(phrase "9 entries: 8 graded, 1 refused, 0 not graded (this run: 9 done now, 0 up to date" "sandbox: bubblewrap" "report: ${OUT}/report.html"
               "feedback: ${OUT}/feedback/ (<id>.html and <id>.txt for each of 9 students)")
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
# mistakes.csv: each student's typical mistake counted once, under its diagnosis code.
if(MISTAKES_GOLDEN)
  file(READ "${OUT}/mistakes.csv" mistakes)
  string(REPLACE "\r\n" "\n" mistakes "${mistakes}")
  if(UPDATE)
    file(WRITE "${MISTAKES_GOLDEN}" "${mistakes}")
  endif()
  file(READ "${MISTAKES_GOLDEN}" expected)
  if(NOT mistakes STREQUAL expected)
    message(FATAL_ERROR "mistakes.csv differs from ${MISTAKES_GOLDEN}\n--- expected\n${expected}\n--- actual\n${mistakes}")
  endif()
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

# Feedback: both files for every row of the gradebook; every command written for the student's kit.
string(REGEX MATCHALL "\n[^,\n]+," rows "${gradebook}")
list(LENGTH rows count)
if(NOT count EQUAL 9)
  message(FATAL_ERROR "expected 9 gradebook rows, found ${count}")
endif()
foreach(row IN LISTS rows)
  string(REGEX REPLACE "^\n'?([^,]+),$" "\\1" id "${row}")
  foreach(ext txt html)
    if(NOT EXISTS "${OUT}/feedback/${id}.${ext}")
      message(FATAL_ERROR "no feedback ${OUT}/feedback/${id}.${ext} for the gradebook row ${id}")
    endif()
  endforeach()
  file(STRINGS "${OUT}/feedback/${id}.txt" commands REGEX "grader/grader ")
  foreach(line IN LISTS commands)
    if(NOT line MATCHES "build/grader/grader ((check|quiz|tilemap) lesson[1-4] (--blank )?starter/0[1-4]-[a-z-]+/|trainer lesson[23]( --seed [0-9]+)?($| and ))"
       OR line MATCHES "examples/class|\\.zip/|\\.tar|--progress")
      message(FATAL_ERROR "${id}.txt has a command that is not written for the student's kit: ${line}")
    endif()
  endforeach()
endforeach()
if(FEEDBACK_GOLDEN)
  foreach(id grace dennis)
    file(READ "${OUT}/feedback/${id}.txt" text)
    string(REGEX REPLACE "\nGraded [0-9T:Z-]+ on " "\nGraded (time) on " text "${text}")
    if(UPDATE)
      file(WRITE "${FEEDBACK_GOLDEN}/${id}.txt" "${text}")
    endif()
    file(READ "${FEEDBACK_GOLDEN}/${id}.txt" expected)
    if(NOT text STREQUAL expected)
      file(WRITE "${OUT}/feedback/${id}.txt.normalized" "${text}")
      message(FATAL_ERROR "feedback/${id}.txt differs from ${FEEDBACK_GOLDEN}/${id}.txt "
                          "(diff ${FEEDBACK_GOLDEN}/${id}.txt ${OUT}/feedback/${id}.txt.normalized; if right, rerun with GOLDEN_UPDATE=1)")
    endif()
  endforeach()
endif()
