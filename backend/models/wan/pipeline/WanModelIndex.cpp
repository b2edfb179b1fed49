#include "models/wan/pipeline/WanModelIndex.h"

#include "framesmith/Error.h"
#include "io/DiffusersModelFolder.h"

namespace framesmith {

WanModelIndex WanModelIndex::read(const std::string& folder)
{
    const DiffusersModelFolder model(folder);
    const nlohmann::json& index = model.modelIndex();
    const std::string origin = folder + "/model_index.json";
    WanModelIndex w;
    w.pipelineClass = model.pipelineClass();
    if (w.pipelineClass != "WanPipeline" && w.pipelineClass != "WanImageToVideoPipeline")
        throw FileError(ErrorCode::BadFile, origin,
                        "_class_name \"" + w.pipelineClass + "\" is not WanPipeline or WanImageToVideoPipeline");
    const auto ratio = index.find("boundary_ratio");
    if (ratio != index.end() && !ratio->is_null()) {
        if (!ratio->is_number() || ratio->get<double>() <= 0.0 || ratio->get<double>() > 1.0)
            throw FileError(ErrorCode::BadFile, origin, "boundary_ratio must be a number in (0, 1] or null");
        w.boundaryRatio = ratio->get<double>();
    }
    const auto expand = index.find("expand_timesteps");
    if (expand != index.end() && !expand->is_null()) {
        if (!expand->is_boolean())
            throw FileError(ErrorCode::BadFile, origin, "expand_timesteps must be true or false");
        w.expandTimesteps = expand->get<bool>();
    }
    w.hasTransformer2 = !model.componentClass("transformer_2").empty();
    w.hasImageEncoder = !model.componentClass("image_encoder").empty();
    if (model.componentClass("transformer").empty())
        throw FileError(ErrorCode::BadFile, origin, "names no transformer (a transformer_2-only folder is not supported)");
    if (w.hasTransformer2 && !w.boundaryRatio)
        throw FileError(ErrorCode::BadFile, origin, "has transformer_2 but no boundary_ratio to switch experts at");
    return w;
}

} // namespace framesmith
