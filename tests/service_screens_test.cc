// tourneyd's contrastive scoring campaigns (screen_size >= 2) over HTTP and gRPC: a screen
// of k outputs served with the campaign's texts, submitted once as a unit (an answer for a
// system not on the screen, a missing answer, another annotator and other answers refused;
// a repeat acknowledged), exported with its display order and selection probability, kept
// across a restart, attention checks, and the within-screen board.
#include <google/protobuf/struct.pb.h>
#include <google/protobuf/util/json_util.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "http_client.h"
#include "service_test_util.h"

namespace tourney {
namespace {

using testing::Ctx;
using testing::HttpClient;
using testing::HttpResult;
using testing::kAdminToken;

const char* const kScreenSystems[] = {"A", "B", "C", "D"};

// The output of `system` on segment g: twelve words, so WMT26's check (five words moved)
// applies.
std::string ScreenOutputOf(const std::string& system, int g) {
  return system + " says one two three four five six seven eight nine ten " + std::to_string(g);
}

v1::ScoringCampaignConfig ScreensConfig(const std::string& name, int segments) {
  v1::ScoringCampaignConfig c;
  c.set_name(name);
  c.set_protocol("esa");
  c.set_screen_size(3);
  c.set_assignment("uniform");
  c.set_seed(11);
  c.set_enrolment(v1::ENROLMENT_OPEN);
  for (const char* system : kScreenSystems) {
    for (int g = 0; g < segments; ++g) {
      v1::ScoringRow* row = c.add_rows();
      row->set_system(system);
      row->set_document(g < segments / 2 ? "d1" : "d2");
      row->set_segment("s" + std::to_string(g));
    }
  }
  v1::CampaignContent* content = c.mutable_content();
  for (int g = 0; g < segments; ++g) {
    v1::SegmentContent* seg = content->add_segments();
    seg->set_segment("s" + std::to_string(g));
    seg->set_document(g < segments / 2 ? "d1" : "d2");
    seg->set_source("Quelle " + std::to_string(g));
    for (const char* system : kScreenSystems) {
      v1::SystemOutput* out = seg->add_outputs();
      out->set_system(system);
      out->set_text(ScreenOutputOf(system, g));
    }
  }
  return c;
}

template <class M>
M ScreensFromJson(const std::string& json) {
  M m;
  const auto s = google::protobuf::util::JsonStringToMessage(json, &m);
  EXPECT_TRUE(s.ok()) << s.message() << "\n" << json;
  return m;
}

std::string ScreensErrorStatus(const HttpResult& r) {
  const auto body = ScreensFromJson<google::protobuf::Struct>(r.body);
  if (!body.fields().count("error")) return "";
  return body.fields().at("error").struct_value().fields().at("status").string_value();
}

std::string ScreensErrorMessage(const HttpResult& r) {
  const auto body = ScreensFromJson<google::protobuf::Struct>(r.body);
  if (!body.fields().count("error")) return "";
  return body.fields().at("error").struct_value().fields().at("message").string_value();
}

class ScreensTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = testing::TempDir("screens");
    Start();
  }
  void TearDown() override {
    http_.reset();
    server_.reset();
    std::filesystem::remove_all(dir_);
  }
  void Start() {
    service::ServerOptions options;
    options.limits = limits_;
    options.http_listen = "127.0.0.1:0";
    server_ = std::make_unique<testing::InProcessServer>(dir_ + "/data", options);
    ASSERT_TRUE(server_->ok()) << server_->error();
    http_ = std::make_unique<HttpClient>(server_->server().http_port());
  }
  void Restart() {
    http_.reset();
    server_.reset();
    Start();
  }
  // Creates the campaign; returns its id and keeps its annotator token.
  uint64_t Create(const v1::ScoringCampaignConfig& config) {
    v1::CreateScoringCampaignRequest req;
    *req.mutable_config() = config;
    v1::CreateCampaignResponse resp;
    auto ctx = Ctx(kAdminToken);
    grpc::Status s = server_->stub().CreateScoringCampaign(ctx.get(), req, &resp);
    EXPECT_TRUE(s.ok()) << s.error_message();
    token_ = resp.annotator_token();
    return resp.campaign_id();
  }
  HttpResult Post(uint64_t id, const std::string& verb, const std::string& body,
                  const std::string& token = "") {
    return http_->Request("POST", "/v1/campaigns/" + std::to_string(id) + ":" + verb, body,
                          {{"Authorization", "Bearer " + (token.empty() ? token_ : token)},
                           {"Content-Type", "application/json"}});
  }
  v1::NextScreenResponse Next(uint64_t id, const std::string& annotator) {
    HttpResult r = Post(id, "nextScreen", "{\"annotator\":\"" + annotator + "\"}");
    EXPECT_EQ(r.status, 200) << r.body;
    return ScreensFromJson<v1::NextScreenResponse>(r.body);
  }
  // Answers for `systems` with `scores`, as JSON.
  static std::string Answers(const std::vector<std::string>& systems,
                             const std::vector<double>& scores) {
    std::string out = "[";
    for (size_t i = 0; i < systems.size(); ++i) {
      if (i) out += ",";
      out += "{\"system\":\"" + systems[i] + "\",\"score\":" + std::to_string(scores[i]) + "}";
    }
    return out + "]";
  }
  HttpResult Submit(uint64_t id, const std::string& annotator, const std::string& screen,
                    const std::string& answers) {
    return Post(id, "submitScreen",
                "{\"annotator\":\"" + annotator + "\",\"screenId\":\"" + screen +
                    "\",\"answers\":" + answers + ",\"timeSpentMs\":\"4200\"}");
  }
  std::vector<v1::ExportedScreen> Export(uint64_t id) {
    v1::ExportScreensRequest req;
    req.set_campaign_id(id);
    auto ctx = Ctx(kAdminToken);
    auto reader = server_->stub().ExportScreens(ctx.get(), req);
    std::vector<v1::ExportedScreen> rows;
    v1::ExportedScreen row;
    while (reader->Read(&row)) rows.push_back(row);
    EXPECT_TRUE(reader->Finish().ok());
    return rows;
  }

