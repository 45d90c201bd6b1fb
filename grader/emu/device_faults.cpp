// What ends a kernel on a GPU and must end it here too: an array index out
// of bounds (the student's file is built with -fsanitize=bounds, and these
// are the handlers it calls), a failed device-side assert(), __trap(), and
// in the browser's build (-fsanitize=null: address 0 is memory there) a load
// or store through a null pointer, which gets a native child SIGSEGV.
// In host code the index checks stay silent and assert() aborts, as in
// nvcc's host build. In the browser's build abort() says that it was called
// before it traps: WebAssembly's traps carry no signal, and the Worker
// (web/src/run_child.mjs) reports an abort as SIGABRT, any other trap (an
// access outside memory, code the compiler made unreachable) as SIGSEGV, the
// signal the native child gets for those.
// Non-goal: the other undefined-behaviour checks of UBSan (not enabled).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "memory.h"
#include "scheduler.h"

namespace {

/// The layouts GCC and Clang pass to the UBSan handlers.
struct UbsanLocation {
    const char* file;
    uint32_t line, column;
};
struct UbsanType {
    uint16_t kind, info;
    char name[1];
};
struct UbsanOutOfBounds {
    UbsanLocation location;
    const UbsanType* arrayType;
    const UbsanType* indexType;
};
struct UbsanTypeMismatch {
    UbsanLocation location;
    const UbsanType* type;
    unsigned char logAlignment, checkKind;  ///< checkKind: 0 a load, 1 a store, 3 a member's access (then others)
};

/// A load, store or member access through a null pointer (the only check of UBSan's type-mismatch handler that
/// -fsanitize=null turns on): in a kernel, the illegal address the native emulator reports from its SIGSEGV handler,
/// located by its line; in host code, the native child's crash (a trap as WebAssembly's out-of-bounds access).
void reportNull(const UbsanTypeMismatch* data, uintptr_t pointer) {
    if (pointer != 0 || (data->checkKind != 0 && data->checkKind != 1 && data->checkKind != 3)) return;
    if (cuemu::inDeviceCode())
        cuemu::fault(cuemu::faultLineStart(cuemu::FaultKind::IllegalAddress) + " address=0x0" + cuemu::faultThreadFields() +
                     " line=" + std::to_string(data->location.line) + " column=" + std::to_string(data->location.column));
    *reinterpret_cast<volatile char*>(UINTPTR_MAX) = 0;  // no such address: the engine traps
}

/// The index value UBSan passes, by its type (integers up to 64 bits inline).
long long indexValue(const UbsanType* type, uintptr_t value) {
    if (!type || type->kind != 0) return (long long)value;
    const unsigned bits = 1u << (type->info >> 1);
    const bool isSigned = type->info & 1;
    if (bits > 64) return (long long)value;
    if (!isSigned) return (long long)(bits == 64 ? value : value & ((uintptr_t(1) << bits) - 1));
    if (bits == 64) return (long long)value;
    const uint64_t sign = uint64_t(1) << (bits - 1);
    const uint64_t v = value & ((uint64_t(1) << bits) - 1);
    return (long long)((v ^ sign) - sign);
}

/// "float[16][16]" (the type without spaces and quotes).
std::string oneWord(const char* name) {
    std::string word;
    for (const char* c = name; *c; ++c)
        if (*c != ' ' && *c != '\'') word += *c;
    return word;
}

void reportIndex(const UbsanOutOfBounds* data, uintptr_t index) {
    if (!cuemu::inDeviceCode()) return;  // host code: nvcc's host build does not check either
    cuemu::fault(cuemu::faultLineStart(cuemu::FaultKind::ArrayIndex) + " index=" + std::to_string(indexValue(data->indexType, index)) +
                 " line=" + std::to_string(data->location.line) + " column=" + std::to_string(data->location.column) +
                 " type=" + oneWord(data->arrayType->name) + cuemu::faultThreadFields());
}

/// A function's signature as GCC's __PRETTY_FUNCTION__ spells it, which the native child prints: in the browser's build
/// clang wrote it, which writes "const float *" and "[T = float]" where GCC writes "const float*" and "[with T = float]".
std::string signatureAsGcc(const char* function) {
    std::string text = function;
#ifdef __wasm__
    for (size_t at = 0; (at = text.find_first_of("*&", at)) != std::string::npos; ++at)
        if (at > 0 && text[at - 1] == ' ') text.erase(--at, 1);
    if (const size_t open = text.rfind(" ["); open != std::string::npos && text.back() == ']' && text.compare(open, 7, " [with ") != 0)
        text.insert(open + 2, "with ");
#endif
    return text;
}

}  // namespace

extern "C" {

void __ubsan_handle_out_of_bounds(const UbsanOutOfBounds* data, uintptr_t index) { reportIndex(data, index); }
void __ubsan_handle_out_of_bounds_abort(const UbsanOutOfBounds* data, uintptr_t index) {
    reportIndex(data, index);
    std::abort();
}

void __ubsan_handle_type_mismatch_v1(const UbsanTypeMismatch* data, uintptr_t pointer) { reportNull(data, pointer); }
void __ubsan_handle_type_mismatch_v1_abort(const UbsanTypeMismatch* data, uintptr_t pointer) {
    reportNull(data, pointer);
    std::abort();
}

/// glibc's assert() calls this; in a kernel it ends the run as a device-side assert ends the kernel.
[[noreturn]] void __assert_fail(const char* expression, const char* file, unsigned int line, const char* function) {
    if (cuemu::inDeviceCode())
        cuemu::fault(cuemu::faultLineStart(cuemu::FaultKind::DeviceAssert) + " line=" + std::to_string(line) + cuemu::faultThreadFields() +
                     " message=" + std::string(expression));
    std::fprintf(stderr, "%s:%u: %s: Assertion `%s' failed.\n", file, line, signatureAsGcc(function).c_str(), expression);
    std::abort();
}

#ifdef __wasm__
namespace {
volatile int abortCalled = 0;
}

/// Whether abort() was called: read by the Worker after the run trapped.
__attribute__((export_name("cuemu_aborted"))) int cuemu_aborted() { return abortCalled; }

/// abort() in the browser's build (wasi-libc's traps without a word): flagged, then trapped.
void abort() {  // noreturn, as stdlib.h declares it
    abortCalled = 1;
    __builtin_trap();
}
#endif

}  // extern "C"

namespace cuemu {

void deviceTrap(const char* what, int line) {
    if (!inDeviceCode()) std::abort();
    fault(faultLineStart(FaultKind::DeviceTrap) + " line=" + std::to_string(line) + faultThreadFields() + " message=" + what);
}

}  // namespace cuemu
