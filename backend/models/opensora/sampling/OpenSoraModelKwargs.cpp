#include "models/opensora/sampling/OpenSoraModelKwargs.h"

#include <ATen/ATen.h>

namespace framesmith {

OpenSoraModelKwargs OpenSoraModelKwargs::make(int batch, int heightPx, int widthPx, int frameCount, int fps,
                                              c10::ScalarType dtype, c10::Device device)
{
    const auto options = at::TensorOptions().dtype(dtype).device(device);
    // torch.tensor([value], dtype=dtype).repeat(batch): each Python number rounded once to dtype.
    auto filled = [&](double value) { return at::full({batch}, value, options); };
    OpenSoraModelKwargs k;
    k.height = filled(heightPx);
    k.width = filled(widthPx);
    k.numFrames = filled(frameCount);
    k.ar = filled(static_cast<double>(heightPx) / static_cast<double>(widthPx));
    k.fps = filled(frameCount > 1 ? fps : kImageFps);
    return k;
}

} // namespace framesmith
