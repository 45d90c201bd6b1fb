// Winnowing, the inverted index and the shared runs (see fingerprints.h).
#include "similarity/fingerprints.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <unordered_map>
#include <unordered_set>

namespace grader {

namespace {

/// FNV-1a of a token's text.
uint64_t tokenHash(const std::string& text) {
    uint64_t h = 1469598103934665603ULL;
    for (unsigned char c : text) h = (h ^ c) * 1099511628211ULL;
    return h;
}

/// The hash of every run of `k` tokens, by the token it starts at (a rolling polynomial hash).
std::vector<uint64_t> runHashes(const TokenStream& stream, int k) {
    const size_t n = stream.tokens.size(), width = static_cast<size_t>(k);
    if (k <= 0 || n < width) return {};
    const uint64_t base = 0x100000001b3ULL;
    uint64_t top = 1;  // base^(k-1)
    for (int i = 1; i < k; ++i) top *= base;
    std::vector<uint64_t> tokens(n), hashes;
    for (size_t i = 0; i < n; ++i) tokens[i] = tokenHash(stream.tokens[i]);
    uint64_t h = 0;
    for (size_t i = 0; i < width; ++i) h = h * base + tokens[i];
    hashes.push_back(h);
    for (size_t i = width; i < n; ++i) {
        h = (h - tokens[i - width] * top) * base + tokens[i];
        hashes.push_back(h);
    }
    return hashes;
}

/// The winnowed fingerprints of `hashes`: the least of each window (the rightmost on a tie), each position once.
std::vector<std::pair<uint64_t, size_t>> winnow(const std::vector<uint64_t>& hashes, int window) {
    std::vector<std::pair<uint64_t, size_t>> picked;
    if (hashes.empty()) return picked;
    const size_t w = std::min(static_cast<size_t>(std::max(window, 1)), hashes.size());
    for (size_t start = 0; start + w <= hashes.size(); ++start) {
        size_t least = start;
        for (size_t i = start; i < start + w; ++i)
            if (hashes[i] <= hashes[least]) least = i;
        if (picked.empty() || picked.back().second != least) picked.push_back({hashes[least], least});
    }
    return picked;
}

/// How many files hold each hash of `files`.
std::unordered_map<uint64_t, std::vector<uint32_t>> filesByHash(const std::vector<Fingerprints>& files) {
    std::unordered_map<uint64_t, std::vector<uint32_t>> index;
    for (uint32_t f = 0; f < files.size(); ++f)
        for (const auto& [hash, position] : files[f].kept) {
            auto& holders = index[hash];
            if (holders.empty() || holders.back() != f) holders.push_back(f);
        }
    return index;
}

/// A hash's weight when `holders` of `files` hold it: rare code counts for much, common code for little.
double weightOf(size_t holders, size_t files) { return std::log(1.0 + double(files) / double(holders)); }

/// Sums, for every pair of files holding a hash in common, the hashes they share and their weight.
std::vector<SimilarPair> countPairs(const std::vector<Fingerprints>& files, const std::unordered_map<uint64_t, std::vector<uint32_t>>& index,
                                    int minFingerprints) {
    std::unordered_map<uint64_t, std::pair<int, double>> shared;
    const uint64_t n = files.size();
    for (const auto& [hash, holders] : index) {
        const double weight = weightOf(holders.size(), files.size());
        for (size_t i = 0; i < holders.size(); ++i)
            for (size_t j = i + 1; j < holders.size(); ++j) {
                auto& pair = shared[holders[i] * n + holders[j]];
                ++pair.first;
                pair.second += weight;
            }
    }
    std::vector<SimilarPair> pairs;
    for (const auto& [key, common] : shared) {
        const size_t a = key / n, b = key % n;
        if (files[a].distinct < size_t(minFingerprints) || files[b].distinct < size_t(minFingerprints)) continue;
        const double either = files[a].weight + files[b].weight - common.second;
        pairs.push_back({a, b, common.first, either > 0 ? std::min(1.0, common.second / either) : 0.0});
    }
    std::sort(pairs.begin(), pairs.end(), [](const SimilarPair& x, const SimilarPair& y) {
        return x.score != y.score ? x.score > y.score : x.shared != y.shared ? x.shared > y.shared : std::pair{x.a, x.b} < std::pair{y.a, y.b};
    });
    return pairs;
}

}  // namespace

LessonSimilarity compareFiles(const std::vector<TokenStream>& files, const TokenStream& starter, const FingerprintParams& params) {
    const auto starterRuns = runHashes(starter, params.k);
    const std::unordered_set<uint64_t> fromStarter(starterRuns.begin(), starterRuns.end());
    LessonSimilarity result;
    for (const auto& file : files) {
        Fingerprints prints;
        for (const auto& print : winnow(runHashes(file, params.k), params.window))
            if (!fromStarter.count(print.first)) prints.kept.push_back(print);
        prints.own = prints.kept.size();
        result.files.push_back(std::move(prints));
    }
    auto index = filesByHash(result.files);
    const size_t limit = std::max<size_t>(2, static_cast<size_t>(params.commonFraction * double(files.size())));
    std::unordered_set<uint64_t> common;
    for (auto it = index.begin(); it != index.end();) {
        if (it->second.size() <= limit) {
            ++it;
            continue;
        }
        common.insert(it->first);
        it = index.erase(it);
    }
    result.commonDropped = common.size();
    for (auto& prints : result.files) {
        std::erase_if(prints.kept, [&common](const auto& print) { return common.count(print.first) > 0; });
        std::unordered_set<uint64_t> distinct;
        for (const auto& print : prints.kept)
            if (distinct.insert(print.first).second) prints.weight += weightOf(index.at(print.first).size(), files.size());
        prints.distinct = distinct.size();
    }
    result.pairs = countPairs(result.files, index, params.minFingerprints);
    return result;
}

std::vector<Fragment> sharedFragments(const LessonSimilarity& similarity, const std::vector<TokenStream>& files, const SimilarPair& pair,
                                      const FingerprintParams& params) {
    std::unordered_multimap<uint64_t, size_t> inB;
    for (const auto& [hash, position] : similarity.files[pair.b].kept) inB.emplace(hash, position);
    std::vector<std::pair<size_t, size_t>> matches;  // (token in a, token in b)
    for (const auto& [hash, position] : similarity.files[pair.a].kept) {
        auto [first, last] = inB.equal_range(hash);
        for (auto it = first; it != last; ++it) matches.push_back({position, it->second});
    }
    std::sort(matches.begin(), matches.end());
    const size_t k = static_cast<size_t>(params.k), slack = k / 2;
    struct Run { size_t beginA, endA, beginB, endB; };
    std::vector<Run> runs;
    for (const auto& [a, b] : matches) {
        if (!runs.empty() && a <= runs.back().endA + slack && b >= runs.back().beginB && b <= runs.back().endB + slack) {
            runs.back().endA = std::max(runs.back().endA, a + k);
            runs.back().endB = std::max(runs.back().endB, b + k);
        } else {
            runs.push_back({a, a + k, b, b + k});
        }
    }
    const auto& linesA = files[pair.a].lines;
    const auto& linesB = files[pair.b].lines;
    std::vector<Fragment> fragments;
    for (const auto& r : runs)
        fragments.push_back({linesA[r.beginA], linesA[std::min(r.endA, linesA.size()) - 1], linesB[r.beginB],
                             linesB[std::min(r.endB, linesB.size()) - 1]});
    return fragments;
}

}  // namespace grader