  std::string dir_;
  std::string token_;
  service::ServiceLimits limits_;
  std::unique_ptr<testing::InProcessServer> server_;
  std::unique_ptr<HttpClient> http_;
};

std::vector<std::string> ScreenNames(const v1::NextScreenResponse& s) {
  std::vector<std::string> out;
  for (const v1::ScreenOutput& o : s.outputs()) out.push_back(o.system());
  return out;
}

TEST_F(ScreensTest, AScreenIsServedSubmittedOnceAndExported) {
  const uint64_t id = Create(ScreensConfig("cesa", 6));
  const v1::NextScreenResponse screen = Next(id, "ann1");
  EXPECT_EQ(screen.screen_id(), "e1-s1");  // the first boot's first screen
  ASSERT_EQ(screen.outputs_size(), 3);
  const int g = std::stoi(screen.segment().substr(1));
  EXPECT_EQ(screen.source(), "Quelle " + std::to_string(g));
  std::vector<std::string> shown = ScreenNames(screen);
  for (const v1::ScreenOutput& o : screen.outputs()) EXPECT_EQ(o.text(), ScreenOutputOf(o.system(), g));
  EXPECT_EQ(screen.protocol(), "esa");
  EXPECT_EQ(screen.score_max(), 100.0);
  std::string off = "A";
  for (const char* s : kScreenSystems) {
    if (std::find(shown.begin(), shown.end(), s) == shown.end()) off = s;
  }
  // An answer for a system not on the screen, named.
  HttpResult r = Submit(id, "ann1", screen.screen_id(),
                        Answers({shown[0], shown[1], off}, {50, 60, 70}));
  EXPECT_EQ(r.status, 400) << r.body;
  EXPECT_EQ(ScreensErrorMessage(r), "answers: system '" + off + "' is not on screen 'e1-s1'");
  // A missing answer, named.
  r = Submit(id, "ann1", screen.screen_id(), Answers({shown[0], shown[2]}, {50, 60}));
  EXPECT_EQ(r.status, 400);
  EXPECT_NE(ScreensErrorMessage(r).find("system '" + shown[1] + "' of screen 'e1-s1' has no answer"),
            std::string::npos)
      << r.body;
  // An ESA span past the end of the output.
  r = Submit(id, "ann1", screen.screen_id(),
             "[{\"system\":\"" + shown[0] + "\",\"score\":40,\"spans\":[{\"start\":0,\"end\":999,"
             "\"severity\":\"minor\"}]},{\"system\":\"" + shown[1] + "\",\"score\":1},"
             "{\"system\":\"" + shown[2] + "\",\"score\":2}]");
  EXPECT_EQ(r.status, 400) << r.body;
  // Another annotator.
  r = Submit(id, "ann2", screen.screen_id(), Answers(shown, {50, 60, 70}));
  EXPECT_EQ(ScreensErrorStatus(r), "FAILED_PRECONDITION") << r.body;
  // Stored once; a repeat gets the same acknowledgment; other scores are refused.
  r = Submit(id, "ann1", screen.screen_id(), Answers({shown[2], shown[0], shown[1]}, {70, 50, 60}));
  ASSERT_EQ(r.status, 200) << r.body;
  const auto ack = ScreensFromJson<v1::SubmitScreenResponse>(r.body);
  EXPECT_EQ(ack.sequence(), 1);
  EXPECT_EQ(ack.screens_done(), 1);
  r = Submit(id, "ann1", screen.screen_id(), Answers(shown, {50, 60, 70}));
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(ScreensFromJson<v1::SubmitScreenResponse>(r.body).committed_unix_ms(), ack.committed_unix_ms());
  r = Submit(id, "ann1", screen.screen_id(), Answers(shown, {50, 60, 71}));
  EXPECT_EQ(r.status, 409) << r.body;
  // The export: display order, the answers in it, the probability 1 / C(4, 3).
  const std::vector<v1::ExportedScreen> rows = Export(id);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].sequence(), 1);
  EXPECT_EQ(rows[0].screen_id(), "e1-s1");
  EXPECT_EQ(std::vector<std::string>(rows[0].display_order().begin(), rows[0].display_order().end()),
            shown);
  EXPECT_DOUBLE_EQ(rows[0].selection_probability(), 0.25);
  EXPECT_EQ(rows[0].assignment(), "uniform");
  EXPECT_EQ(rows[0].time_spent_ms(), 4200);
  ASSERT_EQ(rows[0].answers_size(), 3);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(rows[0].answers(i).system(), shown[i]);
    EXPECT_EQ(rows[0].answers(i).score(), 50 + 10 * i);
  }
  // A campaign of screens answers NextItem with FAILED_PRECONDITION.
  r = Post(id, "nextItem", "{\"annotator\":\"ann1\"}");
  EXPECT_EQ(ScreensErrorStatus(r), "FAILED_PRECONDITION") << r.body;
}

