#pragma once
// Downloads models from the Hugging Face Hub (or a mirror: HF_ENDPOINT) into the standard Hub cache
// (models--ORG--NAME/{blobs,snapshots/COMMIT,refs/REVISION}), where other tools and ModelDiscovery
// find them. Resumable (blobs/*.incomplete continue with Range requests, also after a restart),
// every file checked against the Hub's sha256 (LFS) or git blob id, disk space checked first.
// The calls block and touch the network: never call them on the GUI thread. Cancel through the
// CancelToken (any mode) from any thread. Failures throw HubError (framesmith/HubError.h).
#include "framesmith/CancelToken.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace framesmith {

// Where the Hub is and who the user is. fromEnvironment() reads what huggingface_hub reads:
// HF_ENDPOINT; HF_HUB_CACHE (HUGGINGFACE_HUB_CACHE), else HF_HOME/hub, else
// XDG_CACHE_HOME/huggingface/hub, else ~/.cache/huggingface/hub; HF_TOKEN
// (HUGGING_FACE_HUB_TOKEN), else the file HF_TOKEN_PATH or HF_HOME/token (~/.cache/huggingface/token).
struct HubSettings {
    std::string endpoint = "https://huggingface.co"; // no trailing slash
    std::string cacheDir;                            // the hub cache folder (holds models--*)
    std::string token;                               // "" for public repos
    static HubSettings fromEnvironment();
};

// One repository to fetch, or part of it: `includes` are huggingface-cli's --include globs
// (fnmatch, '*' also matches '/'); empty fetches every file.
struct HubRepoRequest {
    std::string repoId;               // "org/name"
    std::string revision = "main";    // a branch, tag or commit
    std::vector<std::string> includes;
};

// A model a family publishes on the Hub: one repo, or several a model is made of (a transformer,
// its VAE, its text encoder), fetched together. Declared by the families themselves.
struct DownloadableModel {
    std::string family;        // ModelFamilyInfo::name
    std::string name;          // as people call it, e.g. the main repo's own name
    std::string description;   // English, one line (the CLI's); front ends compose theirs from the fields below
    bool isImageToVideo = false;
    double parameterBillions = 0; // the denoiser's, as published
    std::vector<HubRepoRequest> repos; // the first is the one model discovery lists it under
};

struct DownloadProgress {
    std::string repoId;
    std::string file;                // the file under way, relative to the repo
    std::uint64_t bytesDone = 0;     // of the whole request, counting parts kept from before
    std::uint64_t bytesTotal = 0;
    double bytesPerSecond = 0;       // over the last few seconds; 0 until measured
    double secondsLeft = -1;         // -1 until a rate is known
    int fileIndex = 0, fileCount = 0;
};

struct DownloadedRepo {
    std::string repoId;
    std::string commit;          // the snapshot's commit hash
    std::string snapshotFolder;  // cacheDir/models--ORG--NAME/snapshots/COMMIT
    std::uint64_t bytesFetched = 0; // over the network in this call (0 when all was there)
    int fileCount = 0;
};

class ModelDownloads {
public:
    using ProgressCallback = std::function<void(const DownloadProgress&)>;

    // False when this build has no HTTP client (built without libcurl); every call below then
    // throws Error(Unavailable) saying so.
    static bool isAvailable();
    // Every model the families publish, in registry order. Pure; any thread.
    static std::vector<DownloadableModel> catalog();
    // The bytes the request's files take, from the Hub API (one small request per repo).
    static std::uint64_t sizeOf(const std::vector<HubRepoRequest>& repos, const HubSettings& settings,
                                const CancelToken& cancel);
    // Fetches every file not yet in the cache; the progress callback runs on the calling thread
    // (a few times a second). Returns one entry per repo, in order.
    static std::vector<DownloadedRepo> download(const std::vector<HubRepoRequest>& repos, const HubSettings& settings,
                                                const ProgressCallback& progress, const CancelToken& cancel);
};

} // namespace framesmith
