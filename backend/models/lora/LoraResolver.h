#pragma once
// Maps a LoraFile onto one model's denoiser through its family's LoraKeyMapping and the
// checkpoint's header (names and shapes; no weight is read): diffusers names as they are, original
// names through the mapping, kohya's underscores against both. Refuses (FileError, BadFile) a LoRA
// none of whose modules exist in the model ("made for another family or variant", naming the first
// keys) and one whose matrices do not fit the weights they patch (naming keys and shapes); a LoRA
// that matches only some modules resolves, its skipped names listed for a warning. Any thread.
#include "models/lora/LoraFile.h"
#include "models/lora/LoraKeyMapping.h"
#include "models/lora/ResolvedLora.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace framesmith {

class LoraResolver {
public:
    using Shapes = std::map<std::string, std::vector<std::int64_t>>; // tensor name -> shape

    LoraResolver(const LoraKeyMapping& mapping, Shapes targetShapes);
    // The shapes from the model's denoiser header (FileError when its weights are missing).
    static LoraResolver forModel(const LoraKeyMapping& mapping, const std::string& modelDir);

    ResolvedLora resolve(const LoraFile& file) const;
    const Shapes& targetShapes() const { return m_shapes; }

private:
    std::string portModule(const LoraModuleTensors& m) const; // "" when the model has none
    LoraModuleDelta deltaFor(const LoraFile& file, const LoraModuleTensors& m, const std::string& module) const;
    void requireFits(const LoraFile& file, const LoraModuleTensors& m, const LoraModuleDelta& d) const;

    const LoraKeyMapping& m_mapping;
    Shapes m_shapes;
    std::map<std::string, std::string> m_byOriginal;    // original name -> port module
    std::map<std::string, std::string> m_byUnderscored; // either name with '.' -> '_' -> port module
};

} // namespace framesmith
