// Helpers shared by the tests: where ../shared lives, and running the CLI.
#ifndef TOURNEY_TESTS_TEST_UTIL_H_
#define TOURNEY_TESTS_TEST_UTIL_H_

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace tourney::testing {

// The shared folder (papers, data, fixtures): $TOURNEY_SHARED_DIR or the configured path.
inline std::string SharedDir() {
  if (const char* env = std::getenv("TOURNEY_SHARED_DIR")) return env;
  return TOURNEY_SHARED_DIR;
}

inline std::string SharedPath(const std::string& relative) {
  return SharedDir() + "/" + relative;
}

inline bool SharedFileExists(const std::string& relative) {
  return std::filesystem::exists(SharedPath(relative));
}

// Skips the current test with a visible message when a shared file is absent.
#define TOURNEY_REQUIRE_SHARED(relative)                                               \
  do {                                                                                 \
    if (!::tourney::testing::SharedFileExists(relative)) {                             \
      GTEST_SKIP() << "shared data absent: " << ::tourney::testing::SharedPath(relative) \
                   << " (set TOURNEY_SHARED_DIR)";                                     \
    }                                                                                  \
  } while (0)

// Skips, visibly, a case that reproduces a whole published campaign when
// TOURNEY_SKIP_WHOLE_CAMPAIGNS=1: the sanitizer run sets it (such a case takes minutes there,
// on code paths that smaller cases cover); the Release suite always runs them.
#define TOURNEY_WHOLE_CAMPAIGN_CASE()                                                       \
  do {                                                                                     \
    const char* skip = std::getenv("TOURNEY_SKIP_WHOLE_CAMPAIGNS");                        \
    if (skip != nullptr && std::string(skip) == "1") {                                     \
      GTEST_SKIP() << "whole-campaign reproduction: run by the Release suite "             \
                      "(TOURNEY_SKIP_WHOLE_CAMPAIGNS=1 here)";                             \
    }                                                                                      \
  } while (0)

inline std::string BinPath(const std::string& tool) { return std::string(TOURNEY_BIN_DIR) + "/" + tool; }

// A fresh temporary directory, removed by the caller if it likes.
inline std::string TempDir(const std::string& tag) {
  std::string templ = std::filesystem::temp_directory_path().string() + "/tourney_" + tag + "_XXXXXX";
  char* d = mkdtemp(templ.data());
  return d ? std::string(d) : std::string();
}

inline void WriteFile(const std::string& path, const std::string& contents) {
  std::ofstream out(path, std::ios::binary);
  out << contents;
}

inline std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

struct CommandResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

// Runs a shell command line, capturing stdout and stderr.
inline CommandResult RunCommand(const std::string& command_line) {
  const std::string dir = TempDir("run");
  const std::string out_path = dir + "/out", err_path = dir + "/err";
  const std::string full = command_line + " >" + out_path + " 2>" + err_path;
  const int status = std::system(full.c_str());
  CommandResult r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = ReadFile(out_path);
  r.err = ReadFile(err_path);
  std::filesystem::remove_all(dir);
  return r;
}

}  // namespace tourney::testing

#endif  // TOURNEY_TESTS_TEST_UTIL_H_
