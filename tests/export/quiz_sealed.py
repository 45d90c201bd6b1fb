"""The student kit's quizzes (the kit.export_student.quiz_sealed test):
1. no answer and no worked answer of the instructor's lessons/*/quiz.yaml is
   in the exported kit: every file but the student's build/ is searched,
   whitespace-folded, for each worked answer (English and Russian), for each
   sentence of one (40 characters or more) that the lesson texts outside
   their control questions' answer blocks, the questions, hints and choices
   do not hold anyway, for each `answer:` line of the instructor's files and
   for the unsalted SHA-256 of each right answer; each exported quiz.yaml has
   no answer, tolerance or explanation key, and every question is sealed; no
   lesson text keeps an answer block;
2. the exported kit's own `grader quiz` and `grader check --check quiz` accept
   the right answers (solutions/NN-name/quiz_answers.yaml) and show their
   worked answers with --explain, in English and Russian; reject wrong ones
   with their hints; and after reveal_after_tries different wrong answers
   show the worked answers. Every report and exit code is the one the
   instructor's grader gives for the same files (paths aside).
Usage: quiz_sealed.py GRADER KIT STUDENT_KIT WORK
(GRADER: the instructor's grader; STUDENT_KIT: exported and built; exit 0 all good)"""
import hashlib
import itertools
import os
import re
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kit_commands import fail, need_yaml, run, step  # noqa: E402

MIN_SENTENCE = 40


def folded(text):
    return re.sub(r"\s+", " ", text).strip()


def sentences(text):
    return [s for s in re.split(r"(?<=[.!?:])\s+", folded(text)) if len(s) >= MIN_SENTENCE]


def bilingual(node):
    return [node["en"], node["ru"]] if isinstance(node, dict) else []


def read(path):
    with open(path, "rb") as f:
        return f.read()


def kit_files(kit):
    """Every file of the exported kit, but the student's build folder and a .git."""
    for folder, subfolders, files in os.walk(kit):
        if folder == kit:
            subfolders[:] = [s for s in subfolders if s not in ("build", ".git")]
        for name in files:
            yield os.path.join(folder, name)


def instructor_quizzes(kit, yaml):
    quizzes = {}
    for folder in sorted(os.listdir(os.path.join(kit, "lessons"))):
        path = os.path.join(kit, "lessons", folder, "quiz.yaml")
        if os.path.isfile(path):
            with open(path, encoding="utf-8") as f:
                text = f.read()
            quizzes[folder] = (yaml.safe_load(text), text)
    if not quizzes:
        fail("the instructor's kit has no lessons/*/quiz.yaml")
    return quizzes


ANSWER_BLOCK = re.compile(r"^<details><summary>.*?^</details>$", re.S | re.M)


def public_text(kit, quiz):
    """What the student kit holds by design: the lesson texts but their control questions' answers, and the
    quiz's questions, hints and choices."""
    parts = []
    for folder in os.listdir(os.path.join(kit, "lessons")):
        for name in ("README.md", "README.ru.md"):
            path = os.path.join(kit, "lessons", folder, name)
            if os.path.isfile(path):
                parts.append(ANSWER_BLOCK.sub("", read(path).decode("utf-8")))
    for q in quiz["questions"]:
        parts += bilingual(q["text"]) + bilingual(q["hint"])
        for option in (q.get("choices") or q.get("steps") or {}).values():
            parts += bilingual(option)
    return folded(" ".join(parts))


def right_forms(q):
    """The right answer's normal forms as the grader writes them (normal_form.h)."""
    answer = q["answer"]
    if isinstance(answer, list):
        return ["".join(answer)]
    return [str(answer) if not isinstance(answer, float) or not answer.is_integer() else str(int(answer))]


def secrets(kit, quizzes):
    """(what, secret) pairs none of which may be in the student kit: texts (folded), lines (whole, stripped) and
    raw byte strings."""
    texts, lines, raw = [], [], []
    for folder, (quiz, text) in quizzes.items():
        known = public_text(kit, quiz)
        for q in quiz["questions"]:
            where = "lessons/%s/quiz.yaml '%s'" % (folder, q["id"])
            for explanation in bilingual(q["explanation"]):
                texts.append((where + " worked answer", folded(explanation)))
                texts += [(where + " worked answer's sentence", s) for s in sentences(explanation) if s not in known]
            for form in right_forms(q):
                raw.append((where + " answer's unsalted SHA-256", hashlib.sha256(form.encode()).hexdigest().encode()))
        for line in text.splitlines():
            if re.match(r"\s*answer:", line):
                lines.append(("lessons/%s/quiz.yaml line" % folder, line.strip()))
    return texts, lines, raw


