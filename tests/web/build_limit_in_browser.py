#!/usr/bin/env python3
"""The browser edition's build limit, as a student meets it: a lesson 1 file
whose parse never ends within the limit (a class template nested 20 deep,
2^21 instantiations) is stopped when the build overruns, and the Check still ends in the
grader's report: the compile check's error "not supported in the browser: its
compiler stopped (timed out after N s)", as the native cpu backend words a
compile stopped at its limit, and the page says the build was stopped. Then
the starter is checked again, so the page recovered. The page is web/dist
served from 127.0.0.1 with its build limit (page-config's compileLimitS, 120 s)
lowered to LIMIT_S in a copy of index.html, so the test takes about a minute.
LIMIT_S leaves room for what the limit counts besides the build (a fresh
Worker's start, on a machine busy with other tests: the Check after a stopped
build starts one), and the slow file's parse is several times longer (2^19
instantiations took 38 s unloaded).
Exit 77 (skipped) without Chromium, its driver, selenium or a built web/dist.
Usage: build_limit_in_browser.py WEB_DIST STARTER_DIR
Non-goal: a run's time limit (page_in_browser.py stops a kernel that never ends)."""
import re, sys, tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests/, for headless_chromium
from headless_chromium import expect, failures, find_chromium, skip, wait_ready

LIMIT_S = 40
SLOW = """
// A class template nested 20 deep: 2^21 instantiations, minutes of parsing, longer than the build's limit.
template <int D, int I> struct Tree { Tree<D - 1, 2 * I> left; Tree<D - 1, 2 * I + 1> right; };
template <int I> struct Tree<0, I> { char leaf; };
static_assert(sizeof(Tree<20, 0>) > 0, "");
"""

dist, starters = Path(sys.argv[1]).resolve(), Path(sys.argv[2])
chromium = find_chromium()
from selenium.webdriver.common.by import By
import course_page  # tests/web/, beside this file
if not (dist / "index.html").exists() or not (dist / "llvm.core.wasm").exists():
    skip(f"{dist} is not built", "cd web && npm ci && node build.mjs")

site = Path(tempfile.mkdtemp(prefix="web-build-limit-"))
for entry in dist.iterdir():
    if entry.name != "index.html":
        (site / entry.name).symlink_to(entry)
page_html, count = re.subn(r'"compileLimitS":\d+', f'"compileLimitS":{LIMIT_S}', (dist / "index.html").read_text())
if count != 1:
    raise SystemExit(f"FAIL: {dist / 'index.html'} does not hold the page's build limit (compileLimitS) once")
(site / "index.html").write_text(page_html)

with course_page.page_session(chromium, site, "build-limit") as (driver, port, downloads):
    driver.get(f"http://127.0.0.1:{port}/index.html#lesson=1&lang=en")
    wait_ready(driver, seconds=20)
    output = driver.find_element(By.ID, "output")

    def set_editor(text):
        course_page.set_editor(driver, text)

    def run_check(label):
        """Clicks Check and waits for its end; (state, text)."""
        state, text, _ = course_page.run_check(driver, label, seconds=120)
        return state, text

    starter = (starters / "01-naive-kernel" / "matmul_naive.cu").read_text()
    set_editor(starter + SLOW)
    state, text = run_check("slow build")
    expect(state == "done" and output.get_attribute("data-verdict") == "error",
           f"the slow build's Check ended '{state}' (verdict {output.get_attribute('data-verdict')}): {text[:500]}")
    compile_line = next((line for line in text.splitlines() if line.lstrip().startswith("compile ")), "")
    expect("ERROR" in compile_line and f"not supported in the browser: its compiler stopped (timed out after {LIMIT_S} s)" in compile_line,
           f"the compile check does not give the build's time-out: {compile_line!r}")
    expect(f"Building the file did not finish within {LIMIT_S} s" in text, f"the page does not say the build was stopped: {text[:500]}")

    set_editor(starter)
    state, text = run_check("starter after it")
    expect(state == "done" and "compile      PASS  1/1   compiled for the cpu emulator" in text,
           f"the Check after a stopped build did not work: '{state}' {text[:500]}")
sys.exit(1 if failures else 0)
