#include "local_server.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <thread>
#include <vector>

#include "common.h"

extern char** environ;

namespace tourney::cli {

Status LocalServer::Start(bool http) {
  const std::string bin =
      std::filesystem::canonical("/proc/self/exe").parent_path().string() + "/tourneyd";
  if (!std::filesystem::exists(bin)) {
    return NotFound(bin + " not found (build it, or run `tourney demo --offline`)");
  }
  std::string templ = std::filesystem::temp_directory_path().string() + "/tourney_demo_XXXXXX";
  if (mkdtemp(templ.data()) == nullptr) return IoError("cannot create a temporary directory");
  dir_ = templ;
  // A fresh random admin token for this run (the OS generator; not a statistical choice).
  std::random_device device;
  static constexpr char kHex[] = "0123456789abcdef";
  for (int i = 0; i < 40; ++i) token_.push_back(kHex[device() % 16]);
  const std::string token_file = dir_ + "/admin.token";
  {
    std::ofstream out(token_file);
    out << token_ << "\n";
    if (!out) return IoError(token_file + ": cannot write");
  }
  std::filesystem::permissions(
      token_file, std::filesystem::perms::owner_read | std::filesystem::perms::owner_write);
  const std::string port_file = dir_ + "/port", http_port_file = dir_ + "/http_port";
  log_ = dir_ + "/tourneyd.log";
  std::vector<std::string> args = {
      bin,           "--data-dir",  dir_ + "/data", "--admin-token-file", token_file, "--listen",
      "127.0.0.1:0", "--port-file", port_file,      "--exit-with-parent"};
  if (http) {
    for (const char* a : {"--http-listen", "127.0.0.1:0", "--http-port-file"}) args.push_back(a);
    args.push_back(http_port_file);
  }
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 2, log_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  const int rc = posix_spawn(&pid_, bin.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) {
    pid_ = -1;
    return IoError("cannot start " + bin);
  }
  for (int i = 0; i < 600; ++i) {
    std::ifstream in(port_file);
    if (in >> port_) {
      if (http) {
        std::ifstream h(http_port_file);
        if (!(h >> http_port_)) return Internal("tourneyd wrote no HTTP port");
      }
      return Status::Ok();
    }
    int status = 0;
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      std::string log;
      ReadFileToString(log_, &log);
      return Internal("tourneyd exited at start-up: " + log);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return Internal("tourneyd did not start within 30 s");
}

void LocalServer::Stop() {
  if (pid_ > 0) {
    kill(pid_, SIGTERM);
    waitpid(pid_, nullptr, 0);
    pid_ = -1;
  }
  if (!dir_.empty()) {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
    dir_.clear();
  }
}

}  // namespace tourney::cli
