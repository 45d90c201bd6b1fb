#!/usr/bin/env bash
# Lists the names of the CUDA toolkit into grader/backend/cuda_names.txt, so
# the grader can tell "not supported by the emulator: NAME" from a typo when
# g++ does not know a name. Run it where the toolkit is installed and commit
# the result (CI has no CUDA): bash scripts/list-cuda-names.sh [CUDA_INCLUDE]
#
# The list holds, sorted, one per line:
#  - every public function, type, enumerator and macro of the runtime, driver
#    and device headers whose name starts with cuda, cu<Upper>, CU, make_,
#    CUDART_ or __<lowercase> (the device intrinsics, __half, ...), and the
#    texture, surface and atomic functions (tex2D, surf2Dwrite, atomicAdd_system),
#    read from the declarations (comments removed);
#  - the classes, functions and enumerators of the nvcuda (mma.h) and
#    cooperative_groups namespaces, qualified ("cooperative_groups::this_grid",
#    "nvcuda::wmma::mma_sync"), their members qualified by their class;
#  - every header's path as code includes it ("cublas_v2.h", "crt/host_defines.h",
#    "thrust/device_vector.h", "cuda/pipeline").
# Non-goals: names of the other libraries' APIs (cuBLAS, cuFFT, ... are named
# by their headers), and telling which names the emulator provides.
set -euo pipefail
include=${1:-/usr/local/cuda/include}
out="$(cd "$(dirname "$0")/.." && pwd)/grader/backend/cuda_names.txt"
[ -f "$include/cuda_runtime_api.h" ] || { echo "no CUDA headers in $include" >&2; exit 1; }

python3 - "$include" "$out" <<'PYTHON'
import glob, os, re, sys

root, out = sys.argv[1], sys.argv[2]

# The headers whose declarations are read (relative to the include folder).
PREFIXED = [
    "cuda_runtime_api.h", "cuda_runtime.h", "driver_types.h", "driver_functions.h", "vector_types.h",
    "vector_functions.h", "vector_functions.hpp", "device_types.h", "surface_types.h", "texture_types.h",
    "library_types.h", "channel_descriptor.h", "cuda_device_runtime_api.h", "device_functions.h",
    "device_atomic_functions.h", "device_atomic_functions.hpp", "device_double_functions.h", "math_functions.h",
    "math_constants.h", "sm_*_intrinsics.h", "sm_*_intrinsics.hpp", "sm_*_atomic_functions.h",
    "sm_*_atomic_functions.hpp", "cuda_fp16.h", "cuda_fp16.hpp", "cuda_bf16.h", "cuda_bf16.hpp", "cuda_fp8.h",
    "cuda_fp8.hpp", "cuda.h", "cuda_profiler_api.h", "cuda_occupancy.h", "cuda_pipeline*.h", "cuda_awbarrier*.h",
    "texture_indirect_functions.h", "surface_indirect_functions.h", "mma.h", "crt/*.h", "crt/*.hpp",
    "cooperative_groups.h", "cooperative_groups/*.h", "cooperative_groups/details/*.h",
]
NAMESPACED = ["mma.h", "crt/mma.h", "crt/mma.hpp", "cooperative_groups.h", "cooperative_groups/*.h",
              "cooperative_groups/details/*.h"]
PUBLIC_NAMESPACES = ("nvcuda", "cooperative_groups")

PREFIX = re.compile(r"(?:cuda\w+|cu[A-Z]\w*|cuuint\d+_t|CU[A-Za-z_]\w*|make_\w+|CUDART_\w+|__[a-z0-9]\w*"
                    r"|(?:tex|surf)[A-Z0-9]\w*|atomic[A-Z]\w*)")
INTERNAL = re.compile(r"__$|^__(internal|builtin|cudart|cuda[A-Z_]|attribute|declspec|inline|forceinline|nv_internal"
                      r"|cdecl|stdcall|lazy_|local_|[a-z]$|[a-z]mma_)"
                      r"|_impl\b|^__[a-z]\w*_H_*$|^CU_?DA_?[A-Z_]*_H_*$|_DECL_*$|_QUALIFIER_*$")
FUNCTIONS_ONLY = re.compile(r"tex|surf|atomic")  # these prefixes also start parameter names (texObject)
KEYWORDS = set("""alignas alignof asm auto bool break case catch char class const constexpr const_cast continue
    decltype default delete do double dynamic_cast else enum explicit export extern false float for friend goto if
    inline int long mutable namespace new noexcept nullptr operator private protected public register
    reinterpret_cast return short signed sizeof static static_assert static_cast struct switch template this
    throw true try typedef typeid typename union unsigned using virtual void volatile while""".split())


