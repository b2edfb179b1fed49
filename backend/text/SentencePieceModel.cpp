#include "text/SentencePieceModel.h"

#include "framesmith/Error.h"
#include "text/SentencePieceBridge.h"

#include <filesystem>

namespace framesmith {

namespace {

constexpr std::size_t kErrorCapacity = 1024;

struct EncodeContext {
    std::vector<SentencePiece> pieces;
    bool isOutOfMemory = false;
};

// Runs inside the bridge's C frame: nothing may be thrown through it.
void appendPiece(void* context, const char* piece, size_t pieceBytes, int id) noexcept
{
    auto* out = static_cast<EncodeContext*>(context);
    try {
        out->pieces.push_back({std::string(piece, pieceBytes), id});
    } catch (...) {
        out->isOutOfMemory = true;
    }
}

} // namespace

std::shared_ptr<const SentencePieceModel> SentencePieceModel::load(const std::string& modelPath)
{
    return load(modelPath, SentencePieceBridge::instance());
}

std::shared_ptr<const SentencePieceModel> SentencePieceModel::load(const std::string& modelPath,
                                                                   std::shared_ptr<const SentencePieceBridge> bridge)
{
    std::error_code ec;
    if (!std::filesystem::is_regular_file(modelPath, ec))
        throw FileError(ErrorCode::MissingFile, modelPath, "SentencePiece model file not found");
    char error[kErrorCapacity] = {};
    void* handle = bridge->functions().load(modelPath.c_str(), error, kErrorCapacity);
    if (!handle)
        throw FileError(ErrorCode::BadFile, modelPath, std::string("not a loadable SentencePiece model: ") + error);
    return std::shared_ptr<const SentencePieceModel>(new SentencePieceModel(modelPath, std::move(bridge), handle));
}

SentencePieceModel::SentencePieceModel(std::string path, std::shared_ptr<const SentencePieceBridge> bridge,
                                       void* handle)
    : m_path(std::move(path)), m_bridge(std::move(bridge)), m_handle(handle)
{
}

SentencePieceModel::~SentencePieceModel()
{
    m_bridge->functions().free(m_handle);
}

std::vector<SentencePiece> SentencePieceModel::encode(const std::string& text) const
{
    EncodeContext context;
    char error[kErrorCapacity] = {};
    if (m_bridge->functions().encode(m_handle, text.data(), text.size(), &appendPiece, &context, error,
                                     kErrorCapacity) != 0)
        throw Error(ErrorCode::Internal, m_path + ": SentencePiece could not encode the text: " + error);
    if (context.isOutOfMemory)
        throw Error(ErrorCode::OutOfMemory, m_path + ": out of memory while collecting SentencePiece pieces");
    // A bridge built against one SentencePiece's header and loaded with another's library calls
    // the wrong virtual methods and returns garbage ids: refuse them here, before a text encoder
    // reads out of its embedding table.
    const int count = pieceCount();
    for (const auto& piece : context.pieces)
        if (piece.id < 0 || piece.id >= count)
            throw Error(ErrorCode::Internal, m_path + ": SentencePiece returned id " + std::to_string(piece.id) +
                                                 " for '" + piece.piece + "', outside the model's " +
                                                 std::to_string(count) + " pieces: the SentencePiece library " +
                                                 "loaded at run time is not the one the bridge module (" +
                                                 m_bridge->path() + ") was built against");
    return std::move(context.pieces);
}

int SentencePieceModel::pieceToId(const std::string& piece) const
{
    return m_bridge->functions().pieceToId(m_handle, piece.data(), piece.size());
}

int SentencePieceModel::pieceCount() const
{
    return m_bridge->functions().pieceCount(m_handle);
}

} // namespace framesmith
