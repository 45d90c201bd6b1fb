# Runs the same `grader check` twice without --seed and requires identical
# output: the default seed is fixed for a lesson and file name, so a student
# comparing two runs sees the same figures.
# Usage: cmake -DGRADER=... -DARGS="check;lesson1;FILE" -DWORKDIR=... -P same_output_twice.cmake
set(ENV{NO_COLOR} 1)
foreach(run 1 2)
  execute_process(COMMAND "${GRADER}" ${ARGS} WORKING_DIRECTORY "${WORKDIR}"
                  OUTPUT_VARIABLE out${run} ERROR_VARIABLE err${run} RESULT_VARIABLE rc${run})
endforeach()
if(NOT out1 MATCHES "seed [0-9]+")
  message(FATAL_ERROR "the output names no seed:\n${out1}${err1}")
endif()
if(NOT "${rc1}${out1}${err1}" STREQUAL "${rc2}${out2}${err2}")
  message(FATAL_ERROR "two runs differ\n--- first\n${out1}${err1}\n--- second\n${out2}${err2}")
endif()
message(STATUS "identical:\n${out1}")
