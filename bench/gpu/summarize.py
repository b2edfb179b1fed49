#!/usr/bin/env python3
"""Turns bench/gpu/run.sh results (one JSON object per line) into the markdown table for
docs/benchmarks.md: seconds per step, measured and planned peak per stage, planner error, and
block-streaming overhead against the resident transformer."""
import json
import sys

GIB = 2 ** 30


def busiest(stage_devices):
    return max((d.get("peakBytes", 0) for d in stage_devices), default=0)


def main(path):
    rows = [json.loads(line) for line in open(path) if line.strip()]
    print("| model | run | exit | s/step | stage | measured peak | planned peak | error |")
    print("|---|---|---|---|---|---|---|---|")
    speed = {}
    for row in rows:
        planned = {s["name"]: busiest(s["devices"]) for s in (row.get("plan") or {}).get("stages", [])}
        measured = {s["name"]: s.get("peakBytes", 0) for s in (row.get("measured") or {}).get("stages", [])}
        sps = row.get("secondsPerStep")
        speed[(row["model"], row["label"])] = sps
        for stage in planned.keys() | measured.keys():
            m, p = measured.get(stage), planned.get(stage)
            error = f"{(p - m) / m:+.0%}" if m and p else "-"
            print(f"| {row['model']} | {row['label']} | {row['exit']} | {sps if sps else '-'} | {stage} | "
                  f"{m / GIB:.2f} GiB | {p / GIB:.2f} GiB | {error} |" if m and p else
                  f"| {row['model']} | {row['label']} | {row['exit']} | {sps if sps else '-'} | {stage} | "
                  f"{'-' if not m else f'{m / GIB:.2f} GiB'} | {'-' if not p else f'{p / GIB:.2f} GiB'} | - |")
    print()
    for model in sorted({m for m, _ in speed}):
        resident, streamed = speed.get((model, "24gb")), speed.get((model, "low-memory"))
        if resident and streamed:
            print(f"- {model}: block streaming costs {streamed / resident - 1:+.0%} per step "
                  f"({streamed:.2f} s vs {resident:.2f} s resident)")
        split, single = speed.get((model, "multi-gpu-logical2")), speed.get((model, "24gb"))
        if split and single:
            print(f"- {model}: guidance split over two logical devices: {split:.2f} s/step vs {single:.2f} s")


if __name__ == "__main__":
    main(sys.argv[1])
