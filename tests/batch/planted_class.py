#!/usr/bin/env python3
"""The similarity of submissions, the plots and the speed board on the planted class.

Makes the planted class (examples/make-class.py --planted: 200 students, 5
planted copies renamed and reformatted, 3 look-alikes, a binary and a huge
file), its results (planted_results.py, on the cpu backend and on a GPU),
and builds the outputs with the real `grader batch --merge`. Then checks,
against the class's manifest: mistakes.csv counts every planted mistake
under its diagnosis code for exactly the students who have it; every planted copy is a flagged pair of every
lesson, no other pair reaches the threshold, the binary and the huge file
are left out with a note, report.html stays under 5 MB and draws a score
plot per lesson, the speed board is absent on the cpu backend with a line
saying why, anonymous on the GPU and named with --names. A class of one
submission and one whose submissions are all empty get a report that says
so. With --figures it prints the measured figures instead of asserting only
(bench/similarity.sh); times are printed, never asserted.
Usage: planted_class.py GRADER KIT WORK [--figures]
"""
import csv, json, os, re, shutil, subprocess, sys, time

GRADER, KIT, WORK = sys.argv[1:4]
FIGURES = '--figures' in sys.argv[4:]
COURSE = f'{KIT}/tests/courses/leaderboard.yaml'
HERE = os.path.dirname(os.path.abspath(__file__))
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
        print('FAIL:', what)


def merge(klass, out, *extra):
    started = time.monotonic()
    run = subprocess.run([GRADER, 'batch', klass, '--out', out, '--course', COURSE, '--merge', *extra], capture_output=True, text=True)
    seconds = time.monotonic() - started
    if run.returncode != 0:
        sys.exit(f'grader batch --merge exited {run.returncode}:\n{run.stdout}{run.stderr}')
    return seconds


def results(klass, out, *extra):
    shutil.rmtree(out, ignore_errors=True)
    subprocess.run([sys.executable, f'{HERE}/planted_results.py', klass, COURSE, out, *extra], check=True)


def pair_ranks(csv_path):
    """lesson ("course", then each lesson) -> [(a, b, score, rank, flagged)] in the file's order."""
    lessons = {}
    for row in csv.DictReader(open(csv_path, newline='')):
        rows = lessons.setdefault(row['lesson'], [])
        rows.append((row['student_a'], row['student_b'], float(row['score']), len(rows) + 1, row['flagged'] == 'yes'))
    return lessons


def check_similarity(manifest, out, threshold=0.6):
    """Every copy is flagged, among the top pairs over the course; no other pair reaches the threshold. Returns the figures."""
    lessons = pair_ranks(f'{out}/similarity.csv')
    copies = {tuple(sorted(c)) for c in manifest['copies']}
    figures = {}
    for lesson in ('course', 'lesson1', 'lesson2', 'lesson3', 'lesson4'):
        rows = lessons.get(lesson, [])
        ranks = {(a, b): rank for a, b, score, rank, flagged in rows}
        independent = [(score, a, b) for a, b, score, rank, flagged in rows if (a, b) not in copies]
        figures[lesson] = ([ranks.get(pair) for pair in sorted(copies)], max(independent, default=(0.0, '', '')))
    for a, b, score, rank, flagged in lessons.get('course', []):
        if (a, b) in copies:
            check(flagged and rank <= len(copies), f'planted copy {a} & {b}: rank {rank}, score {score}, flagged {flagged}')
        else:
            check(not flagged and score < threshold, f'independent pair {a} & {b} scores {score} over the course, at or above {threshold}')
    for pair in copies:
        check(pair in {(a, b) for a, b, *_ in lessons.get('course', [])}, f'planted copy {pair} is not in similarity.csv')
    return figures


def check_reports(manifest, cpu_report, gpu_report, named_report):
    cpu, gpu, named = (open(p, encoding='utf-8').read() for p in (cpu_report, gpu_report, named_report))
    size = os.path.getsize(gpu_report)
    check(size < 5 * 1024 * 1024, f'report.html is {size} bytes, over 5 MB')
    check(cpu.count('aria-label="score distribution per lesson"') == 1, 'no per-lesson score plot')
    check('No speed board: no speedup check ran on a GPU' in cpu, 'the cpu report does not say why there is no speed board')
    board = gpu[gpu.index('id="speed-board"'):gpu.index('</section>', gpu.index('id="speed-board"'))]
    check('student 1' in board and not re.search(r'>s\d{3}<', board), 'the speed board is not anonymous without --names')
    named_board = named[named.index('id="speed-board"'):]
    check(re.search(r'<td>s\d{3}</td>', named_board) is not None, 'the speed board does not name students with --names')
    check('<h3>lesson3' in board and '<h3>lesson4' in board, 'the speed board lacks lesson 3 or 4')
    for who, lesson, kind in manifest['left_out']:
        check(re.search(re.escape(who) + r"&#39;s \S+\.cu is [^<]*: left out", gpu) is not None, f'{who} {lesson} ({kind}) is not noted as left out')
    return size


