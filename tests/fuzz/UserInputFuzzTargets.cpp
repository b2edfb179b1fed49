#include "UserInputFuzzTargets.h"

#include "framesmith/Error.h"
#include "framesmith/GenerationRequest.h"
#include "framesmith/MemoryPreset.h"
#include "export/ImageFile.h"
#include "io/ImageHeader.h"

#include <string>

#include <sys/mman.h>
#include <unistd.h>

namespace framesmith::fuzz {

void runJobFileInput(const std::uint8_t* data, std::size_t size)
{
    try {
        const GenerationRequest request = requestFromJson(std::string(reinterpret_cast<const char*>(data), size));
        // What was accepted must write back and read again as the same request.
        if (toJson(requestFromJson(toJson(request))) != toJson(request))
            __builtin_trap();
    } catch (const Error&) {
    }
}

void runPresetInput(const std::uint8_t* data, std::size_t size)
{
    try {
        const MemoryPreset preset = presetFromJson(std::string(reinterpret_cast<const char*>(data), size), "fuzz");
        if (toJson(presetFromJson(toJson(preset), "fuzz again")) != toJson(preset))
            __builtin_trap();
    } catch (const Error&) {
    }
}

void runStartImageInput(const std::uint8_t* data, std::size_t size)
{
    ImageHeader::parse(std::string(reinterpret_cast<const char*>(data), size));
    // A memfd is a regular file, as ImageFile requires, without touching the disk.
    const int fd = ::memfd_create("fuzz-image", 0);
    if (fd < 0)
        return;
    if (::write(fd, data, size) == static_cast<ssize_t>(size)) {
        try {
            const RgbImage image = ImageFile::read("/proc/self/fd/" + std::to_string(fd));
            if (std::int64_t(image.width) * image.height > ImageFile::kMaxPixels ||
                image.rgb.size() != std::size_t(image.width) * image.height * 3)
                __builtin_trap();
        } catch (const Error&) {
        }
    }
    ::close(fd);
}

} // namespace framesmith::fuzz
