#!/usr/bin/env python3
"""The browser edition's course page, as a student uses it: serves web/dist
from 127.0.0.1 and opens it in headless Chromium with an empty profile and
every host but 127.0.0.1 unresolvable. In order: lesson 3's starter and text
(English, then Russian); a cold Check of the starter showing the grader's
report (judge.wasm's, as `grader check --backend cpu` prints it) and the
records of the runs the judge asked for, an edit and a warm Check; each
lesson's starter, file name and text through the lesson chooser, and the
reports of lessons 4 and 2's starters (lesson 2's phase runs, lesson 4's
gflops and timing modes); a file over 1 MB refused at once without
compiling; a lesson 1 kernel that never ends (endless_kernel.cu) stopped at
its run's time limit while the editor still types, and the report with the
hang's verdict,
then a second Check (the starter, put back by Starter) with its report; Download
of the edited file (its name and content, from Chromium's download folder);
the work restored from localStorage after a reload; lesson 3's solution
with its barrier after the compute under `if (threadIdx.x == 0)`, whose
findings must be marked in the editor at the lines the native grader's
--json gives (with GRADER: it is run here) and follow edits (one made
while a Check ran), with a hover's tooltip and "line N" buttons that move
the cursor, the marks gone when a Check starts and when the lesson changes
(the page's screenshot with the marks is saved as
$WEB_ARTIFACTS/web_barriers_findings.png, default ./artifacts); and the page
opened from file://, which must say how to serve it. Prints each Check's
time.
Exit 77 (skipped) without Chromium, its driver, selenium or a built
web/dist (node web/build.mjs).
Usage: page_in_browser.py WEB_DIST STARTER_DIR [GRADER]   (STARTER_DIR: the kit's starter/ folder, beside solutions/)
Non-goal: every verdict (web/spike/compare_verdicts.mjs compares them with the native grader's)."""
import json, os, subprocess, sys, tempfile, time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests/, for headless_chromium
from headless_chromium import expect, failures, find_chromium, skip, wait_ready

dist, starters = Path(sys.argv[1]).resolve(), Path(sys.argv[2])
grader = sys.argv[3] if len(sys.argv) > 3 else None
endless = (Path(__file__).resolve().parent / "endless_kernel.cu").read_text()
chromium = find_chromium()
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select
import course_page  # tests/web/, beside this file
if not (dist / "index.html").exists() or not (dist / "llvm.core.wasm").exists():
    skip(f"{dist} is not built", "cd web && npm ci && node build.mjs")

LESSONS = {1: ("01-naive-kernel/matmul_naive.cu", "Lesson 1.", "Урок 1."), 2: ("02-tile-loading/tile_loading.cu", "Lesson 2.", "Урок 2."),
           3: ("03-phase-loop/matmul_tiled.cu", "Lesson 3.", "Урок 3."), 4: ("04-measuring-speedup/speedup.cu", "Lesson 4.", "Урок 4.")}

# Lines of each starter's report, as `grader check lessonN STARTER --backend cpu` prints them (the seed is the
# grader's own for the file's name), and runs the judge asked for, as the page names them.
STARTER_REPORTS = {
    1: ["lesson1  matmul_naive.cu  (cpu backend, seed 594129)", "compile      PASS  1/1   compiled for the cpu emulator",
        "correctness  FAIL  0/4   n=16: C[0][0] = nan, expected 20.625. 256 of 256 elements are wrong.", "== n=16: exit status 0"],
    2: ["lesson2  tile_loading.cu  (cpu backend, seed 561742)",
        "correctness  FAIL  0/3   n=32 phase 0: C[0][0] = 0, expected 4.5. 1024 of 1024 elements are wrong.",
        "barriers     FAIL  0/3   the kernel does not use its __shared__ tiles yet",
        "traffic      FAIL  0/2   your kernel reads nothing from A or B at n=64", "== n=32 phase 0: exit status 0"],
    3: ["lesson3  matmul_tiled.cu  (cpu backend, seed 508447)", "compile      PASS  1/1   compiled for the cpu emulator",
        "correctness  FAIL  0/4   n=16: C[0][0] = 0, expected 32.6875. 256 of 256 elements are wrong.",
        "barriers     FAIL  0/3", "traffic      FAIL  0/2   your kernel reads nothing from A or B at n=64",
        "speedup      SKIP  0/2   needs a CUDA device", "== n=16: exit status 0", "== n=64: exit status 0",
        "launch index=0 kernel=matMulTiled grid=4,4,1 block=16,16,1"],
    4: ["lesson4  speedup.cu  (cpu backend, seed 215385)",
        "correctness  FAIL  0/2   gflops(16, 1) = 0, expected 0.008192 (2 n^3 / (ms * 1e6)).",
        "timing       FAIL  0/3   timeLaunchMs returned 0 ms per launch", "== gflops n=16", "== timing n=64 10: exit status 0"],
}

