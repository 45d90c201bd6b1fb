// The launch and __shared__ rewriter: edge cases of <<< >>> and declarations.
#include <doctest/doctest.h>

#include <algorithm>

#include "backend/cuda_rewrite.h"

using namespace grader;

namespace {

std::string rewrite(const std::string& source) {
    auto out = rewriteCudaSource(source, "k.cu");
    REQUIRE_MESSAGE(out.ok(), (out.ok() ? "" : out.error().format()));
    CHECK(std::count(out->begin(), out->end(), '\n') == std::count(source.begin(), source.end(), '\n'));
    return *out;
}

}  // namespace

/// What a launch of `kernel` with `config` and `args` is rewritten to.
std::string launchOf(const std::string& kernel, const std::string& config, const std::string& args) {
    return "::cuemu::launch(::cuemu::LaunchConfig(" + config + "), \"" + kernel + "\", [&](auto&&... cuemu_args) { " + kernel +
           "(cuemu_args...); }" + (args.empty() ? "" : ", " + args) + ")";
}

TEST_CASE("a plain launch becomes a call") {
    CHECK(rewrite("k<<<grid, block>>>(A, B, C, n);") == launchOf("k", "grid, block", "A, B, C, n") + ";");
}

TEST_CASE("shared bytes and stream are passed through") {
    CHECK(rewrite("k<<<g, b, 256 * sizeof(float), 0>>>(x);") == launchOf("k", "g, b, 256 * sizeof(float), 0", "x") + ";");
}

TEST_CASE("expressions with commas and templates inside the chevrons") {
    CHECK(rewrite("k<<<dim3(n / T, n / T), dim3(T, T)>>>(a);") == launchOf("k", "dim3(n / T, n / T), dim3(T, T)", "a") + ";");
    CHECK(rewrite("k<float, 16><<<g, b>>>(a);") == launchOf("k<float, 16>", "g, b", "a") + ";");
    CHECK(rewrite("ns::k<<<g, b>>>(a);") == launchOf("ns::k", "g, b", "a") + ";");
}

TEST_CASE("host variables named like the built-ins are left as they are") {
    CHECK(rewrite("dim3 blockDim(16, 16); dim3 gridDim(n / 16, n / 16); k<<<gridDim, blockDim>>>(a);") ==
          "dim3 blockDim(16, 16); dim3 gridDim(n / 16, n / 16); " + launchOf("k", "gridDim, blockDim", "a") + ";");
}

TEST_CASE("whitespace and newlines keep later line numbers") {
    const std::string out = rewrite("k <<< g,\n   b >>>\n (a,\n b);\nint after;");
    CHECK(out.find(launchOf("k", "g,\n   b", "a,\n b")) == 0);
    CHECK(out.substr(out.rfind('\n') + 1) == "int after;");
}

TEST_CASE("a kernel without arguments") {
    CHECK(rewrite("k<<<1, 1>>>();") == launchOf("k", "1, 1", "") + ";");
}

TEST_CASE("comments and strings are left alone") {
    const std::string source = "// k<<<g, b>>>(x);\nconst char* s = \"k<<<1,1>>>()\"; /* <<< */";
    CHECK(rewrite(source) == source);
}

TEST_CASE("a __shared__ array becomes a reference to the block's slot") {
    CHECK(rewrite("{ __shared__ float tA[TILE][TILE]; }") ==
          "{ float (&tA)[TILE][TILE] = ::cuemu::sharedVar<float[TILE][TILE]>(0, \"tA\", 1);  }");
}

TEST_CASE("several declarators, qualifiers and numbering") {
    const std::string out = rewrite("{\n__shared__ volatile float a[16], b[16][17];\n__shared__ int s;\n}");
    CHECK(out.find("volatile float (&a)[16] = ::cuemu::sharedVar<volatile float[16]>(0, \"a\", 2);") != std::string::npos);
    CHECK(out.find("volatile float (&b)[16][17] = ::cuemu::sharedVar<volatile float[16][17]>(1, \"b\", 2);") != std::string::npos);
    CHECK(out.find("int (&s) = ::cuemu::sharedVar<int>(2, \"s\", 3);") != std::string::npos);
}

TEST_CASE("extern __shared__ uses the launch's dynamic bytes") {
    CHECK(rewrite("{ extern __shared__ float buffer[]; }") ==
          "{ float* buffer = ::cuemu::dynamicSharedAs<float>(\"buffer\");  }");
}

TEST_CASE("an alignment on a __shared__ declaration is passed to its slot") {
    CHECK(rewrite("{ __shared__ __align__(16) float tA[16][16]; }") ==
          "{ float (&tA)[16][16] = ::cuemu::sharedVar<float[16][16]>(0, \"tA\", 1, 16);  }");
    CHECK(rewrite("{ __shared__ alignas(32) float s[64]; }") ==
          "{ float (&s)[64] = ::cuemu::sharedVar<float[64]>(0, \"s\", 1, 32);  }");
    CHECK(rewrite("{ __shared__ float s[64] __attribute__((aligned(16))); }") ==
          "{ float (&s)[64] = ::cuemu::sharedVar<float[64]>(0, \"s\", 1, 16);  }");
}

TEST_CASE("a __shared__ variable at file scope becomes a function every later use calls") {
    const std::string out = rewrite("__shared__ float tile[16];\nextern __shared__ float dyn[];\n"
                                    "void k() { tile[0] = dyn[1]; s.tile = 0; }");
    CHECK(out.find("static inline float (&cuemu_shared_tile())[16] { return ::cuemu::sharedVar<float[16]>(0, \"tile\", 1); }") == 0);
    CHECK(out.find("static inline float* cuemu_shared_dyn() { return ::cuemu::dynamicSharedAs<float>(\"dyn\"); }") != std::string::npos);
    CHECK(out.find("cuemu_shared_tile()[0] = cuemu_shared_dyn()[1]; s.tile = 0;") != std::string::npos);
}

TEST_CASE("unsupported shapes get a located message") {
    auto unbalanced = rewriteCudaSource("k<<<g, b(a);", "k.cu");
    CHECK_FALSE(unbalanced.ok());
}

TEST_CASE("an unterminated quote ends at its line, so later lines keep their numbers (found by fuzz_source)") {
    // A stray ' swallowed the newline after it: the next line's messages named the line above.
    const std::string shared = rewrite("f('\n);\n__shared__ float t[4];");
    CHECK(shared.find("::cuemu::sharedVar<float[4]>(0, \"t\", 3)") != std::string::npos);
    auto launch = rewriteCudaSource("'\nk<<<g, b(a);", "k.cu");
    REQUIRE_FALSE(launch.ok());
    CHECK(launch.error().where == "k.cu:2");
}

TEST_CASE("a __shared__ declaration with a literal continued over lines is refused with its line (found by fuzz_source)") {
    auto refused = rewriteCudaSource("int x;\n__shared__ float t[sizeof(\"a\\\nb\")];", "k.cu");
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().where == "k.cu:2");
    CHECK(refused.error().message == "cannot read this __shared__ declaration");
}
