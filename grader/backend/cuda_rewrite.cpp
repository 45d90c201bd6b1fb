// The launch and __shared__ rewriter: a tokenizer plus two local rewrites.
#include "backend/cuda_rewrite.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <set>
#include <vector>

namespace grader {

namespace {

struct Token {
    enum Kind { Identifier, Number, Punct, Literal } kind;
    std::string text;
    size_t begin, end;  ///< byte offsets in the source
    int line;
};

bool isIdentStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool isIdentChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

/// Splits source into tokens, skipping comments, keeping literals whole.
std::vector<Token> tokenize(const std::string& s) {
    std::vector<Token> tokens;
    size_t i = 0;
    int line = 1;
    while (i < s.size()) {
        char c = s[i];
        if (c == '\n') {
            ++line;
            ++i;
        } else if (std::isspace(static_cast<unsigned char>(c))) {
            ++i;
        } else if (s.compare(i, 2, "//") == 0) {
            while (i < s.size() && s[i] != '\n') ++i;
        } else if (s.compare(i, 2, "/*") == 0) {
            size_t close = s.find("*/", i + 2);
            size_t stop = close == std::string::npos ? s.size() : close + 2;
            line += static_cast<int>(std::count(s.begin() + i, s.begin() + stop, '\n'));
            i = stop;
        } else if (c == '"' || c == '\'') {
            size_t start = i++;
            while (i < s.size() && s[i] != c && s[i] != '\n') i += (s[i] == '\\') ? 2 : 1;
            i = std::min(i, s.size());
            if (i < s.size() && s[i] == c) ++i;  // an unterminated literal ends before its line's newline
            tokens.push_back({Token::Literal, s.substr(start, i - start), start, i, line});
            line += static_cast<int>(std::count(s.begin() + start, s.begin() + i, '\n'));  // a backslash-newline inside
        } else if (isIdentStart(c)) {
            size_t start = i;
            while (i < s.size() && isIdentChar(s[i])) ++i;
            // a raw string literal R"delim( ... )delim"
            if (i < s.size() && s[i] == '"' && s.compare(start, i - start, "R") == 0) {
                size_t paren = s.find('(', i);
                std::string close = ")" + s.substr(i + 1, paren - i - 1) + "\"";
                size_t end = s.find(close, paren);
                size_t stop = end == std::string::npos ? s.size() : end + close.size();
                line += static_cast<int>(std::count(s.begin() + i, s.begin() + stop, '\n'));
                tokens.push_back({Token::Literal, s.substr(start, stop - start), start, stop, line});
                i = stop;
                continue;
            }
            tokens.push_back({Token::Identifier, s.substr(start, i - start), start, i, line});
        } else if (std::isdigit(static_cast<unsigned char>(c))) {
            size_t start = i;
            while (i < s.size() && (isIdentChar(s[i]) || s[i] == '.' || s[i] == '\'')) ++i;
            tokens.push_back({Token::Number, s.substr(start, i - start), start, i, line});
        } else {
            size_t len = 1;
            if (s.compare(i, 3, "<<<") == 0 || s.compare(i, 3, ">>>") == 0) len = 3;
            else if (s.compare(i, 2, "::") == 0) len = 2;
            tokens.push_back({Token::Punct, s.substr(i, len), i, i + len, line});
            i += len;
        }
    }
    return tokens;
}

struct Edit {
    size_t begin, end;
    std::string text;
};

/// The newlines in s[begin, end), so a replacement keeps later line numbers.
std::string newlinesIn(const std::string& s, size_t begin, size_t end) {
    return std::string(static_cast<size_t>(std::count(s.begin() + begin, s.begin() + end, '\n')), '\n');
}

bool isOpen(const std::string& t) { return t == "(" || t == "[" || t == "{"; }
bool isClose(const std::string& t) { return t == ")" || t == "]" || t == "}"; }

/// Index of the token closing the bracket opened at `open`, or tokens.size().
size_t matchingClose(const std::vector<Token>& tokens, size_t open) {
    int depth = 0;
    for (size_t i = open; i < tokens.size(); ++i) {
        if (isOpen(tokens[i].text)) ++depth;
        else if (isClose(tokens[i].text) && --depth == 0) return i;
    }
    return tokens.size();
}

class Rewriter {
public:
    Rewriter(const std::string& source, std::string fileName)
        : s_(source), file_(std::move(fileName)), tokens_(tokenize(source)) {}