def files(patterns):
    found = []
    for p in patterns:
        found += sorted(glob.glob(os.path.join(root, p)))
    return sorted(set(found))


def code_of(path):
    """The file without comments, string literals and preprocessor directives (but #define names kept)."""
    text = open(path, encoding="utf-8", errors="replace").read()
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    text = re.sub(r"\\\n", " ", text)
    defines = re.findall(r"^\s*#\s*define\s+(\w+)", text, flags=re.M)
    text = re.sub(r"^\s*#[^\n]*", " ", text, flags=re.M)
    text = re.sub(r'"(?:\\.|[^"\\])*"', '""', text)
    return text, defines


def prefixed_names(path):
    text, defines = code_of(path)
    tokens = set(re.findall(r"[A-Za-z_]\w*", text)) | set(defines)
    called = set(re.findall(r"([A-Za-z_]\w*)\s*[(<]", text))
    return {t for t in tokens if PREFIX.fullmatch(t) and not INTERNAL.search(t)
            and (t in called or not FUNCTIONS_ONLY.match(t))}


def namespaced_names(path):
    """Declarations inside the public namespaces, qualified, found by a brace-tracking token scan."""
    text, _ = code_of(path)
    text = text.replace("_CG_BEGIN_NAMESPACE", " namespace cooperative_groups { ")
    text = text.replace("_CG_END_NAMESPACE", " } ")
    tokens = re.findall(r"[A-Za-z_]\w*|::|\S", text)
    scopes, names, pending = [], set(), None  # scopes: (kind, name); pending: what the next '{' opens

    def public_path():
        path = [name for kind, name in scopes if kind in ("namespace", "class", "enum") and name]
        kinds = [kind for kind, _ in scopes]
        if "block" in kinds or not path or path[0] not in PUBLIC_NAMESPACES:
            return None
        if any(p.startswith("_") or p == "details" for p in path):
            return None
        return path

    def record(name):
        path = public_path()
        if path is not None and not name.startswith("_") and name not in KEYWORDS and name != "operator":
            names.add("::".join(path + [name]))

    for i, t in enumerate(tokens):
        nxt = tokens[i + 1] if i + 1 < len(tokens) else ""
        prev = tokens[i - 1] if i else ""
        if t == "namespace" and re.match(r"\w", nxt):
            pending = ("namespace", nxt)
        elif t in ("class", "struct", "union") and re.match(r"\w", nxt) and prev not in ("enum", "<", ",") and \
                pending is None:
            if nxt not in KEYWORDS:
                record(nxt)
                pending = ("class", nxt)
        elif t == "enum":
            name = tokens[i + 2] if nxt in ("class", "struct") else nxt
            if re.match(r"\w", name) and name not in KEYWORDS:
                record(name)
            pending = ("enum", name if re.match(r"\w", name) else "")
        elif t == "{":
            scopes.append(pending or ("block", None))
            pending = None
        elif t == "}":
            if scopes:
                scopes.pop()
        elif t == ";":
            pending = None
        elif re.match(r"[A-Za-z_]\w*$", t) and t not in KEYWORDS:
            if scopes and scopes[-1][0] == "enum" and nxt in ("=", ",", "}"):
                scopes.pop()  # enumerators live in the enclosing scope
                record(t)
                scopes.append(("enum", ""))
            elif nxt == "(" and prev not in ("::", ".", "->", "", "=", "(", ",", "return", "new") and \
                    (re.match(r"\w", prev) or prev in (">", "*", "&")):
                record(t)
            elif prev == "using" and nxt == "=":
                record(t)
    return names


def header_paths():
    paths = set()
    for dirpath, _, filenames in os.walk(root):
        for f in filenames:
            rel = os.path.relpath(os.path.join(dirpath, f), root)
            if rel.startswith("cccl" + os.sep):
                rel = rel[len("cccl") + 1:]  # nvcc adds include/cccl to the path: thrust/..., cub/..., cuda/...
            paths.add(rel.replace(os.sep, "/"))
    return paths


names = set()
for path in files(PREFIXED):
    names |= prefixed_names(path)
for path in files(NAMESPACED):
    names |= namespaced_names(path)
names |= header_paths()

version = re.search(r"#define\s+CUDART_VERSION\s+(\d+)", open(os.path.join(root, "cuda_runtime_api.h")).read())
with open(out, "w") as f:
    f.write("# The CUDA toolkit's names (CUDA %s), one per line: written by scripts/list-cuda-names.sh, do not edit.\n"
            % (version.group(1) if version else "?"))
    for name in sorted(names):
        f.write(name + "\n")
print("%d names, %d bytes -> %s" % (len(names), os.path.getsize(out), out))
PYTHON
