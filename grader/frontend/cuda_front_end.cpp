// Parsing a student's CUDA file with clang and rewriting it for the
// emulator (see cuda_front_end.h).
#include "cuda_front_end.h"

#include <map>
#include <memory>
#include <set>

#include <clang/AST/ASTConsumer.h>
#include <clang/AST/Attr.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/AST/TypeLoc.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Lex/Preprocessor.h>
#include <clang/Tooling/Tooling.h>

#include "token_edits.h"

namespace cudafe {

namespace {

using namespace clang;

/// Keeps the parser's errors as data, where they point.
class ErrorCollector : public DiagnosticConsumer {
public:
    explicit ErrorCollector(std::vector<Diagnostic>& errors) : errors_(errors) {}

    void HandleDiagnostic(DiagnosticsEngine::Level level, const clang::Diagnostic& info) override {
        DiagnosticConsumer::HandleDiagnostic(level, info);
        if (level < DiagnosticsEngine::Error || errors_.size() >= 20) return;
        llvm::SmallString<256> text;
        info.FormatDiagnostic(text);
        Diagnostic d;
        d.message = text.str().str();
        if (info.getLocation().isValid() && info.hasSourceManager()) {
            const SourceManager& sm = info.getSourceManager();
            const SourceLocation at = sm.getFileLoc(info.getLocation());
            const PresumedLoc p = sm.getPresumedLoc(at);
            if (p.isValid()) {
                d.file = p.getFilename();
                d.line = int(p.getLine());
                d.column = int(p.getColumn());
            }
            for (SourceLocation loc = at; loc.isValid(); loc = sm.getIncludeLoc(sm.getFileID(loc))) {
                if (sm.isWrittenInMainFile(loc)) {
                    d.mainLine = int(sm.getExpansionLineNumber(loc));
                    break;
                }
            }
        }
        errors_.push_back(std::move(d));
    }

private:
    std::vector<Diagnostic>& errors_;
};

/// The launches, __shared__ variables and uses of file-scope ones in the student's file.
class Collector : public RecursiveASTVisitor<Collector> {
    using Base = RecursiveASTVisitor<Collector>;

public:
    explicit Collector(const SourceManager& sm) : sm_(sm) {}

    bool shouldVisitTemplateInstantiations() const { return false; }

    bool TraverseFunctionDecl(FunctionDecl* f) {
        deviceCode_.push_back(isDeviceFunction(f));
        const bool result = Base::TraverseFunctionDecl(f);
        deviceCode_.pop_back();
        return result;
    }
    bool TraverseCXXMethodDecl(CXXMethodDecl* f) {
        deviceCode_.push_back(isDeviceFunction(f));
        const bool result = Base::TraverseCXXMethodDecl(f);
        deviceCode_.pop_back();
        return result;
    }

    bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr* e) {
        if (inMainFile(e->getBeginLoc())) launches.push_back({e, !deviceCode_.empty() && deviceCode_.back()});
        return true;
    }
    bool VisitVarDecl(VarDecl* d) {
        if (d->hasAttr<CUDASharedAttr>() && inMainFile(d->getLocation())) shared.push_back(d);
        return true;
    }
    bool VisitDeclRefExpr(DeclRefExpr* r) {
        auto* v = dyn_cast<VarDecl>(r->getDecl());
        if (v && v->hasAttr<CUDASharedAttr>() && !v->isLocalVarDeclOrParm() && inMainFile(r->getLocation())) fileScopeUses.push_back(r);
        return true;
    }

    struct FoundLaunch {
        CUDAKernelCallExpr* call;
        bool inDeviceCode;
    };
    std::vector<FoundLaunch> launches;
    std::vector<VarDecl*> shared;
    std::vector<DeclRefExpr*> fileScopeUses;

private:
    static bool isDeviceFunction(const FunctionDecl* f) {
        return f->hasAttr<CUDAGlobalAttr>() || (f->hasAttr<CUDADeviceAttr>() && !f->hasAttr<CUDAHostAttr>());
    }
    bool inMainFile(SourceLocation loc) const { return loc.isValid() && sm_.isWrittenInMainFile(sm_.getExpansionLoc(loc)); }

