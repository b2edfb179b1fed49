#include "io/WeightLoader.h"

#include "framesmith/Error.h"

#include <ATen/ATen.h>

#include <set>
#include <sstream>

namespace framesmith {

namespace {

std::string shapeText(const std::vector<std::int64_t>& shape)
{
    std::ostringstream s;
    s << "[";
    for (std::size_t i = 0; i < shape.size(); ++i)
        s << (i ? ", " : "") << shape[i];
    s << "]";
    return s.str();
}

std::string describeFiles(const WeightSource& source)
{
    std::string out;
    for (const auto& file : source.files())
        out += (out.empty() ? "" : ", ") + file->path();
    return out.empty() ? "(no files)" : out;
}

} // namespace

std::string WeightCheck::describe() const
{
    std::ostringstream s;
    const std::size_t kMaxListed = 8;
    auto list = [&](const char* title, const std::vector<std::string>& items) {
        if (items.empty())
            return;
        s << title << " (" << items.size() << "): ";
        for (std::size_t i = 0; i < items.size() && i < kMaxListed; ++i)
            s << (i ? "; " : "") << items[i];
        if (items.size() > kMaxListed)
            s << "; ...";
        s << ". ";
    };
    list("missing tensors", missing);
    list("shape mismatches", mismatched);
    list("unexpected tensors", unexpected);
    return s.str();
}

WeightCheck checkWeights(Module& module, const WeightSource& source, const std::string& prefix)
{
    WeightCheck check;
    std::set<std::string> expected;
    for (const auto& slot : module.parameters(prefix)) {
        expected.insert(slot.name);
        const TensorEntry* e = source.find(slot.name);
        if (!e)
            check.missing.push_back(slot.name);
        else if (e->shape != slot.shape)
            check.mismatched.push_back(slot.name + ": expected " + shapeText(slot.shape) + ", got " +
                                       shapeText(e->shape) + " in " + source.fileOf(slot.name));
    }
    for (const auto& name : source.names())
        if (name.rfind(prefix, 0) == 0 && !expected.count(name))
            check.unexpected.push_back(name);
    return check;
}

WeightCheck loadWeights(Module& module, const WeightSource& source, c10::ScalarType dtype, c10::Device device,
                        const std::string& prefix)
{
    WeightCheck check = checkWeights(module, source, prefix);
    if (!check.isLoadable())
        throw ShapeError(check.describe() + "Checkpoint: " + describeFiles(source) + ".");
    for (auto& slot : module.parameters(prefix)) {
        const TensorEntry* e = source.find(slot.name);
        bool isFloating = e->dtype[0] == 'F' || e->dtype == "BF16"; // F64..F8_*: float8 is widened by load()
        auto target = isFloating ? dtype : SafetensorsReader::viewType(e->dtype);
        *slot.tensor = source.load(slot.name, target, device).contiguous();
    }
    return check;
}

} // namespace framesmith
