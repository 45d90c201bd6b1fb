#!/usr/bin/env python3
"""Samples the machine while a command runs: the share of the CPU cores busy
(from /proc/stat) and the GPU's utilization (the share of time a kernel ran,
from nvidia-smi) every INTERVAL seconds, and how many processes of each kind
were alive (nvcc's stages, compute-sanitizer, the graded children, the
emulator's children). Writes one CSV row per sample and prints a summary:
the mean of each, and the share of samples with the cores more than 90% busy.
Usage: bench/usage_sampler.py CSV_OUT [INTERVAL] -- COMMAND [ARGS...]
Exit status: the command's. Non-goal: attributing time to lessons (the
batch's --profile does that)."""
import csv, os, subprocess, sys, threading, time

def cpu_times():
    with open("/proc/stat") as f:
        fields = [int(x) for x in f.readline().split()[1:]]
    idle = fields[3] + fields[4]  # idle + iowait
    return sum(fields), idle

KINDS = {"compile": ("nvcc", "cicc", "cudafe++", "ptxas", "fatbinary", "nvlink", "cc1plus", "clang", "clang++", "cuda-frontend", "ld", "collect2"),
         "sanitizer": ("compute-sanitiz",),
         "child": ("child",)}

def process_kinds():
    counts = {kind: 0 for kind in KINDS}
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/comm") as f:
                name = f.read().strip()
        except OSError:
            continue
        for kind, names in KINDS.items():
            if name in names:
                counts[kind] += 1
    return counts

def main():
    if "--" not in sys.argv:
        sys.exit("usage: usage_sampler.py CSV_OUT [INTERVAL] -- COMMAND [ARGS...]")
    split = sys.argv.index("--")
    out, interval = sys.argv[1], float(sys.argv[2]) if split > 2 else 1.0
    command = sys.argv[split + 1:]
    gpu_util = {"value": None}
    smi = None
    try:
        smi = subprocess.Popen(["nvidia-smi", "--query-gpu=utilization.gpu", "--format=csv,noheader,nounits", f"-lms={int(interval * 1000)}"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        def read_smi():
            for line in smi.stdout:
                first = line.strip().split(",")[0]
                if first.isdigit():
                    gpu_util["value"] = int(first)
        threading.Thread(target=read_smi, daemon=True).start()
    except OSError:
        smi = None
    child = subprocess.Popen(command)
    rows, start = [], time.time()
    total0, idle0 = cpu_times()
    while child.poll() is None:
        time.sleep(interval)
        total1, idle1 = cpu_times()
        busy = 100.0 * (1 - (idle1 - idle0) / max(1, total1 - total0))
        total0, idle0 = total1, idle1
        rows.append({"t": round(time.time() - start, 1), "cpu_busy": round(busy, 1), "gpu_util": gpu_util["value"], **process_kinds()})
    if smi:
        smi.terminate()
    with open(out, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=["t", "cpu_busy", "gpu_util", *KINDS])
        writer.writeheader()
        writer.writerows(rows)
    if rows:
        mean = lambda key: sum(r[key] for r in rows if r[key] is not None) / max(1, sum(1 for r in rows if r[key] is not None))
        saturated = sum(1 for r in rows if r["cpu_busy"] > 90) / len(rows)
        gpu = f"{mean('gpu_util'):.0f}%" if any(r["gpu_util"] is not None for r in rows) else "not read (no nvidia-smi)"
        print(f"usage over {rows[-1]['t']:.0f} s ({len(rows)} samples): cores busy {mean('cpu_busy'):.0f}% on average, "
              f"more than 90% busy in {100 * saturated:.0f}% of samples; GPU utilization {gpu}; "
              f"alive on average: {mean('compile'):.1f} compiler processes, {mean('sanitizer'):.1f} compute-sanitizer, {mean('child'):.1f} graded children")
    sys.exit(child.returncode)

main()
