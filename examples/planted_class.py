# The planted class (examples/make-class.py --planted DIR): 200 students who
# each wrote their own code for the four lessons, with the mistakes the
# lessons warn about at known rates, 5 planted copies (another student's
# files with names changed and the layout redone) and 3 look-alikes
# (independent students who all write the most common form but for
# three steps each), plus a file that is binary and one that is huge. Each
# student's code is drawn from the ways students really write each step
# (choice points with a common form and rarer ones), so independent
# students share what everyone writes and little else. Written into DIR (a
# folder per student, the kit's layout) with DIR.json, the manifest: every
# student's choices and mistakes, the copies, the look-alikes, the files
# that are no source. The same seed gives the same class.
# Non-goals: the committed sample class (make-class.py); grading.
import json, os, random, re, shutil

FOLDERS = {1: '01-naive-kernel', 2: '02-tile-loading', 3: '03-phase-loop', 4: '04-measuring-speedup'}
NAMES = {1: 'matmul_naive.cu', 2: 'tile_loading.cu', 3: 'matmul_tiled.cu', 4: 'speedup.cu'}

# Each lesson: choice points, each a list of variants, the first the common form.
NAIVE = [
    ['    int row = blockIdx.y * blockDim.y + threadIdx.y;\n    int col = blockIdx.x * blockDim.x + threadIdx.x;\n',
     '    int row = threadIdx.y + blockIdx.y * blockDim.y;\n    int col = threadIdx.x + blockIdx.x * blockDim.x;\n',
     '    int row = blockIdx.y * TILE + threadIdx.y;\n    int col = blockIdx.x * TILE + threadIdx.x;\n',
     '    const int row = blockDim.y * blockIdx.y + threadIdx.y;\n    const int col = blockDim.x * blockIdx.x + threadIdx.x;\n'],
    ['    if (row >= n || col >= n)\n        return;\n', '    if (!(row < n && col < n))\n        return;\n',
     '    if (col >= n || row >= n) {\n        return;\n    }\n', '    if (row >= n) return;\n    if (col >= n) return;\n'],
    ['    float sum = 0.0f;\n', '    float sum{};\n', '    double sum = 0.0;\n'],
    ['    for (int k = 0; k < n; ++k)\n        sum += A[row * n + k] * B[k * n + col];\n',
     '    for (int k = 0; k < n; k++) {\n        sum += A[row * n + k] * B[k * n + col];\n    }\n',
     '    for (int k = 0; k < n; ++k) {\n        float a = A[row * n + k];\n        float b = B[k * n + col];\n        sum += a * b;\n    }\n',
     '    int k = 0;\n    while (k < n) {\n        sum += A[row * n + k] * B[k * n + col];\n        ++k;\n    }\n',
     '    for (int k = 0; k < n; ++k)\n        sum = sum + A[k + row * n] * B[col + k * n];\n',
     '    for (int k = 0; k < n; ++k)\n        sum = fmaf(A[row * n + k], B[k * n + col], sum);\n'],
    ['    C[row * n + col] = sum;\n', '    C[col + row * n] = sum;\n', '    C[(row * n) + col] = sum;\n'],
    ['    dim3 block(TILE, TILE);\n', '    dim3 block(16, 16);\n', '    dim3 block(TILE, TILE, 1);\n'],
    ['    dim3 grid((n + TILE - 1) / TILE, (n + TILE - 1) / TILE);\n',
     '    dim3 grid((n + block.x - 1) / block.x, (n + block.y - 1) / block.y);\n',
     '    int blocks = (n + TILE - 1) / TILE;\n    dim3 grid(blocks, blocks);\n',
     '    dim3 grid(n / TILE + (n % TILE != 0), n / TILE + (n % TILE != 0));\n'],
]
LOAD_A = ['    tA[ty][tx] = A[row * n + (phase * TILE + tx)];\n', '    tA[ty][tx] = A[row * n + phase * TILE + tx];\n',
          '    int aCol = phase * TILE + tx;\n    tA[ty][tx] = A[row * n + aCol];\n', '    tA[ty][tx] = A[(size_t)row * n + phase * TILE + tx];\n',
          '    tA[ty][tx] = A[row * n + tx + phase * TILE];\n']
LOAD_B = ['    tB[ty][tx] = B[(phase * TILE + ty) * n + col];\n', '    int bRow = phase * TILE + ty;\n    tB[ty][tx] = B[bRow * n + col];\n',
          '    tB[ty][tx] = B[col + (phase * TILE + ty) * n];\n', '    tB[ty][tx] = B[(ty + phase * TILE) * n + col];\n',
          '    tB[ty][tx] = B[col + n * (phase * TILE + ty)];\n']
