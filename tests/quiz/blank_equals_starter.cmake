# `grader quiz LESSON --blank FILE` writes the starter's quiz_answers.yaml
# byte for byte, so a student who deleted theirs gets the same file back.
# Usage: cmake -DGRADER=... -DLESSON=lesson1 -DSTARTER=.../quiz_answers.yaml -DOUT=... -DCOURSE=.../course.yaml -DWORKDIR=... -P blank_equals_starter.cmake
file(REMOVE "${OUT}")
get_filename_component(dir "${OUT}" DIRECTORY)
file(MAKE_DIRECTORY "${dir}")
set(ENV{NO_COLOR} 1)
execute_process(COMMAND "${GRADER}" quiz ${LESSON} --blank "${OUT}" --course "${COURSE}" WORKING_DIRECTORY "${WORKDIR}"
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "grader quiz ${LESSON} --blank exited ${rc}: ${out}${err}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files "${OUT}" "${STARTER}" RESULT_VARIABLE differ)
if(differ)
  message(FATAL_ERROR "${OUT} differs from ${STARTER}: regenerate the starter with\n  rm ${STARTER} && build/grader/grader quiz ${LESSON} --blank ${STARTER}")
endif()
execute_process(COMMAND "${GRADER}" quiz ${LESSON} --blank "${OUT}" --course "${COURSE}" WORKING_DIRECTORY "${WORKDIR}"
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 2 OR NOT err MATCHES "already exists")
  message(FATAL_ERROR "a second --blank to the same file must be refused (exit 2), got exit ${rc}: ${out}${err}")
endif()
