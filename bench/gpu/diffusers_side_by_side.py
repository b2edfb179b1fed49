#!/usr/bin/env python3
"""The reference side of bench/gpu/run.sh: one CogVideoX or Wan text-to-video generation through
diffusers 0.36.0 on the same model folder (the random weights bench_gpu_make_random_model wrote), device, dtype and request
as Framesmith's run, timed and measured per stage. Prints one JSON line (run.sh appends it to
results.jsonl).

Stages as Framesmith counts them: text-encode (the T5 forward of prompt and negative prompt),
denoise (the pipeline call up to latents, output_type="latent"), vae-decode. Peak allocated bytes
per stage come from torch.cuda.max_memory_allocated after a reset (CUDA only).

The prompt ids come from `framesmith-cli tokenize` (the tokenizers agree: tst_T5Tokenizer), so no
Python tokenizer is needed (Wan: 512 ids and their mask, then diffusers' _get_t5_prompt_embeds' zeroing
of the rows past each prompt). The T5 forward runs in transformers' T5EncoderModel when transformers
imports (the GPU machine); otherwise (Debian's torch 1.13 on a development machine, no
transformers) through `framesmith-cli eval text-encoder` on the CPU, and the text-encode stage is
then reported as Framesmith's ("textEncoder": "framesmith"). diffusers is imported from the
staged source tree (bench/gpu/stage's .tgz, unpacked in the run's work folder); on torch < 2 through the shared reference's import
shims (reference/cpu/fixture_shims/refenv.py: math attention in place of SDPA).

Placements: resident (every component on the device) and offload-tiled (each component moved to
the device for its stage and back, the VAE decoding in tiles), the nearest diffusers equivalents
of the 24gb / max-speed presets.
"""
import argparse
import importlib.util
import json
import os
import struct
import subprocess
import sys
import tempfile
import time

DTYPES = {"F32": ("f", 4), "I64": ("q", 8)}


def write_safetensors(path, tensors, meta=None):
    """Minimal writer for int64 ids: {name: (dtype, shape, flat list)}; meta: __metadata__["json"]."""
    header, blobs, offset = {}, [], 0
    if meta is not None:
        header["__metadata__"] = {"json": json.dumps(meta)}
    for name, (dtype, shape, values) in tensors.items():
        fmt, size = DTYPES[dtype]
        blob = struct.pack(f"<{len(values)}{fmt}", *values)
        header[name] = {"dtype": dtype, "shape": shape, "data_offsets": [offset, offset + len(blob)]}
        blobs.append(blob)
        offset += len(blob)
    text = json.dumps(header).encode()
    text += b" " * (-len(text) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(text)) + text + b"".join(blobs))


def read_safetensors_f32(path, name, torch):
    with open(path, "rb") as f:
        n = struct.unpack("<Q", f.read(8))[0]
        header = json.loads(f.read(n))
        entry = header[name]
        assert entry["dtype"] == "F32", entry
        begin, end = entry["data_offsets"]
        f.seek(8 + n + begin)
        data = bytearray(f.read(end - begin))
    return torch.frombuffer(data, dtype=torch.float32).reshape(entry["shape"])


def token_ids(cli, model, prompts, max_length=226):
    """Each prompt's ids padded to max_length, and its token count (</s> included)."""
    rows, counts = [], []
    for text in prompts:
        out = subprocess.run([cli, "tokenize", "--model", model, "--max-length", str(max_length), text],
                             check=True, capture_output=True, text=True).stdout
        value = json.loads(out)
        entry = value[0] if isinstance(value, list) else value
        rows.append(entry["ids"])
        counts.append(entry["tokenCount"])
    return rows, counts


