// The emulator's front end: what clang's parse of a CUDA file gives, and the
// rewrite of launches and __shared__ variables, wherever the preprocessor put them.
#include <doctest/doctest.h>

#include <algorithm>

#include "backend/student_source.h"
#include "cuda_front_end.h"

using namespace cudafe;

namespace {

Analysis analyzeText(const std::string& source) {
    return analyze({source, "k.cu", clangArguments(GRADER_RUNTIME_DIR, {})});
}

long lines(const std::string& text) { return std::count(text.begin(), text.end(), '\n'); }

/// The rewrite of `source`, which must parse; every line keeps its number.
std::string rewrite(const std::string& source) {
    const Analysis a = analyzeText(source);
    REQUIRE_MESSAGE(a.errors.empty(), (a.errors.empty() ? "" : a.errors.front().message));
    REQUIRE_MESSAGE(a.unsupported.empty(), (a.unsupported.empty() ? "" : a.unsupported.front().construct));
    CHECK(lines(a.rewritten) == lines(source));
    return a.rewritten;
}

/// The line of `text` numbered `n` (from 1).
std::string lineOf(const std::string& text, int n) {
    size_t at = 0;
    for (int i = 1; i < n; ++i) at = text.find('\n', at) + 1;
    return text.substr(at, text.find('\n', at) - at);
}

const std::string kKernel = "__global__ void k(float* a, int n) { a[threadIdx.x] = n; }\n";

std::string launch(const std::string& kernel, const std::string& config, const std::string& args) {
    return "::cuemu::launcher(\"" + kernel + "\", [&](auto&&... cuemu_args) { " + kernel + "(cuemu_args...); }).config(" + config +
           ").run(" + args + ")";
}

}  // namespace

TEST_CASE("a launch becomes a launcher call, configuration first, as written") {
    const std::string out = rewrite(kKernel + "void f(float* a) { k<<<dim3(2, 2), 16>>>(a, 3); }\n");
    CHECK(lineOf(out, 2) == "void f(float* a) { " + launch("k", "dim3(2, 2), 16", "a, 3") + "; }");
}

TEST_CASE("shared bytes, a stream, no arguments, newlines inside") {
    const std::string out = rewrite("__global__ void z() {}\nvoid f(cudaStream_t s) {\n  z<<<1,\n  1, 64, s>>>();\n}\n");
    CHECK(out.find(launch("z", "1,\n  1, 64, s", "")) != std::string::npos);
}

TEST_CASE("a template kernel keeps its arguments; the name in reports is as written") {
    const std::string out = rewrite("template <int T> __global__ void t(float* a) { a[T] = 1; }\nvoid f(float* a) { t<16><<<1, 1>>>(a); }\n");
    CHECK(lineOf(out, 2) == "void f(float* a) { " + launch("t<16>", "1, 1", "a") + "; }");
}

TEST_CASE("a launch inside an error-checking macro is rewritten in the macro's argument") {
    // The preprocessor splits a macro's arguments at the comma in <<<1, 32>>>, under nvcc too: the launch needs its parentheses.
    const std::string source = kKernel + "#define CHECK(x) do { (x); if (cudaGetLastError() != cudaSuccess) return; } while (0)\n"
                                         "void f(float* a) { CHECK((k<<<1, 32>>>(a, 1))); }\n";
    CHECK(lineOf(rewrite(source), 3) == "void f(float* a) { CHECK((" + launch("k", "1, 32", "a, 1") + ")); }");
    CHECK(analyzeText(kKernel + "#define CHECK(x) (x)\nvoid f(float* a) { CHECK(k<<<1, 32>>>(a, 1)); }\n").errors.front().message ==
          "too many arguments provided to function-like macro invocation");
}

TEST_CASE("a launch written in a macro's body is rewritten in the body") {
    const std::string source = kKernel + "#define LAUNCH(kernel, ...) kernel<<<1, 32>>>(__VA_ARGS__)\n"
                                         "void f(float* a) { LAUNCH(k, a, 1); LAUNCH(k, a, 2); }\n";
    const std::string out = rewrite(source);
    CHECK(lineOf(out, 2) == "#define LAUNCH(kernel, ...) kernel.config(1, 32).run(__VA_ARGS__)");
    CHECK(lineOf(out, 3).find("LAUNCH(::cuemu::launcher(\"k\"") != std::string::npos);
}

