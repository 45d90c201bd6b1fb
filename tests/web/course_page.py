"""What the browser-edition tests do on the course page (web/dist) again and
again: the editor's file (read, replaced as one edit), a Check waited for,
a download waited for in Chromium's download folder, the native grader run
in a folder on the kit's course (its own path written as the kit's
`grader`), one check's lines of a `grader check` text report, and a
session: the page served and an offline Chromium open on it, both closed
and their folders removed after.
Non-goals: how the browser and the server start (tests/headless_chromium.py);
what a test expects."""
import contextlib
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from selenium.webdriver.common.by import By

from headless_chromium import serve, start_offline_chromium

# CodeMirror's view from its DOM, as EditorView.findFromDOM finds it (@codemirror/view 6.44: the .cm-content's cmTile).
VIEW = "document.querySelector('.cm-content').cmTile.root.view"


def editor_text(driver):
    """The whole file in the editor (CodeMirror draws only the visible lines)."""
    return driver.execute_script(f"return {VIEW}.state.doc.toString()")


def set_editor(driver, text):
    """Replaces the editor's file as one edit (typing a whole file would take minutes)."""
    driver.execute_script(f"const v = {VIEW}; v.dispatch({{changes: {{from: 0, to: v.state.doc.length, insert: arguments[0]}}}});", text)


def run_check(driver, label, seconds=240):
    """Clicks Check and waits for its end; (state, text, seconds), the time printed."""
    output = driver.find_element(By.ID, "output")
    start = time.time()
    driver.find_element(By.ID, "check").click()
    while output.get_attribute("data-state") in ("running", "idle"):
        if time.time() - start > seconds:
            raise SystemExit(f"FAIL: the {label} Check did not finish in {seconds} s")
        time.sleep(0.1)
    took = time.time() - start
    print(f"{label} Check: {took:.1f} s")
    return output.get_attribute("data-state"), output.text, took


def download(driver, downloads, button, name):
    """Clicks the button with id `button` and returns the text of the file `name` it saves in `downloads`."""
    saved = Path(downloads) / name
    saved.unlink(missing_ok=True)
    driver.find_element(By.ID, button).click()
    for _ in range(100):
        if saved.exists() and not list(Path(downloads).glob("*.crdownload")):
            return saved.read_text()
        time.sleep(0.1)
    raise SystemExit(f"FAIL: {button} saved no {name}")


def native(grader, kit, folder, *args):
    """The native grader's stdout and stderr in `folder` on the kit's course, its own path written as the kit's `grader`."""
    r = subprocess.run([grader, "--course", str(Path(kit) / "course.yaml"), *args], cwd=folder, capture_output=True, text=True)
    return (r.stdout + r.stderr).replace(grader, "grader")


def check_lines(report, check):
    """The lines of `check` in a `grader check` text report: its line and the indented lines after it."""
    lines = report.split("\n")
    start = next((i for i, l in enumerate(lines) if l.startswith(f"  {check} ")), None)
    if start is None:
        return ""
    end = start + 1
    while end < len(lines) and lines[end].startswith("      ") and lines[end].strip():
        end += 1
    return "\n".join(lines[start:end])


@contextlib.contextmanager
def page_session(chromium, site, name):
    """`site` served on the loopback address and an offline Chromium whose downloads land in a folder of
    its own: yields (driver, port, downloads); then quits the browser, stops the server, removes both folders."""
    server, port = serve(site)
    profile = tempfile.mkdtemp(prefix=f"web-{name}-profile-")
    downloads = tempfile.mkdtemp(prefix=f"web-{name}-downloads-")
    driver = None
    try:
        time.sleep(0.5)
        driver = start_offline_chromium(chromium, profile)
        driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": downloads})
        yield driver, port, downloads
    finally:
        if driver:
            driver.quit()
        server.terminate()
        shutil.rmtree(profile, ignore_errors=True)
        shutil.rmtree(downloads, ignore_errors=True)
