// tourneyd's scoring protocols over real gRPC: ESA and MQM error spans with SubmitScore
// (checked against the output's text, stored, exported, kept across a restart and a schema
// migration), DA score ranges, and estimates from per-annotator z-scores.
#include <google/protobuf/util/json_util.h>
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include "service_test_util.h"
#include "storage.h"

namespace tourney {
namespace {

using testing::Ctx;
using testing::kAdminToken;

class ScoringProtocolTest : public ::testing::Test {
 protected:
  void SetUp() override { dir_ = testing::TempDir("scoring-protocol"); }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string data() const { return dir_ + "/data"; }
  std::string dir_;
};

// Systems A and B on `segments` segments of one document d; the plain mean with the CLT
// interval; `protocol` and `normalization` as given. With texts, B's output of s0 is
// "Ahoj 😀 světe": 13 UTF-16 code units (the emoji counts 2) in 16 bytes.
v1::ScoringCampaignConfig Config(const std::string& name, const std::string& protocol,
                                 int segments, bool texts) {
  v1::ScoringCampaignConfig c;
  c.set_name(name);
  c.set_protocol(protocol);
  for (const char* system : {"A", "B"}) {
    for (int g = 0; g < segments; ++g) {
      v1::ScoringRow* row = c.add_rows();
      row->set_system(system);
      row->set_document("d");
      row->set_segment("s" + std::to_string(g));
    }
  }
  c.set_design("random");
  c.set_estimator("mean");
  c.set_bound("clt");
  c.set_seed(5);
  if (protocol == "mqm") c.set_lower_is_better(true);
  if (texts) {
    v1::CampaignContent* content = c.mutable_content();
    for (int g = 0; g < segments; ++g) {
      v1::SegmentContent* seg = content->add_segments();
      seg->set_segment("s" + std::to_string(g));
      seg->set_document("d");
      seg->set_source("Hallo Welt " + std::to_string(g));
      for (const char* system : {"A", "B"}) {
        v1::SystemOutput* out = seg->add_outputs();
        out->set_system(system);
        out->set_text(g == 0 && system[0] == 'B' ? "Ahoj \xF0\x9F\x98\x80 sv\xC4\x9B" "te"
                                                 : "Ahoj svete");
      }
    }
  }
  return c;
}

grpc::Status Create(v1::Tournament::Stub& stub, const v1::ScoringCampaignConfig& config,
                    uint64_t* id) {
  v1::CreateScoringCampaignRequest req;
  *req.mutable_config() = config;
  v1::CreateCampaignResponse resp;
  auto ctx = Ctx(kAdminToken);
  grpc::Status s = stub.CreateScoringCampaign(ctx.get(), req, &resp);
  *id = resp.campaign_id();
  return s;
}

v1::ErrorSpan Span(int start, int end, const std::string& severity,
                   const std::string& category = "") {
  v1::ErrorSpan s;
  s.set_start(start);
  s.set_end(end);
  s.set_severity(severity);
  s.set_category(category);
  return s;
}

// A score imported with the admin token (no lease needed) for `annotator`.
grpc::Status Import(v1::Tournament::Stub& stub, uint64_t id, const std::string& system,
                    const std::string& segment, double score,
                    const std::vector<v1::ErrorSpan>& spans = {},
                    const std::string& annotator = "ann1") {
  v1::SubmitScoreRequest req;
  req.set_campaign_id(id);
  req.set_annotator(annotator);
  req.set_system(system);
  req.set_segment(segment);
  req.set_score(score);
  for (const v1::ErrorSpan& s : spans) *req.add_error_spans() = s;
  v1::SubmitScoreResponse resp;
  auto ctx = Ctx(kAdminToken);
  return stub.SubmitScore(ctx.get(), req, &resp);
}

std::vector<v1::ExportedScore> Export(v1::Tournament::Stub& stub, uint64_t id) {
  v1::ExportScoresRequest req;
  req.set_campaign_id(id);
  auto ctx = Ctx(kAdminToken);
  auto reader = stub.ExportScores(ctx.get(), req);
  std::vector<v1::ExportedScore> rows;
  v1::ExportedScore row;
  while (reader->Read(&row)) rows.push_back(row);
  EXPECT_TRUE(reader->Finish().ok());
  return rows;
}

TEST_F(ScoringProtocolTest, EsaSpansAreCheckedStoredAndExported) {
  testing::InProcessServer server(data());
  ASSERT_TRUE(server.ok()) << server.error();
  uint64_t id = 0;
  ASSERT_TRUE(Create(server.stub(), Config("esa", "esa", 2, true), &id).ok());
  auto& stub = server.stub();
  const auto code = [](const grpc::Status& s) { return s.error_code(); };
  // 13 UTF-16 code units: [12, 13) is the last one, [12, 14) runs past the end.
  EXPECT_EQ(code(Import(stub, id, "B", "s0", 70, {Span(12, 14, "minor")})),
            grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(code(Import(stub, id, "B", "s0", 70, {Span(2, 2, "minor")})),
            grpc::StatusCode::INVALID_ARGUMENT);  // empty
  EXPECT_EQ(code(Import(stub, id, "B", "s0", 70, {Span(0, 4, "critical")})),
            grpc::StatusCode::INVALID_ARGUMENT);  // not an ESA severity
  EXPECT_EQ(code(Import(stub, id, "B", "s0", 70, {Span(0, 4, "minor", "Accuracy")})),
            grpc::StatusCode::INVALID_ARGUMENT);  // ESA spans have no category
  EXPECT_EQ(code(Import(stub, id, "B", "s0", 70, {Span(0, 4, "minor"), Span(3, 6, "major")})),
            grpc::StatusCode::INVALID_ARGUMENT);  // overlapping
  EXPECT_EQ(code(Import(stub, id, "B", "s0", 101)), grpc::StatusCode::INVALID_ARGUMENT);
  const std::vector<v1::ErrorSpan> spans = {Span(5, 7, "major"), Span(12, 13, "minor")};
  ASSERT_TRUE(Import(stub, id, "B", "s0", 70, spans).ok());
  ASSERT_TRUE(Import(stub, id, "B", "s0", 70, spans).ok());  // an identical repeat
  EXPECT_EQ(code(Import(stub, id, "B", "s0", 70, {Span(5, 7, "minor")})),
            grpc::StatusCode::ALREADY_EXISTS);  // other spans
  ASSERT_TRUE(Import(stub, id, "A", "s0", 90).ok());  // no error: no span
  const auto rows = Export(stub, id);
  ASSERT_EQ(rows.size(), 2u);
  ASSERT_EQ(rows[0].error_spans_size(), 2);
  EXPECT_EQ(rows[0].error_spans(0).start(), 5);
  EXPECT_EQ(rows[0].error_spans(0).end(), 7);
  EXPECT_EQ(rows[0].error_spans(0).severity(), "major");
  EXPECT_EQ(rows[0].error_spans(1).start(), 12);
  EXPECT_EQ(rows[1].error_spans_size(), 0);
}

TEST_F(ScoringProtocolTest, MqmScoresAreTheSpansWeightedSum) {
  testing::InProcessServer server(data());
  ASSERT_TRUE(server.ok()) << server.error();
  uint64_t id = 0;
  v1::ScoringCampaignConfig higher = Config("mqm-up", "mqm", 2, true);
  higher.set_lower_is_better(false);
  EXPECT_EQ(Create(server.stub(), higher, &id).error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  ASSERT_TRUE(Create(server.stub(), Config("mqm", "mqm", 2, true), &id).ok());
  auto& stub = server.stub();
  // Major 5 + minor Fluency/Punctuation 0.1 = 5.1; a minor Non-translation! is 25.
  const std::vector<v1::ErrorSpan> spans = {Span(0, 4, "major", "Accuracy/Mistranslation"),
                                            Span(5, 7, "minor", "Fluency/Punctuation")};
  EXPECT_EQ(Import(stub, id, "B", "s0", 6, spans).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);  // not the sum
  EXPECT_EQ(Import(stub, id, "B", "s0", 5.1, {Span(0, 4, "major")}).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);  // an MQM span needs a category
  ASSERT_TRUE(Import(stub, id, "B", "s0", 5.1, spans).ok());
  ASSERT_TRUE(Import(stub, id, "A", "s0", 25, {Span(0, 10, "minor", "Non-translation!")}).ok());
  ASSERT_TRUE(Import(stub, id, "A", "s1", 0).ok());
  const auto rows = Export(stub, id);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_NEAR(rows[0].score(), 5.1, 1e-12);
  EXPECT_EQ(rows[1].score(), 25.0);
  EXPECT_EQ(rows[2].score(), 0.0);
}

TEST_F(ScoringProtocolTest, DaTakesScoresInZeroToHundredAndNoSpans) {
  testing::InProcessServer server(data());
  ASSERT_TRUE(server.ok()) << server.error();
  uint64_t id = 0;
  ASSERT_TRUE(Create(server.stub(), Config("da", "da", 2, false), &id).ok());
  EXPECT_EQ(Import(server.stub(), id, "A", "s0", 50, {Span(0, 1, "minor")}).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(Import(server.stub(), id, "A", "s0", -1).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_TRUE(Import(server.stub(), id, "A", "s0", 100).ok());
  v1::ScoringCampaignConfig bad = Config("bad", "dq", 2, false);
  EXPECT_EQ(Create(server.stub(), bad, &id).error_code(), grpc::StatusCode::INVALID_ARGUMENT);
}

TEST_F(ScoringProtocolTest, AnnotatorZScoresGiveTheEstimates) {
  testing::InProcessServer server(data());
  ASSERT_TRUE(server.ok()) << server.error();
  v1::ScoringCampaignConfig config = Config("z", "da", 5, false);
  config.set_normalization("annotator-z");
  config.set_bound("betting-cs");
  uint64_t id = 0;
  EXPECT_EQ(Create(server.stub(), config, &id).error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  config.set_bound("clt");
  ASSERT_TRUE(Create(server.stub(), config, &id).ok());
  auto& stub = server.stub();
  // ann1 scores 80, 60 (A) and 70, 50 (B): mean 65, SD sqrt(500/3) = 12.909944; ann2 scores
  // 40, 30 (A) and 20, 10 (B): mean 25, the same SD. ann3 scores one item (A s4 = 0): no z.
  ASSERT_TRUE(Import(stub, id, "A", "s0", 80, {}, "ann1").ok());
  ASSERT_TRUE(Import(stub, id, "A", "s1", 60, {}, "ann1").ok());
  ASSERT_TRUE(Import(stub, id, "B", "s0", 70, {}, "ann1").ok());
  ASSERT_TRUE(Import(stub, id, "B", "s1", 50, {}, "ann1").ok());
  ASSERT_TRUE(Import(stub, id, "A", "s2", 40, {}, "ann2").ok());
  ASSERT_TRUE(Import(stub, id, "A", "s3", 30, {}, "ann2").ok());
  ASSERT_TRUE(Import(stub, id, "B", "s2", 20, {}, "ann2").ok());
  ASSERT_TRUE(Import(stub, id, "B", "s3", 10, {}, "ann2").ok());
  ASSERT_TRUE(Import(stub, id, "A", "s4", 0, {}, "ann3").ok());
  v1::GetEstimateRequest req;
  req.set_campaign_id(id);
  v1::GetEstimateResponse e;
  auto ctx = Ctx(kAdminToken);
  ASSERT_TRUE(stub.GetEstimate(ctx.get(), req, &e).ok());
  EXPECT_EQ(e.normalization(), "annotator-z");
  // A's z: (15, -5) / SD and (15, 5) / SD: mean 30 / (4 SD) = 0.580948; B's the negative.
  // ann3's score is left out (the raw mean of A would be 42).
  const double sd = std::sqrt(500.0 / 3.0);
  ASSERT_TRUE(e.systems(0).estimated());
  EXPECT_EQ(e.systems(0).scored(), 4);
  EXPECT_NEAR(e.systems(0).value(), 30.0 / (4 * sd), 1e-12);
  EXPECT_NEAR(e.systems(1).value(), -30.0 / (4 * sd), 1e-12);
  bool warned = false;
  for (const std::string& w : e.warnings()) warned = warned || w.find("1 score(s) of 1") == 0;
  EXPECT_TRUE(warned);
}

TEST_F(ScoringProtocolTest, SpansSurviveARestartAndAVersion5FileMigrates) {
  uint64_t id = 0;
  {
    testing::InProcessServer server(data());
    ASSERT_TRUE(server.ok()) << server.error();
    ASSERT_TRUE(Create(server.stub(), Config("esa", "esa", 2, true), &id).ok());
    ASSERT_TRUE(Import(server.stub(), id, "B", "s0", 70, {Span(5, 7, "major")}).ok());
  }
  {
    testing::InProcessServer server(data());
    ASSERT_TRUE(server.ok()) << server.error();
    const auto rows = Export(server.stub(), id);
    ASSERT_EQ(rows.size(), 1u);
    ASSERT_EQ(rows[0].error_spans_size(), 1);
    EXPECT_EQ(rows[0].error_spans(0).severity(), "major");
  }
  // The file as version 5 wrote it: no error_spans column (nor version 7's touched column
  // and annotator_links table).
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open((data() + "/tourney.db").c_str(), &db), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(db,
                         "ALTER TABLE scoring_scores DROP COLUMN touched; "
                         "DROP TABLE annotator_links; "
                         "ALTER TABLE scoring_scores DROP COLUMN error_spans; "
                         "DROP TABLE scoring_screens; PRAGMA user_version=5;",
                         nullptr, nullptr, nullptr),
            SQLITE_OK)
      << sqlite3_errmsg(db);
  sqlite3_close(db);
  testing::InProcessServer server(data());
  ASSERT_TRUE(server.ok()) << server.error();
  const auto rows = Export(server.stub(), id);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].score(), 70.0);
  EXPECT_EQ(rows[0].error_spans_size(), 0);
}

// A campaign's scores exported with `tourney campaign scoring-export` read back into the
// protocols' commands: the ESA board's means and the MQM board's error points, by hand.
TEST_F(ScoringProtocolTest, TheExportReadsBackIntoTheProtocolCommands) {
  testing::InProcessServer server(data());
  ASSERT_TRUE(server.ok()) << server.error();
  uint64_t esa = 0, mqm = 0;
  ASSERT_TRUE(Create(server.stub(), Config("esa", "esa", 2, true), &esa).ok());
  ASSERT_TRUE(Create(server.stub(), Config("mqm", "mqm", 2, true), &mqm).ok());
  auto& stub = server.stub();
  // ESA: A 90 and 70 (mean 80), B 60 (one span) and 40 (mean 50), two annotators.
  ASSERT_TRUE(Import(stub, esa, "A", "s0", 90, {}, "ann1").ok());
  ASSERT_TRUE(Import(stub, esa, "B", "s0", 60, {Span(0, 4, "minor")}, "ann1").ok());
  ASSERT_TRUE(Import(stub, esa, "A", "s1", 70, {}, "ann2").ok());
  ASSERT_TRUE(Import(stub, esa, "B", "s1", 40, {}, "ann2").ok());
  // MQM: A s0 major (5) and s1 nothing: 2.5; B s0 minor Fluency/Punctuation (0.1) and s1
  // minor Accuracy/Omission (1): 0.55.
  ASSERT_TRUE(Import(stub, mqm, "A", "s0", 5, {Span(0, 4, "major", "Accuracy/Mistranslation")})
                  .ok());
  ASSERT_TRUE(Import(stub, mqm, "A", "s1", 0).ok());
  ASSERT_TRUE(Import(stub, mqm, "B", "s0", 0.1, {Span(5, 7, "minor", "Fluency/Punctuation")})
                  .ok());
  ASSERT_TRUE(Import(stub, mqm, "B", "s1", 1, {Span(0, 3, "minor", "Accuracy/Omission")}).ok());
  const std::string admin = dir_ + "/admin.token";
  testing::WriteFile(admin, std::string(kAdminToken) + "\n");
  const std::string tourney = testing::BinPath("tourney");
  const std::string connect = " --server 127.0.0.1:" + std::to_string(server.port()) +
                              " --token-file " + admin;
  for (uint64_t id : {esa, mqm}) {
    auto r = testing::RunCommand(tourney + " campaign scoring-export" + connect +
                                 " --campaign " + std::to_string(id) + " --output " + dir_ +
                                 "/" + std::to_string(id) + ".tsv");
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
  auto r = testing::RunCommand(tourney + " cluster " + dir_ + "/" + std::to_string(esa) +
                               ".tsv --protocol esa --format json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  v1::Leaderboard board;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(r.out, &board).ok()) << r.out;
  ASSERT_EQ(board.entries_size(), 2);
  EXPECT_EQ(board.entries(0).system(), "A");
  EXPECT_NEAR(board.entries(0).score(), 80.0, 1e-12);
  EXPECT_EQ(board.entries(1).system(), "B");
  EXPECT_NEAR(board.entries(1).score(), 50.0, 1e-12);
  r = testing::RunCommand(tourney + " rank " + dir_ + "/" + std::to_string(mqm) +
                          ".tsv --protocol mqm --format json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(r.out, &board).ok()) << r.out;
  ASSERT_EQ(board.entries_size(), 2);
  EXPECT_EQ(board.entries(0).system(), "B");  // fewer error points first
  EXPECT_NEAR(board.entries(0).score(), 0.55, 1e-12);
  EXPECT_EQ(board.entries(1).system(), "A");
  EXPECT_NEAR(board.entries(1).score(), 2.5, 1e-12);
}

}  // namespace
}  // namespace tourney
