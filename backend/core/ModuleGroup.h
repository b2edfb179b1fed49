#pragma once
// A parameter-less Module that only names children, for checkpoint paths through containers that
// hold no weights of their own ("ff.net.0.proj", "attn1.to_out.0").
#include "core/Module.h"

namespace framesmith {

class ModuleGroup : public Module {
public:
    template <class M>
    std::shared_ptr<M> add(const std::string& name, std::shared_ptr<M> module)
    {
        return registerModule(name, std::move(module));
    }
};

} // namespace framesmith