    Expected<std::string> run() {
        std::vector<int> braceDepth(tokens_.size());
        int depth = 0;
        for (size_t i = 0; i < tokens_.size(); ++i) {
            if (tokens_[i].text == "{") ++depth;
            if (tokens_[i].text == "}") --depth;
            braceDepth[i] = depth;
        }
        for (size_t i = 0; i < tokens_.size(); ++i) {
            const Token& t = tokens_[i];
            if (t.kind == Token::Punct && t.text == "<<<") {
                if (auto error = rewriteLaunch(i)) return *error;
            } else if (t.kind == Token::Identifier && t.text == "__shared__") {
                if (auto error = rewriteShared(i, braceDepth[i] == 0)) return *error;
            } else if (t.kind == Token::Identifier && fileScopeShared_.count(t.text) && !isMemberName(i)) {
                edits_.push_back({t.begin, t.end, "cuemu_shared_" + t.text + "()"});
            }
        }
        std::sort(edits_.begin(), edits_.end(), [](const Edit& a, const Edit& b) { return a.begin < b.begin; });
        std::string out;
        size_t pos = 0;
        for (const auto& e : edits_) {
            if (e.begin < pos) continue;  // nested in an earlier edit: cannot happen for valid input
            out.append(s_, pos, e.begin - pos);
            out += e.text;
            pos = e.end;
        }
        out.append(s_, pos, std::string::npos);
        return out;
    }

private:
    Error fail(const Token& t, const std::string& message, const std::string& hint = "") const {
        return Error{file_ + ":" + std::to_string(t.line), message, hint};
    }

    std::string text(size_t beginToken, size_t endToken) const {  // [begin, end) tokens, verbatim
        if (beginToken >= endToken) return "";
        return s_.substr(tokens_[beginToken].begin, tokens_[endToken - 1].end - tokens_[beginToken].begin);
    }

    std::optional<Error> rewriteLaunch(size_t open) {
        const Token& chevrons = tokens_[open];
        // The kernel expression: name, optional template arguments, optional qualifiers.
        size_t first = open;
        if (first > 0 && tokens_[first - 1].text == ">") {
            int depth = 0;
            size_t k = first - 1;
            while (true) {
                if (tokens_[k].text == ">") ++depth;
                else if (tokens_[k].text == "<" && --depth == 0) break;
                if (k == 0) return fail(chevrons, "cannot find the kernel's template arguments before <<<");
                --k;
            }
            first = k;
        }
        if (first == 0 || tokens_[first - 1].kind != Token::Identifier)
            return fail(chevrons, "expected a kernel name before <<<");
        --first;
        while (first >= 2 && tokens_[first - 1].text == "::" && tokens_[first - 2].kind == Token::Identifier) first -= 2;
        if (first >= 1 && tokens_[first - 1].text == "::") --first;
        // The configuration, up to >>> outside brackets.
        size_t close = open + 1;
        int depth = 0;
        for (; close < tokens_.size(); ++close) {
            const std::string& x = tokens_[close].text;
            if (isOpen(x)) ++depth;
            else if (isClose(x)) --depth;
            else if (x == ">>>" && depth == 0) break;
        }
        if (close >= tokens_.size()) return fail(chevrons, "<<< without a matching >>>");
        if (close + 1 >= tokens_.size() || tokens_[close + 1].text != "(")
            return fail(tokens_[close], "expected the kernel's arguments in ( ) after >>>");
        const size_t argsOpen = close + 1;
        const size_t argsClose = matchingClose(tokens_, argsOpen);
        if (argsClose >= tokens_.size()) return fail(tokens_[argsOpen], "unbalanced ( in the kernel's arguments");
        const std::string kernel = text(first, open);
        const std::string config = text(open + 1, close);
        const std::string args = text(argsOpen + 1, argsClose);
        if (config.find_first_not_of(" \t\r\n") == std::string::npos)
            return fail(chevrons, "a launch needs at least <<<grid, block>>>");
        // A generic lambda calls the kernel, so a template kernel's arguments
        // are deduced as nvcc deduces them; the launch copies the arguments once.
        std::string name;
        for (char c : kernel)
            if (c != '\n' && c != '"' && c != '\\') name += c;
        std::string replacement = "::cuemu::launch(::cuemu::LaunchConfig(" + config + "), \"" + name +
                                  "\", [&](auto&&... cuemu_args) { " + kernel + "(cuemu_args...); }";
        if (args.find_first_not_of(" \t\r\n") != std::string::npos) replacement += ", " + args;
        // Keep the statement's line count: add the newlines the pieces above dropped.
        auto lines = [](const std::string& x) { return std::count(x.begin(), x.end(), '\n'); };
        const std::string all = newlinesIn(s_, tokens_[first].begin, tokens_[argsClose].end);
        const auto dropped = static_cast<long>(all.size()) - lines(kernel) - lines(config) - lines(args);
        replacement += ")" + std::string(static_cast<size_t>(std::max(0L, dropped)), '\n');
        edits_.push_back({tokens_[first].begin, tokens_[argsClose].end, replacement});
        return std::nullopt;
    }