def import_reference(reference, torch_major):
    if torch_major >= 2 and importlib.util.find_spec("transformers") is not None:
        # diffusers from the staged sources; huggingface_hub from the machine where it has one (a
        # GPU image's transformers 5.x imports only hub 1.x, which diffusers 0.36 accepts), else staged.
        sys.path.insert(0, os.path.join(reference, "diffusers/src"))
        if importlib.util.find_spec("huggingface_hub") is None:
            sys.path.append(os.path.join(reference, "hub/src"))
            return "sources (diffusers, huggingface_hub)"
        return "sources (diffusers; the installed huggingface_hub)"
    # torch 1.13 (Debian 12), or no transformers (the GPU rehearsal's Debian 13 root): the shared
    # reference's site + shims (each only where torch lacks the feature), transformers as an import
    # stand-in (the T5 forward is then framesmith-cli's).
    ref = os.path.join(reference, "site-root")
    os.makedirs(ref, exist_ok=True)
    for name, target in (("diffusers", "diffusers"), ("hub", "hub"), ("transformers", "cpu/transformers-stand-in")):
        link = os.path.join(ref, name)
        if not os.path.exists(link):
            os.symlink(os.path.join(reference, target), link)
    sys.path.insert(0, os.path.join(reference, "cpu", "fixture_shims"))
    import refenv
    refenv.activate(ref)
    return "torch-1.13 shims: " + "; ".join(refenv.SHIM_NOTES)


def load_model(cls, path, dtype):
    """cls.from_pretrained, which without accelerate refuses a class with _keep_in_fp32_modules (Wan's
    transformer); then the same by hand: weights into the config's module, cast, those modules kept
    in float32 as diffusers keeps them (a parameter whose dotted name holds one of their names)."""
    try:
        import accelerate  # noqa: F401  (the GPU image has it)
        return cls.from_pretrained(path, torch_dtype=dtype)
    except ImportError:
        if not getattr(cls, "_keep_in_fp32_modules", None):
            return cls.from_pretrained(path, torch_dtype=dtype)
    import glob
    import torch
    from safetensors.torch import load_file
    model = cls.from_config(cls.load_config(path))
    state = {}
    for shard in sorted(glob.glob(os.path.join(path, "*.safetensors"))):
        state.update(load_file(shard))
    model.load_state_dict(state)
    model.to(dtype)
    keep = set(cls._keep_in_fp32_modules)
    for name, parameter in model.named_parameters():
        if keep.intersection(name.split(".")):
            parameter.data = parameter.data.to(torch.float32)
    return model.eval()


class Stages:
    def __init__(self, torch, device):
        self.torch, self.device, self.rows = torch, device, []

    def run(self, name, fn):
        torch, cuda = self.torch, self.device.startswith("cuda")
        if cuda:
            torch.cuda.synchronize()
            torch.cuda.reset_peak_memory_stats()
        start = time.perf_counter()
        result = fn()
        if cuda:
            torch.cuda.synchronize()
        row = {"name": name, "seconds": round(time.perf_counter() - start, 3)}
        if cuda:
            row["peakBytes"] = torch.cuda.max_memory_allocated()
        self.rows.append(row)
        return result


def encode_prompts(args, torch, dtype, ids, stages, counts=None, umt5=False, prompts=None):
    """T5 (CogVideoX) or UMT5 with its mask, rows past each prompt zeroed (Wan)."""
    try:
        import transformers
        encoder_class = getattr(transformers, "UMT5EncoderModel" if umt5 else "T5EncoderModel")
        if not hasattr(encoder_class, "from_pretrained"):
            raise ImportError("transformers is the import-only stand-in here")
        # transformers 5 renamed torch_dtype to dtype.
        dtype_key = "dtype" if int(transformers.__version__.split(".")[0]) >= 5 else "torch_dtype"
        encoder = encoder_class.from_pretrained(os.path.join(args.model, "text_encoder"), **{dtype_key: dtype})
        encoder.to(args.device)
        ids_t = torch.tensor(ids, dtype=torch.int64, device=args.device)

        def forward():
            if not umt5:
                return encoder(ids_t)[0]
            mask = torch.tensor([[1 if i < n else 0 for i in range(len(row))] for row, n in zip(ids, counts)],
                                dtype=torch.int64, device=args.device)
            hidden = encoder(ids_t, mask).last_hidden_state
            keep = mask.unsqueeze(-1).to(hidden.dtype)
            return hidden * keep  # WanPipeline._get_t5_prompt_embeds: zeros past each prompt's length
        with torch.no_grad():
            embeds = stages.run("text-encode", forward)
        if args.placement != "resident":
            encoder.to("cpu")
        del encoder
        return embeds.to(dtype), "transformers"
    except ImportError:
        pass
    with tempfile.TemporaryDirectory() as tmp:
        case, out = os.path.join(tmp, "ids.safetensors"), os.path.join(tmp, "embeds.safetensors")
        flat = [v for row in ids for v in row]
        meta = None
        if umt5:  # Wan's text-encoder eval takes the raw prompts and tokenizes them itself
            meta = {"prompts": [{"raw": p} for p in prompts], "max_sequence_length": len(ids[0])}
        write_safetensors(case, {"input_ids": ("I64", [len(ids), len(ids[0])], flat)}, meta)
        start = time.perf_counter()
        subprocess.run([args.cli, "eval", "text-encoder", "--model", args.model, "--case", case, "--out", out],
                       check=True, capture_output=True)
        stages.rows.append({"name": "text-encode", "seconds": round(time.perf_counter() - start, 3),
                            "by": "framesmith-cli eval text-encoder (no transformers here)"})
        return read_safetensors_f32(out, "prompt_embeds", torch).to(args.device, dtype), "framesmith"


