#include "cli/CommandRunner.h"

#include "io/BoundedFileReader.h"

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace framesmith::cli {

namespace {

using Clock = std::chrono::steady_clock;
constexpr int kPollSliceMs = 100; // how soon a cancel request is seen

// Reads both pipes until both close, the deadline passes, the output passes its cap or the token
// stops it; poll keeps a full stderr from blocking a child writing stdout. True: ended by itself.
bool drain(int outFd, int errFd, const CommandLimits& limits, CommandResult& result)
{
    pollfd fds[2] = {{outFd, POLLIN, 0}, {errFd, POLLIN, 0}};
    std::string* sinks[2] = {&result.out, &result.err};
    const std::size_t caps[2] = {limits.maxOutBytes, limits.maxErrBytes};
    const Clock::time_point deadline = Clock::now() + std::chrono::seconds(limits.timeoutSeconds);
    int open = 2;
    char buffer[65536];
    const auto stop = [&](bool& why) {
        why = true;
        for (pollfd& p : fds)
            if (p.fd >= 0)
                ::close(p.fd);
        return false;
    };
    while (open > 0) {
        if (limits.cancel && limits.cancel->isStopRequested())
            return stop(result.wasCancelled);
        if (Clock::now() >= deadline)
            return stop(result.timedOut);
        if (::poll(fds, 2, kPollSliceMs) < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        for (int i = 0; i < 2; ++i) {
            if (fds[i].fd < 0 || fds[i].revents == 0)
                continue;
            const ssize_t n = ::read(fds[i].fd, buffer, sizeof buffer);
            if (n > 0) {
                if (sinks[i]->size() + static_cast<std::size_t>(n) > caps[i])
                    return stop(result.printedTooMuch);
                sinks[i]->append(buffer, static_cast<std::size_t>(n));
            } else if (n == 0 || errno != EINTR) {
                ::close(fds[i].fd);
                fds[i].fd = -1;
                --open;
            }
        }
    }
    return true;
}

// Ends the child's whole process group: SIGTERM, then SIGKILL if it is still there a second later.
void endGroup(pid_t pid)
{
    ::kill(-pid, SIGTERM);
    for (int waited = 0; waited < 10; ++waited) {
        if (::waitpid(pid, nullptr, WNOHANG) == pid) {
            ::kill(-pid, SIGKILL); // its children, if any stayed
            return;
        }
        ::usleep(100000);
    }
    ::kill(-pid, SIGKILL);
    while (::waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
    }
}

} // namespace

CommandLimits CommandLimits::fromEnvironment()
{
    CommandLimits limits;
    if (const char* text = std::getenv("FRAMESMITH_COMMAND_TIMEOUT")) {
        char* end = nullptr;
        const long seconds = std::strtol(text, &end, 10);
        if (end != text && *end == '\0' && seconds >= 1 && seconds <= 86400)
            limits.timeoutSeconds = static_cast<int>(seconds);
    }
    return limits;
}

std::string CommandResult::endedBecause(const CommandLimits& limits) const
{
    if (timedOut)
        return "it did not finish within " + std::to_string(limits.timeoutSeconds) +
               " s and was stopped (FRAMESMITH_COMMAND_TIMEOUT sets the limit)";
    if (printedTooMuch)
        return "it printed more than the limit (" + BoundedFileReader::sizeText(limits.maxOutBytes) + " of output, " +
               BoundedFileReader::sizeText(limits.maxErrBytes) + " of errors) and was stopped";
    if (wasCancelled)
        return "it was stopped by an interrupt";
    return "";
}

CommandResult CommandRunner::run(const std::vector<std::string>& argv, const CommandLimits& limits)
{
    CommandResult result;
    int outPipe[2], errPipe[2];
    if (argv.empty() || ::pipe2(outPipe, O_CLOEXEC) != 0)
        return result;
    if (::pipe2(errPipe, O_CLOEXEC) != 0) {
        ::close(outPipe[0]);
        ::close(outPipe[1]);
        return result;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, outPipe[1], STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, errPipe[1], STDERR_FILENO);
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP); // its own group: ended as a whole
    posix_spawnattr_setpgroup(&attributes, 0);
    std::vector<char*> args;
    for (const std::string& arg : argv)
        args.push_back(const_cast<char*>(arg.c_str()));
    args.push_back(nullptr);
    pid_t pid = 0;
    const int spawned = ::posix_spawnp(&pid, args[0], &actions, &attributes, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    ::close(outPipe[1]);
    ::close(errPipe[1]);
    if (spawned != 0) {
        ::close(outPipe[0]);
        ::close(errPipe[0]);
        result.err = argv[0] + ": " + std::strerror(spawned);
        return result;
    }
    result.wasStarted = true;
    const Clock::time_point deadline = Clock::now() + std::chrono::seconds(limits.timeoutSeconds);
    if (!drain(outPipe[0], errPipe[0], limits, result)) {
        endGroup(pid);
        return result; // exitCode stays -1: its output is not an answer
    }
    int status = 0;
    for (;;) { // it closed its output; it may still linger (a shell waiting for a background child)
        const pid_t done = ::waitpid(pid, &status, WNOHANG);
        if (done == pid)
            break;
        if (done < 0 && errno != EINTR)
            return result;
        if (Clock::now() >= deadline || (limits.cancel && limits.cancel->isStopRequested())) {
            (Clock::now() >= deadline ? result.timedOut : result.wasCancelled) = true;
            endGroup(pid);
            return result;
        }
        ::usleep(20000);
    }
    result.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return result;
}

} // namespace framesmith::cli
