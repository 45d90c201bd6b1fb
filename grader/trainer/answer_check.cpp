// Reading and checking trainer answers (see answer_check.h).
#include "trainer/answer_check.h"

#include <algorithm>
#include <cctype>
#include <map>

namespace grader {

namespace {

/// The text in the student's language.
std::string say(Language language, const std::string& en, const std::string& ru) { return language == Language::Russian ? ru : en; }

std::string trim(const std::string& text) {
    const size_t first = text.find_first_not_of(" \t\r\n");
    if (first == std::string::npos) return "";
    return text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1);
}

/// Drops the spaces around "," and "..", so "37, 3" and "0 .. 15" read as one item.
std::string tightened(const std::string& text) {
    std::string out;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == ' ' || c == '\t') {
            const size_t next = text.find_first_not_of(" \t", i);
            const char after = next == std::string::npos ? '\0' : text[next];
            const char before = out.empty() ? '\0' : out.back();
            if (after == ',' || after == '.' || before == ',' || before == '.') continue;
        }
        out += c;
    }
    return out;
}

/// Items separated by ";", "," between items is not a separator (it is inside one), or spaces.
std::vector<std::string> items(const std::string& text) {
    std::vector<std::string> out;
    std::string current;
    for (char c : tightened(trim(text))) {
        if (c == ';' || c == ' ' || c == '\t') {
            if (!current.empty()) out.push_back(current);
            current.clear();
        } else {
            current += c;
        }
    }
    if (!current.empty()) out.push_back(current);
    return out;
}

/// A whole number of at most 9 digits, or -1.
long wholeNumber(const std::string& text) {
    if (text.empty() || text.size() > 9) return -1;
    for (char c : text)
        if (!std::isdigit(static_cast<unsigned char>(c))) return -1;
    return std::stol(text);
}

/// "5" -> 5..5, "0..15" -> 0..15; false when it is neither.
bool indexSpan(const std::string& text, int& from, int& to) {
    const size_t dots = text.find("..");
    const long a = wholeNumber(dots == std::string::npos ? text : text.substr(0, dots));
    const long b = dots == std::string::npos ? a : wholeNumber(text.substr(dots + 2));
    if (a < 0 || b < 0) return false;
    from = static_cast<int>(std::min(a, b));
    to = static_cast<int>(std::max(a, b));
    return true;
}

/// "a,b" with each side an index or a span.
bool pairOfSpans(const std::string& item, CellRange& range) {
    const size_t comma = item.find(',');
    if (comma == std::string::npos || item.find(',', comma + 1) != std::string::npos) return false;
    return indexSpan(item.substr(0, comma), range.r0, range.r1) && indexSpan(item.substr(comma + 1), range.c0, range.c1);
}

std::string emptyProblem(const AnswerPart& part, Language language) {
    switch (part.form) {
        case PartForm::Cells:
            return say(language, "Empty answer: type cells as row,col (e.g. 5,3) or a range r0..r1,c0..c1 (e.g. 0..15,16..31).",
                       "Пустой ответ: введите клетки как строка,столбец (например 5,3) или диапазон r0..r1,c0..c1 (например 0..15,16..31).");
        case PartForm::Blocks:
            return say(language, "Empty answer: type blocks as bx,by (e.g. 0,1 2,1).", "Пустой ответ: введите блоки как bx,by (например 0,1 2,1).");
        case PartForm::Slot:
            return say(language, "Empty answer: type the slot as y,x (e.g. 5,3).", "Пустой ответ: введите ячейку как y,x (например 5,3).");
        case PartForm::Number:
            return say(language, "Empty answer: type a whole number.", "Пустой ответ: введите целое число.");
        case PartForm::Order:
            return say(language, "Empty answer: type the labels 1..5 in order, each once (e.g. 2 5 1 4 3).",
                       "Пустой ответ: введите номера 1..5 в нужном порядке, каждый по разу (например 2 5 1 4 3).");
    }
    return "";
}

