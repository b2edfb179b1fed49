#include "io/hub/HubReplyCheck.h"

#include "framesmith/HubError.h"

namespace framesmith {

namespace {

std::string header(const HubResponse& response, const std::string& name)
{
    const auto it = response.headers.find(name);
    return it == response.headers.end() ? std::string() : it->second;
}

std::string tokenAdvice(const HubSettings& settings)
{
    return settings.token.empty() ? "no token is set: set HF_TOKEN, run `huggingface-cli login`, or enter a token in "
                                    "Framesmith's download dialog"
                                  : "the token given was refused or has no access to it: check it on "
                                    "huggingface.co/settings/tokens";
}

} // namespace

std::string HubReplyCheck::repoPage(const std::string& repoId, const HubSettings& settings)
{
    return settings.endpoint + "/" + repoId;
}

void HubReplyCheck::requireSuccess(const HubResponse& response, const std::string& where, const std::string& repoId,
                                   const std::string& revision, const HubSettings& settings)
{
    if (response.status >= 200 && response.status < 300)
        return;
    const std::string code = header(response, "x-error-code");
    if (code == "RevisionNotFound")
        throw HubError(HubProblem::NotFound, where, "the revision '" + revision + "' does not exist on " +
                                                        settings.endpoint + " (a branch, tag or commit of the repo)");
    if (code == "EntryNotFound")
        throw HubError(HubProblem::NotFound, where, "the file is not in revision '" + revision + "' of the repo");
    if (code == "GatedRepo" || response.status == 403 || (response.status == 401 && code != "RepoNotFound"))
        throw HubError(HubProblem::Unauthorized, where,
                       "HTTP " + std::to_string(response.status) + ": the repo is gated or private; accept its license "
                       "on the model page " + repoPage(repoId, settings) + " (signed in) and set a token: " +
                       tokenAdvice(settings));
    if (response.status == 404 || code == "RepoNotFound")
        throw HubError(HubProblem::NotFound, where,
                       "no such repo or revision '" + revision + "' on " + settings.endpoint +
                       " (check the name; a private repo also answers so without a token)");
    throw HubError(HubProblem::Server, where,
                   "the Hub answered HTTP " + std::to_string(response.status) + " at " + settings.endpoint +
                   " (try again later; HF_ENDPOINT chooses a mirror)");
}

} // namespace framesmith
