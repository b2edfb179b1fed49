#!/usr/bin/env python3
"""The diffusers side of bench/wan-vs-reference.sh: Wan's transformer forward and VAE decode on the CPU.

Runs inside the Debian 13 root of bench/wan-ref-root.sh (python3-torch 2.6, the libtorch the port's
bench build there links), with diffusers 0.36.0 and huggingface_hub 0.36.2 as plain source trees in REF.

  wan_ref_bench.py make --ref REF --out DIR [WORKLOAD ...]
      For each workload: the model built from its config (real widths; the transformer with fewer
      blocks) with torch.manual_seed(0), saved with save_pretrained to DIR/WORKLOAD (config.json +
      safetensors, which the port loads), the inputs (seeded) in DIR/WORKLOAD/inputs.safetensors and
      the reference's output for them in DIR/WORKLOAD/reference_output.safetensors.
  wan_ref_bench.py run --ref REF --dir DIR --workload WORKLOAD [--runs 3] [--threads 2]
      Loads DIR/WORKLOAD and its inputs, one warm-up call, RUNS timed calls; prints one line:
      "median_s MEDIAN min MIN max MAX activation_MiB A after_load_MiB L blas CORE".
      Activation = the RSS peak over the calls (VmHWM reset after loading) minus the RSS after loading,
      as the port's benchmark measures it. One workload per process.
  wan_ref_bench.py kind WORKLOAD     prints transformer or vae-decode (what the port's benchmark runs)
"""
import argparse
import ctypes
import gc
import os
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
CONFIGS = os.path.join(HERE, "..", "..", "shared", "fixtures", "wan", "full-size-configs", "Wan-AI")

# Shapes: the transformer as one denoising call of the pipeline (batch 1: diffusers' Wan pipeline runs
# the conditional and unconditional halves as separate calls; 512 text rows as the pipeline pads to).
WORKLOADS = {
    # Wan 2.1 1.3B widths (dim 1536, 12 heads, ffn 8960), 2 of its 30 blocks; 5 x 30 x 52 latent
    # (17 frames at 240 x 416): 1950 tokens.
    "wan-transformer-1.3b": dict(kind="transformer", config="Wan2.1-T2V-1.3B-Diffusers/transformer",
                                 override={"num_layers": 2}, latent=[1, 16, 5, 30, 52], text=512),
    # The Wan 2.1 VAE (z 16), real widths: 3 latent frames of 8 x 12 -> 9 frames of 64 x 96.
    "wan-vae-decode": dict(kind="vae-decode", config="Wan2.1-T2V-1.3B-Diffusers/vae", latent=[1, 16, 3, 8, 12]),
    # The Wan 2.2 VAE (z 48, residual, patch 2), real widths: 2 latent frames of 4 x 6 -> 5 frames of 64 x 96.
    "wan22-vae-decode": dict(kind="vae-decode", config="Wan2.2-TI2V-5B-Diffusers/vae", latent=[1, 48, 2, 4, 6]),
    # Tiny settings of the same code paths, to check the whole chain in seconds.
    "tiny-transformer": dict(kind="transformer", config="Wan2.1-T2V-1.3B-Diffusers/transformer",
                             override={"num_layers": 1}, latent=[1, 16, 1, 4, 4], text=8),
    "tiny-vae-decode": dict(kind="vae-decode", config="Wan2.1-T2V-1.3B-Diffusers/vae", latent=[1, 16, 2, 2, 2]),
}
DEFAULT = ["wan-transformer-1.3b", "wan-vae-decode", "wan22-vae-decode"]


