#!/usr/bin/env python3
"""The trainer page in a real browser (test trainer.page_in_browser): headless
Debian chromium driven by chromium-driver through python3-selenium.

It writes the page with `grader trainer --html` (and the tile map of the
lesson 3 solution with `grader tilemap ... --json`), opens it from file://, and:
  - answers three exercises of lesson 2 by clicking and dragging cells and with
    the keyboard (one right, one partly right, one wrong), presses Check, and
    asserts the verdicts, the explanations' index arithmetic (computed here
    from the exercise's parameters, not taken from the page) and the coloured
    cells in the DOM; one lesson 3 exercise by pressing step labels;
  - switches to Russian; reloads and finds the progress kept in localStorage;
  - loads the tile map into the second panel with the file input and moves
    the phase slider;
  - asserts that the browser console holds no error, that no request other
    than file:// or data: was made, and that the page loads in under 1 s
    (printed); keeps a screenshot in the build folder.
Exits 77 (CTest: skipped) only when chromium, chromedriver or selenium is
missing (scripts/install-deps.sh --tests installs chromium, chromium-driver and
python3-selenium).
Usage: page_in_browser.py GRADER COURSE KIT WORKDIR"""
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests/, for headless_chromium
from headless_chromium import expect, failures, find_chromium, start_chromium, wait_ready

grader, course, kit, work = sys.argv[1], sys.argv[2], Path(sys.argv[3]), Path(sys.argv[4])
chromium = find_chromium()
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

SEED = 7
T = json.loads(subprocess.run([grader, "list", "--json", "--course", course], check=True, capture_output=True, text=True).stdout)["tile"]
shutil.rmtree(work, ignore_errors=True)
work.mkdir(parents=True)
page = work / "trainer.html"
subprocess.run([grader, "trainer", "--html", str(page), "--seed", str(SEED), "--course", course], check=True)
tilemap = work / "tilemap.json"
with open(tilemap, "w") as out:
    subprocess.run([grader, "tilemap", "lesson3", str(kit / "solutions/03-phase-loop/matmul_tiled.cu"), "--json", "--course", course],
                   check=True, stdout=out)

LESSONS = {l["id"]: l for l in json.loads(subprocess.run([grader, "list", "--json", "--course", course], check=True, capture_output=True,
                                                         text=True).stdout)["lessons"]}


def check_tilemap_command(lesson):
    """The panel's command for `lesson` is the kit's, for the lesson's starter file, and it runs."""
    shown = driver.find_element(By.ID, "tilemap-command").text
    file = f"starter/{LESSONS[lesson]['folder']}/{LESSONS[lesson]['student_file']}"
    want = f"build/grader/grader tilemap {lesson} {file} --json > tilemap.json"
    expect(shown == want, f"the tile-map panel at {lesson} says '{shown}', expected '{want}'")
    run = subprocess.run(shown.split(" > ")[0].replace("build/grader/grader", os.path.abspath(grader), 1) + f" --course {os.path.abspath(course)}", shell=True,
                         cwd=Path(course).parent, capture_output=True, text=True)
    expect(run.returncode == 0 and "phases" in json.loads(run.stdout or "{}"), f"the panel's command fails: {run.stderr.strip()}")


driver = start_chromium(chromium, ["--window-size=1400,1100"], logging={"browser": "ALL", "performance": "ALL"})
url = page.resolve().as_uri()


def load():
    driver.get(url)
    wait_ready(driver, seconds=5)


def exercise():
    return json.loads(driver.find_element(By.ID, "exercise").get_attribute("data-exercise"))


def offset(grid, r, c):
    """The grid's canvas and the centre of cell (r, c) as an offset from the canvas's centre (Selenium's origin)."""
    canvas = driver.find_element(By.ID, f"grid-{grid}")
    px = int(canvas.get_attribute("data-cell-px"))
    return canvas, round(c * px + px / 2 + 0.5 - canvas.size["width"] / 2), round(r * px + px / 2 + 0.5 - canvas.size["height"] / 2)


def click_cell(grid, r, c):
    canvas, dx, dy = offset(grid, r, c)
    ActionChains(driver).move_to_element_with_offset(canvas, dx, dy).click().perform()


