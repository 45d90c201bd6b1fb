#!/usr/bin/env python3
"""Per-student results for the planted class, as `grader batch` writes them.

A fixture: grading 200 students on the emulator takes the better part of an
hour, and the report, the similarity of submissions and the speed board read
only the results and the kept sources. For each student of CLASS (made by
examples/make-class.py --planted) it writes OUT/<id>.json, every check
passed but the one its planted mistakes fail (from CLASS.json), and copies
its files to OUT/sources/<lesson>/<id>.cu as the batch keeps them. With
--gpu the lessons ran on a GPU: lessons 3 and 4's speedup checks carry a
timing message in the form checks/speedup.cpp writes; else they are skipped,
as on the cpu backend.
Non-goal: grading (`grader batch --merge` builds the outputs from these).
Usage: planted_results.py CLASS COURSE_YAML OUT [--gpu]
"""
import json, os, random, shutil, sys

import yaml

FOLDERS = {1: '01-naive-kernel', 2: '02-tile-loading', 3: '03-phase-loop', 4: '04-measuring-speedup'}
NAMES = {1: 'matmul_naive.cu', 2: 'tile_loading.cu', 3: 'matmul_tiled.cu', 4: 'speedup.cu'}
FAILS = {'transposed-store': 'correctness', 'no-barrier': 'barriers', 'no-second-barrier': 'barriers', 'no-event-sync': 'timing'}
# The diagnosis code the grader gives each planted mutation, as it graded the same mutations of the sample
# class (tests/batch/sample_class_mistakes.csv) and the corpus (tests/kernels/lesson2/missing_syncthreads.cu).
CODES = {'transposed-store': 'index.result-transposed', 'no-barrier': 'barrier.missing-after-loads',
         'no-second-barrier': 'barrier.missing-after-compute', 'no-event-sync': 'timing.no-event-sync'}


def fnv(text):
    """The grader's contentHash (FNV-1a, 64 bits, as hex)."""
    h = 1469598103934665603
    for byte in text.encode():
        h = ((h ^ byte) * 1099511628211) & (2**64 - 1)
    return '%016x' % h


def speedup_result(rng, lesson, n=2048):
    """A speedup check's message in checks/speedup.cpp's words, and its measurements as the grader writes them."""
    naive, tiled = 38.0 + rng.random(), 9.5 + rng.random() * 0.5
    mine = tiled * rng.uniform(0.85, 1.6)
    flops = 2.0 * n * n * n
    who = 'your timer: tiled' if lesson == 4 else 'your kernel'
    message = (f'{who} {mine:.4g} ms ({flops / (mine * 1e6):.0f} GFLOP/s), reference naive {naive:.4g} ms, reference tiled {tiled:.4g} ms '
               f'({flops / (tiled * 1e6):.0f} GFLOP/s) at n={n} over 40 runs on GPU 0 (NVIDIA H200): speedup {naive / mine:.3g}x, needed 3.2x')
    measurements = [{'name': 'kernel_ms', 'median': mine, 'min': mine * 0.98, 'max': mine * 1.03, 'runs': 40},
                    {'name': 'kernel_gflops', 'median': flops / (mine * 1e6), 'min': flops / (mine * 1.03e6), 'max': flops / (mine * 0.98e6), 'runs': 40},
                    {'name': 'reference_tiled_gflops', 'median': flops / (tiled * 1e6)},
                    {'name': 'speedup_x', 'median': naive / mine}, {'name': 'matrix_n', 'median': n}]
    return message, measurements


def lesson_result(spec, number, mistakes, gpu, rng):
    """One lesson's report: every check passed but those the student's mistakes fail."""
    planted = [m.split(':')[1] for m in mistakes if m.startswith(f'lesson{number}:')]
    checks, failed = [], {FAILS[m]: m for m in planted}
    for check in spec['checks']:
        name, points = check['name'], check['points']
        status, message = ('fail', f'planted mistake: {name}') if name in failed else ('pass', f'{name} passed')
        measurements = None
        if name == 'speedup':
            if gpu:
                status, (message, measurements) = 'pass', speedup_result(rng, number)
            else:
                status, message = 'skip', 'needs a CUDA device: skipped and not counted'
        checks.append({'name': name, 'status': status, 'message': message, 'points': points if status == 'pass' else 0,
                       'max_points': 0 if status == 'skip' else points})
        if measurements:
            checks[-1]['measurements'] = measurements
        if status == 'fail':
            checks[-1]['findings'] = [{'code': CODES[failed[name]], 'text': message}]
    return {'lesson': spec['id'], 'file': f'{FOLDERS[number]}/{NAMES[number]}', 'backend': 'gpu' if gpu else 'cpu',
            'device': 'GPU 0 (NVIDIA H200)' if gpu else '', 'seed': 1, 'status': 'graded', 'checks': checks,
            'score': sum(c['points'] for c in checks), 'max_score': sum(c['max_points'] for c in checks)}


def main():
    klass, course_path, out = sys.argv[1:4]
    gpu = '--gpu' in sys.argv[4:]
    text = open(course_path).read()
    course, manifest = yaml.safe_load(text), json.load(open(klass.rstrip('/') + '.json'))
    rng = random.Random(7)
    os.makedirs(out, exist_ok=True)
    for who, record in sorted(manifest['students'].items()):
        lessons = [lesson_result(spec, i + 1, record['mistakes'], gpu, rng) for i, spec in enumerate(course['lessons'])]
        result = {'id': who, 'name': who, 'source': who, 'status': 'graded', 'message': '', 'submission_key': fnv(who),
                  'course_hash': fnv(text), 'backend': 'gpu' if gpu else 'cpu', 'sandboxed': True, 'seed': 1, 'late': False,
                  'graded_at': '2026-01-01T00:00:00Z', 'seconds': 1.0, 'notes': [], 'lessons': lessons,
                  'score': sum(l['score'] for l in lessons), 'max_score': sum(l['max_score'] for l in lessons)}
        json.dump(result, open(f'{out}/{who}.json', 'w'), indent=1)
        for i, spec in enumerate(course['lessons']):
            source = f'{klass}/{who}/{FOLDERS[i + 1]}/{NAMES[i + 1]}'
            os.makedirs(f'{out}/sources/{spec["id"]}', exist_ok=True)
            shutil.copyfile(source, f'{out}/sources/{spec["id"]}/{who}.cu')


if __name__ == '__main__':
    main()