INNER = ['    for (int k = 0; k < TILE; ++k)\n        sum += tA[ty][k] * tB[k][tx];\n',
         '    for (int k = 0; k < TILE; k++) {\n        sum += tA[ty][k] * tB[k][tx];\n    }\n',
         '#pragma unroll\n    for (int k = 0; k < TILE; ++k)\n        sum += tA[ty][k] * tB[k][tx];\n',
         '    for (int k = 0; k < TILE; ++k) {\n        float a = tA[ty][k];\n        sum += a * tB[k][tx];\n    }\n',
         '    for (int k = TILE - 1; k >= 0; --k)\n        sum += tA[ty][k] * tB[k][tx];\n',
         '    for (int k = 0; k < TILE; ++k)\n        sum = fmaf(tA[ty][k], tB[k][tx], sum);\n',
         '    int k = 0;\n    while (k < TILE) {\n        sum += tA[ty][k] * tB[k][tx];\n        k++;\n    }\n']
ORDER = ['ab', 'ba']
TILE_PHASE = [LOAD_A, LOAD_B, ORDER, ['    __syncthreads();\n'], INNER]
PHASE_LOOP = [['    for (int phase = 0; phase < n / TILE; ++phase) {\n', '    for (int phase = 0; phase < n / TILE; phase++) {\n',
               '    int phases = n / TILE;\n    for (int phase = 0; phase < phases; ++phase) {\n',
               '    for (int phase = 0; phase * TILE < n; ++phase) {\n'],
              LOAD_A, LOAD_B, ORDER, INNER, ['    }\n']]
TIMING = [
    ['    launch(A, B, C, n);\n', '    launch(A, B, C, n);\n    cudaDeviceSynchronize();\n', '    for (int w = 0; w < 2; ++w)\n        launch(A, B, C, n);\n'],
    ['    cudaEvent_t start, stop;\n    cudaEventCreate(&start);\n    cudaEventCreate(&stop);\n',
     '    cudaEvent_t start;\n    cudaEvent_t stop;\n    cudaEventCreate(&start);\n    cudaEventCreate(&stop);\n',
     '    cudaEvent_t start = nullptr, stop = nullptr;\n    cudaEventCreate(&start);\n    cudaEventCreate(&stop);\n'],
    ['    cudaEventRecord(start);\n    for (int i = 0; i < reps; ++i)\n        launch(A, B, C, n);\n    cudaEventRecord(stop);\n',
     '    cudaEventRecord(start, 0);\n    for (int r = 0; r < reps; r++) {\n        launch(A, B, C, n);\n    }\n    cudaEventRecord(stop, 0);\n',
     '    cudaEventRecord(start);\n    int left = reps;\n    while (left-- > 0)\n        launch(A, B, C, n);\n    cudaEventRecord(stop);\n'],
    ['    cudaEventSynchronize(stop);\n', '    cudaDeviceSynchronize();\n    cudaEventSynchronize(stop);\n',
     '    cudaError_t waited = cudaEventSynchronize(stop);\n    (void)waited;\n'],
    ['    float totalMs = 0.0f;\n    cudaEventElapsedTime(&totalMs, start, stop);\n    cudaEventDestroy(start);\n    cudaEventDestroy(stop);\n    return totalMs / reps;\n',
     '    float ms = 0;\n    cudaEventElapsedTime(&ms, start, stop);\n    return ms / reps;\n',
     '    float elapsed;\n    cudaEventElapsedTime(&elapsed, start, stop);\n    cudaEventDestroy(stop);\n    cudaEventDestroy(start);\n    return elapsed / static_cast<float>(reps);\n'],
    ['    double flops = 2.0 * n * n * n;\n    return flops / (ms * 1e6);\n', '    return 2.0 * double(n) * n * n / (ms * 1.0e6);\n',
     '    double nn = n;\n    return 2.0 * nn * nn * nn / (ms / 1000.0) / 1e9;\n',
     '    const double ops = 2.0 * (double)n * (double)n * (double)n;\n    double seconds = ms / 1000.0;\n    return ops / seconds / 1.0e9;\n'],
    ['', '    if (ms <= 0.0f)\n        return 0.0;\n', '    if (!(ms > 0))\n        return -1.0;\n', '    assert(ms > 0);\n'],
]
# What any lesson's file may have beside its steps: includes at the top, a first statement, a last one.
INCLUDES = ['', '#include <cuda_runtime.h>\n', '#include <cstdio>\n', '#include <cuda_runtime.h>\n#include <cstdio>\n', '#include "cuda_runtime.h"\n']
FIRST = ['', '    if (n <= 0) return;\n', '    assert(n > 0);\n', '    const int N = n;\n    (void)N;\n']
LAST = ['', '    cudaGetLastError();\n', '    cudaDeviceSynchronize();\n', '    cudaError_t err = cudaGetLastError();\n    if (err != cudaSuccess) return;\n',
        '    cudaError_t e = cudaDeviceSynchronize();\n    (void)e;\n']
