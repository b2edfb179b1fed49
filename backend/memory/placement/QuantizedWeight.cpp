#include "memory/placement/QuantizedWeight.h"

#include "framesmith/Error.h"
#include "io/Float8Codec.h"

#include <ATen/ATen.h>

#include <map>
#include <mutex>

namespace framesmith {
namespace {

// Rows are quantized and widened a slice at a time so the float32 temporaries stay small next to
// the matrix (a 5B video DiT's feed-forward matrices hold 38 M elements).
constexpr std::int64_t kSliceElements = std::int64_t(1) << 22;

std::int64_t rowsPerSlice(std::int64_t columns) { return std::max<std::int64_t>(1, kSliceElements / std::max<std::int64_t>(columns, 1)); }

float largestCode(WeightStorage storage) { return storage == WeightStorage::Int8 ? 127.0f : 448.0f; }

// The e4m3fn decoding table on `device`, built once per device.
const at::Tensor& e4m3Table(c10::Device device)
{
    static std::mutex mutex;
    static std::map<std::string, at::Tensor> tables;
    std::lock_guard<std::mutex> lock(mutex);
    at::Tensor& table = tables[device.str()];
    if (!table.defined())
        table = Float8Codec::table("F8_E4M3").to(device);
    return table;
}

} // namespace

QuantizedWeight QuantizedWeight::quantize(const at::Tensor& weight, WeightStorage storage)
{
    if (storage != WeightStorage::Int8 && storage != WeightStorage::Float8)
        throw Error(ErrorCode::Internal, "QuantizedWeight: storage must be int8 or fp8");
    if (weight.dim() != 2 || !weight.is_floating_point())
        throw ShapeError("quantized weight storage: expected a 2-D float matrix");
    QuantizedWeight q;
    q.m_storage = storage;
    const std::int64_t rows = weight.size(0), columns = weight.size(1);
    q.m_scales = at::empty({rows, 1}, weight.options().dtype(at::kFloat));
    q.m_codes = at::empty({rows, columns},
                          weight.options().dtype(storage == WeightStorage::Int8 ? at::kChar : at::kByte));
    const std::int64_t step = rowsPerSlice(columns);
    for (std::int64_t row = 0; row < rows; row += step) {
        const std::int64_t n = std::min(step, rows - row);
        // A copy even from float32: the slice is scaled in place.
        at::Tensor slice = weight.narrow(0, row, n).to(at::kFloat, false, /*copy=*/true); // [n, in]
        at::Tensor scale = slice.abs().amax({1}, true).div_(largestCode(storage)); // [n, 1]
        scale.masked_fill_(scale == 0, 1.0f); // an all-zero row: any scale reproduces it
        at::Tensor scaled = slice.div_(scale);
        if (storage == WeightStorage::Int8)
            q.m_codes.narrow(0, row, n).copy_(scaled.round_().clamp_(-127, 127));
        else
            q.m_codes.narrow(0, row, n).copy_(Float8Codec::narrowToE4M3(scaled));
        q.m_scales.narrow(0, row, n).copy_(scale);
    }
    return q;
}

at::Tensor QuantizedWeight::widen(c10::ScalarType dtype) const
{
    const std::int64_t rows = m_codes.size(0), columns = m_codes.size(1);
    at::Tensor out = at::empty({rows, columns}, m_codes.options().dtype(dtype));
    const std::int64_t step = rowsPerSlice(columns);
    for (std::int64_t row = 0; row < rows; row += step) {
        const std::int64_t n = std::min(step, rows - row);
        at::Tensor codes = m_codes.narrow(0, row, n);
        at::Tensor values = m_storage == WeightStorage::Int8
                                ? codes.to(at::kFloat)
                                : e4m3Table(m_codes.device()).index_select(0, codes.reshape({-1}).to(at::kInt)).view({n, columns});
        // One rounding to the compute dtype, after the product in float32.
        out.narrow(0, row, n).copy_(values.mul_(m_scales.narrow(0, row, n)));
    }
    return out;
}

QuantizedWeight QuantizedWeight::to(c10::Device device, bool nonBlocking) const
{
    QuantizedWeight q = *this;
    q.m_codes = m_codes.to(device, nonBlocking);
    q.m_scales = m_scales.to(device, nonBlocking);
    return q;
}

std::int64_t QuantizedWeight::widenWorkspaceBytes() { return kSliceElements * (4 + 4); }

c10::Device QuantizedWeight::device() const { return m_codes.device(); }

std::int64_t QuantizedWeight::nbytes() const
{
    return m_codes.defined() ? static_cast<std::int64_t>(m_codes.nbytes() + m_scales.nbytes()) : 0;
}

} // namespace framesmith
