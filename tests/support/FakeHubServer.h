#pragma once
// A small Hugging Face Hub on 127.0.0.1 for tests (no test touches the internet): plain HTTP/1.1,
// one thread per connection, every reply "Connection: close". It serves what the real Hub serves
// for downloads:
//   GET  /api/models/ORG/NAME/revision/REV[?blobs=true]   commit + siblings (size, blobId, lfs.sha256)
//   HEAD/GET /ORG/NAME/resolve/REV/PATH                    small files: 200 + ETag (git blob id);
//                                                          LFS files: 302 to /cdn/SHA256 with
//                                                          X-Repo-Commit, X-Linked-Etag, X-Linked-Size
//   GET  /cdn/SHA256                                       the bytes, with Range (206)
// and misbehaves on request: a 401 without the token, a connection dropped mid-file, wrong bytes,
// a stall until released. Files over kLfsThreshold bytes or named *.safetensors are LFS files.
#include <QByteArray>
#include <QString>

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace framesmith::test {

class FakeHubServer {
public:
    static constexpr int kLfsThreshold = 1024;

    FakeHubServer();
    ~FakeHubServer();
    FakeHubServer(const FakeHubServer&) = delete;
    FakeHubServer& operator=(const FakeHubServer&) = delete;

    std::string endpoint() const; // http://127.0.0.1:PORT
    bool isListening() const { return m_listenFd >= 0; }

    // Serves `files` (path -> bytes) as revision main of `repoId`; returns the commit hash.
    std::string addRepo(const std::string& repoId, const std::map<std::string, QByteArray>& files);
    // Every regular file below `folder`, as a repo.
    std::string addFolder(const std::string& repoId, const std::string& folder);

    void requireToken(const std::string& token);
    // The next `times` transfers of `path` close the connection after `afterBytes` bytes of the body.
    void dropConnection(const std::string& path, std::uint64_t afterBytes, int times = 1);
    // The next `times` transfers of `path` carry one flipped byte.
    void corrupt(const std::string& path, int times);
    // Transfers of `path` stop after `afterBytes` and wait until releaseStall() (or the server ends).
    void stall(const std::string& path, std::uint64_t afterBytes);
    void releaseStall();

    // "GET /cdn/... range=N-" lines, in order.
    std::vector<std::string> requests() const;
    // The first byte asked for by each transfer of `path` (0 without a Range).
    std::vector<std::uint64_t> rangeStarts(const std::string& path) const;
    static QByteArray sha256(const QByteArray& bytes);
    static QByteArray gitBlobId(const QByteArray& bytes);

private:
    struct File {
        std::string path;
        QByteArray bytes;
        QByteArray sha256, blobId;
        bool isLfs = false;
    };
    struct Repo {
        std::string commit;
        std::vector<File> files;
    };
    struct Request {
        std::string method, target;
        std::map<std::string, std::string> headers; // lowercase names
    };

    void acceptLoop();
    void serve(int fd);
    void route(int fd, const Request& request);
    void serveApi(int fd, const Request& request, const std::string& rest);
    void serveResolve(int fd, const Request& request, const std::string& rest);
    void serveBlob(int fd, const Request& request, const std::string& sha256);
    const File* findFile(const std::string& repoId, const std::string& path) const;
    bool isAuthorized(const Request& request) const;

    int m_listenFd = -1;
    int m_port = 0;
    std::atomic<bool> m_stopping{false};
    std::thread m_acceptThread;
    std::vector<std::thread> m_connections;
    mutable std::mutex m_mutex;
    std::condition_variable m_released;
    std::map<std::string, Repo> m_repos;
    std::string m_token;
    std::map<std::string, std::pair<std::uint64_t, int>> m_drops; // path -> (after, times)
    std::map<std::string, int> m_corruptions;
    std::map<std::string, std::uint64_t> m_stalls;
    std::vector<std::string> m_requests;
    std::map<std::string, std::vector<std::uint64_t>> m_rangeStarts;
};

} // namespace framesmith::test
