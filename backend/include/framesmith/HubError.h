#pragma once
// A Hugging Face Hub download that failed, with what the user can do about it: the message names
// the repo (and file) and the next step. The kind lets a front end react (ask for a token).
#include "framesmith/Error.h"

namespace framesmith {

enum class HubProblem {
    Invalid,
    Unauthorized,     // 401/403: a gated or private repo without a (valid) token
    NotFound,         // 404: no such repo, revision or file
    ChecksumMismatch, // a file's bytes do not hash to the Hub's sha256 / git blob id, twice
    DiskFull,         // not enough free space (checked first), or ENOSPC while writing
    Network,          // the connection failed or dropped more often than retried
    Server            // another HTTP status or a reply that is not what the Hub sends
};

class HubError : public Error {
public:
    // `where` is "org/name" or "org/name/path/in/repo"; `problem` says what happened and what to do.
    HubError(HubProblem problem, const std::string& where, const std::string& detail)
        : Error(codeFor(problem), where + ": " + detail), m_problem(problem), m_where(where) {}
    HubProblem problem() const { return m_problem; }
    const std::string& where() const { return m_where; }

private:
    static ErrorCode codeFor(HubProblem problem)
    {
        switch (problem) {
        case HubProblem::Unauthorized:
        case HubProblem::NotFound: return ErrorCode::InvalidRequest;
        case HubProblem::ChecksumMismatch: return ErrorCode::BadFile;
        case HubProblem::DiskFull:
        case HubProblem::Network: return ErrorCode::Io;
        default: return ErrorCode::Internal;
        }
    }

    HubProblem m_problem;
    std::string m_where;
};

} // namespace framesmith