SUM = ['    float sum = 0.0f;\n', '    float sum{};\n', '    float sum = 0.f;\n    int k;\n']
STORE = ['    C[row * n + col] = sum;\n', '    C[col + row * n] = sum;\n', '    C[(row * n) + col] = sum;\n']
EXTRAS = [INCLUDES, FIRST, LAST]
POINTS = {1: NAIVE + EXTRAS, 2: TILE_PHASE + [SUM, STORE] + EXTRAS, 3: PHASE_LOOP + [SUM, STORE] + EXTRAS, 4: TIMING + EXTRAS}
# The mistakes the lessons warn about: lesson -> (name, choice point, what replaces the variant, rate).
MISTAKES = {1: ('transposed-store', 4, '    C[col * n + row] = sum;\n', 0.10), 2: ('no-barrier', 3, '', 0.08),
            3: ('no-second-barrier', None, None, 0.15), 4: ('no-event-sync', 3, '', 0.12)}

def starter_parts(kit, lesson):
    """The starter's text around the student's code: the header comment and scaffold, TODOs and (void) lines out."""
    text = open(f'{kit}/starter/{FOLDERS[lesson]}/{NAMES[lesson]}').read()
    keep = [l for l in text.split('\n') if not re.match(r'\s*(// TODO|//   |//\s{5,}|\(void\))', l)]
    return '\n'.join(keep)

def assemble(kit, lesson, choice, mistake):
    pick = [POINTS[lesson][i][c] for i, c in enumerate(choice)]
    include, first, last = pick[-3:]
    text = steps(kit, lesson, pick[:-3], mistake)
    text = text.replace('#define TILE 16\n', include + '#define TILE 16\n', 1)
    opening = text.index('{\n', text.index('(')) + 2
    text = text[:opening] + first + text[opening:]
    closing = text.rindex('\n}')
    return text[:closing + 1] + last + text[closing + 1:]

def steps(kit, lesson, pick, mistake):
    """The file with the lesson's steps as `pick` says."""
    if mistake and MISTAKES[lesson][1] is not None: pick[MISTAKES[lesson][1]] = MISTAKES[lesson][2]
    scaffold = starter_parts(kit, lesson)
    if lesson == 1:
        body = pick[0] + '\n' + pick[1] + '\n' + pick[2] + pick[3] + pick[4]
        scaffold = scaffold.replace('    int row = 0;\n    int col = 0;\n\n\n    float sum = 0.0f;\n', body)
        return scaffold.replace('    dim3 block(1, 1);\n    dim3 grid(1, 1);\n', pick[5] + pick[6])
    if lesson == 2:
        loads = pick[0] + pick[1] if pick[2] == 'ab' else pick[1] + pick[0]
        scaffold = scaffold.replace('\n    float sum = 0.0f;\n\n', loads + pick[3] + '\n' + pick[5] + pick[4])
        return scaffold.replace('    C[row * n + col] = sum;\n', pick[6])
    if lesson == 3:
        loads = pick[1] + pick[2] if pick[3] == 'ab' else pick[2] + pick[1]
        second = '' if mistake else '    __syncthreads();\n'
        indent = lambda t: ''.join('    ' + l + '\n' if l.strip() else '\n' for l in t.rstrip('\n').split('\n'))
        loop = pick[0] + indent(loads + '    __syncthreads();\n\n' + pick[4] + second) + pick[5]
        scaffold = scaffold.replace('    float sum = 0.0f;\n\n', pick[6] + loop + '\n')
        return scaffold.replace('    C[row * n + col] = sum;\n', pick[7])
    body = pick[0] + '\n' + pick[1] + '\n' + pick[2] + pick[3] + '\n' + pick[4]
    scaffold = scaffold.replace('    return 0.0f;\n', body)
    return scaffold.replace('    return 0.0;\n', pick[6] + pick[5])