    const SourceManager& sm_;
    std::vector<bool> deviceCode_;
};

/// `text` as the inside of a C++ string literal.
std::string quoted(const std::string& text) {
    std::string out;
    for (char c : text) {
        if (c == '"' || c == '\\') out += '\\';
        if (c != '\n' && c != '\r') out += c;
    }
    return out;
}

/// Turns what the collector found into edits of the student's file.
class Rewriter {
public:
    Rewriter(ASTContext& ctx, TokenEdits& edits, Analysis& out) : ctx_(ctx), sm_(ctx.getSourceManager()), edits_(edits), out_(out) {}

    void launch(const Collector::FoundLaunch& found) {
        CUDAKernelCallExpr* call = found.call;
        const int line = lineOf(call->getBeginLoc());
        const Expr* callee = call->getCallee()->IgnoreImplicit();
        const long first = edits_.indexOf(callee->getBeginLoc());
        const long last = edits_.indexOf(callee->getEndLoc());
        const long open = edits_.indexOf(call->getConfig()->getBeginLoc());   // <<<
        const long close = edits_.indexOf(call->getConfig()->getRParenLoc());  // >>>
        const long end = edits_.indexOf(call->getRParenLoc());
        if (first < 0 || last < first || open <= last || close <= open || end <= close + 1 ||
            edits_.token(open).kind() != tok::lesslessless || edits_.token(close).kind() != tok::greatergreatergreater ||
            edits_.token(close + 1).kind() != tok::l_paren) {
            out_.unsupported.push_back({"a kernel launch the front end cannot take apart", line});
            return;
        }
        const std::string kernel = edits_.text(first, last);
        out_.launches.push_back({kernel, line});
        if (found.inDeviceCode) {
            out_.unsupported.push_back({"a kernel launched from device code (dynamic parallelism)", line});
            return;
        }
        edits_.insertBefore(first, "::cuemu::launcher(\"" + quoted(kernel) + "\", [&](auto&&... cuemu_args) { ");
        edits_.insertAfter(last, "(cuemu_args...); })");
        edits_.replace(open, ".config(");
        edits_.replace(close, ")");
        edits_.replace(close + 1, ".run(");
    }

    void shared(const std::vector<VarDecl*>& variables, const std::vector<DeclRefExpr*>& uses) {
        std::map<unsigned, std::vector<VarDecl*>> fileScopeGroups;  // declarations sharing their specifiers
        int id = 0;
        for (VarDecl* d : variables) {
            const bool fileScope = !d->isLocalVarDeclOrParm();
            const bool dynamic = d->hasExternalStorage();
            out_.shared.push_back({d->getNameAsString(), lineOf(d->getLocation()), fileScope, dynamic});
            if (!stripSpecifiers(d)) continue;
            if (dynamic && !removeBrackets(d)) continue;
            const std::string name = d->getNameAsString();
            const std::string ref = fileScope ? "cuemu_shared_" + name + "()" : name;
            const long nameToken = edits_.indexOf(d->getLocation());
            const long endToken = edits_.indexOf(d->getEndLoc());
            if (nameToken < 0 || endToken < nameToken) {
                out_.unsupported.push_back({"a __shared__ declaration the front end cannot take apart", lineOf(d->getLocation())});
                continue;
            }
            edits_.replace(nameToken, std::string(dynamic ? "(*" : "(&") + ref + ")");
            const std::string slot =
                dynamic ? "::cuemu::dynamicSharedAs<std::remove_pointer_t<decltype(" + ref + ")>>(\"" + name + "\")"
                        : "::cuemu::sharedVar<std::remove_reference_t<decltype(" + ref + ")>>(" + std::to_string(id++) + ", \"" + name +
                              "\", " + std::to_string(lineOf(d->getLocation())) + ", " + std::to_string(alignment_) + ")";
            edits_.insertAfter(endToken, fileScope ? " { return " + slot + "; }" : " = " + slot);
            if (fileScope) fileScopeGroups[sm_.getFileOffset(sm_.getExpansionLoc(d->getBeginLoc()))].push_back(d);
        }
        for (const auto& [offset, group] : fileScopeGroups) declareFunctions(group);
        for (DeclRefExpr* use : uses) {
            const long token = edits_.indexOf(use->getLocation());
            if (token >= 0) edits_.replace(token, "cuemu_shared_" + use->getDecl()->getNameAsString() + "()");
        }
    }

private:
    int lineOf(SourceLocation loc) const { return int(sm_.getExpansionLineNumber(loc)); }

