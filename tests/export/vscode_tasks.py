"""The student kit's editor tasks (the kit.export_student.vscode_tasks test):
.vscode/tasks.json is JSON; its build task is the README's build command; it
has one task per lesson of course.yaml (`grader list --json`), whose command
`grader check LESSON FILE --format gcc` is read by the `$gcc` problem
matcher. Each such command runs in the built student kit, on the starter and
on the solution, and every line it prints matches VS Code's `$gcc` pattern
with a file the kit has: the starter's failures as `error:` lines, the
solution's without any.
Usage: vscode_tasks.py KIT SOLUTIONS WORK   (KIT: an exported, built student kit; exit 0 all good)"""
import json
import os
import re
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kit_commands import clean_copy, copy_solutions, fail, load_json, readme_commands, run, step  # noqa: E402

# VS Code's built-in `$gcc` problem pattern (src/vs/workbench/contrib/tasks/common/problemMatcher.ts).
GCC = re.compile(r"^(.*?):(\d+):(\d*):?\s+(?:fatal\s+)?(warning|error|note):\s+(.*)$")


def matcher_is_gcc(task):
    matcher = task.get("problemMatcher")
    return matcher == "$gcc" or (isinstance(matcher, list) and "$gcc" in matcher)


def run_task(task, kit, what):
    """Runs the task's command in `kit`; returns the severities of its lines, each line matched by `$gcc`."""
    code, output, seconds = run(task["command"], kit, 900)
    lines = [line for line in output.splitlines() if line.strip()]
    if not lines:
        fail("'%s' (%s) printed nothing" % (task["command"], what))
    severities = []
    for line in lines:
        found = GCC.match(line)
        if found is None:
            print(output)
            fail("'%s' (%s): this line does not match the $gcc pattern:\n  %s" % (task["command"], what, line))
        if not os.path.isfile(os.path.join(kit, found.group(1))):
            fail("'%s' (%s) names %s, which is not a file of the kit" % (task["command"], what, found.group(1)))
        severities.append(found.group(4))
    counts = {s: severities.count(s) for s in ("error", "warning", "note")}
    print("%-13s %-9s exit %d, %.0f s, %d lines: %s" % (task["label"][:13], what, code, seconds, len(lines), counts))
    return code, counts


def main():
    if len(sys.argv) != 4:
        fail(__doc__)
    kit, solutions, work = (os.path.abspath(a) for a in sys.argv[1:])
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)

    step("tasks.json")
    tasks = load_json(os.path.join(kit, ".vscode", "tasks.json"), "tasks.json")
    if tasks.get("version") != "2.0.0":
        fail("tasks.json should be version 2.0.0")
    by_label = {t["label"]: t for t in tasks["tasks"]}
    builds = [t for t in tasks["tasks"] if "cmake --build" in t["command"]]
    readme = readme_commands(os.path.join(kit, "README.md"))
    if len(builds) != 1 or builds[0]["command"] not in readme:
        fail("the build task's command should be the README's build command (%r)" % readme)
    code, listing, _ = run("build/grader/grader list --json", kit, 60)
    if code != 0:
        fail("grader list --json failed in the kit: " + listing)
    lessons = json.loads(listing)["lessons"]
    checks = {}
    for lesson in lessons:
        starter = "starter/%s/%s" % (lesson["folder"], lesson["student_file"])
        expected = "build/grader/grader check %s %s --format gcc" % (lesson["id"], starter)
        found = [t for t in tasks["tasks"] if t["command"] == expected]
        if len(found) != 1:
            fail("no task runs '%s'" % expected)
        task = found[0]
        if not matcher_is_gcc(task):
            fail("task '%s' should use the $gcc problem matcher, not %r" % (task["label"], task.get("problemMatcher")))
        if task.get("dependsOn") not in by_label or by_label[task["dependsOn"]] is not builds[0]:
            fail("task '%s' should depend on the build task" % task["label"])
        checks[lesson["id"]] = task
    print("%d tasks: the build and %d lesson checks" % (len(tasks["tasks"]), len(checks)))

    step("each lesson's task on the starter (in the kit)")
    for lesson in lessons:
        code, counts = run_task(checks[lesson["id"]], kit, "starter")
        if code == 0 or counts["error"] == 0:
            fail("the starter of %s should give error lines and a failing exit" % lesson["id"])

    step("each lesson's task on the solution (a copy of the kit with the solutions, the kit's build)")
    copy = clean_copy(kit, os.path.join(work, "kit"))
    os.symlink(os.path.join(kit, "build"), os.path.join(copy, "build"))
    copy_solutions(copy, solutions, lessons)
    for lesson in lessons:
        code, counts = run_task(checks[lesson["id"]], copy, "solution")
        if code != 0 or counts["error"] != 0:
            fail("the solution of %s should pass, with no error line" % lesson["id"])
    step("done")


if __name__ == "__main__":
    main()
