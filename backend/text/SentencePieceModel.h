#pragma once
// One loaded SentencePiece model (spiece.model) behind the bridge module. Encoding is const and
// may run on any thread (SentencePieceProcessor::Encode is const and reentrant).
#include <memory>
#include <string>
#include <vector>

namespace framesmith {

class SentencePieceBridge;

struct SentencePiece {
    std::string piece; // the piece text; for unknown characters, their surface text
    int id = 0;        // piece_to_id(piece)
};

class SentencePieceModel {
public:
    // Throws FileError naming the model file when it is missing or unreadable.
    static std::shared_ptr<const SentencePieceModel> load(const std::string& modelPath);
    static std::shared_ptr<const SentencePieceModel> load(const std::string& modelPath,
                                                          std::shared_ptr<const SentencePieceBridge> bridge);
    ~SentencePieceModel();
    SentencePieceModel(const SentencePieceModel&) = delete;
    SentencePieceModel& operator=(const SentencePieceModel&) = delete;

    std::vector<SentencePiece> encode(const std::string& text) const; // sp_model.encode(text, out_type=str)
    int pieceToId(const std::string& piece) const;
    int pieceCount() const;
    const std::string& path() const { return m_path; }

private:
    SentencePieceModel(std::string path, std::shared_ptr<const SentencePieceBridge> bridge, void* handle);

    std::string m_path;
    std::shared_ptr<const SentencePieceBridge> m_bridge;
    void* m_handle = nullptr;
};

} // namespace framesmith
