#include "support/FakeHubServer.h"

#include <QCryptographicHash>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QUrl>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <sstream>

namespace framesmith::test {

namespace {

bool sendAll(int fd, const char* data, std::size_t size)
{
    while (size > 0) {
        const ssize_t sent = ::send(fd, data, size, MSG_NOSIGNAL);
        if (sent <= 0)
            return false;
        data += sent;
        size -= static_cast<std::size_t>(sent);
    }
    return true;
}

bool sendText(int fd, const std::string& text)
{
    return sendAll(fd, text.data(), text.size());
}

std::string reasonOf(int status)
{
    static const std::map<int, std::string> kReasons = {{200, "OK"}, {206, "Partial Content"}, {302, "Found"},
                                                        {401, "Unauthorized"}, {404, "Not Found"},
                                                        {416, "Range Not Satisfiable"}};
    const auto it = kReasons.find(status);
    return it == kReasons.end() ? "Error" : it->second;
}

void reply(int fd, int status, const std::vector<std::string>& headers, const QByteArray& body, bool withBody = true)
{
    std::string head = "HTTP/1.1 " + std::to_string(status) + " " + reasonOf(status) + "\r\n";
    for (const auto& header : headers)
        head += header + "\r\n";
    head += "Content-Length: " + std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n";
    if (sendText(fd, head) && withBody)
        sendAll(fd, body.constData(), static_cast<std::size_t>(body.size()));
}

std::string decoded(const std::string& text)
{
    return QUrl::fromPercentEncoding(QByteArray::fromStdString(text)).toStdString();
}

} // namespace

QByteArray FakeHubServer::sha256(const QByteArray& bytes)
{
    return QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex();
}

QByteArray FakeHubServer::gitBlobId(const QByteArray& bytes)
{
    return QCryptographicHash::hash("blob " + QByteArray::number(bytes.size()) + '\0' + bytes, QCryptographicHash::Sha1)
        .toHex();
}

FakeHubServer::FakeHubServer()
{
    m_listenFd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    if (m_listenFd < 0 || ::bind(m_listenFd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
        ::listen(m_listenFd, 16) != 0 || ::getsockname(m_listenFd, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
        if (m_listenFd >= 0)
            ::close(m_listenFd);
        m_listenFd = -1;
        return;
    }
    m_port = ntohs(address.sin_port);
    m_acceptThread = std::thread([this] { acceptLoop(); });
}

FakeHubServer::~FakeHubServer()
{
    m_stopping = true;
    if (m_listenFd >= 0) {
        ::shutdown(m_listenFd, SHUT_RDWR);
        ::close(m_listenFd);
    }
    if (m_acceptThread.joinable())
        m_acceptThread.join();
    m_released.notify_all();
    std::vector<std::thread> connections;
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        connections.swap(m_connections);
    }
    for (auto& thread : connections)
        thread.join();
}

std::string FakeHubServer::endpoint() const
{
    return "http://127.0.0.1:" + std::to_string(m_port);
}

std::string FakeHubServer::addRepo(const std::string& repoId, const std::map<std::string, QByteArray>& files)
{
    Repo repo;
    QByteArray all = QByteArray::fromStdString(repoId);
    for (const auto& [path, bytes] : files) {
        File file{path, bytes, sha256(bytes), gitBlobId(bytes), false};
        file.isLfs = bytes.size() > kLfsThreshold || QString::fromStdString(path).endsWith(".safetensors");
        all += file.sha256 + QByteArray::fromStdString(path);
        repo.files.push_back(file);
    }
    repo.commit = QCryptographicHash::hash(all, QCryptographicHash::Sha1).toHex().toStdString();
    std::lock_guard<std::mutex> lock(m_mutex);
    m_repos[repoId] = repo;
    return repo.commit;
}

std::string FakeHubServer::addFolder(const std::string& repoId, const std::string& folder)
{
    std::map<std::string, QByteArray> files;
    const QString root = QString::fromStdString(folder);
    QDirIterator it(root, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        QFile file(it.next());
        if (file.open(QIODevice::ReadOnly))
            files[file.fileName().mid(root.size() + 1).toStdString()] = file.readAll();
    }
    return addRepo(repoId, files);
}

void FakeHubServer::requireToken(const std::string& token)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    m_token = token;
}

void FakeHubServer::dropConnection(const std::string& path, std::uint64_t afterBytes, int times)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    m_drops[path] = {afterBytes, times};
}

void FakeHubServer::corrupt(const std::string& path, int times)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    m_corruptions[path] = times;
}

void FakeHubServer::stall(const std::string& path, std::uint64_t afterBytes)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    m_stalls[path] = afterBytes;
}

void FakeHubServer::releaseStall()
{
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_stalls.clear();
    }
    m_released.notify_all();
}