TEST_CASE("a launch made by token pasting is replaced by its macro's expansion, on its own lines") {
    const std::string source = kKernel + "#define RUN(name) name##_kernel<<<1, 1>>>(nullptr, 0)\n"
                                         "__global__ void k_kernel(float* a, int n) {}\n"
                                         "void f() {\n  RUN(k);\n}\nint after;\n";
    const std::string out = rewrite(source);
    CHECK(lineOf(out, 5).find("::cuemu::launcher(\"k_kernel\"") != std::string::npos);
    CHECK(lineOf(out, 7) == "int after;");
}

TEST_CASE("a launch inside a lambda") {
    const std::string out = rewrite(kKernel + "void f(float* a) { auto go = [&] { k<<<1, 1>>>(a, 0); }; go(); }\n");
    CHECK(out.find(launch("k", "1, 1", "a, 0")) != std::string::npos);
}

TEST_CASE("a __shared__ array becomes a reference to the block's slot, its type as written") {
    const std::string out = rewrite("#define TILE 16\n__global__ void g() {\n  __shared__ float tA[TILE][TILE], s;\n  tA[0][0] = s;\n}\n");
    CHECK(lineOf(out, 3) ==
          "   float (&tA)[TILE][TILE] = ::cuemu::sharedVar<std::remove_reference_t<decltype(tA)>>(0, \"tA\", 3, 0), "
          "(&s) = ::cuemu::sharedVar<std::remove_reference_t<decltype(s)>>(1, \"s\", 3, 0);");
}

TEST_CASE("a directive inside a kernel, beside __shared__, stays where it is") {
    const std::string source = "__global__ void g(float* c) {\n#define T 8\n  __shared__ float t[T];\n#undef T\n  c[0] = t[0];\n}\n";
    const std::string out = rewrite(source);
    CHECK(lineOf(out, 2) == "#define T 8");
    CHECK(lineOf(out, 3).find("float (&t)[T] = ::cuemu::sharedVar") != std::string::npos);
    CHECK(lineOf(out, 4) == "#undef T");
}

TEST_CASE("__shared__ in a loop, in a block, in a template, of a struct type") {
    const std::string out = rewrite(
        "struct P { float x, y; };\ntemplate <class T, int N> __global__ void g(T* c) {\n"
        "  for (int i = 0; i < 2; ++i) { __shared__ T buf[N]; buf[0] = c[i]; }\n"
        "  { __shared__ P pairs[N]; pairs[0].x = 1; }\n}\n");
    CHECK(lineOf(out, 3).find("T (&buf)[N] = ::cuemu::sharedVar<std::remove_reference_t<decltype(buf)>>(0, \"buf\", 3, 0)") !=
          std::string::npos);
    CHECK(lineOf(out, 4).find("P (&pairs)[N] = ::cuemu::sharedVar") != std::string::npos);
}

TEST_CASE("extern __shared__ takes the launch's dynamic bytes") {
    const std::string out = rewrite("__global__ void g() {\n  extern __shared__ float dyn[];\n  dyn[0] = 1;\n}\n");
    CHECK(lineOf(out, 2) == "    float (*dyn) = ::cuemu::dynamicSharedAs<std::remove_pointer_t<decltype(dyn)>>(\"dyn\");");
}

TEST_CASE("an alignment on a __shared__ declaration goes to its slot, however written") {
    const std::string out = rewrite("__global__ void g() {\n  __shared__ __align__(16) float a[4];\n"
                                    "  alignas(32) __shared__ float b[8];\n  __shared__ float c[4] __attribute__((aligned(64)));\n}\n");
    CHECK(lineOf(out, 2).find("float (&a)[4] = ::cuemu::sharedVar<std::remove_reference_t<decltype(a)>>(0, \"a\", 2, 16)") !=
          std::string::npos);
    CHECK(lineOf(out, 3).find("(1, \"b\", 3, 32)") != std::string::npos);
    CHECK(lineOf(out, 3).find("alignas") == std::string::npos);
    CHECK(lineOf(out, 4).find("(2, \"c\", 4, 64)") != std::string::npos);
}

TEST_CASE("a file-scope __shared__ variable becomes a function every use calls, with directives after it") {
    const std::string source = "__shared__ float tile[16], other[4];\n#define TILE 16\n#include <cstdio>\n"
                               "extern __shared__ float dyn[];\nstruct S { float tile; };\n"
                               "__global__ void g(S s) { tile[0] = dyn[1] + other[0]; s.tile = 0; }\n";
    const std::string out = rewrite(source);
    CHECK(lineOf(out, 1).find("static inline float (&cuemu_shared_tile())[16] { return ::cuemu::sharedVar") != std::string::npos);
    CHECK(lineOf(out, 1).find("static inline float (&cuemu_shared_other())[4] { return") != std::string::npos);
    CHECK(lineOf(out, 2) == "#define TILE 16");
    CHECK(lineOf(out, 4).find("static inline float (*cuemu_shared_dyn()) { return ::cuemu::dynamicSharedAs") != std::string::npos);
    CHECK(lineOf(out, 6).find("cuemu_shared_tile()[0] = cuemu_shared_dyn()[1] + cuemu_shared_other()[0]; s.tile = 0;") !=
          std::string::npos);
}

