#!/bin/sh
# Trains the demo model's SentencePiece unigram tokenizer once (spm_train from Debian's
# `sentencepiece`) on resources/demo-tokenizer/corpus.txt and writes the transformers T5Tokenizer
# folder files next to it. The outputs are committed; `framesmith-cli make-demo-model` copies them.
# Same arguments as the reference fixtures' tokenizer (tests/fixtures/cogvideox/manifest.json).
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
out="$here/resources/demo-tokenizer"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
spm_train --input="$out/corpus.txt" --model_prefix=spiece --model_type=unigram --vocab_size=600 \
  --normalization_rule_name=nmt_nfkc --pad_id=0 --eos_id=1 --unk_id=2 --bos_id=-1 \
  --pad_piece='<pad>' --eos_piece='</s>' --unk_piece='<unk>' --character_coverage=0.9995 \
  --num_threads=1 --random_seed=20261122 --input_sentence_size=0 --hard_vocab_limit=false --minloglevel=2
cp spiece.model "$out/spiece.model"
pieces=$(wc -l < spiece.vocab)
python3 - "$out" "$pieces" <<'PY'
import json, sys
out, pieces = sys.argv[1], int(sys.argv[2])
extra = 100
# transformers T5Tokenizer: <extra_id_N> = vocab_size_of_spm + extra_ids - 1 - N (lstrip/rstrip).
added = {f"<extra_id_{n}>": pieces + extra - 1 - n for n in range(extra)}
special = lambda c, strip: {"content": c, "lstrip": strip, "normalized": False, "rstrip": strip,
                            "single_word": False, "special": True}
decoder = {"0": special("<pad>", False), "1": special("</s>", False), "2": special("<unk>", False)}
for token, i in sorted(added.items(), key=lambda kv: kv[1]):
    decoder[str(i)] = special(token, True)
names = [f"<extra_id_{n}>" for n in range(extra)]
config = {"add_prefix_space": True, "added_tokens_decoder": decoder, "additional_special_tokens": names,
          "clean_up_tokenization_spaces": True, "eos_token": "</s>", "extra_ids": extra, "legacy": True,
          "model_max_length": 226, "pad_token": "<pad>", "sp_model_kwargs": {},
          "tokenizer_class": "T5Tokenizer", "unk_token": "<unk>"}
plain = lambda c: {"content": c, "lstrip": False, "normalized": False, "rstrip": False, "single_word": False}
spec = {"additional_special_tokens": names, "eos_token": plain("</s>"), "pad_token": plain("<pad>"),
        "unk_token": plain("<unk>")}
for name, obj in (("tokenizer_config.json", config), ("special_tokens_map.json", spec), ("added_tokens.json", added)):
    with open(f"{out}/{name}", "w", encoding="utf-8") as f:
        json.dump(obj, f, indent=2, ensure_ascii=False, sort_keys=True)
        f.write("\n")
print(f"{pieces} pieces + {extra} extra ids = vocab {pieces + extra}")
PY
