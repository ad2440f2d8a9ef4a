// A small HTTP/1.1 client for the tests of tourneyd's HTTP API and for its benchmark
// (bench/http_bench.cc includes it): one kept-alive connection to a loopback port over a
// POSIX socket, with TLS (OpenSSL) when asked. It reads Content-Length, chunked and
// until-close bodies. Not thread-safe: one client per thread.
#ifndef TOURNEY_TESTS_HTTP_CLIENT_H_
#define TOURNEY_TESTS_HTTP_CLIENT_H_

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <openssl/ssl.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <cctype>
#include <cstdlib>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace tourney::testing {

struct HttpResult {
  int status = 0;                              // 0: no response (see error)
  std::map<std::string, std::string> headers;  // names in lower case
  std::string body;
  std::string error;  // what went wrong on the connection, when status is 0
  std::string Header(const std::string& lower_name) const {
    auto it = headers.find(lower_name);
    return it == headers.end() ? "" : it->second;
  }
};

class HttpClient {
 public:
  // A client of 127.0.0.1:port; with `tls`, over TLS without checking the certificate
  // (the tests' certificates are self-signed).
  explicit HttpClient(int port, bool tls = false) : port_(port), tls_(tls) {}
  HttpClient(const HttpClient&) = delete;
  HttpClient& operator=(const HttpClient&) = delete;
  ~HttpClient() { Disconnect(); }

  // Sends a request (with Content-Length when there is a body, and `headers` as given) and
  // reads its response. Reconnects once when the kept-alive connection was closed.
  HttpResult Request(const std::string& method, const std::string& target,
                     const std::string& body = "",
                     const std::vector<std::pair<std::string, std::string>>& headers = {}) {
    std::string head = method + " " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n";
    for (const auto& [name, value] : headers) head += name + ": " + value + "\r\n";
    if (!body.empty() || method == "POST") {
      head += "Content-Length: " + std::to_string(body.size()) + "\r\n";
    }
    return Raw(head + "\r\n" + body);
  }

  // Sends `bytes` as they are and reads one response.
  HttpResult Raw(const std::string& bytes) {
    for (int attempt = 0; attempt < 2; ++attempt) {
      if (fd_ < 0 && !Connect()) return Failed("cannot connect");
      pending_.clear();
      // A server may answer before it has read the whole request (and then close): read
      // the answer even when the write failed.
      const bool sent = WriteAll(bytes);
      HttpResult r = ReadResponse();
      if (r.status == 0 && attempt == 0 && (!sent || r.error == "closed before a response")) {
        Disconnect();
        continue;
      }
      if (r.status == 0 || r.Header("connection") == "close") Disconnect();
      return r;
    }
    return Failed("the connection failed twice");
  }

  // On a new connection: sends `bytes`, closes the sending side (so that a server waiting
  // for more of a request sees its end) and reads one response.
  HttpResult SendAndClose(const std::string& bytes) {
    Disconnect();
    if (!Connect()) return Failed("cannot connect");
    pending_.clear();
    WriteAll(bytes);
    if (!ssl_) shutdown(fd_, SHUT_WR);
    HttpResult r = ReadResponse();
    Disconnect();
    return r;
  }

  // Closes the connection (the next request opens another).
  void Disconnect() {
    if (ssl_) SSL_free(ssl_);
    if (ctx_) SSL_CTX_free(ctx_);
    if (fd_ >= 0) close(fd_);
    ssl_ = nullptr;
    ctx_ = nullptr;
    fd_ = -1;
  }

 private:
  static HttpResult Failed(std::string why) {
    HttpResult r;
    r.error = std::move(why);
    return r;
  }

  bool Connect() {
    fd_ = socket(AF_INET, SOCK_STREAM, 0);
    if (fd_ < 0) return false;
    timeval timeout{30, 0};
    setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof(timeout));
    const int one = 1;
    setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(static_cast<uint16_t>(port_));
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)) != 0) {
      Disconnect();
      return false;
    }
    if (!tls_) return true;
    ctx_ = SSL_CTX_new(TLS_client_method());
    ssl_ = ctx_ ? SSL_new(ctx_) : nullptr;
    if (!ssl_ || SSL_set_fd(ssl_, fd_) != 1 || SSL_connect(ssl_) != 1) {
      Disconnect();
      return false;
    }
    return true;
  }

  bool WriteAll(const std::string& bytes) {
    size_t done = 0;
    while (done < bytes.size()) {
      const size_t left = bytes.size() - done;
      const ssize_t n = ssl_ ? SSL_write(ssl_, bytes.data() + done, static_cast<int>(left))
                             : send(fd_, bytes.data() + done, left, MSG_NOSIGNAL);
      if (n <= 0) return false;
      done += static_cast<size_t>(n);
    }
    return true;
  }

  // More bytes into pending_; false at the end of the stream or on an error.
  bool Fill() {
    char buf[16384];
    const ssize_t n = ssl_ ? SSL_read(ssl_, buf, sizeof(buf)) : read(fd_, buf, sizeof(buf));
    if (n <= 0) return false;
    pending_.append(buf, static_cast<size_t>(n));
    return true;
  }

  // The next line (without CRLF) of pending_, reading as needed.
  bool Line(std::string* line) {
    size_t end;
    while ((end = pending_.find("\r\n")) == std::string::npos) {
      if (!Fill()) return false;
    }
    *line = pending_.substr(0, end);
    pending_.erase(0, end + 2);
    return true;
  }

  bool Bytes(size_t n, std::string* out) {
    while (pending_.size() < n) {
      if (!Fill()) return false;
    }
    out->append(pending_, 0, n);
    pending_.erase(0, n);
    return true;
  }

  HttpResult ReadResponse() {
    HttpResult r;
    std::string line;
    if (!Line(&line)) return Failed("closed before a response");
    if (line.rfind("HTTP/1.", 0) != 0 || line.size() < 12) return Failed("bad status line");
    const int status = std::atoi(line.substr(9, 3).c_str());
    while (Line(&line) && !line.empty()) {
      const size_t colon = line.find(':');
      if (colon == std::string::npos) return Failed("bad header line");
      std::string name = line.substr(0, colon);
      for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      const size_t v = line.find_first_not_of(' ', colon + 1);
      r.headers[name] = v == std::string::npos ? "" : line.substr(v);
    }
    if (r.Header("transfer-encoding") == "chunked") {
      for (;;) {
        if (!Line(&line)) return Failed("chunked body cut short");
        const size_t size = std::strtoul(line.c_str(), nullptr, 16);
        if (size == 0) {
          while (Line(&line) && !line.empty()) {
          }
          break;
        }
        if (!Bytes(size, &r.body) || !Line(&line)) return Failed("chunked body cut short");
      }
    } else if (r.headers.count("content-length")) {
      if (!Bytes(std::stoul(r.Header("content-length")), &r.body)) {
        return Failed("body cut short");
      }
    } else if (status >= 200 && status != 204 && status != 304) {
      while (Fill()) {
      }
      r.body = std::move(pending_);
      pending_.clear();
      r.headers["connection"] = "close";
    }
    r.status = status;
    return r;
  }

  const int port_;
  const bool tls_;
  int fd_ = -1;
  SSL_CTX* ctx_ = nullptr;
  SSL* ssl_ = nullptr;
  std::string pending_;  // bytes read and not yet parsed
};

}  // namespace tourney::testing

#endif  // TOURNEY_TESTS_HTTP_CLIENT_H_