TEST_CASE("comments and strings that look like launches are left alone") {
    const std::string source = kKernel + "// k<<<g, b>>>(x);\nconst char* s = \"k<<<1,1>>>()\"; /* <<< */\n";
    CHECK(rewrite(source) == source);
}

TEST_CASE("an error is the parser's, with its line and column in the student's file") {
    const Analysis a = analyzeText("__global__ void g(float* c) {\n  float x = 1\n  c[0] = x;\n}\n");
    REQUIRE_FALSE(a.errors.empty());
    CHECK(a.errors.front().file == "k.cu");
    CHECK(a.errors.front().line == 2);
    CHECK(a.errors.front().message == "expected ';' at end of declaration");
    CHECK(a.rewritten.empty());
}

TEST_CASE("the toolkit's API, not more: a removed function and printf without <cstdio> are refused, as nvcc 13 refuses them") {
    CHECK(analyzeText("void f() { cudaThreadSynchronize(); }\n").errors.front().message.find("'cudaThreadSynchronize'") !=
          std::string::npos);
    CHECK(analyzeText("__global__ void g() { printf(\"x\"); }\n").errors.front().message == "use of undeclared identifier 'printf'");
    CHECK(analyzeText("#include <cstdio>\n__global__ void g() { printf(\"x\"); }\n").errors.empty());
}

TEST_CASE("a host function called from a kernel is refused, as nvcc refuses it") {
    const Analysis a = analyzeText("float twice(float x) { return 2 * x; }\n__global__ void g(float* c) { c[0] = twice(c[0]); }\n");
    REQUIRE_FALSE(a.errors.empty());
    CHECK(a.errors.front().line == 2);
}

TEST_CASE("a launch from device code is named as unsupported") {
    const Analysis a = analyzeText(kKernel + "__global__ void parent(float* a) { k<<<1, 1>>>(a, 0); }\n");
    REQUIRE(a.unsupported.size() == 1);
    CHECK(a.unsupported.front().construct == "a kernel launched from device code (dynamic parallelism)");
    CHECK(a.unsupported.front().line == 2);
    CHECK(a.rewritten.empty());
}

TEST_CASE("the parser sees the normalized file: a launch on line 3 stays on line 3") {
    const std::string saved = "\xEF\xBB\xBF// k\r\n" + std::string("__global__ void z() {}\r\nvoid f() { z<<<1, 1>>>(); }\r\n");
    const std::string out = rewrite(grader::normalizeStudentSource(saved));
    CHECK(lineOf(out, 3).find("::cuemu::launcher(\"z\"") != std::string::npos);
}

TEST_CASE("a macro that declares __shared__, used twice, is expanded in place at each use") {
    const std::string source = "#define TILE_OF(name) __shared__ float name[16][16]\n"
                               "__global__ void g(float* c) {\n  TILE_OF(tA);\n  TILE_OF(tB);\n  c[0] = tA[0][0] + tB[0][0];\n}\n";
    const std::string out = rewrite(source);
    CHECK(lineOf(out, 1) == "#define TILE_OF(name) __shared__ float name[16][16]");
    CHECK(lineOf(out, 3).find("float (&tA) [ 16 ] [ 16 ] = ::cuemu::sharedVar") != std::string::npos);
    CHECK(lineOf(out, 4).find("(1, \"tB\", 4, 0)") != std::string::npos);
}

TEST_CASE("the C library is callable from a kernel, the rest of the C++ library and constexpr host functions are not, as under nvcc") {
    CHECK(analyzeText("#include <cmath>\n__global__ void g(float* c) { c[0] = std::sqrt(c[0]) + fminf(c[0], 1.f) + min(c[0], 1.f); }\n")
              .errors.empty());
    const Analysis stdMin = analyzeText("#include <algorithm>\n__global__ void g(float* c) { c[0] = std::min(c[0], 1.0f); }\n");
    REQUIRE_FALSE(stdMin.errors.empty());
    CHECK(stdMin.errors.front().line == 2);
    const Analysis helper = analyzeText("constexpr int twice(int x) { return 2 * x; }\n__global__ void g(int* c) { c[0] = twice(c[0]); }\n");
    REQUIRE_FALSE(helper.errors.empty());
    CHECK(helper.errors.front().line == 2);
}
