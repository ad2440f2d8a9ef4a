// tourneyd durability: restart recovery (identical ratings, leases and segment history
// survive), and refusal to start on a foreign, damaged or locked data directory.
#include <google/protobuf/util/message_differencer.h>
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <sys/stat.h>

#include <map>
#include <set>

#include "service_test_util.h"
#include "storage.h"
#include "tourney/core/random.h"

namespace tourney {
namespace {

using google::protobuf::util::MessageDifferencer;
using testing::CreateCampaign;
using testing::CreatedCampaign;
using testing::Ctx;
using testing::kAdminToken;
using testing::MakeConfig;
using testing::NextMatch;
using testing::Submit;

class StorageTest : public ::testing::Test {
 protected:
  void SetUp() override { dir_ = testing::TempDir("storage"); }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string data() const { return dir_ + "/data"; }
  std::string dir_;
};

// Random ranks in 1..k (ties included), from a fixed seed.
std::vector<uint32_t> RandomRanks(Rng& rng, int k) {
  std::vector<uint32_t> ranks;
  for (int i = 0; i < k; ++i) ranks.push_back(1 + static_cast<uint32_t>(rng.UniformInt(k)));
  return ranks;
}

TEST_F(StorageTest, RestartRebuildsExactlyTheSameState) {
  CreatedCampaign c;
  v1::Leaderboard live_before, ew_before;
  v1::PairCountsMatrix counts_before;
  v1::NextMatchResponse pending;
  v1::SubmitJudgmentResponse first_ack;
  uint64_t first_match = 0;
  std::map<std::string, std::set<int64_t>> segments_seen;
  {
    testing::InProcessServer server(data());
    ASSERT_TRUE(server.ok()) << server.error();
    c = CreateCampaign(server.stub(), MakeConfig("restart", 6, 30, 3));
    // An import first, then live judgments from three annotators.
    auto ctx = Ctx(kAdminToken);
    v1::ImportRankingsResponse imported;
    auto writer = server.stub().ImportRankings(ctx.get(), &imported);
    v1::ImportRankingsRequest chunk;
    chunk.set_campaign_id(c.id);
    Rng rng(11);
    for (int i = 0; i < 50; ++i) {
      v1::Ranking* r = chunk.add_rankings();
      for (int s : {i % 6, (i + 1) % 6, (i + 3) % 6}) r->add_systems("s" + std::to_string(s));
      for (uint32_t v : RandomRanks(rng, 3)) r->add_ranks(v);
      r->set_segment(i);
    }
    writer->Write(chunk);
    writer->WritesDone();
    ASSERT_TRUE(writer->Finish().ok());
    ASSERT_EQ(imported.accepted(), 50);
    for (int i = 0; i < 30; ++i) {
      const std::string annotator = "a" + std::to_string(i % 3);
      v1::NextMatchResponse m;
      ASSERT_TRUE(NextMatch(server.stub(), c, annotator, &m).ok());
      segments_seen[annotator].insert(m.segment().id());
      v1::SubmitJudgmentResponse ack;
      ASSERT_TRUE(
          Submit(server.stub(), c, m.match_id(), annotator, RandomRanks(rng, 3), "key", &ack).ok());
      if (i == 0) {
        first_ack = ack;
        first_match = m.match_id();
      }
    }
    // A lease still open at the restart.
    ASSERT_TRUE(NextMatch(server.stub(), c, "a0", &pending).ok());
    segments_seen["a0"].insert(pending.segment().id());
    ASSERT_TRUE(testing::Leaderboard(server.stub(), c.id, "", &live_before).ok());
    ASSERT_TRUE(testing::Leaderboard(server.stub(), c.id, "expected-wins", &ew_before).ok());
    ASSERT_TRUE(testing::PairCounts(server.stub(), c.id, &counts_before).ok());
    EXPECT_EQ(counts_before.rankings(), 80);
  }

  testing::InProcessServer server(data());
  ASSERT_TRUE(server.ok()) << server.error();
  v1::Leaderboard live_after, ew_after;
  v1::PairCountsMatrix counts_after;
  ASSERT_TRUE(testing::Leaderboard(server.stub(), c.id, "", &live_after).ok());
  ASSERT_TRUE(testing::Leaderboard(server.stub(), c.id, "expected-wins", &ew_after).ok());
  ASSERT_TRUE(testing::PairCounts(server.stub(), c.id, &counts_after).ok());
  // Bit-for-bit the same ratings and counts.
  EXPECT_TRUE(MessageDifferencer::Equals(live_before, live_after))
      << live_before.DebugString() << "\nvs\n"
      << live_after.DebugString();
  EXPECT_TRUE(MessageDifferencer::Equals(ew_before, ew_after));
  EXPECT_TRUE(MessageDifferencer::Equals(counts_before, counts_after));

  // The annotator token still works; an identical retry of a pre-restart judgment returns
  // its original acknowledgment; a different answer is refused.
  v1::SubmitJudgmentResponse ack;
  // Replay of the first submission: its ranks came from Rng(11) after the 50 imports.
  Rng rng(11);
  for (int i = 0; i < 50; ++i) RandomRanks(rng, 3);
  const std::vector<uint32_t> first_ranks = RandomRanks(rng, 3);
  grpc::Status s = Submit(server.stub(), c, first_match, "a0", first_ranks, "key", &ack);
  ASSERT_TRUE(s.ok()) << s.error_message();
  EXPECT_EQ(ack.sequence(), first_ack.sequence());
  EXPECT_EQ(ack.committed_unix_ms(), first_ack.committed_unix_ms());
  std::vector<uint32_t> other = first_ranks;
  other[0] = other[0] == 1 ? 2 : 1;
  EXPECT_EQ(Submit(server.stub(), c, first_match, "a0", other, "key", &ack).error_code(),
            grpc::StatusCode::ALREADY_EXISTS);

  // The open lease survived: it can be answered, and becomes judgment 81.
  s = Submit(server.stub(), c, pending.match_id(), "a0", {1, 2, 3}, "", &ack);
  ASSERT_TRUE(s.ok()) << s.error_message();
  EXPECT_EQ(ack.sequence(), 81);

  // Segment history survived: a0 has seen 11 of 30 segments; the next 19 are all new.
  for (int i = 0; i < 19; ++i) {
    v1::NextMatchResponse m;
    ASSERT_TRUE(NextMatch(server.stub(), c, "a0", &m).ok());
    EXPECT_NE(m.match_id(), pending.match_id());
    EXPECT_TRUE(segments_seen["a0"].insert(m.segment().id()).second) << m.segment().id();
    ASSERT_TRUE(Submit(server.stub(), c, m.match_id(), "a0", {1, 1, 1}, "", &ack).ok());
  }
  EXPECT_EQ(segments_seen["a0"].size(), 30u);
}

TEST_F(StorageTest, AnytimeStoppingSurvivesARestart) {
  // The stopping rule is stored with the campaign's configuration and the anytime board is
  // rebuilt from the stored judgments in commit order: the same boards after a restart.
  CreatedCampaign c;
  v1::Leaderboard live_before, anytime_before;
  v1::GetLeaderboardRequest request;
  request.set_anytime(true);
  request.set_epsilon(0.05);
  {
    testing::InProcessServer server(data());
    ASSERT_TRUE(server.ok()) << server.error();
    v1::CampaignConfig config = MakeConfig("anytime-restart", 5, 30, 3);
    config.mutable_stopping()->set_rule("anytime");
    config.mutable_stopping()->set_delta(0.1);
    c = CreateCampaign(server.stub(), config);
    Rng rng(5);
    for (int i = 0; i < 60; ++i) {
      v1::NextMatchResponse m;
      ASSERT_TRUE(NextMatch(server.stub(), c, "a" + std::to_string(i % 2), &m).ok());
      v1::SubmitJudgmentResponse ack;
      ASSERT_TRUE(Submit(server.stub(), c, m.match_id(), "a" + std::to_string(i % 2),
                         RandomRanks(rng, 3), "", &ack)
                      .ok());
    }
    ASSERT_TRUE(testing::Leaderboard(server.stub(), c.id, "", &live_before).ok());
    request.set_campaign_id(c.id);
    auto ctx = Ctx(kAdminToken);
    ASSERT_TRUE(server.stub().GetLeaderboard(ctx.get(), request, &anytime_before).ok());
  }
  testing::InProcessServer server(data());
  ASSERT_TRUE(server.ok()) << server.error();
  v1::Leaderboard live_after, anytime_after;
  ASSERT_TRUE(testing::Leaderboard(server.stub(), c.id, "", &live_after).ok());
  auto ctx = Ctx(kAdminToken);
  ASSERT_TRUE(server.stub().GetLeaderboard(ctx.get(), request, &anytime_after).ok());
  EXPECT_EQ(live_before.stopping().rule(), "anytime");
  EXPECT_EQ(live_before.stopping().delta(), 0.1);
  EXPECT_EQ(live_before.stopping().judgments(), 60);  // 60 three-way rankings (as the board)
  EXPECT_EQ(live_before.judgments(), 60);
  EXPECT_TRUE(MessageDifferencer::Equals(live_before, live_after))
      << live_before.DebugString() << "\nvs\n"
      << live_after.DebugString();
  EXPECT_TRUE(MessageDifferencer::Equals(anytime_before, anytime_after));
  EXPECT_EQ(anytime_after.model(), "expected-wins-anytime-combined");
  // The uniform selector's 60 matches are all uniform draws: the pooled half read them all.
  EXPECT_EQ(live_after.stopping().uniform_judgments(), 60);
}

TEST_F(StorageTest, UniformDrawsAreStoredExportedAndReplayed) {
  // The boundary selector with a uniform floor of 1/2: each served match says whether it
  // was the floor's draw, with probability 0.5 / C(5, 2) = 0.05; the export and the board
  // after a restart carry exactly what was served.
  CreatedCampaign c;
  std::map<uint64_t, std::pair<bool, double>> served;
  int uniform = 0;
  {
    testing::InProcessServer server(data());
    ASSERT_TRUE(server.ok()) << server.error();
    v1::CampaignConfig config = MakeConfig("floor", 5, 30, 2, "boundary");
    config.set_uniform_floor(0.5);
    config.mutable_stopping()->set_rule("anytime");
    c = CreateCampaign(server.stub(), config);
    Rng rng(9);
    for (int i = 0; i < 40; ++i) {
      v1::NextMatchResponse m;
      ASSERT_TRUE(NextMatch(server.stub(), c, "a" + std::to_string(i % 2), &m).ok());
      EXPECT_EQ(m.selection_probability(), m.uniform_draw() ? 0.05 : 0.0);
      served[m.match_id()] = {m.uniform_draw(), m.selection_probability()};
      uniform += m.uniform_draw();
      v1::SubmitJudgmentResponse ack;
      ASSERT_TRUE(Submit(server.stub(), c, m.match_id(), "a" + std::to_string(i % 2),
                         RandomRanks(rng, 2), "", &ack)
                      .ok());
    }
  }
  EXPECT_GT(uniform, 0);
  EXPECT_LT(uniform, 40);
  testing::InProcessServer server(data());
  ASSERT_TRUE(server.ok()) << server.error();
  grpc::Status status;
  const std::vector<v1::ExportedJudgment> exported =
      testing::ExportJudgments(server.stub(), c.id, &status);
  ASSERT_TRUE(status.ok()) << status.error_message();
  ASSERT_EQ(exported.size(), 40u);
  for (const v1::ExportedJudgment& e : exported) {
    ASSERT_EQ(served.count(e.match_id()), 1u);
    EXPECT_EQ(e.uniform_draw(), served[e.match_id()].first);
    EXPECT_EQ(e.selection_probability(), served[e.match_id()].second);
  }
  v1::Leaderboard live;
  ASSERT_TRUE(testing::Leaderboard(server.stub(), c.id, "", &live).ok());
  EXPECT_EQ(live.stopping().uniform_judgments(), uniform);
}

TEST_F(StorageTest, TopKGoalSurvivesARestart) {
  // The top-k goal is stored with the campaign's stopping rule and its board is rebuilt
  // from the stored judgments in commit order: the same stopping section after a restart,
  // and the "top-k" selector still serves matches.
  CreatedCampaign c;
  v1::Leaderboard live_before;
  {
    testing::InProcessServer server(data());
    ASSERT_TRUE(server.ok()) << server.error();
    v1::CampaignConfig config = MakeConfig("top-k-restart", 5, 30, 2);
    config.set_selector("top-k");
    config.mutable_stopping()->set_rule("top-k");
    config.mutable_stopping()->set_k(2);
    config.mutable_stopping()->set_delta(0.1);
    c = CreateCampaign(server.stub(), config);
    Rng rng(7);
    for (int i = 0; i < 40; ++i) {
      v1::NextMatchResponse m;
      ASSERT_TRUE(NextMatch(server.stub(), c, "a", &m).ok());
      v1::SubmitJudgmentResponse ack;
      ASSERT_TRUE(Submit(server.stub(), c, m.match_id(), "a", RandomRanks(rng, 2), "", &ack).ok());
    }
    ASSERT_TRUE(testing::Leaderboard(server.stub(), c.id, "", &live_before).ok());
  }
  testing::InProcessServer server(data());
  ASSERT_TRUE(server.ok()) << server.error();
  v1::Leaderboard live_after;
  ASSERT_TRUE(testing::Leaderboard(server.stub(), c.id, "", &live_after).ok());
  EXPECT_EQ(live_before.stopping().rule(), "top-k");
  EXPECT_EQ(live_before.stopping().delta(), 0.1);
  EXPECT_EQ(live_before.stopping().judgments(), 40);  // 40 pairwise judgments
  EXPECT_EQ(live_before.stopping().top_size(), 2);
  EXPECT_EQ(live_before.stopping().boundaries_size(), 0);
  EXPECT_TRUE(MessageDifferencer::Equals(live_before, live_after))
      << live_before.DebugString() << "\nvs\n"
      << live_after.DebugString();
  v1::NextMatchResponse m;
  EXPECT_TRUE(NextMatch(server.stub(), c, "a", &m).ok());
}

TEST_F(StorageTest, RefusesAFileThatIsNotSqlite) {
  std::filesystem::create_directories(data());
  const std::string db = data() + "/" + service::kDatabaseFile;
  const std::string junk(8192, 'j');
  testing::WriteFile(db, junk);
  testing::InProcessServer server(data());
  ASSERT_FALSE(server.ok());
  EXPECT_NE(server.error().find("not a usable tourney database"), std::string::npos)
      << server.error();
  EXPECT_EQ(testing::ReadFile(db), junk);  // untouched
}

TEST_F(StorageTest, RefusesAnotherApplicationsDatabase) {
  std::filesystem::create_directories(data());
  const std::string db = data() + "/" + service::kDatabaseFile;
  sqlite3* handle = nullptr;
  ASSERT_EQ(sqlite3_open(db.c_str(), &handle), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(handle, "CREATE TABLE notes(x TEXT); INSERT INTO notes VALUES('keep');",
                         nullptr, nullptr, nullptr),
            SQLITE_OK);
  sqlite3_close(handle);
  testing::InProcessServer server(data());
  ASSERT_FALSE(server.ok());
  EXPECT_NE(server.error().find("belongs to another application"), std::string::npos)
      << server.error();
}

TEST_F(StorageTest, RefusesOtherSchemaVersionsAndMissingTables) {
  {
    testing::InProcessServer server(data());
    ASSERT_TRUE(server.ok()) << server.error();
  }
  const std::string db = data() + "/" + service::kDatabaseFile;
  sqlite3* handle = nullptr;
  ASSERT_EQ(sqlite3_open(db.c_str(), &handle), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(handle, "PRAGMA user_version=99", nullptr, nullptr, nullptr), SQLITE_OK);
  {
    testing::InProcessServer server(data());
    ASSERT_FALSE(server.ok());
    EXPECT_NE(server.error().find("schema version 99"), std::string::npos) << server.error();
  }
  ASSERT_EQ(
      sqlite3_exec(handle,
                   ("PRAGMA user_version=" + std::to_string(service::kSchemaVersion) +
                    "; DROP TABLE leases;")
                       .c_str(),
                   nullptr, nullptr, nullptr),
      SQLITE_OK);
  sqlite3_close(handle);
  testing::InProcessServer server(data());
  ASSERT_FALSE(server.ok());
  EXPECT_NE(server.error().find("table 'leases'"), std::string::npos) << server.error();
}

// The schema of version 1 (before lease times, campaign events and import keys), written
// out by hand as that version created it.
constexpr char kVersion1Schema[] = R"sql(
CREATE TABLE meta(key TEXT PRIMARY KEY, value INTEGER NOT NULL);
CREATE TABLE campaigns(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, config BLOB NOT NULL,
  token_sha256 BLOB NOT NULL, created_unix_ms INTEGER NOT NULL);
CREATE TABLE judgments(seq INTEGER PRIMARY KEY, campaign_id INTEGER NOT NULL REFERENCES
  campaigns(id), campaign_seq INTEGER NOT NULL, match_id INTEGER UNIQUE, idempotency_key TEXT
  NOT NULL, annotator TEXT NOT NULL, segment INTEGER NOT NULL, document TEXT NOT NULL, systems
  BLOB NOT NULL, ranks BLOB NOT NULL, groups BLOB, committed_unix_ms INTEGER NOT NULL,
  UNIQUE(campaign_id, campaign_seq));
CREATE TABLE leases(match_id INTEGER PRIMARY KEY, campaign_id INTEGER NOT NULL REFERENCES
  campaigns(id), annotator TEXT NOT NULL, segment_index INTEGER NOT NULL, systems BLOB NOT NULL,
  expires_unix_ms INTEGER NOT NULL);
INSERT INTO meta(key, value) VALUES('boot_epoch', 3);
PRAGMA application_id=1414420785;
PRAGMA user_version=1;
)sql";

TEST_F(StorageTest, MigratesASchemaVersion1DatabaseKeepingItsJudgments) {
  std::filesystem::create_directories(data());
  const std::string db = data() + "/" + service::kDatabaseFile;
  sqlite3* handle = nullptr;
  ASSERT_EQ(sqlite3_open(db.c_str(), &handle), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(handle, kVersion1Schema, nullptr, nullptr, nullptr), SQLITE_OK);
  // One campaign (systems s0..s2) with one match judgment: s2 > s0 on segment 101, by ann,
  // match 77, committed at 1,000,000 ms. Systems are uint16 LE ids.
  const std::string config = MakeConfig("old", 3, 4, 2).SerializeAsString();
  sqlite3_stmt* stmt = nullptr;
  ASSERT_EQ(sqlite3_prepare_v2(handle,
                               "INSERT INTO campaigns VALUES(1, 'old', ?, zeroblob(32), 500)", -1,
                               &stmt, nullptr),
            SQLITE_OK);
  sqlite3_bind_blob(stmt, 1, config.data(), static_cast<int>(config.size()), SQLITE_TRANSIENT);
  ASSERT_EQ(sqlite3_step(stmt), SQLITE_DONE);
  sqlite3_finalize(stmt);
  ASSERT_EQ(sqlite3_exec(handle,
                         "INSERT INTO judgments VALUES(1, 1, 1, 77, 'key', 'ann', 101, 'doc0', "
                         "x'02000000', x'0102', NULL, 1000000)",
                         nullptr, nullptr, nullptr),
            SQLITE_OK);
  sqlite3_close(handle);

  {
    testing::InProcessServer server(data());
    ASSERT_TRUE(server.ok()) << server.error();
    v1::ExportJudgmentsRequest req;
    req.set_campaign_id(1);
    auto ctx = Ctx(kAdminToken);
    auto reader = server.stub().ExportJudgments(ctx.get(), req);
    std::vector<v1::ExportedJudgment> rows;
    v1::ExportedJudgment j;
    while (reader->Read(&j)) rows.push_back(j);
    ASSERT_TRUE(reader->Finish().ok());
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_EQ(rows[0].match_id(), 77u);
    EXPECT_EQ(rows[0].committed_unix_ms(), 1000000);
    EXPECT_EQ(rows[0].leased_unix_ms(), 0);  // not recorded by version 1
    EXPECT_EQ(rows[0].ranking().annotator(), "ann");
    ASSERT_EQ(rows[0].ranking().systems_size(), 2);
    EXPECT_EQ(rows[0].ranking().systems(0), "s2");
    EXPECT_EQ(rows[0].ranking().systems(1), "s0");
    v1::Leaderboard board;
    ASSERT_TRUE(testing::Leaderboard(server.stub(), 1, "expected-wins", &board).ok());
    EXPECT_EQ(board.entries(0).system(), "s2");
    EXPECT_EQ(board.entries(0).wins(), 1);
    // The migrated file takes new rows: a close is stored.
    v1::CloseCampaignRequest close;
    close.set_campaign_id(1);
    v1::CampaignInfo info;
    auto close_ctx = Ctx(kAdminToken);
    ASSERT_TRUE(server.stub().CloseCampaign(close_ctx.get(), close, &info).ok());
    EXPECT_EQ(info.created_unix_ms(), 500);
  }
  ASSERT_EQ(sqlite3_open(db.c_str(), &handle), SQLITE_OK);
  ASSERT_EQ(sqlite3_prepare_v2(handle, "PRAGMA user_version", -1, &stmt, nullptr), SQLITE_OK);
  ASSERT_EQ(sqlite3_step(stmt), SQLITE_ROW);
  EXPECT_EQ(sqlite3_column_int(stmt, 0), service::kSchemaVersion);  // 1 -> 5 in one go
  sqlite3_finalize(stmt);
  sqlite3_close(handle);
  testing::InProcessServer server(data());
  ASSERT_TRUE(server.ok()) << server.error();
  v1::GetCampaignRequest get;
  get.set_campaign_id(1);
  v1::CampaignInfo info;
  auto ctx = Ctx(kAdminToken);
  ASSERT_TRUE(server.stub().GetCampaign(ctx.get(), get, &info).ok());
  EXPECT_EQ(info.state(), v1::CAMPAIGN_STATE_CLOSED);
  EXPECT_EQ(info.judgments(), 1);
}

// The schema of version 2 (before scoring campaigns): version 1 with lease times, quality
// checks, campaign events and import keys, written out by hand as that version created it.
constexpr char kVersion2Additions[] = R"sql(
ALTER TABLE judgments ADD COLUMN leased_unix_ms INTEGER;
ALTER TABLE judgments ADD COLUMN check_kind INTEGER NOT NULL DEFAULT 0;
ALTER TABLE judgments ADD COLUMN check_ref INTEGER NOT NULL DEFAULT 0;
ALTER TABLE judgments ADD COLUMN check_passed INTEGER NOT NULL DEFAULT 0;
ALTER TABLE leases ADD COLUMN check_kind INTEGER NOT NULL DEFAULT 0;
ALTER TABLE leases ADD COLUMN check_ref INTEGER NOT NULL DEFAULT 0;
CREATE TABLE campaign_events(seq INTEGER PRIMARY KEY, campaign_id INTEGER NOT NULL REFERENCES
  campaigns(id), kind TEXT NOT NULL, annotator TEXT NOT NULL, created_unix_ms INTEGER NOT NULL);
CREATE TABLE import_keys(campaign_id INTEGER NOT NULL REFERENCES campaigns(id), key TEXT NOT
  NULL, content_sha256 BLOB NOT NULL, response BLOB NOT NULL, PRIMARY KEY(campaign_id, key));
PRAGMA user_version=2;
)sql";