    /// True when the identifier at `i` names a member or a qualified name (x.name, x->name, ns::name).
    bool isMemberName(size_t i) const {
        if (i == 0) return false;
        const std::string& before = tokens_[i - 1].text;
        return before == "." || before == "::" || (before == ">" && i >= 2 && tokens_[i - 2].text == "-");
    }

    /// The alignment written on a declaration (__align__(N), alignas(N),
    /// __attribute__((aligned(N)))), removed from `tokens`; "" when none.
    std::string takeAlignment(std::vector<size_t>& tokens) const {
        for (size_t k = 0; k + 1 < tokens.size(); ++k) {
            const std::string& x = tokens_[tokens[k]].text;
            if ((x != "__align__" && x != "alignas" && x != "__attribute__") || tokens_[tokens[k + 1]].text != "(") continue;
            const size_t close = matchingClose(tokens_, tokens[k + 1]);
            size_t last = k + 1;
            while (last < tokens.size() && tokens[last] < close) ++last;
            std::string expression = text(tokens[k + 1] + 1, close);
            if (x == "__attribute__") {  // ((aligned(N)))
                const size_t open = expression.find("aligned");
                if (open == std::string::npos) continue;
                expression = expression.substr(expression.find('(', open) + 1);
                expression = expression.substr(0, expression.rfind(')'));
                expression = expression.substr(0, expression.rfind(')'));
            }
            tokens.erase(tokens.begin() + long(k), tokens.begin() + long(std::min(last + 1, tokens.size())));
            return expression;
        }
        return "";
    }

