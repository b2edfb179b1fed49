#pragma once
// Open-Sora 1.2 STDiT3 (hpcai-tech/OpenSora-STDiT-v3, reference commit df5668c) driven by its
// config.json; children are named like the checkpoint keys. forward() is const and runs on the
// worker thread that owns the model. Blocks run in the reference's order (spatial i, temporal i);
// a block callback lets memory strategies stream them and a CancelToken is checked between blocks.
#include "core/ChunkedAttention.h"
#include "core/ModuleGroup.h"
#include "framesmith/CancelToken.h"
#include "models/opensora/transformer/STDiT3Block.h"
#include "models/opensora/transformer/STDiT3CaptionEmbedder.h"
#include "models/opensora/transformer/STDiT3Config.h"
#include "models/opensora/transformer/STDiT3FinalLayer.h"
#include "models/opensora/transformer/STDiT3PatchEmbed.h"
#include "models/opensora/transformer/STDiT3Rope.h"
#include "models/opensora/transformer/STDiT3TimestepEmbedder.h"

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace framesmith {

class StepCache;

// STDiT3.forward(x, timestep, y, mask, x_mask, fps, height, width); tensors may be on any device.
struct STDiT3Inputs {
    at::Tensor x;                    // [B, in_channels, T, H, W] latents (any T, H, W: padded to the patch)
    at::Tensor timestep;             // [B] in [0, 1000]
    at::Tensor y;                    // [B, 1, L, caption_channels] T5 states (L rows, usually 300)
    std::optional<at::Tensor> mask;  // [Bm, L] text mask, Bm dividing B (repeated); none: every row
    std::optional<at::Tensor> xMask; // [B, T] bool: False frames take the timestep-0 modulation
    at::Tensor fps;                  // [B] or a divisor of B entries
    at::Tensor height;               // pixels; element 0 scales the position table
    at::Tensor width;
    // Step caching for this forward (nullptr: every block runs): batch row b is branch firstBranch + b.
    StepCache* stepCache = nullptr;
    int firstBranch = 0;
};

class STDiT3 : public Module {
public:
    using BlockCallback = std::function<void(int blockIndex, bool beforeBlock)>;
    using DebugTensors = std::map<std::string, at::Tensor>;

    explicit STDiT3(STDiT3Config config);

    // folder holds config.json and model.safetensors (or shards with their index). Every tensor is
    // checked against the config first: missing, misshapen or unknown tensors throw ShapeError
    // naming the tensor, both shapes and the file; FileError for unreadable files.
    static std::shared_ptr<STDiT3> load(const std::string& folder, c10::ScalarType dtype, c10::Device device);

    const STDiT3Config& config() const { return m_config; }

    // -> [B, out_channels, T, H, W] float32 (the reference casts its output). Throws ShapeError on
    // bad inputs, CancelledError when the token asks to stop, NumericalError on NaN/inf output.
    at::Tensor forward(const STDiT3Inputs& inputs) const;
    // The same, filling `debug` with the reference's forward-hook tensors under the fixture names
    // without "debug." (t_embedder, fps_embedder, t_block, *.t0, y_embedder, y_lens, x_embedder,
    // pos_embed, spatial_block{i}, temporal_block{i}, final_layer).
    at::Tensor forwardWithDebug(const STDiT3Inputs& inputs, DebugTensors& debug) const;
    // forward() without the NaN/inf check (which waits for the device); see checkFinite().
    at::Tensor forwardUnchecked(const STDiT3Inputs& inputs) const;
    void checkFinite(const at::Tensor& output, const at::Tensor& timestep) const;

    // The model's null caption for classifier-free guidance: [count, 1, model_max_length, caption_channels].
    at::Tensor nullCaption(std::int64_t count) const { return m_yEmbedder->nullCaption(count); }

    // Blocks in execution order (spatial 0, temporal 0, spatial 1, ...): the block callback's index.
    std::vector<Module*> blocksInOrder() const;
    // Every child outside spatial_blocks/temporal_blocks (what rests with the embeddings).
    Module& nonBlockModules() { return *m_nonBlock; }

    void setBlockCallback(BlockCallback callback) { m_blockCallback = std::move(callback); }
    void setCancelToken(const CancelToken* token) { m_cancelToken = token; }
    void setAttentionOptions(const AttentionOptions& options) { m_attentionOptions = options; }
    // Working-set budget of one chunk of tokens inside a block (STDiT3Block).
    void setChunkBytes(std::int64_t bytes) { m_chunkBytes = bytes; }

private:
    struct Conditioning;
    at::Tensor run(const STDiT3Inputs& inputs, DebugTensors* debug) const;
    void checkInputs(const STDiT3Inputs& in) const;
    Conditioning conditioning(const STDiT3Inputs& in, c10::ScalarType dtype, c10::Device device,
                              DebugTensors* debug) const;
    at::Tensor embedTokens(const at::Tensor& x, const STDiT3Inputs& in, DebugTensors* debug) const;
    at::Tensor runBlocks(at::Tensor x, STDiT3BlockContext context, const STDiT3Inputs& in, DebugTensors* debug) const;
    at::Tensor runBlockRange(at::Tensor x, STDiT3BlockContext context, std::size_t begin, std::size_t end,
                             DebugTensors* debug) const;
    // The cached forward's rest on a subset of rows: x's rows with their own conditioning.
    at::Tensor runRows(const at::Tensor& x, const STDiT3BlockContext& context, std::size_t begin, std::size_t end,
                       const std::vector<std::int64_t>& rows) const;
    at::Tensor unpatchify(const at::Tensor& tokens, at::IntArrayRef grid, at::IntArrayRef inputShape) const;
    c10::Device blockDevice(Module& block) const;

    STDiT3Config m_config;
    std::shared_ptr<STDiT3PatchEmbed> m_xEmbedder;
    std::shared_ptr<STDiT3TimestepEmbedder> m_tEmbedder;
    std::shared_ptr<STDiT3TimestepEmbedder> m_fpsEmbedder;
    std::shared_ptr<Linear> m_tBlock; // t_block.1 (t_block.0 is the SiLU)
    std::shared_ptr<STDiT3CaptionEmbedder> m_yEmbedder;
    std::shared_ptr<STDiT3Rope> m_rope;
    std::shared_ptr<ModuleList<STDiT3Block>> m_spatialBlocks;
    std::shared_ptr<ModuleList<STDiT3Block>> m_temporalBlocks;
    std::shared_ptr<STDiT3FinalLayer> m_finalLayer;
    std::shared_ptr<ModuleGroup> m_nonBlock; // the same children as above, without the blocks

    BlockCallback m_blockCallback;
    const CancelToken* m_cancelToken = nullptr;
    AttentionOptions m_attentionOptions;
    std::int64_t m_chunkBytes = 256ll << 20;
};

} // namespace framesmith
