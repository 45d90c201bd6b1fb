"""The student kit's GitHub Classroom workflow (the kit.export_student.classroom test):
  1. .github/workflows/classroom.yml parses, has Classroom's shape (checkout,
     the install and build steps, the SARIF step and its upload (code scanning's
     annotations), autograding-command-grader steps, then
     autograding-grading-reporter, whose `runners` and <ID>_RESULTS env the
     reporter reads as its source does: runner.trim().toUpperCase() + "_RESULTS");
  2. its steps are course.yaml's checks (`grader list --json`): each with its
     points as max-score and a timeout (minutes) no shorter than the lesson
     test's (4 x time_limit_s + 60 s); a check left out is one the cpu backend
     skips (it needs a GPU: Runs::GpuOnly in `grader list --checks --json`,
     the check table) or one worth 0 points, named in the header (Classroom
     counts no points for it, and the reporter fails the run on any failed step),
     and the max-scores add up to course.yaml's total less those checks' points;
  3. every step runs in a clean copy of the exported kit the way the runner
     runs it: `run:` steps with bash -eo pipefail (the install step skipped
     when its packages are installed), each grader step's setup-command and
     command with /bin/sh -c, the action's environment and its timeout; the
     SARIF files the upload would send pass the SARIF 2.1.0 schema. On
     the starters each check prints the grader's verdict and every check but
     `compile` (a starter compiles by design) fails; with the solutions copied
     in, every check passes;
  4. the whole job as the runner runs it (each `run:` step a bash -eo pipefail
     script that stops the job when it fails, unless continue-on-error; each
     grader step as the action runs it; the reporter's sum) on two broken
     kits: a lesson's file missing, and a file with a construct the emulator
     does not support (exit 2 from the grader). Every step runs, the broken
     lesson's steps fail and every other lesson's pass, and the reporter
     gets every step's result.
The build runs word for word; with TOOLCHAIN (tests/export/fast_toolchain.cmake)
it is given as the CMAKE_TOOLCHAIN_FILE environment variable, so the kit
builds unoptimized, as kit.export_student's build does (minutes saved on 2 cores).
Usage: classroom_workflow.py KIT SOLUTIONS WORK [TOOLCHAIN]   (KIT: an exported student kit; exit 0 all good, 77 skipped)"""
import json
import math
import os
import re
import shutil
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kit_commands import SKIP, clean_copy, copy_solutions, fail, install_packages, missing_packages, need_yaml, run, step, words  # noqa: E402

COMMAND_GRADER = "classroom-resources/autograding-command-grader@v1"
REPORTER = "classroom-resources/autograding-grading-reporter@v1"
SARIF_UPLOAD = "github/codeql-action/upload-sarif@"
SARIF_CHECK = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "sarif")


EXTRA_ENV = {}  # CMAKE_TOOLCHAIN_FILE, with TOOLCHAIN


def action_env():
    """What autograding-command-grader gives its commands (its src/main.js `env`)."""
    return dict({"PATH": os.environ["PATH"], "FORCE_COLOR": "true", "DOTNET_CLI_HOME": "/tmp", "DOTNET_NOLOGO": "true",
                 "HOME": os.environ.get("HOME", "/root")}, **EXTRA_ENV)


def verdict(output, check):
    """The grader's verdict for `check` in its text report, or None."""
    found = re.search(r"^\s+%s\s+(PASS|FAIL|SKIP|ERROR|TODO)\b" % re.escape(check), output, re.M)
    return found.group(1) if found else None


