#include "models/cogvideox/text/CogVideoXPipelinePrompts.h"

#include "text/T5Encoder.h"
#include "text/T5Tokenizer.h"

#include <ATen/ATen.h>

#include <memory>
#include <mutex>

namespace framesmith {

namespace {

at::Tensor idsTensor(const TokenizedText& tokens)
{
    return at::tensor(tokens.ids, at::kLong).unsqueeze(0); // [1, L]
}

} // namespace

PromptTokenCount CogVideoXPipelinePrompts::countTokens(const std::string& modelDir, const std::string& prompt)
{
    static std::mutex mutex;
    // Deliberately never destroyed: SentencePiece lives in a dlopen'd bridge whose unloading at
    // exit must not race a static destructor.
    static auto* cached = new std::shared_ptr<const T5Tokenizer>();
    std::shared_ptr<const T5Tokenizer> tokenizer;
    {
        const std::lock_guard<std::mutex> lock(mutex);
        if (!*cached || (*cached)->folder() != modelDir + "/tokenizer")
            *cached = std::make_shared<const T5Tokenizer>(T5Tokenizer::fromFolder(modelDir + "/tokenizer"));
        tokenizer = *cached;
    }
    return {static_cast<int>(tokenizer->encodeUntruncated(prompt).size()), kMaxSequenceLength};
}

EncodedPrompts CogVideoXPipelinePrompts::encode(const std::string& modelDir, const std::string& prompt,
                                                const std::string& negativePrompt, bool withGuidance,
                                                const PipelineResources& resources, std::shared_ptr<T5Encoder>& encoder)
{
    const T5Tokenizer tokenizer = T5Tokenizer::fromFolder(modelDir + "/tokenizer");
    EncodedPrompts out;
    TokenizedText positive = tokenizer.encode(prompt, kMaxSequenceLength);
    out.truncatedTokens = positive.truncatedCount;
    out.promptIds = idsTensor(positive);
    if (withGuidance)
        out.negativePromptIds = idsTensor(tokenizer.encode(negativePrompt, kMaxSequenceLength));

    // Loaded here and dropped by the caller after: the text encoder is the largest component after
    // the transformer and is needed once per clip (unless a warm engine keeps it).
    ComponentPlacement* placement = resources.placement;
    if (!encoder)
        encoder = T5Encoder::load(modelDir + "/text_encoder", resources.dtype,
                                  placement ? placement->loadDevice("text_encoder") : resources.textEncoderDevice);
    // Detached however this returns: an out-of-memory retry may place the encoder elsewhere.
    std::shared_ptr<void> detach;
    if (placement) {
        placement->attach("text_encoder", *encoder);
        detach.reset(static_cast<void*>(nullptr), [placement](void*) { placement->detach("text_encoder"); });
    }
    const c10::Device device = placement ? placement->computeDevice("text_encoder") : resources.textEncoderDevice;
    auto embed = [&](const at::Tensor& ids) {
        return encoder->forward(ids.to(device)).to(resources.device, resources.dtype); // [1, L, D]
    };
    out.promptEmbeds = embed(out.promptIds);
    if (withGuidance)
        out.negativePromptEmbeds = embed(out.negativePromptIds);
    return out;
}

} // namespace framesmith
