"""Shared by the tests of the student kit's workflow, dev container and
editor tasks (tests/export/*.py): a clean copy of an exported kit, commands
run in it the way the tool that owns them runs them, and the README's
commands. Non-goal: any judgement; each test script decides what is right."""
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time

SKIP = 77  # CTest's SKIP_RETURN_CODE for these tests


def fail(message):
    print("FAIL: " + message, flush=True)
    sys.exit(1)


def step(message):
    print("== " + time.strftime("%H:%M:%S") + " " + message, flush=True)


def need_yaml():
    """PyYAML, or exit 77 naming the Debian package."""
    try:
        import yaml  # noqa: F401
        return yaml
    except ImportError:
        print("skipped: python3-yaml is not installed (scripts/install-deps.sh --tests installs it)")
        sys.exit(SKIP)


def load_json(path, what):
    """The JSON document at `path`, or a failure naming `what`."""
    with open(path, encoding="utf-8") as f:
        try:
            return json.load(f)
        except json.JSONDecodeError as e:
            fail("%s is not valid JSON: %s" % (what, e))


def copy_solutions(copy, solutions, lessons):
    """Each lesson's solution (and quiz answers, and trainer progress) copied over its starter in the kit copy."""
    for lesson in lessons:
        folder = os.path.join(copy, "starter", lesson["folder"])
        shutil.copyfile(os.path.join(solutions, lesson["folder"], lesson["solution_file"]), os.path.join(folder, lesson["student_file"]))
        for check in lesson["checks"]:
            if check["name"] == "quiz":
                answers = check["params"].get("answers_file", "quiz_answers.yaml")
                shutil.copyfile(os.path.join(solutions, lesson["folder"], answers), os.path.join(folder, answers))
            if check["name"] == "trainer":  # the file `grader trainer` keeps beside the lesson's file
                shutil.copyfile(os.path.join(solutions, lesson["folder"], "trainer_progress.yaml"), os.path.join(folder, "trainer_progress.yaml"))


def clean_copy(kit, to):
    """The kit as its repository holds it: no build folder, no .git."""
    shutil.rmtree(to, ignore_errors=True)
    shutil.copytree(kit, to, symlinks=True, ignore=lambda folder, names: [n for n in names if folder == kit and n in ("build", ".git")])
    return to


def run(command, cwd, timeout_s, env=None, shell="/bin/sh"):
    """Runs `command` through `shell -c` in `cwd`; returns (exit code, output, seconds). A timeout ends its
    whole process group and is exit 124."""
    start = time.monotonic()
    with subprocess.Popen([shell, "-c", command], cwd=cwd, env=env, start_new_session=True, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, errors="replace") as child:
        try:
            output, _ = child.communicate(timeout=timeout_s)
            code = child.returncode
        except subprocess.TimeoutExpired:
            os.killpg(child.pid, signal.SIGKILL)
            output, _ = child.communicate()
            code = 124
    return code, output, time.monotonic() - start


def readme_commands(readme_path):
    """Every command line of the README's ```sh blocks (comments and blanks aside)."""
    commands, fenced = [], False
    with open(readme_path, encoding="utf-8") as f:
        for line in f:
            stripped = line.strip()
            if stripped.startswith("```"):
                fenced = stripped == "```sh" if not fenced else False
                continue
            if fenced and stripped and not stripped.startswith("#"):
                commands.append(stripped)
    return commands


def install_packages(script, work):
    """The packages `script` installs, read by running it with apt-get faked."""
    fake = os.path.join(work, "fake-apt")
    os.makedirs(fake, exist_ok=True)
    log = os.path.join(work, "apt-get.log")
    with open(os.path.join(fake, "apt-get"), "w") as f:
        f.write('#!/bin/sh\necho "$*" >> "%s"\n' % log)
    os.chmod(os.path.join(fake, "apt-get"), 0o755)
    if os.path.exists(log):
        os.remove(log)
    env = dict(os.environ, PATH=fake + ":" + os.environ["PATH"])
    code = subprocess.run(["bash", script], env=env, stdout=subprocess.DEVNULL).returncode
    if code != 0:
        fail("%s failed with apt-get faked (exit %d)" % (script, code))
    packages = []
    with open(log) as f:
        for line in f:
            if line.startswith("install "):
                packages += [w for w in line.split()[1:] if not w.startswith("-")]
    return packages


def missing_packages(packages):
    """Those of `packages` dpkg does not list as installed."""
    missing = []
    for name in packages:
        done = subprocess.run(["dpkg-query", "-W", "-f=${Status}", name], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        if "install ok installed" not in done.stdout:
            missing.append(name)
    return missing


def words(command):
    return re.findall(r"\S+", command)
