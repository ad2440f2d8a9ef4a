// service/deploy: the systemd units and the Dockerfile. No container engine or init system
// runs here, so the test checks what can be checked without them: the Dockerfile builds
// on Debian 12 with a tools/setup.sh mode that exists, installs the packages of every
// library tourneyd links, and runs tourneyd as `tourney` with flags tourneyd accepts; the
// units pass `systemd-analyze verify` without a warning, carry the hardening options and
// pass tourneyd flags it accepts; tmpfiles gives the data dir mode 0700.
#include <gtest/gtest.h>

#include <iostream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "test_util.h"

namespace tourney {
namespace {

std::string Deploy(const std::string& file) {
  return std::string(TOURNEY_SOURCE_DIR) + "/service/deploy/" + file;
}

// Lines with backslash continuations joined.
std::vector<std::string> LogicalLines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  std::string line, pending;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\\') {
      pending += line.substr(0, line.size() - 1) + " ";
      continue;
    }
    lines.push_back(pending + line);
    pending.clear();
  }
  return lines;
}

// The long flags tourneyd's --help lists.
std::set<std::string> TourneydFlags() {
  const testing::CommandResult r = testing::RunCommand(testing::BinPath("tourneyd") + " --help");
  std::set<std::string> flags;
  const std::regex flag(R"(--[a-z][a-z0-9-]*)");
  for (std::sregex_iterator it(r.out.begin(), r.out.end(), flag), end; it != end; ++it) {
    flags.insert(it->str());
  }
  return flags;
}

// The --flags of a command line, each with the word after it (empty for a last flag).
std::vector<std::pair<std::string, std::string>> FlagsOf(const std::string& command) {
  std::vector<std::string> words;
  std::istringstream in(command);
  for (std::string w; in >> w;) words.push_back(w);
  std::vector<std::pair<std::string, std::string>> out;
  for (size_t i = 0; i < words.size(); ++i) {
    if (words[i].rfind("--", 0) == 0) {
      out.emplace_back(words[i], i + 1 < words.size() ? words[i + 1] : "");
    }
  }
  return out;
}

// Key=value pairs of a unit file; repeated keys keep every value.
std::multimap<std::string, std::string> UnitEntries(const std::string& path) {
  std::multimap<std::string, std::string> entries;
  for (const std::string& line : LogicalLines(testing::ReadFile(path))) {
    if (line.empty() || line[0] == '#' || line[0] == '[') continue;
    const size_t eq = line.find('=');
    if (eq != std::string::npos) entries.emplace(line.substr(0, eq), line.substr(eq + 1));
  }
  return entries;
}

std::string One(const std::multimap<std::string, std::string>& entries, const std::string& key) {
  EXPECT_EQ(entries.count(key), 1u) << key;
  auto it = entries.find(key);
  return it == entries.end() ? "" : it->second;
}

