# The kit preset (the self-test: lesson tests against the solutions) and the
# default preset (the student's path: lesson tests against the starters) must
# build in different folders, or running the self-test turns the student's
# `ctest --test-dir build -L lessonN` into a check of the solutions.
# Usage: cmake -DPRESETS=CMakePresets.json -P presets_apart.cmake
cmake_minimum_required(VERSION 3.25)
file(READ "${PRESETS}" json)
string(JSON count LENGTH "${json}" configurePresets)
math(EXPR last "${count} - 1")
foreach(i RANGE ${last})
  string(JSON name GET "${json}" configurePresets ${i} name)
  string(JSON dir ERROR_VARIABLE none GET "${json}" configurePresets ${i} binaryDir)
  if(none)
    string(JSON parent ERROR_VARIABLE noParent GET "${json}" configurePresets ${i} inherits)
    set(dir "${dir_${parent}}")
  endif()
  set(dir_${name} "${dir}")
endforeach()
if(NOT dir_default OR NOT dir_kit)
  message(FATAL_ERROR "CMakePresets.json: no binaryDir for the default or the kit preset")
endif()
if(dir_default STREQUAL dir_kit)
  message(FATAL_ERROR "the kit and default presets share ${dir_kit}: give the kit preset its own binaryDir")
endif()
message("default builds in ${dir_default}, kit in ${dir_kit}")
