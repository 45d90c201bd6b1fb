// The kinds of fault that end a child's run, and their words in the run
// record's "fault kind=WORD ..." line: one table, for the emulator that
// writes the line and the grader that reads it back (backend/run_record.cpp).
// Non-goal: the fault's other fields, which each writer names itself.
#pragma once

#include <string>

namespace cuemu {

/// What stopped a run early.
enum class FaultKind {
    OutOfBounds,     ///< an access outside a global buffer or a __shared__ array
    UseAfterFree,    ///< an access to a global buffer after cudaFree
    ArrayIndex,      ///< an index past a fixed-size array's bound (the front end's checks)
    Misaligned,      ///< a vector access at an address that is not a multiple of its size
    IllegalAddress,  ///< an access to memory that belongs to no buffer
    DeviceAssert,    ///< a device-side assert() that failed
    DeviceTrap,      ///< __trap() or asm("trap;")
    Unsupported,     ///< a construct the emulator does not support
    StackOverflow,   ///< a CUDA thread overflowed its stack
    SharedTooLarge,  ///< the __shared__ arrays of a kernel need more than 48 KB
    Resources,       ///< the emulator could not reserve the memory it needs
    Other,           ///< a word this table does not know (read back only; never written)
};

/// One row of the table: a kind and its word in the record.
struct FaultKindWord {
    FaultKind kind;
    const char* word;
};

/// Every kind the record may name, with its word.
inline constexpr FaultKindWord kFaultKindWords[] = {
    {FaultKind::OutOfBounds, "out-of-bounds"},     {FaultKind::UseAfterFree, "use-after-free"},
    {FaultKind::ArrayIndex, "array-index"},        {FaultKind::Misaligned, "misaligned"},
    {FaultKind::IllegalAddress, "illegal-address"}, {FaultKind::DeviceAssert, "device-assert"},
    {FaultKind::DeviceTrap, "device-trap"},        {FaultKind::Unsupported, "unsupported"},
    {FaultKind::StackOverflow, "stack-overflow"},  {FaultKind::SharedTooLarge, "shared-too-large"},
    {FaultKind::Resources, "resources"},
};

/// The record's word for `kind` ("out-of-bounds"); "" for Other.
inline const char* faultKindWord(FaultKind kind) {
    for (const auto& row : kFaultKindWords)
        if (row.kind == kind) return row.word;
    return "";
}

/// The kind the record's `word` names; Other for a word not in the table.
inline FaultKind parseFaultKind(const std::string& word) {
    for (const auto& row : kFaultKindWords)
        if (word == row.word) return row.kind;
    return FaultKind::Other;
}

/// "fault kind=WORD": the start of the fault line for `kind`.
inline std::string faultLineStart(FaultKind kind) { return std::string("fault kind=") + faultKindWord(kind); }

}  // namespace cuemu
