#pragma once
// A tree of named parameters whose full names are the checkpoint's state-dict keys
// (children named verbatim like diffusers/transformers modules). Weights are filled by
// loadWeights(); moves between devices go through to() so memory strategies can stream blocks.
#include <ATen/core/Tensor.h>
#include <c10/core/Device.h>
#include <c10/core/ScalarType.h>

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace framesmith {

struct ParameterSlot {
    std::string name;              // full state-dict key
    std::vector<std::int64_t> shape;
    at::Tensor* tensor = nullptr;  // points into the owning module
};

class Module {
public:
    Module() = default;
    virtual ~Module() = default;
    Module(const Module&) = delete;
    Module& operator=(const Module&) = delete;

    // Every parameter below this module, names prefixed with `prefix` ("" for the root).
    std::vector<ParameterSlot> parameters(const std::string& prefix = "");
    std::shared_ptr<Module> childModule(const std::string& name) const; // nullptr when absent

    // Casts/moves every parameter. Floating parameters take `dtype`; others keep theirs.
    void to(c10::Device device, c10::ScalarType dtype);
    void to(c10::Device device);
    std::int64_t parameterBytes();

protected:
    // `slot` must be a member of this module (modules live behind shared_ptr and never move).
    void registerParameter(const std::string& name, at::Tensor* slot, std::vector<std::int64_t> shape);
    template <class M>
    std::shared_ptr<M> registerModule(const std::string& name, std::shared_ptr<M> module)
    {
        m_children.emplace_back(name, module);
        return module;
    }

private:
    void collect(const std::string& prefix, std::vector<ParameterSlot>& out);

    std::vector<ParameterSlot> m_parameters; // names relative to this module
    std::vector<std::pair<std::string, std::shared_ptr<Module>>> m_children;
};

// A list of children named "0", "1", ... (torch.nn.ModuleList).
template <class M>
class ModuleList : public Module {
public:
    std::shared_ptr<M> append(std::shared_ptr<M> module)
    {
        m_items.push_back(module);
        return registerModule(std::to_string(m_items.size() - 1), module);
    }
    std::size_t size() const { return m_items.size(); }
    M& operator[](std::size_t i) const { return *m_items[i]; }
    std::shared_ptr<M> at(std::size_t i) const { return m_items[i]; }

private:
    std::vector<std::shared_ptr<M>> m_items;
};

} // namespace framesmith
