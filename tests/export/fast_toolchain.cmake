# Given as the CMAKE_TOOLCHAIN_FILE environment variable (which CMake reads
# at the first configure) by the tests that run the student kit's own build
# command word for word (tests/export/*.py): the kit then builds as
# kit.export_student's build does, unoptimized and without debug info, in a
# minute or two on 2 cores instead of several. Nothing else about the build
# changes. FORCE: the preset sets the Release flags on the command line.
set(CMAKE_CXX_FLAGS_RELEASE "-O0 -DNDEBUG" CACHE STRING "" FORCE)
set(CMAKE_C_FLAGS_RELEASE "-O0 -DNDEBUG" CACHE STRING "" FORCE)