std::vector<std::string> FakeHubServer::requests() const
{
    std::lock_guard<std::mutex> lock(m_mutex);
    return m_requests;
}

std::vector<std::uint64_t> FakeHubServer::rangeStarts(const std::string& path) const
{
    std::lock_guard<std::mutex> lock(m_mutex);
    const auto it = m_rangeStarts.find(path);
    return it == m_rangeStarts.end() ? std::vector<std::uint64_t>{} : it->second;
}

void FakeHubServer::acceptLoop()
{
    while (!m_stopping) {
        const int fd = ::accept4(m_listenFd, nullptr, nullptr, SOCK_CLOEXEC);
        if (fd < 0) {
            if (m_stopping)
                return;
            continue;
        }
        timeval timeout{5, 0};
        ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
        std::lock_guard<std::mutex> lock(m_mutex);
        m_connections.emplace_back([this, fd] {
            serve(fd);
            ::close(fd);
        });
    }
}

void FakeHubServer::serve(int fd)
{
    std::string head;
    char chunk[4096];
    while (head.find("\r\n\r\n") == std::string::npos && head.size() < 65536) {
        const ssize_t got = ::recv(fd, chunk, sizeof chunk, 0);
        if (got <= 0)
            return;
        head.append(chunk, static_cast<std::size_t>(got));
    }
    std::istringstream lines(head.substr(0, head.find("\r\n\r\n")));
    Request request;
    std::string line, version;
    std::getline(lines, line);
    std::istringstream(line) >> request.method >> request.target >> version;
    while (std::getline(lines, line)) {
        const auto colon = line.find(':');
        if (colon == std::string::npos)
            continue;
        std::string name = line.substr(0, colon);
        std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
        std::string value = line.substr(colon + 1);
        value.erase(0, value.find_first_not_of(' '));
        value.erase(value.find_last_not_of("\r ") + 1);
        request.headers[name] = value;
    }
    route(fd, request);
}

bool FakeHubServer::isAuthorized(const Request& request) const
{
    std::lock_guard<std::mutex> lock(m_mutex);
    if (m_token.empty())
        return true;
    const auto it = request.headers.find("authorization");
    return it != request.headers.end() && it->second == "Bearer " + m_token;
}

const FakeHubServer::File* FakeHubServer::findFile(const std::string& repoId, const std::string& path) const
{
    std::lock_guard<std::mutex> lock(m_mutex);
    const auto repo = m_repos.find(repoId);
    if (repo == m_repos.end())
        return nullptr;
    for (const auto& file : repo->second.files)
        if (file.path == path)
            return &file;
    return nullptr;
}

void FakeHubServer::route(int fd, const Request& request)
{
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        const auto range = request.headers.find("range");
        m_requests.push_back(request.method + " " + request.target +
                             (range == request.headers.end() ? "" : " range=" + range->second.substr(6)));
    }
    const std::string target = request.target.substr(0, request.target.find('?'));
    if (target.rfind("/api/models/", 0) == 0)
        return serveApi(fd, request, target.substr(12));
    if (target.rfind("/cdn/", 0) == 0)
        return serveBlob(fd, request, target.substr(5));
    if (target.find("/resolve/") != std::string::npos)
        return serveResolve(fd, request, target.substr(1));
    reply(fd, 404, {}, "no such route");
}

void FakeHubServer::serveApi(int fd, const Request& request, const std::string& rest)
{
    // ORG/NAME/revision/REV
    const auto marker = rest.find("/revision/");
    const std::string repoId = rest.substr(0, marker);
    const std::string revision = marker == std::string::npos ? "main" : decoded(rest.substr(marker + 10));
    if (!isAuthorized(request))
        return reply(fd, 401, {"X-Error-Code: GatedRepo"}, "{\"error\":\"Access to this model is restricted\"}");
    Repo repo;
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        const auto it = m_repos.find(repoId);
        if (it == m_repos.end())
            return reply(fd, 404, {"X-Error-Code: RepoNotFound"}, "{\"error\":\"Repository not found\"}");
        repo = it->second;
    }
    if (revision != "main" && revision != repo.commit)
        return reply(fd, 404, {"X-Error-Code: RevisionNotFound"}, "{\"error\":\"Invalid rev id\"}");
    const bool withBlobs = request.target.find("blobs=true") != std::string::npos;
    QJsonArray siblings;
    for (const auto& file : repo.files) {
        QJsonObject sibling{{"rfilename", QString::fromStdString(file.path)}};
        if (withBlobs) {
            sibling["size"] = file.bytes.size();
            sibling["blobId"] = QString::fromLatin1(file.isLfs ? gitBlobId("pointer " + file.sha256) : file.blobId);
            if (file.isLfs)
                sibling["lfs"] = QJsonObject{{"sha256", QString::fromLatin1(file.sha256)}, {"size", file.bytes.size()},
                                             {"pointerSize", 134}};
        }
        siblings.append(sibling);
    }
    const QJsonObject body{{"id", QString::fromStdString(repoId)}, {"sha", QString::fromStdString(repo.commit)},
                           {"siblings", siblings}};
    reply(fd, 200, {"Content-Type: application/json"}, QJsonDocument(body).toJson(QJsonDocument::Compact));
}