def check_nothing_in_kit(kit, student, quizzes, yaml):
    texts, lines, raw = secrets(kit, quizzes)
    files = list(kit_files(student))
    if len(files) < 100:
        fail("only %d files in %s: is it the exported kit?" % (len(files), student))
    for path in files:
        data = read(path)
        text = folded(data.decode("utf-8", errors="ignore"))
        for what, secret in texts:
            if secret in text:
                fail("%s is in %s: %s" % (what, os.path.relpath(path, student), secret[:100]))
        stripped = {line.strip() for line in data.decode("utf-8", errors="ignore").splitlines()}
        for what, secret in lines:
            if secret in stripped:
                fail("%s is in %s: %s" % (what, os.path.relpath(path, student), secret))
        for what, secret in raw:
            if secret in data:
                fail("%s is in %s" % (what, os.path.relpath(path, student)))
    print("none of %d texts (worked answers and their sentences), %d answer lines and %d unsalted hashes is in the %d files of the student kit"
          % (len(texts), len(lines), len(raw), len(files)))
    for folder in quizzes:
        for name in ("README.md", "README.ru.md"):
            with open(os.path.join(student, "lessons", folder, name), encoding="utf-8") as f:
                if ANSWER_BLOCK.search(f.read()):
                    fail("lessons/%s/%s in the student kit keeps an answer block of its control questions" % (folder, name))
        with open(os.path.join(student, "lessons", folder, "quiz.yaml"), encoding="utf-8") as f:
            exported = yaml.safe_load(f)
        for q in exported["questions"]:
            kept = {"answer", "tolerance", "explanation"} & set(q)
            if kept or "sealed" not in q:
                fail("lessons/%s/quiz.yaml '%s' in the student kit keeps %s" % (folder, q["id"], ", ".join(sorted(kept)) or "no sealed entry"))


def wrong_answers(q, rounds):
    """`rounds` different wrong answers to `q`, as an answers file writes them."""
    if q["kind"] == "numeric":
        step = float(q.get("precision", 1))  # PyYAML reads 1.0e7 as text: float() takes both
        base = 2 * abs(float(q["answer"])) + 2 * float(q.get("tolerance", 0)) + 1000 * step
        return ["%d" % (base + i * 1000 * step) for i in range(rounds)]
    if q["kind"] == "choice":
        wrong = [key for key in sorted(q["choices"]) if key != q["answer"]]
        return (wrong * rounds)[:rounds]
    orders = [list(p) for p in itertools.permutations(sorted(q["steps"])) if list(p) != q["answer"]]
    return ["[" + ", ".join(p) + "]" for p in orders[:rounds]]


def answers_file(lesson, quiz, values):
    return "lesson: %s\nanswers:\n" % lesson + "".join("  %s: %s\n" % (q["id"], v) for q, v in zip(quiz["questions"], values))


class Kits:
    """The same command run by the instructor's grader and by the student kit's, in folders of their own."""

    def __init__(self, grader, kit, student, work):
        self.graders = {"instructor": (grader, os.path.join(kit, "course.yaml")),
                        "student": (os.path.join(student, "build", "grader", "grader"), os.path.join(student, "course.yaml"))}
        self.work = work
        if not os.access(self.graders["student"][0], os.X_OK):
            fail("the student kit is not built: no %s" % self.graders["student"][0])

    def write(self, relative, text):
        for name in self.graders:
            path = os.path.join(self.work, name, relative)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)

    def run(self, words, expect):
        """Runs `grader WORDS` in both; fails unless both exit `expect` and print the same (paths aside)."""
        outputs = {}
        for name, (grader, course) in self.graders.items():
            code, output, _ = run(" ".join([grader] + words + ["--course", course]), os.path.join(self.work, name), 60)
            if code != expect:
                print(output)
                fail("grader %s (%s kit): exit %d, not %d" % (" ".join(words), name, code, expect))
            outputs[name] = output.replace(grader, "GRADER")
        if outputs["instructor"] != outputs["student"]:
            print("-- the instructor's grader:\n" + outputs["instructor"] + "-- the student kit's:\n" + outputs["student"])
            fail("grader %s: the student kit's report differs from the instructor's" % " ".join(words))
        return outputs["student"]


