#pragma once
// Writes random weights for every parameter of a module (its state_dict names and shapes) as a
// safetensors checkpoint in the layout diffusers / transformers save: one `<stem>.safetensors`, or
// shards `<stem>-0000i-of-0000n.safetensors` plus `<stem>.safetensors.index.json`. Tensors are made
// one at a time in sorted name order and a shard is written as soon as it is full, so memory stays
// near one shard (a 5b transformer is never held whole). Values follow the fixtures' rule:
// matrices z / sqrt(fan_in), 1-D weights 1 + 0.1 z, other 1-D tensors 0.1 z, z ~ N(0, 1), which
// keeps activations finite in bfloat16.
#include "core/Module.h"

#include <c10/core/Device.h>
#include <c10/core/ScalarType.h>

#include <cstdint>
#include <string>

namespace framesmith {

class RandomCheckpointWriter {
public:
    struct Options {
        c10::ScalarType dtype = c10::kBFloat16;
        std::uint64_t seed = 0;
        std::int64_t shardBytes = std::int64_t(2) << 30;
        c10::Device device = c10::kCPU; // where values are drawn: a GPU draws 13 GB in seconds, a CPU core in minutes
    };
    struct Written {
        int files = 0;
        std::int64_t bytes = 0;      // tensor data
        std::int64_t parameters = 0; // elements
    };

    // Throws FileError naming the file that could not be written.
    static Written write(Module& module, const std::string& dir, const std::string& stem, const Options& options);
};

} // namespace framesmith
