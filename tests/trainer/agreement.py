#!/usr/bin/env python3
"""The terminal and the page ask the same exercises (test trainer.agreement):
for 100 seeds and both sets, the page's JS generator (run by node) and
`grader trainer lessonK --seed S --json` print the same JSON, keys in the same
order. Exits 77 (CTest: skipped) when node is missing (scripts/install-deps.sh
installs nodejs).
Usage: agreement.py GRADER COURSE GENERATOR.js"""
import json
import shutil
import subprocess
import sys
from pathlib import Path

grader, course, generator = sys.argv[1:4]
node = shutil.which("node") or shutil.which("nodejs")
if not node:
    print("skipped: node is not installed (scripts/install-deps.sh --tests installs nodejs)")
    sys.exit(77)

# 0..59, then the edges of the range and spread values: 100 seeds.
seeds = list(range(60)) + [2**31 - 1, 2**31, 2**32 - 2, 2**32 - 1] + [(i * 2654435761) % 2**32 for i in range(1, 37)]
assert len(set(seeds)) == 100, "the seeds must be 100 different ones"
tile = json.loads(subprocess.run([grader, "list", "--json", "--course", course], check=True, capture_output=True, text=True).stdout)["tile"]
script = Path(__file__).with_name("generator_json.js")
compared, kinds = 0, set()
for lesson in ("lesson2", "lesson3"):
    page = subprocess.run([node, script, generator, lesson, str(tile)] + [str(s) for s in seeds],
                          check=True, capture_output=True, text=True).stdout.splitlines()
    assert len(page) == len(seeds), f"node printed {len(page)} lines for {len(seeds)} seeds"
    for seed, line in zip(seeds, page):
        run = subprocess.run([grader, "trainer", lesson, "--seed", str(seed), "--json", "--course", course],
                             capture_output=True, text=True)
        if run.returncode not in (0, 1):
            sys.exit(f"FAIL: grader trainer {lesson} --seed {seed} --json exited {run.returncode}: {run.stderr.strip()}")
        terminal, js = json.loads(run.stdout), json.loads(line)
        # json.loads keeps the keys' order, so the dumps differ when the order does.
        if json.dumps(terminal) != json.dumps(js):
            print(f"FAIL: {lesson} seed {seed} differs")
            print("  grader:", json.dumps(terminal))
            print("  page:  ", json.dumps(js))
            rerun = f"{grader} trainer {lesson} --seed {seed} --json --course {course}"
            sys.exit(f"rerun: {rerun}")
        kinds.update(e["kind"] for e in js["exercises"])
        compared += 1
assert len(kinds) == 6, f"only these kinds came up: {sorted(kinds)}"
print(f"the page's generator and grader trainer agree on {compared} exercise sets ({len(seeds)} seeds x 2 sets, TILE {tile}, all 6 kinds)")