void FakeHubServer::serveResolve(int fd, const Request& request, const std::string& rest)
{
    // ORG/NAME/resolve/REV/PATH
    const auto marker = rest.find("/resolve/");
    const std::string repoId = rest.substr(0, marker);
    const std::string afterRevision = rest.substr(marker + 9);
    const std::string path = decoded(afterRevision.substr(afterRevision.find('/') + 1));
    if (!isAuthorized(request))
        return reply(fd, 401, {"X-Error-Code: GatedRepo"}, "restricted");
    const File* file = findFile(repoId, path);
    if (!file)
        return reply(fd, 404, {"X-Error-Code: EntryNotFound"}, "no such file");
    std::string commit;
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        commit = m_repos[repoId].commit;
    }
    const bool withBody = request.method != "HEAD";
    if (!file->isLfs)
        return reply(fd, 200, {"X-Repo-Commit: " + commit, "ETag: \"" + file->blobId.toStdString() + "\""}, file->bytes,
                     withBody);
    reply(fd, 302,
          {"Location: " + endpoint() + "/cdn/" + file->sha256.toStdString(), "X-Repo-Commit: " + commit,
           "X-Linked-Etag: \"" + file->sha256.toStdString() + "\"",
           "X-Linked-Size: " + std::to_string(file->bytes.size()), "ETag: \"" + file->blobId.toStdString() + "\""},
          {}, withBody);
}

void FakeHubServer::serveBlob(int fd, const Request& request, const std::string& sha256)
{
    File file;
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        for (const auto& [id, repo] : m_repos)
            for (const auto& candidate : repo.files)
                if (candidate.sha256.toStdString() == sha256)
                    file = candidate;
    }
    if (file.path.empty())
        return reply(fd, 404, {}, "no such blob");
    std::uint64_t start = 0;
    const auto range = request.headers.find("range");
    if (range != request.headers.end())
        start = std::stoull(range->second.substr(range->second.find('=') + 1));
    std::uint64_t dropAfter = UINT64_MAX, stallAfter = UINT64_MAX;
    QByteArray bytes = file.bytes;
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_rangeStarts[file.path].push_back(start);
        auto drop = m_drops.find(file.path);
        if (drop != m_drops.end() && drop->second.second > 0) {
            dropAfter = drop->second.first;
            --drop->second.second;
        }
        auto corruption = m_corruptions.find(file.path);
        if (corruption != m_corruptions.end() && corruption->second > 0) {
            bytes[bytes.size() / 2] = char(bytes[bytes.size() / 2] ^ 0x5a);
            --corruption->second;
        }
        const auto stalled = m_stalls.find(file.path);
        if (stalled != m_stalls.end())
            stallAfter = stalled->second;
    }
    if (start > std::uint64_t(bytes.size()))
        return reply(fd, 416, {"Content-Range: bytes */" + std::to_string(bytes.size())}, {});
    const QByteArray body = bytes.mid(static_cast<qsizetype>(start));
    std::string head = start > 0 ? "HTTP/1.1 206 Partial Content\r\nContent-Range: bytes " + std::to_string(start) + "-" +
                                       std::to_string(bytes.size() - 1) + "/" + std::to_string(bytes.size()) + "\r\n"
                                 : std::string("HTTP/1.1 200 OK\r\n");
    head += "Content-Length: " + std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n";
    if (!sendText(fd, head))
        return;
    const std::uint64_t cut = std::min<std::uint64_t>({std::uint64_t(body.size()), dropAfter, stallAfter});
    if (!sendAll(fd, body.constData(), static_cast<std::size_t>(cut)))
        return;
    if (stallAfter != UINT64_MAX) { // hold the connection open, sending nothing, until released
        std::unique_lock<std::mutex> lock(m_mutex);
        m_released.wait(lock, [&] { return m_stopping || m_stalls.find(file.path) == m_stalls.end(); });
        return; // then close: the client sees a dropped connection
    }
    if (cut < std::uint64_t(body.size()) && dropAfter != UINT64_MAX)
        return; // closing mid-body: the client sees a transfer that ended early
    sendAll(fd, body.constData() + cut, static_cast<std::size_t>(body.size() - static_cast<qsizetype>(cut)));
}

} // namespace framesmith::test
