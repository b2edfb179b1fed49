#include "text/SentencePieceBridge.h"

#include "framesmith/Error.h"

#include <dlfcn.h>

#include <cstdlib>
#include <filesystem>
#include <mutex>

// Sanitizer runtimes refuse RTLD_DEEPBIND; such builds load the (uninstrumented) module into a
// fresh link-map namespace instead, which isolates its symbols just as well.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define FRAMESMITH_SANITIZED_BUILD 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define FRAMESMITH_SANITIZED_BUILD 1
#endif
#endif

namespace fs = std::filesystem;

namespace framesmith {

namespace {

void* openIsolated(const std::string& path)
{
#ifdef FRAMESMITH_SANITIZED_BUILD
    return dlmopen(LM_ID_NEWLM, path.c_str(), RTLD_NOW | RTLD_LOCAL);
#else
    return dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
#endif
}

template <class F>
void resolve(void* library, const std::string& path, const char* symbol, F& out)
{
    out = reinterpret_cast<F>(dlsym(library, symbol));
    if (!out)
        throw Error(ErrorCode::Unavailable, path + ": the SentencePiece bridge module lacks the symbol '" +
                                                std::string(symbol) + "' (built from another Framesmith version?)");
}

std::string executableDir()
{
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    return ec ? std::string() : exe.parent_path().string();
}

} // namespace

std::vector<std::string> SentencePieceBridge::defaultCandidates()
{
    if (const char* overridePath = std::getenv(kPathEnvironmentVariable); overridePath && *overridePath)
        return {overridePath};
    const std::string dir = executableDir();
    if (dir.empty())
        return {};
    return {(fs::path(dir) / kModuleFileName).string(),
            (fs::path(dir) / ".." / "lib" / "framesmith" / kModuleFileName).lexically_normal().string()};
}

std::shared_ptr<const SentencePieceBridge> SentencePieceBridge::open(const std::vector<std::string>& candidates)
{
    std::string tried;
    for (const auto& path : candidates) {
        std::error_code ec;
        if (!fs::is_regular_file(path, ec)) {
            tried += (tried.empty() ? "" : ", ") + path;
            continue;
        }
        void* library = openIsolated(path);
        if (!library) {
            const char* why = dlerror();
            throw Error(ErrorCode::Unavailable, path + ": cannot load the SentencePiece bridge module: " +
                                                    (why ? why : "unknown dlopen error"));
        }
        return std::shared_ptr<const SentencePieceBridge>(new SentencePieceBridge(path, library));
    }
    throw FileError(ErrorCode::MissingFile, kModuleFileName,
                    "the SentencePiece bridge module (needed to tokenize prompts) was not found; tried: " +
                        (tried.empty() ? std::string("no location (executable path unknown)") : tried) +
                        ". Install it next to the executable or in ../lib/framesmith/, or set " +
                        kPathEnvironmentVariable + " to its path");
}

std::shared_ptr<const SentencePieceBridge> SentencePieceBridge::instance()
{
    // Kept for the life of the process: unloading a module that registered protobuf statics at exit
    // is a classic source of shutdown crashes.
    static std::mutex mutex;
    static std::shared_ptr<const SentencePieceBridge>* loaded = nullptr;
    std::lock_guard<std::mutex> lock(mutex);
    if (!loaded)
        loaded = new std::shared_ptr<const SentencePieceBridge>(open(defaultCandidates()));
    return *loaded;
}

SentencePieceBridge::SentencePieceBridge(std::string path, void* library)
    : m_path(std::move(path)), m_library(library)
{
    try {
        decltype(&framesmith_spbridge_abi_version) abiVersion = nullptr;
        resolve(m_library, m_path, "framesmith_spbridge_abi_version", abiVersion);
        if (abiVersion() != FRAMESMITH_SPBRIDGE_ABI_VERSION)
            throw Error(ErrorCode::Unavailable, m_path + ": SentencePiece bridge ABI version " +
                                                    std::to_string(abiVersion()) + ", this build needs " +
                                                    std::to_string(FRAMESMITH_SPBRIDGE_ABI_VERSION));
        resolve(m_library, m_path, "framesmith_spbridge_load", m_functions.load);
        resolve(m_library, m_path, "framesmith_spbridge_free", m_functions.free);
        resolve(m_library, m_path, "framesmith_spbridge_piece_count", m_functions.pieceCount);
        resolve(m_library, m_path, "framesmith_spbridge_piece_to_id", m_functions.pieceToId);
        resolve(m_library, m_path, "framesmith_spbridge_encode", m_functions.encode);
    } catch (...) {
        dlclose(m_library);
        throw;
    }
}

SentencePieceBridge::~SentencePieceBridge()
{
    dlclose(m_library);
}

} // namespace framesmith
