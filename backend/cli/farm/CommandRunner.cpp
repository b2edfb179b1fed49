#include "cli/farm/CommandRunner.h"

#include "io/BoundedFileReader.h"

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

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

// The program's path as execvp would find it, resolved before fork (the child may not allocate).
std::string resolved(const std::string& program)
{
    if (program.find('/') != std::string::npos)
        return program;
    const char* variable = std::getenv("PATH");
    const std::string folders = variable ? variable : "/usr/local/bin:/usr/bin:/bin";
    for (std::size_t start = 0;;) {
        const std::size_t colon = folders.find(':', start);
        const std::string folder = folders.substr(start, colon == std::string::npos ? std::string::npos : colon - start);
        const std::string candidate = (folder.empty() ? "." : folder) + "/" + program;
        struct stat st {};
        if (::stat(candidate.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(candidate.c_str(), X_OK) == 0)
            return candidate;
        if (colon == std::string::npos)
            return "";
        start = colon + 1;
    }
}

// Starts argv in a process group of its own (ended as a whole), with SIGKILL as its parent-death
// signal: framesmith-cli killed outright (Ctrl-C where no handler runs) takes the program with it.
// Returns -1 with *error when it cannot be started (exec's errno comes back through a pipe).
pid_t spawn(const std::vector<std::string>& argv, int outFd, int errFd, std::string* error)
{
    const std::string program = resolved(argv[0]);
    if (program.empty()) {
        *error = argv[0] + ": " + std::strerror(ENOENT);
        return -1;
    }
    std::vector<char*> args;
    for (const std::string& arg : argv)
        args.push_back(const_cast<char*>(arg.c_str()));
    args.push_back(nullptr);
    int report[2];
    if (::pipe2(report, O_CLOEXEC) != 0) {
        *error = argv[0] + ": " + std::strerror(errno);
        return -1;
    }
    const pid_t parent = ::getpid();
    const pid_t pid = ::fork();
    if (pid == 0) { // only async-signal-safe calls from here to exec
        ::setpgid(0, 0);
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (::getppid() != parent)
            ::_exit(127);
        sigset_t none;
        ::sigemptyset(&none);
        ::sigprocmask(SIG_SETMASK, &none, nullptr);
        ::dup2(outFd, STDOUT_FILENO);
        ::dup2(errFd, STDERR_FILENO);
        ::execv(program.c_str(), args.data());
        const int failed = errno;
        [[maybe_unused]] const ssize_t written = ::write(report[1], &failed, sizeof failed);
        ::_exit(127);
    }
    ::close(report[1]);
    if (pid < 0) {
        ::close(report[0]);
        *error = argv[0] + ": " + std::strerror(errno);
        return -1;
    }
    ::setpgid(pid, pid); // here too: a kill(-pid) right after fork must find the group
    int failed = 0;
    ssize_t n = 0;
    while ((n = ::read(report[0], &failed, sizeof failed)) < 0 && errno == EINTR) {
    }
    ::close(report[0]);
    if (n == static_cast<ssize_t>(sizeof failed)) { // exec failed: reap the child, say why
        while (::waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
        }
        *error = argv[0] + ": " + std::strerror(failed);
        return -1;
    }
    return pid;
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
    std::string error;
    const pid_t pid = spawn(argv, outPipe[1], errPipe[1], &error);
    ::close(outPipe[1]);
    ::close(errPipe[1]);
    if (pid < 0) {
        ::close(outPipe[0]);
        ::close(errPipe[0]);
        result.err = error;
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
