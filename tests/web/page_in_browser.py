#!/usr/bin/env python3
"""The browser edition's lesson page, as a student uses it: serves web/dist
from 127.0.0.1, opens it in headless Chromium with an empty profile and every
host but 127.0.0.1 unresolvable, checks that the editor holds the lesson 3
starter, clicks Check (cold: the toolchain is fetched and compiled), checks
the grader's report (as `grader check` prints it) and the runs' records, then
edits the file and checks again (warm). Prints both times. Exit 77 (skipped) without Chromium, its driver, selenium or a
built web/dist (node web/build.mjs).
Usage: page_in_browser.py WEB_DIST STARTER_FILE
Non-goal: every verdict (web/spike/compare_verdicts.mjs compares them with the native grader's)."""
import shutil, socket, subprocess, sys, tempfile, time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests/, for headless_chromium
from headless_chromium import expect, failures, find_chromium, skip, start_chromium, wait_ready

dist, starter = Path(sys.argv[1]), Path(sys.argv[2])
chromium = find_chromium()
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
if not (dist / "index.html").exists() or not (dist / "llvm.core.wasm").exists():
    skip(f"{dist} is not built", "cd web && npm ci && node build.mjs")

with socket.socket() as s:
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", str(dist)],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
profile = tempfile.mkdtemp(prefix="web-page-profile-")
driver = None
try:
    time.sleep(0.5)
    # A request to any other host fails: the page must need none.
    driver = start_chromium(chromium, [f"--user-data-dir={profile}", "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"],
                            load_timeout=60)
    driver.get(f"http://127.0.0.1:{port}/index.html")
    wait_ready(driver, seconds=20)
    shown = driver.find_element(By.CSS_SELECTOR, ".cm-content").text
    expect("__global__ void matMulTiled" in shown and "TODO 1" in shown, "the editor does not hold the lesson 3 starter")

    def check(label):
        start = time.time()
        driver.find_element(By.ID, "check").click()
        output = driver.find_element(By.ID, "output")
        while output.get_attribute("data-state") in ("running", "idle"):
            if time.time() - start > 240:
                raise SystemExit(f"FAIL: the {label} Check did not finish in 240 s")
            time.sleep(0.1)
        seconds = time.time() - start
        text = output.text
        expect(output.get_attribute("data-state") == "done", f"the {label} Check ended '{output.get_attribute('data-state')}': {text[:500]}")
        # The grader's report, as `grader check lesson3 FILE --backend cpu` prints it for the starter (judge.wasm's).
        for line in ("lesson3  matmul_tiled.cu  (cpu backend, seed 508447)", "compile      PASS  1/1   compiled for the cpu emulator",
                     "correctness  FAIL  0/4   n=16: C[0][0] = 0, expected 32.6875. 256 of 256 elements are wrong.",
                     "barriers     FAIL  0/3", "traffic      FAIL  0/2   your kernel reads nothing from A or B at n=64"):
            expect(line in text, f"the {label} Check's report lacks '{line}': {text[:800]}")
        for n in (16, 64):  # correctness stops at its first wrong size; barriers and traffic run at 64
            expect(f"== n={n}: exit status 0" in text, f"the {label} Check shows no successful run at n={n}")
        expect("launch index=0 kernel=matMulTiled grid=4,4,1 block=16,16,1" in text, f"the {label} Check shows no record of the n=64 launch")
        print(f"{label} Check: {seconds:.1f} s")

    check("cold")
    editor = driver.find_element(By.CSS_SELECTOR, ".cm-content")
    editor.click()
    editor.send_keys(Keys.CONTROL, Keys.END)
    editor.send_keys(Keys.ENTER, "// an edit")
    expect("// an edit" in driver.find_element(By.CSS_SELECTOR, ".cm-content").text, "typing into the editor changed nothing")
    check("warm")
finally:
    if driver:
        driver.quit()
    server.terminate()
    shutil.rmtree(profile, ignore_errors=True)

if failures:
    print(f"0 passed, {len(failures)} failed")
    sys.exit(1)
print("1 passed, 0 failed")
