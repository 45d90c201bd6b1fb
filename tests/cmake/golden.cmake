# Runs a grader command and compares its exact output (stdout then stderr)
# and exit code with a golden file, whose first line is "exit N".
# Usage: cmake -DGRADER=... -DGOLDEN=... -DARGS="a;b;c" -DWORKDIR=... -P golden.cmake
# With -DUPDATE=1, or GOLDEN_UPDATE=1 in the environment, the golden file is
# rewritten instead: GOLDEN_UPDATE=1 ctest --test-dir build -R golden
# accepts every current output (review the diff before committing it).
set(ENV{NO_COLOR} 1)
execute_process(COMMAND "${GRADER}" ${ARGS} WORKING_DIRECTORY "${WORKDIR}"
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
set(actual "exit ${rc}\n${out}${err}")
if(UPDATE OR "$ENV{GOLDEN_UPDATE}")
  file(WRITE "${GOLDEN}" "${actual}")
  return()
endif()
file(READ "${GOLDEN}" expected)
if(NOT actual STREQUAL expected)
  file(WRITE "${GOLDEN}.actual" "${actual}")
  message(FATAL_ERROR "output differs from ${GOLDEN}\n--- expected\n${expected}\n--- actual\n${actual}\n(diff ${GOLDEN} ${GOLDEN}.actual)\nIf the new output is right: GOLDEN_UPDATE=1 ctest --test-dir <build> -R golden, then review git diff")
endif()