def main():
    if len(sys.argv) not in (4, 5):
        fail(__doc__)
    kit, solutions, work = (os.path.abspath(a) for a in sys.argv[1:4])
    if len(sys.argv) == 5:
        EXTRA_ENV["CMAKE_TOOLCHAIN_FILE"] = os.path.abspath(sys.argv[4])
        print("builds with CMAKE_TOOLCHAIN_FILE=%s" % EXTRA_ENV["CMAKE_TOOLCHAIN_FILE"])
    yaml = need_yaml()
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)

    step("the workflow has Classroom's shape")
    path = os.path.join(kit, ".github", "workflows", "classroom.yml")
    with open(path, encoding="utf-8") as f:
        workflow = yaml.safe_load(f)
    if sorted(workflow.get("on", [])) != ["push", "repository_dispatch"]:
        fail("the workflow should run on push and repository_dispatch, as Classroom's does: %r" % workflow.get("on"))
    if workflow.get("permissions", {}).get("checks") != "write":
        fail("the reporter needs permissions: checks: write")
    (job,) = workflow["jobs"].values()
    if job.get("runs-on") != "ubuntu-latest":
        fail("runs-on should be ubuntu-latest, not %r" % job.get("runs-on"))
    steps = job["steps"]
    if not steps[0].get("uses", "").startswith("actions/checkout@"):
        fail("the first step should check out the repository")
    graders = [s for s in steps if s.get("uses") == COMMAND_GRADER]
    runs = [s for s in steps if "run" in s]
    if steps[-1].get("uses") != REPORTER:
        fail("the last step should be " + REPORTER)
    uploads = [s for s in steps if s.get("uses", "").startswith(SARIF_UPLOAD)]
    if steps != [steps[0]] + runs + uploads + graders + [steps[-1]] or len(uploads) != 1:
        fail("the steps should be: checkout, the run steps, the SARIF upload, the grader steps, the reporter")
    if workflow["permissions"].get("security-events") != "write" or uploads[0]["with"].get("sarif_file") != "sarif":
        fail("the SARIF upload needs permissions: security-events: write and sarif_file: sarif")
    if not any("scripts/install-deps.sh" in s["run"] for s in runs):
        fail("no step runs the kit's scripts/install-deps.sh")
    ids = [s["id"] for s in graders]
    reporter = steps[-1]
    runners = reporter["with"]["runners"].split(",")
    if [r.strip() for r in runners] != ids:
        fail("the reporter's runners %r are not the grader steps' ids %r" % (runners, ids))
    for runner in runners:
        name = runner.strip().upper() + "_RESULTS"
        value = reporter.get("env", {}).get(name, "")
        if re.fullmatch(r"\$\{\{\s*steps\.%s\.outputs\.result\s*\}\}" % re.escape(runner.strip()), value) is None:
            fail("the reporter reads %s, which should be ${{ steps.%s.outputs.result }}, not %r" % (name, runner, value))
    print("%d grader steps, reporter wired to each" % len(graders))

    step("clean copy of the kit; the workflow's run steps")
    copy = clean_copy(kit, os.path.join(work, "kit"))
    for s in runs:
        if "scripts/install-deps.sh" in s["run"]:
            packages = install_packages(os.path.join(copy, "scripts", "install-deps.sh"), work)
            missing = missing_packages(packages)
            if not missing:
                print("'%s' skipped: its %d packages are installed (%s)" % (s["run"], len(packages), " ".join(packages)))
                continue
            env = dict(os.environ)
            if shutil.which("sudo") is None and os.geteuid() == 0:  # a root shell without sudo, as in a Debian container
                shim = os.path.join(work, "sudo-shim")
                os.makedirs(shim, exist_ok=True)
                with open(os.path.join(shim, "sudo"), "w") as f:
                    f.write('#!/bin/sh\nexec "$@"\n')
                os.chmod(os.path.join(shim, "sudo"), 0o755)
                env["PATH"] = shim + ":" + env["PATH"]
            print("installing %s" % " ".join(missing))
        else:
            env = dict(os.environ, **EXTRA_ENV)
        code, output, seconds = run(s["run"], copy, 3600, env=env, shell="bash")
        if code != 0:
            print(output[-4000:])
            fail("step '%s' failed (exit %d)" % (s.get("name"), code))
        print("'%s': %.0f s" % (s["run"], seconds))

    step("the SARIF files the upload step sends: valid SARIF 2.1.0, placed in the kit's files")
    logs = sorted(os.listdir(os.path.join(copy, "sarif"))) if os.path.isdir(os.path.join(copy, "sarif")) else []
    if not logs:
        fail("the run steps wrote no sarif/*.sarif for the upload step")
    for log in logs:  # the starters: each lesson has findings
        code, output, _ = run("python3 %s %s %s %s 1 100" % (os.path.join(SARIF_CHECK, "validate_sarif.py"),
                                                            os.path.join(SARIF_CHECK, "sarif-schema-2.1.0.json"),
                                                            os.path.join(copy, "sarif", log), copy), copy, 120)
        if code != 0:
            print(output[-3000:])
            fail("sarif/%s is not what code scanning accepts" % log)
    print("%d SARIF files valid: %s" % (len(logs), " ".join(logs)))

    step("the steps are course.yaml's checks")
    grader = os.path.join(copy, "build", "grader", "grader")
    code, listing, _ = run(grader + " list --json", copy, 60)
    if code != 0:
        fail("grader list --json failed: " + listing)
    course = json.loads(listing)
    code, table, _ = run(grader + " list --checks --json", copy, 60)
    if code != 0:
        fail("grader list --checks --json failed: " + table)
    gpu_only = {c["name"] for c in json.loads(table) if c["runs"] == "Runs::GpuOnly"}  # the check table's
    by_name = {s["with"]["test-name"]: s for s in graders}
    with open(path, encoding="utf-8") as f:
        header = re.search(r"^# Left out too, worth 0 points \(run them with ctest --preset lessonK\): (.*)\.$", f.read(), re.M)
    left_out_zero = header.group(1).split(", ") if header else []
    total = scored = left_out = 0
    expected_names = []
    for lesson in course["lessons"]:
        starter = "starter/%s/%s" % (lesson["folder"], lesson["student_file"])
        for check in lesson["checks"]:
            name = "%s.%s" % (lesson["id"], check["name"])
            total += check["points"]
            s = by_name.get(name)
            if check["points"] == 0:  # left out: Classroom counts no points for it, and its failing step would fail the run
                if s is not None:
                    fail("%s is worth 0 points, yet the workflow has a step for it (max-score %s)" % (name, s["with"]["max-score"]))
                if name not in left_out_zero:
                    fail("%s (0 points) is left out, but the workflow's header does not say so: %r" % (name, left_out_zero))
                print("%s left out: worth 0 points" % name)
                continue
            if (s is None) != (check["name"] in gpu_only):
                fail("%s is %s the workflow, but the check table says it runs %s" %
                     (name, "left out of" if s is None else "in", "on a GPU only" if check["name"] in gpu_only else "without a GPU"))
            if s is None:  # left out: the cpu backend must skip it
                code, output, _ = run("%s check %s %s --check %s --backend cpu --json" % (grader, lesson["id"], starter, check["name"]), copy, 600)
                statuses = [c["status"] for c in json.loads(output.splitlines()[-1])["checks"] if c["name"] == check["name"]]
                if statuses != ["skip"]:
                    fail("%s is not in the workflow, but the cpu backend grades it (%s)" % (name, statuses))
                print("%s left out: the cpu backend skips it (it needs a GPU), %d points" % (name, check["points"]))
                left_out += check["points"]
                continue
            expected_names.append(name)
            given = s["with"]
            if int(given["max-score"]) != check["points"]:
                fail("%s: max-score %s, course.yaml gives %d points" % (name, given["max-score"], check["points"]))
            need = math.ceil((4 * check["time_limit_s"] + 60) / 60)
            if int(given["timeout"]) < need:
                fail("%s: timeout %s minutes is shorter than the lesson test's %d" % (name, given["timeout"], need))
            command = words(given["command"])
            for word in (lesson["id"], starter, "--check", check["name"], "--backend", "cpu"):
                if word not in command:
                    fail("%s: its command '%s' lacks '%s'" % (name, given["command"], word))
            scored += int(given["max-score"])
    if [s["with"]["test-name"] for s in graders] != expected_names:
        fail("the steps %r are not course.yaml's checks in order %r" % ([s["with"]["test-name"] for s in graders], expected_names))
    if scored + left_out != total:
        fail("the workflow's %d points and the %d left out are not course.yaml's %d" % (scored, left_out, total))
    print("%d points in the workflow + %d left out = course.yaml's %d" % (scored, left_out, total))

    def run_steps(expect_pass, what):
        start = time.monotonic()
        for s in graders:
            given, name = s["with"], s["with"]["test-name"]
            check = name.split(".", 1)[1]
            limit = int(given["timeout"]) * 60
            code, output, setup_s = run(given["setup-command"], copy, limit, env=action_env())
            if code != 0:
                print(output[-3000:])
                fail("%s (%s): setup-command failed (exit %d)" % (name, what, code))
            code, output, seconds = run(given["command"], copy, limit, env=action_env())
            seen = verdict(output, check)
            print("%-22s exit %-3d %-5s setup %.1f s, check %.1f s" % (name, code, seen, setup_s, seconds))
            if seen is None:
                print(output[-3000:])
                fail("%s (%s): no grader verdict for '%s' in its output" % (name, what, check))
            if (code == 0) != (seen == "PASS"):
                print(output[-3000:])
                fail("%s (%s): exit %d with verdict %s: the step's points would not follow the grader" % (name, what, code, seen))
            if expect_pass(check) != (code == 0):
                print(output[-3000:])
                fail("%s (%s): the grader says %s" % (name, what, seen))
        print("%s: %d steps in %.0f s" % (what, len(graders), time.monotonic() - start))

    step("every step on the starters: compile passes, every other check fails")
    run_steps(lambda check: check == "compile", "starters")

    step("every step with the solutions copied in: every check passes")
    copy_solutions(copy, solutions, course["lessons"])
    run_steps(lambda check: True, "solutions")

    def run_job(what, broken_lesson):
        """The job after the install as the runner runs it; every lesson but `broken_lesson` must get its points."""
        start = time.monotonic()
        for s in runs:
            if "scripts/install-deps.sh" in s["run"]:
                continue  # checked above
            script = os.path.join(work, "step.sh")
            with open(script, "w") as f:
                f.write(s["run"])
            code, output, _ = run("bash --noprofile --norc -eo pipefail " + script, copy, 3600, env=dict(os.environ, **EXTRA_ENV))
            if code != 0 and not s.get("continue-on-error"):
                print(output[-3000:])
                fail("%s: step '%s' failed (exit %d): the runner skips every grading step after it, and the student gets no score"
                     % (what, s.get("name"), code))
            print("'%s': exit %d%s" % (s.get("name"), code, " (continue-on-error)" if code else ""))
        results = {}
        for s in graders:  # autograding-command-grader: a step never fails; its result is pass when the command exits 0
            given = s["with"]
            limit = int(given["timeout"]) * 60
            code, output, _ = run(given["setup-command"], copy, limit, env=action_env())
            if code == 0:
                code, output, _ = run(given["command"], copy, limit, env=action_env())
            results[s["id"]] = ("pass" if code == 0 else "fail", int(given["max-score"]), output)
            print("%-22s exit %-3d %s" % (given["test-name"], code, results[s["id"]][0]))
        for runner in reporter["with"]["runners"].split(","):  # the reporter reads every step's result
            if runner.strip() not in results:
                fail("%s: the reporter finds no result for %s" % (what, runner))
        total = sum(points for status, points, _ in results.values() if status == "pass")
        expected = 0
        for s in graders:
            status, points, output = results[s["id"]]
            lesson = s["with"]["test-name"].split(".", 1)[0]
            if lesson == broken_lesson:
                if status == "pass" and s["with"]["test-name"].split(".", 1)[1] != "quiz":
                    fail("%s: %s passes on the broken file" % (what, s["with"]["test-name"]))
            elif status != "pass":
                print(output[-3000:])
                fail("%s: %s fails, though only %s is broken" % (what, s["with"]["test-name"], broken_lesson))
            else:
                expected += points
        if total < expected:
            fail("%s: the reporter sums %d points, the lessons that work are worth %d" % (what, total, expected))
        print("%s: every step ran; the reporter sums %d of %d points (%.0f s)" % (what, total, scored, time.monotonic() - start))

    first, last = course["lessons"][0], course["lessons"][-1]
    step("the job on a kit whose %s file is missing (the grader exits 2)" % last["id"])
    missing = os.path.join(copy, "starter", last["folder"], last["student_file"])
    kept = missing + ".kept"
    os.rename(missing, kept)
    run_job("missing file", last["id"])
    os.rename(kept, missing)
    # The first lesson's working file with a texture object (the emulator has none) above it, whichever lesson course.yaml starts with.
    step("the job on a kit whose %s file uses a construct the emulator does not support (the grader exits 2)" % first["id"])
    target = os.path.join(copy, "starter", first["folder"], first["student_file"])
    shutil.copyfile(target, target + ".kept")
    with open(target + ".kept", encoding="utf-8") as f:
        working = f.read()
    with open(target, "w", encoding="utf-8") as f:
        f.write("static cudaTextureObject_t unsupportedTexture = 0;  // the emulator has no textures\n" + working)
    run_job("unsupported construct", first["id"])
    os.rename(target + ".kept", target)
    step("done")


if __name__ == "__main__":
    main()