def drag(grid, r0, c0, r1, c1):
    canvas, dx0, dy0 = offset(grid, r0, c0)
    _, dx1, dy1 = offset(grid, r1, c1)
    ActionChains(driver).move_to_element_with_offset(canvas, dx0, dy0).click_and_hold() \
        .move_to_element_with_offset(canvas, dx1, dy1).release().perform()


# The fill of each cell state, as the page's legend shows them.
FILL = {"marked": "#2f5fd0", "ok": "#1b7f3a", "extra": "#c62828", "missing": "#ffe08a"}
COUNT_JS = """
const [id, hex] = arguments, cv = document.getElementById('grid-' + id);
const px = Number(cv.dataset.cellPx), rows = Number(cv.dataset.rows), cols = Number(cv.dataset.cols);
const scale = cv.width / (cols * px + 1), data = cv.getContext('2d').getImageData(0, 0, cv.width, cv.height).data;
const want = [1, 3, 5].map(i => parseInt(hex.slice(i, i + 2), 16));
const cells = [];
for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) {
  const x = Math.floor((c * px + px / 2 + 0.5) * scale), y = Math.floor((r * px + px / 2 + 0.5) * scale), i = 4 * (y * cv.width + x);
  if (want.every((v, k) => Math.abs(data[i + k] - v) <= 2)) cells.push(r + ',' + c);
}
return cells;"""


def cells_in(grid, state):
    """The cells of the grid drawn in the state's colour (read back from the canvas's pixels)."""
    return driver.execute_script(COUNT_JS, grid, FILL[state])


def count(grid, state):
    return len(cells_in(grid, state))


def check_and_read():
    driver.find_element(By.ID, "check").click()
    verdict = driver.find_element(By.ID, "verdict")
    parts = {li.get_attribute("data-part"): (li.get_attribute("data-status"), li.text)
             for li in driver.find_elements(By.CSS_SELECTOR, "#explanation li")}
    return verdict.get_attribute("data-verdict"), verdict.text, parts


def go_to(index):
    driver.find_element(By.ID, f"nav-{index}").click()


