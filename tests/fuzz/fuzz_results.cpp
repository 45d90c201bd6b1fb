// Fuzz target: a student's result file as the batch reads it back
// (batch/results.h: studentResultFromJson, with each check's findings and
// measurements), for the merge, the class report and a rerun's history. A
// results folder can come from another machine (shards), be damaged, or be
// edited by hand. Beyond "no crash": what is read is refused with a reason or
// read whole, and a result read and written again reads back the same.
// Non-goal: JSON syntax itself (nlohmann::json's own).
#include <cstdint>

#include <nlohmann/json.hpp>

#include "batch/results.h"
#include "fuzz_support.h"

using namespace grader;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const nlohmann::json json = nlohmann::json::parse(fuzz::text(data, size), nullptr, false);
    if (json.is_discarded()) return 0;
    auto result = studentResultFromJson(json, "fuzz.json");
    if (!result) {
        fuzz::require(!result.error().message.empty(), "a refusal without a reason");
        return 0;
    }
    const nlohmann::json written = studentResultJson(*result);
    auto again = studentResultFromJson(written, "fuzz.json");
    fuzz::require(again.ok(), "a result the grader wrote is refused when read back");
    fuzz::require(studentResultJson(*again) == written, "a result read and written again reads back differently");
    return 0;
}