def draw(rng, points, common):
    """A choice per point: the common form with probability `common`, else one of the others."""
    return [0 if len(p) == 1 or rng.random() < common else rng.randrange(1, len(p)) for p in points]

RENAMES = {'sum': 'acc', 'row': 'r', 'col': 'c', 'tA': 'sharedA', 'tB': 'sharedB', 'tx': 'localX', 'ty': 'localY',
           'block': 'threads', 'grid': 'blocksPerGrid', 'start': 'evBegin', 'stop': 'evEnd', 'phase': 'step', 'totalMs': 'total'}

def disguise(text, who):
    """A copy made to look like another's: names changed, comments out, the layout redone (tabs, braces, blank lines)."""
    out = []
    for line in text.split('\n'):
        if line.lstrip().startswith('//'): continue
        line = re.sub(r'\s*//.*$', '', line)
        for old, new in RENAMES.items(): line = re.sub(r'\b%s\b' % old, new, line)
        line = re.sub(r'^((?:    )+)', lambda m: '\t' * (len(m.group(1)) // 4), line)
        line = line.replace(' + ', '+').replace(' * ', '*')
        if line.rstrip().endswith('{') and line.strip() != '{':
            out.append(line.rstrip()[:-1].rstrip()); out.append(re.match(r'\s*', line).group(0) + '{')
        else:
            out.append(line)
        if line.strip().endswith(';') and len(out) % 3 == 0: out.append('')
    return f'/* {who} */\n' + '\n'.join(out)

def planted_class(kit, out, seed=31, students=200):
    rng = random.Random(seed)
    shutil.rmtree(out, ignore_errors=True); os.makedirs(out)
    ids = [f's{i:03d}' for i in range(students)]
    manifest = {'seed': seed, 'students': {}, 'copies': [], 'lookalikes': [], 'left_out': []}
    copies = dict(zip(ids[-5:], rng.sample(ids[2:-10], 5)))  # the last five copy someone among s002 .. s189 (s000, s001: below)
    lookalikes = ids[-8:-5]
    for who in ids:
        if who in copies: continue
        record = {'choices': {}, 'mistakes': []}
        for lesson in (1, 2, 3, 4):
            points = POINTS[lesson]
            if who in lookalikes:  # the common form everywhere but at two points of their own
                choice = [0] * len(points)
                steps = [i for i, p in enumerate(points[:-len(EXTRAS)]) if len(p) > 1]  # a step of the lesson, not an include
                for i in rng.sample(steps, 3): choice[i] = rng.randrange(1, len(points[i]))
            else:
                choice = draw(rng, points, 0.25)
            mistake = rng.random() < MISTAKES[lesson][3]
            if mistake: record['mistakes'].append(f'lesson{lesson}:{MISTAKES[lesson][0]}')
            record['choices'][f'lesson{lesson}'] = choice
            text = f'// {who}: lesson {lesson}\n' + assemble(kit, lesson, choice, mistake)
            write(f'{out}/{who}/{FOLDERS[lesson]}/{NAMES[lesson]}', text)
        manifest['students'][who] = record
    for copy, source in copies.items():
        for lesson in (1, 2, 3, 4):
            text = open(f'{out}/{source}/{FOLDERS[lesson]}/{NAMES[lesson]}').read()
            write(f'{out}/{copy}/{FOLDERS[lesson]}/{NAMES[lesson]}', disguise(text, copy))
        manifest['students'][copy] = dict(manifest['students'][source], copy_of=source)
        manifest['copies'].append([source, copy])
    manifest['lookalikes'] = lookalikes
    # Files that are no source: one binary, one huge; left out of the comparison, never a crash.
    binary, huge = ids[0], ids[1]
    open(f'{out}/{binary}/{FOLDERS[2]}/{NAMES[2]}', 'wb').write(b'\x89PNG\r\n\x1a\n' + bytes(range(256)) * 40)
    with open(f'{out}/{huge}/{FOLDERS[4]}/{NAMES[4]}', 'a') as f:
        f.write(''.join(f'// padding line {i} of a file far larger than any solution\n' for i in range(8000)))
    manifest['left_out'] = [[binary, 'lesson2', 'binary'], [huge, 'lesson4', 'huge']]
    json.dump(manifest, open(out.rstrip('/') + '.json', 'w'), indent=1, sort_keys=True)
    return manifest

def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    open(path, 'w').write(text)
