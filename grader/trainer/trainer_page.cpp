// The trainer page (see trainer_page.h): its files, built in by
// grader/cmake/embed_files.cmake, put together with the page's settings.
#include "trainer/trainer_page.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>

#include "core/escape.h"
#include "core/toolchain.h"
#include "trainer/exercises.h"
#include "trainer/trainer_page_files.h"

namespace grader {

namespace {

/// `text` with the first `marker` replaced by `with`.
std::string withMarkerReplaced(std::string text, const std::string& marker, const std::string& with) {
    const auto at = text.find(marker);
    if (at != std::string::npos) text.replace(at, marker.size(), with);
    return text;
}

/// JSON that can sit inside a <script> element: every '<' (only ever inside strings) as \u003c.
std::string scriptSafeJson(const nlohmann::ordered_json& value) {
    const std::string text = value.dump();
    std::string safe;
    for (char c : text) safe += c == '<' ? std::string("\\u003c") : std::string(1, c);
    return safe;
}

}  // namespace

Expected<std::string> trainerPageHtml(const Course& course, const TrainerPageOptions& options) {
    nlohmann::ordered_json sets = nlohmann::ordered_json::array();
    for (const auto& id : trainerSets())
        if (course.findLesson(id)) sets.push_back(id);
    if (sets.empty()) return Error{"course.yaml", "no lesson has a trainer", "the trainer's exercise sets are named by the lesson ids lesson2 and lesson3"};
    std::string first = sets.front();
    if (!options.set.empty()) {
        if (std::find(sets.begin(), sets.end(), options.set) == sets.end())
            return Error{"", options.set + " has no trainer exercises", "the tile-map trainer has sets lesson2 and lesson3"};
        first = options.set;
    }
    nlohmann::ordered_json tilemap = nullptr;
    if (!options.tilemapJson.empty()) {
        tilemap = nlohmann::ordered_json::parse(options.tilemapJson, nullptr, false);
        if (tilemap.is_discarded() || !tilemap.is_object() || !tilemap.contains("phases"))
            return Error{"", "the tile map is not the JSON of `grader tilemap LESSON FILE --json`", "write it with: grader tilemap lesson3 FILE --json > tilemap.json"};
    }
    // Per set, the command that writes the tile map of the student's own file, run from the kit's folder.
    nlohmann::ordered_json commands = nlohmann::ordered_json::object();
    for (const auto& id : sets)
        if (const Lesson* lesson = course.findLesson(id.get<std::string>()))
            commands[lesson->id] = "build/grader/grader tilemap " + lesson->id + " " + shellQuote(lesson->starterFile()) + " --json > tilemap.json";
    const nlohmann::ordered_json config = {{"lang", options.language}, {"seed", options.seed}, {"tile", course.tile},
                                           {"course", trainerCourseVersion(course.tile)}, {"sets", sets}, {"set", first},
                                           {"tilemap", tilemap}, {"tilemapCommands", commands}};
    namespace files = trainer_page_files;
    std::string page = withMarkerReplaced(files::html, "/*@STYLE@*/", files::css);
    page = withMarkerReplaced(page, "/*@CONFIG@*/", scriptSafeJson(config));
    page = withMarkerReplaced(page, "/*@SCRIPT@*/", std::string(files::generator) + "\n" + files::script);
    if (options.language == "ru") page = withMarkerReplaced(page, "<html lang=\"en\">", "<html lang=\"ru\">");
    return page;
}

}  // namespace grader
