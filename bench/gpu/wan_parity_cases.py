#!/usr/bin/env python3
"""The Wan fixture cases as bench_gpu_parity reads them (LABEL KIND MODEL GOLDEN ATOL [NAME=ATOL ...]),
with the atol of every golden tensor from tests/fixtures/wan/README.md, "Tolerances" (rtol 1e-4; "exact"
is written as 0, which leaves rtol's 1e-4 of the value, as the CogVideoX rows do). The same rules as
tests/backend/models/wan/tst_WanEvalKinds.cpp and tst_WanPipeline.cpp. Reads only the safetensors
headers, so it needs no torch.

usage: wan_parity_cases.py WAN_FIXTURES_DIR
"""
import json
import os
import re
import struct
import sys


def tensor_names(path):
    with open(path, "rb") as f:
        size = struct.unpack("<Q", f.read(8))[0]
        header = json.loads(f.read(size))
    return sorted(k for k in header if k != "__metadata__")


def pipeline_rule(name):
    if name in ("noise", "timesteps", "expert_per_step", "first_frame_mask", "image_preprocessed",
                "image_uint8") or "_timestep" in name:
        return 0.0
    if name in ("prompt_embeds", "negative_prompt_embeds", "image_embeds"):
        return 1e-4
    if name == "vae_decode_input":
        return 2e-3  # scaled by latents_std, up to 3.3
    return None  # the row's 5e-4


def scheduler_rule(name):
    if re.search(r"^unipc_.*timesteps$", name):
        return 0.0
    if re.search(r"_sigmas$|^euler_.*timesteps$", name):
        return 1e-7
    return None  # the row's 5e-6


def vae_rule(name):
    if name in ("image_preprocessed", "last_image_preprocessed", "video_condition", "condition_mask"):
        return 0.0
    if name in ("posterior_mode", "condition_latents", "condition"):
        return 5e-4  # golden/i2v: the pipeline tolerance
    return None  # the row's 1e-4


def transformer_rule(name):
    return 1e-6 if name.startswith("tap_rope_") else None  # the row's 5e-5


def text_rule(name):
    return 0.0 if name in ("input_ids", "attention_mask") else None  # the row's 1e-4


def variant_of(kind, stem):
    """The fixture model folder a golden belongs to (its file name says which)."""
    if kind == "vae" and stem in ("wan2.1", "wan2.2"):
        return {"wan2.1": "wan2.1-t2v", "wan2.2": "wan2.2-ti2v"}[stem]
    if kind in ("text-encoder", "scheduler"):
        return "wan2.1-t2v"
    for variant in ("wan2.2-i2v-a14b", "wan2.2-a14b", "wan2.2-ti2v", "wan2.1-i2v", "wan2.1-t2v"):
        if stem.startswith(variant):
            return variant
    raise SystemExit(f"wan_parity_cases.py: no fixture model for {kind} case {stem}")


def main():
    if len(sys.argv) != 2:
        raise SystemExit(__doc__.strip().splitlines()[-1])
    root = sys.argv[1]
    golden = os.path.join(root, "golden")
    groups = [("text-encoder", ["text_encoder.safetensors"], 1e-4, text_rule),
              ("transformer", sorted("transformer/" + f for f in os.listdir(os.path.join(golden, "transformer"))),
               5e-5, transformer_rule),
              ("vae", ["vae/wan2.1.safetensors", "vae/wan2.2.safetensors"], 1e-4, vae_rule),
              # golden/i2v's condition cases go through the vae kind; the image encoder's file has no kind
              ("vae", sorted("i2v/" + f for f in os.listdir(os.path.join(golden, "i2v")) if "_condition_" in f),
               1e-4, vae_rule),
              ("scheduler", ["scheduler/schedulers.safetensors"], 5e-6, scheduler_rule),
              ("pipeline", sorted("pipeline/" + f for f in os.listdir(os.path.join(golden, "pipeline"))),
               5e-4, pipeline_rule)]
    for kind, files, atol, rule in groups:
        for relative in files:
            path = os.path.join(golden, relative)
            stem = os.path.basename(relative)[: -len(".safetensors")]
            model = os.path.join(root, "models", variant_of(kind, stem))
            own = [f"{n}={rule(n):g}" for n in tensor_names(path) if rule(n) is not None]
            label = "wan/" + relative[: -len(".safetensors")]
            print("\t".join([label, kind, model, path, f"{atol:g}"] + own))


if __name__ == "__main__":
    main()