void readCells(const Exercise& e, const AnswerPart& part, const std::string& text, Language language, ReadAnswer& read) {
    const bool blocks = part.form == PartForm::Blocks;
    const int bound = blocks ? e.blocks() : e.n;
    for (const std::string& item : items(text)) {
        CellRange r;
        if (!pairOfSpans(item, r)) {
            read.problem = blocks ? say(language, "'" + item + "' is not a block: type bx,by, e.g. 2,1.",
                                        "«" + item + "» — не блок: введите bx,by, например 2,1.")
                                  : say(language, "'" + item + "' is not a cell: type row,col (e.g. 5,3) or a range r0..r1,c0..c1 (e.g. 0..15,16..31).",
                                        "«" + item + "» — не клетка: введите строка,столбец (например 5,3) или диапазон r0..r1,c0..c1 (например 0..15,16..31).");
            return;
        }
        const std::string last = std::to_string(bound - 1);
        if (blocks && (r.r1 >= bound || r.c1 >= bound)) {  // typed x first: r holds bx, c holds by
            read.problem = say(language, "Block " + item + " is outside the grid: bx and by are 0.." + last + " at n = " + std::to_string(e.n) + ".",
                               "Блок " + item + " вне сетки: bx и by от 0 до " + last + " при n = " + std::to_string(e.n) + ".");
            return;
        }
        if (!blocks && (r.r1 >= bound || r.c1 >= bound)) {
            const bool row = r.r1 >= bound;
            read.problem = say(language, std::string(row ? "Row " : "Column ") + std::to_string(row ? r.r1 : r.c1) + " is outside " + part.name +
                                             ": rows and columns are 0.." + last + ".",
                               std::string(row ? "Строка " : "Столбец ") + std::to_string(row ? r.r1 : r.c1) + " вне матрицы " + part.name +
                                   ": строки и столбцы от 0 до " + last + ".");
            return;
        }
        for (int a = r.r0; a <= r.r1; ++a)
            for (int b = r.c0; b <= r.c1; ++b) read.cells.insert(blocks ? std::pair{b, a} : std::pair{a, b});
    }
}

void readSlot(const Exercise& e, const AnswerPart& part, const std::string& text, Language language, ReadAnswer& read) {
    const std::vector<std::string> list = items(text);
    CellRange r;
    if (list.size() != 1 || !pairOfSpans(list[0], r) || r.r0 != r.r1 || r.c0 != r.c1) {
        read.problem = say(language, "'" + trim(text) + "' is not a slot: type y,x for " + part.name + "[y][x], e.g. 5,3.",
                           "«" + trim(text) + "» — не ячейка: введите y,x для " + part.name + "[y][x], например 5,3.");
        return;
    }
    if (r.r0 >= e.tile || r.c0 >= e.tile) {
        const std::string last = std::to_string(e.tile - 1);
        read.problem = say(language, part.name + "[" + std::to_string(r.r0) + "][" + std::to_string(r.c0) + "] is outside the tile: y and x are 0.." + last + ".",
                           part.name + "[" + std::to_string(r.r0) + "][" + std::to_string(r.c0) + "] вне тайла: y и x от 0 до " + last + ".");
        return;
    }
    read.y = r.r0;
    read.x = r.c0;
}

void readOrder(const Exercise& e, const std::string& text, Language language, ReadAnswer& read) {
    std::string spaced = text;
    std::replace(spaced.begin(), spaced.end(), ',', ' ');
    std::vector<bool> seen(e.shown.size() + 1, false);
    for (const std::string& item : items(spaced)) {
        const long label = wholeNumber(item);
        if (label < 1 || label > static_cast<long>(e.shown.size()) || seen[label]) {
            read.order.clear();
            break;
        }
        seen[label] = true;
        read.order.push_back(e.shown[label - 1]);
    }
    if (read.order.size() != e.shown.size())
        read.problem = say(language, "'" + trim(text) + "' is not an order of the steps: type the labels 1..5, each once (e.g. 2 5 1 4 3).",
                           "«" + trim(text) + "» — не порядок шагов: введите номера 1..5, каждый по разу (например 2 5 1 4 3).");
}

}  // namespace

ReadAnswer readAnswer(const Exercise& exercise, const AnswerPart& part, const std::string& text, Language language) {
    ReadAnswer read;
    if (trim(text).empty()) {
        read.problem = emptyProblem(part, language);
        return read;
    }
    switch (part.form) {
        case PartForm::Cells:
        case PartForm::Blocks: readCells(exercise, part, text, language, read); break;
        case PartForm::Slot: readSlot(exercise, part, text, language, read); break;
        case PartForm::Number: {
            const std::string t = trim(text);
            read.number = wholeNumber(t);
            if (read.number < 0)
                read.problem = say(language, "'" + t + "' is not a whole number: type digits only, e.g. 7.",
                                   "«" + t + "» — не целое число: введите только цифры, например 7.");
            break;
        }
        case PartForm::Order: readOrder(exercise, text, language, read); break;
    }
    return read;
}

