#!/usr/bin/env python3
"""The browser edition's Trainer panel and tile map, as a student uses them:
serves web/dist from 127.0.0.1 and opens it in headless Chromium (every
other host unresolvable).
Lesson 3: answers the tile-map trainer's exercises (seed 1) in the panel's
frame (the page `grader trainer lesson3 --html` wrote): a number typed,
slots marked with the keyboard, one answer wrong, the steps' order typed;
clicks Check with the starter, downloads trainer_progress.yaml ("Download
trainer progress") and expects Check's trainer lines to be native `grader
check lesson3 matmul_tiled.cu --backend cpu`'s with that file beside the
file (a failing line naming the wrong exercise); then puts the wrong answer
right and expects the same with the lesson 3 solution (a passing line).
After each Check, the tile map the page drew (judge.wasm's `judge tilemap`)
must be native `grader tilemap lesson3 matmul_tiled.cu --json`'s, byte for
byte, and be drawn in the frame's second panel (its phase slider moved to
the last phase, whose sentences it shows); a reload keeps the progress (the
same download). A corpus kernel whose run fails and one that does not
compile get in the panel what `grader tilemap` prints on stderr. Lesson 2:
its frame's exercises (cells and whole tiles marked, shift+arrows) and a
corpus kernel give native `grader check`'s trainer lines and `grader
tilemap`'s JSON; a kernel that never ends (endless_tile_loading.cu) is
stopped at its limit and the panel says why it draws no tile map. Cells are marked with the keyboard: chromedriver's clicks
in a frame that the window scrolls land elsewhere (tests/trainer/
page_in_browser.py clicks and drags in the page alone).
Prints each Check's time.
Exit 77 (skipped) without Chromium, its driver, selenium or a built web/dist.
Usage: trainer_in_browser.py WEB_DIST KIT_ROOT GRADER
Non-goal: every answer set and kernel (web/spike/compare_trainer.mjs and
compare_tilemap.mjs compare more in node)."""
import json, shutil, subprocess, sys, tempfile, time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests/, for headless_chromium
from headless_chromium import expect, failures, find_chromium, skip, wait_ready

dist, kit, grader = Path(sys.argv[1]).resolve(), Path(sys.argv[2]).resolve(), str(Path(sys.argv[3]).resolve())
chromium = find_chromium()
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select
from selenium.webdriver.common.keys import Keys
import course_page  # tests/web/, beside this file
if not (dist / "index.html").exists() or not (dist / "llvm.core.wasm").exists() or not (dist / "trainer/lesson3.html").exists():
    skip(f"{dist} is not built", "cd web && npm ci && node build.mjs")

LESSONS = {l["id"]: l for l in json.loads(subprocess.run([grader, "list", "--json"], cwd=kit, check=True, capture_output=True, text=True).stdout)["lessons"]}
KERNELS = kit / "tests/kernels"


def exercises(lesson, seed):
    """`grader trainer LESSON --seed S --json`'s exercises: the right answers."""
    return json.loads(subprocess.run([grader, "trainer", lesson, "--seed", str(seed), "--json"], cwd=kit, check=True, capture_output=True,
                                     text=True).stdout)["exercises"]


def folder_with(lesson, source, progress=None):
    """A folder holding `source` under the lesson's file name (as the page names it), and the trainer progress."""
    folder = Path(tempfile.mkdtemp(prefix="web-trainer-kit-"))
    (folder / LESSONS[lesson]["student_file"]).write_text(source)
    if progress is not None:
        (folder / "trainer_progress.yaml").write_text(progress)
    return folder


def cell_keys(cells, start=(0, 0)):
    """The keys that mark `cells` ([(r, c)]) on a trainer grid whose cursor is at `start`: arrows to each, space; and the
    cursor after them. The keyboard, not the mouse: a click in a frame the window scrolls lands elsewhere (chromedriver)."""
    keys, (r, c) = [], start
    for r1, c1 in cells:
        keys += [Keys.ARROW_DOWN if r1 > r else Keys.ARROW_UP] * abs(r1 - r) + [Keys.ARROW_RIGHT if c1 > c else Keys.ARROW_LEFT] * abs(c1 - c)
        keys.append(Keys.SPACE)
        r, c = r1, c1
    return keys, (r, c)


