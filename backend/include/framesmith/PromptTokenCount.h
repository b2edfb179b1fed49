#pragma once
// How many tokens a prompt takes in a model's text encoder, against the limit beyond which the
// rest of the prompt is cut off. Plain values; any thread.
namespace framesmith {

struct PromptTokenCount {
    int count = 0; // tokens of the prompt, end-of-sequence token included
    int limit = 0; // the longest prompt the model reads; 0: unknown (no tokenizer to ask)

    bool isKnown() const { return limit > 0; }
    bool isTruncated() const { return isKnown() && count > limit; }
};

} // namespace framesmith
