#include "framesmith/Error.h"

namespace framesmith {

const char* errorCodeName(ErrorCode code)
{
    switch (code) {
    case ErrorCode::Invalid: return "invalid";
    case ErrorCode::InvalidRequest: return "invalid-request";
    case ErrorCode::BadFile: return "bad-file";
    case ErrorCode::MissingFile: return "missing-file";
    case ErrorCode::ShapeMismatch: return "shape-mismatch";
    case ErrorCode::UnsupportedModel: return "unsupported-model";
    case ErrorCode::OutOfMemory: return "out-of-memory";
    case ErrorCode::Cancelled: return "cancelled";
    case ErrorCode::Io: return "io";
    case ErrorCode::NumericalFailure: return "numerical-failure";
    case ErrorCode::Unavailable: return "unavailable";
    case ErrorCode::Internal: return "internal";
    }
    return "invalid";
}

} // namespace framesmith