TEST_F(ScreensTest, ScreensSurviveARestartAndOldUnsubmittedScreensAreRefused) {
  const uint64_t id = Create(ScreensConfig("cesa", 6));
  const v1::NextScreenResponse first = Next(id, "ann1");
  ASSERT_EQ(Submit(id, "ann1", first.screen_id(), Answers(ScreenNames(first), {10, 20, 30})).status, 200);
  const v1::NextScreenResponse pending = Next(id, "ann1");
  const std::vector<v1::ExportedScreen> before = Export(id);
  Restart();
  const std::vector<v1::ExportedScreen> after = Export(id);
  ASSERT_EQ(after.size(), 1u);
  EXPECT_EQ(after[0].SerializeAsString(), before[0].SerializeAsString());
  HttpResult r = Submit(id, "ann1", pending.screen_id(), Answers(ScreenNames(pending), {1, 2, 3}));
  EXPECT_EQ(r.status, 404) << r.body;
  const v1::NextScreenResponse fresh = Next(id, "ann1");
  EXPECT_EQ(fresh.screen_id(), "e2-s1");  // a new boot's ids never repeat the old ones
  EXPECT_NE(fresh.segment(), first.segment() + "x");
  ASSERT_EQ(Submit(id, "ann1", fresh.screen_id(), Answers(ScreenNames(fresh), {5, 6, 7})).status, 200);
  EXPECT_EQ(Export(id).size(), 2u);
}

