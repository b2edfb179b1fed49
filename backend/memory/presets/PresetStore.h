#pragma once
// Built-in and user memory presets. Built-ins come from the first of: the folder given to the
// constructor, $FRAMESMITH_PRESETS_DIR, <executable>/../share/framesmith/presets,
// <executable>/resources/presets, then the copies compiled in from resources/presets/. User presets
// live in a user folder (default: framesmith::dataFolder("presets")). Any thread; no caching.
#include "framesmith/MemoryPreset.h"

#include <string>
#include <vector>

namespace framesmith {

class PresetStore {
public:
    explicit PresetStore(std::string builtinFolder = {}, std::string userFolder = {});

    static std::string defaultUserFolder();
    const std::string& builtinSource() const { return m_builtinSource; } // a folder or "compiled-in"
    const std::string& userFolder() const { return m_userFolder; }

    std::vector<std::string> builtinNames() const;
    std::vector<std::string> userNames() const;
    std::vector<std::string> names() const;        // built-ins first; a user preset may not shadow one
    bool isBuiltin(const std::string& name) const;

    // A preset name, or a path to a preset .json file. Throws InvalidRequestError naming the known presets.
    MemoryPreset load(const std::string& nameOrPath) const;
    // Writes <userFolder>/<name>.json atomically (write, then rename). Built-in names are refused.
    std::string save(const MemoryPreset& preset) const;
    void remove(const std::string& name) const;

private:
    std::string builtinText(const std::string& name) const; // empty when unknown

    std::string m_builtinFolder; // empty: compiled-in
    std::string m_builtinSource;
    std::string m_userFolder;
};

} // namespace framesmith
