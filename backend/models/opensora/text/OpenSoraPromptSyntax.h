#pragma once
// What scripts/inference.py does to one raw prompt before T5, for a single generation (loop 0):
// extract_json_from_prompts (text from the first '{' on is conditioning JSON), split_prompt /
// extract_prompts_loop ("|0| a |1| b" gives "a" for the first loop), then append_score_to_prompts
// and text_preprocessing (OpenSoraTextEncoder::preparePrompt). Torch-free; any thread.
#include <optional>
#include <string>

namespace framesmith {

class CancelToken;

class OpenSoraPromptSyntax {
public:
    static constexpr double kAestheticScore = 6.5; // configs/opensora-v1-2/inference/sample.py: aes

    // The text of loop 0. Throws InvalidRequestError("prompt") for '{' conditioning JSON (reference
    // images/videos, which this build does not run) and for a malformed "|0|" loop prompt.
    static std::string loopText(const std::string& raw);
    // loopText, then scores and cleaning: exactly what T5 encodes. Throws CancelledError when
    // `cancel` asks to stop while the text is cleaned.
    static std::string prepare(const std::string& raw, std::optional<double> aestheticScore = kAestheticScore,
                               std::optional<double> flowScore = std::nullopt, const CancelToken* cancel = nullptr);
};

} // namespace framesmith