TEST(ServiceDeploy, DockerfileBuildsOnDebian12AndRunsTourneydAsTourney) {
  const std::string text = testing::ReadFile(Deploy("Dockerfile"));
  ASSERT_FALSE(text.empty());
  const std::vector<std::string> lines = LogicalLines(text);
  const std::string setup = testing::ReadFile(std::string(TOURNEY_SOURCE_DIR) + "/tools/setup.sh");

  // Every stage starts from Debian 12.
  int stages = 0;
  for (const std::string& line : lines) {
    if (line.rfind("FROM ", 0) != 0) continue;
    ++stages;
    EXPECT_TRUE(std::regex_match(line, std::regex(R"(FROM debian:12(-slim)?( AS \w+)?)"))) << line;
  }
  EXPECT_EQ(stages, 2);

  // The build runs a mode tools/setup.sh has, then copies the binary from the build dir
  // setup.sh uses by default, where CMake puts executables.
  std::smatch m;
  ASSERT_TRUE(std::regex_search(text, m, std::regex(R"(RUN bash tools/setup.sh (\w+))")));
  EXPECT_NE(setup.find("\n  " + m[1].str() + ")\n"), std::string::npos) << m[1];
  EXPECT_NE(setup.find("build_dir=\"${BUILD_DIR:-build}\""), std::string::npos);
  EXPECT_NE(testing::ReadFile(std::string(TOURNEY_SOURCE_DIR) + "/CMakeLists.txt")
                .find("CMAKE_RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/bin"),
            std::string::npos);
  EXPECT_NE(text.find("COPY --from=build /src/build/bin/tourneyd /usr/local/bin/tourneyd"),
            std::string::npos);
  EXPECT_EQ(testing::RunCommand("command -v strip").exit_code, 0);  // the build stage strips

  // The runtime stage installs the package of every library tourneyd links; each is a
  // package of this Debian 12 system.
  ASSERT_TRUE(
      std::regex_search(text, m, std::regex(R"(--no-install-recommends\s+\\?\s*([^&]+)&&)")));
  std::set<std::string> installed;
  std::istringstream words(std::regex_replace(m[1].str(), std::regex(R"(\\)"), " "));
  for (std::string w; words >> w;) installed.insert(w);
  const testing::CommandResult needed = testing::RunCommand(
      "objdump -p " + testing::BinPath("tourneyd") + " | awk '/NEEDED/{print $2}'");
  ASSERT_EQ(needed.exit_code, 0) << needed.err;
  // A sanitizer build (tools/setup.sh sanitize) links its runtime and, without --as-needed,
  // every transitive library; the image is built from the Release build, which the Release
  // run of this test checks.
  if (needed.out.find("libasan") != std::string::npos) {
    std::cout << "note: tourneyd is a sanitizer build; its libraries are checked in the "
                 "Release run\n";
    return;
  }
  std::istringstream libs(needed.out);
  int checked = 0;
  for (std::string lib; libs >> lib;) {
    const testing::CommandResult pkg =
        testing::RunCommand("(p=$(ldconfig -p | awk -v l=" + lib +
                            " '$1==l{print $NF; exit}'); "
                            "dpkg -S \"$p\" 2>/dev/null || dpkg -S \"$(realpath \"$p\")\")");
    ASSERT_EQ(pkg.exit_code, 0) << lib << ": " << pkg.err;
    const std::string name = pkg.out.substr(0, pkg.out.find(':'));
    EXPECT_TRUE(installed.count(name))
        << lib << " comes from " << name << ", which the Dockerfile does not install";
    ++checked;
  }
  EXPECT_GE(checked, 5);
  for (const std::string& p : installed) {
    EXPECT_EQ(testing::RunCommand("dpkg-query -W " + p).exit_code, 0) << p;
  }

  // A non-root user owns the data dir (0700) and runs tourneyd with flags it accepts.
  EXPECT_NE(text.find("useradd --system --uid 7447 --gid tourney"), std::string::npos);
  EXPECT_NE(text.find("install -d -m 0700 -o tourney -g tourney /var/lib/tourney"),
            std::string::npos);
  EXPECT_NE(text.find("\nUSER tourney\n"), std::string::npos);
  ASSERT_TRUE(std::regex_search(text, m, std::regex(R"(CMD \[([^\]]*)\])")));
  const std::string cmd = std::regex_replace(m[1].str(), std::regex(R"([",\\])"), " ");
  const std::set<std::string> known = TourneydFlags();
  ASSERT_TRUE(known.count("--metrics-port")) << "tourneyd --help failed";
  std::map<std::string, std::string> flags;
  for (const auto& [flag, value] : FlagsOf(cmd)) {
    EXPECT_TRUE(known.count(flag)) << flag;
    flags[flag] = value;
  }
  EXPECT_EQ(flags["--data-dir"], "/var/lib/tourney");
  EXPECT_TRUE(flags.count("--tls-cert") && flags.count("--tls-key"));
  EXPECT_TRUE(flags.count("--admin-token-file"));
}

