// Live quality control over real gRPC: check matches (repeats, control system), their
// outcomes in the export and in GetAnnotatorStats, exclusion of annotators from the
// ratings, and the per-annotator cap; each across a restart.
#include <gtest/gtest.h>

#include <iostream>
#include <map>
#include <set>

#include "service_test_util.h"
#include "tourney/models/trueskill.h"

namespace tourney {
namespace {

using testing::CreateCampaign;
using testing::CreatedCampaign;
using testing::Ctx;
using testing::kAdminToken;
using testing::MakeConfig;
using testing::NextMatch;
using testing::Submit;

class ServiceQuality : public testing::InProcessServerTest {
 protected:
  ServiceQuality() : InProcessServerTest("service_quality") {}

  std::vector<v1::ExportedJudgment> Export(uint64_t id) {
    grpc::Status status;
    std::vector<v1::ExportedJudgment> out = testing::ExportJudgments(stub(), id, &status);
    EXPECT_TRUE(status.ok()) << status.error_message();
    return out;
  }

  std::map<std::string, v1::AnnotatorStats> Stats(uint64_t id) {
    v1::GetAnnotatorStatsRequest req;
    req.set_campaign_id(id);
    v1::AnnotatorStatsResponse resp;
    auto ctx = Ctx(kAdminToken);
    EXPECT_TRUE(stub().GetAnnotatorStats(ctx.get(), req, &resp).ok());
    std::map<std::string, v1::AnnotatorStats> out;
    for (const auto& a : resp.annotators()) out[a.annotator()] = a;
    return out;
  }
  grpc::Status Exclude(uint64_t id, const std::string& annotator, bool include,
                       v1::ExcludeAnnotatorResponse* resp) {
    v1::ExcludeAnnotatorRequest req;
    req.set_campaign_id(id);
    req.set_annotator(annotator);
    req.set_include(include);
    auto ctx = Ctx(kAdminToken);
    return stub().ExcludeAnnotator(ctx.get(), req, resp);
  }

};

int Id(const std::string& system) { return std::stoi(system.substr(1)); }

// Ranks by hidden quality: system sN has quality N (or -N when `reversed`); best is rank 1.
std::vector<uint32_t> RanksByQuality(const google::protobuf::RepeatedPtrField<std::string>& s,
                                     bool reversed) {
  std::vector<uint32_t> ranks;
  for (const std::string& a : s) {
    uint32_t rank = 1;
    for (const std::string& b : s) rank += (reversed ? Id(b) < Id(a) : Id(b) > Id(a)) ? 1 : 0;
    ranks.push_back(rank);
  }
  return ranks;
}

// Expected Wins (WMT13) from a tally of decisive wins: the mean over the other systems of
// wins / (wins + losses), 0 where they never met decisively.
double ExpectedWins(const std::map<std::pair<int, int>, int64_t>& wins, int i, int n) {
  double sum = 0;
  for (int j = 0; j < n; ++j) {
    if (j == i) continue;
    auto w = wins.count({i, j}) ? wins.at({i, j}) : 0;
    auto l = wins.count({j, i}) ? wins.at({j, i}) : 0;
    if (w + l > 0) sum += static_cast<double>(w) / static_cast<double>(w + l);
  }
  return sum / (n - 1);
}

TEST_F(ServiceQuality, ChecksAreServedScoredAndReported) {
  v1::CampaignConfig config = MakeConfig("qc", 4, 200, 2);
  config.mutable_quality_control()->set_check_fraction(0.5);
  config.mutable_quality_control()->set_control_system("s0");
  const CreatedCampaign c = CreateCampaign(stub(), config);
  // "good" ranks by quality (s0, the control, is always last); "contrary" ranks the other
  // way round (the control first). Both are consistent, so their repeats agree.
  for (int i = 0; i < 40; ++i) {
    for (const std::string annotator : {"good", "contrary"}) {
      v1::NextMatchResponse m;
      ASSERT_TRUE(NextMatch(stub(), c, annotator, &m).ok());
      v1::SubmitJudgmentResponse ack;
      ASSERT_TRUE(Submit(stub(), c, m.match_id(), annotator,
                         RanksByQuality(m.systems(), annotator == std::string("contrary")), "",
                         &ack)
                      .ok());
    }
  }
  auto check_export = [&](const std::vector<v1::ExportedJudgment>& rows) {
    std::map<std::string, int64_t> passed, failed, repeats, controls;
    std::map<std::string, double> seconds;
    std::map<std::string, std::vector<const v1::ExportedJudgment*>> seen;
    for (const v1::ExportedJudgment& e : rows) {
      const v1::Ranking& r = e.ranking();
      const std::string& who = r.annotator();
      seconds[who] += (e.committed_unix_ms() - e.leased_unix_ms()) / 1000.0;
      if (e.check() == v1::QUALITY_CHECK_REPEAT) {
        ++repeats[who];
        // An earlier ordinary item of the same annotator: same segment and systems, shown
        // in a new order (with two entries: swapped).
        const v1::ExportedJudgment* original = nullptr;
        for (const v1::ExportedJudgment* o : seen[who]) {
          if (o->ranking().segment() == r.segment() && o->ranking().systems(0) == r.systems(1) &&
              o->ranking().systems(1) == r.systems(0) && o->check() == v1::QUALITY_CHECK_NONE) {
            original = o;
          }
        }
        ASSERT_NE(original, nullptr) << "repeat " << e.sequence() << " repeats nothing";
        // Two entries: passes unless the decided order of the two systems flipped.
        const int before = static_cast<int>(original->ranking().ranks(1)) -
                           static_cast<int>(original->ranking().ranks(0));
        const int now = static_cast<int>(r.ranks(0)) - static_cast<int>(r.ranks(1));
        const bool pass = !(before < 0 && now > 0) && !(before > 0 && now < 0);
        EXPECT_EQ(e.check_passed(), pass) << e.sequence();
      } else if (e.check() == v1::QUALITY_CHECK_CONTROL) {
        ++controls[who];
        const int at = r.systems(0) == "s0" ? 0 : r.systems(1) == "s0" ? 1 : -1;
        ASSERT_NE(at, -1) << "control match " << e.sequence() << " without the control";
        EXPECT_EQ(e.check_passed(), r.ranks(at) > r.ranks(1 - at)) << e.sequence();
      }
      if (e.check() != v1::QUALITY_CHECK_NONE) ++(e.check_passed() ? passed : failed)[who];
      seen[who].push_back(&e);
    }
    // Half of the 40 matches are checks in expectation; both kinds occur.
    for (const std::string who : {"good", "contrary"}) {
      EXPECT_GE(repeats[who] + controls[who], 10) << who;
      EXPECT_LE(repeats[who] + controls[who], 30) << who;
      EXPECT_GT(repeats[who], 0) << who;
      EXPECT_GT(controls[who], 0) << who;
    }
    // good passes everything; contrary fails exactly its control matches.
    EXPECT_EQ(failed["good"], 0);
    EXPECT_EQ(failed["contrary"], controls["contrary"]);
    EXPECT_EQ(passed["contrary"], repeats["contrary"]);

    const auto stats = Stats(c.id);
    ASSERT_EQ(stats.size(), 2u);
    for (const std::string who : {"good", "contrary"}) {
      const v1::AnnotatorStats& a = stats.at(who);
      EXPECT_EQ(a.judgments(), 40);
      EXPECT_EQ(a.checks_passed(), passed[who]);
      EXPECT_EQ(a.checks_failed(), failed[who]);
      ASSERT_TRUE(a.has_pass_rate());
      EXPECT_DOUBLE_EQ(a.pass_rate(), static_cast<double>(passed[who]) /
                                          static_cast<double>(passed[who] + failed[who]));
      // Repeats always agree and never tie: pA = 1, P(tie) = 0 so pE = 1/2, kappa = 1.
      ASSERT_TRUE(a.has_intra_kappa());
      EXPECT_DOUBLE_EQ(a.intra_kappa(), 1.0);
      EXPECT_GE(a.intra_pairs(), repeats[who]);
      EXPECT_EQ(a.timed_judgments(), 40);
      ASSERT_TRUE(a.has_mean_seconds_per_judgment());
      EXPECT_NEAR(a.mean_seconds_per_judgment(), seconds[who] / 40, 1e-9);
      EXPECT_FALSE(a.excluded());
      // The decision, worked out from the export: "good" passes every two-way control
      // check (x1.8 each; six reach 19 > 1.8^5 = 18.9), "contrary" fails every one (x0.2
      // each; two reach 1/25 < 1/19).
      EXPECT_EQ(a.control_checks(), controls[who]);
      EXPECT_EQ(a.control_passed(), who == std::string("good") ? controls[who] : 0);
      const bool good = who == std::string("good");
      const int64_t needed = good ? 6 : 2;
      EXPECT_EQ(a.decision(), controls[who] >= needed ? (good ? "pass" : "fail") : "undecided");
      EXPECT_EQ(a.decided_after(), controls[who] >= needed ? needed : 0);
      ASSERT_EQ(a.completion_code().size(), 10u);
      EXPECT_EQ(a.completion_code()[0], a.decision()[0] - 'a' + 'A');
      // The annotator reads the same decision and code for itself.
      v1::GetAnnotatorProgressRequest preq;
      preq.set_campaign_id(c.id);
      preq.set_annotator(who);
      v1::AnnotatorProgress progress;
      auto ctx = Ctx(c.token);
      ASSERT_TRUE(stub().GetAnnotatorProgress(ctx.get(), preq, &progress).ok());
      EXPECT_EQ(progress.judgments(), 40);
      EXPECT_EQ(progress.decision(), a.decision());
      EXPECT_EQ(progress.completion_code(), a.completion_code());
      EXPECT_FALSE(progress.done());  // no cap, campaign open
    }
    EXPECT_NE(stats.at("good").completion_code(), stats.at("contrary").completion_code());
  };
  const auto rows = Export(c.id);
  ASSERT_EQ(rows.size(), 80u);
  check_export(rows);
  // The check records are stored: the same after a restart, and repeats still work.
  Restart();
  const auto again = Export(c.id);
  ASSERT_EQ(again.size(), rows.size());
  for (size_t i = 0; i < rows.size(); ++i) {
    EXPECT_EQ(again[i].check(), rows[i].check()) << i;
    EXPECT_EQ(again[i].check_passed(), rows[i].check_passed()) << i;
  }
  check_export(again);
}

TEST_F(ServiceQuality, RepeatIsServedInANewOrderSoPositionalAnswersFailIt) {
  // Repeats only (no control system), three-way matches, three seeds. "clicker" answers
  // 1, 2, 3 by position every time; "reader" ranks by the systems' hidden quality.
  for (const uint64_t seed : {7, 8, 9}) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    v1::CampaignConfig config = MakeConfig("qc-order-" + std::to_string(seed), 6, 200, 3);
    config.set_seed(seed);
    config.mutable_quality_control()->set_check_fraction(0.5);
    const CreatedCampaign c = CreateCampaign(stub(), config);
    for (int i = 0; i < 30; ++i) {
      for (const std::string annotator : {"clicker", "reader"}) {
        v1::NextMatchResponse m;
        ASSERT_TRUE(NextMatch(stub(), c, annotator, &m).ok());
        const std::vector<uint32_t> ranks = annotator == std::string("clicker")
                                                ? std::vector<uint32_t>{1, 2, 3}
                                                : RanksByQuality(m.systems(), false);
        v1::SubmitJudgmentResponse ack;
        ASSERT_TRUE(Submit(stub(), c, m.match_id(), annotator, ranks, "", &ack).ok());
      }
    }
    // From the export, by hand: each repeat against its original, system by system.
    std::map<std::string, int64_t> repeats, failed, pairs, agreeing;
    std::map<std::string, std::vector<const v1::ExportedJudgment*>> seen;
    const auto rows = Export(c.id);
    for (const v1::ExportedJudgment& e : rows) {
      const v1::Ranking& r = e.ranking();
      const std::string& who = r.annotator();
      if (e.check() == v1::QUALITY_CHECK_REPEAT) {
        ++repeats[who];
        failed[who] += e.check_passed() ? 0 : 1;
        const v1::ExportedJudgment* original = nullptr;
        for (const v1::ExportedJudgment* o : seen[who]) {
          if (o->ranking().segment() == r.segment()) original = o;
        }
        ASSERT_NE(original, nullptr) << "repeat " << e.sequence() << " repeats nothing";
        const v1::Ranking& first = original->ranking();
        std::map<std::string, uint32_t> first_rank, now_rank;
        for (int i = 0; i < 3; ++i) {
          first_rank[first.systems(i)] = first.ranks(i);
          now_rank[r.systems(i)] = r.ranks(i);
        }
        ASSERT_EQ(first_rank.size(), 3u);
        for (const auto& [system, rank] : first_rank) ASSERT_EQ(now_rank.count(system), 1u);
        // Same systems, never the same display order.
        EXPECT_FALSE(first.systems(0) == r.systems(0) && first.systems(1) == r.systems(1) &&
                     first.systems(2) == r.systems(2))
            << "repeat " << e.sequence() << " is shown in its first order";
        // Labels per pair of systems (no ties here): agreement of the two judgments.
        bool reversed = false;
        for (int i = 0; i < 3; ++i) {
          for (int j = i + 1; j < 3; ++j) {
            const std::string& a = first.systems(i);
            const std::string& b = first.systems(j);
            const bool same = (first_rank[a] < first_rank[b]) == (now_rank[a] < now_rank[b]);
            ++pairs[who];
            agreeing[who] += same ? 1 : 0;
            reversed = reversed || !same;
          }
        }
        EXPECT_EQ(e.check_passed(), !reversed) << e.sequence();
      }
      seen[who].push_back(&e);
    }
    ASSERT_GT(repeats["clicker"], 0);
    ASSERT_GT(repeats["reader"], 0);
    // A non-identity order of three strict positions reverses at least one pair: the clicker
    // fails every repeat, the reader none.
    EXPECT_EQ(failed["clicker"], repeats["clicker"]);
    EXPECT_EQ(failed["reader"], 0);
    const auto stats = Stats(c.id);
    for (const std::string who : {"clicker", "reader"}) {
      const v1::AnnotatorStats& a = stats.at(who);
      EXPECT_EQ(a.checks_failed(), failed[who]) << who;
      // No ties: P(tie) = 0, pE = 1/2, kappa = (pA - 1/2) / (1/2) = 2 pA - 1.
      ASSERT_TRUE(a.has_intra_kappa()) << who;
      EXPECT_EQ(a.intra_pairs(), pairs[who]) << who;
      const double pa = static_cast<double>(agreeing[who]) / static_cast<double>(pairs[who]);
      EXPECT_NEAR(a.intra_kappa(), 2 * pa - 1, 1e-12) << who;
    }
    EXPECT_LT(stats.at("clicker").intra_kappa(), 1.0);
    EXPECT_DOUBLE_EQ(stats.at("reader").intra_kappa(), 1.0);
    std::cout << "seed " << seed << ": clicker " << repeats["clicker"] << " repeats, "
              << failed["clicker"] << " failed, intra-kappa " << stats.at("clicker").intra_kappa()
              << "; reader " << repeats["reader"] << " repeats, " << failed["reader"]
              << " failed, intra-kappa " << stats.at("reader").intra_kappa() << "\n";
  }
}

TEST_F(ServiceQuality, RejectsQualityControlOutOfRange) {
  v1::CampaignConfig config = MakeConfig("bad-qc", 4, 10, 2);
  config.mutable_quality_control()->set_check_fraction(0.6);
  v1::CreateCampaignRequest req;
  *req.mutable_config() = config;
  v1::CreateCampaignResponse resp;
  auto ctx = Ctx(kAdminToken);
  EXPECT_EQ(stub().CreateCampaign(ctx.get(), req, &resp).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
  req.mutable_config()->mutable_quality_control()->set_check_fraction(0.1);
  req.mutable_config()->mutable_quality_control()->set_control_system("BAD-ref");
  auto ctx2 = Ctx(kAdminToken);
  EXPECT_EQ(stub().CreateCampaign(ctx2.get(), req, &resp).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
}

TEST_F(ServiceQuality, ExcludedAnnotatorLeavesTheRatingsDurablyAndComesBack) {
  const int kSystems = 4;
  const CreatedCampaign c = CreateCampaign(stub(), MakeConfig("exclude", kSystems, 100, 2));
  std::map<std::pair<int, int>, int64_t> good_wins, all_wins;
  // good's judgments in commit order: (winner, loser) by sequence.
  std::map<int64_t, std::pair<int, int>> good_games;
  for (int i = 0; i < 30; ++i) {
    for (const std::string annotator : {"good", "spammer"}) {
      v1::NextMatchResponse m;
      ASSERT_TRUE(NextMatch(stub(), c, annotator, &m).ok());
      const auto ranks = RanksByQuality(m.systems(), annotator == std::string("spammer"));
      v1::SubmitJudgmentResponse ack;
      ASSERT_TRUE(Submit(stub(), c, m.match_id(), annotator, ranks, "", &ack).ok());
      const int winner = ranks[0] < ranks[1] ? Id(m.systems(0)) : Id(m.systems(1));
      const int loser = ranks[0] < ranks[1] ? Id(m.systems(1)) : Id(m.systems(0));
      ++all_wins[{winner, loser}];
      if (annotator == std::string("good")) {
        ++good_wins[{winner, loser}];
        good_games[ack.sequence()] = {winner, loser};
      }
    }
  }
  auto expect_board = [&](const std::map<std::pair<int, int>, int64_t>& wins, int64_t rankings) {
    v1::Leaderboard board;
    ASSERT_TRUE(testing::Leaderboard(stub(), c.id, "expected-wins", &board).ok());
    EXPECT_EQ(board.rankings(), rankings);
    ASSERT_EQ(board.entries_size(), kSystems);
    for (const v1::LeaderboardEntry& e : board.entries()) {
      EXPECT_NEAR(e.score(), ExpectedWins(wins, Id(e.system()), kSystems), 1e-12) << e.system();
    }
    v1::PairCountsMatrix counts;
    ASSERT_TRUE(testing::PairCounts(stub(), c.id, &counts).ok());
    EXPECT_EQ(counts.rankings(), rankings);
  };
  expect_board(all_wins, 60);

  v1::ExcludeAnnotatorResponse resp;
  ASSERT_TRUE(Exclude(c.id, "spammer", false, &resp).ok());
  ASSERT_EQ(resp.excluded_annotators_size(), 1);
  EXPECT_EQ(resp.excluded_annotators(0), "spammer");
  EXPECT_EQ(resp.rated_judgments(), 30);
  expect_board(good_wins, 30);
  // The live TrueSkill ratings are those of good's games alone, in commit order, from the
  // default prior: the two-player update of each (winner, loser).
  auto env = TrueSkill::Create(TrueSkillOptions());
  ASSERT_TRUE(env.ok());
  std::vector<Rating> expected(kSystems, env->InitialRating());
  for (const auto& [seq, game] : good_games) {
    env->Rate(Outcome::kFirstWins, &expected[game.first], &expected[game.second]);
  }
  auto expect_live = [&] {
    v1::Leaderboard live;
    ASSERT_TRUE(testing::Leaderboard(stub(), c.id, "", &live).ok());
    EXPECT_EQ(live.rankings(), 30);
    for (const v1::LeaderboardEntry& e : live.entries()) {
      EXPECT_EQ(e.mu(), expected[Id(e.system())].mu) << e.system();
      EXPECT_EQ(e.sigma(), expected[Id(e.system())].sigma) << e.system();
    }
  };
  expect_live();
  // Nothing deleted: the export holds all 60, the spammer's marked.
  auto rows = Export(c.id);
  ASSERT_EQ(rows.size(), 60u);
  for (const auto& e : rows) {
    EXPECT_EQ(e.excluded(), e.ranking().annotator() == "spammer") << e.sequence();
  }
  // New judgments of an excluded annotator are stored, not rated.
  v1::NextMatchResponse m;
  ASSERT_TRUE(NextMatch(stub(), c, "spammer", &m).ok());
  v1::SubmitJudgmentResponse ack;
  ASSERT_TRUE(Submit(stub(), c, m.match_id(), "spammer", {1, 2}, "", &ack).ok());
  EXPECT_EQ(ack.sequence(), 61);
  expect_board(good_wins, 30);
  EXPECT_TRUE(Stats(c.id).at("spammer").excluded());
  EXPECT_EQ(Stats(c.id).at("spammer").judgments(), 31);

  // Durable: replayed after a restart.
  Restart();
  expect_board(good_wins, 30);
  expect_live();
  // Included again: every judgment rated.
  ASSERT_TRUE(Exclude(c.id, "spammer", true, &resp).ok());
  EXPECT_EQ(resp.excluded_annotators_size(), 0);
  EXPECT_EQ(resp.rated_judgments(), 61);
  const int winner = Id(m.systems(0)), loser = Id(m.systems(1));  // ranks {1, 2}
  ++all_wins[{winner, loser}];
  expect_board(all_wins, 61);
  Restart();
  expect_board(all_wins, 61);
  EXPECT_EQ(Exclude(c.id, "", false, &resp).error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  // Excluding an annotator with no judgments in the campaign is an error, as offline; it
  // used to succeed and change nothing. Including one that is not excluded stays a no-op.
  const grpc::Status unknown = Exclude(c.id, "nobody", false, &resp);
  EXPECT_EQ(unknown.error_code(), grpc::StatusCode::NOT_FOUND);
  EXPECT_EQ(unknown.error_message(),
            "annotator 'nobody' has no judgments in campaign " + std::to_string(c.id));
  ASSERT_TRUE(Exclude(c.id, "nobody", true, &resp).ok());
  EXPECT_EQ(resp.excluded_annotators_size(), 0);
  expect_board(all_wins, 61);
  // A closed campaign can still leave an annotator out of its final board.
  v1::CloseCampaignRequest close;
  close.set_campaign_id(c.id);
  v1::CampaignInfo info;
  auto close_ctx = Ctx(kAdminToken);
  ASSERT_TRUE(stub().CloseCampaign(close_ctx.get(), close, &info).ok());
  ASSERT_TRUE(Exclude(c.id, "spammer", false, &resp).ok());
  expect_board(good_wins, 30);
}

TEST_F(ServiceQuality, CapOnJudgmentsPerAnnotator) {
  v1::CampaignConfig config = MakeConfig("cap", 4, 50, 2);
  config.mutable_quality_control()->set_max_judgments_per_annotator(3);
  const CreatedCampaign c = CreateCampaign(stub(), config);
  // Two judged and one held: the cap of 3 is reached.
  for (int i = 0; i < 2; ++i) {
    v1::NextMatchResponse m;
    ASSERT_TRUE(NextMatch(stub(), c, "capped", &m).ok());
    v1::SubmitJudgmentResponse ack;
    ASSERT_TRUE(Submit(stub(), c, m.match_id(), "capped", {1, 2}, "", &ack).ok());
  }
  v1::NextMatchResponse held;
  ASSERT_TRUE(NextMatch(stub(), c, "capped", &held).ok());
  v1::NextMatchResponse m;
  EXPECT_EQ(NextMatch(stub(), c, "capped", &m).error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED);
  EXPECT_TRUE(NextMatch(stub(), c, "other", &m).ok());
  v1::SubmitJudgmentResponse ack;
  ASSERT_TRUE(Submit(stub(), c, held.match_id(), "capped", {2, 1}, "", &ack).ok());
  EXPECT_EQ(NextMatch(stub(), c, "capped", &m).error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED);
  Restart();  // the count is rebuilt from the stored judgments
  EXPECT_EQ(NextMatch(stub(), c, "capped", &m).error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED);
  // Progress: three of three, done; "other" has nothing committed yet and no code.
  auto progress = [&](const std::string& who, v1::AnnotatorProgress* p) {
    v1::GetAnnotatorProgressRequest req;
    req.set_campaign_id(c.id);
    req.set_annotator(who);
    auto ctx = Ctx(c.token);
    return stub().GetAnnotatorProgress(ctx.get(), req, p);
  };
  v1::AnnotatorProgress p;
  ASSERT_TRUE(progress("capped", &p).ok());
  EXPECT_EQ(p.judgments(), 3);
  EXPECT_EQ(p.max_judgments(), 3);
  EXPECT_TRUE(p.done());
  EXPECT_EQ(p.decision(), "undecided");  // no control checks
  EXPECT_EQ(p.completion_code().substr(0, 2), "U-");
  v1::AnnotatorProgress other;
  ASSERT_TRUE(progress("other", &other).ok());
  EXPECT_EQ(other.judgments(), 0);
  EXPECT_FALSE(other.done());
  EXPECT_EQ(other.completion_code(), "");
  v1::AnnotatorProgress bad;
  EXPECT_EQ(progress("no spaces allowed", &bad).error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  v1::GetAnnotatorProgressRequest unknown;
  unknown.set_campaign_id(c.id + 1000);
  unknown.set_annotator("x");
  auto ctx = Ctx(kAdminToken);
  EXPECT_EQ(stub().GetAnnotatorProgress(ctx.get(), unknown, &bad).error_code(),
            grpc::StatusCode::NOT_FOUND);
}

}  // namespace
}  // namespace tourney
