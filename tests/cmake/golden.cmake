# Runs a grader command and compares its exact output (stdout then stderr)
# and exit code with a golden file, whose first line is "exit N". COURSE (the
# reference course) is the grader's --course, given before ARGS, so a
# --course in ARGS wins.
# INPUT, when given, is a file fed to the command's stdin (a scripted trainer session).
# Usage: cmake -DGRADER=... -DGOLDEN=... -DARGS="a;b;c" -DCOURSE=... -DWORKDIR=... [-DINPUT=...] -P golden.cmake
# With -DUPDATE=1, or GOLDEN_UPDATE=1 in the environment, the golden file is
# rewritten instead: GOLDEN_UPDATE=1 ctest --test-dir build-kit -L golden
# accepts every current output (review the diff before committing it).
set(ENV{NO_COLOR} 1)
if(NOT INPUT)
  set(INPUT /dev/null)
endif()
execute_process(COMMAND "${GRADER}" --course "${COURSE}" ${ARGS} WORKING_DIRECTORY "${WORKDIR}" INPUT_FILE "${INPUT}"
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
# The self-test builds in build-kit/ (the sanitizer build in build-asan/), a
# student's kit in build/: the commands the grader prints name it as the student types it.
set(actual "exit ${rc}\n${out}${err}")
string(REGEX REPLACE "build-(kit|asan)/grader/grader" "build/grader/grader" actual "${actual}")
if(UPDATE OR "$ENV{GOLDEN_UPDATE}")
  file(WRITE "${GOLDEN}" "${actual}")
  return()
endif()
file(READ "${GOLDEN}" expected)
if(NOT actual STREQUAL expected)
  file(WRITE "${GOLDEN}.actual" "${actual}")
  message(FATAL_ERROR "output differs from ${GOLDEN}\n--- expected\n${expected}\n--- actual\n${actual}\n(diff ${GOLDEN} ${GOLDEN}.actual)\nIf the new output is right: GOLDEN_UPDATE=1 ctest --test-dir <build> -L golden, then review git diff")
endif()
