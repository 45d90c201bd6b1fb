// Hostile: compiles the teacher's solution in by absolute path. The compile
// runs in the sandbox, where solutions/ does not exist.
// expect: compile fail file not found
// expect: correctness fail not run
#include "@KIT_DIR@/solutions/01-naive-kernel/matmul_naive.cu"
