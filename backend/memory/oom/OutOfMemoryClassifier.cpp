#include "memory/oom/OutOfMemoryClassifier.h"

#include "framesmith/Error.h"

#include <c10/util/Exception.h>

#include <new>
#include <regex>

namespace framesmith {

bool OutOfMemoryClassifier::isOutOfMemory(const std::exception& error)
{
    if (dynamic_cast<const framesmith::Error*>(&error))
        return false; // ours are final: recovery already ran where they were thrown
    if (dynamic_cast<const c10::OutOfMemoryError*>(&error) || dynamic_cast<const std::bad_alloc*>(&error))
        return true;
    const std::string message = error.what();
    for (const char* marker : {"CUDA out of memory", "out of memory", "CUBLAS_STATUS_ALLOC_FAILED",
                               "CUDNN_STATUS_ALLOC_FAILED", "DefaultCPUAllocator: can't allocate memory"})
        if (message.find(marker) != std::string::npos)
            return true;
    return false;
}

std::string OutOfMemoryClassifier::allocatedFromMessage(const std::string& message)
{
    // "... 17.20 GiB already allocated ..." (libtorch 1.x/2.0) or "... this process has 17.20 GiB memory in use".
    static const std::regex pattern(R"(([0-9]+(?:\.[0-9]+)?) ([KMG]iB) (?:already allocated|memory in use))");
    std::smatch match;
    if (std::regex_search(message, match, pattern))
        return match[1].str() + " " + match[2].str();
    return {};
}

std::string OutOfMemoryClassifier::messageOf(const std::exception& error)
{
    if (const auto* torchError = dynamic_cast<const c10::Error*>(&error))
        return torchError->what_without_backtrace();
    if (dynamic_cast<const std::bad_alloc*>(&error))
        return "the host ran out of memory";
    return error.what();
}

void OutOfMemoryClassifier::rethrowForStage(Stage stage)
{
    try {
        throw;
    } catch (const framesmith::Error&) {
        throw;
    } catch (const std::exception& error) {
        if (isOutOfMemory(error))
            throw OutOfMemoryError(stageName(stage), messageOf(error));
        throw Error(ErrorCode::Internal, std::string(stageName(stage)) + " failed: " + messageOf(error));
    }
}

} // namespace framesmith
