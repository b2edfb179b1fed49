#!/usr/bin/env python3
"""Turns bench/gpu/run.sh results (one JSON object per line) into the markdown for
docs/benchmarks.md, section "GPU": fixture parity on the device, then per model Framesmith's
presets (s/step, measured peak allocated per stage against the planner's prediction for the
busiest GPU) beside diffusers on the same device and request.

usage: summarize.py results.jsonl [--device "NAME, MEMORY, DRIVER"]
"""
import argparse
import datetime
import json

GIB = 2 ** 30
STAGES = ("text-encode", "denoise", "vae-decode")


def size(value):
    if not value:
        return "-"
    return f"{value / GIB:.2f} GiB" if value >= GIB / 4 else f"{value / 2 ** 20:.1f} MiB"


def planned_peaks(plan):
    peaks = {}
    for stage in (plan or {}).get("stages", []):
        # torch's max_memory_allocated counts GPU memory only: a CPU row (the text encoder of the
        # low-memory preset) is not what was measured.
        gpus = [d for d in stage.get("devices", []) if str(d.get("device", "")).startswith("cuda")]
        peaks[stage["name"]] = max((d.get("peakBytes", 0) for d in gpus), default=0)
    return peaks


def measured_stages(row):
    return {s["name"]: s for s in (row.get("measured") or {}).get("stages", [])}


def parity_table(rows):
    rows = [r for r in rows if r.get("step") == "parity"]
    if not rows:
        return []
    out = ["| case | device | dtype | max abs diff | worst RMS error / RMS golden | elements outside atol + 1e-4·abs(golden) |",
           "|---|---|---|---|---|---|"]
    for r in rows:
        if "error" in r:
            out.append(f"| {r['label']} | {r['device']} | {r['dtype']} | error: {r['error'][:120]} | | |")
            continue
        out.append(f"| {r['label']} | {r['device']} | {r['dtype']} | {r['maxAbsDiff']:.2e} | "
                   f"{r['worstRelativeRms']:.2e} | {r['elementsOutside']} |")
    return out


def stage_table(rows):
    """quick / quick2: each stage's outcome (ok, skipped, stopped at the deadline, failed) and time."""
    rows = [r for r in rows if r.get("step") == "quick"]
    if not rows:
        return []
    out = ["| stage | status | seconds | note |", "|---|---|---|---|"]
    for r in rows:
        out.append(f"| {r['stage']} | {r['status']} | {r['seconds']:.1f} | {r.get('note', '')} |")
    return out


def environment_lines(rows):
    """The probe's machine and the build's route and cost (the last of each)."""
    out = []
    probe = [r for r in rows if r.get("step") == "probe"]
    if probe:
        p = probe[-1]
        out.append(f"Machine: {p.get('gpu')}, {p.get('cores')} cores; torch {p.get('torch')} (CUDA {p.get('torchCuda')}, "
                   f"available {p.get('cudaAvailable')}, CMake config {p.get('torchCMakeConfig')}); {p.get('gcc')}; "
                   f"{p.get('cmake')}; nvcc: {p.get('nvcc')}; pkg-config {p.get('pkgConfig')}; transformers "
                   f"{p.get('transformers')}, huggingface_hub {p.get('huggingface_hub')}.")
    build = [r for r in rows if r.get("step") == "build"]
    if build:
        b = build[-1]
        if "wallSeconds" in b:
            out.append(f"Build: torch's {b['route']} route, C++{b['cxx']}: configure {b['configureSeconds']:.0f} s, "
                       f"build {b['wallSeconds']:.0f} s wall, {b['cpuSeconds']:.0f} core-seconds on {b['cores']} cores "
                       f"(ccache {b['ccache']}); 16-core estimate {b['estimate16CoresSeconds']:.0f} s.")
        else:
            out.append(f"Build: {b['route']}.")
    return out


def warm_seconds_per_step(steps):
    """The median of the steps after the first (which pays for lazy initialisation and, in
    Framesmith, loading the transformer: its weights load stage by stage, diffusers' before the call)."""
    later = sorted((steps or [])[1:])
    if not later:
        return None
    mid = len(later) // 2
    return later[mid] if len(later) % 2 else (later[mid - 1] + later[mid]) / 2


def goal_cell(row, measured):
    """The issue's memory goal for this (model, preset): met when every stage's peak is under it."""
    goal = row.get("goalBytes")
    if not goal:
        return "-"
    peaks = [s.get("peakBytes") for s in measured.values() if s.get("peakBytes")]
    if not peaks:
        return f"≤ {size(goal)}: not measured"
    return f"≤ {size(goal)}: {'met' if max(peaks) <= goal else 'MISSED'} ({size(max(peaks))})"


def speed_table(rows, model):
    requests = [r["request"] for r in rows if r.get("model") == model and r.get("request")]
    out = [f"**{model}**" + (f" ({requests[-1]})" if requests else ""), "",
           "| side | preset / placement | exit | s/step | s/step after step 1 | " + " | ".join(
               f"{s} peak (planned, error)" for s in STAGES) + " | memory goal |",
           "|---|---|---|---|---|" + "---|" * len(STAGES) + "---|"]
    for r in rows:
        if r.get("model") != model or r.get("step") not in ("presets", "diffusers"):
            continue
        measured, planned = measured_stages(r), planned_peaks(r.get("plan"))
        sps = (r.get("measured") or {}).get("secondsPerStep") or r.get("secondsPerStep")
        cells = []
        for stage in STAGES:
            m = measured.get(stage, {}).get("peakBytes")
            p = planned.get(stage)
            if m and p:
                cells.append(f"{size(m)} ({size(p)}, {(p - m) / m:+.0%})")
            elif m:
                cells.append(size(m))
            else:
                seconds = measured.get(stage, {}).get("seconds")
                cells.append(f"- ({seconds:.1f} s)" if seconds else "-")
        warm = warm_seconds_per_step(r.get("stepSeconds"))
        out.append(f"| {r.get('side', 'framesmith')} | {r['label']} | {r['exit']} | "
                   + (f"{sps:.3f} |" if sps else "- |") + (f" {warm:.3f} |" if warm else " - |"))
        out[-1] += " " + " | ".join(cells) + " | " + goal_cell(r, measured) + " |"
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("results")
    parser.add_argument("--device", default="unknown device")
    args = parser.parse_args()
    rows = [json.loads(line) for line in open(args.results) if line.strip()]
    print(f"### GPU run {datetime.date.today().isoformat()} — {args.device}")
    print()
    print("Command: `bench/gpu/run.sh` steps (bench/gpu/README.md). Peaks are torch's allocated bytes "
          "(max_memory_allocated) per stage; planned is `framesmith-cli plan` for the same request, busiest "
          "GPU; s/step is the denoise stage over the steps, first step included; s/step after step 1 is the median "
          "of the later steps' wall times.")
    print()
    for line in environment_lines(rows):
        print(line)
        print()
    for line in stage_table(rows):
        print(line)
    print()
    for line in parity_table(rows):
        print(line)
    print()
    for model in sorted({r["model"] for r in rows if "model" in r and r.get("step") in ("presets", "diffusers")}):
        for line in speed_table(rows, model):
            print(line)
        print()


if __name__ == "__main__":
    main()
