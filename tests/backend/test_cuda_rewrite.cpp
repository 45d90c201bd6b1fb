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

TEST_CASE("a plain launch becomes a call") {
    CHECK(rewrite("k<<<grid, block>>>(A, B, C, n);") ==
          "::cuemu::launch(k, ::cuemu::LaunchConfig(grid, block), A, B, C, n);");
}

TEST_CASE("shared bytes and stream are passed through") {
    CHECK(rewrite("k<<<g, b, 256 * sizeof(float), 0>>>(x);") ==
          "::cuemu::launch(k, ::cuemu::LaunchConfig(g, b, 256 * sizeof(float), 0), x);");
}

TEST_CASE("expressions with commas and templates inside the chevrons") {
    CHECK(rewrite("k<<<dim3(n / T, n / T), dim3(T, T)>>>(a);") ==
          "::cuemu::launch(k, ::cuemu::LaunchConfig(dim3(n / T, n / T), dim3(T, T)), a);");
    CHECK(rewrite("k<float, 16><<<g, b>>>(a);") == "::cuemu::launch(k<float, 16>, ::cuemu::LaunchConfig(g, b), a);");
    CHECK(rewrite("ns::k<<<g, b>>>(a);") == "::cuemu::launch(ns::k, ::cuemu::LaunchConfig(g, b), a);");
}

TEST_CASE("whitespace and newlines keep later line numbers") {
    const std::string out = rewrite("k <<< g,\n   b >>>\n (a,\n b);\nint after;");
    CHECK(out.find("::cuemu::launch(k, ::cuemu::LaunchConfig(g,\n   b), a,\n b)") == 0);
    CHECK(out.substr(out.rfind('\n') + 1) == "int after;");
}

TEST_CASE("a kernel without arguments") {
    CHECK(rewrite("k<<<1, 1>>>();") == "::cuemu::launch(k, ::cuemu::LaunchConfig(1, 1));");
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

TEST_CASE("unsupported shapes get a located message") {
    auto fileScope = rewriteCudaSource("\n__shared__ float x[4];\n", "k.cu");
    REQUIRE_FALSE(fileScope.ok());
    CHECK(fileScope.error().format() ==
          "k.cu:2: a __shared__ variable at file scope is not supported by the cpu emulator (declare it inside the kernel)");
    auto unbalanced = rewriteCudaSource("k<<<g, b(a);", "k.cu");
    CHECK_FALSE(unbalanced.ok());
}