    /// Removes __shared__, static, extern and the alignment from `d`'s
    /// declaration, keeping the alignment in alignment_; false when unsupported.
    bool stripSpecifiers(VarDecl* d) {
        alignment_ = 0;
        for (const Attr* a : d->attrs()) {
            if (a->isImplicit()) continue;
            if (const auto* aligned = dyn_cast<AlignedAttr>(a)) {
                if (aligned->isAlignmentDependent()) {
                    out_.unsupported.push_back({"an alignment that depends on a template parameter on a __shared__ variable", lineOf(d->getLocation())});
                    return false;
                }
                alignment_ = std::max<unsigned>(alignment_, aligned->getAlignment(ctx_) / 8);
                removeTokens(a->getRange());
            } else if (isa<CUDASharedAttr>(a)) {
                removeTokens(a->getRange());
            }
        }
        const long from = edits_.indexOf(d->getBeginLoc());
        const long to = edits_.indexOf(d->getLocation());
        for (long i = from; i >= 0 && i < to; ++i)
            if (edits_.token(i).kind() == tok::kw_static || edits_.token(i).kind() == tok::kw_extern) edits_.replace(i, "");
        return true;
    }

    /// Removes an attribute's tokens; a whole `__shared__` or `__align__(N)` (the prelude's macros) when it came from one.
    void removeTokens(SourceRange range) {
        const std::string call = edits_.callText(range.getBegin());
        if (call == "__shared__" || call.rfind("__align__", 0) == 0) {
            edits_.removeCall(range.getBegin());
            return;
        }
        const long first = edits_.indexOf(range.getBegin());
        long last = edits_.indexOf(range.getEnd());
        // A keyword's range (alignas) ends at the keyword: take its parenthesized argument too.
        if (last >= 0 && last + 1 < edits_.size() && edits_.token(last).kind() != tok::r_paren &&
            edits_.token(last + 1).kind() == tok::l_paren) {
            int depth = 0;
            for (long i = last + 1; i < edits_.size(); ++i) {
                depth += edits_.token(i).kind() == tok::l_paren ? 1 : edits_.token(i).kind() == tok::r_paren ? -1 : 0;
                if (depth == 0) {
                    last = i;
                    break;
                }
            }
        }
        for (long i = first; i >= 0 && i <= last; ++i) edits_.replace(i, "");
    }

    /// Removes the [] of an `extern __shared__ T name[]` declaration; false when it has none.
    bool removeBrackets(VarDecl* d) {
        TypeLoc type = d->getTypeSourceInfo() ? d->getTypeSourceInfo()->getTypeLoc() : TypeLoc();
        auto array = type.getAsAdjusted<IncompleteArrayTypeLoc>();
        if (!array) {
            out_.unsupported.push_back({"an extern __shared__ variable that is not an array of unknown size", lineOf(d->getLocation())});
            return false;
        }
        edits_.replace(edits_.indexOf(array.getLBracketLoc()), "");
        edits_.replace(edits_.indexOf(array.getRBracketLoc()), "");
        return true;
    }