CellSet rightCells(const AnswerPart& part) {
    CellSet cells;
    for (const auto& r : part.cells)
        for (int a = r.r0; a <= r.r1; ++a)
            for (int b = r.c0; b <= r.c1; ++b) cells.insert({a, b});
    return cells;
}

PartResult checkPart(const Exercise& exercise, const AnswerPart& part, const ReadAnswer& read, const std::string& given) {
    (void)exercise;
    PartResult result;
    result.part = &part;
    result.answered = true;
    result.given = given;
    bool right = false;
    switch (part.form) {
        case PartForm::Cells:
        case PartForm::Blocks: {
            const CellSet want = rightCells(part);
            std::set_difference(want.begin(), want.end(), read.cells.begin(), read.cells.end(), std::inserter(result.missing, result.missing.end()));
            std::set_difference(read.cells.begin(), read.cells.end(), want.begin(), want.end(), std::inserter(result.extra, result.extra.end()));
            right = result.missing.empty() && result.extra.empty();
            if (!right && result.missing.size() < want.size()) {
                result.verdict = PartVerdict::Partly;
                return result;
            }
            break;
        }
        case PartForm::Slot: right = read.y == part.y && read.x == part.x; break;
        case PartForm::Number: right = read.number == part.number; break;
        case PartForm::Order: {
            const std::vector<std::string>& c = part.order;  // load_a, load_b in either order, then the rest as listed
            right = read.order.size() == c.size() && std::is_permutation(read.order.begin(), read.order.begin() + 2, c.begin()) &&
                    std::equal(read.order.begin() + 2, read.order.end(), c.begin() + 2);
            break;
        }
    }
    result.verdict = right ? PartVerdict::Right : PartVerdict::Wrong;
    return result;
}

PartResult unansweredPart(const AnswerPart& part) {
    PartResult result;
    result.part = &part;
    result.missing = rightCells(part);
    return result;
}

std::vector<CellRange> rectanglesOf(const CellSet& cells) {
    // Runs along each row, then runs of equal column spans over consecutive rows merged.
    std::map<int, std::vector<std::pair<int, int>>> runs;
    for (auto it = cells.begin(); it != cells.end();) {
        const int row = it->first, start = it->second;
        int end = start;
        for (++it; it != cells.end() && it->first == row && it->second == end + 1; ++it) ++end;
        runs[row].push_back({start, end});
    }
    std::vector<CellRange> out;
    std::map<std::pair<int, int>, size_t> open;  // column span -> index in `out` of the rectangle ending on the row above
    for (const auto& [row, spans] : runs) {
        std::map<std::pair<int, int>, size_t> next;
        for (const auto& span : spans) {
            auto it = open.find(span);
            if (it != open.end() && out[it->second].r1 == row - 1) {
                out[it->second].r1 = row;
                next[span] = it->second;
            } else {
                out.push_back({row, row, span.first, span.second});
                next[span] = out.size() - 1;
            }
        }
        open = std::move(next);
    }
    return out;
}

std::string cellsText(const std::vector<CellRange>& ranges, PartForm form) {
    const auto span = [](int a, int b) { return a == b ? std::to_string(a) : std::to_string(a) + ".." + std::to_string(b); };
    std::string text;
    for (const auto& r : ranges) {
        if (!text.empty()) text += form == PartForm::Blocks ? " " : "; ";
        text += form == PartForm::Blocks ? span(r.c0, r.c1) + "," + span(r.r0, r.r1) : span(r.r0, r.r1) + "," + span(r.c0, r.c1);
    }
    return text;
}

std::string rightAnswerText(const Exercise& exercise, const AnswerPart& part) {
    switch (part.form) {
        case PartForm::Cells: return cellsText(part.cells, part.form);
        case PartForm::Blocks: {
            std::vector<CellRange> each;  // blocks one by one: "0,1 1,1 2,1"
            for (const auto& [y, x] : rightCells(part)) each.push_back({y, y, x, x});
            return cellsText(each, part.form);
        }
        case PartForm::Slot: return std::to_string(part.y) + "," + std::to_string(part.x);
        case PartForm::Number: return std::to_string(part.number);
        case PartForm::Order: {
            std::string text;
            for (const std::string& id : part.order) {
                const auto at = std::find(exercise.shown.begin(), exercise.shown.end(), id);
                text += (text.empty() ? "" : " ") + std::to_string(at - exercise.shown.begin() + 1);
            }
            return text;
        }
    }
    return "";
}

}  // namespace grader
