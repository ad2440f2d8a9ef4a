// Online backup and restore: `tourneyd --backup-to` copies the database of a running
// tourneyd while annotators keep submitting; `tourneyd --restore-from` puts the copy into
// a fresh data dir, and a tourneyd started there holds every judgment acknowledged before
// the backup began, with ratings equal to a replay of the acknowledged judgments.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <atomic>
#include <map>
#include <mutex>
#include <thread>

#include "backup.h"
#include "service_test_util.h"
#include "storage.h"
#include "tourney/models/trueskill.h"

namespace tourney {
namespace {

using testing::CreateCampaign;
using testing::CreatedCampaign;
using testing::MakeConfig;
using testing::NextMatch;
using testing::Submit;

// One acknowledged submission, as the client saw it.
struct Acked {
  uint64_t match_id = 0;
  std::string annotator;
  std::vector<int> systems;  // ids, in the order NextMatch listed them
  std::vector<uint32_t> ranks;
  std::string key;
};

TEST(ServiceBackup, BackupDuringSubmissionsRestoresEveryEarlierAcknowledgment) {
  const std::string dir = testing::TempDir("backup");
  const std::string data = dir + "/data", restored = dir + "/restored";
  const std::string backup_file = dir + "/tourney-backup.db";
  constexpr int kThreads = 4, kSystems = 6, kMinAcksBefore = 300;

  std::mutex mu;
  std::map<int64_t, Acked> by_sequence;  // every acknowledgment, by campaign sequence
  std::map<int64_t, Acked> before;       // those acknowledged before the backup started
  int64_t acks_when_backup_ended = 0;
  CreatedCampaign c;
  {
    testing::ChildServer server(data, dir);
    ASSERT_TRUE(server.ok()) << "tourneyd did not start";
    auto stub = testing::Connect(server.port());
    c = CreateCampaign(*stub, MakeConfig("backup", kSystems, 400, 3));
    ASSERT_NE(c.id, 0u);

    std::atomic<bool> stop{false};
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
      threads.emplace_back([&, t] {
        auto my_stub = testing::Connect(server.port());
        const std::string annotator = "a" + std::to_string(t);
        for (int i = 0; !stop.load(); ++i) {
          v1::NextMatchResponse m;
          ASSERT_TRUE(NextMatch(*my_stub, c, annotator, &m).ok());
          Acked a;
          a.match_id = m.match_id();
          a.annotator = annotator;
          for (const std::string& name : m.systems())
            a.systems.push_back(std::stoi(name.substr(1)));
          a.ranks = {static_cast<uint32_t>(1 + (i + t) % 3), static_cast<uint32_t>(1 + i % 2), 3};
          a.key = annotator + "-" + std::to_string(i);
          v1::SubmitJudgmentResponse ack;
          grpc::Status s = Submit(*my_stub, c, a.match_id, annotator, a.ranks, a.key, &ack);
          ASSERT_TRUE(s.ok()) << s.error_message();
          std::lock_guard<std::mutex> lock(mu);
          by_sequence[ack.sequence()] = a;
        }
      });
    }
    auto acks = [&] {
      std::lock_guard<std::mutex> lock(mu);
      return static_cast<int64_t>(by_sequence.size());
    };
    for (int i = 0; i < 3000 && acks() < kMinAcksBefore; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    {
      std::lock_guard<std::mutex> lock(mu);
      before = by_sequence;
    }
    // Small steps with pauses: the copy spans many commits of the server.
    const testing::CommandResult r =
        testing::RunCommand(testing::BinPath("tourneyd") + " --data-dir " + data + " --backup-to " +
                            backup_file + " --backup-pages-per-step 1 --backup-sleep-ms 5");
    acks_when_backup_ended = acks();
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("backed up"), std::string::npos) << r.out;
    // One campaign, in the singular; the time in ms or s, not a raw double.
    EXPECT_NE(r.out.find(": 1 campaign, "), std::string::npos) << r.out;
    const size_t in = r.out.rfind(" bytes in ");
    ASSERT_NE(in, std::string::npos) << r.out;
    const std::string took = r.out.substr(in + 10);  // "12 ms\n" or "1.5 s\n"
    const size_t digits = took.find_first_not_of("0123456789");
    EXPECT_GT(digits, 0u) << took;
    EXPECT_TRUE(took.substr(digits) == " ms\n" ||
                (took[digits] == '.' &&
                 took.find_first_not_of("0123456789", digits + 1) == digits + 2 &&
                 took.substr(digits + 2) == " s\n"))
        << took;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    stop = true;
    for (auto& t : threads) t.join();
    EXPECT_EQ(server.Kill(SIGTERM), 0);
  }
  ASSERT_GE(static_cast<int64_t>(before.size()), kMinAcksBefore);
  // Submissions went on while the copy was made.
  EXPECT_GT(acks_when_backup_ended, static_cast<int64_t>(before.size()));

