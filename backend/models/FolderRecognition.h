#pragma once
// A family's answer to "is this folder one of your models?" (ModelFamily::recognise), decided from
// a few small files. Foreign: nothing of the family is there. Claimed: it is one of its models
// (inspect() then reads the rest). Refused: the family's marker is there but the folder cannot be
// its model (an unreadable model_index.json, a missing index file); the problem names the file and
// is what the user sees when no family claims the folder. A Foreign answer may carry a hint (a
// diffusers folder of a pipeline class the family does not take): it speaks only when no family
// refused, so a broken folder of one family is not explained by another family's hint.
// Plain values; any thread.
#include "framesmith/Error.h"

#include <optional>

namespace framesmith {

struct FolderRecognition {
    enum class Verdict { Foreign, Claimed, Refused };

    Verdict verdict = Verdict::Foreign;
    std::optional<FileError> problem; // set when Refused; a hint when Foreign

    static FolderRecognition foreign() { return {}; }
    static FolderRecognition claimed() { return {Verdict::Claimed, std::nullopt}; }
    static FolderRecognition refused(FileError problem) { return {Verdict::Refused, std::move(problem)}; }
    static FolderRecognition hinted(FileError hint) { return {Verdict::Foreign, std::move(hint)}; }
    bool isClaimed() const { return verdict == Verdict::Claimed; }
    bool isForeign() const { return verdict == Verdict::Foreign; }
    bool isRefused() const { return verdict == Verdict::Refused; }
};

} // namespace framesmith