def reveal_after(kit, lesson, yaml):
    with open(os.path.join(kit, "course.yaml"), encoding="utf-8") as f:
        course = yaml.safe_load(f)
    for entry in course["lessons"]:
        if entry["id"] == lesson:
            for check in entry["checks"]:
                if check["name"] == "quiz":
                    return check.get("reveal_after_tries", 3), entry
    return None, None


def check_commands(grader, kit, student, work, quizzes, yaml):
    kits = Kits(grader, kit, student, work)
    checked = 0
    for folder, (quiz, _) in quizzes.items():
        lesson = quiz["lesson"]
        reveal, entry = reveal_after(kit, lesson, yaml)
        if reveal is None:
            continue  # course.yaml grades no quiz for this lesson
        checked += 1
        count = len(quiz["questions"])
        right = read(os.path.join(kit, "solutions", folder, "quiz_answers.yaml")).decode("utf-8")
        kits.write("%s/right/quiz_answers.yaml" % lesson, right)
        kits.write("%s/right/%s" % (lesson, entry["student_file"]), "// the quiz check reads only the answers beside it\n")
        report = kits.run(["quiz", lesson, "%s/right/quiz_answers.yaml" % lesson], 0)
        if report.count("RIGHT") != count:
            fail("%s: the student kit's grader does not take every right answer:\n%s" % (lesson, report))
        for language, key in (("en", "en"), ("ru", "ru")):
            explained = folded(kits.run(["quiz", lesson, "%s/right/quiz_answers.yaml" % lesson, "--explain", "--lang", language], 0))
            for q in quiz["questions"]:
                if folded(q["explanation"][key]) not in explained:
                    fail("%s '%s': --explain --lang %s does not show the worked answer" % (lesson, q["id"], language))
        kits.run(["check", lesson, "%s/right/%s" % (lesson, entry["student_file"]), "--check", "quiz", "--seed", "1"], 0)

        wrong = [wrong_answers(q, max(reveal, 1)) for q in quiz["questions"]]
        for attempt in range(max(reveal, 1)):
            kits.write("%s/wrong/quiz_answers.yaml" % lesson, answers_file(lesson, quiz, [w[attempt] for w in wrong]))
            report = kits.run(["quiz", lesson, "%s/wrong/quiz_answers.yaml" % lesson], 1)
            if report.count("WRONG") != count:
                fail("%s, wrong answers #%d: the student kit's grader takes one:\n%s" % (lesson, attempt + 1, report))
            expected = count if reveal > 0 and attempt + 1 >= reveal else 0
            shown = sum(folded("From the lesson: " + q["explanation"]["en"]) in folded(report) for q in quiz["questions"])
            if report.count("From the lesson:") != expected or shown != expected:
                fail("%s, wrong answers #%d: %d worked answers shown, not %d:\n%s" % (lesson, attempt + 1, shown, expected, report))
            hints = sum(folded("Hint: " + q["hint"]["en"]) in folded(report) for q in quiz["questions"])
            if hints != count - expected:
                fail("%s, wrong answers #%d: %d hints shown, not %d" % (lesson, attempt + 1, hints, count - expected))
        kits.write("%s/wrong/%s" % (lesson, entry["student_file"]), "// the quiz check reads only the answers beside it\n")
        kits.run(["check", lesson, "%s/wrong/%s" % (lesson, entry["student_file"]), "--check", "quiz", "--seed", "1"], 1)
        print("%s: %d right answers taken with their worked answers (en, ru), %d rounds of wrong answers refused, worked answers after %d"
              % (lesson, count, max(reveal, 1), reveal))
    if checked == 0:
        fail("course.yaml grades no quiz")


def main():
    if len(sys.argv) != 5:
        fail("usage: quiz_sealed.py GRADER KIT STUDENT_KIT WORK")
    grader, kit, student, work = sys.argv[1:]
    yaml = need_yaml()
    shutil.rmtree(work, ignore_errors=True)
    quizzes = instructor_quizzes(kit, yaml)
    step("no answer or worked answer in the student kit")
    check_nothing_in_kit(kit, student, quizzes, yaml)
    step("the student kit's grader quiz and quiz check, against the instructor's")
    check_commands(grader, kit, student, work, quizzes, yaml)
    step("done")


if __name__ == "__main__":
    main()
