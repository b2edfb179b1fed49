#pragma once
// Errors the backend throws. Every message names the object it is about (file, tensor,
// shape, stage, field) in English; the GUI wraps it in a translated sentence.
#include <stdexcept>
#include <string>

namespace framesmith {

enum class ErrorCode {
    Invalid,
    InvalidRequest,   // a parameter the user chose cannot work (names the field)
    BadFile,          // a file is corrupt, truncated or of the wrong kind
    MissingFile,      // a file or folder that must exist does not
    ShapeMismatch,    // a tensor does not have the shape the config implies
    UnsupportedModel, // a model folder this build does not know how to run
    OutOfMemory,      // a device ran out of memory and recovery was impossible
    Cancelled,        // the user asked to stop
    Io,               // reading or writing failed (permissions, full disk)
    NumericalFailure, // NaN/inf appeared (e.g. fp16 overflow)
    Unavailable,      // a feature this build or machine lacks (CUDA, NVML, a codec)
    Internal
};

const char* errorCodeName(ErrorCode code);

class Error : public std::runtime_error {
public:
    Error(ErrorCode code, const std::string& detail) : std::runtime_error(detail), m_code(code) {}
    ErrorCode code() const { return m_code; }

    // Set when the failure came after denoised latents were saved (a decode that failed, a cancel
    // or an out-of-memory that kept the steps so far): the checkpoint to decode again from.
    const std::string& latentsCheckpointPath() const { return m_latentsCheckpointPath; }
    void setLatentsCheckpointPath(std::string path) { m_latentsCheckpointPath = std::move(path); }

private:
    ErrorCode m_code;
    std::string m_latentsCheckpointPath;
};

class InvalidRequestError : public Error {
public:
    InvalidRequestError(std::string field, const std::string& detail)
        : Error(ErrorCode::InvalidRequest, field + ": " + detail), m_field(std::move(field)) {}
    const std::string& field() const { return m_field; }

private:
    std::string m_field;
};

class FileError : public Error {
public:
    FileError(ErrorCode code, std::string path, const std::string& problem)
        : Error(code, path + ": " + problem), m_path(std::move(path)) {}
    const std::string& path() const { return m_path; }

private:
    std::string m_path;
};

class ShapeError : public Error {
public:
    explicit ShapeError(const std::string& detail) : Error(ErrorCode::ShapeMismatch, detail) {}
};

class OutOfMemoryError : public Error {
public:
    OutOfMemoryError(std::string stage, const std::string& detail)
        : Error(ErrorCode::OutOfMemory, stage + ": " + detail), m_stage(std::move(stage)) {}
    const std::string& stage() const { return m_stage; }

private:
    std::string m_stage;
};

class CancelledError : public Error {
public:
    explicit CancelledError(const std::string& where) : Error(ErrorCode::Cancelled, "cancelled during " + where) {}
};

class NumericalError : public Error {
public:
    explicit NumericalError(const std::string& detail) : Error(ErrorCode::NumericalFailure, detail) {}
};

} // namespace framesmith
