// The small SVG and number-formatting pieces the class report's figures are
// drawn with (html_report.cpp, insights_report.cpp): text, rectangles,
// numbers with a fixed count of decimals.
// Non-goals: a chart library; layout.
#pragma once

#include <string>

namespace grader {

/// `value` with `decimals` digits after the point.
std::string fixed(double value, int decimals);

/// An SVG <text> at (x, y), escaped, anchored start | middle | end, with an optional class.
std::string svgText(double x, double y, const std::string& text, const std::string& anchor = "start", const std::string& cls = "");

/// An SVG <rect> (negative sizes drawn as 0) with an optional tooltip.
std::string svgRect(double x, double y, double w, double h, const std::string& fill, double radius = 2, const std::string& title = "");

}  // namespace grader
