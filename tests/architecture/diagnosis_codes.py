#!/usr/bin/env python3
"""Keeps the diagnosis codes in step: the grader's table
(grader/checks/diagnosis_codes.cpp), the codes the grader's sources write, and
CONTRACT.md's list.

Fails, naming each one, on: a code the sources write that the table lacks; a
code of the table no source writes; a code whose CONTRACT.md row is missing or
says another summary; a CONTRACT.md row the table lacks; a `teaches` section
that no lesson text has as a heading; a failing result built without a code.

A code written by the sources is a string literal "family.name" whose family
is one of the table's (file names such as "course.yaml" are not codes).
Usage: diagnosis_codes.py KIT_ROOT
"""
import pathlib
import re
import sys

kit = pathlib.Path(sys.argv[1])
grader = kit / "grader"
table_text = (grader / "checks" / "diagnosis_codes.cpp").read_text()
entry = re.compile(r'^\s*\{"([a-z]+\.[a-z0-9-]+)", "((?:[^"\\]|\\.)*)", "((?:[^"\\]|\\.)*)"\},\s*$', re.M)
table = {code: (summary, teaches) for code, summary, teaches in entry.findall(table_text)}
problems = []
declared = len(re.findall(r'^\s*\{"', table_text, re.M))
if declared != len(table):
    problems.append(f"diagnosis_codes.cpp: {declared} entries, {len(table)} readable as {{\"code\", \"summary\", \"teaches\"}}")
families = {code.split(".")[0] for code in table}

# The codes the sources write.
literal = re.compile(r'"([a-z]+)\.([a-z0-9]+(?:-[a-z0-9]+)*)"')
file_suffix = re.compile(r"^(cu|cuh|h|hpp|cpp|md|yaml|yml|json|csv|html|txt|zip|sh|py|js|css|svg|log|tmp|o|a)$")
written = {}
for path in sorted(grader.rglob("*.cpp")) + sorted(grader.rglob("*.h")):
    if path.name == "diagnosis_codes.cpp":
        continue
    for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
        for family, name in literal.findall(line):
            if family in families and not file_suffix.match(name):
                written.setdefault(f"{family}.{name}", f"{path.relative_to(kit)}:{number}")
for code, where in sorted(written.items()):
    if code not in table:
        problems.append(f"{where}: code {code} is not in grader/checks/diagnosis_codes.cpp")
for code in table:
    if code not in written:
        problems.append(f"diagnosis_codes.cpp: {code} is written by no source")

# A failing result gets a code: makeResult(ctx, Status::Fail, "code", ...) or findings.
fail_call = re.compile(r"makeResult\(ctx,\s*(?:[^,]*\?\s*Status::Pass\s*:\s*)?Status::Fail,\s*(?=\S)(?!\"[a-z]+\.[a-z0-9-]+\"|code\b|std::move\(problems\)|\{[a-zA-Z]+\(ctx\)\}|failure\.code)")
for path in sorted((grader / "checks").glob("*.cpp")):
    text = path.read_text()
    for match in fail_call.finditer(text):
        number = text.count("\n", 0, match.start()) + 1
        problems.append(f"{path.relative_to(kit)}:{number}: a failing result without a diagnosis code")

# CONTRACT.md's rows.
contract = (kit / "CONTRACT.md").read_text()
rows = dict(re.findall(r"^\| `([a-z]+\.[a-z0-9-]+)` \| (.*) \|$", contract, re.M))
for code, (summary, _) in table.items():
    if code not in rows:
        problems.append(f"CONTRACT.md: no row for {code}")
    elif rows[code] != summary.replace("|", "/"):
        problems.append(f"CONTRACT.md: {code} says '{rows[code]}', the table '{summary}'")
for code in rows:
    if code not in table:
        problems.append(f"CONTRACT.md: {code} is not in the grader's table")

# The lesson sections the codes point at.
headings = set()
for readme in (kit / "lessons").glob("*/README.md"):
    headings |= {h.strip() for h in re.findall(r"^#+ (.*)$", readme.read_text(), re.M)}
for code, (_, teaches) in table.items():
    if teaches and teaches not in headings:
        problems.append(f"diagnosis_codes.cpp: {code} teaches '{teaches}', a heading no lesson text has")

if problems:
    print("\n".join(problems))
    sys.exit(1)
print(f"{len(table)} diagnosis codes: every code the sources write is in the table and CONTRACT.md, every entry is written")
