#!/usr/bin/env bash
# A whole CogVideoX model folder at the mid-size workloads' widths (tests/fixtures/cogvideox-mid:
# the real 2b or 5b transformer config with 2 blocks, the real VAE), random fp32 weights, so that
# benches can run full generations through the Engine at real widths in seconds to minutes.
# The text encoder is a one-layer T5 with the real output width (4096, what the transformer
# expects) and the demo model's 700-token vocabulary and tokenizer: T5-XXL itself is 19 GB in fp32.
#
#   bench/mid-model/make-mid-model.sh 2b|5b OUT_DIR [BUILD_DIR]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
variant=${1:?usage: make-mid-model.sh 2b|5b OUT_DIR [BUILD_DIR]}
out=${2:?usage: make-mid-model.sh 2b|5b OUT_DIR [BUILD_DIR]}
bin=${3:-$root/build}/bin
case "$variant" in
  2b) full=cogvideox-2b ;;
  5b) full=cogvideox-5b ;;
  *) echo "make-mid-model.sh: unknown variant '$variant' (2b or 5b)" >&2; exit 2 ;;
esac
[ -f "$out/.complete" ] && { echo "$out: already made"; exit 0; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$bin/framesmith-cli" make-demo-model "$work/demo" >/dev/null
configs="$work/configs"
cp -r "$root/tests/fixtures/cogvideox/full-size-configs/$full" "$configs"
cp "$root/tests/fixtures/cogvideox-mid/transformer-$variant-mid/config.json" "$configs/transformer/config.json"
cp "$root/tests/fixtures/cogvideox-mid/vae/config.json" "$configs/vae/config.json"
if [ "$variant" = 5b ]; then # the mid VAE is the 2b one; 5b's differs only in scaling_factor
  sf=$(sed -n 's/.*"scaling_factor": *\([0-9.]*\).*/\1/p' "$root/tests/fixtures/cogvideox/full-size-configs/$full/vae/config.json")
  sed -i "s/\"scaling_factor\": *[0-9.]*/\"scaling_factor\": $sf/" "$configs/vae/config.json"
fi
sed -e 's/"d_model": *[0-9]*/"d_model": 4096/' -e 's/"d_kv": *[0-9]*/"d_kv": 64/' \
    -e 's/"num_layers": *[0-9]*/"num_layers": 1/' -e 's/"d_ff": *[0-9]*/"d_ff": 256/' \
    "$work/demo/text_encoder/config.json" > "$configs/text_encoder/config.json"
rm -rf "$configs/tokenizer"
"$bin/bench_gpu_make_random_model" "$configs" "$out" --tokenizer-from "$work/demo" --dtype float32
touch "$out/.complete"