TEST_F(ScreensTest, AttentionChecksShowOneDegradedOutputAndAreScoredApart) {
  v1::ScoringCampaignConfig config = ScreensConfig("checks", 40);
  config.set_attention_rate(0.5);
  const uint64_t id = Create(config);
  int checks = 0, passed = 0;
  std::map<std::string, std::vector<double>> sums;  // board screens: scores per system
  for (int i = 0; i < 24; ++i) {
    const std::string who = "ann" + std::to_string(i % 3);
    const v1::NextScreenResponse s = Next(id, who);
    const int g = std::stoi(s.segment().substr(1));
    int degraded = -1;
    for (int j = 0; j < s.outputs_size(); ++j) {
      if (s.outputs(j).text() != ScreenOutputOf(s.outputs(j).system(), g)) {
        EXPECT_EQ(degraded, -1) << "two degraded outputs on one screen";
        degraded = j;
      }
    }
    std::vector<double> scores = {80, 70, 60};
    if (degraded >= 0) {
      ++checks;
      scores[degraded] = checks % 2 == 0 ? 5.0 : 90.0;  // passes on even checks only
      passed += checks % 2 == 0 ? 1 : 0;
    } else {
      for (int j = 0; j < 3; ++j) sums[s.outputs(j).system()].push_back(scores[j]);
    }
    ASSERT_EQ(Submit(id, who, s.screen_id(), Answers(ScreenNames(s), scores)).status, 200);
  }
  EXPECT_GT(checks, 4);
  EXPECT_LT(checks, 20);
  int exported_checks = 0, exported_passed = 0;
  for (const v1::ExportedScreen& row : Export(id)) {
    if (row.degraded_system().empty()) continue;
    ++exported_checks;
    exported_passed += row.attention_passed() ? 1 : 0;
    EXPECT_NE(row.degraded_text(), "");
  }
  EXPECT_EQ(exported_checks, checks);
  EXPECT_EQ(exported_passed, passed);
  // The board: checks left out, each system's mean by hand.
  v1::GetEstimateRequest req;
  req.set_campaign_id(id);
  v1::GetEstimateResponse est;
  auto ctx = Ctx(kAdminToken);
  ASSERT_TRUE(server_->stub().GetEstimate(ctx.get(), req, &est).ok());
  EXPECT_EQ(est.screen_board().screens(), 24 - checks);
  EXPECT_EQ(est.screen_board().attention_checks(), checks);
  for (const v1::ScreenBoardSystem& s : est.screen_board().systems()) {
    const std::vector<double>& x = sums[s.system()];
    double mean = 0;
    for (double v : x) mean += v / x.size();
    EXPECT_NEAR(s.mean(), mean, 1e-9) << s.system();
    EXPECT_EQ(s.answers(), static_cast<int64_t>(x.size()));
  }
  int64_t annotator_checks = 0;
  for (const v1::ScreenAnnotator& a : est.screen_board().annotators()) {
    annotator_checks += a.attention_checks();
  }
  EXPECT_EQ(annotator_checks, checks);
  for (const v1::SystemScoreEstimate& e : est.systems()) {
    EXPECT_FALSE(e.estimated());  // no per-system interval, never a zero-width one
    EXPECT_EQ(e.lo(), 0.0);
  }
  // An annotator who scores every output alike fails its checks: with k = 3 (chance 1/3)
  // two failed checks take the sequential test to log(0.15) * 2 = -3.79 < -log 19 = -2.94.
  int lazy_checks = 0;
  for (int i = 0; i < 30; ++i) {
    const v1::NextScreenResponse s = Next(id, "lazy");
    ASSERT_EQ(Submit(id, "lazy", s.screen_id(), Answers(ScreenNames(s), {50, 50, 50})).status, 200);
    const int g = std::stoi(s.segment().substr(1));
    for (const v1::ScreenOutput& o : s.outputs()) {
      lazy_checks += o.text() != ScreenOutputOf(o.system(), g) ? 1 : 0;
    }
  }
  ASSERT_GE(lazy_checks, 2);
  HttpResult r = Post(id, "getAnnotatorProgress", "{\"annotator\":\"lazy\"}");
  ASSERT_EQ(r.status, 200) << r.body;
  const auto progress = ScreensFromJson<v1::AnnotatorProgress>(r.body);
  EXPECT_EQ(progress.judgments(), 30);
  EXPECT_EQ(progress.outputs_per_screen(), 3);
  EXPECT_EQ(progress.decision(), "fail");
  EXPECT_EQ(progress.completion_code().substr(0, 2), "F-");
}