SEVERITY_RANK = {"info": 0, "warning": 1, "error": 2}


def expected_marks(report):
    """{line: severity} the editor marks for `report` (`grader check --json`'s object): each finding of a failing or
    erroring check at its line (a skipped check's: warning), its further places as info, a line's most severe; the quiz
    and trainer checks are left out (the quiz's findings name no line; the page skips the trainer)."""
    marks = {}
    def put(line, severity):
        if line and SEVERITY_RANK[severity] > SEVERITY_RANK.get(marks.get(line), -1):
            marks[line] = severity
    for c in report["checks"]:
        if c["status"] in ("fail", "error", "skip") and c["name"] not in ("quiz", "trainer"):
            for f in c.get("findings", []):
                if f.get("line"):
                    put(f["line"], "warning" if c["status"] == "skip" else "error")
                    for r in f.get("related", []):
                        put(r.get("line"), "info")
    return marks


def with_second_barrier_in_branch(solution):
    """The lesson 3 solution with its second __syncthreads() (the barrier after the compute) reached only by the threads
    with threadIdx.x == 0, on its own line: a divergent barrier. (Without that barrier the findings are races, whose
    lines the browser cannot know: WebAssembly has no return address, web/spike/FINDINGS.md.)"""
    lines = solution.splitlines(keepends=True)
    barriers = [i for i, line in enumerate(lines) if "__syncthreads();" in line]
    if len(barriers) != 2:
        raise SystemExit(f"FAIL: the lesson 3 solution has {len(barriers)} __syncthreads() lines, not 2")
    lines[barriers[1]] = lines[barriers[1]].replace("__syncthreads();", "if (threadIdx.x == 0) __syncthreads();")
    return "".join(lines)


barriers_file = with_second_barrier_in_branch((starters.parent / "solutions" / LESSONS[3][0]).read_text())
if grader:  # the native grader's findings for the file, under its own name (the seed is the name's)
    with tempfile.TemporaryDirectory(prefix="web-page-native-") as folder:
        (Path(folder) / "matmul_tiled.cu").write_text(barriers_file)
        native = subprocess.run([grader, "check", "lesson3", str(Path(folder) / "matmul_tiled.cu"), "--backend", "cpu", "--json"],
                                capture_output=True, text=True, timeout=300)
    if native.returncode not in (0, 1):
        raise SystemExit(f"FAIL: {grader} check exited {native.returncode}: {native.stderr[-500:]}")
    BARRIER_MARKS = expected_marks(json.loads(native.stdout))
else:  # as the native grader's --json gives it: barriers' divergent barrier at the second __syncthreads()
    BARRIER_MARKS = {25: "error"}
if not any(s == "error" for s in BARRIER_MARKS.values()):
    raise SystemExit(f"FAIL: the file with its second barrier in a branch has no finding at a line: {BARRIER_MARKS}")
artifacts = Path(os.environ.get("WEB_ARTIFACTS", Path.cwd() / "artifacts"))

