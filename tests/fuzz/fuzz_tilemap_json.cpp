// Fuzz target: `grader trainer --html OUT --tilemap-json FILE`
// (grader/trainer/trainer_page.h), which reads a file the student names and
// embeds it in the page's script. Beyond "no crash": whatever the file holds,
// it cannot end the page's <script> element early (no "</" gets in), and
// what is refused is refused with the reason.
// Non-goal: the page's JavaScript, which reads the embedded JSON in a browser.
#include <cstdint>

#include "fuzz_support.h"
#include "trainer/trainer_page.h"

using namespace grader;

namespace {

size_t count(const std::string& text, const std::string& what) {
    size_t n = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const Course& course = fuzz::referenceCourse();
    static const size_t closingTags = [&] {
        auto page = trainerPageHtml(course, {});
        fuzz::require(page.ok(), "the page without a tile map is refused");
        return count(*page, "</");
    }();
    TrainerPageOptions options;
    options.tilemapJson = fuzz::text(data, size);
    if (options.tilemapJson.empty()) return 0;  // no file: the page's panel loads one itself
    auto page = trainerPageHtml(course, options);
    if (!page) {
        fuzz::require(!page.error().message.empty(), "a refusal without a reason");
        return 0;
    }
    fuzz::require(count(*page, "</") == closingTags, "the tile map's JSON put a closing tag into the page");
    return 0;
}
