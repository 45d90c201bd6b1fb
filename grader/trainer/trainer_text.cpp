// What the trainer says (see trainer_text.h).
#include "trainer/trainer_text.h"

#include "core/text_wrap.h"

namespace grader {

namespace {

constexpr size_t kTrainerWidth = 80;
constexpr size_t kTrainerIndent = 6;

const TrainerWords kTrainerEnglish = {"Tile-map trainer", "Exercise", "of", "RIGHT", "PARTLY RIGHT", "WRONG", "right answer: ", "missing: ",
                               "extra: ", "no answer (end of input)", "(answered right before)", "exercises right",
                               "Every exercise of the set is right.", "Not every exercise is right yet; try again: "};
const TrainerWords kTrainerRussian = {"Тренажёр: карта тайлов", "Упражнение", "из", "ВЕРНО", "ЧАСТИЧНО ВЕРНО", "НЕВЕРНО", "верный ответ: ",
                               "не хватает: ", "лишние: ", "нет ответа (ввод закончился)", "(уже решено верно)", "упражнений решены верно",
                               "Все упражнения набора решены верно.", "Ещё не все упражнения решены верно; попробуйте снова: "};

std::string num(long v) { return std::to_string(v); }

/// "16..31" or "5".
std::string span(int from, int to) { return from == to ? num(from) : num(from) + ".." + num(to); }

/// "n = 48, TILE = 16".
std::string sizes(const Exercise& e) { return "n = " + num(e.n) + ", TILE = " + num(e.tile); }

/// The id of a barrier_order step as the student reads it.
std::string stepText(const std::string& id, Language language) {
    if (id == "load_a") return "tA[ty][tx] = A[row][p*TILE + tx]";
    if (id == "load_b") return "tB[ty][tx] = B[p*TILE + ty][col]";
    if (id == "sync_loaded") return say(language, "__syncthreads(): the tiles are complete", "__syncthreads(): тайлы загружены полностью");
    if (id == "multiply") return "sum += tA[ty][j] * tB[j][tx], j = 0..TILE-1";
    return say(language, "__syncthreads(): every thread is done with the tiles before the next phase overwrites them",
               "__syncthreads(): все потоки закончили работу с тайлами, прежде чем следующая фаза их перезапишет");
}

std::string threadLoadExplanation(const Exercise& e, const AnswerPart& part, Language language) {
    const int bx = e.param("bx"), by = e.param("by"), p = e.param("p"), tx = e.param("tx"), ty = e.param("ty"), t = e.tile;
    const int row = by * t + ty, col = bx * t + tx;
    if (part.name == "A")
        return say(language, "row = by*TILE + ty = ", "row = by*TILE + ty = ") + num(by) + "*" + num(t) + " + " + num(ty) + " = " + num(row) +
               say(language, "; the thread loads A[row][p*TILE + tx] = A[", "; поток загружает A[row][p*TILE + tx] = A[") + num(row) + "][" +
               num(p) + "*" + num(t) + " + " + num(tx) + "] = A[" + num(row) + "][" + num(p * t + tx) + "].";
    if (part.name == "B")
        return say(language, "col = bx*TILE + tx = ", "col = bx*TILE + tx = ") + num(bx) + "*" + num(t) + " + " + num(tx) + " = " + num(col) +
               say(language, "; the thread loads B[p*TILE + ty][col] = B[", "; поток загружает B[p*TILE + ty][col] = B[") + num(p) + "*" + num(t) +
               " + " + num(ty) + "][" + num(col) + "] = B[" + num(p * t + ty) + "][" + num(col) + "].";
    return say(language, "Each thread stores into the slot of its own position in the block: ",
               "Каждый поток записывает в ячейку своей позиции в блоке: ") +
           part.name + "[ty][tx] = " + part.name + "[" + num(ty) + "][" + num(tx) + "]" +
           say(language, ", whatever the block and the phase.", ", при любом блоке и любой фазе.");
}

std::string blockTilesExplanation(const Exercise& e, const AnswerPart& part, Language language) {
    const int bx = e.param("bx"), by = e.param("by"), p = e.param("p"), t = e.tile, last = t - 1;
    const std::string threads = say(language, "The block's threads have tx and ty = 0.." + num(last) + ", so ",
                                    "У потоков блока tx и ty = 0.." + num(last) + ", поэтому ");
    if (part.name == "A")
        return threads + say(language, "the rows by*TILE + ty are ", "строки by*TILE + ty — это ") + num(by) + "*" + num(t) + " + 0.." + num(last) +
               " = " + span(by * t, by * t + last) + say(language, " and the columns p*TILE + tx are ", ", а столбцы p*TILE + tx — ") + num(p) +
               "*" + num(t) + " + 0.." + num(last) + " = " + span(p * t, p * t + last) + ": A[" + span(by * t, by * t + last) + "][" +
               span(p * t, p * t + last) + "].";
    return threads + say(language, "the rows p*TILE + ty are ", "строки p*TILE + ty — это ") + num(p) + "*" + num(t) + " + 0.." + num(last) + " = " +
           span(p * t, p * t + last) + say(language, " and the columns bx*TILE + tx are ", ", а столбцы bx*TILE + tx — ") + num(bx) + "*" +
           num(t) + " + 0.." + num(last) + " = " + span(bx * t, bx * t + last) + ": B[" + span(p * t, p * t + last) + "][" +
           span(bx * t, bx * t + last) + "].";
}

std::string elementReadersExplanation(const Exercise& e, const AnswerPart& part, Language language) {
    const int i = e.param("i"), k = e.param("k"), t = e.tile, b = e.blocks();
    if (part.name == "blocks")
        return say(language, "A block loads rows by*TILE .. by*TILE + TILE-1 of A, so row i = ", "Блок загружает строки A by*TILE .. by*TILE + TILE-1, поэтому строка i = ") +
               num(i) + say(language, " is loaded by the blocks with by = i / TILE = ", " загружается блоками с by = i / TILE = ") + num(i) + " / " + num(t) +
               " = " + num(i / t) + say(language, ", every bx = 0..", ", при всех bx = 0..") + num(b - 1) + ".";
    if (part.name == "phase")
        return say(language, "Phase p loads the columns p*TILE + tx of A, so p = k / TILE = ", "Фаза p загружает столбцы A p*TILE + tx, поэтому p = k / TILE = ") +
               num(k) + " / " + num(t) + " = " + num(k / t) + say(language, "; in each block the thread tx = k % TILE = ", "; в каждом блоке его загружает поток tx = k % TILE = ") +
               num(k % t) + ", ty = i % TILE = " + num(i % t) + say(language, " loads it into tA[", " в tA[") + num(i % t) + "][" + num(k % t) + "].";
    return say(language, "In each block the TILE = ", "В каждом блоке TILE = ") + num(t) +
           say(language, " threads of row ty = ", " потоков строки ty = ") + num(i % t) + say(language, " read tA[", " читают tA[") + num(i % t) + "][" +
           num(k % t) + say(language, "] (at j = ", "] (при j = ") + num(k % t) + "), " + num(b) +
           say(language, " blocks load it: ", " блоков его загружают: ") + num(b) + " * " + num(t) + " = " + num(b * t) + " = n.";
}

std::string residentPhaseExplanation(const Exercise& e, const AnswerPart& part, Language language) {
    const int k = e.param("k"), tx = e.param("tx"), ty = e.param("ty"), t = e.tile;
    if (part.name == "phase")
        return say(language, "Phase p holds the products k = p*TILE .. p*TILE + TILE-1, so p = k / TILE = ",
                   "Фаза p содержит произведения k = p*TILE .. p*TILE + TILE-1, поэтому p = k / TILE = ") +
               num(k) + " / " + num(t) + " = " + num(k / t) + ".";
    const std::string j = say(language, "Inside the phase j = k % TILE = ", "Внутри фазы j = k % TILE = ") + num(k) + " % " + num(t) + " = " + num(k % t) +
                          say(language, "; the product is tA[ty][j] * tB[j][tx], so ", "; произведение — tA[ty][j] * tB[j][tx], значит ");
    if (part.name == "tA") return j + "tA[" + num(ty) + "][" + num(k % t) + "].";
    return j + "tB[" + num(k % t) + "][" + num(tx) + "].";
}

std::string globalReadsExplanation(const Exercise& e, const AnswerPart& part, Language language) {
    const int n = e.n, t = e.tile;
    if (part.name == "naive")
        return say(language, "The naive kernel reads a whole row of A and a whole column of B from global memory: n + n = 2n = 2*",
                   "Наивное ядро читает из глобальной памяти всю строку A и весь столбец B: n + n = 2n = 2*") +
               num(n) + " = " + num(2 * n) + ".";
    return say(language, "The tiled kernel runs n / TILE = ", "Тайловое ядро проходит n / TILE = ") + num(n) + " / " + num(t) + " = " + num(n / t) +
           say(language, " phases, and in each a thread loads one element of A and one of B: 2n / TILE = 2*",
               " фаз, и в каждой поток загружает один элемент A и один элемент B: 2n / TILE = 2*") +
           num(n) + " / " + num(t) + " = " + num(2 * n / t) + ".";
}

std::string barrierOrderExplanation(const Exercise& e, const AnswerPart& part, Language language) {
    return say(language, "A phase loads both tiles (A and B in either order), waits at __syncthreads() until every thread has stored its "
                         "element, multiplies, and waits again before the next phase overwrites the tiles: ",
               "Фаза загружает оба тайла (A и B в любом порядке), ждёт на __syncthreads(), пока каждый поток запишет свой элемент, "
               "перемножает и снова ждёт, прежде чем следующая фаза перезапишет тайлы: ") +
           rightAnswerText(e, part) + ".";
}

/// One grid of tiles: a B x B map, each tile 4 columns wide, labelled by its first row and column.
std::vector<std::string> grid(const Exercise& e, const std::string& title, const std::vector<std::pair<int, int>>& marked, const std::string& mark,
                              bool colour, bool blockIndices = false) {
    const int b = e.blocks(), t = blockIndices ? 1 : e.tile;
    std::vector<std::string> lines;
    lines.push_back(std::string(5, ' ') + title);
    std::string header = std::string(5, ' ');
    for (int c = 0; c < b; ++c) header += num(c * t) + std::string(4 - num(c * t).size(), ' ');
    lines.push_back(header);
    for (int r = 0; r < b; ++r) {
        std::string line = std::string(4 - num(r * t).size(), ' ') + num(r * t) + " ";
        for (int c = 0; c < b; ++c) {
            bool on = false;
            for (const auto& m : marked) on |= m.first == r && m.second == c;
            if (on) line += colour ? "\033[32m" + mark + "\033[0m   " : mark + "   ";
            else line += colour ? "\033[2m·\033[0m   " : ".   ";
        }
        lines.push_back(line);
    }
    return lines;
}

/// Grids side by side, each padded to its width.
std::string sideBySide(const std::vector<std::vector<std::string>>& grids, int width) {
    std::string out;
    for (size_t row = 0; row < grids[0].size(); ++row) {
        std::string line;
        for (size_t g = 0; g < grids.size(); ++g) {
            std::string cell = grids[g][row];
            size_t visible = 0;
            for (size_t i = 0; i < cell.size(); ++i) {
                if (cell[i] == '\033') {
                    i = cell.find('m', i);
                    continue;
                }
                visible += (static_cast<unsigned char>(cell[i]) & 0xC0) != 0x80;
            }
            if (g + 1 < grids.size() && visible < static_cast<size_t>(width)) cell += std::string(width - visible, ' ');
            line += cell;
        }
        while (!line.empty() && line.back() == ' ') line.pop_back();
        out += "  " + line + "\n";
    }
    return out;
}

std::string legend(const Exercise& e, const std::string& mark, const std::string& what, Language language) {
    return "  " + mark + " " + what +
           say(language, "; each mark is one " + num(e.tile) + " x " + num(e.tile) + " tile, labelled by its first row and column.",
               "; каждая отметка — тайл " + num(e.tile) + " x " + num(e.tile) + ", подписанный первой строкой и столбцом.") +
           "\n";
}

}  // namespace

const TrainerWords& trainerWords(Language language) { return language == Language::Russian ? kTrainerRussian : kTrainerEnglish; }

std::string questionText(const Exercise& e, Language language) {
    const std::string block = "(bx, by) = (" + num(e.param("bx")) + ", " + num(e.param("by")) + ")";
    const std::string thread = "(tx, ty) = (" + num(e.param("tx")) + ", " + num(e.param("ty")) + ")";
    switch (e.kind) {
        case ExerciseKind::ThreadLoad:
            return say(language, "Block " + block + ", phase p = " + num(e.param("p")) + ", thread " + thread + "; " + sizes(e) +
                                     ". Which element of A and which of B does this thread load, and into which slot of tA and of tB?",
                       "Блок " + block + ", фаза p = " + num(e.param("p")) + ", поток " + thread + "; " + sizes(e) +
                           ". Какой элемент A и какой элемент B загружает этот поток и в какую ячейку tA и tB?");
        case ExerciseKind::BlockTiles:
            return say(language, "Block " + block + " in phase p = " + num(e.param("p")) + "; " + sizes(e) +
                                     ". Mark the whole tile of A and the whole tile of B that the block loads.",
                       "Блок " + block + " в фазе p = " + num(e.param("p")) + "; " + sizes(e) + ". Отметьте весь тайл A и весь тайл B, которые загружает блок.");
        case ExerciseKind::ElementReaders:
            return say(language, "The element A[" + num(e.param("i")) + "][" + num(e.param("k")) + "]; " + sizes(e) +
                                     ". Which blocks load it, in which phase, and how many threads read it from shared memory (all blocks together)?",
                       "Элемент A[" + num(e.param("i")) + "][" + num(e.param("k")) + "]; " + sizes(e) +
                           ". Какие блоки его загружают, в какой фазе и сколько потоков читают его из разделяемой памяти (во всех блоках вместе)?");
        case ExerciseKind::ResidentPhase:
            return say(language, "Thread " + thread + " of block " + block + " computes its product k = " + num(e.param("k")) +
                                     " (k counts the whole dot product, 0.." + num(e.n - 1) + "); " + sizes(e) +
                                     ". Which phase's tiles are in shared memory then, and which slots of tA and tB does it read?",
                       "Поток " + thread + " блока " + block + " вычисляет произведение k = " + num(e.param("k")) +
                           " (k считается по всему скалярному произведению, 0.." + num(e.n - 1) + "); " + sizes(e) +
                           ". Тайлы какой фазы в это время в разделяемой памяти и какие ячейки tA и tB он читает?");
        case ExerciseKind::GlobalReads:
            return say(language, sizes(e) + ". How many floats does one element of C read from global memory: in the naive kernel, and in the tiled kernel?",
                       sizes(e) + ". Сколько чисел читается из глобальной памяти на один элемент C: в наивном ядре и в тайловом?");
        case ExerciseKind::BarrierOrder: {
            std::string text = say(language, "The steps of one phase of the tiled kernel, shuffled. Put them in order:",
                                   "Шаги одной фазы тайлового ядра, перемешанные. Расставьте их по порядку:");
            for (size_t i = 0; i < e.shown.size(); ++i) text += "\n  " + num(static_cast<long>(i + 1)) + ") " + stepText(e.shown[i], language);
            return text;
        }
    }
    return "";
}

std::string partPrompt(const Exercise& e, const AnswerPart& part, Language language) {
    const std::string& n = part.name;
    switch (e.kind) {
        case ExerciseKind::ThreadLoad:
            if (part.form == PartForm::Cells) return n + say(language, ": the element it loads (row,col)", ": загружаемый элемент (строка,столбец)");
            return n + say(language, ": the slot it stores into (y,x)", ": ячейка, в которую он пишет (y,x)");
        case ExerciseKind::BlockTiles:
            return n + say(language, ": the cells the block loads (r0..r1,c0..c1)", ": клетки, которые загружает блок (r0..r1,c0..c1)");
        case ExerciseKind::ElementReaders:
            if (n == "blocks") return say(language, "blocks: the blocks that load it (bx,by ...)", "blocks: блоки, которые его загружают (bx,by ...)");
            if (n == "phase") return say(language, "phase: the phase they load it in", "phase: фаза, в которой они его загружают");
            return say(language, "readers: threads that read it from shared memory", "readers: сколько потоков читают его из разделяемой памяти");
        case ExerciseKind::ResidentPhase:
            if (n == "phase") return say(language, "phase: the phase whose tiles are loaded", "phase: фаза, чьи тайлы загружены");
            return n + say(language, ": the slot it reads (y,x)", ": ячейка, которую он читает (y,x)");
        case ExerciseKind::GlobalReads:
            if (n == "naive") return say(language, "naive: floats read per element of C", "naive: чисел на элемент C");
            return say(language, "tiled: floats read per element of C", "tiled: чисел на элемент C");
        case ExerciseKind::BarrierOrder: return say(language, "order: the labels in order (e.g. 2 5 1 4 3)", "order: номера по порядку (например 2 5 1 4 3)");
    }
    return n;
}

std::string explanation(const Exercise& e, const AnswerPart& part, Language language) {
    switch (e.kind) {
        case ExerciseKind::ThreadLoad: return threadLoadExplanation(e, part, language);
        case ExerciseKind::BlockTiles: return blockTilesExplanation(e, part, language);
        case ExerciseKind::ElementReaders: return elementReadersExplanation(e, part, language);
        case ExerciseKind::ResidentPhase: return residentPhaseExplanation(e, part, language);
        case ExerciseKind::GlobalReads: return globalReadsExplanation(e, part, language);
        case ExerciseKind::BarrierOrder: return barrierOrderExplanation(e, part, language);
    }
    return "";
}

std::string questionMap(const Exercise& e, Language language, bool colour) {
    if (e.kind == ExerciseKind::GlobalReads || e.kind == ExerciseKind::BarrierOrder) return "";
    std::vector<std::pair<int, int>> owned;
    if (e.kind != ExerciseKind::ElementReaders) owned.push_back({e.param("by"), e.param("bx")});
    const std::string mark = colour ? "▒" : "+";
    const int width = 5 + 4 * e.blocks() + 2;
    std::string out = sideBySide({grid(e, "A", {}, mark, colour), grid(e, "B", {}, mark, colour), grid(e, "C", owned, mark, colour)}, width);
    if (!owned.empty()) out += legend(e, mark, say(language, "the block's tile of C", "тайл C этого блока"), language);
    else out += legend(e, ".", say(language, "a tile", "тайл"), language);
    return out;
}

std::string answerMap(const Exercise& e, const AnswerPart& part, Language language, bool colour) {
    if (part.form != PartForm::Cells && part.form != PartForm::Blocks) return "";
    std::vector<std::pair<int, int>> tiles;
    for (const auto& [r, c] : rightCells(part)) {
        const std::pair<int, int> tile = part.form == PartForm::Blocks ? std::pair{r, c} : std::pair{r / e.tile, c / e.tile};
        if (tiles.empty() || tiles.back() != tile) {
            bool seen = false;
            for (const auto& t : tiles) seen |= t == tile;
            if (!seen) tiles.push_back(tile);
        }
    }
    const std::string mark = colour ? "█" : "#";
    const std::string title = part.form == PartForm::Blocks ? say(language, "C (blocks)", "C (блоки)") : part.name;
    const std::string what = part.form == PartForm::Blocks ? say(language, "the right blocks", "верные блоки")
                                                           : say(language, "the tiles holding the right cells", "тайлы с верными клетками");
    if (part.form == PartForm::Blocks)
        return sideBySide({grid(e, title, tiles, mark, colour, true)}, 0) + "  " + mark + " " + what +
               say(language, "; the grid of blocks, labelled by bx (across) and by (down).\n", "; сетка блоков, подписи — bx (по горизонтали) и by (по вертикали).\n");
    return sideBySide({grid(e, title, tiles, mark, colour)}, 0) + legend(e, mark, what, language);
}

std::string partResultText(const Exercise& e, const PartResult& result, Language language, bool colour) {
    const TrainerWords& w = trainerWords(language);
    const AnswerPart& part = *result.part;
    const char* verdict = result.verdict == PartVerdict::Right ? w.right : result.verdict == PartVerdict::Partly ? w.partly : w.wrong;
    const char* paint = result.verdict == PartVerdict::Right ? "\033[32m" : result.verdict == PartVerdict::Partly ? "\033[33m" : "\033[31m";
    std::string out = "    " + part.name + ": " + (colour ? paint + std::string(verdict) + "\033[0m" : std::string(verdict));
    if (!result.answered) out += std::string(" (") + w.noAnswer + ")";
    out += "\n";
    if (result.verdict == PartVerdict::Right) return out;
    std::string facts = w.rightAnswer + rightAnswerText(e, part);
    if (result.verdict == PartVerdict::Partly) {
        if (!result.missing.empty()) facts += "; " + std::string(w.missing) + cellsText(rectanglesOf(result.missing), part.form);
        if (!result.extra.empty()) facts += "; " + std::string(w.extra) + cellsText(rectanglesOf(result.extra), part.form);
    }
    out += std::string(kTrainerIndent, ' ') + wrapText(facts + ".", kTrainerWidth, kTrainerIndent) + "\n";
    out += std::string(kTrainerIndent, ' ') + wrapText(explanation(e, part, language), kTrainerWidth, kTrainerIndent) + "\n";
    out += answerMap(e, part, language, colour);
    return out;
}

}  // namespace grader
