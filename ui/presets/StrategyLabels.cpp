#include "ui/presets/StrategyLabels.h"

#include <QCoreApplication>

namespace {
struct StrategyEntry {
    const char* id;
    const char* title;
    const char* summary;
};
const StrategyEntry kStrategyEntries[] = {
    {"expandable-segments", QT_TRANSLATE_NOOP("StrategyLabels", "Expandable allocator segments"),
     QT_TRANSLATE_NOOP("StrategyLabels", "Less fragmentation, less GPU memory wasted by the allocator")},
    {"release-cache-between-stages", QT_TRANSLATE_NOOP("StrategyLabels", "Release memory between stages"),
     QT_TRANSLATE_NOOP("StrategyLabels", "Return cached GPU memory to the driver after each stage")},
    {"release-cache-every-step", QT_TRANSLATE_NOOP("StrategyLabels", "Release memory every step"),
     QT_TRANSLATE_NOOP("StrategyLabels", "Return cached GPU memory after every denoising step (slower, steadier)")},
    {"text-encoder-release", QT_TRANSLATE_NOOP("StrategyLabels", "Text encoder on the GPU, then released"),
     QT_TRANSLATE_NOOP("StrategyLabels", "Encode the prompt on the GPU, then free that memory before denoising")},
    {"text-encoder-on-cpu", QT_TRANSLATE_NOOP("StrategyLabels", "Text encoder on the CPU"),
     QT_TRANSLATE_NOOP("StrategyLabels", "Encode the prompt on the CPU: slower, uses no GPU memory")},
    {"transformer-resident", QT_TRANSLATE_NOOP("StrategyLabels", "Transformer stays on the GPU"),
     QT_TRANSLATE_NOOP("StrategyLabels", "Keep the whole transformer on the GPU from the first step to the last")},
    {"model-offload", QT_TRANSLATE_NOOP("StrategyLabels", "Model offload"),
     QT_TRANSLATE_NOOP("StrategyLabels", "Keep every component in RAM and move it to the GPU only for its own stage")},
    {"block-streaming", QT_TRANSLATE_NOOP("StrategyLabels", "Stream transformer blocks"),
     QT_TRANSLATE_NOOP("StrategyLabels", "Stream transformer blocks from RAM, loading the next ones ahead of time")},
    {"fp8-weights", QT_TRANSLATE_NOOP("StrategyLabels", "Store weights in fp8"),
     QT_TRANSLATE_NOOP("StrategyLabels", "Transformer weights in one byte each, computed in bf16: half the weight memory, small quality cost")},
    {"int8-weights", QT_TRANSLATE_NOOP("StrategyLabels", "Store weights in int8"),
     QT_TRANSLATE_NOOP("StrategyLabels", "Transformer weights as int8 with per-channel scales, computed in bf16")},
    {"vae-tiling", QT_TRANSLATE_NOOP("StrategyLabels", "Decode in tiles"),
     QT_TRANSLATE_NOOP("StrategyLabels", "Decode the video in overlapping spatial tiles")},
    {"vae-small-tiles", QT_TRANSLATE_NOOP("StrategyLabels", "Decode in small tiles"),
     QT_TRANSLATE_NOOP("StrategyLabels", "Decode in small 144 x 200 pixel tiles (for 8-12 GB cards)")},
    {"smaller-vae-tiles", QT_TRANSLATE_NOOP("StrategyLabels", "Smaller decode tiles"),
     QT_TRANSLATE_NOOP("StrategyLabels", "Decode in tiles smaller than the preset's")},
    {"vae-slicing", QT_TRANSLATE_NOOP("StrategyLabels", "Decode one clip at a time"),
     QT_TRANSLATE_NOOP("StrategyLabels", "Decode one clip of a batch at a time")},
    {"multi-gpu-spread", QT_TRANSLATE_NOOP("StrategyLabels", "Spread over all GPUs"),
     QT_TRANSLATE_NOOP("StrategyLabels", "Spread components and transformer blocks over every GPU by free memory")},
    {"cfg-parallel", QT_TRANSLATE_NOOP("StrategyLabels", "Guidance on two GPUs"),
     QT_TRANSLATE_NOOP("StrategyLabels", "Run the conditional and unconditional halves of guidance on two GPUs")},
};
} // namespace

StrategyLabel strategyLabel(const QString& id, const QString& backendSummary)
{
    for (const StrategyEntry& e : kStrategyEntries)
        if (id == QLatin1String(e.id))
            return {QCoreApplication::translate("StrategyLabels", e.title),
                    QCoreApplication::translate("StrategyLabels", e.summary)};
    return {id, backendSummary};
}