  struct stat st {};
  ASSERT_EQ(stat(backup_file.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600u);
  EXPECT_FALSE(std::filesystem::exists(backup_file + ".tmp"));
  EXPECT_FALSE(std::filesystem::exists(backup_file + "-wal"));

  const testing::CommandResult r = testing::RunCommand(
      testing::BinPath("tourneyd") + " --data-dir " + restored + " --restore-from " + backup_file);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  ASSERT_EQ(stat(restored.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0700u);

  // The restored database: a prefix 1..S of the commit order, holding every judgment
  // acknowledged before the backup began, each as submitted.
  int64_t stored = 0;
  {
    auto store = service::Store::Open(restored);
    ASSERT_TRUE(store.ok()) << store.status().message();
    Status s = (*store)->LoadJudgments([&](service::StoredJudgment& j) {
      EXPECT_EQ(j.campaign_seq, ++stored);
      auto it = by_sequence.find(j.campaign_seq);
      EXPECT_NE(it, by_sequence.end()) << "stored but never acknowledged: " << j.campaign_seq;
      if (it == by_sequence.end()) return Status::Ok();
      EXPECT_EQ(j.match_id, it->second.match_id);
      EXPECT_EQ(j.idempotency_key, it->second.key);
      EXPECT_EQ(std::vector<int32_t>(it->second.systems.begin(), it->second.systems.end()),
                j.systems);
      return Status::Ok();
    });
    ASSERT_TRUE(s.ok()) << s.message();
  }
  EXPECT_GE(stored, before.rbegin()->first);
  EXPECT_LE(stored, static_cast<int64_t>(by_sequence.size()));

  // A server on the restored directory serves ratings equal to the two-player TrueSkill
  // updates of the first `stored` acknowledged judgments, in acknowledgment order.
  auto env = TrueSkill::Create(TrueSkillOptions());
  ASSERT_TRUE(env.ok());
  std::vector<Rating> expected(kSystems, env->InitialRating());
  for (const auto& [seq, a] : by_sequence) {
    if (seq > stored) break;
    for (size_t x = 0; x < a.systems.size(); ++x) {
      for (size_t y = x + 1; y < a.systems.size(); ++y) {
        const Outcome o = a.ranks[x] < a.ranks[y]   ? Outcome::kFirstWins
                          : a.ranks[x] > a.ranks[y] ? Outcome::kSecondWins
                                                    : Outcome::kTie;
        env->Rate(o, &expected[a.systems[x]], &expected[a.systems[y]]);
      }
    }
  }
  testing::ChildServer server(restored, dir);
  ASSERT_TRUE(server.ok()) << "tourneyd did not start on the restored data dir";
  auto stub = testing::Connect(server.port());
  v1::Leaderboard live;
  ASSERT_TRUE(testing::Leaderboard(*stub, c.id, "trueskill", &live).ok());
  EXPECT_EQ(live.rankings(), stored);
  ASSERT_EQ(live.entries_size(), kSystems);
  for (const v1::LeaderboardEntry& e : live.entries()) {
    const int i = std::stoi(e.system().substr(1));
    EXPECT_EQ(e.mu(), expected[i].mu) << e.system();
    EXPECT_EQ(e.sigma(), expected[i].sigma) << e.system();
  }
  // An identical retry of an early acknowledgment is answered from the restored row.
  const auto& [first_seq, first] = *before.begin();
  v1::SubmitJudgmentResponse ack;
  grpc::Status s = Submit(*stub, c, first.match_id, first.annotator, first.ranks, first.key, &ack);
  ASSERT_TRUE(s.ok()) << s.error_message();
  EXPECT_EQ(ack.sequence(), first_seq);
  EXPECT_EQ(server.Kill(SIGTERM), 0);
  std::filesystem::remove_all(dir);
}

TEST(ServiceBackup, RestoreRefusesADataDirThatHoldsADatabase) {
  const std::string dir = testing::TempDir("restore_refuse");
  {
    auto store = service::Store::Open(dir + "/a");
    ASSERT_TRUE(store.ok());
    ASSERT_TRUE((*store)->StartBoot().ok());
  }
  auto backup = service::BackupDatabase(dir + "/a", dir + "/copy.db");
  ASSERT_TRUE(backup.ok()) << backup.status().message();
  EXPECT_EQ(backup->judgments, 0);
  EXPECT_EQ(backup->campaigns, 0);
  auto restore = service::RestoreBackup(dir + "/copy.db", dir + "/a");
  EXPECT_EQ(restore.status().code(), StatusCode::kFailedPrecondition);
  // A file that is not a tourney database is refused before anything is written.
  testing::WriteFile(dir + "/junk.db", "not a database at all, just text\n");
  restore = service::RestoreBackup(dir + "/junk.db", dir + "/b");
  EXPECT_FALSE(restore.ok());
  EXPECT_FALSE(std::filesystem::exists(dir + "/b/tourney.db"));
  // Restoring under a running server is refused by the data dir's lock.
  auto live = service::Store::Open(dir + "/c");
  ASSERT_TRUE(live.ok());
  restore = service::RestoreBackup(dir + "/copy.db", dir + "/c");
  EXPECT_EQ(restore.status().code(), StatusCode::kIoError) << restore.status().message();
  // The backup may not be written into the data dir itself.
  EXPECT_EQ(service::BackupDatabase(dir + "/a", dir + "/a/copy.db").status().code(),
            StatusCode::kInvalidArgument);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace tourney
