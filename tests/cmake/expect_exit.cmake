# Runs a grader command and requires an exit code and, optionally, a phrase
# in its output. Usage: cmake -DGRADER=... -DARGS="..." -DEXIT=1 [-DPHRASE=...] -DWORKDIR=... -P expect_exit.cmake
set(ENV{NO_COLOR} 1)
execute_process(COMMAND "${GRADER}" ${ARGS} WORKING_DIRECTORY "${WORKDIR}"
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
message("${out}${err}")
if(NOT rc EQUAL EXIT)
  message(FATAL_ERROR "expected exit ${EXIT}, got ${rc}")
endif()
if(PHRASE AND NOT "${out}${err}" MATCHES "${PHRASE}")
  message(FATAL_ERROR "output lacks '${PHRASE}'")
endif()
