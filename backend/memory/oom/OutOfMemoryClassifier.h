#pragma once
// Tells an out-of-memory failure from any other: c10::OutOfMemoryError (CUDA caching allocator,
// libtorch >= 1.13), older or library-specific CUDA messages, and std::bad_alloc for host RAM.
#include <cstdint>
#include <exception>
#include <string>

namespace framesmith {

class OutOfMemoryClassifier {
public:
    static bool isOutOfMemory(const std::exception& error);
    // "17.2 GiB" already allocated, read from the CUDA message when it says; empty otherwise.
    static std::string allocatedFromMessage(const std::string& message);
};

} // namespace framesmith