def main():
    p = argparse.ArgumentParser()
    for name in ("--model", "--cli", "--reference", "--device", "--prompt", "--placement", "--label", "--work"):
        p.add_argument(name, required=name not in ("--label", "--work"))
    p.add_argument("--dtype", default="bfloat16")
    p.add_argument("--frames", type=int, default=49)
    p.add_argument("--width", type=int, default=720)
    p.add_argument("--height", type=int, default=480)
    p.add_argument("--steps", type=int, default=4)
    p.add_argument("--guidance", type=float, default=6.0)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()

    import torch
    major = int(torch.__version__.split(".")[0])
    imported = import_reference(os.path.abspath(args.reference), major)
    index = json.load(open(os.path.join(args.model, "model_index.json")))
    version = tuple(int(part) for part in torch.__version__.split("+")[0].split(".")[:2])
    if index["_class_name"].startswith("Wan") and version < (2, 4):
        print(json.dumps({"step": "diffusers", "side": "diffusers", "model": args.label, "label": args.placement,
                          "exit": 2, "error": f"diffusers' Wan needs torch >= 2.4 (torch.nn.RMSNorm), this "
                                              f"machine has {torch.__version__}: bench/wan-vs-reference.sh runs it in a Debian 13 root"}))
        return
    import diffusers
    dtype = getattr(torch, args.dtype)
    pipeline_class = getattr(diffusers, index["_class_name"])
    scheduler_class = getattr(diffusers, index["scheduler"][1])
    if "I2V" in index["_class_name"] or "Image" in index["_class_name"]:
        print(json.dumps({"step": "diffusers", "side": "diffusers", "model": args.label, "label": args.placement,
                          "exit": 2, "error": "image-to-video models are not run by this script"}))
        return
    is_wan = index["_class_name"] == "WanPipeline"
    component = lambda name: os.path.join(args.model, name)

    stages = Stages(torch, args.device)
    scheduler = scheduler_class.from_pretrained(component("scheduler"))
    denoisers = []
    if is_wan:
        from diffusers import AutoencoderKLWan, WanTransformer3DModel
        prompts = [args.prompt, ""]
        ids, counts = token_ids(args.cli, args.model, prompts, 512)
        embeds, encoder_side = encode_prompts(args, torch, dtype, ids, stages, counts, umt5=True, prompts=prompts)
        denoisers = [load_model(WanTransformer3DModel, component(name), dtype)
                     for name in ("transformer", "transformer_2")
                     if isinstance(index.get(name), list) and index[name][0] is not None]
        vae = load_model(AutoencoderKLWan, component("vae"), dtype)
        pipe = pipeline_class(tokenizer=None, text_encoder=None, vae=vae, scheduler=scheduler,
                              transformer=denoisers[0], transformer_2=denoisers[1] if len(denoisers) > 1 else None,
                              boundary_ratio=index.get("boundary_ratio"),
                              expand_timesteps=bool(index.get("expand_timesteps", False)))
    else:
        from diffusers import AutoencoderKLCogVideoX, CogVideoXTransformer3DModel
        ids, _ = token_ids(args.cli, args.model, [args.prompt, ""])
        embeds, encoder_side = encode_prompts(args, torch, dtype, ids, stages)
        denoisers = [CogVideoXTransformer3DModel.from_pretrained(component("transformer"), torch_dtype=dtype)]
        vae = AutoencoderKLCogVideoX.from_pretrained(component("vae"), torch_dtype=dtype)
        pipe = pipeline_class(tokenizer=None, text_encoder=None, vae=vae, transformer=denoisers[0], scheduler=scheduler)
    pipe.set_progress_bar_config(disable=True)
    # Both placements keep the denoisers (A14B: both experts) on the device while denoising: the
    # script moves components by hand between stages, not inside diffusers' loop.
    for denoiser in denoisers:
        denoiser.to(args.device)
    if args.placement == "resident":
        vae.to(args.device)
    generator = torch.Generator(device="cpu").manual_seed(args.seed)

    # Each step's wall time, as Framesmith's CLI prints its own: the first step pays for lazy
    # initialisation on both sides, so the report also compares the steps after it.
    step_ends = []

    def on_step_end(pipeline, index, timestep, kwargs):
        if args.device.startswith("cuda"):
            torch.cuda.synchronize()
        step_ends.append(time.perf_counter())
        return kwargs

    def denoise():
        step_ends.append(time.perf_counter())
        with torch.no_grad():
            return pipe(prompt_embeds=embeds[:1], negative_prompt_embeds=embeds[1:], num_frames=args.frames,
                        height=args.height, width=args.width, num_inference_steps=args.steps,
                        guidance_scale=args.guidance, generator=generator, output_type="latent",
                        callback_on_step_end=on_step_end).frames

    latents = stages.run("denoise", denoise)
    if args.placement != "resident":
        for denoiser in denoisers:
            denoiser.to("cpu")
        vae.to(args.device)
        vae.enable_tiling()

    def decode():
        if not is_wan:
            return pipe.decode_latents(latents)
        # WanPipeline.__call__ after the loop: latents / latents_std + latents_mean, then decode.
        z = latents.to(vae.dtype)
        shape = (1, vae.config.z_dim, 1, 1, 1)
        mean = torch.tensor(vae.config.latents_mean).view(shape).to(z.device, z.dtype)
        inv_std = 1.0 / torch.tensor(vae.config.latents_std).view(shape).to(z.device, z.dtype)
        return vae.decode(z / inv_std + mean, return_dict=False)[0]
    with torch.no_grad():
        video = stages.run("vae-decode", decode)
    denoise_seconds = next(r["seconds"] for r in stages.rows if r["name"] == "denoise")
    print(json.dumps({"step": "diffusers", "side": "diffusers", "model": args.label, "label": args.placement,
                      "device": args.device, "dtype": args.dtype, "exit": 0, "textEncoder": encoder_side,
                      "torch": torch.__version__, "diffusers": diffusers.__version__, "imported": imported[:300],
                      "secondsPerStep": round(denoise_seconds / args.steps, 3),
                      "stepSeconds": [round(b - a, 4) for a, b in zip(step_ends, step_ends[1:])],
                      "videoShape": list(video.shape), "finite": bool(torch.isfinite(video.float()).all()),
                      "measured": {"stages": stages.rows}}))


if __name__ == "__main__":
    try:
        main()
    except Exception as error:  # one row that says what failed (first contact with a machine)
        import traceback
        args = sys.argv
        value = lambda flag: args[args.index(flag) + 1] if flag in args else None
        print(json.dumps({"step": "diffusers", "side": "diffusers", "model": value("--label"),
                          "label": value("--placement"), "exit": 1, "error": repr(error)[:300],
                          "traceback": traceback.format_exc()[-1500:]}))
        sys.exit(1)