def rectangle_keys(r0, c0, r1, c1):
    """The keys that mark rows r0..r1 and columns c0..c1 of a grid whose cursor is at (0, 0): to (r0, c0), space, then
    shift+arrows along each row, back and forth (shift+arrow marks the cell it moves to)."""
    keys, _ = cell_keys([(r0, c0)])
    for row in range(r0, r1 + 1):
        along = Keys.ARROW_RIGHT if (row - r0) % 2 == 0 else Keys.ARROW_LEFT
        keys += [Keys.SHIFT, along, Keys.NULL] * (c1 - c0)
        if row < r1:
            keys += [Keys.SHIFT, Keys.ARROW_DOWN, Keys.NULL]
    return keys


def native_tilemap(lesson, folder):
    """`grader tilemap LESSON FILE --json` in `folder`: (exit status, stdout, stderr)."""
    r = subprocess.run([grader, "--course", str(kit / "course.yaml"), "tilemap", lesson, LESSONS[lesson]["student_file"], "--json"], cwd=folder,
                       capture_output=True, text=True)
    return r.returncode, r.stdout, r.stderr


with course_page.page_session(chromium, dist, "trainer") as (driver, port, downloads):
    driver.set_window_size(1400, 1800)  # the trainer's grids in the window once the frame's top is at its top
    driver.get(f"http://127.0.0.1:{port}/index.html#lesson=3&lang=en")
    wait_ready(driver, seconds=20)
    panel = driver.find_element(By.ID, "trainer")
    frame = driver.find_element(By.ID, "trainer-frame")
    shown_lesson = "lesson3"

    def in_frame(action):
        """Runs action() inside the trainer's frame, once the shown lesson's page is ready there (the frame's top scrolled
        to the window's, so its grids are in view); its result."""
        driver.execute_script("window.scrollTo(0, document.getElementById('trainer-frame').getBoundingClientRect().top + window.scrollY)")
        driver.switch_to.frame(driver.find_element(By.ID, "trainer-frame"))
        try:
            for _ in range(200):  # the lesson's page, not the one it replaces
                if driver.execute_script("return location.pathname") == f"/trainer/{shown_lesson}.html":
                    break
                time.sleep(0.05)
            wait_ready(driver, seconds=20)
            return action()
        finally:
            driver.switch_to.default_content()

    def answer(index, typed=None, cells=None, rectangle=None):
        """In the frame: goes to exercise `index`, clears it, types `typed` ({part: text}), marks `cells` ({grid: [(r, c)]})
        and `rectangle` ({grid: (r0, c0, r1, c1)}) with the keyboard, and clicks the trainer's Check; its verdict (each
        part's status and explanation printed where it is not right)."""
        def act():
            driver.find_element(By.ID, f"nav-{index}").click()
            driver.find_element(By.ID, "clear").click()
            for part, text in (typed or {}).items():
                driver.find_element(By.ID, f"field-{part}").send_keys(text)
            for grid, places in (cells or {}).items():
                driver.find_element(By.ID, f"grid-{grid}").send_keys(*cell_keys(places)[0])
            for grid, corners in (rectangle or {}).items():
                driver.find_element(By.ID, f"grid-{grid}").send_keys(*rectangle_keys(*corners))
            driver.find_element(By.ID, "check").click()
            verdict = driver.find_element(By.ID, "verdict").get_attribute("data-verdict")
            if verdict != "right":
                for li in driver.find_elements(By.CSS_SELECTOR, "#explanation li"):
                    print(f"  exercise {index + 1}: {li.get_attribute('data-status')}: {li.text}")
            return verdict
        return in_frame(act)

    def expect_trainer_line(lesson, source, state_text, label, want_in):
        """Check's trainer lines (from the report `state_text`) against native grader check's with the downloaded progress
        beside the file; the progress file's text."""
        progress = course_page.download(driver, downloads, "trainer-download", "trainer_progress.yaml")
        folder = folder_with(lesson, source, progress)
        want = course_page.check_lines(course_page.native(grader, kit, folder, "check", lesson, LESSONS[lesson]["student_file"], "--backend", "cpu",
                                                          "--check", "trainer"), "trainer")
        got = course_page.check_lines(state_text, "trainer")
        expect(want and got == want, f"{label}: Check's trainer lines differ from grader check's:\n--- native\n{want}\n--- page\n{got}")
        expect(want_in in got, f"{label}: the trainer line lacks {want_in!r}: {got}")
        shutil.rmtree(folder, ignore_errors=True)
        return progress

    def expect_tilemap(lesson, source, label):
        """The tile map the page drew after the Check (or its message) against native grader tilemap's; then the frame's panel."""
        folder = folder_with(lesson, source)
        status, out, err = native_tilemap(lesson, folder)
        shutil.rmtree(folder, ignore_errors=True)
        state = driver.find_element(By.ID, "trainer").get_attribute("data-tilemap")
        if status == 0:
            got = driver.execute_script("return document.getElementById('trainer-tilemap-json').textContent")
            expect(state == "drawn" and got == out, f"{label}: the page's tile map ({state}) differs from grader tilemap --json's:\n"
                                                   f"--- native\n{out[:400]}\n--- page\n{got[:400]}")
            phases = json.loads(out)["phases"]

            def drawn():
                head = driver.find_element(By.ID, "tilemap-head").text
                slider = driver.find_element(By.ID, "tilemap-phase")
                expect(f"{lesson}, n = " in head and slider.get_attribute("max") == str(len(phases) - 1),
                       f"{label}: the frame's tile-map panel shows '{head}', slider max {slider.get_attribute('max')}")
                driver.execute_script("arguments[0].value = arguments[0].max; arguments[0].dispatchEvent(new Event('input'))", slider)
                sentences = [li.get_attribute("textContent") for li in driver.find_elements(By.CSS_SELECTOR, "#tilemap-sentences li")]
                expect(sentences == phases[-1]["sentences"], f"{label}: the last phase's sentences shown are {sentences}, not {phases[-1]['sentences']}")
                expect(driver.find_elements(By.ID, "grid-tilemap-A") and driver.find_elements(By.ID, "grid-tilemap-B-correct"),
                       f"{label}: the frame draws no grids of A and B")
            in_frame(drawn)
        else:
            shown = in_frame(lambda: driver.find_element(By.ID, "tilemap-error").get_attribute("textContent"))
            expect(state == "failed" and shown == err, f"{label}: the panel says ({state}) {shown!r}, grader tilemap says (exit {status}) {err!r}")
        print(f"{label}: tile map {'drawn' if status == 0 else 'not drawn: ' + err.strip()}")

    # Lesson 3: the trainer's page in the frame, the tile map's panel waiting for a Check.
    expect(panel.is_displayed() and frame.get_attribute("src").endswith("/trainer/lesson3.html#embedded"),
           f"lesson 3 shows no trainer frame (src {frame.get_attribute('src')})")
    note = in_frame(lambda: (driver.find_element(By.ID, "tilemap-none").text, driver.find_element(By.ID, "tilemap-file").is_displayed(),
                             Select(driver.find_element(By.ID, "set")).first_selected_option.get_attribute("value")))
    expect("Check your file" in note[0] and not note[1] and note[2] == "lesson3", f"the frame's tile-map panel before a Check: {note}")

    # Seed 1: resident_phase right (typed, slots marked), global_reads half wrong, barrier_order right (typed).
    resident, reads, order = exercises("lesson3", 1)
    T = 16
    p = resident["params"]
    expect(answer(0, {"phase": str(p["k"] // T)}, {"tA": [(p["ty"], p["k"] % T)], "tB": [(p["k"] % T, p["tx"])]}) == "right",
           "lesson 3 exercise 1 is not right in the frame")
    expect(answer(1, {"naive": str(reads["answer"]["naive"] + 1), "tiled": str(reads["answer"]["tiled"])}) == "partly",
           "lesson 3 exercise 2 is not partly right in the frame")
    labels = " ".join(str(order["params"]["shown"].index(step) + 1) for step in order["answer"]["order"])
    expect(answer(2, {"order": labels}) == "right", "lesson 3 exercise 3 is not right in the frame")
    expect("1 set of answers kept" in driver.find_element(By.ID, "trainer-note").text, f"the panel's note: {driver.find_element(By.ID, 'trainer-note').text}")

    starter = (kit / "starter/03-phase-loop/matmul_tiled.cu").read_text()
    state, text, _ = course_page.run_check(driver, "lesson 3 starter, one trainer answer wrong")
    expect(state == "done", f"the Check ended {state}: {text[:300]}")
    expect_trainer_line("lesson3", starter, text, "one answer wrong", "2/3 trainer exercises right (seed 1); not yet right: global_reads")
    expect_tilemap("lesson3", starter, "lesson 3 starter")

    expect(answer(1, {"naive": str(reads["answer"]["naive"]), "tiled": str(reads["answer"]["tiled"])}) == "right",
           "lesson 3 exercise 2 is not right in the frame once put right")
    solution = (kit / "solutions/03-phase-loop/matmul_tiled.cu").read_text()
    course_page.set_editor(driver, solution)
    state, text, _ = course_page.run_check(driver, "lesson 3 solution, every trainer answer right")
    kept = expect_trainer_line("lesson3", solution, text, "all right", "3/3 trainer exercises right (seed 1).")
    expect_tilemap("lesson3", solution, "lesson 3 solution")

    # A reload keeps the progress: the same file to download.
    time.sleep(0.6)  # the page saves the file 0.3 s after the last edit
    driver.refresh()
    wait_ready(driver, seconds=20)
    panel, frame = driver.find_element(By.ID, "trainer"), driver.find_element(By.ID, "trainer-frame")
    expect(course_page.download(driver, downloads, "trainer-download", "trainer_progress.yaml") == kept,
           "after a reload, Download trainer progress gives another file")

    # Lesson 3 corpus kernels whose run fails, or that do not compile: grader tilemap's message in the panel.
    for name in ("k_le_tile_reads_past_shared.cu", "thread_synchronize_after_launch.cu"):
        broken = (KERNELS / "lesson3" / name).read_text()
        course_page.set_editor(driver, broken)
        course_page.run_check(driver, f"lesson 3 {name}")
        expect_tilemap("lesson3", broken, f"lesson 3 {name}")

    # Lesson 2: its own trainer (thread_load's cells, block_tiles' tiles, element_readers partly wrong), a corpus kernel's map.
    Select(driver.find_element(By.ID, "lesson")).select_by_value("2")
    shown_lesson = "lesson2"
    frame = driver.find_element(By.ID, "trainer-frame")
    expect(frame.get_attribute("src").endswith("/trainer/lesson2.html#embedded"), f"lesson 2's frame is {frame.get_attribute('src')}")
    load, tiles, readers = exercises("lesson2", 1)
    a = load["answer"]
    expect(answer(0, None, {"A": [tuple(a["A"][0])], "B": [tuple(a["B"][0])], "tA": [tuple(a["tA"])], "tB": [tuple(a["tB"])]}) == "right",
           "lesson 2 exercise 1 is not right in the frame")
    expect(answer(1, None, None, {"A": tuple(tiles["answer"]["A"][0][i] for i in (0, 2, 1, 3)),
                                  "B": tuple(tiles["answer"]["B"][0][i] for i in (0, 2, 1, 3))}) == "right",
           "lesson 2 exercise 2 (tiles marked) is not right in the frame")
    expect(answer(2, {"phase": str(readers["answer"]["phase"]), "readers": str(readers["answer"]["readers"] + 1)},
                  {"blocks": [(by, bx) for bx, by in readers["answer"]["blocks"]]}) == "partly", "lesson 2 exercise 3 is not partly right")
    kernel = (KERNELS / "lesson2/a_tile_no_phase_offset.cu").read_text()
    course_page.set_editor(driver, kernel)
    state, text, _ = course_page.run_check(driver, "lesson 2 a_tile_no_phase_offset.cu")
    expect_trainer_line("lesson2", kernel, text, "lesson 2", "2/3 trainer exercises right (seed 1); not yet right: element_readers")
    expect_tilemap("lesson2", kernel, "lesson 2 a_tile_no_phase_offset.cu")

    # A lesson 2 kernel that never ends: the Check stops its run at the limit, and the panel draws no tile map but says why.
    course_page.set_editor(driver, (Path(__file__).resolve().parent / "endless_tile_loading.cu").read_text())
    state, text, _ = course_page.run_check(driver, "lesson 2 endless_tile_loading.cu")
    correctness = course_page.check_lines(text, "correctness")
    expect(state == "done" and "did not finish within 20 s" in correctness, f"the endless kernel's Check: '{state}' {correctness!r}")
    tilemap_state = driver.find_element(By.ID, "trainer").get_attribute("data-tilemap")
    shown = in_frame(lambda: driver.find_element(By.ID, "tilemap-error").get_attribute("textContent"))
    expect(tilemap_state == "failed" and shown.startswith("not drawn: the Check's run at ") and "was stopped at its time limit" in shown,
           f"the endless kernel's tile map panel says ({tilemap_state}) {shown!r}")
    print(f"lesson 2 endless_tile_loading.cu: tile map {shown}")
print("FAILED:" if failures else "passed", len(failures), "expectation(s) failed" if failures else "")
sys.exit(1 if failures else 0)
