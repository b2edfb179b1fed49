// The only code that touches libsentencepiece. Built as a MODULE and loaded with its own symbol
// scope, because Debian's libsentencepiece exports a bundled protobuf whose symbols collide with
// libtorch's and crash a process that links both directly.
#include "SentencePieceBridgeAbi.h"

#include <sentencepiece_processor.h>

#include <cstring>
#include <exception>
#include <string>
#include <vector>

#define FRAMESMITH_SPBRIDGE_EXPORT extern "C" __attribute__((visibility("default")))

namespace {

void writeError(char* error, size_t capacity, const std::string& message)
{
    if (!error || capacity == 0)
        return;
    const size_t n = message.size() < capacity - 1 ? message.size() : capacity - 1;
    std::memcpy(error, message.data(), n);
    error[n] = '\0';
}

} // namespace

FRAMESMITH_SPBRIDGE_EXPORT int framesmith_spbridge_abi_version(void)
{
    return FRAMESMITH_SPBRIDGE_ABI_VERSION;
}

FRAMESMITH_SPBRIDGE_EXPORT void* framesmith_spbridge_load(const char* modelPath, char* error, size_t errorCapacity)
{
    try {
        auto* processor = new sentencepiece::SentencePieceProcessor();
        const auto status = processor->Load(modelPath);
        if (!status.ok()) {
            writeError(error, errorCapacity, status.ToString());
            delete processor;
            return nullptr;
        }
        return processor;
    } catch (const std::exception& e) {
        writeError(error, errorCapacity, e.what());
    } catch (...) {
        writeError(error, errorCapacity, "unknown exception while loading the SentencePiece model");
    }
    return nullptr;
}

FRAMESMITH_SPBRIDGE_EXPORT void framesmith_spbridge_free(void* handle)
{
    delete static_cast<sentencepiece::SentencePieceProcessor*>(handle);
}

FRAMESMITH_SPBRIDGE_EXPORT int framesmith_spbridge_piece_count(void* handle)
{
    return static_cast<sentencepiece::SentencePieceProcessor*>(handle)->GetPieceSize();
}

FRAMESMITH_SPBRIDGE_EXPORT int framesmith_spbridge_piece_to_id(void* handle, const char* piece, size_t pieceBytes)
{
    return static_cast<sentencepiece::SentencePieceProcessor*>(handle)->PieceToId(std::string_view(piece, pieceBytes));
}

FRAMESMITH_SPBRIDGE_EXPORT int framesmith_spbridge_encode(void* handle, const char* text, size_t textBytes,
                                                          framesmith_spbridge_piece_fn emit, void* context,
                                                          char* error, size_t errorCapacity)
{
    try {
        const auto* processor = static_cast<sentencepiece::SentencePieceProcessor*>(handle);
        std::vector<std::string> pieces;
        const auto status = processor->Encode(std::string_view(text, textBytes), &pieces);
        if (!status.ok()) {
            writeError(error, errorCapacity, status.ToString());
            return -1;
        }
        // transformers' slow T5Tokenizer maps pieces to ids with piece_to_id (convert_tokens_to_ids).
        for (const auto& piece : pieces)
            emit(context, piece.data(), piece.size(), processor->PieceToId(piece));
        return 0;
    } catch (const std::exception& e) {
        writeError(error, errorCapacity, e.what());
    } catch (...) {
        writeError(error, errorCapacity, "unknown exception while encoding");
    }
    return -1;
}
