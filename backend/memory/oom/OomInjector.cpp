#include "memory/oom/OomInjector.h"

#include "framesmith/Error.h"

#include <c10/util/Exception.h>

#include <cstdlib>

namespace framesmith {
namespace {

std::vector<std::string> splitColons(const std::string& text)
{
    std::vector<std::string> parts(1);
    for (char c : text) {
        if (c == ':')
            parts.emplace_back();
        else
            parts.back() += c;
    }
    return parts;
}

int parseCount(const std::string& text, const std::string& spec, const char* what)
{
    try {
        std::size_t used = 0;
        int value = std::stoi(text, &used);
        if (used == text.size() && value >= 0)
            return value;
    } catch (const std::exception&) {
    }
    throw InvalidRequestError(OomInjector::kVariable, "'" + spec + "': " + what + " '" + text +
                                                          "' is not a non-negative integer");
}

} // namespace

OomInjector OomInjector::parse(const std::string& spec)
{
    const auto parts = splitColons(spec);
    OomInjector injector;
    injector.m_spec = spec;
    injector.m_stage = stageFromName(parts[0]);
    if (parts.size() > 3 ||
        (injector.m_stage != Stage::TextEncoding && injector.m_stage != Stage::Denoising &&
         injector.m_stage != Stage::VaeDecoding && injector.m_stage != Stage::Exporting))
        throw InvalidRequestError(kVariable, "'" + spec +
                                                 "': expected <stage>[:<step>][:<count>] with stage text-encode, "
                                                 "denoise, vae-decode or export");
    if (parts.size() > 1 && !parts[1].empty() && parts[1] != "*") {
        injector.m_step = parseCount(parts[1], spec, "step");
        if (injector.m_step == 0)
            throw InvalidRequestError(kVariable, "'" + spec + "': steps count from 1");
    }
    injector.m_remaining = 1;
    if (parts.size() > 2 && !parts[2].empty()) {
        const int count = parseCount(parts[2], spec, "count");
        injector.m_remaining = count == 0 ? -1 : count;
    }
    return injector;
}

OomInjector OomInjector::fromEnvironment()
{
    const char* spec = std::getenv(kVariable);
    return spec && *spec ? parse(spec) : OomInjector();
}

void OomInjector::check(Stage stage, int step)
{
    if (!isActive() || stage != m_stage || m_remaining == 0)
        return;
    if (m_step != 0 && step != m_step)
        return;
    if (m_remaining > 0)
        --m_remaining;
    // Worded like the CUDA caching allocator so the same handling applies.
    throw c10::OutOfMemoryError({__func__, __FILE__, static_cast<uint32_t>(__LINE__)},
                                std::string("CUDA out of memory (injected by ") + kVariable + "=" + m_spec + " at " +
                                    stageName(stage) + (step > 0 ? " step " + std::to_string(step) : "") + ")");
}

} // namespace framesmith
