#!/usr/bin/env python3
"""The browser edition's Quiz panel, as a student uses it: serves web/dist
from 127.0.0.1 and opens lesson 1 in headless Chromium (every other host
unresolvable). Answers the quiz in the panel (a number, a choice, an order,
a word where a number is asked, one left empty), downloads the answers
(Download answers: quiz_answers.yaml), clicks "Check answers" and expects
the report native `grader quiz lesson1 quiz_answers.yaml` prints for the
downloaded file (the printed command made the kit's "grader"); the same in
Russian; reloads and expects the answers kept; then clicks Check and
expects the quiz lines of its report to be those of native `grader check
lesson1 matmul_naive.cu --backend cpu` with the downloaded quiz_answers.yaml
and quiz_answers.tries.yaml (Download tries) beside the file. Prints the
time "Check answers" took.
Exit 77 (skipped) without Chromium, its driver, selenium or a built web/dist.
Usage: quiz_in_browser.py WEB_DIST KIT_ROOT GRADER
Non-goal: every answer set (web/spike/compare_quiz.mjs compares them in node)."""
import shutil, sys, tempfile, time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests/, for headless_chromium
from headless_chromium import expect, failures, find_chromium, skip, wait_ready

dist, kit, grader = Path(sys.argv[1]).resolve(), Path(sys.argv[2]).resolve(), str(Path(sys.argv[3]).resolve())
chromium = find_chromium()
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select
import course_page  # tests/web/, beside this file
if not (dist / "index.html").exists() or not (dist / "llvm.core.wasm").exists():
    skip(f"{dist} is not built", "cd web && npm ci && node build.mjs")


def native(folder, *args):
    return course_page.native(grader, kit, folder, *args)


def quiz_lines(report):
    return course_page.check_lines(report, "quiz")


with course_page.page_session(chromium, dist, "quiz") as (driver, port, downloads):
    driver.get(f"http://127.0.0.1:{port}/index.html#lesson=1&lang=en")
    wait_ready(driver, seconds=20)
    panel = driver.find_element(By.ID, "quiz")
    expect(panel.is_displayed(), "lesson 1 shows no Quiz panel")
    questions = driver.find_elements(By.CSS_SELECTOR, "#quiz .quiz-question")
    kinds = [q.get_attribute("data-kind") for q in questions]
    expect(len(questions) >= 4 and {"numeric", "choice", "order"} <= set(kinds), f"the panel's questions are {kinds}")

    # Answer: the first numeric with a number, the second numeric (if any) with a word, the first choice with its
    # second choice, the first order with its steps reversed; the rest left empty.
    numeric = [q for q in questions if q.get_attribute("data-kind") == "numeric"]
    numeric[0].find_element(By.TAG_NAME, "input").send_keys("2048")
    if len(numeric) > 1:
        numeric[1].find_element(By.TAG_NAME, "input").send_keys("many")
    choice = next(q for q in questions if q.get_attribute("data-kind") == "choice")
    choice.find_elements(By.CSS_SELECTOR, "input[type=radio]")[1].click()
    order = next(q for q in questions if q.get_attribute("data-kind") == "order")
    selects = order.find_elements(By.TAG_NAME, "select")
    keys = [o.get_attribute("value") for o in Select(selects[0]).options if o.get_attribute("value")]
    for select, key in zip(selects, reversed(keys)):
        Select(select).select_by_value(key)

    def download(button, name):
        return course_page.download(driver, downloads, button, name)

    def check_answers():
        """Clicks "Check answers"; the report shown, once it is."""
        report = driver.find_element(By.ID, "quiz-report")
        start = time.time()
        driver.find_element(By.ID, "quiz-check").click()
        while not report.get_attribute("data-verdict"):
            if time.time() - start > 30:
                raise SystemExit(f"FAIL: Check answers gave no report in 30 s: {report.text!r}")
            time.sleep(0.05)
        print(f"Check answers: {time.time() - start:.2f} s ({driver.find_element(By.ID, 'quiz-note').text})")
        return driver.execute_script("return document.getElementById('quiz-report').textContent")

    work = Path(tempfile.mkdtemp(prefix="web-quiz-kit-"))
    shutil.copy(kit / "starter/01-naive-kernel/matmul_naive.cu", work)
    (work / "quiz_answers.yaml").write_text(download("quiz-download", "quiz_answers.yaml"))
    want = native(work, "quiz", "lesson1", "quiz_answers.yaml")  # records the wrong tries beside the file, as the panel does
    got = check_answers()
    expect(got == want, f"the panel's report differs from grader quiz's:\n--- native\n{want}\n--- panel\n{got}")
    expect("NOT USABLE" in got or len(numeric) < 2, "the word given for a number is not reported as not usable")
    driver.find_element(By.ID, "lang-ru").click()
    want_ru = native(work, "quiz", "lesson1", "quiz_answers.yaml", "--lang", "ru")
    got_ru = check_answers()
    expect(got_ru == want_ru, f"the panel's Russian report differs from grader quiz --lang ru's:\n--- native\n{want_ru}\n--- panel\n{got_ru}")
    tries = download("quiz-download-tries", "quiz_answers.tries.yaml")
    expect(tries == (work / "quiz_answers.tries.yaml").read_text(), f"Download tries differs from grader quiz's record:\n{tries}")
    driver.find_element(By.ID, "lang-en").click()

    # Reload: the answers are kept.
    driver.refresh()
    wait_ready(driver, seconds=20)
    kept = driver.find_elements(By.CSS_SELECTOR, "#quiz .quiz-question")
    kept_numeric = [q for q in kept if q.get_attribute("data-kind") == "numeric"]
    expect(kept_numeric[0].find_element(By.TAG_NAME, "input").get_attribute("value") == "2048", "the number answered is not kept")
    kept_choice = next(q for q in kept if q.get_attribute("data-kind") == "choice").find_elements(By.CSS_SELECTOR, "input[type=radio]")
    expect(kept_choice[1].is_selected(), "the choice answered is not kept")
    kept_order = [Select(s).first_selected_option.get_attribute("value")
                  for s in next(q for q in kept if q.get_attribute("data-kind") == "order").find_elements(By.TAG_NAME, "select")]
    expect(kept_order == list(reversed(keys)), f"the order answered is not kept: {kept_order}")

    # Check's report: the quiz lines are native grader check's with the downloaded files beside the file.
    output = driver.find_element(By.ID, "output")
    start = time.time()
    driver.find_element(By.ID, "check").click()
    while output.get_attribute("data-state") in ("running", "idle"):
        if time.time() - start > 120:
            raise SystemExit("FAIL: the Check did not finish in 120 s")
        time.sleep(0.1)
    print(f"Check: {time.time() - start:.1f} s")
    want_check = quiz_lines(native(work, "check", "lesson1", "matmul_naive.cu", "--backend", "cpu", "--check", "quiz"))
    got_check = quiz_lines(output.text)
    expect(want_check and got_check == want_check, f"Check's quiz lines differ from grader check's:\n--- native\n{want_check}\n--- page\n{got_check}")
print("FAILED:" if failures else "passed", len(failures), "expectation(s) failed" if failures else "")
sys.exit(1 if failures else 0)
