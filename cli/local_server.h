// A tourneyd child process on loopback with a temporary data directory and a fresh admin
// token, for `tourney demo`: started from the tourneyd next to this binary, stopped (and its
// directory removed) when the object goes away or the parent exits.
#ifndef TOURNEY_CLI_LOCAL_SERVER_H_
#define TOURNEY_CLI_LOCAL_SERVER_H_

#include <sys/types.h>

#include <string>

#include "tourney/core/status.h"

namespace tourney::cli {

class LocalServer {
 public:
  LocalServer() = default;
  LocalServer(const LocalServer&) = delete;
  LocalServer& operator=(const LocalServer&) = delete;
  ~LocalServer() { Stop(); }

  // Starts tourneyd on 127.0.0.1 with a free gRPC port, and with `http` also the HTTP API,
  // the annotator page and the dashboard on another free port. NotFound without a tourneyd
  // next to this binary; Internal when it does not come up within 30 s.
  Status Start(bool http = false);
  void Stop();

  int port() const { return port_; }
  int http_port() const { return http_port_; }  // 0 without HTTP
  const std::string& token() const { return token_; }
  const std::string& dir() const { return dir_; }

 private:
  pid_t pid_ = -1;
  int port_ = 0;
  int http_port_ = 0;
  std::string dir_, token_, log_;
};

}  // namespace tourney::cli

#endif  // TOURNEY_CLI_LOCAL_SERVER_H_