TEST(ServiceDeploy, SystemdUnitRunsHardenedAsTourneyWithItsDataDirWritable) {
  const auto unit = UnitEntries(Deploy("tourneyd.service"));
  EXPECT_EQ(One(unit, "User"), "tourney");
  EXPECT_EQ(One(unit, "Group"), "tourney");
  for (const auto& [key, value] :
       std::vector<std::pair<std::string, std::string>>{{"NoNewPrivileges", "yes"},
                                                        {"ProtectSystem", "strict"},
                                                        {"ProtectHome", "yes"},
                                                        {"PrivateTmp", "yes"},
                                                        {"PrivateDevices", "yes"},
                                                        {"RestrictSUIDSGID", "yes"},
                                                        {"CapabilityBoundingSet", ""},
                                                        {"StateDirectory", "tourney"},
                                                        {"StateDirectoryMode", "0700"},
                                                        {"UMask", "0077"}}) {
    EXPECT_EQ(One(unit, key), value) << key;
  }
  std::map<std::string, std::string> flags;
  const std::set<std::string> known = TourneydFlags();
  for (const auto& [flag, value] : FlagsOf(One(unit, "ExecStart"))) {
    EXPECT_TRUE(known.count(flag)) << flag;
    flags[flag] = value;
  }
  EXPECT_EQ(flags["--data-dir"], "/var/lib/tourney");
  EXPECT_EQ(One(unit, "ReadWritePaths"), flags["--data-dir"]);
  // Secrets come through systemd credentials (%d), from root-only files.
  EXPECT_EQ(flags["--admin-token-file"], "%d/admin.token");
  EXPECT_EQ(flags["--tls-key"], "%d/tls.key");
  EXPECT_EQ(flags["--tls-cert"], "%d/tls.crt");
  std::set<std::string> credentials;
  for (auto [it, end] = unit.equal_range("LoadCredential"); it != end; ++it) {
    credentials.insert(it->second.substr(0, it->second.find(':')));
  }
  EXPECT_EQ(credentials, (std::set<std::string>{"admin.token", "tls.crt", "tls.key"}));

  // The backup unit copies the same data dir into the directory tmpfiles creates.
  const auto backup = UnitEntries(Deploy("tourneyd-backup.service"));
  EXPECT_EQ(One(backup, "User"), "tourney");
  EXPECT_NE(One(backup, "ExecStart").find("--data-dir /var/lib/tourney"), std::string::npos);
  EXPECT_NE(One(backup, "ExecStart").find("--backup-to \"/var/backups/tourney/"),
            std::string::npos);
  EXPECT_EQ(One(backup, "ReadWritePaths"), "/var/lib/tourney /var/backups/tourney");

  // tmpfiles: the data and backup dirs belong to tourney with mode 0700; sysusers makes
  // the user.
  const std::string tmpfiles = testing::ReadFile(Deploy("tourneyd.tmpfiles"));
  EXPECT_TRUE(
      std::regex_search(tmpfiles, std::regex(R"(\nd /var/lib/tourney +0700 tourney tourney -\n)")));
  EXPECT_TRUE(std::regex_search(
      tmpfiles, std::regex(R"(\nd /var/backups/tourney +0700 tourney tourney -\n)")));
  EXPECT_TRUE(std::regex_search(testing::ReadFile(Deploy("tourneyd.sysusers")),
                                std::regex(R"(\nu tourney - ".*" /var/lib/tourney)")));
}

TEST(ServiceDeploy, SystemdAnalyzeVerifiesTheUnitsWithoutWarnings) {
  if (testing::RunCommand("command -v systemd-analyze").exit_code != 0) {
    GTEST_SKIP() << "systemd-analyze is not installed (Debian package systemd)";
  }
  // The units name /usr/local/bin/tourneyd; verify copies that name the built binary
  // (verify checks that the command exists).
  const std::string dir = testing::TempDir("deploy");
  for (const char* unit :
       {"tourneyd.service", "tourneyd-backup.service", "tourneyd-backup.timer"}) {
    testing::WriteFile(dir + "/" + unit, std::regex_replace(testing::ReadFile(Deploy(unit)),
                                                            std::regex("/usr/local/bin/tourneyd"),
                                                            testing::BinPath("tourneyd")));
  }
  const testing::CommandResult r =
      testing::RunCommand("cd " + dir +
                          " && systemd-analyze verify --man=no ./tourneyd.service "
                          "./tourneyd-backup.service ./tourneyd-backup.timer");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  // verify reports unknown keys and bad values only as messages: there must be none.
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out, "");
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace tourney