try:
    started = time.monotonic()
    load()
    wall_ms = (time.monotonic() - started) * 1000
    timing = driver.execute_script(
        "const n = performance.getEntriesByType('navigation')[0];"
        "return {load: n.loadEventEnd, dcl: n.domContentLoadedEventEnd, ready: Number(document.body.getAttribute('data-ready-ms'))};")
    load_ms = max(timing["load"], timing["ready"])
    print(f"page: {page.stat().st_size} bytes; loaded from file:// in {load_ms:.0f} ms "
          f"(DOMContentLoaded {timing['dcl']:.0f} ms, script ready {timing['ready']:.0f} ms; driver's round trip {wall_ms:.0f} ms)")
    if load_ms >= 1000:  # a machine busy with other work: the best of two more loads, each printed
        for _ in range(2):
            load()
            again = max(driver.execute_script(
                "return [performance.getEntriesByType('navigation')[0].loadEventEnd, Number(document.body.getAttribute('data-ready-ms'))]"))
            print(f"loaded again in {again:.0f} ms")
            load_ms = min(load_ms, again)
    expect(load_ms < 1000, f"the page took {load_ms:.0f} ms to load (limit 1000 ms)")

    # At 1280 x 1600 the page opens at lesson 2 with its Check button on screen, and the tile-map panel
    # names the command that writes the map of the student's file for the set shown.
    driver.set_window_size(1280, 1600)
    height = driver.execute_script("return window.innerHeight")
    top, bottom = driver.execute_script("const r = document.getElementById('check').getBoundingClientRect(); return [r.top, r.bottom];")
    print(f"at 1280 x 1600 (viewport height {height}): the Check button spans y = {top:.0f}..{bottom:.0f}")
    expect(Select(driver.find_element(By.ID, "set")).first_selected_option.get_attribute("value") == "lesson2", "the page does not open at lesson 2")
    expect(0 <= top and bottom <= height, f"lesson 2's Check button is off screen at 1280 x 1600 (y = {top:.0f}..{bottom:.0f}, height {height})")
    driver.set_window_size(1400, 1100)
    check_tilemap_command("lesson2")

    # Exercise 1 (thread_load): right; the tA and tB slots marked with the keyboard.
    e = exercise()
    expect(e["kind"] == "thread_load", f"exercise 1 is {e['kind']}, not thread_load")
    p, n = e["params"], e["n"]
    row, col = p["by"] * T + p["ty"], p["bx"] * T + p["tx"]
    click_cell("A", row, p["p"] * T + p["tx"])
    click_cell("B", p["p"] * T + p["ty"], col)
    expect(cells_in("A", "marked") == [f"{row},{p['p'] * T + p['tx']}"], f"the click marked {cells_in('A', 'marked')} in A")
    for slot in ("tA", "tB"):
        driver.find_element(By.ID, f"grid-{slot}").send_keys(*([Keys.ARROW_DOWN] * p["ty"] + [Keys.ARROW_RIGHT] * p["tx"] + [Keys.SPACE]))
        focused = driver.execute_script("return document.activeElement.id")
        readout = driver.find_element(By.ID, f"grid-{slot}").find_element(By.XPATH, "preceding-sibling::figcaption/span").text
        expect(focused == f"grid-{slot}" and readout.startswith(f"{slot}[{p['ty']}][{p['tx']}]"),
               f"the arrows left the focus on {focused}, its readout '{readout}', not {slot}[{p['ty']}][{p['tx']}]")
    verdict, text, parts = check_and_read()
    expect(verdict == "right" and text == "Right", f"exercise 1: verdict {verdict} '{text}', expected right")
    expect(all(s == "right" for s, _ in parts.values()) and set(parts) == {"A", "B", "tA", "tB"}, f"exercise 1 parts: {parts}")
    expect(count("A", "ok") == 1 and count("B", "ok") == 1 and count("tA", "ok") == 1, "exercise 1: the right cells are not coloured right")
    expect(driver.find_element(By.ID, "nav-0").text.endswith("✓"), "exercise 1 is not ticked in the list")

    # Exercise 2 (block_tiles): partly right. A: the block's rows but a rectangle shifted by half a tile; B: right.
    go_to(1)
    e = exercise()
    expect(e["kind"] == "block_tiles", f"exercise 2 is {e['kind']}, not block_tiles")
    p, n = e["params"], e["n"]
    r0, c0 = p["by"] * T, p["p"] * T
    shift = T // 2 if c0 + T + T // 2 <= n else -(T // 2)
    drag("A", r0, c0 + shift, r0 + T - 1, c0 + shift + T - 1)
    drag("B", p["p"] * T, p["bx"] * T, p["p"] * T + T - 1, p["bx"] * T + T - 1)
    verdict, text, parts = check_and_read()
    expect(verdict == "partly" and text == "Partly right", f"exercise 2: verdict {verdict} '{text}', expected partly right")
    status, explained = parts.get("A", ("", ""))
    half = T * (T // 2)
    expect(status == "partly", f"exercise 2 part A is {status}, not partly")
    extra_cols = (c0 + shift, c0 - 1) if shift < 0 else (c0 + T, c0 + shift + T - 1)
    missing_cols = (c0, c0 + shift - 1) if shift > 0 else (c0 + T + shift, c0 + T - 1)
    want = (f"{half} of the right cells missing: A[{r0}..{r0 + T - 1}][{missing_cols[0]}..{missing_cols[1]}]",
            f"{half} extra: A[{r0}..{r0 + T - 1}][{extra_cols[0]}..{extra_cols[1]}]")
    expect(all(w in explained for w in want), f"exercise 2 part A lacks {want}: {explained}")
    expect(f"by*TILE .. by*TILE + TILE-1 = {r0}..{r0 + T - 1}" in explained and f"A[{r0}..{r0 + T - 1}][{c0}..{c0 + T - 1}]" in explained,
           f"exercise 2 part A lacks the index arithmetic: {explained}")
    expect(parts.get("B", ("",))[0] == "right", f"exercise 2 part B: {parts.get('B')}")
    expect(count("A", "ok") == half and count("A", "extra") == half and count("A", "missing") == half,
           f"exercise 2: A's cells coloured ok/extra/missing {count('A', 'ok')}/{count('A', 'extra')}/{count('A', 'missing')}, expected {half} each")

    # The screenshot kept as the test's artifact: the partly right answer's colours and explanation, the whole page.
    shot = work / "trainer-page.png"
    driver.execute_script("window.scrollTo(0, 0)")
    driver.set_window_size(1400, min(4000, driver.execute_script("return document.documentElement.scrollHeight") + 140))
    driver.save_screenshot(str(shot))
    driver.set_window_size(1400, 1100)
    expect(shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 20000, "the screenshot is no PNG of a drawn page")
    print(f"screenshot: {shot} ({shot.stat().st_size} bytes)")

    # Exercise 3 (element_readers): wrong. A block of another row, the wrong phase, the wrong count.
    go_to(2)
    e = exercise()
    expect(e["kind"] == "element_readers", f"exercise 3 is {e['kind']}, not element_readers")
    p, n = e["params"], e["n"]
    by, blocks = p["i"] // T, n // T
    wrong_by = (by + 1) % blocks
    click_cell("blocks", wrong_by, 0)
    phase = p["k"] // T
    driver.find_element(By.ID, "field-phase").send_keys(str((phase + 1) % blocks))
    driver.find_element(By.ID, "field-readers").send_keys(str(T))
    verdict, text, parts = check_and_read()
    expect(verdict == "wrong" and text == "Wrong", f"exercise 3: verdict {verdict} '{text}', expected wrong")
    expected_blocks = f"row i = {p['i']} belongs to the blocks with by = i / TILE = {p['i']} / {T} = {by}"
    expect(expected_blocks in parts.get("blocks", ("", ""))[1], f"exercise 3 part blocks lacks '{expected_blocks}': {parts.get('blocks')}")
    expect(f"phase p = k / TILE = {p['k']} / {T} = {phase}" in parts.get("phase", ("", ""))[1], f"exercise 3 part phase: {parts.get('phase')}")
    expect(f"= {n} = n threads" in parts.get("readers", ("", ""))[1] and f"you answered {T}" in parts["readers"][1],
           f"exercise 3 part readers: {parts.get('readers')}")
    expect(count("blocks", "extra") == 1 and count("blocks", "missing") == blocks, "exercise 3: the blocks are not coloured extra and missing")

    # Russian: the same result in the other language.
    driver.find_element(By.ID, "lang-ru").click()
    verdict, text = driver.find_element(By.ID, "verdict").get_attribute("data-verdict"), driver.find_element(By.ID, "verdict").text
    expect(text == "Неверно" and driver.find_element(By.ID, "check").text == "Проверить", f"in Russian the verdict reads '{text}'")
    expect("принадлежит блокам с by = i / TILE" in driver.find_element(By.ID, "explanation").text, "the Russian explanation lacks its arithmetic")
    driver.find_element(By.ID, "lang-en").click()

    # Lesson 3, exercise 3 (barrier_order): the labels pressed in the order the kernel runs them.
    Select(driver.find_element(By.ID, "set")).select_by_value("lesson3")
    check_tilemap_command("lesson3")
    go_to(2)
    e = exercise()
    expect(e["kind"] == "barrier_order", f"lesson 3 exercise 3 is {e['kind']}, not barrier_order")
    shown = e["params"]["shown"]
    for step in ("load_b", "load_a", "sync_loaded", "multiply", "sync_used"):  # either load may come first
        driver.find_element(By.CSS_SELECTOR, f'#steps button[data-label="{shown.index(step) + 1}"]').click()
    verdict, text, parts = check_and_read()
    expect(verdict == "right", f"barrier_order: verdict {verdict} '{text}' for {driver.find_element(By.ID, 'field-order').get_attribute('value')}")

    # Progress survives a reload, keyed by the seed.
    Select(driver.find_element(By.ID, "set")).select_by_value("lesson2")
    progress = driver.find_element(By.ID, "progress").text
    expect(progress.startswith("1 of 3 right"), f"progress before the reload: '{progress}'")
    load()
    progress = driver.find_element(By.ID, "progress").text
    expect(progress.startswith("1 of 3 right") and f"seed {SEED}" in progress, f"progress after the reload: '{progress}'")
    keys = driver.execute_script("return Object.keys(localStorage)")
    expect(any(k.endswith(f"/lesson2/{SEED}") for k in keys), f"no localStorage key for lesson2 and seed {SEED}: {keys}")
    driver.find_element(By.ID, "seed").clear()
    driver.find_element(By.ID, "seed").send_keys(str(SEED + 1), Keys.ENTER)
    progress = driver.find_element(By.ID, "progress").text
    expect(progress.startswith("0 of 3 right"), f"another seed shows progress: '{progress}'")

    # The second panel: the lesson 3 solution's tile map, loaded with the file input, then phase 1.
    driver.find_element(By.ID, "tilemap-file").send_keys(str(tilemap.resolve()))
    time.sleep(0.3)
    expect(driver.find_element(By.ID, "tilemap-error").text == "", f"the tile map was refused: {driver.find_element(By.ID, 'tilemap-error').text}")
    mapped = json.loads(tilemap.read_text())
    slider = driver.find_element(By.ID, "tilemap-phase")
    expect(slider.get_attribute("max") == str(len(mapped["phases"]) - 1), "the phase slider does not span the phases")
    for index, ph in enumerate(mapped["phases"][:2]):
        if index:
            slider.send_keys(Keys.ARROW_RIGHT)
        expect(driver.find_element(By.ID, "tilemap-phase-value").text == str(ph["phase"]), f"the slider shows phase {driver.find_element(By.ID, 'tilemap-phase-value').text}")
        r = ph["expected"]["A"][0]
        expect(count("tilemap-A", "ok") == T * T and count("tilemap-A", "extra") == 0 and count("tilemap-A", "missing") == 0,
               f"phase {ph['phase']}: the solution's loads of A are not exactly the tile")
        first = cells_in("tilemap-A", "ok")[0]
        expect(first == f"{r[0]},{r[2]}", f"phase {ph['phase']}: the tile of A starts at {first}, expected {r[0]},{r[2]}")
    sentences = driver.find_elements(By.CSS_SELECTOR, "#tilemap-sentences li")
    expect(len(sentences) == len(mapped["phases"][min(1, len(mapped["phases"]) - 1)].get("sentences", [])), "the tile map's sentences are not listed")

    # The tile map embedded with --tilemap-json: the panel is drawn as the page opens.
    embedded = work / "trainer-with-tilemap.html"
    subprocess.run([grader, "trainer", "lesson3", "--html", str(embedded), "--tilemap-json", str(tilemap), "--lang", "ru", "--course", course], check=True)
    driver.get(embedded.resolve().as_uri())
    head = driver.find_element(By.ID, "tilemap-head").text
    expect(head.startswith(f"lesson3, n = {mapped['n']}, TILE = {T}, блок") and count("tilemap-A", "ok") == T * T,
           f"the embedded tile map is not drawn: '{head}'")
    expect(driver.find_element(By.ID, "set").get_attribute("value") == "lesson3" and driver.find_element(By.ID, "check").text == "Проверить",
           "the page written with lesson3 and --lang ru does not open at lesson3 in Russian")

    errors = [entry for entry in driver.get_log("browser") if entry["level"] in ("SEVERE", "ERROR")]
    expect(not errors, f"the browser console holds errors: {errors}")
    requests = set()
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            requests.add(message["params"]["request"]["url"])
    resources = driver.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
    outside = [u for u in list(requests) + resources if not (u.startswith("file://") or u.startswith("data:"))]
    expect(not outside, f"the page made requests outside file:// and data: {outside}")
    print(f"requests: {len(requests)} (all file:// or data:), console errors: {len(errors)}")
finally:
    driver.quit()

if failures:
    sys.exit(f"{len(failures)} failure(s)")
print("the trainer page: 3 exercises answered right, partly right and wrong, barrier order, Russian, progress, tile map panel: all as expected")
