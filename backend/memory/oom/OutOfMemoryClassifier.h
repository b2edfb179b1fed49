#pragma once
// The one place that tells an out-of-memory failure from any other: c10::OutOfMemoryError (CUDA
// caching allocator, libtorch >= 1.13), older or library-specific CUDA messages, and std::bad_alloc
// for host RAM. Everything that turns a failure into a user's error goes through it, so an
// out-of-memory is always labelled with the stage it happened in. Any thread.
#include "framesmith/Stage.h"

#include <cstdint>
#include <exception>
#include <string>

namespace framesmith {

class OutOfMemoryClassifier {
public:
    static bool isOutOfMemory(const std::exception& error);
    // "17.2 GiB" already allocated, read from the CUDA message when it says; empty otherwise.
    static std::string allocatedFromMessage(const std::string& message);
    // The message without libtorch's C++ backtrace.
    static std::string messageOf(const std::exception& error);
    // Call inside a catch block: rethrows the exception being handled as the error a user sees.
    // framesmith::Error passes unchanged; an out-of-memory becomes OutOfMemoryError(stage); any
    // other exception becomes Error(Internal) naming the stage.
    [[noreturn]] static void rethrowForStage(Stage stage);
};

} // namespace framesmith
