#pragma once
// The memory presets the app may offer and edit: built-ins (read-only) and the user's own, in the
// same folder the CLI and Engine::generate read (framesmith::dataFolder("presets") by default),
// plus the registered strategies a custom preset is built from. Any thread; nothing is cached.
#include "framesmith/MemoryPreset.h"

#include <string>
#include <vector>

namespace framesmith {

struct StrategyInfo {
    std::string name;    // stable id stored in preset JSON, e.g. "fp8-weights"
    std::string summary; // one English line
    std::vector<std::string> excludes; // strategies it cannot be combined with (both directions)
};

struct StrategyConflict {
    std::string first;  // in the order the list names them
    std::string second;
};

class PresetCatalog {
public:
    // userFolder empty: the default user folder (the one Engine and the CLI read).
    explicit PresetCatalog(std::string userFolder = {});

    static std::vector<StrategyInfo> strategies(); // registry order
    // Every pair in `strategies` that excludes each other; a preset file with one does not load.
    static std::vector<StrategyConflict> conflicts(const std::vector<std::string>& strategies);
    // The preset a file holding only this name and these strategies loads as: every lever off,
    // then each strategy's fields in order. Throws InvalidRequestError naming an unknown strategy
    // or a conflicting pair.
    static MemoryPreset compose(const std::string& name, const std::vector<std::string>& strategies);

    const std::string& userFolder() const { return m_userFolder; }
    std::vector<std::string> builtinNames() const;
    std::vector<std::string> userNames() const; // sorted; never a built-in name
    bool isBuiltin(const std::string& name) const;

    // A built-in or user preset by name. Throws InvalidRequestError (unknown) or FileError.
    MemoryPreset load(const std::string& name) const;
    // Checks the preset as a file would be read back, then writes <userFolder>/<name>.json
    // atomically; returns the path. Throws InvalidRequestError for a bad or built-in name or a bad
    // field, FileError when the folder cannot be written. A failed save leaves the old file as it was.
    std::string save(const MemoryPreset& preset) const;
    void remove(const std::string& name) const; // throws InvalidRequestError for a built-in or unknown name

private:
    std::string m_userFolder;
};

} // namespace framesmith
