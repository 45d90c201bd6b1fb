// The trainer page's HTML (trainer_page.h) under the reference course: the
// built-in files put together with no marker left, the settings embedded as
// JSON a <script> element cannot be closed by (a tile map's sentence holding
// "</script>"), and the refusals: a set without a trainer, tile-map text that
// is not its JSON, a course without lesson2 or lesson3.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "test_support.h"
#include "trainer/exercises.h"
#include "trainer/trainer_page.h"

using namespace grader;

namespace {

/// The page's settings: the text of its <script type="application/json"> element, parsed.
nlohmann::json pageConfig(const std::string& page) {
    const std::string open = "<script type=\"application/json\" id=\"trainer-config\">";
    const auto from = page.find(open);
    REQUIRE(from != std::string::npos);
    const auto to = page.find("</script>", from);
    REQUIRE(to != std::string::npos);
    return nlohmann::json::parse(page.substr(from + open.size(), to - from - open.size()));
}

}  // namespace

TEST_CASE("the trainer page holds its files and the settings it was written with") {
    TrainerPageOptions options;
    options.language = "ru";
    options.seed = 4294967295u;
    options.set = "lesson3";
    auto page = trainerPageHtml(loadedReferenceCourse(), options);
    REQUIRE(page.ok());
    for (const char* marker : {"/*@STYLE@*/", "/*@CONFIG@*/", "/*@SCRIPT@*/"}) CHECK(page->find(marker) == std::string::npos);
    CHECK(page->find("var TrainerGenerator") != std::string::npos);
    CHECK(page->find("<html lang=\"ru\">") != std::string::npos);
    CHECK(page->find("src=") == std::string::npos);  // nothing loaded from elsewhere
    const auto config = pageConfig(*page);
    CHECK(config["lang"] == "ru");
    CHECK(config["seed"] == 4294967295u);
    CHECK(config["tile"] == loadedReferenceCourse().tile);
    CHECK(config["course"] == trainerCourseVersion(loadedReferenceCourse().tile));
    CHECK(config["sets"] == nlohmann::json::array({"lesson2", "lesson3"}));
    CHECK(config["set"] == "lesson3");
    CHECK(config["tilemap"].is_null());
}

TEST_CASE("a tile map's text cannot close the page's script element") {
    TrainerPageOptions options;
    options.tilemapJson = R"({"lesson":"lesson3","n":32,"tile":16,"block":[0,0],"phases":[{"phase":0,"A":[],"B":[],)"
                          R"("expected":{"A":[],"B":[]},"sentences":["</script><script>alert(1)</script>"]}],"C":[]})";
    auto page = trainerPageHtml(loadedReferenceCourse(), options);
    REQUIRE(page.ok());
    CHECK(page->find("alert(1)</script>") == std::string::npos);
    const auto config = pageConfig(*page);
    CHECK(config["tilemap"]["phases"][0]["sentences"][0] == "</script><script>alert(1)</script>");
}

TEST_CASE("the trainer page refuses a set without a trainer, text that is not a tile map, a course without trainer lessons") {
    TrainerPageOptions options;
    options.set = "lesson1";
    auto noSet = trainerPageHtml(loadedReferenceCourse(), options);
    REQUIRE_FALSE(noSet.ok());
    CHECK(noSet.error().message == "lesson1 has no trainer exercises");

    options = TrainerPageOptions{};
    options.tilemapJson = "lesson: lesson3";
    auto notJson = trainerPageHtml(loadedReferenceCourse(), options);
    REQUIRE_FALSE(notJson.ok());
    CHECK(notJson.error().message.find("not the JSON of `grader tilemap") != std::string::npos);

    Course withoutTrainer = loadedReferenceCourse();
    std::erase_if(withoutTrainer.lessons, [](const Lesson& lesson) { return lesson.id == "lesson2" || lesson.id == "lesson3"; });
    auto none = trainerPageHtml(withoutTrainer, TrainerPageOptions{});
    REQUIRE_FALSE(none.ok());
    CHECK(none.error().message == "no lesson has a trainer");
}
