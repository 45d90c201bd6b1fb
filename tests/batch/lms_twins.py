#!/usr/bin/env python3
# Checks that every student of the generated LMS downloads scores, lesson by
# lesson, what the sample class's student whose file they handed in scores:
# TWINS (written by examples/make-class.py --lms-fixtures) names that student
# per lesson (null: no file of theirs is graded there, so 0 and "not
# submitted"); the sample class's scores are its gradebook
# (tests/batch/sample_class_gradebook.csv, which kit.batch.sample_class
# checks against a real grading). Every result must be a student of TWINS and
# every student of TWINS must have a result. Prints what it compared; exits 1
# on a mismatch.
# Usage: lms_twins.py TWINS SAMPLE_GRADEBOOK RESULTS_ROOT   (RESULTS_ROOT/<layout>/<id>.json)
import csv, glob, json, os, sys

twins_path, gradebook_path, root = sys.argv[1:]
twins = json.load(open(twins_path, encoding='utf-8'))
sample = {row['id']: row for row in csv.DictReader(open(gradebook_path, encoding='utf-8', newline=''))}
failures, compared = [], 0  # compared: lessons
for layout, students in sorted(twins.items()):
    results = {}
    for path in glob.glob(os.path.join(root, layout, '*.json')):
        result = json.load(open(path, encoding='utf-8'))
        if isinstance(result, dict) and 'lessons' in result:
            results[result['id']] = result
    for extra in sorted(set(results) - set(students)):
        failures.append(f'{layout}: {extra} has a result but hands in no file of the sample class')
    for sid, lessons in sorted(students.items()):
        result = results.get(sid)
        if result is None:
            failures.append(f'{layout}: {sid} has no result')
            continue
        graded = {lesson['lesson']: lesson for lesson in result['lessons']}
        total = 0
        for lesson, who in sorted(lessons.items()):
            want = int(sample[who][lesson]) if who else 0
            got = graded.get(lesson, {}).get('score')
            total += want
            if got != want:
                failures.append(f'{layout}: {sid} {lesson} scores {got}, {who or "nobody"} in the sample class {want}')
            if not who and graded.get(lesson, {}).get('status') != 'not submitted':
                failures.append(f'{layout}: {sid} {lesson} is {graded.get(lesson, {}).get("status")}, not "not submitted"')
            compared += 1
        if result['score'] != total:
            failures.append(f'{layout}: {sid} totals {result["score"]}, the sample class\'s lessons {total}')
    print(f'{layout}: {len(students)} students, {len(results)} results')
for failure in failures:
    print('MISMATCH', failure)
print(f'{compared} lessons compared, {len(failures)} mismatches')
sys.exit(1 if failures else 0)
