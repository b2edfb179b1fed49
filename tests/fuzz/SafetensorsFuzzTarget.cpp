#include "SafetensorsFuzzTarget.h"

#include "framesmith/Error.h"
#include "models/cogvideox/CogVideoXVariant.h"
#include "io/JsonGuard.h"
#include "io/SafetensorsHeader.h"

#include <stdexcept>
#include <string>

namespace framesmith::fuzz {

namespace {

void check(bool invariant, const char* what)
{
    if (!invariant)
        throw std::logic_error(std::string("safetensors fuzz invariant broken: ") + what);
}

// Everything a caller may rely on once parse() accepted a file: each tensor lies inside the data
// area, spans exactly shape x dtype size, and the table is sorted. Every byte is read so that
// AddressSanitizer sees any out-of-bounds offset.
int walkTable(const std::uint8_t* data, std::size_t size)
{
    const SafetensorsHeader h = SafetensorsHeader::parse(data, size, "fuzz-input");
    check(h.dataOffset >= 8 && h.dataOffset <= size, "data offset inside the file");
    check(h.dataOffset + h.dataBytes == size, "data area ends at the end of the file");
    unsigned checksum = 0;
    for (std::size_t i = 0; i < h.entries.size(); ++i) {
        const TensorEntry& e = h.entries[i];
        check(i == 0 || h.entries[i - 1].name < e.name, "entries sorted by name");
        check(e.begin <= e.end && e.end <= h.dataBytes, "offsets inside the data area");
        std::uint64_t bytes = SafetensorsHeader::dtypeSize(e.dtype);
        check(bytes > 0, "known dtype");
        for (std::int64_t d : e.shape) {
            check(d >= 0, "non-negative dimension");
            bytes *= static_cast<std::uint64_t>(d); // parse() proved this cannot overflow
        }
        check(bytes == e.end - e.begin, "span = shape x dtype size");
        for (std::uint64_t p = h.dataOffset + e.begin; p < h.dataOffset + e.end; ++p)
            checksum += data[p];
    }
    return checksum == 0xFFFFFFFFu ? 2 : 1; // keeps the reads from being optimised away
}

int classifyAsConfig(const std::uint8_t* data, std::size_t size)
{
    const nlohmann::json config = JsonGuard::parse(reinterpret_cast<const char*>(data), size, 32, "fuzz-input", "config");
    int accepted = 0;
    for (const char* pipeline : {"CogVideoXPipeline", "CogVideoXImageToVideoPipeline"}) {
        try {
            const std::string variant = CogVideoXVariant::classify(pipeline, config, "fuzz-input");
            check(!CogVideoXVariant::displayName(variant).empty(), "variant has a name");
            accepted = 1;
        } catch (const Error&) {
        }
    }
    return accepted;
}

} // namespace

int runSafetensorsInput(const std::uint8_t* data, std::size_t size)
{
    int accepted = 0;
    try {
        accepted += walkTable(data, size) > 0;
    } catch (const Error&) {
    }
    try {
        accepted += classifyAsConfig(data, size);
    } catch (const Error&) {
    }
    return accepted;
}

} // namespace framesmith::fuzz
