"""Headless Chromium for the page tests (trainer/page_in_browser.py and
web/page_in_browser.py): finds selenium (under Debian's python3 where the
python3 first on PATH lacks it), chromium and chromedriver, exiting 77
(CTest: skipped) where one is missing; starts the browser with the flags both
tests use; waits for a page's data-ready; and tallies the expectations.
Non-goal: what a page is asked or expected to do (each test says that)."""
import importlib.util
import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

INSTALL_HINT = "scripts/install-deps.sh --tests installs chromium, chromium-driver and python3-selenium"
# No window, no sandbox (the tests run as root in containers), nothing fetched in the background.
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run")

failures = []


def skip(why, hint=INSTALL_HINT):
    """Ends the test as skipped (exit 77), saying why and what installs the missing piece."""
    print(f"skipped: {why} ({hint})")
    sys.exit(77)


def expect(condition, what):
    """Records and prints a failure where `condition` is false; the test goes on."""
    if not condition:
        failures.append(what)
        print("FAIL:", what)


def find_chromium():
    """(chromium, chromedriver): their paths, with selenium importable; skips the test where one is missing."""
    if importlib.util.find_spec("selenium") is None:
        # Debian's python3-selenium belongs to Debian's python3; another python3 first on PATH lacks it.
        if Path("/usr/bin/python3").exists() and Path(sys.executable).resolve() != Path("/usr/bin/python3").resolve():
            os.execv("/usr/bin/python3", ["/usr/bin/python3"] + sys.argv)
        skip("python3-selenium is not installed")
    browser = next((shutil.which(b) for b in ("chromium", "chromium-browser") if shutil.which(b)), None)
    driver = shutil.which("chromedriver") or (Path("/usr/bin/chromedriver").exists() and "/usr/bin/chromedriver")
    if not browser:
        skip("chromium is not installed")
    if not driver:
        skip("chromedriver is not installed")
    return browser, driver


def start_chromium(paths, extra_flags=(), logging=None, load_timeout=30):
    """A headless Chromium at `paths` (find_chromium's) with FLAGS and `extra_flags`; `logging` is goog:loggingPrefs."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = paths[0]
    for flag in FLAGS + tuple(extra_flags):
        options.add_argument(flag)
    if logging:
        options.set_capability("goog:loggingPrefs", logging)
    driver = webdriver.Chrome(service=Service(executable_path=paths[1]), options=options)
    driver.set_page_load_timeout(load_timeout)
    return driver


def serve(folder):
    """(server, port): python3's http.server serving `folder` on a free port of 127.0.0.1 (terminate it when done)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", str(folder)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return server, port


def start_offline_chromium(paths, profile, load_timeout=60):
    """start_chromium with the profile folder `profile`, where a request to any host but 127.0.0.1 fails: a page under
    test must need none."""
    return start_chromium(paths, [f"--user-data-dir={profile}", "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"],
                          load_timeout=load_timeout)


def wait_ready(driver, seconds=5):
    """Returns once the page sets data-ready="true" on its body; ends the test failed where it does not in `seconds`."""
    for _ in range(round(seconds / 0.05)):
        if driver.execute_script("return document.body.getAttribute('data-ready')") == "true":
            return
        time.sleep(0.05)
    raise SystemExit("FAIL: the page never set data-ready (its script did not run to the end)")
