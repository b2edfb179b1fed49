#pragma once
// Turns a Hub reply that is not a success into a HubError the user can act on: 401/403 (gated or
// private: accept the license, set a token), 404 (no such repo, revision or file), other statuses.
// The Hub's X-Error-Code header (GatedRepo, RepoNotFound, RevisionNotFound, EntryNotFound) refines
// the message when present. Pure; any thread.
#include "io/hub/HubClient.h"

#include <string>

namespace framesmith {

class HubReplyCheck {
public:
    // Throws unless 200 <= status < 300. `where` is "org/name" or "org/name/file"; `revision` is
    // named in a 404.
    static void requireSuccess(const HubResponse& response, const std::string& where, const std::string& repoId,
                               const std::string& revision, const HubSettings& settings);
    // The repo page where its license is accepted.
    static std::string repoPage(const std::string& repoId, const HubSettings& settings);
};

} // namespace framesmith