def activate(ref):
    """diffusers and huggingface_hub importable from REF without pip: REF/site with links and dist-infos."""
    site = os.path.join(ref, "site-bench")
    os.makedirs(site, exist_ok=True)
    for name, sub in (("diffusers", "diffusers/src/diffusers"), ("huggingface_hub", "hub/src/huggingface_hub")):
        target = os.path.join(ref, sub)
        if not os.path.isdir(target):
            raise SystemExit(f"reference source missing: {target} (bench/wan-ref-root.sh lays it out)")
        link = os.path.join(site, name)
        if not os.path.islink(link):
            os.symlink(target, link)
        with open(os.path.join(target, "__init__.py"), encoding="utf-8") as f:
            version = next(l.split('"')[1] for l in f if l.startswith("__version__"))
        info = os.path.join(site, f"{name}-{version}.dist-info")
        os.makedirs(info, exist_ok=True)
        with open(os.path.join(info, "METADATA"), "w") as f:
            f.write(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n")
    sys.path.insert(0, site)
    for key in ("HF_HUB_OFFLINE", "DIFFUSERS_OFFLINE"):
        os.environ.setdefault(key, "1")


def model_class(kind):
    from diffusers import AutoencoderKLWan, WanTransformer3DModel
    return WanTransformer3DModel if kind == "transformer" else AutoencoderKLWan


def status_kib(key):
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(key + ":"):
                return int(line.split()[1])
    return -1


def blas_core():
    """OpenBLAS's kernel in this process (the port prints its own): openblas_get_corename()."""
    with open("/proc/self/maps") as f:
        libs = {l.split()[-1] for l in f if "blas" in l.split()[-1] and ".so" in l}
    for lib in libs:
        try:
            get = ctypes.CDLL(lib).openblas_get_corename
            get.restype = ctypes.c_char_p
            return get().decode()
        except (OSError, AttributeError):
            pass
    return "none"


def make_inputs(spec, torch):
    gen = torch.Generator().manual_seed(1)
    inputs = {"latent": torch.randn(spec["latent"], generator=gen)}
    if spec["kind"] == "transformer":
        inputs["encoder_hidden_states"] = torch.randn([1, spec["text"], 4096], generator=gen)
        inputs["timestep"] = torch.tensor([999.0])
    return inputs


def call(model, spec, inputs):
    if spec["kind"] == "transformer":
        return model(inputs["latent"], inputs["timestep"], inputs["encoder_hidden_states"], return_dict=False)[0]
    return model.decode(inputs["latent"], return_dict=False)[0]


def make(args):
    import torch
    from safetensors.torch import save_file
    names = args.workloads or DEFAULT
    unknown = [n for n in names if n not in WORKLOADS]
    if unknown:
        raise SystemExit(f"unknown workload {unknown}: one of {', '.join(WORKLOADS)}")
    for name in names:
        spec = WORKLOADS[name]
        cls = model_class(spec["kind"])
        config = dict(cls.load_config(os.path.join(args.configs, spec["config"])))
        config.update(spec.get("override", {}))
        torch.manual_seed(0)
        model = cls.from_config(config).eval()
        out = os.path.join(args.out, name)
        model.save_pretrained(out, safe_serialization=True)
        inputs = make_inputs(spec, torch)
        save_file(inputs, os.path.join(out, "inputs.safetensors"))
        with torch.no_grad():
            result = call(model, spec, inputs)
        save_file({"output": result.contiguous()}, os.path.join(out, "reference_output.safetensors"))
        print(f"{name}: {sum(p.numel() for p in model.parameters()) / 1e6:.1f} M parameters, "
              f"input {list(inputs['latent'].shape)} -> {list(result.shape)} in {out}")


def run(args):
    import torch
    from safetensors.torch import load_file
    torch.set_num_threads(args.threads)
    torch.set_grad_enabled(False)
    spec = WORKLOADS[args.workload]
    folder = os.path.join(args.dir, args.workload)
    cls = model_class(spec["kind"])
    model = cls.from_config(cls.load_config(folder)).eval()
    weights = [f for f in os.listdir(folder) if f.startswith("diffusion_pytorch_model") and f.endswith(".safetensors")]
    if len(weights) != 1:
        raise SystemExit(f"{folder}: expected one diffusion_pytorch_model*.safetensors, found {weights}")
    model.load_state_dict(load_file(os.path.join(folder, weights[0])), strict=True)
    inputs = load_file(os.path.join(folder, "inputs.safetensors"))
    gc.collect()
    after_load = status_kib("VmRSS")
    with open("/proc/self/clear_refs", "w") as f:
        f.write("5")  # VmHWM back to the current RSS
    call(model, spec, inputs)  # warm-up
    times = []
    for _ in range(args.runs):
        t0 = time.perf_counter()
        call(model, spec, inputs)
        times.append(time.perf_counter() - t0)
    peak = status_kib("VmHWM")
    print(f"median_s {statistics.median(times):.3f} min {min(times):.3f} max {max(times):.3f} "
          f"activation_MiB {(peak - after_load) / 1024:.0f} after_load_MiB {after_load / 1024:.0f} "
          f"blas {blas_core()} torch {torch.__version__} threads {torch.get_num_threads()}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="mode", required=True)
    p = sub.add_parser("make")
    p.add_argument("--ref", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--configs", default=CONFIGS, help="the Wan-AI folder of shared/fixtures/wan/full-size-configs")
    p.add_argument("workloads", nargs="*", help=", ".join(WORKLOADS))
    p = sub.add_parser("run")
    p.add_argument("--ref", required=True)
    p.add_argument("--dir", required=True)
    p.add_argument("--workload", required=True, choices=list(WORKLOADS))
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--threads", type=int, default=2)
    p = sub.add_parser("kind")
    p.add_argument("workload", choices=list(WORKLOADS))
    args = parser.parse_args()
    if args.mode == "kind":
        print(WORKLOADS[args.workload]["kind"])
        return
    activate(args.ref)
    import warnings
    # diffusers asks for a CUDA autocast context in places; on a CPU-only torch that is a no-op
    warnings.filterwarnings("ignore", message="User provided device_type of 'cuda'")
    from diffusers.utils import logging as diffusers_logging
    diffusers_logging.set_verbosity_error()
    make(args) if args.mode == "make" else run(args)


if __name__ == "__main__":
    main()
