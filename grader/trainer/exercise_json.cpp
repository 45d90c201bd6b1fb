// The exercise set as JSON (see exercise_json.h).
#include "trainer/exercise_json.h"

#include "trainer/answer_check.h"

namespace grader {

namespace {

/// One part's right answer as JSON: cells or ranges, blocks, a slot, a number or an order.
nlohmann::ordered_json partAnswerJson(const AnswerPart& part) {
    switch (part.form) {
        case PartForm::Cells: {
            nlohmann::ordered_json list = nlohmann::ordered_json::array();
            for (const auto& r : part.cells) {
                if (part.asRanges) list.push_back({r.r0, r.r1, r.c0, r.c1});
                else list.push_back({r.r0, r.c0});
            }
            return list;
        }
        case PartForm::Blocks: {
            nlohmann::ordered_json list = nlohmann::ordered_json::array();
            for (const auto& [by, bx] : rightCells(part)) list.push_back({bx, by});
            return list;
        }
        case PartForm::Slot: return {part.y, part.x};
        case PartForm::Number: return part.number;
        case PartForm::Order: return part.order;
    }
    return nullptr;
}

}  // namespace

nlohmann::ordered_json exerciseSetJson(const ExerciseSet& set) {
    nlohmann::ordered_json exercises = nlohmann::ordered_json::array();
    for (const auto& e : set.exercises) {
        nlohmann::ordered_json params = nlohmann::ordered_json::object();
        for (const auto& [key, value] : e.params) params[key] = value;
        if (e.kind == ExerciseKind::BarrierOrder) params["shown"] = e.shown;
        nlohmann::ordered_json answer = nlohmann::ordered_json::object();
        for (const auto& part : e.parts) answer[part.name] = partAnswerJson(part);
        exercises.push_back({{"kind", kindName(e.kind)}, {"n", e.n}, {"params", params}, {"answer", answer}});
    }
    return {{"set", set.name}, {"seed", set.seed}, {"tile", set.tile}, {"exercises", exercises}};
}

}  // namespace grader
