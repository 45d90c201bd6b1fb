# Injected by the export test (CMAKE_PROJECT_INCLUDE) into the student kit's
# build to keep the test short: the grader's core library is compiled as a
# few unity translation units, so its heavy headers (CLI11, nlohmann/json,
# yaml-cpp, <regex>) are parsed once per batch instead of once per file.
# Deferred to the end of the top-level CMakeLists.txt, where grader_core exists.
cmake_language(DEFER DIRECTORY ${CMAKE_SOURCE_DIR} CALL set_target_properties grader_core PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 16)