TEST_F(ScreensTest, CliCreateExportAndClusterTheExport) {
  // The pinned path: scoring-create --screen-size 3 from a content file, screens over HTTP,
  // scoring-export, then `tourney cluster FILE --protocol cesa --format json`.
  std::string table = "system\tdoc\tseg\tsource\ttarget\n";
  for (int g = 0; g < 20; ++g) {
    for (const char* system : kScreenSystems) {
      table += std::string(system) + "\td\t" + std::to_string(g) + "\tQuelle " +
               std::to_string(g) + "\t" + ScreenOutputOf(system, g) + "\n";
    }
  }
  testing::WriteFile(dir_ + "/texts.tsv", table);
  testing::WriteFile(dir_ + "/admin.token", std::string(kAdminToken) + "\n");
  const std::string connect = " --server 127.0.0.1:" + std::to_string(server_->port()) +
                              " --token-file " + dir_ + "/admin.token";
  const std::string tourney = testing::BinPath("tourney");
  auto r = testing::RunCommand(tourney + " campaign scoring-create" + connect +
                               " --name cli-cesa --content " + dir_ + "/texts.tsv" +
                               " --protocol esa --screen-size 3 --assignment uniform" +
                               " --open-enrolment --token-out " + dir_ + "/ann.token");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  ASSERT_NE(r.out.find("campaign_id "), std::string::npos) << r.out;
  ASSERT_NE(r.out.find("annotator_path /annotate/"), std::string::npos) << r.out;
  const uint64_t id = std::stoull(r.out.substr(r.out.find("campaign_id ") + 12));
  token_ = testing::ReadFile(dir_ + "/ann.token");
  token_.erase(token_.find_last_not_of("\n") + 1);
  // Truth A 90 > B 70 > C 50 > D 30, each score off by +-3 in turn.
  const std::map<std::string, double> truth = {{"A", 90}, {"B", 70}, {"C", 50}, {"D", 30}};
  std::map<std::string, std::pair<double, int>> sums;
  for (int i = 0; i < 60; ++i) {
    const std::string who = "ann" + std::to_string(i % 6);
    const v1::NextScreenResponse screen = Next(id, who);
    std::vector<double> scores;
    for (int j = 0; j < screen.outputs_size(); ++j) {
      const double x = truth.at(screen.outputs(j).system()) + ((i + j) % 2 == 0 ? 3 : -3);
      scores.push_back(x);
      sums[screen.outputs(j).system()].first += x;
      ++sums[screen.outputs(j).system()].second;
    }
    ASSERT_EQ(Submit(id, who, screen.screen_id(), Answers(ScreenNames(screen), scores)).status, 200);
  }
  r = testing::RunCommand(tourney + " campaign scoring-export" + connect + " --campaign " +
                          std::to_string(id) + " --output " + dir_ + "/screens.jsonl");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = testing::RunCommand(tourney + " cluster " + dir_ + "/screens.jsonl --protocol cesa --format json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto board = ScreensFromJson<google::protobuf::Struct>(r.out);
  const auto& entries = board.fields().at("entries").list_value().values();
  ASSERT_EQ(entries.size(), 4u) << r.out;
  int last_cluster = 0;
  for (int i = 0; i < 4; ++i) {
    const auto& e = entries[i].struct_value().fields();
    const std::string system = e.at("system").string_value();
    EXPECT_EQ(system, std::string(kScreenSystems[i]));  // the truth's order
    EXPECT_NEAR(e.at("score").number_value(), sums[system].first / sums[system].second, 1e-9);
    const int cluster = static_cast<int>(e.at("cluster").number_value());
    EXPECT_GE(cluster, last_cluster);
    last_cluster = cluster;
  }
  // 20-point gaps, +-3 noise, about 30 shared screens a pair: every pair separates.
  EXPECT_EQ(last_cluster, 4) << r.out;
}

TEST_F(ScreensTest, TheSharedTokenIsCappedPerClientWhateverTheNames) {
  limits_.max_open_leases_per_client = 3;
  Restart();
  const uint64_t id = Create(ScreensConfig("cap", 6));  // open enrolment: the shared token
  v1::NextScreenResponse held;
  for (int i = 0; i < 3; ++i) held = Next(id, "name" + std::to_string(i));
  HttpResult r = Post(id, "nextScreen", "{\"annotator\":\"name3\"}");
  EXPECT_EQ(r.status, 429) << r.body;
  EXPECT_NE(ScreensErrorMessage(r).find("open screens of this campaign under the shared link"),
            std::string::npos)
      << r.body;
  // A screen stored frees its place.
  ASSERT_EQ(Submit(id, "name2", held.screen_id(), Answers(ScreenNames(held), {1, 2, 3})).status, 200);
  EXPECT_EQ(Post(id, "nextScreen", "{\"annotator\":\"name3\"}").status, 200);
}

TEST_F(ScreensTest, DocumentScreensShowAWholeDocumentAndAreExportedOneLinePerSegment) {
  // Six segments in two documents (s0-s2 in d1, s3-s5 in d2): a screen is a document.
  v1::ScoringCampaignConfig config = ScreensConfig("docs", 6);
  config.set_screen_unit("document");
  const uint64_t id = Create(config);
  const v1::NextScreenResponse screen = Next(id, "ann1");
  ASSERT_EQ(screen.segment_ids_size(), 3);
  const int first = std::stoi(screen.segment_ids(0).substr(1));
  EXPECT_TRUE(first == 0 || first == 3);
  EXPECT_EQ(screen.segment(), screen.segment_ids(0));
  EXPECT_EQ(screen.document(), first == 0 ? "d1" : "d2");
  for (int j = 0; j < 3; ++j) {
    EXPECT_EQ(screen.segment_ids(j), "s" + std::to_string(first + j));
    EXPECT_EQ(screen.sources(j), "Quelle " + std::to_string(first + j));
  }
  ASSERT_EQ(screen.outputs_size(), 3);
  for (const v1::ScreenOutput& o : screen.outputs()) {
    EXPECT_EQ(o.text(), "");
    ASSERT_EQ(o.segments_size(), 3);
    for (int j = 0; j < 3; ++j) EXPECT_EQ(o.segments(j), ScreenOutputOf(o.system(), first + j));
  }
  // Answers per (system, segment): all nine, or the missing one is named with its segment.
  auto answers = [&](int skip) {
    std::string out = "[";
    int n = 0;
    for (int i = 0; i < 3; ++i) {
      for (int j = 0; j < 3; ++j) {
        if (i * 3 + j == skip) continue;
        if (n++) out += ",";
        out += "{\"system\":\"" + screen.outputs(i).system() + "\",\"segment\":\"" +
               screen.segment_ids(j) + "\",\"score\":" + std::to_string(10 * (i + 1) + j) + "}";
      }
    }
    return out + "]";
  };
  HttpResult r = Submit(id, "ann1", screen.screen_id(), answers(8));
  EXPECT_EQ(r.status, 400) << r.body;
  EXPECT_NE(ScreensErrorMessage(r).find("has no answer for segment 's" + std::to_string(first + 2) + "'"),
            std::string::npos)
      << r.body;
  r = Submit(id, "ann1", screen.screen_id(), answers(-1));
  ASSERT_EQ(r.status, 200) << r.body;
  const std::vector<v1::ExportedScreen> rows = Export(id);
  ASSERT_EQ(rows.size(), 1u);
  ASSERT_EQ(rows[0].segments_size(), 3);
  ASSERT_EQ(rows[0].answers_size(), 9);
  EXPECT_EQ(rows[0].answers(5).system(), screen.outputs(1).system());  // system-major
  EXPECT_EQ(rows[0].answers(5).segment(), screen.segment_ids(2));
  EXPECT_EQ(rows[0].answers(5).score(), 22);
  // Kept across a restart.
  Restart();
  ASSERT_EQ(Export(id).size(), 1u);
  EXPECT_EQ(Export(id)[0].SerializeAsString(), rows[0].SerializeAsString());
  // The CLI's export: one line per segment, read back by the cESA reader as one screen.
  testing::WriteFile(dir_ + "/admin.token", std::string(kAdminToken) + "\n");
  const std::string connect = " --server 127.0.0.1:" + std::to_string(server_->port()) +
                              " --token-file " + dir_ + "/admin.token";
  auto cli = testing::RunCommand(testing::BinPath("tourney") + " campaign scoring-export" +
                                 connect + " --campaign " + std::to_string(id) + " --output " +
                                 dir_ + "/doc.jsonl");
  ASSERT_EQ(cli.exit_code, 0) << cli.err;
  const std::string lines = testing::ReadFile(dir_ + "/doc.jsonl");
  EXPECT_EQ(std::count(lines.begin(), lines.end(), '\n'), 3);
  cli = testing::RunCommand(testing::BinPath("tourney") + " cluster " + dir_ +
                            "/doc.jsonl --protocol cesa --format json");
  ASSERT_EQ(cli.exit_code, 0) << cli.err;
  const auto board = ScreensFromJson<google::protobuf::Struct>(cli.out);
  // One observation: the document screen's three segments count once on the board.
  EXPECT_EQ(board.fields().at("judgments").string_value(), "1") << cli.out;
  // The best system (display position 3, scores 30-32) first, its mean 31.
  const auto& top = board.fields().at("entries").list_value().values(0).struct_value().fields();
  EXPECT_EQ(top.at("system").string_value(), screen.outputs(2).system());
  EXPECT_DOUBLE_EQ(top.at("score").number_value(), 31.0);
}

TEST_F(ScreensTest, ConfigurationsThatDoNotFitScreensAreRefused) {
  auto create = [&](const v1::ScoringCampaignConfig& config) {
    v1::CreateScoringCampaignRequest req;
    *req.mutable_config() = config;
    v1::CreateCampaignResponse resp;
    auto ctx = Ctx(kAdminToken);
    return server_->stub().CreateScoringCampaign(ctx.get(), req, &resp);
  };
  v1::ScoringCampaignConfig c = ScreensConfig("bad", 4);
  c.set_screen_size(5);
  grpc::Status s = create(c);
  EXPECT_EQ(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_NE(s.error_message().find("screen_size: 5 outputs per screen, but the campaign has 4"),
            std::string::npos)
      << s.error_message();
  c = ScreensConfig("bad", 4);
  c.set_tolerance(1.0);
  EXPECT_NE(create(c).error_message().find("config.tolerance: does not apply"), std::string::npos);
  c = ScreensConfig("bad", 4);
  c.set_protocol("mqm");
  EXPECT_EQ(create(c).error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  c = ScreensConfig("bad", 4);
  c.set_attention_rate(0.2);
  c.clear_content();
  EXPECT_NE(create(c).error_message().find("attention checks need the campaign's texts"),
            std::string::npos);
  c = ScreensConfig("bad", 4);
  c.set_assignment("dynamic");
  EXPECT_NE(create(c).error_message().find("config.assignment"), std::string::npos);
  c = ScreensConfig("bad", 4);
  c.set_screen_unit("paragraph");
  EXPECT_NE(create(c).error_message().find("config.screen_unit: 'paragraph'"), std::string::npos);
  c = ScreensConfig("bad", 4);
  c.set_screen_size(1);
  EXPECT_NE(create(c).error_message().find(
                "config.assignment: applies to contrastive campaigns only"),
            std::string::npos);
}

}  // namespace
}  // namespace tourney
