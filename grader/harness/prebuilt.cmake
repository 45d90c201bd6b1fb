# The student kit's harnesses. The instructor's kit builds the harness from
# its source (grader/CMakeLists.txt); the student kit has no harness source
# (it holds the grader's reference kernels), only what `grader
# export-student` compiled from it into harness/prebuilt/: cpu/ (one archive
# per lesson, for the emulator) and, when nvcc was there, gpu/ (one object
# per lesson, for the gpu backend). Here they are copied into the runtime
# folder, where the backends look for them. Sets GRADER_HARNESSES.
set(PREBUILT_HARNESS ${CMAKE_CURRENT_SOURCE_DIR}/harness/prebuilt)
set(prebuilt_cpu "")
foreach(lesson 1 2 3 4)
  set(archive ${PREBUILT_HARNESS}/cpu/libcuemu_harness_lesson${lesson}.a)
  if(NOT EXISTS ${archive})
    message(FATAL_ERROR "${archive} is missing: this kit has neither the harness source nor the compiled harness; export the student kit again")
  endif()
  list(APPEND prebuilt_cpu ${archive})
endforeach()
file(GLOB prebuilt_gpu ${PREBUILT_HARNESS}/gpu/harness_lesson*.o)
set(copy_gpu "")
if(prebuilt_gpu)
  set(copy_gpu COMMAND ${CMAKE_COMMAND} -E make_directory ${GRADER_RUNTIME_DIR}/harness/gpu
               COMMAND ${CMAKE_COMMAND} -E copy_if_different ${prebuilt_gpu} ${GRADER_RUNTIME_DIR}/harness/gpu)
endif()
add_custom_target(cuemu_prebuilt_harnesses ALL
  COMMAND ${CMAKE_COMMAND} -E copy_if_different ${prebuilt_cpu} ${GRADER_RUNTIME_DIR}
  ${copy_gpu}
  COMMENT "Copying the compiled harnesses into the grader's runtime folder")
set(GRADER_HARNESSES cuemu_prebuilt_harnesses)
