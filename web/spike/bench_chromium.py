#!/usr/bin/env python3
"""The spike's browser figures: serves web/ from 127.0.0.1, opens
spike/bench.html in headless Chromium with an empty profile (cold cache),
and prints the cold and warm Check times by stage, the bytes fetched (and
whether any request left the origin), what a second visit with the same
profile fetches again (the download cached after the first visit), and whether each run record equals
the native emulator's (given a folder of native records rec.N), and the
cold Check's report as the judge wrote it.
Usage: bench_chromium.py WEB_DIR [NATIVE_RECORDS_DIR]
Environment: WARM_CHECKS=K warm Checks after the cold one (1 by default),
each after an edit; BENCH_LESSON (lesson3) and BENCH_FILE (matmul_tiled.cu),
the lesson and name the file is checked as; BENCH_SOURCE, the file (copied
to spike/build/bench/student.cu, outside the assets that dist/ publishes;
by default the file last copied there);
CHROMIUM_FLAGS, more flags for Chromium (space-separated).
Non-goal: judging verdicts (the grader's checks do)."""
import base64, json, os, shutil, socket, subprocess, sys, tempfile, time
from pathlib import Path
from urllib.parse import urlencode

from selenium import webdriver
from selenium.webdriver.chrome.service import Service as ChromeService

web = Path(sys.argv[1]).resolve()
if os.environ.get("BENCH_SOURCE"):
    (web / "spike/build/bench").mkdir(parents=True, exist_ok=True)
    shutil.copyfile(os.environ["BENCH_SOURCE"], web / "spike/build/bench/student.cu")
native = Path(sys.argv[2]) if len(sys.argv) > 2 else None
with socket.socket() as s:
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", str(web)],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
profile = tempfile.mkdtemp(prefix="web-spike-profile-")


def visit(warm):
    """Opens the bench page in Chromium with `profile` (its HTTP cache kept between visits); its benchResult."""
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium")
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", f"--user-data-dir={profile}", *os.environ.get("CHROMIUM_FLAGS", "").split()):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=ChromeService(executable_path=shutil.which("chromedriver")), options=options)
    driver.set_script_timeout(600)
    start = time.time()
    driver.get(f"http://127.0.0.1:{port}/spike/bench.html?" + urlencode({
        "warm": warm, "lesson": os.environ.get("BENCH_LESSON", "lesson3"), "file": os.environ.get("BENCH_FILE", "matmul_tiled.cu")}))
    while driver.execute_script("return document.body.dataset.done") != "true":
        if time.time() - start > float(os.environ.get("BENCH_TIMEOUT", "600")):
            print("timed out; console:", *[e["message"][:300] for e in driver.get_log("browser")], sep="\n  ")
            sys.exit(1)
        time.sleep(0.2)
    result = driver.execute_script("return window.benchResult")
    for entry in driver.get_log("browser"):
        print("console:", entry["message"][:300])
    driver.quit()
    return result


try:
    time.sleep(0.5)
    result = visit(int(os.environ.get("WARM_CHECKS", "1")))
    revisit = visit(0)  # the same profile: what a second visit fetches from the network
finally:
    server.terminate()
    shutil.rmtree(profile, ignore_errors=True)

print(f"chromium: the Worker's modules (bundled toolchain) loaded in {result['workerLoadMs'] / 1000:.2f}s")
for which, r in [("cold", result["cold"])] + [(f"warm {k + 1}" if len(result["warms"]) > 1 else "warm", w)
                                               for k, w in enumerate(result["warms"])]:
    if r["kind"] != "done":
        print(which, "failed:", r.get("log"))
        sys.exit(1)
    stages = " ".join(f"{k}={v / 1000:.2f}s" for k, v in r["ms"].items())
    print(f"chromium {which}: wall={r['wall'] / 1000:.2f}s prelude={r.get('prelude')}  {stages}")
print("the cold Check's report (judge.wasm):")
print(result["cold"].get("report") or "(none)")
resources = result["cold"]["resources"]
foreign = [r["name"] for r in resources if not r["name"].startswith(f"http://127.0.0.1:{port}/")]
print(f"worker fetched {len(resources)} resources, {sum(r['transferSize'] for r in resources)} bytes; outside the origin: {foreign or 'none'}")
again = revisit["cold"]["resources"]
print(f"second visit (same profile, a new browser): the worker's {len(again)} resources took {sum(r['transferSize'] for r in again)} bytes "
      f"from the network (0: all from the HTTP cache); its first Check {revisit['cold']['wall'] / 1000:.2f}s")
if native:
    for n, rec in sorted(result["cold"]["records"].items(), key=lambda x: int(x[0])):
        ours = [l for l in base64.b64decode(rec["record"]).split(b"\n") if not l.startswith(b"emulation ")]
        theirs = [l for l in (native / f"rec.{n}").read_bytes().split(b"\n") if not l.startswith(b"emulation ")]
        emulation = [l.decode() for l in base64.b64decode(rec["record"]).split(b"\n") if l.startswith(b"emulation ")]
        print(f"n={n}: status {rec['status']}, record {'identical to' if ours == theirs else 'DIFFERS from'} the native emulator's; "
              f"wasm {emulation[0] if emulation else 'no emulation line'}")
