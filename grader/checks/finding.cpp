// Findings' places: one pointer per line named.
#include "checks/finding.h"

#include <algorithm>

namespace grader {

std::vector<RelatedPlace> distinctPlaces(const Place& at, std::vector<RelatedPlace> related) {
    std::vector<RelatedPlace> kept;
    for (auto& place : related) {
        if (!place.at.known() || place.at == at) continue;
        if (std::any_of(kept.begin(), kept.end(), [&](const RelatedPlace& k) { return k.at == place.at; })) continue;
        kept.push_back(std::move(place));
    }
    return kept;
}

}  // namespace grader
