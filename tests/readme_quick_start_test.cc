// Runs the campaign-service quick start as written (docs/service.md, moved there from the
// README): the shell block under "## The campaign service in brief", on a simulated
// judgments.csv, with the fixed port replaced by a free one and build/bin by the build's
// binaries.
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "test_util.h"

namespace tourney {
namespace {

int FreePort() {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = 0;
  bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof(addr));
  socklen_t len = sizeof(addr);
  getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
  const int port = ntohs(addr.sin_port);
  close(fd);
  return port;
}

void ReplaceAll(std::string* s, const std::string& from, const std::string& to) {
  for (size_t at = s->find(from); at != std::string::npos; at = s->find(from, at + to.size())) {
    s->replace(at, from.size(), to);
  }
}

TEST(ReadmeQuickStart, CampaignServiceCommandsWorkAsWritten) {
  const std::string readme =
      testing::ReadFile(std::string(TOURNEY_SOURCE_DIR) + "/docs/service.md");
  const size_t section = readme.find("## The campaign service in brief");
  ASSERT_NE(section, std::string::npos);
  const size_t begin = readme.find("```sh\n", section);
  ASSERT_NE(begin, std::string::npos);
  const size_t end = readme.find("```", begin + 6);
  std::string script = readme.substr(begin + 6, end - begin - 6);
  ASSERT_NE(script.find("campaign import"), std::string::npos) << script;

  const std::string dir = testing::TempDir("readme");
  const auto sim = testing::RunCommand(testing::BinPath("tourney") +
                                       " simulate-campaign --systems 6 --rankings 300 --seed 3");
  ASSERT_EQ(sim.exit_code, 0) << sim.err;
  testing::WriteFile(dir + "/judgments.csv", sim.out);
  // The scored-segment table of the scoring campaign (docs/sampling.md): two systems, six
  // segments in two documents, a metric column, three human MQM scores per system.
  std::string scores = "system\tdoc\tseg\tmqm\tcomet\n";
  for (const char* system : {"A", "B"}) {
    for (int g = 0; g < 6; ++g) {
      scores += std::string(system) + "\t" + (g < 3 ? "d1" : "d2") + "\t" + std::to_string(g) +
                "\t" + (g % 2 == 0 ? std::to_string(g + (system[0] == 'A' ? 1 : 2)) : "None") +
                "\t0." + std::to_string(g + 1) + "\n";
    }
  }
  testing::WriteFile(dir + "/scores.tsv", scores);

  const std::string address = "127.0.0.1:" + std::to_string(FreePort());
  ReplaceAll(&script, "127.0.0.1:7447", address);
  ReplaceAll(&script, "build/bin/", std::string(TOURNEY_BIN_DIR) + "/");
  // The server line: listen where the commands look, and leave with the script.
  ReplaceAll(&script, "--admin-token-file admin.token &",
             "--admin-token-file admin.token --listen " + address + " --exit-with-parent &");
  const std::string full =
      "set -e\ncd " + dir + "\n" + script + "status=$?\nkill %1\nexit $status\n";
  testing::WriteFile(dir + "/quick_start.sh", full);
  const auto r = testing::RunCommand("bash " + dir + "/quick_start.sh");
  EXPECT_EQ(r.exit_code, 0) << r.err << "\n" << full;
  EXPECT_NE(r.out.find("accepted 300\nrejected 0"), std::string::npos) << r.out << r.err;
  // The leaderboard names the simulated systems.
  EXPECT_NE(r.out.find("sys01"), std::string::npos) << r.out;
  // The list shows both campaigns with their kind: the pairwise one, then the scoring one
  // (its 6 human scores of 12 items).
  EXPECT_NE(r.out.find("\tpairwise\t-\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\tscoring\t6/12\n"), std::string::npos) << r.out;
  std::filesystem::remove_all(dir);
}

TEST(ReadmeQuickStart, ImportWithRejectionsExitsTwoWithASummary) {
  const std::string dir = testing::TempDir("readme_reject");
  const auto sim = testing::RunCommand(testing::BinPath("tourney") +
                                       " simulate-campaign --systems 5 --rankings 40 --seed 4");
  ASSERT_EQ(sim.exit_code, 0) << sim.err;
  testing::WriteFile(dir + "/judgments.csv", sim.out);
  testing::WriteFile(dir + "/admin.token", "a-test-admin-token-0123456789\n");
  const std::string address = "127.0.0.1:" + std::to_string(FreePort());
  const std::string bin = std::string(TOURNEY_BIN_DIR) + "/";
  const std::string script =
      "cd " + dir + "\n" + bin +
      "tourneyd --data-dir campaigns/ --admin-token-file admin.token "
      "--listen " +
      address +
      " --exit-with-parent &\n"
      "export TOURNEY_TOKEN=$(cat admin.token)\n" +
      bin + "tourney campaign create --server " + address +
      " --name x --systems A,B,C,D,E --segments 3000 >/dev/null || exit 9\n" + bin +
      "tourney campaign import --server " + address +
      " --campaign 1 judgments.csv\n"
      "status=$?\nkill %1\nexit $status\n";
  testing::WriteFile(dir + "/s.sh", script);
  const auto r = testing::RunCommand("bash " + dir + "/s.sh");
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("rejected 40 of 40 rankings (0 accepted and committed)"), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("--from FILE"), std::string::npos) << r.err;
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace tourney
