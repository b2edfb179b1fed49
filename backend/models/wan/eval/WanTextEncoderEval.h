#pragma once
// `framesmith-cli eval text-encoder` for Wan cases: the prompts the metadata lists (raw texts, or
// names looked up in the JSON beside the case, as golden/text_encoder.json holds them) through
// WanTextEncoder at the case's max_sequence_length -> input_ids, attention_mask,
// last_hidden_state, prompt_embeds. The calling thread only.
#include "models/EvalKind.h"

namespace framesmith {

class WanTextEncoderEval {
public:
    static EvalOutputs run(const EvalCase& evalCase);
};

} // namespace framesmith
