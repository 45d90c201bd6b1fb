// Which student files may use a CUDA stream other than the legacy default one
// (backend/stream_use.h): the lesson solutions do not; the corpus's stream and
// event kernels do; the C++ library's I/O streams are not CUDA streams.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "backend/stream_use.h"

using namespace grader;

namespace {

std::string kitFile(const std::string& relative) {
    std::ifstream in(std::filesystem::path(KIT_SOURCE_DIR) / relative);
    std::stringstream text;
    text << in.rdbuf();
    REQUIRE_MESSAGE(!text.str().empty(), relative);
    return text.str();
}

}  // namespace

TEST_CASE("the timed lessons' solutions use the default stream alone") {
    CHECK_FALSE(mayUseOtherStreams(kitFile("solutions/03-phase-loop/matmul_tiled.cu")));
    CHECK_FALSE(mayUseOtherStreams(kitFile("solutions/04-measuring-speedup/speedup.cu")));
}

TEST_CASE("a file that names a stream, a graph or pastes tokens may use another stream") {
    for (const char* file : {"tests/kernels/lesson4/per_thread_stream_events.cu", "tests/kernels/lesson4/nonblocking_stream_events_legacy_launches.cu",
                             "tests/kernels/lesson4/events_default_flags_explicit_stream.cu", "tests/kernels/lesson4/event_record_stream_legacy.cu"}) {
        CAPTURE(file);
        CHECK(mayUseOtherStreams(kitFile(file)));
    }
    CHECK(mayUseOtherStreams("cudaStream_t s; cudaStreamCreate(&s);"));
    CHECK(mayUseOtherStreams("kernel<<<grid, block, 0, cudaStreamPerThread>>>(a);"));
    CHECK(mayUseOtherStreams("#define CUDA_API_PER_THREAD_DEFAULT_STREAM 1\n"));
    CHECK(mayUseOtherStreams("CUstream raw;"));
    CHECK(mayUseOtherStreams("cudaGraphExec_t exec; cudaGraphLaunch(exec, 0);"));
    CHECK(mayUseOtherStreams("#define API(x) cuda##x\n"));
    CHECK(mayUseOtherStreams("// launched on the default stream\n"));  // coarse on purpose: a comment counts too
}

TEST_CASE("the C++ library's I/O streams are not CUDA streams") {
    CHECK_FALSE(mayUseOtherStreams("#include <iostream>\n#include <sstream>\nstd::ostringstream out; std::cout << 1;\n"));
    CHECK_FALSE(mayUseOtherStreams("std::streamsize n = std::basic_ostream<char>::traits_type::eof();"));
    CHECK_FALSE(mayUseOtherStreams("__global__ void k(float* c) { c[threadIdx.x] = 0; }\n"));
}
