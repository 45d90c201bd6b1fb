// Edit distance and suggestions.
#include "core/spelling.h"

#include <algorithm>

namespace grader {

int editDistance(const std::string& a, const std::string& b) {
    std::vector<int> prev(b.size() + 1), cur(b.size() + 1);
    for (size_t j = 0; j <= b.size(); ++j) prev[j] = static_cast<int>(j);
    for (size_t i = 1; i <= a.size(); ++i) {
        cur[0] = static_cast<int>(i);
        for (size_t j = 1; j <= b.size(); ++j) {
            int substitute = prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
            cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, substitute});
        }
        std::swap(prev, cur);
    }
    return prev[b.size()];
}

std::string didYouMean(const std::string& word, const std::vector<std::string>& candidates) {
    const std::string* best = nullptr;
    int bestDistance = 0;
    for (const auto& candidate : candidates) {
        int d = editDistance(word, candidate);
        if (!best || d < bestDistance) {
            best = &candidate;
            bestDistance = d;
        }
    }
    int allowed = std::max<int>(2, static_cast<int>(word.size()) / 3);
    if (!best || bestDistance > allowed) return "";
    return "did you mean '" + *best + "'?";
}

}  // namespace grader