# The report of endless_kernel.cu, as `grader check lesson1 endless_kernel.cu --backend cpu` prints it.
ENDLESS_REPORT = ["lesson1  matmul_naive.cu  (cpu backend, seed 594129)", "compile      PASS  1/1   compiled for the cpu emulator",
                  "correctness  FAIL  0/4   did not finish within 20 s at n=16: an endless loop?", "== n=16: stopped at its time limit"]

with course_page.page_session(chromium, dist, "page") as (driver, port, downloads):
    page = f"http://127.0.0.1:{port}/index.html"
    driver.get(page + "#lesson=3&lang=en")
    wait_ready(driver, seconds=20)
    output = driver.find_element(By.ID, "output")

    def editor_text():
        return course_page.editor_text(driver)

    def set_editor(text):
        course_page.set_editor(driver, text)

    def type_at_end(text):
        editor = driver.find_element(By.CSS_SELECTOR, ".cm-content")
        editor.click()
        editor.send_keys(Keys.CONTROL, Keys.END)
        editor.send_keys(Keys.ENTER, text)

    def shown_marks():
        """{line: severity} of the lint gutter's markers and of the underlines, as the editor draws them."""
        return driver.execute_script("""
            const v = document.querySelector('.cm-content').cmTile.root.view;
            const lineAt = (el) => v.state.doc.lineAt(v.lineBlockAtHeight(el.getBoundingClientRect().top + 2 - v.documentTop).from).number;
            const marks = (selector, prefix) => [...document.querySelectorAll(selector)].map((el) =>
                [lineAt(el), [...el.classList].find((c) => c.startsWith(prefix) && c !== prefix + 'active').slice(prefix.length)]);
            return {gutter: marks('.cm-lint-marker', 'cm-lint-marker-'), underline: marks('.cm-lintRange', 'cm-lintRange-')};""")

    def cursor_line():
        return driver.execute_script("const v = document.querySelector('.cm-content').cmTile.root.view;"
                                     "return v.state.doc.lineAt(v.state.selection.main.head).number")

    def expect_marks(want, label):
        """Expects the gutter's markers and the underlines at exactly the lines (and severities) of `want`."""
        shown = shown_marks()
        for kind in ("gutter", "underline"):
            got = {line: severity for line, severity in shown[kind]}
            expect(got == want and len(shown[kind]) == len(want), f"{label}: the editor's {kind} marks are {shown[kind]}, expected {want}")

    def heading():
        return driver.find_element(By.CSS_SELECTOR, "#text h1").text

    def run_check(label, seconds=240):
        return course_page.run_check(driver, label, seconds)

    # Lesson 3: starter and text, cold and warm Checks.
    expect(editor_text() == (starters / LESSONS[3][0]).read_text(), "the editor does not hold the lesson 3 starter")
    expect(heading().startswith("Lesson 3."), f"the lesson 3 text is not shown in English: {heading()!r}")
    driver.find_element(By.ID, "lang-ru").click()
    expect(heading().startswith("Урок 3."), f"the Russian switch does not show the Russian text: {heading()!r}")
    driver.find_element(By.ID, "lang-en").click()

    def expect_starter_report(number, label):
        """Clicks Check and expects the starter's report (a failing verdict) and its runs."""
        state, text, _ = run_check(label)
        expect(state == "done" and output.get_attribute("data-verdict") == "fail",
               f"the {label} Check ended '{state}' (verdict {output.get_attribute('data-verdict')}): {text[:500]}")
        for line in STARTER_REPORTS[number]:
            expect(line in text, f"the {label} Check's report lacks '{line}': {text[:800]}")

    expect_starter_report(3, "cold")
    type_at_end("// an edit")
    expect("// an edit" in editor_text(), "typing into the editor changed nothing")
    expect_starter_report(3, "warm")

    # Each lesson through the chooser: its starter, its file name, its text in the chosen language.
    chooser = Select(driver.find_element(By.ID, "lesson"))
    driver.find_element(By.ID, "lang-ru").click()
    for number in (4, 2, 1):
        chooser.select_by_value(str(number))
        path, _, russian = LESSONS[number]
        expect(editor_text() == (starters / path).read_text(), f"lesson {number}: the editor does not hold its starter")
        expect(driver.find_element(By.ID, "file-name").text == Path(path).name, f"lesson {number}: the file name shown is not {Path(path).name}")
        expect(heading().startswith(russian), f"lesson {number}: the Russian text is not shown: {heading()!r}")
        expect(output.get_attribute("data-state") == "idle", f"lesson {number}: the previous lesson's output is still shown")
        if number in (4, 2):  # the starter's report and the runs the judge asked for (lesson 4: its own modes)
            expect_starter_report(number, f"lesson {number} starter")
    driver.find_element(By.ID, "lang-en").click()
    expect(heading().startswith("Lesson 1."), f"lesson 1: the English text is not shown: {heading()!r}")

    # A file over 1 MB: refused at once, nothing compiled.
    starter1 = (starters / LESSONS[1][0]).read_text()
    set_editor(starter1 + "// padding\n" * 100_000)
    state, text, took = run_check("over 1 MB")
    expect(state == "error" and "more than the 1048576 bytes (1 MB)" in text and "not compiled" in text,
           f"a file over 1 MB got no clear refusal: '{state}' {text[:300]}")
    expect(took < 5, f"refusing a file over 1 MB took {took:.1f} s (it must not compile)")

    # A kernel that never ends: stopped at the lesson's time limit (20 s); the editor types meanwhile; then the
    # report grader check gives a hang (the run's check fails with its time-out, the runs after it never start).
    set_editor(endless)
    driver.find_element(By.ID, "check").click()
    start = time.time()
    while "run 1 (" not in output.text and output.get_attribute("data-state") == "running" and time.time() - start < 240:
        time.sleep(0.1)
    run_started = time.time()
    expect("run 1 (n=16)" in output.text, f"the endless kernel's first run never started: {output.text[:300]}")
    type_at_end("// typed while the kernel spins")
    expect("// typed while the kernel spins" in editor_text(), "the editor does not type while a run is going")
    while output.get_attribute("data-state") == "running" and time.time() - run_started < 120:
        time.sleep(0.1)
    stopped = time.time() - run_started
    text = output.text
    print(f"endless kernel: its report {stopped:.1f} s after its run started")
    expect(output.get_attribute("data-state") == "done" and output.get_attribute("data-verdict") == "fail"
           and "The run at n=16 did not finish within 20 s" in text,
           f"the endless kernel was not stopped with a clear message: '{output.get_attribute('data-state')}' {text[:300]}")
    for line in ENDLESS_REPORT:
        expect(line in text, f"the endless kernel's report lacks {line!r}: {text[:600]}")
    expect(text.count("== ") == 1, f"runs after the stopped one were made: {text[:600]}")
    expect(20 <= stopped <= 40, f"the endless kernel's report came {stopped:.1f} s after its run started, not just after the 20 s limit")
    driver.find_element(By.ID, "starter").click()
    expect(editor_text() == starter1, "Starter did not put lesson 1's starter back")
    expect_starter_report(1, "after the time limit")

    # Download: the edited file under the starter's name.
    type_at_end("// downloaded")
    driver.find_element(By.ID, "download").click()
    saved = Path(downloads) / "matmul_naive.cu"
    for _ in range(100):
        if saved.exists() and not list(Path(downloads).glob("*.crdownload")):
            break
        time.sleep(0.1)
    expect(saved.exists(), f"Download saved no matmul_naive.cu (the folder holds {[p.name for p in Path(downloads).iterdir()]})")
    if saved.exists():
        expect(saved.read_text() == editor_text(), "the downloaded file is not the editor's file")

    # The work kept in this browser: restored after a reload, per lesson.
    time.sleep(0.6)  # the page saves 0.3 s after the last edit
    edited1 = editor_text()
    driver.refresh()
    wait_ready(driver, seconds=20)
    expect(editor_text() == edited1, "after a reload, lesson 1 does not hold the work of before")
    expect("restored" in driver.find_element(By.ID, "note").text, "after a reload, the page does not say the work was restored")
    Select(driver.find_element(By.ID, "lesson")).select_by_value("3")
    expect("// an edit" in editor_text(), "after a reload, lesson 3 does not hold its edit")

    # Lesson 3 with a divergent second barrier: the findings marked at the native grader's lines, then an edit, a Check, a lesson switch.
    driver.set_window_size(1400, 1000)
    output = driver.find_element(By.ID, "output")  # the reloaded page's
    set_editor(barriers_file)
    state, text, _ = run_check("barriers findings")
    expect(state == "done" and "barriers     FAIL  0/3   divergent barrier" in text,
           f"the file with a divergent second barrier did not fail barriers: '{state}' {text[:500]}")
    expect_marks(BARRIER_MARKS, "after the Check")
    placed = {f"line {line}" for line, severity in BARRIER_MARKS.items() if severity != "info"}
    buttons = driver.find_elements(By.CSS_SELECTOR, "#findings li > button.line-link:first-child")
    expect({b.text for b in buttons} == placed, f"the findings list's buttons are {[b.text for b in buttons]}, expected {placed}")
    if buttons:
        buttons[-1].click()
        expect(f"line {cursor_line()}" == buttons[-1].text, f"'{buttons[-1].text}' moved the cursor to line {cursor_line()}")
    ActionChains(driver).move_to_element(driver.find_element(By.CSS_SELECTOR, ".cm-lintRange-error")).perform()
    tooltip = ""
    for _ in range(50):
        tips = driver.find_elements(By.CSS_SELECTOR, ".cm-tooltip-lint")
        if tips and tips[0].text:
            tooltip = tips[0].text
            break
        time.sleep(0.1)
    expect(tooltip.startswith("barriers: divergent barrier") and "\nEvery thread of a block must reach every __syncthreads()" in tooltip,
           f"hovering a marked finding shows no tooltip with the check and its hint: {tooltip[:300]!r}")
    artifacts.mkdir(parents=True, exist_ok=True)
    shot = artifacts / "web_barriers_findings.png"
    driver.save_screenshot(str(shot))
    expect(shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", "the screenshot is no PNG")
    print(f"screenshot: {shot}")
    def put_line_above():
        driver.execute_script("document.querySelector('.cm-content').cmTile.root.view.dispatch({changes: {from: 0, insert: '// moved down\\n'}})")

    put_line_above()
    expect_marks({line + 1: severity for line, severity in BARRIER_MARKS.items()}, "after a line was put above")
    driver.find_element(By.ID, "check").click()
    expect(output.get_attribute("data-state") == "running" and not shown_marks()["gutter"]
           and not driver.find_element(By.ID, "findings").is_displayed(), "the marks and the findings list stay while a new Check runs")
    put_line_above()  # while the Check runs: its findings' lines are the file's at the click, then mapped through this edit
    start = time.time()
    while output.get_attribute("data-state") == "running" and time.time() - start < 240:
        time.sleep(0.1)
    expect_marks({line + 2: severity for line, severity in BARRIER_MARKS.items()}, "after a Check with a line put above while it ran")
    Select(driver.find_element(By.ID, "lesson")).select_by_value("1")
    Select(driver.find_element(By.ID, "lesson")).select_by_value("3")
    expect(not shown_marks()["gutter"] and not driver.find_element(By.ID, "findings").is_displayed(),
           "the marks and the findings list stay after a lesson switch")

    # Opened as a file: the page says how to serve it.
    driver.get((dist / "index.html").as_uri())
    warning = driver.find_element(By.ID, "file-warning")
    expect(warning.is_displayed() and "python3 -m http.server --directory web/dist 8000" in warning.text,
           f"opened from file://, the page does not say how to serve it: {warning.text[:200]!r}")

if failures:
    print(f"0 passed, {len(failures)} failed")
    sys.exit(1)
print("1 passed, 0 failed")
