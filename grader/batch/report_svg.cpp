// SVG pieces of the class report (see report_svg.h).
#include "batch/report_svg.h"

#include <algorithm>
#include <sstream>

#include "core/escape.h"

namespace grader {

std::string fixed(double value, int decimals) {
    std::ostringstream out;
    out.setf(std::ios::fixed);
    out.precision(decimals);
    out << value;
    return out.str();
}

std::string svgText(double x, double y, const std::string& text, const std::string& anchor, const std::string& cls) {
    return "<text x=\"" + fixed(x, 1) + "\" y=\"" + fixed(y, 1) + "\" text-anchor=\"" + anchor + "\"" +
           (cls.empty() ? "" : " class=\"" + cls + "\"") + ">" + htmlEscape(text) + "</text>";
}

std::string svgRect(double x, double y, double w, double h, const std::string& fill, double radius, const std::string& title) {
    std::string rect = "<rect x=\"" + fixed(x, 1) + "\" y=\"" + fixed(y, 1) + "\" width=\"" + fixed(std::max(w, 0.0), 1) +
                       "\" height=\"" + fixed(std::max(h, 0.0), 1) + "\" rx=\"" + fixed(radius, 1) + "\" fill=\"" + fill + "\"";
    return title.empty() ? rect + "/>" : rect + "><title>" + htmlEscape(title) + "</title></rect>";
}

}  // namespace grader