    std::optional<Error> rewriteShared(size_t at, bool fileScope) {
        // The statement around `__shared__`: from the previous ; { } to the next ;.
        size_t begin = at;
        while (begin > 0 && tokens_[begin - 1].text != ";" && tokens_[begin - 1].text != "{" &&
               tokens_[begin - 1].text != "}")
            --begin;
        size_t end = at;
        int depth = 0;
        for (; end < tokens_.size(); ++end) {
            const std::string& x = tokens_[end].text;
            if (isOpen(x)) ++depth;
            else if (isClose(x)) --depth;
            else if (x == ";" && depth == 0) break;
        }
        if (end >= tokens_.size()) return fail(tokens_[at], "a __shared__ declaration without a closing ;");
        for (const auto& e : edits_)
            if (e.begin == tokens_[begin].begin) return std::nullopt;  // two __shared__ in one statement
        bool isExtern = false;
        std::vector<size_t> rest;  // the tokens of type and declarators
        for (size_t i = begin; i < end; ++i) {
            const std::string& x = tokens_[i].text;
            if (x == "__shared__" || x == "static" || x == "__device__") continue;
            if (x == "extern") {
                isExtern = true;
                continue;
            }
            if (x == "=") return fail(tokens_[i], "a __shared__ variable cannot have an initializer (CUDA forbids it too)");
            if (x.find('\n') != std::string::npos) return fail(tokens_[i], "cannot read this __shared__ declaration", "write it as: __shared__ float name[ROWS][COLS];");
            rest.push_back(i);
        }
        const std::string alignment = takeAlignment(rest);
        // Split declarators at top-level commas; the type is what precedes the first name.
        std::vector<std::vector<size_t>> declarators(1);
        depth = 0;
        for (size_t i : rest) {
            const std::string& x = tokens_[i].text;
            if (isOpen(x)) ++depth;
            if (isClose(x)) --depth;
            if (x == "," && depth == 0) declarators.emplace_back();
            else declarators.back().push_back(i);
        }
        auto nameIndex = [&](const std::vector<size_t>& d) -> size_t {  // position in d of the declared name
            size_t limit = d.size();
            for (size_t k = 0; k < d.size(); ++k)
                if (tokens_[d[k]].text == "[") { limit = k; break; }
            return limit == 0 ? d.size() : limit - 1;
        };
        const std::vector<size_t>& firstDecl = declarators.front();
        const size_t firstName = nameIndex(firstDecl);
        if (firstName >= firstDecl.size() || firstName == 0 || tokens_[firstDecl[firstName]].kind != Token::Identifier)
            return fail(tokens_[at], "cannot read this __shared__ declaration", "write it as: __shared__ float name[ROWS][COLS];");
        std::string type;
        for (size_t k = 0; k < firstName; ++k) type += (type.empty() ? "" : " ") + tokens_[firstDecl[k]].text;
        std::string out;
        for (size_t d = 0; d < declarators.size(); ++d) {
            const auto& decl = declarators[d];
            const size_t nameAt = d == 0 ? firstName : nameIndex(decl);
            if (nameAt >= decl.size() || tokens_[decl[nameAt]].kind != Token::Identifier)
                return fail(tokens_[at], "cannot read this __shared__ declaration");
            if (d > 0 && nameAt != 0)
                return fail(tokens_[at], "declare one __shared__ array per name, e.g. __shared__ float a[16], b[16];");
            const Token& name = tokens_[decl[nameAt]];
            std::string suffix;
            for (size_t k = nameAt + 1; k < decl.size(); ++k) suffix += tokens_[decl[k]].text;
            const std::string dynamic = "::cuemu::dynamicSharedAs<" + type + ">(\"" + name.text + "\")";
            const std::string slot = "::cuemu::sharedVar<" + type + suffix + ">(" + std::to_string(nextSharedId_++) + ", \"" +
                                     name.text + "\", " + std::to_string(name.line) + (alignment.empty() ? "" : ", " + alignment) + ")";
            if (fileScope) {  // a function each use calls, since the array is the running block's
                fileScopeShared_.insert(name.text);
                out += isExtern ? "static inline " + type + "* cuemu_shared_" + name.text + "() { return " + dynamic + "; } "
                                : "static inline " + type + " (&cuemu_shared_" + name.text + "())" + suffix + " { return " + slot + "; } ";
            } else if (isExtern) {
                out += type + "* " + name.text + " = " + dynamic + "; ";
            } else {
                out += type + " (&" + name.text + ")" + suffix + " = " + slot + "; ";
            }
        }
        out += newlinesIn(s_, tokens_[begin].begin, tokens_[end].end);
        edits_.push_back({tokens_[begin].begin, tokens_[end].end, out});
        return std::nullopt;
    }

    const std::string& s_;
    std::string file_;
    std::vector<Token> tokens_;
    std::vector<Edit> edits_;
    std::set<std::string> fileScopeShared_;  ///< names of __shared__ variables declared at file scope
    int nextSharedId_ = 0;
};

}  // namespace

Expected<std::string> rewriteCudaSource(const std::string& source, const std::string& fileName) {
    return Rewriter(source, fileName).run();
}

}  // namespace grader
