#!/usr/bin/env python3
"""Writes a full-size CogVideoX diffusers folder with random bf16 weights, built from the
full-size configs in tests/fixtures/cogvideox/full-size-configs/ (no download: weights are
random, only their sizes matter for memory and speed measurements).

usage: make_random_weights.py CONFIG_DIR OUT_DIR [--tokenizer-from TINY_MODEL_DIR]

Needs torch plus diffusers and transformers (the reference classes give the exact tensor names).
"""
import argparse
import json
import shutil
import sys
from pathlib import Path


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("config_dir", type=Path)
    parser.add_argument("out_dir", type=Path)
    parser.add_argument("--tokenizer-from", type=Path, required=True,
                        help="a model folder whose tokenizer/ (spiece.model) is copied")
    args = parser.parse_args()
    try:
        import torch
        from diffusers import AutoencoderKLCogVideoX, CogVideoXTransformer3DModel
        from transformers import T5Config, T5EncoderModel
    except ImportError as error:
        sys.exit(f"make_random_weights: {error}; install diffusers and transformers next to torch")

    torch.manual_seed(0)
    out = args.out_dir
    out.mkdir(parents=True, exist_ok=True)
    for name in ("model_index.json",):
        shutil.copy(args.config_dir / name, out / name)
    shutil.copytree(args.config_dir / "scheduler", out / "scheduler", dirs_exist_ok=True)
    shutil.copytree(args.tokenizer_from / "tokenizer", out / "tokenizer", dirs_exist_ok=True)

    def save(model, folder):
        # Small random values keep activations finite in bf16; sizes are what is measured.
        with torch.no_grad():
            for parameter in model.parameters():
                parameter.normal_(0.0, 0.02)
        model.to(torch.bfloat16).save_pretrained(out / folder, safe_serialization=True,
                                                 max_shard_size="5GB")
        del model

    with torch.device("cpu"):
        config = json.loads((args.config_dir / "transformer" / "config.json").read_text())
        save(CogVideoXTransformer3DModel.from_config(config), "transformer")
        config = json.loads((args.config_dir / "vae" / "config.json").read_text())
        save(AutoencoderKLCogVideoX.from_config(config), "vae")
        t5 = T5Config.from_json_file(args.config_dir / "text_encoder" / "config.json")
        save(T5EncoderModel(t5), "text_encoder")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
