// tourneyd: the tourney campaign service (gRPC, and a JSON API over HTTP). See
// docs/service.md and docs/http.md.
#include <signal.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <thread>

#include "auth.h"
#include "backup.h"
#include "flags/flags.h"
#include "server.h"
#include "tourney/ingest/csv_reader.h"

namespace {

using tourney::Status;
using tourney::StatusOr;

constexpr int kExitOk = 0;
constexpr int kExitFailure = 1;
constexpr int kExitBadInput = 2;

int Fail(const std::string& message, int code) {
  std::cerr << "tourneyd: " << message << "\n";
  return code;
}

// "1 campaign", "3 campaigns".
std::string Count(int64_t n, const char* noun) {
  return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

// A duration for a person: "3 ms" below a second, "1.2 s" from there on.
std::string Duration(double seconds) {
  char buf[32];
  if (seconds < 0.9995) {
    std::snprintf(buf, sizeof(buf), "%.0f ms", seconds * 1000);
  } else {
    std::snprintf(buf, sizeof(buf), "%.1f s", seconds);
  }
  return buf;
}

bool IsLoopback(const std::string& address) {
  return address.rfind("127.", 0) == 0 || address.rfind("localhost:", 0) == 0 ||
         address.rfind("[::1]:", 0) == 0 || address.rfind("unix:", 0) == 0;
}

// --backup-to / --restore-from: copy the database and exit; no server is started.
int RunBackupOrRestore(const tourney::Flags& flags) {
  const std::string data_dir = flags.Get("data-dir");
  if (data_dir.empty()) return Fail("--data-dir is required", kExitBadInput);
  if (flags.IsSet("backup-to") && flags.IsSet("restore-from")) {
    return Fail("--backup-to and --restore-from exclude each other", kExitBadInput);
  }
  tourney::service::BackupOptions options;
  for (auto [name, out] : {std::pair{"backup-pages-per-step", &options.pages_per_step},
                           std::pair{"backup-sleep-ms", &options.sleep_ms_per_step}}) {
    auto v = flags.GetInt(name);
    if (!v.ok()) return Fail(v.status().message(), kExitBadInput);
    *out = static_cast<int>(std::clamp<int64_t>(*v, -1, int64_t{1} << 30));
  }
  const bool backup = flags.IsSet("backup-to");
  const std::string file = flags.Get(backup ? "backup-to" : "restore-from");
  auto summary = backup ? tourney::service::BackupDatabase(data_dir, file, options)
                        : tourney::service::RestoreBackup(file, data_dir);
  if (!summary.ok()) {
    const bool bad_input = summary.status().code() == tourney::StatusCode::kInvalidArgument;
    return Fail(summary.status().message(), bad_input ? kExitBadInput : kExitFailure);
  }
  std::cout << (backup ? "backed up " + data_dir + " to " + file
                       : "restored " + file + " into " + data_dir)
            << ": " << Count(summary->campaigns, "campaign") << ", "
            << Count(summary->judgments, "judgment") << ", last seq " << summary->last_judgment_seq
            << ", " << Count(summary->bytes, "byte") << " in " << Duration(summary->seconds)
            << "\n";
  return kExitOk;
}

}  // namespace

int main(int argc, char** argv) {
  tourney::Flags flags(
      "tourneyd --data-dir DIR --admin-token-file FILE [--listen HOST:PORT] [options]\n"
      "       tourneyd --data-dir DIR --backup-to FILE | --restore-from FILE",
      "Serves tourney campaigns over gRPC (tourney.v1.Tournament, grpc.health.v1.Health and\n"
      "server reflection), and with --http-listen as a JSON API over HTTP: durable\n"
      "judgments, the next match to judge, live leaderboards.\n"
      "Judgments are acknowledged only once durably committed to DIR/tourney.db (SQLite,\n"
      "WAL, synchronous=FULL); on start every judgment is replayed in commit order.");
  flags.Add("data-dir", "DIR", "", "directory of the database (created when absent)");
  flags.Add("listen", "HOST:PORT", "127.0.0.1:7447",
            "address to listen on; port 0 picks a free port (see --port-file)");
  flags.Add("admin-token-file", "FILE", "",
            "file holding the admin bearer token (16..256 printable characters)");
  flags.Add("tls-cert", "FILE", "", "PEM certificate chain: serve TLS (with --tls-key)");
  flags.Add("tls-key", "FILE", "", "PEM private key of --tls-cert");
  flags.Add("port-file", "FILE", "", "write the bound port to FILE once serving");
  flags.Add("metrics-port", "PORT", "",
            "serve Prometheus metrics at http://ADDRESS:PORT/metrics (default: off; 0 picks "
            "a free port)");
  flags.Add("metrics-address", "ADDRESS", "127.0.0.1",
            "IP address of the metrics port (loopback by default: the metrics are not "
            "authenticated)");
  flags.Add("http-listen", "HOST:PORT", "",
            "also serve the service as a JSON API over HTTP (docs/http.md; default: off); a "
            "port alone means 127.0.0.1; TLS with --tls-cert and --tls-key as gRPC");
  flags.Add("http-port-file", "FILE", "",
            "write the bound HTTP port to FILE once serving (with --http-listen)");
  flags.Add("http-max-body-bytes", "N", "1048576",
            "longest HTTP request body accepted (413 past it)");
  flags.Add("http-max-connections", "N", "512",
            "HTTP connections open at once; past it the connection that has waited longest "
            "for a request is closed (docs/http.md, \"Limits\")");
  flags.Add("http-max-connections-per-client", "N", "64",
            "HTTP connections open at once from one IP address (the same rule per address)");
  flags.Add("http-request-timeout", "SECONDS", "30",
            "time a client has to send a request's line, headers and body, in all (slow "
            "bytes do not extend it)");
  flags.AddRepeated("http-public-name", "HOST",
                    "a Host name (with or without :PORT) the HTTP API answers besides its "
                    "listening address, localhost, 127.0.0.1 and [::1]; repeatable");
  flags.AddBool("exit-with-parent",
                "shut down (as on SIGTERM) when the process that started tourneyd exits");
  flags.Add("max-message-bytes", "N", "4194304", "largest request message accepted");
  flags.Add("max-systems", "N", "1000", "systems per campaign (2..1000)");
  flags.Add("max-segments", "N", "1000000", "segments per campaign (1..1000000)");
  flags.Add("max-import-rankings", "N", "1000000", "rankings per ImportRankings stream");
  flags.Add("max-campaigns", "N", "10000", "campaigns per server");
  flags.Add("max-leases-per-annotator", "N", "16", "open matches one annotator may hold");
  flags.Add("max-open-leases-per-client", "N", "64",
            "open-enrolment campaigns: open matches or items that calls with the shared "
            "annotator token from one client address may hold, whatever names they use");
  flags.Add("max-bootstrap-replicates", "N", "10000", "bootstrap replicates per leaderboard");
  flags.Add("max-watchers", "N", "64", "concurrent WatchLeaderboard streams");
  flags.Add("max-concurrent-fits", "N", "2",
            "leaderboards fitted or bootstrapped, and scoring estimates, at once (others wait)");
  flags.Add("backup-to", "FILE",
            "",
            "copy the database of --data-dir to FILE consistently (also while a server runs "
            "on it) and exit");
  flags.Add("restore-from", "FILE", "",
            "copy the backup FILE into an empty --data-dir and exit (start tourneyd on it "
            "afterwards)");
  flags.Add("backup-pages-per-step", "N", "256", "pages copied per backup step (1..1048576)");
  flags.Add("backup-sleep-ms", "MS", "0", "pause between backup steps (0..1000)");
  Status parsed = flags.Parse(argc, argv, 1);
  if (!parsed.ok()) return Fail(parsed.message(), kExitBadInput);
  if (flags.help_requested()) {
    std::cout << flags.Help();
    return kExitOk;
  }
  if (!flags.positionals().empty()) {
    return Fail("unexpected argument '" + flags.positionals()[0] + "'", kExitBadInput);
  }

  if (flags.IsSet("backup-to") || flags.IsSet("restore-from")) {
    return RunBackupOrRestore(flags);
  }

  tourney::service::ServerOptions options;
  options.data_dir = flags.Get("data-dir");
  options.listen = flags.Get("listen");
  if (options.data_dir.empty()) return Fail("--data-dir is required", kExitBadInput);
  if (std::error_code ec; std::filesystem::exists(options.data_dir, ec) &&
                          !std::filesystem::is_directory(options.data_dir, ec)) {
    return Fail("--data-dir " + options.data_dir + ": not a directory", kExitBadInput);
  }
  if (Status s = tourney::service::CheckListenAddress(options.listen); !s.ok()) {
    return Fail("--listen: " + s.message(), kExitBadInput);
  }
  if (flags.Get("admin-token-file").empty()) {
    return Fail("--admin-token-file is required", kExitBadInput);
  }
  auto token = tourney::service::ReadTokenFile(flags.Get("admin-token-file"));
  if (!token.ok()) return Fail(token.status().message(), kExitBadInput);
  struct stat token_stat {};
  if (stat(flags.Get("admin-token-file").c_str(), &token_stat) == 0 &&
      (token_stat.st_mode & 077) != 0) {
    std::cerr << "tourneyd: warning: " << flags.Get("admin-token-file")
              << " is readable by other users; restrict it (chmod 600)\n";
  }
  options.admin_token = *token;
  if (flags.IsSet("tls-cert") != flags.IsSet("tls-key")) {
    return Fail("--tls-cert and --tls-key go together", kExitBadInput);
  }
  if (flags.IsSet("tls-cert")) {
    for (auto [flag, out] : {std::pair{"tls-cert", &options.tls_cert_pem},
                             std::pair{"tls-key", &options.tls_key_pem}}) {
      Status s = tourney::ReadFileToString(flags.Get(flag), out);
      if (!s.ok()) return Fail(s.message(), kExitBadInput);
    }
  } else if (!IsLoopback(options.listen)) {
    std::cerr << "tourneyd: warning: listening on " << options.listen
              << " without TLS; bearer tokens cross the network in clear text\n";
  }
  struct IntFlag {
    const char* name;
    int64_t lo, hi;
    int64_t* out;
  };
  int64_t max_message = 0, max_systems = 0, max_segments = 0, max_import = 0, max_campaigns = 0,
          max_leases = 0, max_replicates = 0, max_watchers = 0, max_fits = 0,
          max_client_leases = 0;
  for (const IntFlag& f : {IntFlag{"max-message-bytes", 1024, 1 << 30, &max_message},
                           IntFlag{"max-systems", 2, 1000, &max_systems},
                           IntFlag{"max-segments", 1, 1000000, &max_segments},
                           IntFlag{"max-import-rankings", 1, 100000000, &max_import},
                           IntFlag{"max-campaigns", 1, 1000000, &max_campaigns},
                           IntFlag{"max-leases-per-annotator", 1, 10000, &max_leases},
                           IntFlag{"max-open-leases-per-client", 1, 1000000, &max_client_leases},
                           IntFlag{"max-bootstrap-replicates", 0, 1000000, &max_replicates},
                           IntFlag{"max-watchers", 0, 10000, &max_watchers},
                           IntFlag{"max-concurrent-fits", 1, 64, &max_fits}}) {
    auto v = flags.GetInt(f.name);
    if (!v.ok()) return Fail(v.status().message(), kExitBadInput);
    if (*v < f.lo || *v > f.hi) {
      return Fail(std::string("--") + f.name + " must be in " + std::to_string(f.lo) + ".." +
                      std::to_string(f.hi),
                  kExitBadInput);
    }
    *f.out = *v;
  }
  if (flags.IsSet("metrics-port")) {
    auto port = flags.GetInt("metrics-port");
    if (!port.ok()) return Fail(port.status().message(), kExitBadInput);
    if (*port < 0 || *port > 65535) {
      return Fail("--metrics-port must be in 0..65535", kExitBadInput);
    }
    options.metrics_port = static_cast<int>(*port);
  } else if (flags.IsSet("metrics-address")) {
    return Fail("--metrics-address needs --metrics-port", kExitBadInput);
  }
  options.metrics_address = flags.Get("metrics-address");
  if (options.metrics_port >= 0) {
    Status s = tourney::service::CheckMetricsAddress(options.metrics_address);
    if (!s.ok()) return Fail("--metrics-address: " + s.message(), kExitBadInput);
  }
  if (flags.IsSet("http-listen")) {
    auto http = tourney::service::ParseHttpListen(flags.Get("http-listen"));
    if (!http.ok()) return Fail("--http-listen: " + http.status().message(), kExitBadInput);
    options.http_listen = flags.Get("http-listen");
    if (options.tls_cert_pem.empty() && http->address.rfind("127.", 0) != 0 &&
        http->address != "::1") {
      std::cerr << "tourneyd: warning: serving HTTP on " << options.http_listen
                << " without TLS; bearer tokens cross the network in clear text\n";
    }
  }
  if (auto v = flags.GetInt("http-max-body-bytes"); !v.ok()) {
    return Fail(v.status().message(), kExitBadInput);
  } else if (*v < 1024 || *v > (int64_t{1} << 30)) {
    return Fail("--http-max-body-bytes must be in 1024..1073741824", kExitBadInput);
  } else {
    options.http_max_body_bytes = static_cast<uint64_t>(*v);
  }
  {
    struct Bounded {
      const char* flag;
      int64_t low, high;
      unsigned* out;
    } const bounded[] = {
        {"http-max-connections", 1, 100000, &options.http_max_connections},
        {"http-max-connections-per-client", 1, 100000, &options.http_max_connections_per_client},
        {"http-request-timeout", 1, 3600, &options.http_request_timeout_s},
    };
    for (const Bounded& b : bounded) {
      auto v = flags.GetInt(b.flag);
      if (!v.ok()) return Fail(v.status().message(), kExitBadInput);
      if (*v < b.low || *v > b.high) {
        return Fail(std::string("--") + b.flag + " must be in " + std::to_string(b.low) + ".." +
                        std::to_string(b.high),
                    kExitBadInput);
      }
      *b.out = static_cast<unsigned>(*v);
    }
    options.http_public_names = flags.GetAll("http-public-name");
  }
  options.max_message_bytes = static_cast<int>(max_message);
  options.limits.max_systems = static_cast<int>(max_systems);
  options.limits.max_segments = max_segments;
  options.limits.max_import_rankings = max_import;
  options.limits.max_campaigns = static_cast<int>(max_campaigns);
  options.limits.max_leases_per_annotator = static_cast<int>(max_leases);
  options.limits.max_open_leases_per_client = static_cast<int>(max_client_leases);
  options.limits.max_bootstrap_replicates = static_cast<int>(max_replicates);
  options.limits.max_watchers = static_cast<int>(max_watchers);
  options.limits.max_concurrent_fits = static_cast<int>(max_fits);

  // Signals go to a dedicated thread; block them before any other thread starts.
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  if (flags.GetBool("exit-with-parent")) {
    // A server started by a demo or a test must not outlive it, however it ends.
    const pid_t parent = getppid();
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (getppid() != parent) return Fail("the parent process has already exited", kExitFailure);
  }

  if (flags.IsSet("http-port-file") && !flags.IsSet("http-listen")) {
    return Fail("--http-port-file needs --http-listen", kExitBadInput);
  }
  const auto start = std::chrono::steady_clock::now();
  auto server = tourney::service::TourneyServer::Start(options);
  if (!server.ok()) return Fail(server.status().message(), kExitFailure);
  const double load_s =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  // Readers never see a partial file: written aside, then renamed. The HTTP port first,
  // so that a reader waiting for the gRPC port file finds both.
  auto write_port = [](const std::string& path, int port) {
    const std::string tmp = path + ".tmp";
    {
      std::ofstream out(tmp);
      out << port << "\n";
      if (!out) return false;
    }
    return std::rename(tmp.c_str(), path.c_str()) == 0;
  };
  if (flags.IsSet("http-port-file")) {
    if (!write_port(flags.Get("http-port-file"), (*server)->http_port())) {
      return Fail(flags.Get("http-port-file") + ": cannot write the port file", kExitFailure);
    }
  }
  if (flags.IsSet("port-file") && !write_port(flags.Get("port-file"), (*server)->port())) {
    return Fail(flags.Get("port-file") + ": cannot write the port file", kExitFailure);
  }
  const std::string host = options.listen.substr(0, options.listen.rfind(':'));
  std::cerr << "tourneyd: serving on " << host << ":" << (*server)->port() << " ("
            << (options.tls_cert_pem.empty() ? "plaintext" : "TLS") << ", data dir "
            << options.data_dir << ", loaded in " << Duration(load_s) << ")\n";
  if ((*server)->http_port() > 0) {
    auto http = tourney::service::ParseHttpListen(options.http_listen);
    const bool v6 = http->address.find(':') != std::string::npos;
    std::cerr << "tourneyd: HTTP API on " << (options.tls_cert_pem.empty() ? "http" : "https")
              << "://" << (v6 ? "[" : "") << http->address << (v6 ? "]" : "") << ":"
              << (*server)->http_port() << "/v1/campaigns\n";
  }
  if ((*server)->metrics_port() > 0) {
    const bool v6 = options.metrics_address.find(':') != std::string::npos;
    std::cerr << "tourneyd: metrics on http://" << (v6 ? "[" : "") << options.metrics_address
              << (v6 ? "]" : "") << ":" << (*server)->metrics_port() << "/metrics\n";
  }

  tourney::service::TourneyServer* raw = server->get();
  std::thread signal_thread([raw, signals] {
    int sig = 0;
    sigwait(&signals, &sig);
    std::cerr << "tourneyd: signal " << sig << ", shutting down\n";
    raw->Shutdown();
  });
  (*server)->Wait();
  signal_thread.join();
  server->reset();
  return kExitOk;
}
