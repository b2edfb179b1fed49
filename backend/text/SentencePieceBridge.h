#pragma once
// The framesmith_spbridge module (libsentencepiece behind a C ABI), loaded at run time with its own
// symbol scope so Debian's libsentencepiece (with its bundled protobuf) never meets libtorch's
// symbols. Thread-safe once opened; the module stays loaded while any SentencePieceModel uses it.
#include "text/bridge/SentencePieceBridgeAbi.h"

#include <memory>
#include <string>
#include <vector>

namespace framesmith {

class SentencePieceBridge {
public:
    static constexpr const char* kModuleFileName = "libframesmith_spbridge.so";
    static constexpr const char* kPathEnvironmentVariable = "FRAMESMITH_SPBRIDGE";

    // The process-wide module from defaultCandidates(), opened on first use (throws like open()).
    static std::shared_ptr<const SentencePieceBridge> instance();
    // Where the module is looked for: $FRAMESMITH_SPBRIDGE alone when set; otherwise next to the
    // running executable, then <executable dir>/../lib/framesmith/.
    static std::vector<std::string> defaultCandidates();
    // Opens the first candidate that exists; throws FileError(MissingFile) naming every path tried
    // when none exists, Error(Unavailable) when one exists but cannot be loaded.
    static std::shared_ptr<const SentencePieceBridge> open(const std::vector<std::string>& candidates);

    ~SentencePieceBridge();
    SentencePieceBridge(const SentencePieceBridge&) = delete;
    SentencePieceBridge& operator=(const SentencePieceBridge&) = delete;

    const std::string& path() const { return m_path; }

    struct Functions {
        decltype(&framesmith_spbridge_load) load = nullptr;
        decltype(&framesmith_spbridge_free) free = nullptr;
        decltype(&framesmith_spbridge_piece_count) pieceCount = nullptr;
        decltype(&framesmith_spbridge_piece_to_id) pieceToId = nullptr;
        decltype(&framesmith_spbridge_encode) encode = nullptr;
    };
    const Functions& functions() const { return m_functions; }

private:
    SentencePieceBridge(std::string path, void* library);

    std::string m_path;
    void* m_library = nullptr;
    Functions m_functions;
};

} // namespace framesmith