// A data directory written before scoring campaigns opens: its pairwise campaign and
// judgment are kept, the scoring tables are added, and scoring campaigns work on it.
TEST_F(StorageTest, MigratesASchemaVersion2DatabaseAddingScoringTables) {
  std::filesystem::create_directories(data());
  const std::string db = data() + "/" + service::kDatabaseFile;
  sqlite3* handle = nullptr;
  ASSERT_EQ(sqlite3_open(db.c_str(), &handle), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(handle, kVersion1Schema, nullptr, nullptr, nullptr), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(handle, kVersion2Additions, nullptr, nullptr, nullptr), SQLITE_OK);
  const std::string config = MakeConfig("v2", 3, 4, 2).SerializeAsString();
  sqlite3_stmt* stmt = nullptr;
  ASSERT_EQ(sqlite3_prepare_v2(handle,
                               "INSERT INTO campaigns VALUES(1, 'v2', ?, zeroblob(32), 500)", -1,
                               &stmt, nullptr),
            SQLITE_OK);
  sqlite3_bind_blob(stmt, 1, config.data(), static_cast<int>(config.size()), SQLITE_TRANSIENT);
  ASSERT_EQ(sqlite3_step(stmt), SQLITE_DONE);
  sqlite3_finalize(stmt);
  // s1 > s0 on segment 100 by ann, match 5 (systems are uint16 LE ids).
  ASSERT_EQ(sqlite3_exec(handle,
                         "INSERT INTO judgments VALUES(1, 1, 1, 5, '', 'ann', 100, 'doc0', "
                         "x'01000000', x'0102', NULL, 2000, 1500, 0, 0, 0)",
                         nullptr, nullptr, nullptr),
            SQLITE_OK);
  sqlite3_close(handle);
  uint64_t scoring_id = 0;
  {
    testing::InProcessServer server(data());
    ASSERT_TRUE(server.ok()) << server.error();
    v1::GetCampaignRequest get;
    get.set_campaign_id(1);
    v1::CampaignInfo info;
    auto ctx = Ctx(kAdminToken);
    ASSERT_TRUE(server.stub().GetCampaign(ctx.get(), get, &info).ok());
    EXPECT_EQ(info.judgments(), 1);
    v1::CreateScoringCampaignRequest req;
    req.mutable_config()->set_name("scores");
    req.mutable_config()->set_estimator("mean");
    for (const char* g : {"g0", "g1", "g2"}) {
      v1::ScoringRow* row = req.mutable_config()->add_rows();
      row->set_system("A");
      row->set_document("d");
      row->set_segment(g);
    }
    v1::CreateCampaignResponse created;
    auto create_ctx = Ctx(kAdminToken);
    ASSERT_TRUE(server.stub().CreateScoringCampaign(create_ctx.get(), req, &created).ok());
    scoring_id = created.campaign_id();
    v1::SubmitScoreRequest score;
    score.set_campaign_id(scoring_id);
    score.set_annotator("ann");
    score.set_system("A");
    score.set_segment("g1");
    score.set_score(0.5);
    v1::SubmitScoreResponse ack;
    auto score_ctx = Ctx(kAdminToken);  // an import: the annotator token needs a lease
    ASSERT_TRUE(server.stub().SubmitScore(score_ctx.get(), score, &ack).ok());
    EXPECT_EQ(ack.sequence(), 1);
  }
  ASSERT_EQ(sqlite3_open(db.c_str(), &handle), SQLITE_OK);
  ASSERT_EQ(sqlite3_prepare_v2(handle, "PRAGMA user_version", -1, &stmt, nullptr), SQLITE_OK);
  ASSERT_EQ(sqlite3_step(stmt), SQLITE_ROW);
  EXPECT_EQ(sqlite3_column_int(stmt, 0), service::kSchemaVersion);  // 2 -> 5 in one go
  sqlite3_finalize(stmt);
  sqlite3_close(handle);
  // The migrated file with its new rows opens again.
  testing::InProcessServer server(data());
  ASSERT_TRUE(server.ok()) << server.error();
  v1::ExportScoresRequest req;
  req.set_campaign_id(scoring_id);
  auto ctx = Ctx(kAdminToken);
  auto reader = server.stub().ExportScores(ctx.get(), req);
  std::vector<v1::ExportedScore> rows;
  v1::ExportedScore row;
  while (reader->Read(&row)) rows.push_back(row);
  ASSERT_TRUE(reader->Finish().ok());
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].segment(), "g1");
  EXPECT_EQ(rows[0].score(), 0.5);
}