    /// Makes file-scope declarations functions: `static inline` before the
    /// type (not before `__shared__`, which goes), and before each later
    /// declarator its own specifiers instead of the comma.
    void declareFunctions(const std::vector<VarDecl*>& group) {
        const VarDecl* first = group.front();
        edits_.insertBefore(edits_.indexOf(first->getTypeSpecStartLoc()), "static inline ");
        // The specifiers: from the type to the first declarator (its name, less the *, & and ( before it).
        const long typeStart = edits_.indexOf(first->getTypeSpecStartLoc());
        long typeEnd = edits_.indexOf(first->getLocation()) - 1;
        while (typeEnd > typeStart && (edits_.token(typeEnd).kind() == tok::star || edits_.token(typeEnd).kind() == tok::amp ||
                                       edits_.token(typeEnd).kind() == tok::l_paren))
            --typeEnd;
        const std::string specifiers = edits_.text(typeStart, typeEnd);
        for (size_t k = 1; k < group.size(); ++k) {
            const long comma = edits_.indexOf(group[k - 1]->getEndLoc()) + 1;
            if (comma > 0 && comma < edits_.size() && edits_.token(comma).kind() == tok::comma)
                edits_.replace(comma, " static inline " + specifiers);
        }
    }

    ASTContext& ctx_;
    const SourceManager& sm_;
    TokenEdits& edits_;
    Analysis& out_;
    unsigned alignment_ = 0;
};

class Consumer : public ASTConsumer {
public:
    Consumer(CompilerInstance& ci, Analysis& out) : ci_(ci), out_(out), tokens_(ci.getPreprocessor()) {}

    void HandleTranslationUnit(ASTContext& ctx) override {
        if (ci_.getDiagnostics().hasErrorOccurred()) return;
        Collector found(ctx.getSourceManager());
        found.TraverseDecl(ctx.getTranslationUnitDecl());
        syntax::TokenBuffer buffer = std::move(tokens_).consume();
        buffer.indexExpandedTokens();
        TokenEdits edits(ctx.getSourceManager(), ctx.getLangOpts(), buffer);
        Rewriter rewriter(ctx, edits, out_);
        for (const auto& launch : found.launches) rewriter.launch(launch);
        rewriter.shared(found.shared, found.fileScopeUses);
        if (!out_.unsupported.empty()) return;
        std::string error;
        if (!edits.apply(out_.rewritten, error)) out_.unsupported.push_back({"a construct the front end cannot rewrite (" + error + ")", 0});
    }

private:
    CompilerInstance& ci_;
    Analysis& out_;
    syntax::TokenCollector tokens_;
};

class Action : public ASTFrontendAction {
public:
    Action(Analysis& out, ErrorCollector& errors) : out_(out), errors_(errors) {}

    bool BeginSourceFileAction(CompilerInstance& ci) override {
        ci.getDiagnostics().setClient(&errors_, false);
        ci.getDiagnosticOpts().ShowCarets = false;  // no "N errors generated" on stderr: the report carries them
        return true;
    }
    std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance& ci, StringRef) override {
        return std::make_unique<Consumer>(ci, out_);
    }

private:
    Analysis& out_;
    ErrorCollector& errors_;
};

}  // namespace

std::vector<std::string> clangArguments(const std::string& runtime, const std::vector<std::string>& extra) {
    const std::string frontend = runtime + "/frontend";
    std::vector<std::string> args = {"-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib",
                                     "--cuda-path=" + frontend,  // no CUDA there: the same result on every machine
                                     "--gcc-toolchain=/usr", "-std=c++17", "-fsyntax-only", "-w", "-ferror-limit=20",
                                     // The wrapped standard headers declare variadic functions callable from device code.
                                     "-Xclang", "-fcuda-allow-variadic-functions",
                                     // A constexpr function is host code, as under nvcc without --expt-relaxed-constexpr.
                                     "-Xclang", "-fno-cuda-host-device-constexpr",
                                     "-resource-dir", frontend + "/clang",
                                     "-I", frontend + "/include",
                                     "-I", runtime + "/include",
                                     "-include", "cuemu_frontend.h"};
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
}

Analysis analyze(const Invocation& invocation) {
    Analysis out;
    ErrorCollector errors(out.errors);
    const bool parsed = tooling::runToolOnCodeWithArgs(std::make_unique<Action>(out, errors), invocation.source, invocation.clangArgs,
                                                       invocation.fileName, "cuda-frontend");
    if (!parsed && out.errors.empty()) out.errors.push_back({invocation.fileName, 0, 0, "the parser stopped without a message", 0});
    if (!out.errors.empty() || !out.unsupported.empty()) out.rewritten.clear();
    return out;
}

}  // namespace cudafe