def tiny_class(name, files):
    """A class of `files` (id -> lesson 1 text), its manifest and results; returns the report's text."""
    klass = f'{WORK}/{name}'
    shutil.rmtree(klass, ignore_errors=True)
    students = {}
    for who, text in files.items():
        for number, (folder, file) in enumerate([('01-naive-kernel', 'matmul_naive.cu'), ('02-tile-loading', 'tile_loading.cu'),
                                                ('03-phase-loop', 'matmul_tiled.cu'), ('04-measuring-speedup', 'speedup.cu')], 1):
            os.makedirs(f'{klass}/{who}/{folder}', exist_ok=True)
            open(f'{klass}/{who}/{folder}/{file}', 'w').write(text)
        students[who] = {'mistakes': []}
    json.dump({'students': students}, open(klass + '.json', 'w'))
    results(klass, klass + '-out')
    merge(klass, klass + '-out')
    return open(f'{klass}-out/report.html', encoding='utf-8').read()


def check_mistakes(manifest, out):
    """mistakes.csv counts each lesson's planted mistake once per student who has it, and names nothing else."""
    codes = {'transposed-store': 'index.result-transposed', 'no-barrier': 'barrier.missing-after-loads',
             'no-second-barrier': 'barrier.missing-after-compute', 'no-event-sync': 'timing.no-event-sync'}
    planted = {}
    for who, record in manifest['students'].items():
        for mistake in record['mistakes']:
            lesson, name = mistake.split(':')
            planted.setdefault((lesson, codes[name]), set()).add(who)
    counted = {(row['lesson'], row['code']): set(row['student_ids'].split()) for row in csv.DictReader(open(f'{out}/mistakes.csv', newline=''))}
    check(set(counted) == set(planted), f'mistakes.csv names {sorted(counted)}, the planted causes are {sorted(planted)}')
    for key, students in planted.items():
        check(counted.get(key) == students, f'{key}: mistakes.csv counts {len(counted.get(key, ()))} students, {len(students)} planted')
    return {key: len(students) for key, students in sorted(planted.items())}


def main():
    os.makedirs(WORK, exist_ok=True)
    klass = f'{WORK}/class'
    subprocess.run([sys.executable, f'{KIT}/examples/make-class.py', '--planted', klass], check=True)
    manifest = json.load(open(klass + '.json'))
    results(klass, f'{WORK}/cpu')
    seconds = merge(klass, f'{WORK}/cpu')
    figures = check_similarity(manifest, f'{WORK}/cpu')
    causes = check_mistakes(manifest, f'{WORK}/cpu')
    results(klass, f'{WORK}/gpu', '--gpu')
    merge(klass, f'{WORK}/gpu')
    results(klass, f'{WORK}/named', '--gpu')
    merge(klass, f'{WORK}/named', '--names')
    size = check_reports(manifest, f'{WORK}/cpu/report.html', f'{WORK}/gpu/report.html', f'{WORK}/named/report.html')
    one = tiny_class('one', {'solo': '__global__ void k(float* a) { a[threadIdx.x] = 1.0f; }\n'})
    check('only 1 submission to compare: a pair needs two' in one, 'a class of one submission does not say so')
    empty = tiny_class('empty', {'e1': '', 'e2': '', 'e3': ''})
    check('every submission is empty: nothing to compare' in empty, 'a class of empty submissions does not say so')
    if FIGURES or failures:
        print(f'merge with similarity, 200 students x 4 lessons: {seconds:.1f} s')
        print(f'report.html (GPU class, speed board on): {size / 1024 / 1024:.2f} MB')
        for lesson, (ranks, (score, a, b)) in figures.items():
            print(f'{lesson}: planted copies ranked {ranks}; top independent pair {a} & {b} {score:.3f}')
        for (lesson, code), count in causes.items():
            print(f'{lesson}: {code} counted for {count} students, as planted')
        looks = manifest['lookalikes']
        print(f'look-alikes {", ".join(looks)}: their highest pair over the course',
              max((s for a, b, s, r, f in pair_ranks(f'{WORK}/cpu/similarity.csv')['course'] if a in looks and b in looks), default=0.0))
    if failures:
        sys.exit(f'{len(failures)} check(s) failed')
    print('planted class: every copy flagged, no independent pair above the threshold, reports as expected')


main()