// Version 3's scoring tables, written out by hand as that version created them.
constexpr char kVersion3Additions[] = R"sql(
CREATE TABLE scoring_campaigns(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, config BLOB
  NOT NULL, token_sha256 BLOB NOT NULL, created_unix_ms INTEGER NOT NULL);
CREATE TABLE scoring_scores(seq INTEGER PRIMARY KEY, campaign_id INTEGER NOT NULL REFERENCES
  scoring_campaigns(id), system INTEGER NOT NULL, segment INTEGER NOT NULL, score REAL NOT NULL,
  annotator TEXT NOT NULL, idempotency_key TEXT NOT NULL, committed_unix_ms INTEGER NOT NULL,
  UNIQUE(campaign_id, system, segment));
PRAGMA user_version=3;
)sql";

// A data directory written before scoring campaigns could be closed opens: its scoring
// campaign and score are kept, scoring_events is added, and a close is stored in it.
TEST_F(StorageTest, MigratesASchemaVersion3DatabaseAddingScoringEvents) {
  std::filesystem::create_directories(data());
  const std::string db = data() + "/" + service::kDatabaseFile;
  sqlite3* handle = nullptr;
  ASSERT_EQ(sqlite3_open(db.c_str(), &handle), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(handle, kVersion1Schema, nullptr, nullptr, nullptr), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(handle, kVersion2Additions, nullptr, nullptr, nullptr), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(handle, kVersion3Additions, nullptr, nullptr, nullptr), SQLITE_OK);
  v1::ScoringCampaignConfig config;
  config.set_name("v3");
  config.set_estimator("mean");
  config.set_max_leases_per_annotator(4);
  for (const char* g : {"g0", "g1", "g2"}) {
    v1::ScoringRow* row = config.add_rows();
    row->set_system("A");
    row->set_document("d");
    row->set_segment(g);
  }
  const std::string bytes = config.SerializeAsString();
  const uint64_t id = service::kScoringCampaignIdBase;
  sqlite3_stmt* stmt = nullptr;
  const std::string insert = "INSERT INTO scoring_campaigns VALUES(" + std::to_string(id) +
                             ", 'v3', ?, zeroblob(32), 500)";
  ASSERT_EQ(sqlite3_prepare_v2(handle, insert.c_str(), -1, &stmt, nullptr), SQLITE_OK);
  sqlite3_bind_blob(stmt, 1, bytes.data(), static_cast<int>(bytes.size()), SQLITE_TRANSIENT);
  ASSERT_EQ(sqlite3_step(stmt), SQLITE_DONE);
  sqlite3_finalize(stmt);
  const std::string score = "INSERT INTO scoring_scores VALUES(1, " + std::to_string(id) +
                            ", 0, 1, 2.5, 'ann', '', 900)";  // A, g1 = 2.5
  ASSERT_EQ(sqlite3_exec(handle, score.c_str(), nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(handle);
  int64_t closed_at = 0;
  {
    testing::InProcessServer server(data());
    ASSERT_TRUE(server.ok()) << server.error();
    v1::CloseCampaignRequest close;
    close.set_campaign_id(id);
    v1::CampaignInfo info;
    auto ctx = Ctx(kAdminToken);
    ASSERT_TRUE(server.stub().CloseCampaign(ctx.get(), close, &info).ok());
    EXPECT_EQ(info.state(), v1::CAMPAIGN_STATE_CLOSED);
    EXPECT_EQ(info.judgments(), 1);
    closed_at = info.closed_unix_ms();
  }
  ASSERT_EQ(sqlite3_open(db.c_str(), &handle), SQLITE_OK);
  ASSERT_EQ(sqlite3_prepare_v2(handle, "PRAGMA user_version", -1, &stmt, nullptr), SQLITE_OK);
  ASSERT_EQ(sqlite3_step(stmt), SQLITE_ROW);
  EXPECT_EQ(sqlite3_column_int(stmt, 0), service::kSchemaVersion);
  sqlite3_finalize(stmt);
  sqlite3_close(handle);
  // The close was stored in the new table: still closed after a restart.
  testing::InProcessServer server(data());
  ASSERT_TRUE(server.ok()) << server.error();
  v1::GetCampaignRequest get;
  get.set_campaign_id(id);
  v1::CampaignInfo info;
  auto ctx = Ctx(kAdminToken);
  ASSERT_TRUE(server.stub().GetCampaign(ctx.get(), get, &info).ok());
  EXPECT_EQ(info.state(), v1::CAMPAIGN_STATE_CLOSED);
  EXPECT_EQ(info.closed_unix_ms(), closed_at);
  EXPECT_EQ(info.items_scored(), 1);
}

// A version-1 file with a table missing is refused before the migration writes anything.
TEST_F(StorageTest, DamagedVersion1DatabaseIsRefusedUnmigrated) {
  std::filesystem::create_directories(data());
  const std::string db = data() + "/" + service::kDatabaseFile;
  sqlite3* handle = nullptr;
  ASSERT_EQ(sqlite3_open(db.c_str(), &handle), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(handle, kVersion1Schema, nullptr, nullptr, nullptr), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(handle, "DROP TABLE leases", nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(handle);
  {
    testing::InProcessServer server(data());
    ASSERT_FALSE(server.ok());
    EXPECT_NE(server.error().find("table 'leases'"), std::string::npos) << server.error();
  }
  ASSERT_EQ(sqlite3_open(db.c_str(), &handle), SQLITE_OK);
  sqlite3_stmt* stmt = nullptr;
  ASSERT_EQ(sqlite3_prepare_v2(handle, "PRAGMA user_version", -1, &stmt, nullptr), SQLITE_OK);
  ASSERT_EQ(sqlite3_step(stmt), SQLITE_ROW);
  EXPECT_EQ(sqlite3_column_int(stmt, 0), 1);
  sqlite3_finalize(stmt);
  sqlite3_close(handle);
}

TEST_F(StorageTest, RefusesADamagedDatabase) {
  {
    testing::InProcessServer server(data());
    ASSERT_TRUE(server.ok()) << server.error();
    const CreatedCampaign c = CreateCampaign(server.stub(), MakeConfig("damaged", 5, 10, 3));
    auto ctx = Ctx(kAdminToken);
    v1::ImportRankingsResponse imported;
    auto writer = server.stub().ImportRankings(ctx.get(), &imported);
    v1::ImportRankingsRequest chunk;
    chunk.set_campaign_id(c.id);
    for (int i = 0; i < 5000; ++i) {
      v1::Ranking* r = chunk.add_rankings();
      for (int s : {0, 1, 2}) r->add_systems("s" + std::to_string((s + i) % 5));
      for (uint32_t v : {1, 2, 3}) r->add_ranks(v);
      r->set_annotator("a-rather-long-annotator-name-to-fill-pages-" + std::to_string(i));
    }
    writer->Write(chunk);
    writer->WritesDone();
    ASSERT_TRUE(writer->Finish().ok());
  }
  const std::string db = data() + "/" + service::kDatabaseFile;
  const auto size = std::filesystem::file_size(db);
  ASSERT_GT(size, 100000u);
  // Overwrite pages in the middle of the file with garbage.
  std::string bytes = testing::ReadFile(db);
  for (size_t i = size / 3; i < size / 3 + 40000; ++i) bytes[i] = static_cast<char>(i * 131);
  testing::WriteFile(db, bytes);
  testing::InProcessServer server(data());
  ASSERT_FALSE(server.ok());
  EXPECT_NE(server.error().find(db), std::string::npos) << server.error();
  EXPECT_EQ(testing::ReadFile(db), bytes);  // nothing was reset
}

TEST_F(StorageTest, OneServerPerDataDirectory) {
  testing::InProcessServer first(data());
  ASSERT_TRUE(first.ok()) << first.error();
  testing::InProcessServer second(data());
  ASSERT_FALSE(second.ok());
  EXPECT_NE(second.error().find("in use by another tourneyd"), std::string::npos) << second.error();
}

// A --data-dir that names a regular file is a usage error (exit 2, naming it), not a
// failure to start (exit 1); the file is left as it was.
TEST_F(StorageTest, DataDirThatIsAFileIsBadInput) {
  testing::WriteFile(dir_ + "/afile", "keep");
  testing::WriteFile(dir_ + "/token", std::string(kAdminToken) + "\n");
  const auto r = testing::RunCommand(testing::BinPath("tourneyd") + " --data-dir " + dir_ +
                                     "/afile --admin-token-file " + dir_ +
                                     "/token --listen 127.0.0.1:0");
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find(dir_ + "/afile: not a directory"), std::string::npos) << r.err;
  EXPECT_EQ(testing::ReadFile(dir_ + "/afile"), "keep");
}

TEST_F(StorageTest, BootEpochGrowsSoMatchIdsNeverRepeat) {
  std::set<uint64_t> ids;
  CreatedCampaign c;
  for (int boot = 0; boot < 3; ++boot) {
    testing::InProcessServer server(data());
    ASSERT_TRUE(server.ok()) << server.error();
    if (boot == 0) c = CreateCampaign(server.stub(), MakeConfig("epochs", 4, 10, 2));
    for (int i = 0; i < 3; ++i) {
      v1::NextMatchResponse m;
      ASSERT_TRUE(NextMatch(server.stub(), c, "e" + std::to_string(i), &m).ok());
      EXPECT_TRUE(ids.insert(m.match_id()).second);
    }
  }
}

// A database file tourneyd may not write is reported as such, not as a foreign or corrupt
// file. Root writes any file, so as root the check runs in a child that becomes nobody.
TEST(ServiceStore, ReadOnlyDatabaseIsNamedAsSuch) {
  const std::string dir = testing::TempDir("store_readonly");
  const std::string data = dir + "/data";
  ASSERT_TRUE(service::Store::Open(data).ok());  // a valid, empty database
  std::filesystem::remove(data + "/LOCK");
  ASSERT_EQ(chmod((data + "/tourney.db").c_str(), 0444), 0);
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  const pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    close(fds[0]);
    if (getuid() == 0) {
      // The data directory becomes nobody's; the database file stays root's, mode 0444.
      if (chmod(dir.c_str(), 0755) != 0 || chown(data.c_str(), 65534, 65534) != 0 ||
          setgid(65534) != 0 || setuid(65534) != 0) {
        _exit(3);
      }
    }
    auto store = service::Store::Open(data);
    const std::string message = store.ok() ? "opened" : store.status().message();
    const int code = store.ok() ? 0 : static_cast<int>(store.status().code());
    if (write(fds[1], message.data(), message.size()) < 0) _exit(4);
    _exit(code == static_cast<int>(StatusCode::kIoError) ? 0 : 5);
  }
  close(fds[1]);
  std::string message;
  char buf[512];
  for (ssize_t n; (n = read(fds[0], buf, sizeof(buf))) > 0;) message.append(buf, n);
  close(fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0) << message;  // IoError
  EXPECT_NE(message.find("read-only"), std::string::npos) << message;
  EXPECT_EQ(message.find("not a usable tourney database"), std::string::npos) << message;
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace tourney
