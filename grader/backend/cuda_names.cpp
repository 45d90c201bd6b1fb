// The toolkit's names, as a sorted list built into the binary.
#include "backend/cuda_names.h"

#include <algorithm>
#include <sstream>
#include <vector>

namespace grader {

extern const char* const kCudaNamesText;  // cuda_names.txt, generated into the build (cuda_names_data.cpp)

bool isCudaName(const std::string& name) {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> all;
        std::stringstream lines(kCudaNamesText);
        for (std::string line; std::getline(lines, line);)
            if (!line.empty() && line[0] != '#') all.push_back(line);
        std::sort(all.begin(), all.end());
        return all;
    }();
    return std::binary_search(names.begin(), names.end(), name);
}

}  // namespace grader
