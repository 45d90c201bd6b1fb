# Given as the CMAKE_TOOLCHAIN_FILE environment variable (which CMake reads
# at the first configure) by the tests that run the student kit's own build
# command word for word (tests/export/*.py): the kit then builds as
# kit.export_student's build does, unoptimized and without debug info, the
# core in unity batches (fast_build.cmake), in a minute or two on 2 cores
# instead of several. Nothing else about the build changes.
set(CMAKE_CXX_FLAGS_RELWITHDEBINFO "-O0 -DNDEBUG" CACHE STRING "")  # before the compiler's default is cached
get_property(in_try_compile GLOBAL PROPERTY IN_TRY_COMPILE)
if(NOT in_try_compile)
  set(CMAKE_PROJECT_INCLUDE ${CMAKE_CURRENT_LIST_DIR}/fast_build.cmake)
endif()
