#pragma once
// Finds model folders where artists' tools put them: the Hugging Face hub cache
// (models--<org>--<name>/snapshots/<rev>/, following refs/main and the snapshot links into blobs/),
// the ModelScope cache (<org>/<name>, models/<org>/<name>) and folders the user adds. Whether a
// folder is a model, and which, is the families' call (ModelRegistry): a model made of several hub
// repos is listed once, under the repo its family claims. Reads only configs and file sizes, so it
// may run on any thread (it touches the disk: not the GUI's).
#include "framesmith/ModelInfo.h"

#include <string>
#include <vector>

namespace framesmith {

struct DiscoveredModel {
    std::string source;   // "huggingface", "modelscope" or "user"
    std::string repoId;   // "org/name" of the hub repo; the folder name for user folders
    ModelInfo info;       // path and size always set; the rest when `problem` is empty
    std::string problem;  // why the folder cannot be used (FileError text), empty when usable
};

class ModelDiscovery {
public:
    struct Roots {
        std::vector<std::string> huggingFace; // hub cache folders holding models--org--name/
        std::vector<std::string> modelScope;  // cache folders holding org/name/ or models/org/name/
    };
    // From HF_HUB_CACHE, HUGGINGFACE_HUB_CACHE, HF_HOME/hub, XDG_CACHE_HOME/huggingface/hub,
    // ~/.cache/huggingface/hub, MODELSCOPE_CACHE(/hub), ~/.cache/modelscope/hub (existing ones only).
    static Roots defaultRoots();

    explicit ModelDiscovery(Roots roots = defaultRoots());
    // A model folder, or a folder whose sub-folders are model folders.
    void addUserFolder(const std::string& folder);

    // Every model folder found (claimed or refused by a family), each once, caches first. Never
    // throws for a broken model: it is listed with its problem.
    std::vector<DiscoveredModel> discover() const;

    // The snapshot folder refs/main names in a hub cache entry (models--org--name), or else the
    // newest snapshot that is a model folder; "" when none.
    static std::string resolveHubSnapshot(const std::string& repoFolder);

private:
    Roots m_roots;
    std::vector<std::string> m_userFolders;
};

} // namespace framesmith
