// The tile map's pictures (see tilemap_render.h).
#include "tilemap/tilemap_render.h"

#include <algorithm>
#include <cstdio>

#include "core/escape.h"

namespace grader {

namespace {

constexpr size_t kMaxWidth = 120;  ///< wider than this, the two pictures go one above the other
constexpr int kRowLabel = 5;       ///< "  16 " before each row of A

/// The rows of A and C and the columns of B and C that the pictures show.
struct Layout {
    long r0 = 0, r1 = 0, k0 = 0, k1 = 0;
    int n = 0;
    long rows() const { return r1 - r0 + 1; }
    long cols() const { return k1 - k0 + 1; }
};

Layout layoutOf(const TileMap& map, const TileExpectation& e, int n) {
    Layout l{n, -1, n, -1, n};
    const auto inside = [n](long i) { return i >= 0 && i < long(n) * n; };  // a record may name any index: only the matrix is drawn
    auto rows = [&](const CellCounts& cells) {
        for (const auto& [i, c] : cells)
            if (inside(i)) l.r0 = std::min(l.r0, i / n), l.r1 = std::max(l.r1, i / n);
    };
    auto cols = [&](const CellCounts& cells) {
        for (const auto& [i, c] : cells)
            if (inside(i)) l.k0 = std::min(l.k0, i % n), l.k1 = std::max(l.k1, i % n);
    };
    for (const CellCounts* c : {&map.loadsA, &e.loadsA, &map.storesC, &e.ownedC}) rows(*c);
    for (const CellCounts* c : {&map.loadsB, &e.loadsB, &map.storesC, &e.ownedC}) cols(*c);
    return l;
}

/// One cell as drawn: how often the student's block touched it, and whether a correct kernel does.
struct Cell {
    uint64_t count = 0;
    bool expected = false;
};

Cell cellOf(const CellCounts& actual, const CellCounts& expected, long index, bool correctPanel) {
    Cell c;
    c.expected = expected.count(index) > 0;
    if (correctPanel) c.count = c.expected ? 1 : 0;
    else if (auto it = actual.find(index); it != actual.end()) c.count = it->second;
    return c;
}

std::string glyph(const Cell& c, bool colour) {
    if (c.count == 0) {
        if (c.expected) return colour ? "\033[33m○\033[0m" : "o";
        return colour ? "\033[2m·\033[0m" : ".";
    }
    const std::string g = c.count == 1 ? (colour ? "█" : "#") : c.count < 10 ? std::string(1, char('0' + c.count)) : "*";
    return colour ? (c.expected ? "\033[32m" : "\033[31m") + g + "\033[0m" : g;
}

/// Column numbers every 8 columns over `from` .. `to`.
std::string ruler(long from, long to) {
    std::string line(static_cast<size_t>(to - from + 1), ' ');
    long free = 0;
    for (long c = from; c <= to; ++c) {
        const long at = c - from;
        if ((c % 8 != 0 && c != from) || at < free) continue;
        const std::string label = std::to_string(c);
        if (at + static_cast<long>(label.size()) > static_cast<long>(line.size())) continue;
        line.replace(static_cast<size_t>(at), label.size(), label);
        free = at + static_cast<long>(label.size()) + 1;
    }
    return line;
}

std::string number(long value, int width) {
    char text[32];
    std::snprintf(text, sizeof text, "%*ld", width, value);
    return text;
}

/// A picture: lines and their width in columns (colour codes take none).
struct Panel {
    std::vector<std::string> lines;
    size_t width = 0;
};

Panel drawPanel(const char* title, const TileMap& map, const TileExpectation& e, const Layout& l, bool correctPanel, bool colour) {
    const int n = l.n;
    Panel p;
    p.width = static_cast<size_t>(kRowLabel + n + 1 + l.cols());
    auto add = [&](std::string text) { p.lines.push_back(std::move(text)); };
    const std::string left(static_cast<size_t>(kRowLabel + n + 1), ' ');
    add(std::string(title));
    add(left + "B" + std::string(static_cast<size_t>(std::max<long>(0, l.cols() - 1)), ' '));
    add(left + ruler(l.k0, l.k1));
    for (long k = 0; k < n; ++k) {
        std::string line = std::string(static_cast<size_t>(kRowLabel + n - 4), ' ') + number(k, 4) + " ";
        for (long c = l.k0; c <= l.k1; ++c) line += glyph(cellOf(map.loadsB, e.loadsB, k * n + c, correctPanel), colour);
        add(line);
    }
    add(std::string(kRowLabel, ' ') + "A" + std::string(static_cast<size_t>(n), ' ') + "C" +
        std::string(static_cast<size_t>(std::max<long>(0, l.cols() - 1)), ' '));
    add(std::string(kRowLabel, ' ') + ruler(0, n - 1) + " " + ruler(l.k0, l.k1));
    for (long r = l.r0; r <= l.r1; ++r) {
        std::string line = number(r, kRowLabel - 1) + " ";
        for (long c = 0; c < n; ++c) line += glyph(cellOf(map.loadsA, e.loadsA, r * n + c, correctPanel), colour);
        line += " ";
        for (long c = l.k0; c <= l.k1; ++c) line += glyph(cellOf(map.storesC, e.ownedC, r * n + c, correctPanel), colour);
        add(line);
    }
    return p;
}

constexpr size_t kSvgColumns = 150;  ///< sentences are wrapped to this many characters in the SVG

/// `text` cut at spaces into lines of at most `width` characters (continuations indented by two).
std::vector<std::string> wrapped(const std::string& text, size_t width) {
    std::vector<std::string> lines;
    std::string rest = text;
    while (rest.size() > width) {
        size_t cut = rest.rfind(' ', width);
        if (cut == std::string::npos || cut == 0) cut = width;
        lines.push_back(rest.substr(0, cut));
        rest = "    " + rest.substr(rest[cut] == ' ' ? cut + 1 : cut);
    }
    lines.push_back(rest);
    return lines;
}

const char* fillOf(const Cell& c) {
    if (c.count == 0) return c.expected ? "#fff3c4" : "#f4f4f4";
    if (!c.expected) return c.count == 1 ? "#e5534b" : "#a8201a";
    return c.count == 1 ? "#3fb950" : "#1a7f37";
}

/// One picture as SVG elements at (`x`, `y`); returns its height.
int svgPanel(std::string& out, const char* title, const TileMap& map, const TileExpectation& e, const Layout& l, bool correctPanel,
             int x, int y) {
    constexpr int cell = 10, label = 34;
    const int n = l.n;
    out += "<text x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y + 12) + "\" font-weight=\"bold\">" + xmlEscape(title) + "</text>\n";
    const int top = y + 24, bx = x + label + n * cell + cell, ay = top + n * cell + cell;
    auto rect = [&](int px, int py, const Cell& c) {
        out += "<rect x=\"" + std::to_string(px) + "\" y=\"" + std::to_string(py) + "\" width=\"" + std::to_string(cell - 1) + "\" height=\"" +
               std::to_string(cell - 1) + "\" fill=\"" + fillOf(c) + "\"";
        if (c.count == 0 && c.expected) out += " stroke=\"#d4a72c\"";
        out += "/>\n";
        if (c.count > 1)
            out += "<text x=\"" + std::to_string(px + 1) + "\" y=\"" + std::to_string(py + cell - 2) + "\" font-size=\"8\" fill=\"white\">" +
                   (c.count < 10 ? std::to_string(c.count) : "*") + "</text>\n";
    };
    for (long k = 0; k < n; ++k)
        for (long c = l.k0; c <= l.k1; ++c)
            rect(bx + int(c - l.k0) * cell, top + int(k) * cell, cellOf(map.loadsB, e.loadsB, k * n + c, correctPanel));
    for (long r = l.r0; r <= l.r1; ++r) {
        const int py = ay + int(r - l.r0) * cell;
        if ((r - l.r0) % 4 == 0)
            out += "<text x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(py + cell - 1) + "\" font-size=\"9\">" + std::to_string(r) + "</text>\n";
        for (long c = 0; c < n; ++c) rect(x + label + int(c) * cell, py, cellOf(map.loadsA, e.loadsA, r * n + c, correctPanel));
        for (long c = l.k0; c <= l.k1; ++c) rect(bx + int(c - l.k0) * cell, py, cellOf(map.storesC, e.ownedC, r * n + c, correctPanel));
    }
    out += "<text x=\"" + std::to_string(bx) + "\" y=\"" + std::to_string(top - 2) + "\" font-size=\"10\">B</text>\n";
    out += "<text x=\"" + std::to_string(x + label) + "\" y=\"" + std::to_string(ay - 2) + "\" font-size=\"10\">A</text>\n";
    out += "<text x=\"" + std::to_string(bx) + "\" y=\"" + std::to_string(ay - 2) + "\" font-size=\"10\">C</text>\n";
    return (ay - y) + int(l.rows()) * cell;
}

const char* kLegendPlain =
    "#: loaded (in C: stored) once   2-9: that many times   *: 10 or more   .: neither\n"
    "o: a correct tiled kernel loads (stores) it, yours did not";
const char* kLegendColour =
    "█: loaded (in C: stored) once   2-9: that many times   *: 10 or more   ·: neither\n"
    "green: where a correct tiled kernel loads it   red: where it does not   ○: a correct kernel loads it, yours did not";

}  // namespace

std::string renderTileMapText(const TileMap& map, const TileExpectation& expected, const std::vector<std::string>& sentences,
                              const std::string& title, int n, bool colour) {
    const Layout l = layoutOf(map, expected, n);
    const Panel yours = drawPanel("your kernel", map, expected, l, false, colour);
    const Panel correct = drawPanel("a correct tiled kernel", map, expected, l, true, colour);
    std::string out = title + "\n\n";
    if (yours.width + 4 + correct.width <= kMaxWidth) {
        for (size_t i = 0; i < yours.lines.size(); ++i) {
            std::string line = yours.lines[i];
            const size_t visible = i == 0 ? yours.lines[i].size() : yours.width;  // the title line is plain
            line += std::string(yours.width + 4 - std::min(visible, yours.width), ' ') + correct.lines[i];
            while (!line.empty() && line.back() == ' ') line.pop_back();
            out += line + "\n";
        }
    } else {
        for (const Panel* p : {&yours, &correct}) {
            for (std::string line : p->lines) {
                while (!line.empty() && line.back() == ' ') line.pop_back();
                out += line + "\n";
            }
            out += "\n";
        }
    }
    out += std::string("\n") + (colour ? kLegendColour : kLegendPlain) + "\n\n";
    for (const auto& s : sentences) out += s + "\n";
    return out;
}

std::string renderTileMapSvg(const TileMap& map, const TileExpectation& expected, const std::vector<std::string>& sentences,
                             const std::string& title, int n) {
    const Layout l = layoutOf(map, expected, n);
    const int panelWidth = 34 + (n + 1 + int(l.cols())) * 10;
    std::string body;
    const int height = svgPanel(body, "your kernel", map, expected, l, false, 10, 30);
    svgPanel(body, "a correct tiled kernel", map, expected, l, true, 10 + panelWidth + 30, 30);
    int y = 30 + height + 24;
    const char* legend[] = {"green: loaded (in C: stored) once, as a correct tiled kernel does; darker, with a count: loaded more often",
                            "red: loaded where a correct kernel does not; yellow: a correct kernel loads it, yours did not"};
    for (const char* line : legend) {
        body += "<text x=\"10\" y=\"" + std::to_string(y) + "\" font-size=\"11\">" + xmlEscape(line) + "</text>\n";
        y += 16;
    }
    y += 8;
    for (const auto& s : sentences) {
        for (const std::string& line : wrapped(s, kSvgColumns)) {
            body += "<text x=\"10\" y=\"" + std::to_string(y) + "\" font-size=\"11\" xml:space=\"preserve\">" + xmlEscape(line) + "</text>\n";
            y += 15;
        }
    }
    const int width = std::max(2 * panelWidth + 50, 1040);
    return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(width) + "\" height=\"" + std::to_string(y + 10) +
           "\" font-family=\"monospace\" font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n" +
           "<text x=\"10\" y=\"18\" font-weight=\"bold\">" + xmlEscape(title) + "</text>\n" + body + "</svg>\n";
}

}  // namespace grader
