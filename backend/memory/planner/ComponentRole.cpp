#include "memory/planner/ComponentRole.h"

namespace framesmith {

const char* componentRoleName(ComponentRole role)
{
    switch (role) {
    case ComponentRole::TextEncoder: return "text-encoder";
    case ComponentRole::ImageEncoder: return "image-encoder";
    case ComponentRole::Denoiser: return "denoiser";
    case ComponentRole::Adapter: return "adapter";
    case ComponentRole::Vae: return "vae";
    case ComponentRole::Invalid: break;
    }
    return "invalid";
}

Stage stageOf(ComponentRole role)
{
    switch (leverRole(role)) {
    case ComponentRole::TextEncoder: return Stage::TextEncoding;
    case ComponentRole::Denoiser: return Stage::Denoising;
    case ComponentRole::Vae: return Stage::VaeDecoding;
    default: return Stage::Invalid;
    }
}

ComponentRole leverRole(ComponentRole role)
{
    switch (role) {
    case ComponentRole::ImageEncoder: return ComponentRole::TextEncoder;
    case ComponentRole::Adapter: return ComponentRole::Denoiser;
    default: return role;
    }
}

Placement presetPlacement(const MemoryPreset& preset, ComponentRole role)
{
    switch (leverRole(role)) {
    case ComponentRole::TextEncoder: return preset.textEncoder;
    case ComponentRole::Denoiser: return preset.transformer;
    case ComponentRole::Vae: return preset.vae;
    default: return Placement::Gpu;
    }
}

} // namespace framesmith
